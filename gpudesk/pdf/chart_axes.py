"""Axis ranges, ticks and tick labels for the printed charts.

Axes start at zero where a quantity does (bars, money, power, counts, throughput, latency, efficiency);
log axes show decades. Tick labels are worded as the window words its axes (report.tick_words): in the document's
language's count words (万 and 亿 in Chinese, k, M and B in English, never "1.5M" in a Chinese chart), one notation
per axis, chosen by its range (never '5,000 · 1 万' or '1,000 · 10k' on one axis).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from gpudesk.report.durations import DURATION_TICKS
from gpudesk.report.tick_words import count_words, format_tick, round_tick

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


def tick_labels(axis: Axis, lang: str) -> tuple[str, ...]:
    """The labels of ``axis``'s ticks in the document's language, worded as the window's (report.tick_words): a linear
    axis in one count word chosen by its largest value (0.5 万 · 1.0 万 · 1.5 万), a log axis's round values each
    with the digits it has, in count words when it reaches the first (1k · 10k · 1M; 0.1 万 · 10 万 · 1 亿)."""
    words, top = count_words(lang), max(abs(axis.low), abs(axis.high))
    if axis.log:
        return tuple(round_tick(t, words, top) for t in axis.ticks)
    step = axis.ticks[1] - axis.ticks[0] if len(axis.ticks) > 1 else 0.0
    return tuple(format_tick(t, step, top, words) for t in axis.ticks)


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
