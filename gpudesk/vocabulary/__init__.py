"""Vocabularies declared once: every categorical value a plan or a result can hold, with its zh and en names.

The project model takes its choices from here, the core its classifications (which delivery modes own
hardware, which workload kinds train), and the UI, charts, checks and proposal their wording. A new code
is added in one place. Qt-free, imports nothing else of gpudesk.
"""

from gpudesk.vocabulary.terms import Term, Vocabulary

__all__ = ["Term", "Vocabulary"]
