"""The what-if tornado as a :class:`ChartSpec` (Qt-free; the panel passes translated text).

One category per driver, largest swing first, named by the driver alone (its range
is in the table beside the chart and in the bars' tool tips); a bar for the low end and one for the
high end of its range, each as the change of the chosen result against the
plan in percent (or in the result's own unit when the plan's value is zero or
undefined). Tooltips give the absolute values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gpudesk.core.explain import format_value
from gpudesk.report.chart_text import translate
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import money_in_chinese_units
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.chart_model import ChartSpec, RefLine, Series
from gpudesk.results.whatif import DRIVER_LABELS, TornadoRow, WhatIfResult

PENDING = "Calculating…"  # the chart's words while no sweep has finished (charts_zh.toml)


def pending_text(lang: str) -> str:
    """What the tornado shows in place of empty axes until its first sweep ends, in ``lang``."""
    return translate(PENDING, lang)


@dataclass(frozen=True)
class TornadoText:
    low: str = "Low end of the range"
    high: str = "High end of the range"
    title: str = "What moves {0} (plan: {1})"
    y_label: str = "Change against the plan"
    y_label_absolute: str = "Change against the plan ({0})"
    y_short_label: str = "Change"  # where the axis is too short for y_label (a laptop's what-if tab)
    plan_line: str = "plan"
    undefined: str = "undefined"
    driver_labels: dict[str, str] = field(default_factory=lambda: dict(DRIVER_LABELS))
    metric_label: str = ""  # the result's name in the session language; empty: the figure's English label
    units: dict[str, str] = field(default_factory=dict)  # unit -> as shown in the session language
    lang: str = "en"  # the session language: a CNY amount in the title reads 万元 in Chinese


def relative(row: TornadoRow) -> bool:
    return math.isfinite(row.base) and row.base != 0.0


def _delta(value: float, base: float, as_percent: bool) -> float:
    if not math.isfinite(value):
        return 0.0
    if as_percent:
        return (value / base - 1.0) * 100.0
    return value - (base if math.isfinite(base) else 0.0)


def _range_text(row: TornadoRow, units: dict[str, str]) -> str:
    unit = units.get(row.driver_unit, row.driver_unit)
    return f"{format_value(row.driver_low)}–{format_value(row.driver_high)} {unit}".strip()


def tornado_spec(result: WhatIfResult, metric: str, text: TornadoText | None = None) -> ChartSpec:
    text = text or TornadoText()
    m = result.metric(metric)
    label, unit = text.metric_label or m.label, text.units.get(m.unit, m.unit)
    rows = result.tornado(metric)
    as_percent = all(relative(r) for r in rows) if rows else True
    # Each driver by its name alone, one line: with its range on a second line ("Efficiency\n(0.5–1.5 ×)") three
    # drivers' six lines took 100 px of a laptop's 75 px plot and were printed over each other down the side (the
    # range on the same line took 210 of a 377 px chart and left the bars 25 px). The range stands in the table
    # under the chart ("Range applied") and in each bar's tool tip.
    categories = [text.driver_labels.get(r.driver, r.driver) for r in rows]

    def point_tip(r: TornadoRow, value: float, driver_value: float) -> str:
        shown = f"{format_value(value)} {unit}" if math.isfinite(value) else text.undefined
        return f"{text.driver_labels.get(r.driver, r.driver)} = {format_value(driver_value)} " \
               f"{text.units.get(r.driver_unit, r.driver_unit)} ({_range_text(r, text.units)}): {label} = {shown}"

    xs = [float(i) for i in range(len(rows))]
    low = Series(text.low, xs, [_delta(r.low, r.base, as_percent) for r in rows], style="bar",
                 tooltips=[point_tip(r, r.low, r.driver_low) for r in rows])
    high = Series(text.high, xs, [_delta(r.high, r.base, as_percent) for r in rows], style="bar",
                  tooltips=[point_tip(r, r.high, r.driver_high) for r in rows])
    base = result.base[metric]
    money = money_in_chinese_units(base, m.unit, text.lang)  # "5,508 万元", not "55,079,171 CNY" cut to "CN…"
    base_text = text.undefined if not math.isfinite(base) else f"{money[0]} {money[1]}" if money else \
        f"{format_value(base)} {unit}"
    waiting = result.figures.awaiting(f"whatif.base.{metric}")
    if waiting and math.isfinite(base):  # the plan's priced part: its lines awaiting a quote beside it
        base_text = awaiting_total(base_text, len(waiting), ReportText(text.lang), priced_part=base)
    return ChartSpec(
        kind="generic", title=text.title.format(label, base_text), categories=categories,
        y_label=text.y_label if as_percent else text.y_label_absolute.format(unit),
        y_unit="%" if as_percent else unit, series=[low, high], y_short_label=text.y_short_label,
        hlines=[RefLine(0.0, text.plan_line, color_role="capacity")],
        tick_language=text.lang,  # '相对方案的变化（%）' with the Chinese brackets of every other Chinese axis
    )
