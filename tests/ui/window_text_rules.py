"""The words a window may show in a language besides its own (tests/ui/test_window_fits.py's audit): the catalog's
content and field codes, where each tuning constant comes from as the Explain panel cites it, the catalog's tables
and ids, and the plan's own names (not for a shipped sample in Chinese, which reads in Chinese)."""

from __future__ import annotations

import re
from pathlib import Path

from test_i18n_support import words_of
from window_audit import TextRules, catalog_words, plan_words, saved_plan_words

from gpudesk.catalog import field_rules
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.sources import chinese_texts
from gpudesk.core import constants as C
from gpudesk.core.constants import Constant
from gpudesk.report.formula_text import constant_source_table
from gpudesk.session.sample_text import shipped_sample


def constants_of(module) -> list[Constant]:
    found = []
    for value in vars(module).values():
        if isinstance(value, Constant):
            found.append(value)
        elif isinstance(value, dict):
            found += [v for v in value.values() if isinstance(v, Constant)]
    return found


def catalog_vocabulary(catalog, lang: str) -> set[str]:
    """Words of the catalog's content a browser shows as they are: source titles, publishers and addresses (in
    English also the sources' and the rows' notes), and the codes its fields accept (vendors, families, kinds): the catalog's own values; and where
    each tuning constant comes from, as the Explain panel cites it in the reader's language (in Chinese the citation
    as published inside translated words, so an English source left untranslated is caught)."""
    texts = [f"{c.title} {c.publisher} {c.url}" for c in catalog.citations().values()]
    if lang == "en":  # in Chinese the rows' and the sources' notes read in Chinese (notes_zh, note_zh)
        texts += [c.note for c in catalog.citations().values()]
        texts += [r.provenance.notes for table in TABLES for r in catalog.rows(table)]
    else:  # the names those Chinese notes keep in Latin ("hardware-facts", "Lockwood"; tests/catalog holds them)
        chinese = chinese_texts()
        texts += [zh for _en, zh in [*chinese.notes.values(), *chinese.citation_notes.values()]]
    cited = constant_source_table("zh") if lang == "zh" else {c.name: (c.source, c.source) for c in constants_of(C)}
    texts += [translated for _english, translated in cited.values()]
    texts += [choice for table in field_rules.RULES.values() for rule in table.values() for choice in rule.choices]
    return words_of(texts)


def rules_for(window, catalog, lang: str, plan: Path | None) -> TextRules:
    allowed = catalog_words(catalog) | catalog_vocabulary(catalog, lang)
    allowed |= words_of(TABLES)  # a source's catalog path ("目录 nics/connectx-7-ndr.gbps"), beside the row id
    if not (lang == "zh" and plan is not None and shipped_sample(plan)):  # a shipped sample reads in Chinese
        allowed |= plan_words(window.document.project) | (saved_plan_words(plan) if plan is not None else set())
    ids = frozenset(r.id for table in (catalog.accelerators(), catalog.servers(), catalog.models(),
                                       catalog.storage_options(), catalog.cloud_offers(), catalog.nics(),
                                       catalog.switches()) for r in table if "-" in r.id)
    return TextRules(lang, allowed, ids, snake_names(catalog))


def snake_names(catalog) -> frozenset[str]:
    """The snake_case words the catalog's framework names hold ('torch_npu' of 'PyTorch (torch_npu)')."""
    frameworks = [name for a in catalog.accelerators()
                  for name in (*a.frameworks, *a.training_frameworks, *a.serving_frameworks)]
    return frozenset(re.findall(r"[a-z][a-z0-9]*_[a-z0-9_]+", " ".join(frameworks)))
