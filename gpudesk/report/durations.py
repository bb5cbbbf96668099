"""Durations in days written in the unit that reads best, for the time axes of the window's and the printed charts.

A time to train spans seconds to months on one trade-off chart (a 1,024-GPU point next to a 1-GPU one); ticks in
days then read ``0.001`` or ``0``. Each tick instead carries its own unit: ``23 s``, ``14 min``, ``1.8 h``,
``1.7 days`` (``23 秒``, ``14 分钟``, ``1.8 小时``, ``1.7 天``), and the axis title names no unit.
"""

from __future__ import annotations

import math

from gpudesk.report.chart_text import unit_text
from gpudesk.report.number_format import TIME_UNITS

DURATION_AXES = ("days",)
"""x units whose ticks read as durations."""
DURATION_UNITS = tuple((seconds / 86400.0, unit) for unit, seconds in TIME_UNITS if seconds >= 1.0)
"""A duration in days is labelled in the largest of these units it reaches (size in days, unit-table key): the one
time rule (number_format.TIME_UNITS), down to seconds on an axis."""
DURATION_TICKS = tuple(n * size for size, steps in ((1.0 / 86400.0, (1, 10)), (1.0 / 1440.0, (1, 10)),
                                                      (1.0 / 24.0, (1, 6)), (1.0, (1, 10, 100, 1000)))
                       for n in steps)
"""Round durations for a log time axis (in days): 1 s, 10 s, 1 min, 10 min, 1 h, 6 h, 1, 10, 100, 1,000 days."""


def duration_text(days: float, lang: str = "en") -> str:
    """A duration given in days, in the largest unit it reaches, two significant digits: ``23 s``, ``14 min``,
    ``1.8 h``, ``1.7 days`` (``23 秒``, ``1.8 小时``, ``1.7 天``)."""
    if not math.isfinite(days):
        return ""
    if days <= 0:
        return "0"
    size, unit = next(((size, unit) for size, unit in DURATION_UNITS if days >= size * (1 - 1e-9)), DURATION_UNITS[-1])
    value = days / size
    text = f"{value:,.0f}" if value >= 9.95 else f"{value:.1f}".removesuffix(".0")
    word = unit_text(unit, lang)
    if lang != "zh" and unit == "days" and text == "1":
        word = "day"
    return f"{text} {word}"
