"""Hypothesis strategies for catalog CSV files.

Every case starts from an export of shipped rows of one table (what a user
would edit in a spreadsheet and import back) and then changes cells, the
structure, the bytes, the encoding or the size.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from gpudesk.catalog.csv_io import MAX_FIELD_CHARS, MAX_IMPORT_ROWS, export_csv
from gpudesk.catalog.schema import TABLES

from .plan_strategies import ENCODINGS, byte_edits

NASTY_CELLS = [
    "", " ", "abc", "-1", "0", "-0", "1e400", "-1e400", "nan", "NaN", "inf", "-inf", "1e15", "1e16", "9" * 60,
    "0x10", "1_000", "1,5", "true", "false", "yes", "2", "1.5", "\u00a0", "名字", "\ud800", "a\nb", "line1\r\nline2",
    "\"", "=cmd|' /C calc'!A0", ";;;", "a=b;c", "{not json", "[1,2", "[\"a\", 3]", "{\"tdp_w\": 5}",
    "2025-13-45", "1999-01-01", "x" * 2_100, "h100-sxm", "llama-3.1-8b", "nvidia", "hbm3", "-5e-324", "1e-320",
    "\t", "\x0b", "\u2028", "null",
]


@dataclass(frozen=True)
class CsvCase:
    table: str
    data: bytes
    encoding: str = "utf-8"

    def describe(self) -> str:
        return f"{self.table} ({len(self.data)} bytes, {self.encoding})"


def table_exports(catalog: Any) -> dict[str, list[list[str]]]:
    """Every shipped table as parsed CSV rows (header first)."""
    out = {}
    for table in TABLES:
        text = export_csv(table, catalog.rows(table))
        out[table] = [row for row in csv.reader(io.StringIO(text))]
    return out


def _render(rows: list[list[str]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue().encode("utf-8", "surrogatepass")


def _pick(exports: dict[str, list[list[str]]], draw: Any) -> tuple[str, list[list[str]]]:
    table = draw(st.sampled_from(sorted(exports)))
    header, *body = exports[table]
    count = draw(st.integers(1, min(5, len(body))))
    start = draw(st.integers(0, len(body) - count))
    return table, [list(header)] + [list(r) for r in body[start:start + count]]


def cell_edits(exports: dict[str, list[list[str]]]) -> st.SearchStrategy[CsvCase]:
    cells = st.one_of(st.sampled_from(NASTY_CELLS), st.text(max_size=20),
                      st.floats(allow_nan=True).map(repr), st.integers().map(str))

    @st.composite
    def build(draw: Any) -> CsvCase:
        table, rows = _pick(exports, draw)
        for _ in range(draw(st.integers(1, 6))):
            r = draw(st.integers(1, len(rows) - 1))
            c = draw(st.integers(0, len(rows[0]) - 1))
            rows[r][c] = draw(cells)
        return CsvCase(table, _render(rows))

    return build()


def structure_edits(exports: dict[str, list[list[str]]]) -> st.SearchStrategy[CsvCase]:
    @st.composite
    def build(draw: Any) -> CsvCase:
        table, rows = _pick(exports, draw)
        for _ in range(draw(st.integers(1, 3))):
            if not rows or not rows[0]:
                break
            action = draw(st.sampled_from(
                ["drop-column", "unknown-column", "duplicate-header", "short-row", "long-row", "duplicate-row",
                 "empty", "header-only", "blank-lines", "other-table-header", "reorder"]))
            if action == "drop-column":
                c = draw(st.integers(0, len(rows[0]) - 1))
                rows = [r[:c] + r[c + 1:] for r in rows]
            elif action == "unknown-column":
                rows = [r + ([draw(st.text(max_size=10))] if i == 0 else ["1"]) for i, r in enumerate(rows)]
            elif action == "duplicate-header":
                rows = [r + [r[0] if r else ""] for r in rows]
            elif action == "short-row" and len(rows) > 1 and rows[-1]:
                rows[-1] = rows[-1][: draw(st.integers(0, len(rows[-1]) - 1))]
            elif action == "long-row" and len(rows) > 1:
                rows[-1] = rows[-1] + ["extra"] * draw(st.integers(1, 5))
            elif action == "duplicate-row" and len(rows) > 1:
                rows.append(list(rows[1]))
            elif action == "empty":
                rows = []
            elif action == "header-only":
                rows = rows[:1]
            elif action == "blank-lines":
                rows = rows[:1] + [[]] + rows[1:] + [[""] * len(rows[0])]
            elif action == "other-table-header":
                other = draw(st.sampled_from(sorted(exports)))
                rows = [exports[other][0]] + rows[1:]
            elif action == "reorder" and rows:
                order = draw(st.permutations(range(len(rows[0]))))
                rows = [[r[i] if i < len(r) else "" for i in order] for r in rows]
        return CsvCase(table, _render(rows))

    return build()


def csv_byte_edits(exports: dict[str, list[list[str]]]) -> st.SearchStrategy[CsvCase]:
    originals = {table: _render(rows[:6]) for table, rows in exports.items()}

    @st.composite
    def build(draw: Any) -> CsvCase:
        table = draw(st.sampled_from(sorted(originals)))
        return CsvCase(table, draw(byte_edits([originals[table]])))

    return build()


def csv_encodings(exports: dict[str, list[list[str]]]) -> st.SearchStrategy[CsvCase]:
    @st.composite
    def build(draw: Any) -> CsvCase:
        table, rows = _pick(exports, draw)
        if draw(st.booleans()):
            rows[1][1] = draw(st.sampled_from(["英伟达 H100", "Grüße", "—", "한국어", "العربية"]))
        text = _render(rows).decode("utf-8", "surrogatepass")
        data = text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")
        declared = draw(st.sampled_from(["utf-8", "gb18030", "utf-16", "latin-1", "no-such-codec", "utf8", "ascii"]))
        return CsvCase(table, data, declared)

    return build()


def csv_sizes(exports: dict[str, list[list[str]]]) -> st.SearchStrategy[CsvCase]:
    @st.composite
    def build(draw: Any) -> CsvCase:
        table, rows = _pick(exports, draw)
        kind = draw(st.sampled_from(["many-rows", "big-field", "long-line", "many-columns", "quotes"]))
        if kind == "many-rows":
            count = draw(st.sampled_from([200, MAX_IMPORT_ROWS + 1]))
            body = [[f"{row[0]}-{i}" if j == 0 else v for j, v in enumerate(row)]
                    for i in range(count) for row in rows[1:2]]
            return CsvCase(table, _render(rows[:1] + body))
        if kind == "big-field":
            rows[1][1] = "y" * draw(st.sampled_from([MAX_FIELD_CHARS - 10, MAX_FIELD_CHARS + 10, 200_000]))
            return CsvCase(table, _render(rows))
        if kind == "long-line":
            return CsvCase(table, _render(rows[:1]) + b"a" * 300_000)
        if kind == "many-columns":
            return CsvCase(table, _render([rows[0] + [f"c{i}" for i in range(5_000)]] + rows[1:]))
        return CsvCase(table, _render(rows[:1]) + b'"' * draw(st.sampled_from([1, 2, 3, 50_001])))

    return build()
