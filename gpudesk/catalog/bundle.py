"""A shareable catalog package: the user's rows and the citations they need, in one zip.

Layout: ``manifest.json`` (format, schema version, counts), ``rows/<table>.json``
(lists of row mappings) and ``citations.json``. Import validates the whole
package against the receiving catalog and applies it in one transaction,
or rejects it with every problem listed.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.catalog.errors import CatalogImportError, Problem
from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.schema import SCHEMA_VERSION, TABLES, citation_to_row, record_as_mapping

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

BUNDLE_FORMAT = "gpudesk-catalog-bundle"
MAX_MEMBER_BYTES = 20_000_000


def _jsonable(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in mapping.items()}


def export_bundle(catalog: Catalog, path: Path) -> dict[str, int]:
    """Write every user row and the citations they cite to ``path``; returns counts."""
    rows = {t: [r for r in catalog.rows(t) if r.provenance.user_row] for t in TABLES}
    cited: set[str] = set()
    for records in rows.values():
        for r in records:
            cited.add(r.provenance.source)
            cited.update(r.provenance.field_sources.values())
    citations = [citation_to_row(c) for cid, c in catalog.citations().items() if cid in cited]
    counts = {t: len(v) for t, v in rows.items() if v}
    manifest = {"format": BUNDLE_FORMAT, "schema_version": SCHEMA_VERSION,
                "catalog_version": catalog.version, "counts": counts}
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
        for table, records in rows.items():
            if records:
                zf.writestr(f"rows/{table}.json",
                            json.dumps([_jsonable(record_as_mapping(r)) for r in records], indent=1, ensure_ascii=False))
        zf.writestr("citations.json", json.dumps(citations, indent=1, ensure_ascii=False))
    return counts


def _read_json(zf: zipfile.ZipFile, name: str) -> Any:
    info = zf.getinfo(name)
    if info.file_size > MAX_MEMBER_BYTES:
        raise CatalogImportError([Problem("bundle", "", name, "member is too large")])
    try:
        return json.loads(zf.read(name).decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise CatalogImportError([Problem("bundle", "", name, f"not valid UTF-8 JSON: {exc}")]) from None


def import_bundle(catalog: Catalog, path: Path) -> dict[str, int]:
    """Validate and apply a bundle to the user overlay, all or nothing; returns counts."""
    try:
        zf = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as exc:
        raise CatalogImportError([Problem("bundle", "", "", f"not a readable catalog package: {exc}")]) from None
    with zf:
        names = set(zf.namelist())
        if "manifest.json" not in names:
            raise CatalogImportError([Problem("bundle", "", "manifest.json", "missing")])
        manifest = _read_json(zf, "manifest.json")
        if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
            raise CatalogImportError([Problem("bundle", "", "manifest.json", "not a gpudesk catalog package")])
        if int(manifest.get("schema_version", 0)) > SCHEMA_VERSION:
            raise CatalogImportError([Problem("bundle", "", "manifest.json", "made by a newer gpudesk; update first")])
        problems: list[Problem] = []
        citations = []
        raw_cits = _read_json(zf, "citations.json") if "citations.json" in names else []
        for i, raw in enumerate(raw_cits if isinstance(raw_cits, list) else [], start=1):
            cit, errs = citation_from_mapping(raw if isinstance(raw, dict) else {}, f"entry {i}")
            problems.extend(errs)
            if cit is not None:
                citations.append(cit)
        rows: dict[str, list[Any]] = {}
        for table in TABLES:
            member = f"rows/{table}.json"
            if member not in names:
                continue
            raw_rows = _read_json(zf, member)
            if not isinstance(raw_rows, list):
                problems.append(Problem(table, "", "", "expected a list of rows"))
                continue
            for i, raw in enumerate(raw_rows, start=1):
                record, errs = record_from_mapping(table, raw if isinstance(raw, dict) else {}, f"entry {i}", user_row=True)
                problems.extend(errs)
                if record is not None:
                    rows.setdefault(table, []).append(record)
    if problems:
        raise CatalogImportError(problems)
    problems = catalog.check_user_rows(rows, citations)
    if problems:
        raise CatalogImportError(problems)
    catalog.apply_user_rows(rows, citations)
    return {t: len(v) for t, v in rows.items()}
