"""Columns sized to their contents when the table's rows change, not on every update (issue 24).

Qt's ``ResizeToContents`` columns measure their cells again on every update of the model, which after an edit was
a good part of a table's cost (the figure table: 1.45 ms per update, 0.78 with fixed columns, 2026-12-02). These
columns are ``Fixed``: the table fits them to every row's contents when its rows are new (:func:`fit_columns`) and,
when cells change in place, only widens a column that a changed cell no longer fits in (:func:`widen_columns`), so
no text is ever cut and a column does not move while the user reads it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QHeaderView, QTableView


def fixed_columns(view: QTableView, columns: Iterable[int]) -> None:
    """``columns`` keep the width :func:`fit_columns` and :func:`widen_columns` give them."""
    header = view.horizontalHeader()
    for column in columns:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)


def _needed(view: QTableView, column: int, rows: Iterable[int], header: bool = True) -> int:
    """The width ``column`` needs for the cells of ``rows`` and (``header``) its title: what ``ResizeToContents``
    computes."""
    model = view.model()
    width = view.horizontalHeader().sectionSizeHint(column) if header else 0
    grid = 1 if view.showGrid() else 0
    for row in rows:
        width = max(width, view.sizeHintForIndex(model.index(row, column)).width() + grid)
    return width


def fit_columns(view: QTableView, columns: Iterable[int]) -> None:
    """Size ``columns`` to their header and every row's cell (new rows: a column may narrow)."""
    header = view.horizontalHeader()
    rows = range(view.model().rowCount())
    for column in columns:
        width = _needed(view, column, rows)
        if header.sectionSize(column) != width:
            header.resizeSection(column, width)


def widen_columns(view: QTableView, columns: Iterable[int], rows: Iterable[int]) -> None:
    """Widen each of ``columns`` that a cell of ``rows`` (the changed ones) no longer fits in; never narrow."""
    rows = list(rows)
    if not rows:
        return
    header = view.horizontalHeader()
    for column in columns:  # the title was measured when the column was fitted
        width = _needed(view, column, rows, header=False)
        if width > header.sectionSize(column):
            header.resizeSection(column, width)
