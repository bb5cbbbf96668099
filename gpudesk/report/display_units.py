"""A figure's value in the units a person reads: bytes as GB, FLOPs with SI prefixes, long times in hours or
days, CNY in 万元 for Chinese readers, an unknown value as "unknown" (never 0 or NaN).

Qt-free, so the window's figure tables, the CLI's text output and the proposal share one rendering."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from gpudesk.refusals import Amount
from gpudesk.report.number_format import COUNT_SCALES_ZH as COUNT_SCALES_ZH  # declared there, read here too
from gpudesk.report.number_format import money_in_chinese_units, time_in_unit
from gpudesk.report.number_format import plain_number as plain_number  # the one rule, read here by the window
from gpudesk.report.number_format import with_count_word as with_count_word  # the one spacing rule of a count word

_BYTE_PREFIXES = (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3), ("B", 1.0))
_SI = (("E", 1e18), ("P", 1e15), ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3))
_COUNT_SCALES = (("T", 1e12), ("B", 1e9), ("M", 1e6))
COUNT_WORDS = tuple(word for word, _ in COUNT_SCALES_ZH + _COUNT_SCALES)
"""The count words ``display_value`` puts before a scaled count's unit ("万 samples/s/GPU", "12.5 B params")."""


def count_scale(magnitude: float, scales: tuple[tuple[str, float], ...]) -> tuple[str, float] | None:
    """The first (word, scale) of ``scales`` (largest first) that ``magnitude`` reaches, or None below them all."""
    return next(((word, scale) for word, scale in scales if magnitude >= scale), None)


def after_number(unit: str) -> str:
    """A unit as it follows a number: after a space ("4 GPUs", "2 条"), a ratio's ":1" without one ("4:1")."""
    return unit if unit.startswith(":") else f" {unit}" if unit else ""


def exact_parts(value: float, lang: str) -> tuple[str, str]:
    """A number stated exactly (a field's bound) and the count word it reads in: grouped ('10,000,000', ''); in
    Chinese a whole number of 万亿 / 亿 / 万 in that word ('1,000', '万'), else its digits ('65,536', '0.001')."""
    if lang == "zh":
        for word, scale in COUNT_SCALES_ZH:
            if abs(value) >= scale and float(value / scale).is_integer():
                return str(Amount(value / scale)), word
    return str(Amount(value)), ""


def exact_text(value: float, lang: str) -> str:
    number, word = exact_parts(value, lang)
    return f"{number} {word}" if word else number


def range_text(low: float, high: float, unit: str, lang: str) -> str:
    """A field's range as the reader counts, exactly: '1 – 1 亿条序列', '0 – 100 万 TB', '1 – 65,536 条序列' (Chinese);
    '1 – 100,000,000 sequences'. The form's tool tips read '1 – 100,000,000 条序列' and '0 – 1,000,000 TB'."""
    number, word = exact_parts(high, lang)
    high_text = f"{number} {with_count_word(word, unit)}" if word and unit else f"{number} {word}" if word else \
        number + after_number(unit)
    return f"{exact_text(low, lang)} – {high_text}"


_SCALED_COUNTS = ("params", "tokens", "images", "items", "samples")
_TIME_UNITS = ("s", "ms", "h", "days", "day", "month", "months", "years")
UNKNOWN = "unknown"
"""A figure the estimate could not compute (a catalog field or an input it needs is missing): never 0, never NaN."""
UNLIMITED = "unlimited"
NOT_APPLICABLE = "not applicable"
"""A figure that does not apply to the phase (``core.applicability``: a serving phase's checkpoint size): never 0."""
NEVER = "never pays back"
"""A month that never comes: owning costs more than the compared option in every month of the horizon (the
break-even month, ``core.delivery.break_even_month``, the one month figure that can be infinite)."""
OVERLOADED = "overloaded"
"""An infinite time: the load exceeds what the configuration serves, so the queue never settles."""


def rescale_bytes(value: float, unit: str) -> tuple[str, float] | None:
    """A byte quantity or rate ("GB/s", "TB", "B/s") in the prefix that puts it between 1 and 1000. Bytes per
    parameter, token or value stay in bytes; bytes per second do not: an accelerator's memory bandwidth read
    "864,000,000,000 B/s" in the Explain panel's inputs (864 GB/s)."""
    head, slash, rest = unit.partition("/")
    scale = dict(_BYTE_PREFIXES).get(head)
    if scale is None or (head == "B" and unit != "B/s"):
        return None
    raw = value * scale
    for name, size in _BYTE_PREFIXES:
        if abs(raw) >= size or name == "B":
            return name + slash + rest, raw / size
    return None


def display_value(value: float | str, unit: str, lang: str = "en", wan: bool = False) -> tuple[str, str]:
    """Human units for display: bytes as GB, FLOPs with SI prefixes, long times in h/days, short ones in ms,
    CNY in 万元 in Chinese (``wan``: in 万 from 1 亿 up too, a column in 万); an unknown value as "unknown", an
    infinite time as "overloaded", other infinities as "unlimited"."""
    if isinstance(value, str):
        return unit, value
    if value != value:
        return "", UNKNOWN
    if math.isinf(value):
        if value < 0:
            return "", UNKNOWN
        if unit == "month":
            return "", NEVER
        return "", OVERLOADED if unit in _TIME_UNITS else UNLIMITED
    money, slash, per = unit.partition("/")
    chinese = money_in_chinese_units(value, money, lang, wan)
    if chinese is not None:
        return chinese[1] + slash + per, chinese[0]
    magnitude = abs(value)
    if unit == "B":  # the largest prefix it reaches, down to bytes: a 2-byte fp16 value read "0.000002 MB"
        for name, scale in _BYTE_PREFIXES:
            if magnitude >= scale or name == "B":
                return name, plain_number(value / scale)
    timed = time_in_unit(value, unit)  # the one rule for a time's unit (number_format.TIME_UNITS)
    if timed is not None:
        return timed[0], plain_number(timed[1])
    if unit == "bool":
        return "", "yes" if value else "no"
    if unit == "fraction" and magnitude <= 10:
        return "%", plain_number(value * 100)
    if unit.startswith("FLOP") and magnitude >= 1e3:
        for prefix, scale in _SI:
            if magnitude >= scale:
                return prefix + unit, plain_number(value / scale)
    if unit.split("/")[0] in _SCALED_COUNTS and magnitude >= (1e4 if lang == "zh" else 1e6):
        prefix, scale = count_scale(magnitude, COUNT_SCALES_ZH if lang == "zh" else _COUNT_SCALES) or ("", 1.0)
        return f"{prefix} {unit}".strip(), plain_number(value / scale)
    if 0 < magnitude < 1 or magnitude >= 1000:
        rescaled = rescale_bytes(value, unit)
        if rescaled is not None:
            return rescaled[0], plain_number(rescaled[1])
    return unit, plain_number(value)


_LOWER_WORD = re.compile(r"[a-z][a-z-]{2,}\b")


def capacity_and_peak(total: float, target: float, unit: str, lang: str = "en") -> tuple[str, str, str]:
    """Capacity and peak in one unit, the one that reads best for the capacity: ("10.8", "3.47", "M items/s"); in
    Chinese counted in 万 and 亿 as the figure tables count ("1,078", "52.08", "万 items/s"), never in 百万. The status
    bar and the CLI's workload line read it (the CLI's Chinese read '可服务 1,078 万样本/秒，目标 52.1': the target
    scaled on its own, its 万 dropped)."""
    shown_unit, shown_total = display_value(total, unit, lang)
    if shown_unit == unit or not math.isfinite(total) or total == 0:
        return shown_total, display_value(target, unit, lang)[1], unit
    # the count word's own scale: the ratio to the capacity as shown, '10.8' for 10,780,265, made the ecommerce peak
    # of 520,833 samples/s read 0.522 M (0.5208)
    scale = dict(COUNT_SCALES_ZH + _COUNT_SCALES).get(shown_unit.removesuffix(unit).strip())
    factor = scale if scale and shown_unit.endswith(unit) else total / float(shown_total.replace(",", ""))
    return shown_total, plain_number(target / factor), shown_unit


def as_row_label(label: str) -> str:
    """A figure's English label at the head of a table row: its first letter capitalised ("host RAM needed" ->
    "Host RAM needed") where the label starts with a plain lower-case word; a unit, a symbol or a name with
    digits or capitals ("kW per refrigeration ton", "fp32 master copy", "p95 TTFT") is left as written. The core
    writes labels in lower case because they also stand inside sentences ("unknown until then: host RAM …")."""
    return label[0].upper() + label[1:] if _LOWER_WORD.match(label) else label


_CAPITAL_WORD = re.compile(r"[A-Z][a-z-]{2,}\b")


def in_sentence(label: str) -> str:
    """A figure's English label as it stands inside a sentence, the form the surfaces hold it in: a row label's
    first word lower-cased where it is a plain capitalised word ("Output throughput per replica" -> "output
    throughput per replica"); an acronym or a name ("IT power …", "PUE", "CO₂ …") left as written.
    ``as_row_label`` gives the row label back."""
    return label[0].lower() + label[1:] if _CAPITAL_WORD.match(label) else label


ZH_SCALES = dict(COUNT_SCALES_ZH)  # "亿" -> 1e8, "万" -> 1e4


def input_count_word(meta: Mapping[str, Any], lang: str, value: Any = None) -> str:
    """The Chinese count word ("亿", "万") a plan field with metadata ``meta`` is written in, in ``lang``; "" for none.
    A field declares its scale next to its bounds (``zh_scale`` in ``project/model.py``: training tokens in 亿, per-day
    counts in 万); one declared in 万 that holds ``value`` of 10 亿 or more reads in 亿 (an e-commerce plan's 150 亿项/天,
    not 1,500,000 万项/天). The form's count boxes and the proposal's requirement tables read it."""
    scale = str(meta.get("zh_scale", ""))
    if lang != "zh" or scale not in ZH_SCALES:
        return ""
    large = isinstance(value, (int, float)) and abs(value) >= 10 * ZH_SCALES["亿"]
    return "亿" if scale == "万" and large else scale


def input_count_text(value: float, meta: Mapping[str, Any], lang: str, unit_word: str) -> str | None:
    """A plan field's count in the word it is written in (``input_count_word``) before its unit in the reader's
    words: '150 万次请求/天' (bank), '12 万张图像' (startup); None where the field has no word or the count is below it."""
    word = input_count_word(meta, lang, value)
    if not word or abs(value) < ZH_SCALES[word]:
        return None
    return f"{plain_number(value / ZH_SCALES[word])} {with_count_word(word, unit_word)}"

