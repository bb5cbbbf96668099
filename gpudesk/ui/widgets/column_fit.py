"""Columns sized to their contents when the table's rows change, not on every update (issue 24).

Qt's ``ResizeToContents`` columns measure their cells again on every update of the model, which after an edit was
a good part of a table's cost (the figure table: 1.45 ms per update, 0.78 with fixed columns, 2026-12-02). These
columns are ``Fixed``: :meth:`FittedColumns.fit` sizes them to every row's cells and title when the rows are new,
and when cells change in place :meth:`FittedColumns.widen` only widens a column that a changed cell no longer fits
in, so no text is ever cut and a column does not move while the user reads it. A shown table's rows out of sight
(scrolled away, as the ranked table below step 2 at 1400 x 860 and the figure table's rows past its first four) are
measured after the frame, or at the view's next paint that shows them if that comes first (``widen(when_seen=True)``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QHeaderView, QTableView

from gpudesk.ui.widgets.after_frame import after_frame_timer

QWIDGETSIZE_MAX = (1 << 24) - 1


class FittedColumns(QObject):
    """``columns`` of ``view``, sized by :meth:`fit` and :meth:`widen`.

    ``text_of(row, column)`` is the text a cell shows and ``font_of(row)`` the font of a row drawn in another font
    than the view's (None: the view's): read from the model's own rows, not through Qt's model calls, so that
    checking the changed cells costs microseconds; only a cell that may not fit is measured through the view.

    ``most``: the widest a column may grow to fit a changed cell (``label_room.LabelRoom``: the text wraps instead);
    ``widths``: each measured cell's one-line width; ``measured(rows, every)`` is emitted once the columns fitted
    every row (``every``) or the changed ``rows``."""

    measured = Signal(list, bool)

    def __init__(self, view: QTableView, columns: Iterable[int], text_of: Callable[[int, int], str],
                 font_of: Callable[[int], QFont | None] = lambda _row: None) -> None:
        super().__init__(view)
        self.view = view
        self.columns = tuple(columns)
        self.text_of = text_of
        self.font_of = font_of
        self.padding: dict[int, float] = {}  # column -> what the view adds to a cell's text width, measured
        self._fitting: dict[tuple[int, int], str] = {}  # (row, column) -> the text last found to fit there
        self._metrics: dict[int, QFontMetricsF] = {}  # id of a row font (0: the view's) -> its metrics
        self._unseen: set[int] = set()  # changed rows out of sight, measured after the frame (``widen``)
        self._later: QTimer | None = None
        self.most: dict[int, int] = {}
        self.widths: dict[tuple[int, int], int] = {}  # (row, column) -> its text's one-line width, as last measured
        header = view.horizontalHeader()
        for column in self.columns:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)

    def _measured(self, row: int, column: int) -> int:
        """The width the view gives the cell (what ``ResizeToContents`` reads), and the padding it holds."""
        width = self.view.sizeHintForIndex(self.view.model().index(row, column)).width() + self.view.showGrid()
        self.widths[(row, column)] = width
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
        self.widths.clear()
        self._unseen.clear()  # every row is measured now
        self._metrics.clear()  # the view's font may have changed since (a theme, a language)
        header = self.view.horizontalHeader()
        rows = range(self.view.model().rowCount())
        for column in self.columns:
            width = max([header.sectionSizeHint(column), *(self._measured(row, column) for row in rows)])
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        self.measured.emit(list(rows), True)

    def widen(self, rows: Iterable[int], when_seen: bool = False) -> None:
        """Widen each column that a cell of ``rows`` (the changed ones) no longer fits in; never narrow. A cell
        whose text and the padding measured for its column fit is not measured again. ``when_seen``: in a shown
        view, the rows out of sight are measured after the frame (a zero-interval timer), or first at a paint of
        the view that shows one of them: a column never cuts a cell on screen (issue 24: the ranked table's plan
        row, out of sight on step 2, 0.2 ms of each bank edit; the figure table's rows below its first four)."""
        rows = list(rows)
        if when_seen and self.view.isVisible():
            seen = self.in_sight()
            later = [r for r in rows if r not in seen]
            if later:
                self._unseen.update(later)
                self._wait()
                rows = [r for r in rows if r in seen]
        self._widen(rows)

    def in_sight(self) -> range:
        """The rows the view's viewport shows (some of them in part), as far as the window lets it be seen."""
        shown = self.view.viewport().visibleRegion().boundingRect()
        if shown.isEmpty():
            return range(0)
        count = self.view.model().rowCount()
        top, bottom = self.view.rowAt(shown.top()), self.view.rowAt(shown.bottom())
        if top < 0:
            return range(0)  # below the last row
        return range(top, count if bottom < 0 else bottom + 1)

    def _wait(self) -> None:
        if self._later is None:
            self._later = after_frame_timer(self, self._widen_unseen)
            self.view.viewport().installEventFilter(self)
        self._later.start()

    def _widen_unseen(self, rows: Iterable[int] | None = None) -> None:
        wanted = set(self._unseen if rows is None else rows) & self._unseen
        self._unseen -= wanted
        if not self._unseen and self._later is not None:
            self._later.stop()
        count = self.view.model().rowCount()
        self._widen(sorted(r for r in wanted if r < count))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A paint of the viewport that shows a row still to measure measures it first: never a cut cell."""
        if self._unseen and event.type() == QEvent.Type.Paint:
            seen = self.in_sight()
            if any(r in seen for r in self._unseen):
                self._widen_unseen(seen)
        return False

    def _widen(self, rows: list[int]) -> None:
        header = self.view.horizontalHeader()
        for column in self.columns:
            room = header.sectionSize(column)
            padding = self.padding.get(column)
            for row in rows:
                text = self.text_of(row, column)
                if not text or self._fitting.get((row, column)) == text:
                    continue
                need = QWIDGETSIZE_MAX if padding is None else math.ceil(self._advance(row, text) + padding)
                if need > room:
                    width = min(self._measured(row, column), self.most.get(column, QWIDGETSIZE_MAX))
                    if width > room:
                        header.resizeSection(column, width)
                        room = width
                else:
                    self.widths[(row, column)] = need
                self._fitting[(row, column)] = text
        if rows:
            self.measured.emit(rows, False)
