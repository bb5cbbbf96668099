"""The words of a number axis's ticks: thousands separators below the first count word, the count words from it up
(M/B/T; in Chinese 万/亿), one notation per axis. The window's axes (plotting.axes) and the printed charts'
(pdf.chart_axes) both read them, so a chart says the same in the window and on paper.

A linear axis takes one count word for all its labels, chosen by its largest value (0.5M, 1.0M, 1.5M). A log axis
spans decades, so each label takes its own count word; whether it takes one at all is the axis's choice, made from
its range: one that reaches the first count word (1M; 1 万) writes every label from 1,000 up with one (1k, 100k,
1M; 0.1 万, 10 万, 1 亿), one that does not writes grouped digits (1,000, 100,000). Each label choosing for itself,
the English startup plan's cost axis read '100,000' under '1M'.
"""

from __future__ import annotations

import math

from gpudesk.report.number_format import tick_with_scale

Suffixes = tuple[tuple[float, str], ...]
SUFFIXES: Suffixes = ((1e12, "T"), (1e9, "B"), (1e6, "M"))
"""Magnitude suffixes for axes whose largest value reaches a million or more (M = 10^6, B = 10^9, T = 10^12)."""
SUFFIXES_ZH: Suffixes = ((1e8, "亿"), (1e4, "万"))
"""Chinese readers count in 万 (10^4) and 亿 (10^8): 150 万, 1.5 亿 (as the printed charts and money do)."""
THOUSANDS: dict[Suffixes, tuple[float, str]] = {SUFFIXES: (1e3, "k"), SUFFIXES_ZH: (1e4, "万")}
"""How a label from 1,000 up reads on a log axis in count words: 1k in English; in Chinese, which has no axis word for
a thousand in the app's number format (万 and 亿, as money and counts read), in 万: 0.1 万, as a column of amounts
that reads in 万 writes '0.85 万美元' (``number_format.format_money_zh``)."""
COUNTED_FROM = 1e3
"""From this value up a label on an axis in count words carries one."""


def count_words(lang: str) -> Suffixes:
    """The count words an axis in ``lang`` writes: 万/亿 in Chinese, M/B/T otherwise."""
    return SUFFIXES_ZH if lang == "zh" else SUFFIXES


def format_tick(value: float, spacing: float, magnitude: float | None = None, suffixes: Suffixes = SUFFIXES) -> str:
    """One tick label. ``magnitude``: the largest absolute value on the axis (defaults to ``value``);
    from the smallest suffix's size up every label of the axis is shown with the same suffix (M/B/T, or 万/亿)."""
    if not math.isfinite(value):
        return ""
    if value == 0:
        return "0"
    top = abs(value) if magnitude is None else magnitude
    divisor, suffix = next(((d, s) for d, s in suffixes if top >= d), (1.0, ""))
    scaled, step = value / divisor, spacing / divisor
    if step > 0:  # as many decimals as the step has: 2.5 万 · 5.0 万 · 7.5 万, never '2 万 · 5 万 · 8 万'
        places = max(0, -round(math.log10(last_digit(step))))
    else:
        places = 0 if abs(scaled) >= 1 else max(0, math.ceil(-math.log10(abs(scaled))))
    text = f"{scaled:,.{places}f}"
    if text.lstrip("-").strip("0.,") == "":
        return "0"
    return tick_with_scale(text, suffix)


def counted(top: float, suffixes: Suffixes) -> bool:
    """Whether a log axis reaching ``top`` writes its labels in count words (it reaches the first one)."""
    return bool(suffixes) and top >= suffixes[-1][0]


def word_tick(value: float, spacing: float, suffixes: Suffixes) -> str:
    """A label of an axis in count words: from 1,000 up with its own (``THOUSANDS`` below the first), ``spacing``
    setting its decimals as in ``format_tick`` (0: none from 1 up, below 1 down to its first digit)."""
    if not math.isfinite(value) or abs(value) < COUNTED_FROM:
        return format_tick(value, spacing, None, ())
    divisor, word = next(((d, s) for d, s in suffixes if abs(value) >= d), THOUSANDS.get(suffixes, suffixes[-1]))
    return format_tick(value, spacing, divisor, ((divisor, word),))


def data_tick(value: float, suffixes: Suffixes = SUFFIXES, top: float | None = None) -> str:
    """A tick at a data value with two significant digits (``0.077``, ``1.7``, ``2.0M``; a whole number below the
    suffixes as it is, ``1,024``), so that two nearby values never both read ``0``; in count words on an axis reaching
    ``top`` (default: the value's own size) that takes them (``counted``: 50k beside 2.0M, not 50,000)."""
    if not math.isfinite(value) or value == 0:
        return format_tick(value, 1.0)
    top = abs(value) if top is None else top
    spacing = 10.0 ** (math.floor(math.log10(abs(value))) - 1)
    whole = abs(value - round(value)) < 1e-9
    spacing = max(spacing, 1.0) if whole else spacing
    return word_tick(value, spacing, suffixes) if counted(top, suffixes) else format_tick(value, spacing, None, ())


def is_decade(value: float) -> bool:
    return value > 0 and abs(math.log10(value) - round(math.log10(value))) < 1e-6


def log_tick(exponent: float, count: int, suffixes: Suffixes = SUFFIXES, top: float | None = None) -> str:
    """Label 1-2-5 steps of each decade (only decades when ticks are dense), in the notation of an axis reaching
    ``top`` (``counted``; default: the value's own size)."""
    value = 10.0**exponent
    top = value if top is None else top
    mantissa = round(value / 10.0 ** math.floor(exponent + 1e-9), 6)
    if mantissa not in ((1.0,) if count > 12 else (1.0, 2.0, 5.0)):
        return ""
    return round_tick(value, suffixes, top)


def round_tick(value: float, suffixes: Suffixes = SUFFIXES, top: float | None = None) -> str:
    """A tick at a round value of a log axis (0.001, 1.5, 20, 300k) with the digits it has, in the notation of an
    axis reaching ``top`` (``counted``; default: the value's own size): 1.5, never 2."""
    top = abs(value) if top is None else top
    spacing = last_digit(value)
    return word_tick(value, spacing, suffixes) if counted(top, suffixes) else format_tick(value, spacing, None, ())


def last_digit(value: float) -> float:
    """The place of ``value``'s last significant digit (1.5 -> 0.1, 300 -> 100; 0 for 0 or not finite), at most
    ``MAX_DIGITS`` digits below its first."""
    if not math.isfinite(value) or value == 0:
        return 0.0
    place = 10.0 ** math.floor(math.log10(abs(value)))
    for _ in range(MAX_DIGITS):
        if abs(value / place - round(value / place)) < 1e-6:
            break
        place /= 10.0
    return place


MAX_DIGITS = 6
"""Significant digits a round tick is written with at most (a log axis ticks at 1 to 9 times a power of ten, or a
linear axis's nice steps inside one of them: 2.2, 2.4)."""
