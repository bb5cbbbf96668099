"""The inputs that differ between compared plans (``comparison_inputs.input_differences``), in a reader's words: a
field by its label ("Phase 1 · Accelerator"), a value by its vocabulary or product name, a number with separators and
its field's unit, an unset value as the form words it. The comparison's document, CSV and window print these rows
(``comparison_export``, ``ui.report``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from gpudesk.project.model import Workload
from gpudesk.report.comparison import PlanComparison
from gpudesk.report.display_units import input_count_text
from gpudesk.report.number_format import (
    LARGE_COUNT_FROM,
    MISSING,
    count_parts,
    format_money,
    format_number,
    with_count_word,
)
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.fields import choice_name

WORKLOAD_META = {f.name: f.metadata for f in fields(Workload)}  # a workload field's declared scale (zh_scale)
WHOLE_ITEM = re.compile(r"^phases\[(\d+)\](?:\.workloads\[(\d+)\])?$")


def input_label(path: str, lang: str, describe: Callable[[str], str] | None) -> str:
    """A differing input in words ("Phase 1 · Accelerator"); a whole phase or workload only some plans have by its
    number; the raw path only when no describer is given."""
    whole = WHOLE_ITEM.match(path)
    if whole is not None:
        phase = f"阶段 {int(whole[1]) + 1}" if lang == "zh" else f"Phase {int(whole[1]) + 1}"
        if whole[2] is None:
            return phase
        return f"{phase} · {'负载' if lang == 'zh' else 'workload'} {int(whole[2]) + 1}"
    return describe(path) if describe is not None else path


def input_value(path: str, value: object, lang: str, names: Mapping[str, str], unit: str = "",
                currency: str = "", floor: float | None = None) -> str:
    """A plan input as a reader names it: a choice by its vocabulary name, a catalog id by the product's name, a
    number with separators (large counts in 万/亿 or M/B) and the field's unit ("1,000 ms", "¥6,000/台",
    "5 TB"), a money field at its "not quoted" floor in words; never a code, "[]" or "3000000000.0"."""
    if value is None or value == "":
        return MISSING  # an empty choice is "chosen by gpudesk"; the plan's own page names what was chosen
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    if value in ("[]", "{}"):
        return "无" if lang == "zh" else "none"
    if isinstance(value, str):
        return choice_name(path.rsplit(".", 1)[-1], value, lang) or names.get(value, value)
    if isinstance(value, (int, float)):
        field: Mapping[str, Any] = WORKLOAD_META.get(path.rsplit(".", 1)[-1], {}) if ".workloads[" in path else {}
        counted = input_count_text(float(value), field, lang, ReportText(lang).choice("unit", unit)) if unit else None
        return counted or _number_with_unit(float(value), unit, lang, currency, floor)  # '150 万次请求/天', as the form
    return str(value)


def _number_with_unit(value: float, unit: str, lang: str, currency: str, floor: float | None) -> str:
    text = ReportText(lang)
    money, slash, per = unit.partition("/")
    if money == "currency":
        if floor is not None and floor < 0 and value == floor:
            return awaiting_quote(lang)
        shown = format_money(value, currency, lang) if currency else format_number(value)
        return shown + (text.choice("unit", "/" + per) if slash else "")
    number, count = count_parts(value, lang) if abs(value) >= LARGE_COUNT_FROM else (format_number(value), "")
    word = "" if not unit else \
        text.get(f"unit_one.{unit}") if value == 1 and text.has(f"unit_one.{unit}") else text.choice("unit", unit)
    if count:  # the one rule of a count word: '150 亿项/天', '20 B tokens'
        return f"{number} {with_count_word(count, word)}"
    if not word:
        return number
    return f"{number}{word}" if word.startswith(("%", "×", ":")) else f"{number} {word}"


Applies = Callable[[str, str], bool]
"""``applies(path, kind)``: whether a workload of ``kind`` uses the field at ``path`` (the faces pass the form's)."""


Unset = Callable[[str, object, "float | None"], "str | None"]
"""``unset(path, value, floor)``: what an input at its unset value means in the form's words ("catalog default"
for a GPU price override of 0), None when it is set (the faces pass the wizard's ``defaults.unset_word``)."""


def input_rows(comparison: PlanComparison, text: ReportText, describe: Callable[[str], str] | None = None,
               names: Mapping[str, str] | None = None, applies: Applies | None = None,
               unset: Unset | None = None) -> tuple[tuple[str, ...], ...]:
    """One row per differing input. A workload field its kind does not use (an image size on a language model)
    is "—" for that plan, and a row that differs only in such unused fields is left out. A value at its field's unset
    value reads as the form words it (``unset``: "目录默认", never "¥0/卡")."""
    rows = []
    for d in comparison.input_differences:
        used = [not d.kinds or applies is None or not d.kinds[i] or applies(d.path, d.kinds[i])
                for i in range(len(d.values))]
        if d.kinds and applies is not None and len({repr(v) for v, u in zip(d.values, used) if u}) < 2:
            continue  # the plans that use this field agree on it
        rows.append((input_label(d.path, text.lang, describe),
                     *[MISSING if not used[i] else (unset(d.path, v, d.floor) if unset is not None else None)
                       or input_value(d.path, v, text.lang, names or {}, d.unit,
                                      d.currencies[i] if i < len(d.currencies) else "", d.floor)
                       for i, v in enumerate(d.values)]))
    return tuple(rows)
