"""A phase's assumptions in the reader's language.

The core words an assumption in English (:class:`gpudesk.core.assumptions.Assumption`, a ``str``) and records its
key and values: codes, numbers and names, never another language's words. Another language fills the key's entry
of the text catalogue ``resources/i18n/assumptions_<lang>.toml`` with those values, each code named in the
language: a market, data residency, domestic-parts rule and industry from their vocabularies, an availability
status from ``vocabulary.plan_choices.AVAILABILITY_STATUS``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gpudesk.core.assumptions import Assumption
from gpudesk.report.check_text import in_language, offers_named, parts_named
from gpudesk.report.server_names import storage_display_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.text_catalogues import catalogue, fill_chinese
from gpudesk.vocabulary.plan_choices import (
    AVAILABILITY_STATUS,
    DATA_RESIDENCY,
    DOMESTIC_PARTS,
    INDUSTRY,
    MARKET,
    MLPS_LEVEL,
)
from gpudesk.vocabulary.terms import Term, Vocabulary

NAMED: dict[str, Vocabulary[Term]] = {"market": MARKET, "residency": DATA_RESIDENCY, "domestic": DOMESTIC_PARTS,
                                      "industry": INDUSTRY, "mlps": MLPS_LEVEL}
"""Values holding a code of a vocabulary: ``<key>_name`` is its name in the language."""


@lru_cache(maxsize=4)
def assumption_templates(lang: str) -> dict[str, str]:
    """assumption key -> template of ``lang`` (empty for English: an assumption's own text is English)."""
    if lang == "en":
        return {}
    return {str(k): str(v) for k, v in catalogue("assumptions", lang).get("assumption", {}).items()}


def assumption_text(assumption: Assumption, lang: str = "en") -> str:
    """The assumption in ``lang``: English is the core's own sentence; another language fills the key's catalogue
    entry with the values, codes named in the language. A key missing from the catalogue is a programming error
    (the tests hold every key of the core to the catalogue), so it raises."""
    if lang == "en":
        return str(assumption)
    values: dict[str, Any] = offers_named(parts_named(assumption.values, lang), lang)  # a part, a provider in the
    # language
    # catalog text in several languages (``rule_text``) words its value (``rule``) in the reader's language
    values.update({k[:-5]: in_language(v, lang) for k, v in assumption.values.items() if k.endswith("_text")})
    for key, vocabulary in NAMED.items():
        if key in values:
            code = str(values[key])
            values[f"{key}_name"] = vocabulary.name_of(code, lang) if code in vocabulary else code
    if "currency" in values:  # 人民币（元）, not the code CNY
        values["currency"] = ReportText(lang).choice("currency_name", str(values["currency"]))
    if "storage" in values:  # a catalog storage class in the reader's words, as the BOM and architecture name it
        values["storage"] = storage_display_name(str(values["storage"]), lang)
    if "status" in values:
        values["status"] = AVAILABILITY_STATUS.name_of(str(values["status"]), lang)
    return fill_chinese(assumption_templates(lang)[assumption.key], values)  # lang is zh here
