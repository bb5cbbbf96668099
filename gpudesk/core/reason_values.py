"""Values a :class:`~gpudesk.core.candidates.Reason` may hold besides plain numbers, so a sentence is never
finished in the core: the report words each in the reader's language (``gpudesk.report.check_text.reason_text``).

* :class:`Money`: an amount in a currency, shown as that language shows money (万元 in Chinese); NaN is unpriced.
* :class:`Quantity`: a figure's value in its unit, worded as the figure tables word it (万 in Chinese).
* :class:`Word`: a vocabulary code (``gpudesk.vocabulary``), named in the reader's language.
* :class:`Joined`: several reasons or words in one place of a sentence (a configuration's parts, a list).
* a nested :class:`~gpudesk.core.candidates.Reason`: worded first, then put in its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Money:
    """An amount of ``currency``; NaN when the catalog has no price (worded 'unpriced', never 0). ``awaiting``: the
    cost lines awaiting a quote the amount leaves out, worded beside it as every total is ('+ 4 项待询价')."""

    amount: float
    currency: str
    awaiting: int = 0


@dataclass(frozen=True)
class Quantity:
    """``value`` in ``unit`` (a figure's unit, e.g. "samples/s/GPU"): shown as the step pages show that figure, a
    large count in 万/亿 in Chinese ("1,341 万样本/秒/GPU", not "每卡 13,410,000 项/秒") and in the reader's unit."""

    value: float
    unit: str


@dataclass(frozen=True)
class Word:
    """Code ``code`` of vocabulary ``vocabulary`` (binding | percentile | recompute) by its name, or by another of its
    words (``form``: ``dropped``, how a count of points dropped for it reads)."""

    vocabulary: str
    code: str
    form: str = "name"


@dataclass(frozen=True)
class Joined:
    """Reasons or words shown together: ``parts`` of one configuration (' · ') or a ``list`` (', ' / '，')."""

    items: tuple[Any, ...]
    separator: str = "parts"
