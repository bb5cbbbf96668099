"""A check's wording, and the reasons of a ranked alternative, in the session or proposal language.

A check carries its id, its numbers and its English text (written where the core emits it). The Chinese
wording lives in the text catalogue ``resources/i18n/checks_zh.toml`` by check id: a title, a message and a fix
filled with the check's numbers. A number whose value is a code is shown by its name: delivery modes, markets and
what limits a layout from the vocabulary (gpudesk.vocabulary), the others from the catalogue's ``[code.<number>]``
tables. ``tests/core/test_check_localisation`` finds every emitted id in the source and fails on one without an entry, or on an entry naming a number its
emitting site does not record.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from gpudesk.catalog.sources import chinese_texts
from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.checks import Check
from gpudesk.core.reason_values import Joined, Money, Quantity, Word
from gpudesk.report.display_units import COUNT_WORDS, after_number, display_value, with_count_word
from gpudesk.report.number_format import format_money, format_number, format_quantity
from gpudesk.report.server_names import server_display_name
from gpudesk.report.sources import short_title
from gpudesk.report.text_catalog import ReportText
from gpudesk.text_catalogues import catalogue, fill, fill_chinese
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.delivery import DELIVERY_MODE, DELIVERY_OPTION, delivery_name
from gpudesk.vocabulary.plan_choices import FABRIC, MARKET
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import ENGINE_RELEASE, PERCENTILE, SERVING_BATCHING
from gpudesk.vocabulary.sizing import BINDING, BOTTLENECK
from gpudesk.vocabulary.terms import Vocabulary
from gpudesk.vocabulary.training import LOW_PRECISION_RECIPE, PIPELINE_SCHEDULE
from gpudesk.vocabulary.workloads import WORKLOAD_KIND

MODE_KEYS = ("mode", "cheapest_allowed")
"""``Check.numbers`` keys whose value is a delivery-mode code."""
MARKET_KEYS = ("market", "offer_market")
"""``Check.numbers`` keys whose value is a market code (named from the MARKET vocabulary)."""


OFFER_NAMES = (("offer", "offer_id"), ("gpu_offer", "gpu_offer_id"), ("provider", "offer_id"), ("instance", "offer_id"),
               ("region", "offer_id"))
"""(number, number holding the cloud offer's id): a name of the offer (or its provider or instance alone) that the
core wrote in English, worded in the reader's language (``ChineseTexts.offer_named``)."""


def parts_named(values: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``values`` with each catalog part (accelerator, server) the core named in English in ``lang``
    (``ChineseTexts.parts_in``): a check's, reason's or assumption's text values."""
    words = chinese_texts()
    return {k: words.parts_in(v, lang) if isinstance(v, str) else v for k, v in values.items()}


def offers_named(values: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``values`` with each name of a cloud offer (``OFFER_NAMES``) in ``lang``: "AWS 中国（宁夏区域，西云数据运营）
    p4d.24xlarge" in Chinese, where the core wrote "AWS China (Ningxia, operated by NWCD) p4d.24xlarge"."""
    out = dict(values)
    for name, offer in OFFER_NAMES:
        if out.get(offer) and isinstance(out.get(name), str):
            out[name] = chinese_texts().offer_named(out[name], str(out[offer]), lang)
    return out


MONEY_KEYS = ("cheap_hour", "best_hour", "cheap_job", "best_job", "private", "cloud_on_demand", "cost", "budget",
              "excess")
"""``Check.numbers`` keys holding an amount in the check's ``currency``: worded as money in the reader's language."""


@lru_cache(maxsize=4)
def check_templates(lang: str) -> dict[str, tuple[str, str, str]]:
    """check id -> (title, message, fix) templates of ``lang`` (empty for English: a check's own text is English)."""
    if lang == "en":
        return {}
    return {cid: (str(t["title"]), str(t["message"]), str(t["fix"]))
            for cid, t in catalogue("checks", lang).get("check", {}).items()}


@lru_cache(maxsize=4)
def code_names(lang: str) -> dict[str, dict[str, str]]:
    """number key -> {code: wording} of ``lang`` for the codes a check's numbers may hold."""
    data = catalogue("checks", lang)
    tables = {k: {str(code): str(text) for code, text in v.items()} for k, v in data.get("code", {}).items()}
    modes = {code: delivery_name(code, lang) for code in DELIVERY_OPTION.codes + DELIVERY_MODE.codes}
    markets = {term.code: term.name(lang) for term in MARKET}
    precisions = {t.code: t.name(lang) for t in PRECISION}
    links = {**tables.get("link_kind", {}), "infiniband": FABRIC.name_of("infiniband", lang)}  # a NIC's, a switch's
    return {**tables, "recipe": {t.code: t.name(lang) for t in LOW_PRECISION_RECIPE}, "compute": precisions,
            "schedule": {t.code: t.name(lang) for t in PIPELINE_SCHEDULE},
            "batching": {t.code: t.name(lang) for t in SERVING_BATCHING},
            "release": {t.code: t.name(lang) for t in ENGINE_RELEASE},
            "dataset": {t.code: t.name(lang) for t in LENGTH_DATASET},
            "nic_kind": links, "switch_kind": links, "server_kind": links, "wants": precisions, "limit": {t.code: t.name(lang) for t in BOTTLENECK}, "binding": {t.code: t.name(lang) for t in BINDING}, **{key: modes for key in MODE_KEYS},
            **{key: markets for key in MARKET_KEYS}}


def in_language(value: Any, lang: str) -> Any:
    """A catalog text given in several languages (``{"en": …, "zh": …}``, e.g. an availability rule) in ``lang``
    (English where the catalog row has no such language); any other value as it is."""
    if isinstance(value, Mapping) and "en" in value:
        return value.get(lang) or value["en"]
    return value


DIGITS_KEYS = ("days", "deadline_days")
"""A check's numbers its templates print as the figure tables do ('2.53 天', not '2.5 天'): the core's English
message formats them by the same rule (core/digits.plain_number)."""


def chassis_named(check: Check, lang: str) -> tuple[str, str, str]:
    """(title, message, fix) in the check's own (English) words, a generic chassis named as the bill of materials,
    the status bar and the window name it: the English checks read "Neither Generic 8 × L20 server nor …" where
    every other surface says "Generic 8-GPU NVIDIA L20 48GB server" (walk of polish-25)."""
    numbers, texts = check.numbers, (check.title, check.message, check.fix)
    name = str(numbers.get("server", ""))
    if "server_vendor" not in numbers or not name:
        return texts
    shown = server_display_name(name, str(numbers["server_vendor"]), int(numbers.get("server_gpus", 0)),
                                str(in_language(numbers.get("accelerator", ""), lang)), lang)
    return texts if shown == name else (texts[0].replace(name, shown), texts[1].replace(name, shown),
                                        texts[2].replace(name, shown))


CITED = re.compile(r"\s?[（(](?P<source>source: |来源：)?(?P<cid>[a-z0-9][a-z0-9_.\-]*[a-z0-9])?[）)]")
"""A catalog citation a check's text names by its id ("(source: stack-ascend)", "（stack-ascend）"), or the empty
brackets a source the catalog does not record leaves ("框架支持为目录未记录（）")."""


def sources_titled(text: str, lang: str) -> str:
    """``text`` with each catalog citation id it names in brackets read by the citation's short title in ``lang``
    ("(source: Huawei Ascend (CANN))", "（来源：华为昇腾（CANN））"), and no empty brackets: what the window and the
    terminal show. A bracketed word that is no citation id stays; "source: " naming an id the shipped catalog does
    not hold (a user's own database) says nothing rather than print the id."""
    def titled(match: re.Match[str]) -> str:
        cid = match["cid"] or ""
        title = chinese_texts().citation_title(cid, lang) if cid else ""
        if title:
            title = short_title(title)
            return f"（来源：{title}）" if lang == "zh" else f" (source: {title})"
        return "" if match["source"] or not cid else match[0]

    return CITED.sub(titled, text)


def localise(check: Check, language: str = "en", by_reference: bool = False) -> tuple[str, str, str]:
    """(title, message, fix) of a check in ``en`` or ``zh``, a catalog citation named by its short title
    (``sources_titled``); with ``by_reference`` by its id, which the proposal numbers as a reference
    (``SourceRegistry.scrub``).

    English is the check's own text. Chinese fills the id's catalogue entry with the check's numbers (codes shown
    by their Chinese names); an id without an entry, or numbers that do not fit it, fall back to the English text
    rather than print a half-filled sentence."""
    texts = _localised(check, language)
    return texts if by_reference else (sources_titled(texts[0], language), sources_titled(texts[1], language),
                                       sources_titled(texts[2], language))


def _localised(check: Check, language: str) -> tuple[str, str, str]:
    templates = check_templates(language)
    if check.id not in templates:
        return chassis_named(check, language)
    codes = code_names(language)
    title, message, fix = templates[check.id]
    try:
        if "defaults" in check.numbers:  # inputs left at their defaults, as data: worded in the language
            check = replace(check, numbers={**check.numbers, "inputs": assumed_listing(check.numbers["defaults"],
                                                                                        language)})
        # a code's wording may itself hold the check's numbers ("要到第 {payback_month:,.0f} 个月才")
        numbers = {k: fill(codes[k][str(v)], check.numbers) if k in codes and str(v) in codes[k]
                   else in_language(v, language) for k, v in check.numbers.items()}
        numbers = offers_named(parts_named(numbers, language), language)
        if "currency" in numbers:  # amounts as the language shows money (万元 in Chinese), never '1,279,180 CNY'
            numbers.update({k: format_money(float(numbers[k]), str(numbers["currency"]), language)
                            for k in MONEY_KEYS if k in numbers})
        if "server_vendor" in numbers:  # a generic chassis is named in the reader's language
            numbers["server"] = server_display_name(str(numbers.get("server", "")), str(numbers["server_vendor"]),
                                                    int(numbers.get("server_gpus", 0)),
                                                    str(numbers.get("accelerator", "")), language)
        for key in DIGITS_KEYS:  # figures a template leaves unformatted: the one digits rule (plain_number)
            if isinstance(numbers.get(key), (float, int)) and "{" + key + "}" in message + fix:
                numbers[key] = format_number(float(numbers[key]))
        worded = fill_chinese if language == "zh" else fill
        return title, worded(message, numbers), worded(fix, numbers)
    except (KeyError, ValueError, TypeError):
        return check.title, check.message, check.fix


SINGULAR = {"gpus": ("{gpus:,} GPUs", "1 GPU"), "replicas": ("{replicas:,} replicas", "1 replica"),
            "carried": ("{carried:,} servers", "1 server"), "new": ("{new:,} new servers", "1 new server"),
            "deadline_days": ("{deadline_days} days", "1 day"),
            "prefill_instances": ("({prefill_instances:,} instances)", "(1 instance)"),
            "decode_instances": ("({decode_instances:,} instances)", "(1 instance)"),
            "prefill": ("prefill pool {prefill:,} GPUs", "prefill pool 1 GPU"),
            "decode": ("decode pool {decode:,} GPUs", "decode pool 1 GPU"),
            "count": ("{count} cost lines awaiting a quote are", "1 cost line awaiting a quote is")}
"""A reason's count that reads in the singular when it is one."""


def reason_text(reason: Reason, lang: str = "en") -> str:
    """Why a ranked alternative is where it is, in ``en`` or ``zh``, from the reason catalogue
    (``resources/i18n/reasons_<lang>.toml``). A key missing from the catalogue is a programming error (the tests
    hold every emitted key to both catalogues), so it raises rather than print a code. With one GPU or one replica,
    the English wording reads the singular (``SINGULAR``): "{gpus:,} GPUs" becomes "1 GPU". Numbers that are reasons,
    money, vocabulary words or several of these joined (core/reason_values.py) are worded in ``lang`` first."""
    words = catalogue("reasons", lang)["reason"]
    text = str(words[reason.key])
    for number, (many, one) in SINGULAR.items():  # "1 GPU", "1 replica" (English plurals; Chinese has none)
        if reason.numbers.get(number) == 1:
            text = text.replace(many, one)
    values = offers_named(parts_named({k: _worded(v, lang, words) for k, v in reason.numbers.items()}, lang), lang)
    for key, value in values.items():  # a figure the template leaves unformatted: the one rule for its digits
        if isinstance(value, (float, int)) and not isinstance(value, bool) and "{" + key + "}" in text:
            values[key] = format_number(value)
    for key in MARKET_KEYS:  # a market by its name, never its code ("cn")
        if isinstance(values.get(key), str) and values[key] in MARKET.codes:
            values[key] = MARKET.name_of(values[key], lang)
    return fill_chinese(text, values) if lang == "zh" else fill(text, values)


def words(value: Any, lang: str = "en") -> str:
    """A reason, money, a vocabulary word or several joined (core/reason_values.py), worded in ``lang``."""
    return str(_worded(value, lang, catalogue("reasons", lang)["reason"]))


VOCABULARIES: dict[str, Vocabulary[Any]] = {"binding": BINDING, "percentile": PERCENTILE}
"""The vocabularies a reason's :class:`Word` may name."""


def _worded(value: Any, lang: str, words: Mapping[str, Any]) -> Any:
    value = in_language(value, lang)
    if isinstance(value, Reason):
        return reason_text(value, lang)
    if isinstance(value, Money):
        if not math.isfinite(value.amount):
            return awaiting_quote(lang)
        from gpudesk.report.ledger_text import awaiting_total  # ledger_text reads this module

        return awaiting_total(format_money(value.amount, value.currency, lang), value.awaiting, ReportText(lang))
    if isinstance(value, Quantity):
        return quantity_text(value, lang)
    if isinstance(value, Word):
        term = VOCABULARIES[value.vocabulary].term(value.code)
        return term.name(lang) if value.form == "name" else str(getattr(term, f"{value.form}_{lang}"))
    if isinstance(value, Joined):
        return str(words[f"separator_{value.separator}"]).join(str(_worded(v, lang, words)) for v in value.items)
    return value


def quantity_text(quantity: Quantity, lang: str) -> str:
    """A quantity as the figure table shows it (``display_value``: the same scaling, the same unit words)."""
    unit, number = display_value(quantity.value, quantity.unit, lang)
    word, _, rest = unit.partition(" ")
    if word not in COUNT_WORDS or not rest:
        word, rest = "", unit
    shown = ReportText(lang).choice("unit", rest) or rest
    return number + after_number(with_count_word(word, shown) if word else shown)


def reasons_in(candidate: Candidate, lang: str = "en") -> tuple[str, ...]:
    return tuple(reason_text(r, lang) for r in candidate.reasons)


def assumed_listing(assumed: Iterable[Mapping[str, Any]], lang: str) -> str:
    """Essential inputs left at gpudesk's defaults (``plan.assumed_inputs``' ``defaults`` number, one entry per
    workload) in ``lang``: each input by its label in the report catalogue (``workload.<field>``), its value with
    the unit in the language, a workload kind by its name."""
    text = ReportText(lang)
    colon, joiner, between = ("：", "；", "；") if lang == "zh" else (": ", "; ", " | ")

    def shown(item: Mapping[str, Any]) -> str:
        value = item["value"]
        if item["field"] == "kind":
            return WORKLOAD_KIND.name_of(str(value), lang)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_quantity(value, str(item.get("unit", "")), text)
        return str(item.get("name") or value)  # a catalog row by its name, not its id

    def workload(entry: Mapping[str, Any]) -> str:
        name = entry.get("workload") or f"{int(entry['index']) + 1}. {WORKLOAD_KIND.name_of(str(entry['kind']), lang)}"
        return name + colon + joiner.join(f"{text.get('workload.' + item['field'])} = {shown(item)}"
                                          for item in entry["inputs"])

    return between.join(workload(entry) for entry in assumed)


def pools_text(pools: tuple[int, ...] | list[int], lang: str = "en") -> str:
    """A disaggregated serving workload's two pools as every surface names them (the status bar, the proposal's
    workload rows, the CLI, the search's configurations): 'prefill/decode disaggregated: prefill pool 36 + decode
    pool 36 GPUs'; "" for a workload that is not disaggregated. Its layout alone read 'TP4 × PP1 × DP18', 18 being
    the prefill and the decode instances together."""
    if len(pools) != 2:
        return ""
    return reason_text(Reason("point_disaggregated_pools", {"prefill": int(pools[0]), "decode": int(pools[1])}), lang)
