"""What one figure's explanation says: its value, unit, formula and the inputs behind it, at one candidate
(:class:`Explanation`, made by ``FigureSet.explain`` in core/explain.py), and how a number is written in it. The UI,
the CLI and the proposal all show it the same way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.terms import Term, Vocabulary


def _worded(self: Quantity | Explanation, lang: str) -> str | None:
    """A categorical value named in ``lang`` (from the figure's own vocabulary); None for a number."""
    return None if self.vocabulary is None else self.vocabulary.name_of(str(self.value), lang)


@dataclass(frozen=True)
class Quantity:
    """One input behind a figure, at the candidate being explained."""

    key: str
    label: str
    value: float | str
    unit: str
    source: str
    vocabulary: Vocabulary[Term] | None = field(default=None, compare=False, repr=False)
    series: tuple[float, ...] = ()  # a figure over the months of a phase: every month's value (``value`` the first)
    over: str = ""  # what ``series`` runs over (``explain.SERIES_OVER``)

    worded = _worded

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "unit": self.unit,
            "source": self.source,
        }


@dataclass(frozen=True)
class Explanation:
    """A figure, its formula and every input behind it."""

    key: str
    label: str
    value: float | str
    unit: str
    formula: str
    inputs: tuple[Quantity, ...] = ()
    source: str = ""
    note: str = ""
    vocabulary: Vocabulary[Term] | None = field(default=None, compare=False, repr=False)
    awaiting: tuple[str, ...] = ()  # a money figure's cost lines without a price, left out of its value
    series: tuple[float, ...] = ()  # a figure over the months of a phase: every month's value (``value`` the first)
    over: str = ""  # what ``series`` runs over (``explain.SERIES_OVER``)

    worded = _worded

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "unit": self.unit,
            "formula": self.formula,
            "source": self.source,
            "note": self.note,
            "inputs": [q.to_dict() for q in self.inputs],
            "awaiting_quotes": list(self.awaiting),
        }

    def to_text(self, worded: Callable[[str], str] | None = None) -> str:
        """The explanation as lines of text; ``worded`` words each source for a reader (the CLI's
        ``report.source_words``, as the Explain panel), else the core's source strings as they are."""
        worded = worded or (lambda source: source)
        shown = f"{format_value(self.value)} {self.unit}".rstrip()
        if self.awaiting:
            shown += f" + {counted(len(self.awaiting), 'cost line')} awaiting a quote"
        lines = [f"{self.label} = {shown}"]
        if self.series:  # "value" is month 1: every month, and whether they are a running total
            months = ", ".join(format_value(v) for v in self.series)
            lines.append(f"  {'running total' if self.over == 'month_total' else 'value'} by month: {months}")
        if self.formula:
            lines.append(f"  formula: {self.formula}")
        if self.source:
            lines.append(f"  source: {worded(self.source)}")
        for q in self.inputs:
            unit = f" {q.unit}" if q.unit else ""
            lines.append(f"  {q.key} ({q.label}) = {format_value(q.value)}{unit}  [{worded(q.source)}]")
        if self.awaiting:
            lines.append(f"  leaves out {counted(len(self.awaiting), 'cost line')} awaiting a quote: {'; '.join(self.awaiting)}")
        if self.note:
            lines.append(f"  note: {self.note}")
        return "\n".join(lines)


def format_value(value: float | str) -> str:
    if isinstance(value, str):
        return value
    if value != value:  # NaN
        return "n/a"
    magnitude = abs(value)
    if magnitude == 0 or 1e-3 <= magnitude < 1000:
        return f"{value:,.4g}"
    if 1000 <= magnitude < 1e15:
        return f"{value:,.0f}"
    return f"{value:.4g}"
