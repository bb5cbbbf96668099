"""Chart titles, axes, legends and reference lines in the reader's language.

The core describes charts in English; the UI and the proposal call
:func:`localise_spec` with the session or proposal language before
drawing, so a Chinese user and a Chinese proposal see Chinese charts.
Series keep their colour roles, so toggles and palettes are unaffected.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from gpudesk.report.server_names import server_display_name
from gpudesk.results.chart_model import ChartSpec, Marker, RackLayoutSpec, RefLine, Series
from gpudesk.results.search_charts import NOTE_GPUS, NOTE_PRICED
from gpudesk.vocabulary.delivery import COMPARED_ONLY_MODE, DELIVERY_MODE
from gpudesk.vocabulary.sizing import BOTTLENECK

ZH: dict[str, str] = {
    "Memory per GPU": "每卡显存占用", "Memory": "显存", "Weights": "权重", "Gradients": "梯度",
    "Optimizer states": "优化器状态", "LoRA adapters": "LoRA 适配器", "Activations": "激活",
    "KV cache": "KV 缓存", "Runtime (context, comm buffers)": "运行时（上下文、通信缓冲）",
    "Allocator reserve": "分配器预留", "Capacity": "显存容量",
    "Power per rack": "单机柜功率", "Power": "功率", "Liquid": "液冷", "Air": "风冷", "Rack layout": "机柜布局",
    "air-cooled": "风冷", "liquid-cooled": "液冷", "network": "网络",
    "Cumulative cost by delivery mode": "各交付方式累计成本", "Cumulative cost": "累计成本", "Month": "月份",
    "Time against cost": "时间与成本", "Time to train": "训练时长", "Cost": "成本", "Configurations": "候选配置",
    "Pareto front": "帕累托前沿", "chosen": "已选",
    "Cost against interactivity": "成本与交互速度", "Output tokens/s per user": "单用户每秒输出 token",
    "Cost per million output tokens": "每百万输出 token 成本", "Cost against time to train": "成本与训练时长",
    "Cost of the run": "单次训练成本", "Lower precision (quality caveat)": "更低精度（注意模型质量）",
    "recommended": "推荐", "plan": "方案", "GPUs against interactivity": "GPU 数与交互速度",
    "GPUs against time to train": "GPU 数与训练时长", "GPUs (no price in the catalog)": "GPU 数（目录中无价格）",
    NOTE_PRICED: "各点：配置搜索按目录卡时单价估算（无价格的配置不画出）。\n方案标记、排名表与方案书：按采用该配置后的费用台账计价。",
    NOTE_GPUS: "推荐配置在目录中无价格：图中按 GPU 数比较。",
    "Scaling efficiency": "扩展效率", "Efficiency": "效率", "GPUs": "GPU 数", "80% target": "80% 目标",
    "chosen layout": "当前切分",
    "Throughput and latency against concurrency": "吞吐与时延随并发变化", "Concurrent sequences": "并发序列数",
    "Throughput": "吞吐", "Latency": "时延", "Tokens/s per replica": "每副本 token/秒", "planned": "方案并发",
    "TPOT": "每 token 时延（TPOT）", "TTFT": "首 token 时延（TTFT）",
    "Roadmap: capacity and monthly spend": "路线图：容量与月度支出", "Monthly spend": "月度支出", "Spend": "支出",
    "IT kW": "IT 功率 kW",
    # delivery modes in cost charts and break-even markers: the vocabulary's names, as in the form and proposal
    **{term.en: term.zh for vocabulary in (DELIVERY_MODE, COMPARED_ONLY_MODE) for term in vocabulary},
}

PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^rack limit (.+) kW$"), lambda m: f"机柜上限 {m[1]} kW"),
    (re.compile(r"^TPOT target (.+) ms$"), lambda m: f"TPOT 目标 {m[1]} 毫秒"),
    (re.compile(r"^TTFT target (.+) ms$"), lambda m: f"首 token 目标 {m[1]} 毫秒"),
    (re.compile(r"^break-even vs (.+)$"), lambda m: f"与{ZH.get(m[1], m[1])}持平"),
    (re.compile(r"^\+(\d+) nodes?$"), lambda m: f"+{m[1]} 个节点"),
    (re.compile(r"^(.+) GPUs$"), lambda m: f"{m[1]} 张 GPU"),
    (re.compile(r"^(.+) \(plan\)$"), lambda m: f"{m[1]}（方案）"),
    (re.compile(r"^(.+) \(does not fit\)$"), lambda m: f"{m[1]}（显存不足）"),
    (re.compile(r"^first (\d+) of (\d+) racks shown$"), lambda m: f"仅显示前 {m[1]} 个机柜（共 {m[2]} 个）"),
)


# a memory bar's hover text (core/plan_charts.py memory_fit_chart): "Weights: 15.01 GB on H100 (plan) (plan) — formula"
MEMORY_TOOLTIP = re.compile(r"^(?P<label>.+?): (?P<value>[\d,.]+) GB on (?P<name>.+) \((?P<layout>[^()]*)\) — (?P<formula>.*)$")


def translate(text: str, lang: str) -> str:
    if lang != "zh" or not text:
        return text
    if text in ZH:
        return ZH[text]
    for pattern, render in PATTERNS:
        match = pattern.match(text)
        if match:
            return render(match)
    return text


# a scaling point's hover text (results/plan_chart_extras.py scaling_chart)
SCALING_TOOLTIP = re.compile(r"^(?P<n>[\d,]+) GPUs: (?P<eff>[\d,.]+)% of per-GPU throughput at (?P<base>[\d,]+) GPUs; "
                             r"largest overhead (?P<limit>.+)$")
BOTTLENECK_ZH = {t.en: t.zh for t in BOTTLENECK}


def tooltip(text: str, lang: str) -> str:
    """A point's hover text in ``lang``: a memory bar's label, column and formula, a scaling point's efficiency and
    largest overhead; other text unchanged."""
    if lang == "zh" and (point := SCALING_TOOLTIP.match(text)) is not None:
        limit = BOTTLENECK_ZH.get(point["limit"], point["limit"])
        return f"{point['n']} 张 GPU：每卡吞吐为 {point['base']} 张 GPU 时的 {point['eff']}%；最大开销：{limit}"
    match = MEMORY_TOOLTIP.match(text) if lang == "zh" else None
    if match is None:
        return text
    layout = "" if match["layout"] == "plan" else f"（{match['layout']}）"  # the plan's column says "(plan)" already
    from gpudesk.report.formula_text import formula_text  # hover text only: a printed chart has none

    formula = formula_text(lang).formula(match["formula"])
    return f"{translate(match['label'], lang)}：{match['value']} GB，{translate(match['name'], lang)}{layout} — {formula}"


def _series(s: Series, lang: str, tooltips: bool = True) -> Series:
    tips = None if s.tooltips is None or not tooltips else [tooltip(t, lang) for t in s.tooltips]
    return dataclasses.replace(s, name=translate(s.name, lang), tooltips=tips)


def _worded_tips(s: Series, lang: str, tooltips: bool) -> Series:
    """A series whose hover text is reasons (core/reason_values.py): worded in ``lang`` (or dropped for print)."""
    if s.tooltip_reasons is None:
        return s
    from gpudesk.report.check_text import words

    tips = [words(r, lang) for r in s.tooltip_reasons] if tooltips else None
    return dataclasses.replace(s, tooltips=tips, tooltip_reasons=None)


def _ref(line: RefLine, lang: str) -> RefLine:
    return dataclasses.replace(line, label=translate(line.label, lang))


def _marker(marker: Marker, lang: str) -> Marker:
    return dataclasses.replace(marker, label=translate(marker.label, lang))


CURRENCY_NAMES = {"zh": {"CNY": "元", "USD": "美元"}, "en": {}}
UNIT_PARTS_ZH = {"run": "次", "month": "月", "year": "年", "GPU": "卡", "GPU-hour": "卡时", "h": "小时", "days": "天",
                 "day": "天", "s": "秒", "ms": "毫秒", "tokens": "tokens", "items": "项", "requests": "请求"}
WITHOUT_UNIT = {"month", "months", ""}  # the label says it already ("Month" / "月份")


def unit_text(unit: str, lang: str) -> str:
    """A unit in the document's language: "USD/run" -> "美元/次", "days" -> "天", "tokens/s" -> "tokens/秒"."""
    if lang != "zh" or not unit:
        return unit
    from gpudesk.report.text_catalog import ReportText

    text = ReportText("zh")
    if text.has(f"unit.{unit}"):
        return text.get(f"unit.{unit}")
    parts = unit.split("/")
    return "/".join(CURRENCY_NAMES["zh"].get(p, UNIT_PARTS_ZH.get(p, text.choice("unit", p))) for p in parts)


def axis_title(label: str, unit: str, lang: str) -> str:
    """"Memory (GB)" / "显存（GB）"; a month axis is its label alone."""
    label = translate(label, lang)
    if unit in WITHOUT_UNIT:
        return label
    shown = unit_text(unit, lang)
    if not label:
        return shown
    return f"{label}（{shown}）" if lang == "zh" else f"{label} ({shown})"


def named_racks(spec: RackLayoutSpec, lang: str) -> RackLayoutSpec:
    """``spec`` with its compute boxes' chassis named as every surface names it: a generic chassis through the
    language's pattern (:func:`gpudesk.report.server_names.server_display_name`), a vendor's product as it is."""
    server = spec.server
    old = str(server.get("name", ""))
    named = server_display_name(old, str(server.get("vendor", "")), int(server.get("gpus", 0)),
                                str(server.get("accelerator", "")), lang) if old else old
    if named == old:
        return spec
    racks = [dataclasses.replace(rack, boxes=[
        dataclasses.replace(box, label=named if box.label == old else box.label,
                            tooltip=box.tooltip.replace(old, named, 1)) for box in rack.boxes]) for rack in spec.racks]
    return dataclasses.replace(spec, racks=racks)


def localise_spec(spec: Any, lang: str, tooltips: bool = True) -> Any:
    """A copy of ``spec`` with its visible words in ``lang`` (English specs pass through unchanged, but for the
    name of a generic chassis); a printed chart has no hover text, so ``tooltips=False`` drops it instead of
    translating every point's formula."""
    if isinstance(spec, ChartSpec) and any(s.tooltip_reasons is not None for s in spec.series):
        spec = dataclasses.replace(spec, series=[_worded_tips(s, lang, tooltips) for s in spec.series])
    if isinstance(spec, RackLayoutSpec):
        spec = named_racks(spec, lang)
    if lang != "zh" or spec is None:
        return spec
    if isinstance(spec, RackLayoutSpec):
        return dataclasses.replace(spec, title=translate(spec.title, lang), notes=translate(spec.notes, lang),
                                   role_labels={k: translate(v, lang) for k, v in spec.role_labels.items()})
    if not isinstance(spec, ChartSpec):
        return spec
    return dataclasses.replace(
        spec, tick_language=lang,
        title=translate(spec.title, lang), x_label=translate(spec.x_label, lang),
        y_label=translate(spec.y_label, lang), y2_label=translate(spec.y2_label, lang),
        notes=translate(spec.notes, lang),
        series=[_series(s, lang, tooltips) for s in spec.series],
        hlines=[_ref(h, lang) for h in spec.hlines], vlines=list(spec.vlines),
        markers=[_marker(m, lang) for m in spec.markers],
        categories=[translate(c, lang) for c in spec.categories] if spec.categories is not None else None,
    )
