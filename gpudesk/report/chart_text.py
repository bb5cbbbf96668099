"""Chart titles, axes, legends and reference lines in the reader's language.

The core describes charts in English; the UI and the proposal call
:func:`localise_spec` with the session or proposal language before
drawing, so a Chinese user and a Chinese proposal see Chinese charts.
The words are in ``resources/i18n/charts_zh.toml``, keyed by the English.
Series keep their colour roles, so toggles and palettes are unaffected.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any

from gpudesk.catalog.sources import chinese_texts
from gpudesk.report.display_text import display_text
from gpudesk.report.display_units import COUNT_SCALES_ZH, count_scale, plain_number
from gpudesk.report.number_format import LARGE_COUNT_FROM, format_count
from gpudesk.report.server_names import server_display_name
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series
from gpudesk.results.rack_layout_spec import RackLayoutSpec
from gpudesk.results.search_charts import NOTE_GPUS, NOTE_LEDGER, NOTE_LOG, NOTE_LOG_BOTH, NOTE_LOG_X
from gpudesk.text_catalogues import catalogue
from gpudesk.vocabulary.delivery import COMPARED_ONLY_MODE, DELIVERY_MODE, LEGEND_NAMES
from gpudesk.vocabulary.plan_choices import TRIGGER_METRIC
from gpudesk.vocabulary.sizing import BOTTLENECK
from gpudesk.vocabulary.terms import in_sentence

NOTES = {NOTE_LEDGER: "ledger", NOTE_GPUS: "gpus", NOTE_LOG: "log", NOTE_LOG_X: "log_x", NOTE_LOG_BOTH: "log_both"}  # the Pareto chart's notes, by their catalogue id
NUMBER_SLOTS = ("n", "shown", "total")  # slots that match a whole number only


@lru_cache(maxsize=1)
def chart_words_zh() -> tuple[dict[str, str], tuple[tuple[re.Pattern[str], str], ...], dict[str, str]]:
    """The chart words of ``resources/i18n/charts_zh.toml`` (and the delivery modes' names from their vocabulary):
    (words by English, patterns in order, hover-text templates)."""
    data = catalogue("charts", "zh")
    words = {str(k): str(v) for k, v in data["text"].items()}
    words.update({en: str(data["note"][note_id]) for en, note_id in NOTES.items()})
    # delivery modes in cost charts and break-even markers: the vocabulary's names, as in the form and proposal
    words.update({en: term.zh for vocabulary in (DELIVERY_MODE, COMPARED_ONLY_MODE, TRIGGER_METRIC)
                  for term in vocabulary for en in (term.en, in_sentence(term.en, "en"))})  # and a growth trigger's
    # metric (the roadmap's markers), as a name or inside a sentence; the cost chart's legend names its options short
    words.update({en: zh for en, zh in LEGEND_NAMES.values()})
    patterns = tuple((_slot_regex(str(k)), str(v)) for k, v in data["pattern"].items())
    return words, patterns, {str(k): str(v) for k, v in data["tooltip"].items()}


def _slot_regex(template: str) -> re.Pattern[str]:
    out, last = [], 0
    for match in re.finditer(r"\{([a-z]+)\}", template):
        out.append(re.escape(template[last:match.start()]))
        slot = r"\d+" if match[1] in NUMBER_SLOTS else ".+"
        out.append(f"(?P<{match[1]}>{slot})")
        last = match.end()
    return re.compile("^" + "".join(out) + re.escape(template[last:]) + "$")


# a memory bar's hover text (core/plan_charts.py memory_fit_chart): "Weights: 15.01 GB on H100 (plan) (plan) — formula"
MEMORY_TOOLTIP = re.compile(r"^(?P<label>.+?): (?P<value>[\d,.]+) GB on (?P<name>.+?)(?: \((?P<layout>[^()]*)\))? — "
                            r"(?P<formula>.*)$")
CAPACITY_TOOLTIP = re.compile(r"^(?P<name>.+): capacity (?P<value>[\d,.]+) GB$")


def translate(text: str, lang: str) -> str:
    if lang != "zh" or not text:
        return _trigger_count_en(text)
    words, patterns, _tips = chart_words_zh()
    if text in words:
        return words[text]
    for pattern, template in patterns:
        match = pattern.match(text)
        if match:
            slots = {k: words.get(v, v) if k in ("mode", "metric") else v for k, v in match.groupdict().items()}
            if "metric" in slots and "value" in slots:  # a trigger's count as a Chinese reader counts it
                slots["value"] = _count_zh(slots["value"])
            return COUNT_WORD_BEFORE_HAN.sub("", template.format(**slots))
    return text


TRIGGER_EN = re.compile(r"^(?P<head>\+\d+ nodes? if .+ exceed |.+ above )(?P<value>[\d,]+)"
                        r"(?P<tail> \(beyond this plan\)|: covered by this phase's sizing)$")


def _trigger_count_en(text: str) -> str:
    """A roadmap trigger's count as the proposal's tables count it: the ecommerce trigger read 'exceed
    40,000,000,000' beside 'Items per day 15 B samples/day'; from 10^8 up in M / B / T (format_quantity's rule)."""
    match = TRIGGER_EN.match(text) if text else None
    if match is None:
        return text
    value = float(match["value"].replace(",", ""))
    return text if value < LARGE_COUNT_FROM else match["head"] + format_count(value, "en") + match["tail"]


COUNT_WORD_BEFORE_HAN = re.compile(r"(?<=[万亿]) (?=[\u4e00-\u9fff])")
"""The space after a count word that Chinese text follows: glued, as the count word is to a Chinese unit
(number_format.with_count_word: 亿参数, 万项/天); a roadmap trigger read '超过 300 万 时', now '超过 300 万时'."""


def _count_zh(text: str) -> str:
    """A count from 10,000 up in 万 / 亿, by the one digits rule: a roadmap trigger read '日请求量超过 3,000,000 时
    +2 个节点', now '超过 300 万时'. Other text unchanged."""
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return text
    picked = count_scale(abs(value), COUNT_SCALES_ZH)
    return text if picked is None else f"{plain_number(value / picked[1])} {picked[0]}"


# a scaling point's hover text (results/plan_chart_extras.py scaling_chart)
SCALING_TOOLTIP = re.compile(r"^(?P<n>[\d,]+) GPUs?: (?P<eff>[\d,.]+)% of per-GPU throughput at (?P<base>[\d,]+) GPUs?; "
                             r"largest overhead (?P<limit>.+)$")
BOTTLENECK_ZH = {t.en: t.zh for t in BOTTLENECK}


def tooltip(text: str, lang: str) -> str:
    """A point's hover text in ``lang``: a memory bar's label, column and formula, a scaling point's efficiency and
    largest overhead; other text unchanged."""
    if lang != "zh":
        return text
    words, _patterns, tips = chart_words_zh()
    if text in words:  # a pending memory-fit column: "Searching…"
        return words[text]
    if (point := SCALING_TOOLTIP.match(text)) is not None:
        return tips["scaling"].format(**{**point.groupdict(), "limit": BOTTLENECK_ZH.get(point["limit"], point["limit"])})
    if (capacity := CAPACITY_TOOLTIP.match(text)) is not None:
        return tips["capacity"].format(name=translate(capacity["name"], lang), value=capacity["value"])
    match = MEMORY_TOOLTIP.match(text)
    if match is None:
        return text
    # the plan's column names itself "… (plan)" and gives no layout of its own
    layout = "" if match["layout"] in (None, "plan") else tips["memory_layout"].format(layout=match["layout"])
    from gpudesk.report.formula_text import formula_text  # hover text only: a printed chart has none

    return tips["memory"].format(label=translate(match["label"], lang), value=match["value"],
                                 name=translate(match["name"] + (" (plan)" if match["layout"] == "plan" else ""), lang), layout=layout,
                                 formula=formula_text(lang).formula(match["formula"]))


def _series(s: Series, lang: str, tooltips: bool = True) -> Series:
    tips = None if s.tooltips is None or not tooltips else [tooltip(t, lang) for t in s.tooltips]
    return dataclasses.replace(s, name=s.name if s.figure else translate(s.name, lang), tooltips=tips)


def _renamed(s: Series, name: str, full: str) -> Series:
    """``s`` named ``name`` in its legend; its hover texts that start with its own name start with ``full``, the
    figure tables' name (a memory bar's: '运行时开销（CUDA 上下文 + 通信缓冲区）: 1.20 GB …' under the legend's
    '运行时开销')."""
    if name == s.name and full == s.name:
        return s
    tips = None if s.tooltips is None else [full + t[len(s.name):] if t.startswith(s.name + ": ") else t
                                           for t in s.tooltips]
    return dataclasses.replace(s, name=name, tooltips=tips)


def figure_named(spec: ChartSpec, lang: str) -> ChartSpec:
    """``spec`` with the title and the series that draw a figure (``title_figure``, ``Series.figure``) named as the
    figure tables name that figure in ``lang`` (DisplayText.row_label: report_<lang>.toml [figure], else the core's
    label): the inference chart's legend read 'Tokens/s per replica', 'TPOT' and 'TTFT' beside the step table's
    'Output throughput per replica' …, the memory chart's Chinese title '每卡显存占用' beside '单卡显存占用'.
    ``spec`` itself where nothing changes."""
    shown = display_text(lang)
    title = shown.row_label(spec.title_figure, spec.title) if spec.title_figure else spec.title
    series = [_renamed(s, shown.legend_label(s.figure, s.name), shown.row_label(s.figure, s.name)) if s.figure else s
              for s in spec.series]
    if title == spec.title and all(a is b for a, b in zip(series, spec.series)):
        return spec
    return dataclasses.replace(spec, title=title, series=series)


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
    """The label in ``lang``, and the hover text where it starts with the label (a growth trigger's: the label, then
    the plan's own note, which stays as written; the zh window's hover read "when requests per day exceeds …")."""
    label = translate(marker.label, lang)
    tip = marker.tooltip
    if tip == marker.label:
        tip = label
    elif tip.startswith(marker.label + ". "):
        tip = label + ("。" if lang == "zh" else ". ") + tip[len(marker.label) + 2:]
    return dataclasses.replace(marker, label=label, tooltip=tip)


WITHOUT_UNIT = {"month", "months", ""}  # the label says it already ("Month" / "月份")


def _notes(text: str, lang: str) -> str:
    """A chart's notes in ``lang``: as a whole when known so, else line by line."""
    whole = translate(text, lang)
    if whole != text or "\n" not in text:
        return whole
    return "\n".join(translate(line, lang) for line in text.splitlines())


def unit_text(unit: str, lang: str) -> str:
    """A unit in the document's language: "USD/run" -> "美元/次", "days" -> "天", "tokens/s" -> "tokens/秒"
    (the one unit table, ``[unit]`` and ``[unit_part]`` of ``report_<lang>.toml``)."""
    if lang != "zh" or not unit:
        return unit
    data = catalogue("report", lang)
    units, parts = data["unit"], data["unit_part"]
    if unit in units:
        return str(units[unit])
    return "/".join(str(parts.get(p, units.get(p, p))) for p in unit.split("/"))


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
    words = chinese_texts()
    accelerator = words.part_named("accelerators", str(server.get("accelerator_id", "")),
                                   str(server.get("accelerator", "")), lang)
    named = server_display_name(words.part_named("servers", str(server.get("id", "")), old, lang),
                                str(server.get("vendor", "")), int(server.get("gpus", 0)), accelerator,
                                lang) if old else old
    if named == old:
        return spec
    racks = [dataclasses.replace(rack, boxes=[
        dataclasses.replace(box, label=named if box.label == old else box.label,
                            tooltip=box.tooltip.replace(old, named, 1)) for box in rack.boxes]) for rack in spec.racks]
    return dataclasses.replace(spec, racks=racks)


def localise_spec(spec: Any, lang: str, tooltips: bool = True) -> Any:
    """A copy of ``spec`` with its visible words in ``lang`` (English specs pass through unchanged, but for the
    name of a generic chassis and a trigger's large count); a printed chart has no hover text, so ``tooltips=False`` drops it instead of
    translating every point's formula."""
    if isinstance(spec, ChartSpec) and any(s.tooltip_reasons is not None for s in spec.series):
        spec = dataclasses.replace(spec, series=[_worded_tips(s, lang, tooltips) for s in spec.series])
    if isinstance(spec, RackLayoutSpec):
        spec = named_racks(spec, lang)
    if isinstance(spec, ChartSpec):
        spec = figure_named(spec, lang)
    if lang != "zh" and isinstance(spec, ChartSpec) and spec.markers:  # a trigger's large count (_trigger_count_en)
        return dataclasses.replace(spec, markers=[_marker(m, lang) for m in spec.markers])
    if lang != "zh" or spec is None:
        return spec
    if isinstance(spec, RackLayoutSpec):
        return dataclasses.replace(spec, title=translate(spec.title, lang), notes=_notes(spec.notes, lang),
                                   role_labels={k: translate(v, lang) for k, v in spec.role_labels.items()})
    if not isinstance(spec, ChartSpec):
        return spec
    return dataclasses.replace(
        spec, tick_language=lang,
        title=spec.title if spec.title_figure else translate(spec.title, lang), x_label=translate(spec.x_label, lang),
        y_label=translate(spec.y_label, lang), y2_label=translate(spec.y2_label, lang),
        notes=_notes(spec.notes, lang),
        series=[_series(s, lang, tooltips) for s in spec.series],
        hlines=[_ref(h, lang) for h in spec.hlines],
        # a roadmap's phase lines ("trigger") carry the plan's own names, never chart words: "{value} GPUs" turned
        # the phase "Pilot: model iteration on rented GPUs" into "… rented 张 GPU"
        vlines=[v if v.color_role == "trigger" else _ref(v, lang) for v in spec.vlines],
        markers=[_marker(m, lang) for m in spec.markers],
        categories=[translate(c, lang) for c in spec.categories] if spec.categories is not None else None,
    )
