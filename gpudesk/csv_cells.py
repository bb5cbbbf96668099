"""CSV cells a spreadsheet cannot run: text that starts like a formula is kept as text (the comparison's CSV and
the catalog's CSV export), and reads back as it was written (the catalog's CSV import)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")."""


def safe_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: text starting like a formula gets a leading apostrophe
    (Excel and LibreOffice then keep it as text); numbers, negative ones included, stay numbers."""
    cell = "" if value is None else str(value)
    if not cell.startswith(FORMULA_STARTS):
        return cell
    try:
        float(cell)
    except ValueError:
        return "'" + cell
    return cell


def cell_text(cell: str) -> str:
    """The text a :func:`safe_cell` was made from: the apostrophe it put before a formula start is dropped, so a
    catalog CSV gpudesk exported imports as it was ("'=cmd|calc!A1" reads back "=cmd|calc!A1")."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) and safe_cell(cell[1:]) == cell:
        return cell[1:]
    return cell


class SafeWriter:
    """``csv.writer`` whose every cell passes through :func:`safe_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Sequence[object]) -> None:
        self._writer.writerow([safe_cell(c) for c in row])
