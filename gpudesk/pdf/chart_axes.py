"""Axis ranges, ticks and tick labels for the printed charts.

Axes start at zero where a quantity does (bars, money, power, counts, throughput, latency, efficiency);
log axes show decades. Tick labels are written as the document's language counts: 万 and 亿 in Chinese,
k, M and B in English, never "1.5M" in a Chinese chart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from gpudesk.report.durations import DURATION_TICKS
from gpudesk.report.number_format import tick_with_scale

NICE = (1.0, 2.0, 2.5, 5.0, 10.0)


@dataclass(frozen=True)
class Axis:
    low: float
    high: float
    log: bool = False
    ticks: tuple[float, ...] = ()

    def to_unit(self, value: float) -> float:
        """0 at ``low``, 1 at ``high``."""
        if self.log:
            value = math.log10(max(value, 1e-300))
            low, high = math.log10(self.low), math.log10(self.high)
        else:
            low, high = self.low, self.high
        return (value - low) / (high - low) if high > low else 0.5


MONTH_STEPS = (1.0, 2.0, 3.0, 6.0, 12.0, 24.0, 36.0, 60.0, 120.0)  # a month axis counts in quarters, halves, years


def _step(span: float, count: int, integer: bool = False) -> float:
    raw = span / max(count, 1)
    if integer and raw <= MONTH_STEPS[-1]:
        return next(n for n in MONTH_STEPS if n >= raw)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    return next(n * power for n in NICE if n * power >= raw)


def linear_axis(values: Iterable[float], from_zero: bool, count: int = 5, months: bool = False,
                whole: bool = False) -> Axis:
    """A linear axis over ``values`` with about ``count`` nice steps; ``months``: a month axis, stepped in whole
    months, quarters, halves or years (never a tick at month 2.5); ``whole``: counts, so the step is at least 1."""
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return Axis(0.0, 1.0, False, (0.0, 0.5, 1.0))
    low, high = min(finite), max(finite)
    if from_zero:
        low, high = min(low, 0.0), max(high, 0.0)
    if high == low:
        high = low + (abs(low) or 1.0)
    step = _step(high - low, count, months)
    step = max(step, 1.0) if whole else step
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    if end - high < 1e-9 * step and not from_zero:
        end += 0.0
    ticks = []
    t = start
    while t <= end + step * 1e-6:
        ticks.append(round(t, 12))
        t += step
    return Axis(start, end, False, tuple(ticks))


LOG_FINE = (1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9)


def log_axis(values: Iterable[float]) -> Axis:
    finite = [v for v in values if math.isfinite(v) and v > 0]
    if not finite:
        return Axis(1.0, 10.0, True, (1.0, 10.0))
    low, high = min(finite), max(finite)  # the data's own span: no empty decade at either end
    if high <= low:
        low, high = low / 2, high * 2
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    ticks: tuple[float, ...] = ()
    for multiples in ((1,), (1, 2, 5), LOG_FINE):  # decades; with few of them also 2 and 5; within one, 1 to 9
        ticks = tuple(sorted({round(10.0 ** k * m, 12) for k in range(first, last + 1) for m in multiples
                              if low * 0.999 <= 10.0 ** k * m <= high * 1.001}))
        if len(ticks) >= 3:
            break
    if len(ticks) < 2:  # a span inside one step of 1 to 9 (2.1 to 2.8 days): a linear axis's nice ticks
        ticks = tuple(t for t in linear_axis([low, high], from_zero=False).ticks if low * 0.999 <= t <= high * 1.001)
    pad = (math.log10(high) - math.log10(low)) * 0.02
    return Axis(low / 10 ** pad, high * 10 ** pad, True, ticks)


def tick_text(value: float, lang: str, step: float = 0.0) -> str:
    """A tick label in the document's language: 1,500 · 15 万 · 1.5 亿 (zh); 1,500 · 150k · 1.5M (en)."""
    if value == 0:
        return "0"
    magnitude = abs(value)
    steps = ((1e8, "亿"), (1e4, "万")) if lang == "zh" else ((1e9, "B"), (1e6, "M"), (1e4, "k"))
    for size, suffix in steps:
        if magnitude >= size:
            scaled = value / size
            if suffix == "k":
                scaled, size = value / 1e3, 1e3
            return tick_with_scale(_trim(scaled, step / size if step else 0.0), suffix)
    return _trim(value, step)


def _trim(value: float, step: float) -> str:
    if step and step < 1:
        places = min(4, max(0, -math.floor(math.log10(step)) + (0 if (step * 10 ** -math.floor(math.log10(step))) in (1, 2, 5) else 1)))
    elif abs(value) >= 100 or float(value).is_integer():
        places = 0
    elif abs(value) < 0.01:  # a log axis's small decade: 0.001, never "0" beside the 0 it is not
        places = min(8, 1 - math.floor(math.log10(abs(value))))
    else:
        places = 1 if abs(value) >= 10 else 2
    text = f"{value:,.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


MAX_DURATION_TICKS = 6
"""A printed time axis keeps at most this many round durations (every other one past it)."""


def duration_axis(values: Iterable[float]) -> Axis:
    """A log time axis in days ticked at round durations inside the data's span (1 min, 10 min, 1 h, 6 h, 1 day…,
    labelled by report.durations.duration_text); with fewer than two of them inside, the log axis's own ticks."""
    axis = log_axis(values)
    ticks = tuple(t for t in DURATION_TICKS if axis.low <= t <= axis.high)
    while len(ticks) > MAX_DURATION_TICKS:
        ticks = ticks[::2]
    return Axis(axis.low, axis.high, True, ticks) if len(ticks) >= 2 else axis
