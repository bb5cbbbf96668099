"""CSV export and import of one catalog table.

Export writes every field plus the provenance columns (lists ``a;b``,
field sources ``field=citation;...``). Import is all or nothing: the file
is decoded, parsed, typed and validated as a whole, every problem is
reported with its line, field and reason in one :class:`CatalogImportError`,
and only a clean file is written to the user overlay. Inputs are bounded
(bytes, rows, field size) so a hostile or broken file cannot hang the app.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.atomic_files import atomic_write_bytes
from gpudesk.catalog.errors import CatalogError, CatalogImportError, Problem
from gpudesk.catalog.intake import PROVENANCE_KEYS, record_from_mapping
from gpudesk.catalog.schema import field_kinds, format_field_sources, table_spec
from gpudesk.csv_cells import SafeWriter, cell_text

if TYPE_CHECKING:
    from gpudesk.catalog.store import Catalog

MAX_IMPORT_BYTES = 5_000_000
MAX_IMPORT_ROWS = 10_000
MAX_FIELD_CHARS = 20_000
MAX_PROBLEMS = 200


def csv_columns(table: str) -> list[str]:
    return [*field_kinds(table_spec(table).record_type), *PROVENANCE_KEYS]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ";".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return format_field_sources(value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


def export_csv(table: str, records: Iterable[Any]) -> str:
    """CSV text (header + one line per record) for ``table``."""
    columns = csv_columns(table)
    kinds = field_kinds(table_spec(table).record_type)
    buffer = io.StringIO()
    writer = SafeWriter(buffer)  # a name or note starting like a formula stays text in a spreadsheet
    writer.writerow(list(columns))
    for r in records:
        prov = r.provenance
        row = [_cell(getattr(r, c)) for c in kinds]
        row += [prov.source, prov.date, _cell(dict(prov.field_sources)), _cell(tuple(prov.unknown)),
                _cell(prov.verified), prov.notes]
        writer.writerow(row)
    return buffer.getvalue()


def write_csv(table: str, records: Iterable[Any], path: Path) -> int:
    """Export to ``path`` atomically and verified: a full disk leaves the previous file as it was."""
    records = list(records)
    text = export_csv(table, records)
    atomic_write_bytes(Path(path), text.encode("utf-8"))
    return len(records)


def _decode(data: bytes | str, encoding: str) -> str:
    if isinstance(data, str):
        return data
    if len(data) > MAX_IMPORT_BYTES:
        raise CatalogImportError([Problem("csv", "", "", f"file is larger than {MAX_IMPORT_BYTES:,} bytes")])
    try:
        return data.decode("utf-8-sig" if encoding.lower() in ("utf-8", "utf8") else encoding)
    except UnicodeDecodeError as exc:
        hint = " (a spreadsheet saved in Chinese Windows is usually gb18030: pass that encoding)"
        raise CatalogImportError([Problem(
            "csv", "", "", f"file is not valid {encoding}: byte 0x{data[exc.start]:02x} at offset {exc.start}{hint}"
        )]) from None
    except LookupError:
        raise CatalogImportError([Problem("csv", "", "", f"unknown text encoding '{encoding}'")]) from None


def parse_csv(table: str, data: bytes | str, *, encoding: str = "utf-8") -> list[Any]:
    """Typed records from CSV text or bytes; raises CatalogImportError listing every problem."""
    records, _lines, problems = _parse(table, data, encoding)
    if problems:
        raise CatalogImportError(problems)
    return records


def _parse(table: str, data: bytes | str, encoding: str) -> tuple[list[Any], dict[str, int], list[Problem]]:
    """Records that typed cleanly, their line numbers by id, and every problem found."""
    table_spec(table)
    text = _decode(data, encoding)
    if len(text) > MAX_IMPORT_BYTES:
        raise CatalogImportError([Problem(table, "", "", f"file is larger than {MAX_IMPORT_BYTES:,} characters")])
    if "\x00" in text:
        raise CatalogImportError([Problem(table, "", "", "file contains NUL bytes; it is not a text CSV")])
    problems: list[Problem] = []
    records: list[Any] = []
    allowed = set(csv_columns(table))
    old_limit = csv.field_size_limit()
    reader = None
    seen: dict[str, int] = {}
    csv.field_size_limit(MAX_FIELD_CHARS)
    try:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        try:
            header = next(reader)
        except StopIteration:
            raise CatalogImportError([Problem(table, "", "", "file is empty; expected a header line")]) from None
        header = [h.strip() for h in header]
        unknown = [h for h in header if h not in allowed]
        if unknown:
            problems.append(Problem(table, "line 1", unknown[0][:60], f"unknown column(s): {', '.join(u[:40] for u in unknown[:5])}"))
        if "id" not in header:
            problems.append(Problem(table, "line 1", "id", "the header needs an id column"))
        if len(set(header)) != len(header):
            problems.append(Problem(table, "line 1", "", "duplicate column names in the header"))
        if problems:
            raise CatalogImportError(problems)
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(records) >= MAX_IMPORT_ROWS:
                problems.append(Problem(table, f"line {line}", "", f"more than {MAX_IMPORT_ROWS:,} rows"))
                break
            if len(cells) != len(header):
                problems.append(Problem(table, f"line {line}", "", f"{len(cells)} values for {len(header)} columns"))
                continue
            mapping = {h: cell_text(c) for h, c in zip(header, cells) if c.strip() != "" or h == "id"}
            record, errs = record_from_mapping(table, mapping, f"line {line}", user_row=True)
            problems.extend(Problem(p.table, f"line {line} ({p.row})", p.field, p.reason) for p in errs)
            if record is not None:
                if record.id in seen:
                    problems.append(Problem(table, f"line {line} ({record.id})", "id",
                                            f"duplicate of line {seen[record.id]}"))
                else:
                    seen[record.id] = line
                    records.append(record)
            if len(problems) >= MAX_PROBLEMS:
                del problems[MAX_PROBLEMS:]
                problems.append(Problem(table, f"line {line}", "", "too many problems; stopped reading"))
                break
    except csv.Error as exc:
        where = f"line {reader.line_num}" if reader is not None else "line 1"
        problems.append(Problem(table, where, "", f"malformed CSV: {exc}"))
    finally:
        csv.field_size_limit(old_limit)
    if not records and not problems:
        problems.append(Problem(table, "", "", "no rows to import"))
    return records, seen, problems


def import_csv(catalog: Catalog, table: str, data: bytes | str, *, encoding: str = "utf-8") -> list[Any]:
    """Parse, validate against the whole catalog, and store in the user overlay; all or nothing."""
    records, lines, problems = _parse(table, data, encoding)
    problems += [
        Problem(p.table, f"line {lines[p.row]} ({p.row})" if p.row in lines else p.row, p.field, p.reason)
        for p in catalog.check_user_rows({table: records})
    ]
    if problems:
        raise CatalogImportError(problems)
    try:
        catalog.apply_user_rows({table: records})
    except CatalogImportError:
        raise
    except CatalogError as exc:
        raise CatalogImportError([Problem(table, "", "", str(exc))]) from exc
    return records


def import_csv_file(catalog: Catalog, table: str, path: Path, *, encoding: str = "utf-8") -> list[Any]:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise CatalogImportError([Problem("csv", "", "", f"{path.name} is larger than {MAX_IMPORT_BYTES:,} bytes")])
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogImportError([Problem("csv", "", "", f"cannot read {path}: {exc.strerror or exc}")]) from None
    return import_csv(catalog, table, data, encoding=encoding)


def records_for_export(catalog: Catalog, table: str, *, user_only: bool = False) -> Sequence[Any]:
    rows = catalog.rows(table)
    return [r for r in rows if r.provenance.user_row] if user_only else rows
