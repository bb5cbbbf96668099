"""``gpudesk catalog ...``: list, show, validate, export and import catalog rows.

Errors exit with status 2 and one line on stderr, never a traceback.
``register(subparsers)`` adds the command to the main parser; the handler
is stored as ``args.handler`` and returns the exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from gpudesk.catalog.errors import CatalogError, CatalogImportError
from gpudesk.catalog.field_rules import unit_of
from gpudesk.catalog.schema import TABLES, field_kinds, record_as_mapping
from gpudesk.vocabulary.counts import counted


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("catalog", help="browse, check, export and import the hardware and model catalog")
    parser.add_argument("--shipped-db", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--user-db", type=Path, default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="catalog_command", required=True, metavar="ACTION")

    p = sub.add_parser("list", help="list the rows of a table")
    p.add_argument("table", choices=list(TABLES))
    p.add_argument("--filter", action="append", default=[], metavar="FIELD=VALUE",
                   help="keep rows whose FIELD equals VALUE (lists: contains); repeatable")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_list)

    p = sub.add_parser("show", help="show one row with each field's unit and source")
    p.add_argument("table", choices=list(TABLES))
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("validate", help="check every row (ranges, citations, cross-references)")
    p.set_defaults(handler=cmd_validate)

    p = sub.add_parser("export", help="write a table to CSV")
    p.add_argument("table", choices=list(TABLES))
    p.add_argument("-o", "--output", type=Path, required=True, metavar="FILE.csv")
    p.add_argument("--user-only", action="store_true", help="only your own rows")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("import", help="add or override rows from CSV in your user catalog (all or nothing)")
    p.add_argument("file", type=Path, metavar="FILE.csv")
    p.add_argument("--table", choices=list(TABLES), required=True)
    p.add_argument("--encoding", default="utf-8", help="text encoding of the file (default utf-8; e.g. gb18030)")
    p.set_defaults(handler=cmd_import)

    parser.set_defaults(handler=lambda args, out=sys.stdout, err=sys.stderr: (parser.print_help(err), 2)[1])
    return parser


def _open(args: argparse.Namespace):
    from gpudesk.catalog.store import Catalog

    return Catalog.open(args.shipped_db, args.user_db)


def _fail(err: TextIO, message: str) -> int:
    print(f"gpudesk catalog: {' '.join(str(message).split())}", file=err)
    return 2


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _matches(record: Any, filters: list[tuple[str, str]]) -> bool:
    for name, wanted in filters:
        value = getattr(record, name)
        if isinstance(value, tuple):
            if wanted not in [str(v) for v in value]:
                return False
        elif isinstance(value, bool):
            if str(value).lower() != wanted.lower():
                return False
        elif isinstance(value, float):
            try:
                if value != float(wanted):
                    return False
            except ValueError:
                return False
        elif str(value) != wanted:
            return False
    return True


def cmd_list(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    try:
        catalog = _open(args)
        kinds = field_kinds(TABLES[args.table].record_type)
        filters = []
        for item in args.filter:
            if "=" not in item:
                return _fail(err, f"filter '{item}' is not FIELD=VALUE")
            name, value = item.split("=", 1)
            if name not in kinds:
                return _fail(err, f"{args.table} has no field '{name}'")
            filters.append((name, value))
        rows = [r for r in catalog.rows(args.table) if _matches(r, filters)]
    except CatalogError as exc:
        return _fail(err, str(exc))
    if args.json:
        json.dump([{k: _plain(v) for k, v in record_as_mapping(r).items()} | {"user_row": r.provenance.user_row}
                   for r in rows], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    label = next((f for f in ("name", "instance", "kind") if f in kinds), "")
    for r in rows:
        mark = " [user]" if r.provenance.user_row else ""
        check = "" if r.provenance.verified else " (unverified)"
        text = getattr(r, label) if label else f"{r.item_id} {r.market} {r.status} since {r.effective or '?'}"
        out.write(f"{r.id:34} {text}{mark}{check}\n")
    out.write(f"{counted(len(rows), 'row')}\n")
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    try:
        catalog = _open(args)
        record = catalog.row(args.table, args.id)
        prov = record.provenance
        fields = []
        for name in field_kinds(record.__class__):
            cid = prov.source_of(name)
            cit = catalog.citation(cid) if cid else None
            value = getattr(record, name)
            fields.append({
                "field": name, "value": _plain(value), "unit": unit_of(args.table, name),
                "unknown": name in prov.unknown,
                "source": cid, "source_title": cit.title if cit else "", "source_kind": cit.kind if cit else "",
            })
    except CatalogError as exc:
        return _fail(err, str(exc))
    if args.json:
        json.dump({"table": args.table, "id": record.id, "date": prov.date, "verified": prov.verified,
                   "notes": prov.notes, "user_row": prov.user_row, "fields": fields}, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(f"{args.table}/{record.id}  (values dated {prov.date}; "
              f"{'verified' if prov.verified else 'UNVERIFIED'}{'; your row' if prov.user_row else ''})\n")
    for f in fields:
        empty = f["value"] in (None, "", [])
        value = "unknown" if f["unknown"] else ("-" if empty else f["value"])
        unit = f" {f['unit']}" if f["unit"] and not f["unknown"] and not empty else ""
        out.write(f"  {f['field']:24} {value}{unit}   [{f['source']}]\n")
    if prov.notes:
        out.write(f"  notes: {prov.notes}\n")
    return 0


def cmd_validate(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    from gpudesk.catalog.validate import validate_tables

    try:
        catalog = _open(args)
        problems = validate_tables(catalog.tables(), catalog.citations())
    except CatalogError as exc:
        return _fail(err, str(exc))
    for line in catalog.recovery:
        out.write(f"note: {line}\n")
    for p in problems:
        out.write(f"{p}\n")
    total = sum(len(v) for v in catalog.tables().values())
    if problems:
        print(f"gpudesk catalog: {counted(len(problems), 'problem')} in {counted(total, 'row')}", file=err)
        return 2
    out.write(f"catalog {catalog.version} ({catalog.built}): {total} rows, "
              f"{len(catalog.citations())} citations, no problems\n")
    return 0


def cmd_export(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    from gpudesk.catalog.csv_io import records_for_export, write_csv

    try:
        catalog = _open(args)
        count = write_csv(args.table, records_for_export(catalog, args.table, user_only=args.user_only), args.output)
    except CatalogError as exc:
        return _fail(err, str(exc))
    except OSError as exc:
        return _fail(err, f"cannot write {args.output}: {exc.strerror or exc}")
    out.write(f"wrote {counted(count, 'row')} of {args.table} to {args.output}\n")
    return 0


def cmd_import(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    from gpudesk.catalog.csv_io import import_csv_file

    try:
        catalog = _open(args)
        records = import_csv_file(catalog, args.table, args.file, encoding=args.encoding)
    except CatalogImportError as exc:
        shown = "; ".join(str(p) for p in exc.problems[:5])
        more = f" (+{len(exc.problems) - 5} more)" if len(exc.problems) > 5 else ""
        return _fail(err, f"import rejected, nothing applied: {shown}{more}")
    except CatalogError as exc:
        return _fail(err, str(exc))
    out.write(f"imported {counted(len(records), 'row')} into your {args.table}\n")
    return 0


def run(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Run ``catalog ...`` on its own (tests and the lead's wiring use the same path)."""
    parser = argparse.ArgumentParser(prog="gpudesk")
    register(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return args.handler(args, out, err)
