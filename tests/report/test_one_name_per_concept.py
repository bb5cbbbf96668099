"""One Chinese name per concept (issue 21): a text catalogue entry that names a vocabulary term in English (the same
words as the term's English name) uses the term's Chinese name, so the form, the charts, the checks and the proposal
say "一次性投入" for capital expenditure everywhere, not "资本支出" in one place and "一次性投入" in another."""

from __future__ import annotations

import importlib
import pkgutil

import gpudesk.vocabulary
from gpudesk.paths import resource_path
from gpudesk.text_catalogues import flat_catalogue
from gpudesk.vocabulary.terms import Vocabulary

HOMONYMS = {
    "storage": "a catalog section, a plan field and a cost category share the English word",
    "seats": "a unit (席) and a growth-trigger metric (席位数)",
    "none": "the empty choice of many fields, each worded for its field",
}
"""English words that name different concepts in different places (each entry says why)."""
HEADINGS = {
    "catalog field": "the catalog tables' column headings (vocabulary/catalog_fields.py) name fields, not concepts: "
                     "'GPUs' heads a column (GPU数) and is a unit (卡), 'Source' heads a column and a guide's section",
    "cost line unit": "the bill of materials' measure words (vocabulary/costs.py LINE_UNIT): 台 counts servers, "
                      "switches and appliances, so its English names ('servers') are no concept's name",
}
"""Vocabularies of headings rather than concepts, left out of the check (each says why)."""


def vocabulary_names() -> dict[str, set[str]]:
    """Each vocabulary term's English name (lower case) -> its Chinese names."""
    names: dict[str, set[str]] = {}
    for module in pkgutil.iter_modules(gpudesk.vocabulary.__path__):
        for value in vars(importlib.import_module(f"gpudesk.vocabulary.{module.name}")).values():
            if isinstance(value, Vocabulary) and value.name not in HEADINGS:
                for term in value:
                    names.setdefault(term.en.strip().lower(), set()).add(term.zh)
    return names


def test_catalogue_entries_use_the_vocabularys_chinese_name() -> None:
    names = vocabulary_names()
    subjects = sorted({p.stem.rsplit("_", 1)[0] for p in resource_path("i18n").glob("*_en.toml")})
    found = []
    for subject in subjects:
        english, chinese = flat_catalogue(subject, "en"), flat_catalogue(subject, "zh")
        for key, text in english.items():
            word = text.strip().lower()
            if word in HOMONYMS or word not in names or key not in chinese:
                continue
            if not any(name in chinese[key] for name in names[word]):
                found.append(f"{subject}:{key} {text!r} -> {chinese[key]!r}, vocabulary: {sorted(names[word])}")
    assert not found, "\n".join(found)


def test_the_check_finds_a_second_name() -> None:
    names = vocabulary_names()
    assert "一次性投入" in names["capital expenditure"] and "训练期限" in names["training deadline"]


def test_a_figure_the_proposal_labels_has_that_label_in_the_window() -> None:
    """The window's figure labels (figures_zh.toml) repeated 29 of the proposal's (report_zh.toml [figure]), 15 in
    other words: step 6 read 本阶段成本 where the proposal reads 本阶段费用, step 5 服务器最大功率 for
    单台服务器额定最大功率 (walk of polish-25). A figure the proposal labels is labelled there only; the window reads
    it through report/display_text.py, which lays its own table over the proposal's."""
    from gpudesk.report.display_text import display_text

    window, proposal = flat_catalogue("figures", "zh"), flat_catalogue("report", "zh")
    both = sorted(k for k in proposal if k.startswith("figure.") and k in window)
    assert not both, both
    assert display_text("zh").figure_label("plan.phase_cost", "cost of this phase") == proposal["figure.plan.phase_cost"]
