"""A shareable catalog package: the user's rows and the citations they need, in one zip.

Layout: ``manifest.json`` (format, schema version, counts), ``rows/<table>.json``
(lists of row mappings) and ``citations.json``. Import checks the package
before reading anything in it (size, member names, sizes, encryption),
reads its JSON as untrusted input (bounded size and depth), validates the
whole package against the receiving catalog and applies it in one
transaction, or rejects it with every problem listed, each on one line.
Export writes the zip to a staging file and verifies it before it replaces
anything.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.atomic_files import staged_output, verify_zip
from gpudesk.catalog.csv_io import MAX_IMPORT_ROWS
from gpudesk.catalog.errors import CatalogImportError, Problem, one_line
from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.schema import SCHEMA_VERSION, TABLES, citation_to_row, record_as_mapping
from gpudesk.untrusted_json import UntrustedJSONError, parse_json_bytes

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

BUNDLE_FORMAT = "gpudesk-catalog-bundle"
MAX_BUNDLE_BYTES = 50_000_000
MAX_MEMBER_BYTES = 20_000_000
MAX_TOTAL_BYTES = 60_000_000
MAX_JSON_NESTING = 8  # a row is a flat mapping whose lists hold plain values
ALLOWED_MEMBERS = frozenset({"manifest.json", "citations.json", *(f"rows/{t}.json" for t in TABLES)})
MAX_MEMBERS = len(ALLOWED_MEMBERS)


def _jsonable(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in mapping.items()}


def export_bundle(catalog: Catalog, path: Path) -> dict[str, int]:
    """Write every user row and the citations they cite to ``path`` (atomically, the zip verified before it
    replaces anything); returns counts."""
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
    with staged_output(path, verify_zip) as staged:
        with zipfile.ZipFile(staged, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
            for table, records in rows.items():
                if records:
                    zf.writestr(f"rows/{table}.json", json.dumps(
                        [_jsonable(record_as_mapping(r)) for r in records], indent=1, ensure_ascii=False))
            zf.writestr("citations.json", json.dumps(citations, indent=1, ensure_ascii=False))
    return counts


def _refuse(member: str, reason: str) -> CatalogImportError:
    return CatalogImportError([Problem("bundle", "", member, one_line(reason))])


def _checked_members(zf: zipfile.ZipFile) -> set[str]:
    """The member names, after the whole directory was checked: nothing is read before this passes."""
    infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise _refuse("", f"{len(infos)} members; a catalog package has at most {MAX_MEMBERS}")
    names: set[str] = set()
    total = 0
    for info in infos:
        name = info.filename
        if name not in ALLOWED_MEMBERS:
            raise _refuse(name[:80], "unexpected member: a catalog package holds manifest.json, citations.json "
                          "and rows/<table>.json only")
        if name in names:
            raise _refuse(name, "the member appears twice")
        if info.flag_bits & 0x1:
            raise _refuse(name, "the member is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _refuse(name, "the member uses a compression gpudesk does not read")
        if info.file_size > MAX_MEMBER_BYTES:
            raise _refuse(name, f"the member is {info.file_size:,} bytes; the limit is {MAX_MEMBER_BYTES:,}")
        total += info.file_size
        names.add(name)
    if total > MAX_TOTAL_BYTES:
        raise _refuse("", f"the package unpacks to {total:,} bytes; the limit is {MAX_TOTAL_BYTES:,}")
    return names


def _read_json(zf: zipfile.ZipFile, name: str) -> Any:
    try:
        with zf.open(name) as member:
            raw = member.read(MAX_MEMBER_BYTES + 1)  # never more than the limit, whatever the header claims
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError, RuntimeError) as exc:
        raise _refuse(name, f"cannot be read: {exc}") from None
    if len(raw) > MAX_MEMBER_BYTES:
        raise _refuse(name, f"the member is larger than {MAX_MEMBER_BYTES:,} bytes")
    try:
        value, _bom = parse_json_bytes(raw, name, max_nesting=MAX_JSON_NESTING)
    except UntrustedJSONError as exc:
        raise _refuse(name, str(exc)) from None
    return value


def _rows_of(raw: Any, member: str, label: str) -> list[Any]:
    if not isinstance(raw, list):
        raise _refuse(member, f"expected a list of {label}")
    if len(raw) > MAX_IMPORT_ROWS:
        raise _refuse(member, f"{len(raw):,} {label}; the limit is {MAX_IMPORT_ROWS:,}")
    return raw


def import_bundle(catalog: Catalog, path: Path) -> dict[str, int]:
    """Validate and apply a bundle to the user overlay, all or nothing; returns counts.

    The package is checked before anything in it is read (size, members, their sizes, encryption), every
    JSON member is parsed with gpudesk's untrusted-JSON reader (depth, duplicates, NaN), and every row is
    validated like a CSV import. Any problem raises :class:`CatalogImportError` with one-line reasons.
    """
    try:
        size = Path(path).stat().st_size
    except OSError as exc:
        raise _refuse("", f"cannot read {path}: {exc.strerror or exc}") from None
    if size > MAX_BUNDLE_BYTES:
        raise _refuse("", f"the package is {size:,} bytes; the limit is {MAX_BUNDLE_BYTES:,}")
    try:
        zf = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, NotImplementedError) as exc:
        raise _refuse("", f"not a readable catalog package: {exc}") from None
    with zf:
        names = _checked_members(zf)
        if "manifest.json" not in names:
            raise _refuse("manifest.json", "missing")
        manifest = _read_json(zf, "manifest.json")
        if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
            raise _refuse("manifest.json", "not a gpudesk catalog package")
        version = manifest.get("schema_version", 0)
        if isinstance(version, bool) or not isinstance(version, int):
            raise _refuse("manifest.json", f"schema_version must be a whole number, not {str(version)[:40]!r}")
        if version > SCHEMA_VERSION:
            raise _refuse("manifest.json", "made by a newer gpudesk; update first")
        problems: list[Problem] = []
        citations = []
        raw_cits = _read_json(zf, "citations.json") if "citations.json" in names else []
        for i, raw in enumerate(_rows_of(raw_cits, "citations.json", "citations"), start=1):
            cit, errs = citation_from_mapping(raw if isinstance(raw, dict) else {}, f"entry {i}")
            problems.extend(errs)
            if cit is not None:
                citations.append(cit)
        rows: dict[str, list[Any]] = {}
        for table in TABLES:
            member = f"rows/{table}.json"
            if member not in names:
                continue
            for i, raw in enumerate(_rows_of(_read_json(zf, member), member, "rows"), start=1):
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
