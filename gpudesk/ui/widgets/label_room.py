"""A table's label column keeps the room to say what each row is (the figure table beside a step's form).

The value and unit columns are sized to their widest cell (``column_fit.FittedColumns``); in a narrow table (step 2's
figure table at 1366 × 768 in English: 288 px) one long value ("time-per-output-token target", 180 px) left the
stretched label column 26–90 px and every label read "Memory ···", "GPU memory···", "Fits in GPU ···". Here the sized
columns together take at most ``1 - LABEL_SHARE`` of the table's width, each giving up width down to its longest
word (a number is one word: it is never broken), and a text longer than its column wraps onto more lines: its row
grows to hold them. Rows whose texts fit on one line keep the view's row height.

Rows are measured when they are new (``fit``: every row), when a changed cell is widened (``rows``: those rows) and
when the label column's width changes (every row); a row whose texts and columns are as when it was last measured is
not measured again (an edit's new values on the rows in sight: a few dictionary reads).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QTableView

from gpudesk.ui.widgets.column_fit import FittedColumns

LABEL_SHARE = 0.45
"""Least share of the table's width the label column keeps where the values' and units' widths would leave less."""
ADVANCES_KEPT = 2048
"""Texts whose width is kept (labels and units stay; values change at each edit)."""
_BREAKS = re.compile(r"(?<=-)|\s+")
"""Where a line may break: at spaces and after a hyphen ("time-per-output-token target")."""


class LabelRoom(QObject):
    """Keeps ``label_column`` of ``view`` (a stretched column) readable beside the ``sized`` columns."""

    def __init__(self, view: QTableView, sized: FittedColumns, label_column: int) -> None:
        super().__init__(view)
        self.view, self.sized, self.label_column = view, sized, label_column
        self._natural: dict[int, int] = {}  # a sized column's width with every cell on one line
        self._words: dict[int, float] = {}  # a sized column's longest word, with its padding
        self._measured: dict[int, tuple[object, ...]] = {}  # row -> texts and widths it was measured for
        self._shared: dict[int, int] = {}  # a sized column's width as ``_share`` set it
        self._busy = self._due = False
        self._paddings: dict[int, float] = {}  # a column's padding around its text, where ``sized`` measures none
        self._advances: dict[str, float] = {}  # a text's width on one line in the view's font
        self._stale: set[int] = set()  # rows out of sight, measured when a paint shows them
        self._seen_at: tuple[int, int, int] | None = None  # scroll value, height and rows of the last paint checked
        view.setWordWrap(True)
        view.viewport().installEventFilter(self)
        view.horizontalHeader().sectionResized.connect(self._on_resized)
        sized.measured.connect(self._on_measured)

    def _on_measured(self, rows: list[int], every: bool) -> None:
        """The sized columns fitted every row (``every``: one-line widths and longest words read again) or widened
        for ``rows`` (read again only where a column grew: an edit's new values mostly fit where they are)."""
        header = self.view.horizontalHeader()
        grown = [c for c in self.sized.columns if header.sectionSize(c) != self._shared.get(c)]
        if every or grown:
            for column in self.sized.columns if every else grown:
                width = header.sectionSize(column)
                words = [self._longest_word(r, column) for r in rows]
                if every:
                    self._natural[column], self._words[column] = width, max(words, default=0.0)
                else:
                    self._natural[column] = max(width, self._natural.get(column, 0))
                    self._words[column] = max([*words, self._words.get(column, 0.0)])
            if every:  # new rows (or a new font: a language, a theme)
                self._measured.clear()
                self._stale.clear()
                self._advances.clear()
                self._paddings.clear()
            self._share()
        self.fit_rows(rows)

    def _longest_word(self, row: int, column: int) -> float:
        text = self.sized.text_of(row, column)
        pieces = [p for p in _BREAKS.split(text) if p]
        if not pieces:
            return 0.0
        padding = self.sized.padding.get(column, 0.0)
        return max(self.sized._advance(row, p) for p in pieces) + padding

    def _on_resized(self, column: int, _old: int, _new: int) -> None:
        """The label column has a new width (the table resized, a sized column widened): shared again once the header
        has placed its sections. Resized from here, a section took its old width back: the header resizes its
        sections from the sizes it computed before it told the first one's new width (a page shown)."""
        if column == self.label_column and not self._busy and not self._due:
            self._due = True
            QTimer.singleShot(0, self._reshare)

    def _reshare(self) -> None:
        self._due = False
        self._share()
        self.fit_rows(range(self.view.model().rowCount()))

    def _share(self) -> None:
        """The sized columns at their one-line widths where the label keeps ``LABEL_SHARE``; else narrower, each down
        to its longest word, the widest first."""
        room = self.view.viewport().width()
        if room <= 0 or not self._natural:
            return
        allowed = room * (1.0 - LABEL_SHARE)
        widths = dict(self._natural)
        excess = sum(widths.values()) - allowed
        for column in sorted(widths, key=lambda c: -(widths[c] - self._words.get(c, 0.0))):
            if excess <= 0:
                break
            give = min(excess, max(0.0, widths[column] - self._words.get(column, 0.0)))
            widths[column] = math.ceil(widths[column] - give)  # never below a word: a cut word is a cut cell
            excess -= give
        header = self.view.horizontalHeader()
        self._busy = True
        try:
            for column, width in widths.items():
                # a changed cell widens its column into what the label can spare, and wraps past that
                self.sized.most[column] = max(width, int(allowed - sum(w for c, w in widths.items() if c != column)))
                self._shared[column] = width
                if header.sectionSize(column) != width:
                    header.resizeSection(column, width)
        finally:
            self._busy = False

    def fit_rows(self, rows: Iterable[int]) -> None:
        """Each of ``rows`` as high as its texts wrapped to their columns need (the view's row height when they fit
        on one line), measured at the next paint of the table, for the rows it shows then (an edit tells every row
        of bank's step 2 changed, four of its 57 in sight; finding which are in sight at each call took 0.1 ms)."""
        self._stale.update(rows)  # rows changed or new are repainted: that paint measures them first
        self._seen_at = None

    def _fit(self, rows: Iterable[int]) -> None:
        view, header = self.view, self.view.horizontalHeader()
        count = view.model().rowCount()
        label_width = header.sectionSize(self.label_column)
        # a sized column holds a cell on one line where its one-line width (``FittedColumns.widths``) fits: a column
        # at its one-line width holds them all; only a narrowed one wraps (no text measured here at an edit)
        narrowed = [(c, header.sectionSize(c)) for c in self.sized.columns
                    if self._shared.get(c, 0) < self._natural.get(c, 0)]
        cells = self.sized.widths
        default = view.verticalHeader().defaultSectionSize()
        for row in rows:
            self._stale.discard(row)
            if row >= count:
                continue
            label = self.sized.text_of(row, self.label_column)
            key = (label, label_width, *(cells.get((row, c), 0) > w for c, w in narrowed))
            if self._measured.get(row) == key:
                continue
            self._measured[row] = key
            one_line = (not label or self._width(row, self.label_column, label) <= label_width) and not any(key[2:])
            height = default if one_line else max(default, view.sizeHintForRow(row))
            if view.rowHeight(row) != height:
                view.setRowHeight(row, height)
                self._seen_at = None  # the rows in sight move

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A paint of the table that shows rows still to measure measures them first (read again only when the
        table scrolled, resized or its rows moved: an edit's paints find the rows in sight measured)."""
        if self._stale and event.type() == QEvent.Type.Paint:
            at = (self.view.verticalScrollBar().value(), self.view.viewport().height(), self.view.model().rowCount())
            if at != self._seen_at:
                self._seen_at = at
                seen = self.sized.in_sight()
                self._fit([r for r in self._stale if r in seen])
        return False

    def _width(self, row: int, column: int, text: str) -> float:
        """Pixels ``text`` takes on one line in ``column``, with the padding the view adds to a cell."""
        padding = self.sized.padding.get(column)
        if padding is None:
            padding = self._paddings.get(column)
            if padding is None:
                hint = self.view.sizeHintForIndex(self.view.model().index(row, column)).width() + self.view.showGrid()
                padding = self._paddings[column] = hint - self.sized._advance(row, text)
        advance = self._advances.get(text)
        if advance is None:
            if len(self._advances) >= ADVANCES_KEPT:
                self._advances.clear()
            advance = self._advances[text] = self.sized._advance(row, text)
        return advance + padding
