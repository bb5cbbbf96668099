"""Where a figure's input comes from, worded for a reader of the Explain panel and of ``gpudesk estimate --explain``.

The core writes each source as a string an expert can trace ("catalog accelerators/a100-sxm-40gb.bf16_tflops:
nvidia-a100-ds", "model qwen2.5-72b: hf-qwen2.5", "constant HBM_EFFICIENCY: domain guide: …"). A reader is shown
the same source in words: the catalog row by its display name and the field by its label, the citation by its short
title and date ("NVIDIA A100 SXM 40GB BF16: NVIDIA A100 Tensor Core GPU datasheet (2024-05-01)"), a constant by
its source's text with its name trailing in brackets, a fitted constant's fit as words, the customer's own figure
as such, and a figure key by the figure's label. The raw string stays in ``--json`` ("source") for experts; the
proposal numbers its references instead (:class:`gpudesk.report.sources.SourceRegistry`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from functools import lru_cache
from typing import Any

from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.shipped_rows import shipped_rows
from gpudesk.catalog.sources import chinese_texts
from gpudesk.core.constants import every_constant
from gpudesk.report.display_text import display_text
from gpudesk.report.formula_text import field_labels, formula_text
from gpudesk.report.server_names import server_display_name, storage_display_name
from gpudesk.report.sources import short_title
from gpudesk.vocabulary.catalog_fields import CATALOG_FIELD
from gpudesk.vocabulary.catalog_values import ACCELERATOR_FAMILY, FACILITY_KIND
from gpudesk.vocabulary.plan_choices import COOLING, REGION

_TABLE = "|".join(sorted(TABLES, key=len, reverse=True))
_ID = r"[A-Za-z0-9][A-Za-z0-9_.\-]*[A-Za-z0-9]"
_SEP = r"(?P<sep>: |：)"
CATALOG_ROW = re.compile(rf"(?:(?:\bcatalog|目录) )?(?P<tables>(?:(?:{_TABLE})/)+)(?P<path>{_ID})"
                         rf"(?:{_SEP}(?P<cid>{_ID}))?")
"""A catalog row's field as the core cites it ('catalog servers/cloud_offers/awscn-….ram_gb: aws-china-…'), the
citation after it when there is one; also a row named in passing ('… as servers/ascend-910b-8-server lists …')."""
CATALOG_COLUMN = re.compile(rf"(?:\bcatalog|目录) (?:{_TABLE}|accelerator) (?P<field>[a-z][a-z0-9_]*)\b")
"""A catalog field of every row of a table ('catalog servers local_nvme_tb')."""
MODEL = re.compile(rf"(?P<kind>\bmodel|模型) (?P<id>{_ID})(?:{_SEP}(?P<cid>{_ID}))?")
CONSTANT = re.compile(r"(?:\bconstant|常量) (?P<name>[A-Z][A-Z0-9_]*(?:\.[a-z]+)?)(?P<sep>: |：| = )")
"""A tuning constant quoted with its source ('constant NAME: <source>', '常量 NAME：<译文>') or its value
('constant NAME = 0.615 (<source>)')."""
FAMILY = re.compile(r"(?<![\w\-])(?P<family>[a-z]+-[a-z0-9]+)(?=(?:: |：)(?:constant|常量) )")
"""The accelerator family a constant's value belongs to ('cambricon-mlu: constant ATTN_EFF_UNMEASURED = 0.615')."""
CONSTANT_NAMED = re.compile(r"\bconstant (?P<name>[A-Z][A-Z0-9_]*(?:\.[a-z]+)?)")
TOKEN = re.compile(r"(?<![\w.\-/])[A-Za-z0-9][A-Za-z0-9_.]*[-\d][A-Za-z0-9_.\-]*[A-Za-z0-9](?![\w\-/])")
"""A citation id in running text: one with a hyphen or a digit ('nvidia-a100-ds'); a plain word that is also an id
('derived') is one only where a catalog row cites it."""
QUOTED_CONSTANT = re.compile(r"(?<![\w.])(?P<name>[A-Z][A-Z0-9_]*(?:\.[a-z]+)?): ")
"""A constant quoted by its name and source without the word 'constant' ('rate from VAT_SERVICES_PCT.cn: …')."""
ROW_DATE = re.compile(r" ?[(（]\d{4}-\d{2}-\d{2}[)）,，]")
DATED = re.compile(r" \((?P<date>\d{4}-\d{2}-\d{2})\)$")
FIT_SCRIPT = re.compile(r"tests/validation/fit_constants\.py(?: [a-z]+)?(?:, |，)?")
"""The script that fitted a constant: a repository path no reader has; the words around it say what was fitted on
what ('fitted on the fit half of the validation corpus (2026-12-01); judged on the held-out half in
docs/validation.md')."""
FIGURE_KEY = re.compile(r"(?<![\w./\-])([a-z][a-z0-9]*(?:\.[a-z0-9_]+)+)(?![\w(/\-])")
USER_FIELD = re.compile(r"\buser input \((?P<where>[a-z_.\[\]0-9]+)\)")
USER_INPUT = {"en": (re.compile(r"\buser input\b"), "customer's figure"), "zh": (re.compile("用户输入"), "客户提供")}


def source_words(source: str, lang: str, label_of: Callable[[str], str | None] | None = None) -> str:
    """``source`` (a core source string) in ``lang``'s words for a reader; ``label_of`` names a figure key a source
    cites (None: not a figure), as the panel's inputs table names it."""
    if not source:
        return source
    dated = DATED.search(source)  # a price's date after its source: the source's own words first
    source = source[:dated.start()] if dated else source
    text = display_text(lang).source(formula_text(lang).source(_quoted_constants(source)))
    if dated:
        text += f"（{dated['date']}）" if lang == "zh" else dated[0]
    colon = "：" if lang == "zh" else ": "
    text = CATALOG_ROW.sub(lambda m: _catalog_row(m, lang, colon), text)
    text = CATALOG_COLUMN.sub(lambda m: _column(m["field"], lang), text)
    text = MODEL.sub(lambda m: _model(m, lang, colon), text)
    text = _constants(text, lang)
    text = TOKEN.sub(lambda m: _cited(m[0], lang) or m[0], text)
    text = FIT_SCRIPT.sub("", text)
    if lang == "en":  # the field by its form's label, as Chinese names it through formula_text's field table
        text = USER_FIELD.sub(lambda m: f"user input ({_form_label(m['where'])})", text)
    pattern, words = USER_INPUT.get(lang, USER_INPUT["en"])
    text = pattern.sub(words, text)
    if label_of is not None:
        text = FIGURE_KEY.sub(lambda m: _label(m[1], label_of), text)
    return text


def _quoted_constants(source: str) -> str:
    """``source`` with each constant it quotes by name and source as 'constant NAME: <source>', which the language's
    constant table translates and :func:`_constants` words."""
    def quoted(match: re.Match[str]) -> str:
        english = _constant_sources().get(match["name"])
        if english is None or not source.startswith(english, match.end()) or \
                source[:match.start()].endswith("constant "):
            return match[0]
        return f"constant {match[0]}"
    return QUOTED_CONSTANT.sub(quoted, source)


def _catalog_row(match: re.Match[str], lang: str, colon: str) -> str:
    tables = match["tables"].rstrip("/").split("/")  # 'servers/cloud_offers/': a server's field of a cloud offer
    table = tables[-1]
    row, field = _row_and_field(tables, match["path"])
    own_date = ROW_DATE.match(match.string, match.end()) is not None  # the row's date follows: not the citation's
    if row not in _rows(table):  # not a shipped row (a user's own): as the core wrote it
        return match[0]
    named = row_name(table, row, lang) + (" " + _field_label(field, lang) if field else "")
    cited = _cited(match["cid"], lang, dated=not own_date) if match["cid"] else ""
    if match["cid"] and not cited:
        cited = match["cid"]
    return named + (colon + cited if cited else "")


def _row_and_field(tables: list[str], path: str) -> tuple[str, str]:
    """A row id and the field after it, a field of one of ``tables`` ('qwen2.5-72b' has no field: '5-72b' is not
    one of the models' fields)."""
    head, _, last = path.rpartition(".")
    return (head, last) if head and any(last in _fields(t) for t in tables) else (path, "")


def _column(field: str, lang: str) -> str:
    return f"{_field_label(field, lang)}（目录）" if lang == "zh" else f"{_field_label(field, lang)} (catalog)"


def _model(match: re.Match[str], lang: str, colon: str) -> str:
    if match["id"] not in _rows("models"):
        return match[0]
    if not match["cid"]:  # the model's own row ('model qwen2.5-72b'): the kind word stays before its name
        return f"{match['kind']} {row_name('models', match['id'], lang)}"
    return row_name("models", match["id"], lang) + colon + (_cited(match["cid"], lang) or match["cid"])


def _constants(text: str, lang: str) -> str:
    """Each constant quoted with its source by that source, its name trailing in brackets ('… (HBM_EFFICIENCY)')."""
    names: list[str] = []

    def drop(match: re.Match[str]) -> str:
        names.append(match["name"])
        return match["sep"].lstrip(" =：:") if match["sep"] == " = " else ""

    text = FAMILY.sub(lambda m: ACCELERATOR_FAMILY.name_of(m["family"], lang), text)
    text = CONSTANT.sub(drop, text)
    text = CONSTANT_NAMED.sub(lambda m: ("常量 " if lang == "zh" else "") + m["name"], text)
    if names:
        text += "".join(f"（{n}）" if lang == "zh" else f" ({n})" for n in dict.fromkeys(names))
    return text


def _cited(cid: str, lang: str, dated: bool = True) -> str:
    """A catalog citation by its short title and the date it was read ('' for an id the catalog does not hold)."""
    row = _rows("citations").get(cid)
    if row is None:
        return ""
    title = short_title(chinese_texts().citation_title(cid, lang) or str(row.get("title", cid)))
    date = str(row.get("accessed", "")) if dated else ""
    return title + ((f"（{date}）" if lang == "zh" else f" ({date})") if date else "")


def _label(key: str, label_of: Callable[[str], str | None]) -> str:
    label = label_of(key)
    return re.split(r" \(|; |, |（|；|，", label, maxsplit=1)[0] if label else key


def row_name(table: str, row_id: str, lang: str) -> str:
    """A shipped catalog row by its display name in ``lang`` (an offer by provider and instance, a facility default by
    what it is and where); the id where the shipped catalog has no such row."""
    raw = _rows(table).get(row_id)
    if raw is None:
        return row_id
    if table == "cloud_offers":
        return chinese_texts().offer_named(f"{raw.get('provider', '')} {raw.get('instance', '')}", row_id, lang)
    if table == "facility_defaults":
        where = str(raw.get("region", ""))
        place = next((v.name_of(where, lang) for v in (REGION, COOLING) if where in v), where)
        return f"{FACILITY_KIND.name_of(str(raw.get('kind', '')), lang)}{'，' if lang == 'zh' else ', '}{place}"
    name = str(raw.get("name", row_id))
    if table == "storage_options":
        return storage_display_name(name, lang)
    if table == "servers":  # a generic chassis by the language's pattern, its accelerator in the reader's words
        accelerator = str(raw.get("accelerator_id", ""))
        return server_display_name(name, str(raw.get("vendor", "")), int(raw.get("gpus", 0) or 0),
                                   row_name("accelerators", accelerator, lang) if accelerator else "", lang,
                                   str(raw.get("name_zh", "")))
    return str(raw.get("name_zh") or name) if lang == "zh" else name


@lru_cache(maxsize=None)
def _form_label(field: str) -> str:
    """A plan field by its English form label, without the label's input hint ('Nodes (0 = size for me)')."""
    label = field_labels("en").get(field)
    return label.split(" (", 1)[0] if label else field


def _field_label(field: str, lang: str) -> str:
    return CATALOG_FIELD.name_of(field, lang) if field in CATALOG_FIELD else field.replace("_", " ")


@lru_cache(maxsize=None)
def _rows(table: str) -> dict[str, dict[str, Any]]:
    return {str(raw.get("id", "")): raw for raw in shipped_rows(table)}


@lru_cache(maxsize=1)
def _constant_sources() -> dict[str, str]:
    """Each tuning constant's English source by its name, as the core states it (``constants_en.toml`` records the
    same text for its translations: tests/report/test_constant_sources_zh.py), without parsing that file."""
    return {name: constant.source for name, constant in every_constant().items()}


@lru_cache(maxsize=None)
def _fields(table: str) -> frozenset[str]:
    spec = TABLES.get(table)
    return frozenset(f.name for f in fields(spec.record_type)) if spec is not None else frozenset()
