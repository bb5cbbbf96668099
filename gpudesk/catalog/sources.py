"""Read the human-edited catalog sources (``resources/catalog/*.toml``).

``catalog.toml`` holds the catalog version; ``citations.toml`` the sources
every row cites; one file per table holds its rows as ``[[<table>]]``.
Loading checks every row (types, ranges, citations, cross-references) and
raises :class:`CatalogValidationError` listing all problems at once.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogValidationError, Problem
from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.validate import check_unique, validate_tables
from gpudesk.paths import resource_path

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
        citation, errs = citation_from_mapping(raw, f"entry {i}")
        problems.extend(errs)
        if citation is not None:
            citations[citation.id] = citation

    tables: dict[str, list[Any]] = {}
    for name, spec in TABLES.items():
        raw_rows = _read_toml(src / spec.toml_file, problems).get(name, [])
        rows = []
        for i, raw in enumerate(raw_rows, start=1):
            record, errs = record_from_mapping(name, raw, f"entry {i}")
            problems.extend(errs)
            if record is not None:
                rows.append(record)
        tables[name] = sorted(rows, key=lambda r: r.id)

    problems.extend(validate_tables(tables, citations))
    if problems:
        raise CatalogValidationError(problems, f"catalog sources in {src} are invalid")
    return CatalogSources(version=version, tables=tables, citations=dict(sorted(citations.items())))
