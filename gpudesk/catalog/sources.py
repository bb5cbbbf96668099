"""Read the human-edited catalog sources (``resources/catalog/*.toml``).

``catalog.toml`` holds the catalog version; ``citations.toml`` the sources
every row cites; one file per table holds its rows as ``[[<table>]]``.
Loading checks every row (types, ranges, citations, cross-references) and
raises :class:`CatalogValidationError` listing all problems at once.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogValidationError, Problem
from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.stored_texts import read_parts
from gpudesk.catalog.validate import check_unique, validate_tables
from gpudesk.paths import resource_path, shipped_catalog_path
from gpudesk.vocabulary.catalog_values import CLOUD_REGION
from gpudesk.vocabulary.plan_choices import MARKET
from gpudesk.vocabulary.terms import Term

CATALOG_FILE = "catalog.toml"
CITATIONS_FILE = "citations.toml"


@dataclass(frozen=True)
class CatalogSources:
    version: str
    tables: dict[str, list[Any]]  # table -> records sorted by id
    citations: dict[str, rec.Citation]

    @property
    def built(self) -> str:
        """The newest date found in the sources: the catalog's date, independent of the clock."""
        dates = [r.provenance.date for rows in self.tables.values() for r in rows]
        dates += [c.accessed for c in self.citations.values() if c.accessed]
        return max(dates) if dates else ""


def default_source_dir() -> Path:
    return resource_path("catalog")


def _read_toml(path: Path, problems: list[Problem]) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        problems.append(Problem(path.name, "", "", "file is missing"))
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(path.name, "", "", f"not valid TOML: {exc}"))
    return {}


def load_sources(source_dir: Path | None = None) -> CatalogSources:
    src = Path(source_dir) if source_dir is not None else default_source_dir()
    problems: list[Problem] = []

    meta = _read_toml(src / CATALOG_FILE, problems).get("catalog", {})
    version = str(meta.get("version", ""))
    if not version:
        problems.append(Problem(CATALOG_FILE, "", "version", "catalog version is missing"))

    citations: dict[str, rec.Citation] = {}
    raw_citations = _read_toml(src / CITATIONS_FILE, problems).get("citations", [])
    problems.extend(check_unique("citations", (str(c.get("id", "")) for c in raw_citations)))
    for i, raw in enumerate(raw_citations, start=1):
        citation, errs = citation_from_mapping(raw, f"entry {i}", translated=True)
        problems.extend(errs)
        if citation is not None:
            citations[citation.id] = citation

    tables: dict[str, list[Any]] = {}
    refused: dict[str, set[str]] = {}  # rows refused before they became records: their dependents are summarised
    for name, spec in TABLES.items():
        raw_rows = _read_toml(src / spec.toml_file, problems).get(name, [])
        rows = []
        for i, raw in enumerate(raw_rows, start=1):
            record, errs = record_from_mapping(name, raw, f"entry {i}", translated=True, typed=True)
            problems.extend(errs)
            if record is not None:
                rows.append(record)
            elif isinstance(raw, dict) and raw.get("id"):
                refused.setdefault(name, set()).add(str(raw["id"]))
        tables[name] = sorted(rows, key=lambda r: r.id)

    problems.extend(validate_tables(tables, citations, refused))
    if problems:
        files = {name: spec.toml_file for name, spec in TABLES.items()} | {"citations": CITATIONS_FILE}
        problems = [replace(p, file=files[p.table]) if p.table in files else p for p in problems]
        raise CatalogValidationError(problems, f"catalog sources in {src} are invalid")
    return CatalogSources(version=version, tables=tables, citations=dict(sorted(citations.items())))


# -- the catalog's free text in Chinese --------------------------------------------------------------------------
class ChineseTexts:
    """What the catalog TOML says in Chinese beside its English: a row's ``notes_zh``, a citation's ``note_zh`` and
    ``title_zh``, and, where the publisher is a description rather than a name ("secondary"), its ``publisher_zh``.

    Each translation is kept with the English it sits beside, so a surface shows it only while the record it
    describes still carries that English (a database built from older sources, a user's own row of the same id
    and a row pinned by a plan keep their own words). Not part of the records: a plan's catalog snapshot and its
    drift do not change with a translation.

    The shipped sources' parts come from catalog.db (:func:`chinese_texts`, catalog/stored_texts.py: ~2 ms where
    ``gpudesk report`` parsed five TOML files, ~50 ms); other sources' each from its TOML file when first asked for."""

    def __init__(self, source_dir: Path, stored: dict[str, dict[Any, Any]] | None = None) -> None:
        """``stored``: the parts as catalog.db holds them (catalog/stored_texts.py), each standing in for its TOML
        file's parse (a cached property's value)."""
        self.source_dir = source_dir
        self.__dict__.update(stored or {})

    @cached_property
    def notes(self) -> dict[tuple[str, str], tuple[str, str]]:
        """(table, id) -> (English, Chinese) of the rows' notes."""
        return {(name, str(raw.get("id", ""))): (str(raw.get("notes", "")), str(raw["notes_zh"]))
                for name, spec in TABLES.items() for raw in _rows(self.source_dir / spec.toml_file, name)
                if raw.get("notes_zh")}

    @cached_property
    def citation_notes(self) -> dict[str, tuple[str, str]]:
        """citation id -> (English, Chinese) of its note."""
        return _translated(_rows(self.source_dir / CITATIONS_FILE, "citations"), "note", "note_zh")

    @cached_property
    def publishers(self) -> dict[str, tuple[str, str]]:
        """citation id -> (English, Chinese) of its publisher."""
        return _translated(_rows(self.source_dir / CITATIONS_FILE, "citations"), "publisher", "publisher_zh")

    @cached_property
    def titles(self) -> dict[str, tuple[str, str]]:
        """citation id -> (English, Chinese) of its title."""
        return _translated(_rows(self.source_dir / CITATIONS_FILE, "citations"), "title", "title_zh")

    @cached_property
    def citation_titles(self) -> dict[str, str]:
        """citation id -> its (English) title, for every citation the shipped catalog holds."""
        return {str(raw.get("id", "")): str(raw.get("title", ""))
                for raw in _rows(self.source_dir / CITATIONS_FILE, "citations")}

    def citation_title(self, cid: str, lang: str) -> str:
        """The title of the catalog's citation ``cid`` in ``lang`` (its ``title_zh`` while made from this title); ""
        for an id the shipped catalog does not hold (a user's own database)."""
        return self._worded("titles", cid, self.citation_titles.get(cid, ""), lang)

    @cached_property
    def providers(self) -> dict[str, tuple[str, str]]:
        """cloud offer id -> (English, Chinese) of its provider."""
        return _translated(_rows(self.source_dir / TABLES["cloud_offers"].toml_file, "cloud_offers"), "provider",
                           "provider_zh")

    @cached_property
    def instances(self) -> dict[str, tuple[str, str]]:
        """cloud offer id -> (English, Chinese) of its instance."""
        return _translated(_rows(self.source_dir / TABLES["cloud_offers"].toml_file, "cloud_offers"), "instance",
                           "instance_zh")

    @cached_property
    def part_names(self) -> dict[tuple[str, str], tuple[str, str]]:
        """(table, id) -> (English, Chinese) of the accelerators', servers' and models' names (``name_zh``), for the surfaces
        that hold a part by the id and English name the core recorded (a check's numbers, a ledger line, a rack);
        a surface holding the record itself reads its ``name_zh`` (:func:`gpudesk.catalog.records.display_name`)."""
        return {(table, row_id): names for table in ("accelerators", "servers", "models")
                for row_id, names in _translated(_rows(self.source_dir / TABLES[table].toml_file, table), "name",
                                                 "name_zh").items()}

    def part_named(self, table: str, row_id: str, english: str, lang: str) -> str:
        """A catalog part's name in ``lang``: its ``name_zh`` while the row still carries this English name (a user's
        own row of the same id keeps its own name)."""
        if lang != "zh" or not english:
            return english
        source, chinese = self.part_names.get((table, row_id), ("", ""))
        return chinese if chinese and source == english else english

    @cached_property
    def _parts_by_english(self) -> tuple[tuple[str, str], ...]:
        """(English, Chinese) of every part with a Chinese name, the longest English first (a name inside another
        is not replaced in it)."""
        return tuple(sorted(set(self.part_names.values()), key=lambda names: -len(names[0])))

    def parts_in(self, text: str, lang: str) -> str:
        """``text`` the core wrote in English with each catalog part with a Chinese name named in ``lang``: a check's
        or a reason's accelerator ("NVIDIA GB200 (per Blackwell GPU of a Grace Blackwell superchip)"), a list of
        alternatives, a configuration ("… × 8 · BF16")."""
        if lang != "zh" or not text:
            return text
        for english, chinese in self._parts_by_english:
            if english in text:
                text = text.replace(english, chinese)
        return text

    def _worded(self, part: str, row_id: str, english: str, lang: str) -> str:
        """``english`` in ``lang``: the translation in ``part`` for ``row_id`` while it was made from this English (an
        English reader's words need no part read)."""
        if lang != "zh" or not english:
            return english
        source, chinese = getattr(self, part).get(row_id, ("", ""))
        return chinese if chinese and source == english else english

    def row_notes(self, table: str, record: Any, lang: str) -> str:
        """A record's notes in ``lang``: the shipped Chinese where it was made from the record's English."""
        prov: rec.Provenance = record.provenance
        if lang != "zh" or prov.user_row or not prov.notes:
            return prov.notes
        english, chinese = self.notes.get((table, record.id), ("", ""))
        return chinese if chinese and english == prov.notes else prov.notes

    def citation_note(self, citation: rec.Citation, lang: str) -> str:
        """A citation's note in ``lang``, by the same rule."""
        return self._worded("citation_notes", citation.id, citation.note, lang)

    def publisher(self, citation: rec.Citation, lang: str) -> str:
        """A citation's publisher in ``lang``, by the same rule (a named publisher has no translation)."""
        return self._worded("publishers", citation.id, citation.publisher, lang)

    def title(self, citation: rec.Citation, lang: str) -> str:
        """A citation's title in ``lang``, by the same rule: gpudesk's words in Chinese, a published title it quotes
        as published ("Huawei Ascend (CANN)：PyTorch 通过 torch_npu 插件运行 …")."""
        return self._worded("titles", citation.id, citation.title, lang)

    def provider(self, offer: Any, lang: str) -> str:
        """A cloud offer's provider in ``lang``, by the same rule ("AWS China (Ningxia, operated by NWCD)" reads
        "AWS 中国（宁夏区域，西云数据运营）"; a brand name such as "AWS" has no translation)."""
        if offer.provenance.user_row:
            return str(offer.provider)
        return self._worded("providers", offer.id, offer.provider, lang)

    def offer_named(self, text: str, offer_id: str, lang: str) -> str:
        """``text`` naming cloud offer ``offer_id`` (a check's or a reason's name of the offer, a ledger line's
        item, its provider or its instance alone) with the provider it begins with and the instance it holds in
        ``lang``; the words that are not this offer's English as they are (a user's own row, a database built from
        other sources). The core records the offer's id beside the English name it writes, and the face names it
        here, so a Chinese check never reads "rents AWS China (Ningxia, …)" or "B200 (per GPU, typical)"."""
        if lang != "zh":
            return text
        english, chinese = self.providers.get(offer_id, ("", ""))
        if english and chinese and text.startswith(english):
            text = chinese + text[len(english):]
        english, chinese = self.instances.get(offer_id, ("", ""))
        text = text.replace(english, chinese, 1) if english and chinese else text
        return _region_named(text, lang)


def _region_named(text: str, lang: str) -> str:
    """An offer's region, alone or in brackets at the end of the offer's name, by its name in ``lang``: a market
    code ("global" for a market-wide rate, "cn", "us") by the market's name (全球, 中国大陆), a provider's region
    ("cn-northwest-1") by the place (宁夏, vocabulary/catalog_values.CLOUD_REGION). In Chinese the brackets are the
    full-width ones of the name before them: 'B200（按卡计，典型价） (全球)' mixed both in one name, and
    'p4d.24xlarge (cn-northwest-1)' read as code."""
    terms: list[Term] = [*MARKET, *CLOUD_REGION]
    for term in terms:
        name: str = term.name(lang)
        if text == term.code:
            return name
        if text.endswith(f"({term.code})"):
            head = text[: -len(term.code) - 2]
            return f"{head.rstrip()}（{name}）" if lang == "zh" else f"{head}({name})"
    return text


@cache
def _rows(path: Path, table: str) -> tuple[dict[str, Any], ...]:
    """The rows of ``table`` in one catalog TOML file, parsed once per process (the sources were checked when the
    catalog was built; a broken file gives nothing)."""
    return tuple(raw for raw in _read_toml(path, []).get(table, []) if isinstance(raw, dict))


def _translated(rows: tuple[dict[str, Any], ...], english: str, chinese: str) -> dict[str, tuple[str, str]]:
    """id -> (the ``english`` field, the ``chinese`` field) of the rows that have the Chinese."""
    return {str(raw.get("id", "")): (str(raw.get(english, "")), str(raw[chinese])) for raw in rows if raw.get(chinese)}


@cache
def chinese_texts(source_dir: Path | None = None) -> ChineseTexts:
    """The Chinese beside the English notes of ``resources/catalog/*.toml``: the shipped catalog.db's copy of them
    (catalog/stored_texts.py, built from the same files) for the shipped sources, else each file read once per
    process, when a part of it is first asked for."""
    if source_dir is not None:
        return ChineseTexts(Path(source_dir))
    return ChineseTexts(default_source_dir(), read_parts(shipped_catalog_path()))
