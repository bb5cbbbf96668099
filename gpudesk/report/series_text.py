"""A figure over the months of a phase (``explain.SERIES_OVER``) as a reader is told it: its value by its basis, never
its first month alone.

The Explain panel read a cumulative cost by its first month (179,965 CNY where the 3-month total is 539,896) and an
owned phase's cost per month by month 1, its purchase (35,357,703 CNY/month beside 355,777 every month after). Every
surface that shows such a figure reads :func:`series_value` for the value and :func:`series_basis` for the words
saying what it is: a running total at its last month, a value that is the same every month, or the range.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gpudesk.report.text_catalog import ReportText

Shown = Callable[[float], tuple[str, str]]
"""A number as the surface shows it: ``(text, unit)`` in the reader's units (``display_value`` and the unit names)."""

SAME = 1e-9
"""Relative difference under which two months' values are the same value."""


def _same(values: Sequence[float]) -> bool:
    low, high = min(values), max(values)
    return high - low <= SAME * max(abs(high), abs(low), 1.0)


def series_value(values: Sequence[float], over: str, shown: Shown) -> tuple[str, str]:
    """``(text, unit)`` of a month series: a running total at its last month, a value the same every month as that
    value, else the range 'low–high' (one unit where both read in it)."""
    if not values:
        return shown(float("nan"))
    if over == "month_total" or _same(values):
        return shown(values[-1])
    (low, low_unit), (high, high_unit) = shown(min(values)), shown(max(values))
    return (f"{low}–{high}", high_unit) if low_unit == high_unit else (f"{low} {low_unit} – {high}", high_unit)


def series_basis(values: Sequence[float], over: str, shown: Shown, total: Shown | None, lang: str) -> str:
    """What the value of a month series is, in ``lang``: 'the running total after 3 months (month 1: …)', 'the same
    every month, 3 months; 3 months together: 539,896 CNY', 'the lowest and highest month of 12 (month 1: …)'.
    ``total``: how the months' sum reads, for an amount per month (a cost), whose months add up; None for a
    multiplier or a count per month."""
    text = ReportText(lang)
    months = len(values)
    if not values:
        return ""
    first = " ".join(shown(values[0])).strip()
    if over == "month_total":
        return text.get("series.running_total", months=months, first=first)
    said = text.get("series.every_month", months=months) if _same(values) else \
        text.get("series.by_month", months=months, first=first)
    return said + (text.get("series.total", months=months, total=" ".join(total(sum(values))).strip()) if total else "")


def per_month_total_unit(unit: str) -> str:
    """The unit of a per-month amount's total ('CNY/month' -> 'CNY'); "" for a unit not per month."""
    amount, slash, per = unit.rpartition("/")
    return amount if slash and per == "month" else ""
