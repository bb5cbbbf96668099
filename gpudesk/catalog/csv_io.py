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
from gpudesk.catalog.errors import CatalogError, CatalogImportError, Problem, at_line, keyed_problem
from gpudesk.catalog.intake import PROVENANCE_KEYS, record_from_mapping
from gpudesk.catalog.schema import field_kinds, format_field_sources, table_spec
from gpudesk.csv_cells import SafeWriter, cell_text
from gpudesk.refusals import os_reason, refusal

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
        raise CatalogImportError([keyed_problem("csv", "", "", refusal("csv.too_large", limit=MAX_IMPORT_BYTES))])
    try:
        return data.decode("utf-8-sig" if encoding.lower() in ("utf-8", "utf8") else encoding)
    except UnicodeDecodeError as exc:
        raise CatalogImportError([keyed_problem("csv", "", "", refusal(
            "csv.not_encoding", encoding=encoding, byte=f"{data[exc.start]:02x}", offset=exc.start,
            hint=refusal("csv.gb18030_hint")))]) from None
    except LookupError:
        raise CatalogImportError([keyed_problem("csv", "", "", refusal("csv.unknown_encoding", encoding=encoding))]) from None


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
        raise CatalogImportError([keyed_problem(table, "", "", refusal("csv.too_large_chars", limit=MAX_IMPORT_BYTES))])
    if "\x00" in text:
        raise CatalogImportError([keyed_problem(table, "", "", refusal("csv.nul_bytes"))])
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
            raise CatalogImportError([keyed_problem(table, "", "", refusal("csv.empty"))]) from None
        header = [h.strip() for h in header]
        unknown = [h for h in header if h not in allowed]
        if unknown:
            problems.append(at_line(keyed_problem(table, "", unknown[0][:60], refusal(
                "csv.unknown_columns", columns=", ".join(u[:40] for u in unknown[:5]))), 1))
        if "id" not in header:
            problems.append(at_line(keyed_problem(table, "", "id", refusal("csv.no_id_column")), 1))
        if len(set(header)) != len(header):
            problems.append(at_line(keyed_problem(table, "", "", refusal("csv.duplicate_columns")), 1))
        if problems:
            raise CatalogImportError(problems)
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(records) >= MAX_IMPORT_ROWS:
                problems.append(at_line(keyed_problem(table, "", "", refusal("csv.too_many_rows", limit=MAX_IMPORT_ROWS)), line))
                break
            if len(cells) != len(header):
                problems.append(at_line(keyed_problem(table, "", "", refusal("csv.cell_count", cells=len(cells),
                                                                              columns=len(header))), line))
                continue
            mapping = {h: cell_text(c) for h, c in zip(header, cells) if c.strip() != "" or h == "id"}
            record, errs = record_from_mapping(table, mapping, f"line {line}", user_row=True)
            problems.extend(at_line(p, line) for p in errs)
            if record is not None:
                if record.id in seen:
                    problems.append(at_line(keyed_problem(table, record.id, "id",
                                                          refusal("csv.duplicate_row", line=seen[record.id])), line))
                else:
                    seen[record.id] = line
                    records.append(record)
            if len(problems) >= MAX_PROBLEMS:
                del problems[MAX_PROBLEMS:]
                problems.append(at_line(keyed_problem(table, "", "", refusal("csv.too_many_problems")), line))
                break
    except csv.Error as exc:
        problems.append(at_line(keyed_problem(table, "", "", refusal("csv.malformed", text=str(exc))),
                                reader.line_num if reader is not None else 1))
    finally:
        csv.field_size_limit(old_limit)
    if not records and not problems:
        problems.append(keyed_problem(table, "", "", refusal("csv.no_rows")))
    return records, seen, problems


def import_csv(catalog: Catalog, table: str, data: bytes | str, *, encoding: str = "utf-8") -> list[Any]:
    """Parse, validate against the whole catalog, and store in the user overlay; all or nothing."""
    records, lines, problems = _parse(table, data, encoding)
    problems += [
        at_line(p, lines[p.row]) if p.row in lines else p for p in catalog.check_user_rows({table: records})
    ]
    if problems:
        raise CatalogImportError(problems)
    try:
        catalog.apply_user_rows({table: records})
    except CatalogImportError:
        raise
    except CatalogError as exc:
        raise CatalogImportError([keyed_problem(table, "", "", exc.refusal) if exc.refusal is not None
                                  else Problem(table, "", "", str(exc))]) from exc
    return records


def import_csv_file(catalog: Catalog, table: str, path: Path, *, encoding: str = "utf-8") -> list[Any]:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise CatalogImportError([keyed_problem("csv", "", "", refusal("csv.named_too_large", name=path.name,
                                                                             limit=MAX_IMPORT_BYTES))])
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogImportError([keyed_problem("csv", "", "", refusal("csv.cannot_read", path=str(path),
                                                                     why=os_reason(exc)))]) from None
    return import_csv(catalog, table, data, encoding=encoding)


def records_for_export(catalog: Catalog, table: str, *, user_only: bool = False) -> Sequence[Any]:
    rows = catalog.rows(table)
    return [r for r in rows if r.provenance.user_row] if user_only else rows
