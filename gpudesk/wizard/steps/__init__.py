"""The wizard's steps as records, in the order of :data:`gpudesk.vocabulary.steps.WIZARD_STEP`.

Each step lives in the module named by its key (``gpudesk/wizard/steps/host.py`` declares ``STEP``). Everything
that enumerates steps — the step list, menus and shortcuts, the saved last step, the pages, the guide, the step
status and the tests — iterates :data:`STEPS`. The Qt pages are thin views over these; navigation and status are
tested without Qt.
"""

from __future__ import annotations

from importlib import import_module

from gpudesk.vocabulary.steps import WIZARD_STEP
from gpudesk.wizard.step_record import FieldRow, Step

__all__ = ["STEPS", "FieldRow", "Step", "by_number", "step"]


def _load(key: str) -> Step:
    record = import_module(f"{__name__}.{key}").STEP
    if not isinstance(record, Step) or record.key != key:
        raise TypeError(f"gpudesk/wizard/steps/{key}.py must declare STEP = Step(key={key!r}, ...)")
    return record


STEPS: tuple[Step, ...] = tuple(_load(key) for key in WIZARD_STEP.codes)
_BY_KEY = {s.key: s for s in STEPS}


def step(key: str) -> Step:
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no step {key!r}; steps are {', '.join(_BY_KEY)}") from None


def by_number(number: int) -> Step:
    """The step at position ``number`` (1-based)."""
    if not 1 <= number <= len(STEPS):
        raise KeyError(f"no step {number}; steps are 1–{len(STEPS)}")
    return STEPS[number - 1]
