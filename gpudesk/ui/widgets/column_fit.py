"""Columns sized to their contents when the table's rows change, not on every update (issue 24).

Qt's ``ResizeToContents`` columns measure their cells again on every update of the model, which after an edit was
a good part of a table's cost (the figure table: 1.45 ms per update, 0.78 with fixed columns, 2026-12-02). These
columns are ``Fixed``: :meth:`FittedColumns.fit` sizes them to every row's cells and title when the rows are new,
and when cells change in place :meth:`FittedColumns.widen` only widens a column that a changed cell no longer fits
in, so no text is ever cut and a column does not move while the user reads it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QHeaderView, QTableView


class FittedColumns:
    """``columns`` of ``view``, sized by :meth:`fit` and :meth:`widen`.

    ``text_of(row, column)`` is the text a cell shows and ``font_of(row)`` the font of a row drawn in another font
    than the view's (None: the view's): read from the model's own rows, not through Qt's model calls, so that
    checking the changed cells costs microseconds; only a cell that may not fit is measured through the view."""

    def __init__(self, view: QTableView, columns: Iterable[int], text_of: Callable[[int, int], str],
                 font_of: Callable[[int], QFont | None] = lambda _row: None) -> None:
        self.view = view
        self.columns = tuple(columns)
        self.text_of = text_of
        self.font_of = font_of
        self.padding: dict[int, float] = {}  # column -> what the view adds to a cell's text width, measured
        self._fitting: dict[tuple[int, int], str] = {}  # (row, column) -> the text last found to fit there
        self._metrics: dict[int, QFontMetricsF] = {}  # id of a row font (0: the view's) -> its metrics
        header = view.horizontalHeader()
        for column in self.columns:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)

    def _measured(self, row: int, column: int) -> int:
        """The width the view gives the cell (what ``ResizeToContents`` reads), and the padding it holds."""
        width = self.view.sizeHintForIndex(self.view.model().index(row, column)).width() + self.view.showGrid()
        text = self.text_of(row, column)
        if text:
            self.padding[column] = max(self.padding.get(column, 0.0), width - self._advance(row, text))
        return width

    def _advance(self, row: int, text: str) -> float:
        font = self.font_of(row)
        key = id(font) if font is not None else 0
        metrics = self._metrics.get(key)
        if metrics is None:
            metrics = self._metrics[key] = QFontMetricsF(font if font is not None else self.view.font())
        return metrics.horizontalAdvance(text)

    def fit(self) -> None:
        """Size the columns to their titles and every row's cell (new rows: a column may narrow)."""
        self._fitting.clear()
        self._metrics.clear()  # the view's font may have changed since (a theme, a language)
        header = self.view.horizontalHeader()
        rows = range(self.view.model().rowCount())
        for column in self.columns:
            width = max([header.sectionSizeHint(column), *(self._measured(row, column) for row in rows)])
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def widen(self, rows: Iterable[int]) -> None:
        """Widen each column that a cell of ``rows`` (the changed ones) no longer fits in; never narrow. A cell
        whose text and the padding measured for its column fit is not measured again."""
        header = self.view.horizontalHeader()
        rows = list(rows)
        for column in self.columns:
            room = header.sectionSize(column)
            padding = self.padding.get(column)
            for row in rows:
                text = self.text_of(row, column)
                if not text or self._fitting.get((row, column)) == text:
                    continue
                if padding is None or math.ceil(self._advance(row, text) + padding) > room:
                    width = self._measured(row, column)
                    if width > room:
                        header.resizeSection(column, width)
                        room = width
                self._fitting[(row, column)] = text
