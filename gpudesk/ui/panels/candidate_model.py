"""Table model of a phase's ranked candidates (``PhaseEstimate.candidates``).

While the phase's configuration search is pending (after an edit the window estimates without it and searches in
idle time), the table keeps the places of the rows the last search gave: the plan's own row at its place with its
new figures, every other place a pending row ("Searching…", no figure of the previous search), so an edit updates
cells in place instead of switching the table to one row and back (issue 24). While the phase's costs are made in
idle time (``PhaseEstimate.costs_done`` False), the plan's own row says its cost is being calculated."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from gpudesk.core.reason_values import Quantity
from gpudesk.core.search_words import ITEM_RATE_UNITS
from gpudesk.report.check_text import quantity_text, reasons_in
from gpudesk.report.display_units import display_value
from gpudesk.report.number_format import wan_column
from gpudesk.results.plan_result import Candidate
from gpudesk.ui.status_style import BLOCKED, COMPLETE, MARKS, UNKNOWN
from gpudesk.ui.widgets.figure_table import pending_word
from gpudesk.ui.widgets.rows_model import RowsTableModel
from gpudesk.ui.widgets.session_text import session_language, session_text
from gpudesk.vocabulary.costs import awaiting_quote

Index = QModelIndex | QPersistentModelIndex
COL_RANK, COL_ACCELERATOR, COL_GPUS, COL_NODES, COL_LAYOUT, COL_TIME, COL_COST, COL_FITS = range(8)
ACCELERATOR_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_CENTRE = int(Qt.AlignmentFlag.AlignCenter)
_ALIGN = (_RIGHT, None, _RIGHT, _RIGHT, None, _RIGHT, _RIGHT, _CENTRE)  # per column
_DISPLAY, _TIP = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole
_ANSWERED = frozenset((_DISPLAY, SORT_ROLE, ACCELERATOR_ID_ROLE, Qt.ItemDataRole.TextAlignmentRole,
                       Qt.ItemDataRole.FontRole, _TIP, Qt.ItemDataRole.AccessibleTextRole))
"""The roles ``data`` answers: a view asks for a dozen per cell each time the cells change (the header measures
every cell of a column sized to its contents), and every other role is answered at once with None."""


def _number(value: float, unit: str, wan: bool = False) -> str:
    """A row's time or cost as the figure tables show it (``display_value``: CNY in 万元 in Chinese, '52.3 万元/月'; a
    time in the largest unit it reaches, '1.2 h' where the row read '0.0501 days'); ``wan``: the cost column reads
    in 万 (``number_format.wan_column``), '13,512 万元' above '5,204 万元', never '1.35 亿元' there."""
    if not math.isfinite(value):
        return "—"
    text = session_text()
    shown_unit, number = display_value(value, unit, text.lang, wan)
    return f"{text.value(number)} {text.unit(shown_unit)}".strip()


class CandidateTableModel(RowsTableModel):
    """Rank, accelerator, GPUs, nodes, layout, time or throughput, cost, fits; the pinned row is bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Candidate | None] = []  # None: a place pending the search
        self._costs_pending = False  # the plan's own row's cost is being computed (``set_candidates``)
        self.rented = False  # the phase rents its capacity (``set_rented``)
        self._cells: dict[tuple[int, int, int], Any] = {}  # (row, column, role) -> answer, until the rows change
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._headers = [self.tr("#"), self.tr("Accelerator"), self.tr("GPUs"), self.tr("Nodes"), self.tr("Layout"),
                         self.tr("Time / throughput"), self.tr("Total cost of ownership"), self.tr("Fits")]

    def set_rented(self, rented: bool) -> None:
        """Name what the cost column covers: a rented phase's rows cost its own months of rent, an owned phase's the
        total cost of ownership over the horizon (CostLedger.total_over_years), as the proposal's table says."""
        self.rented = rented  # a rented row counts the instances its ledger bills (SizedConfiguration.units)
        for col, header in ((COL_COST, self.tr("Rent over the phase") if rented else self.tr("Total cost of ownership")),
                            (COL_NODES, self.tr("Instances") if rented else self.tr("Nodes"))):
            if self._headers[col] != header:
                self._headers[col] = header
                self.headerDataChanged.emit(Qt.Orientation.Horizontal, col, col)

    def set_candidates(self, candidates: list[Candidate], search_pending: bool = False,
                       costs_pending: bool = False) -> list[int]:
        """Show ``candidates``; returns the rows whose cells changed (all of them after a reset).

        ``search_pending``: the phase's search has not run; ``candidates`` then hold the plan's own row only, and
        the table keeps the places of the rows it shows, pending (:func:`pending_places`). ``costs_pending``: the
        phase's costs are being computed: the plan's own row's cost cell says so ("Calculating…"), never a price."""
        rows: list[Candidate | None] = list(candidates)
        if search_pending:
            rows = pending_places(candidates, self._rows)
        flipped = costs_pending != self._costs_pending
        self._costs_pending = costs_pending
        if rows == self._rows and not flipped:
            return []
        self._cells = {}
        if rows == self._rows:  # the same rows: the plan's own cost cell alone changes
            own = self.pinned_row()
            if own >= 0:
                self.dataChanged.emit(self.index(own, COL_COST), self.index(own, COL_COST))
            return [own] if own >= 0 else []
        was = self._rows
        kept = min(len(rows), len(was))
        same = [c.accelerator_id if c else None for c in rows[:kept]] == [c.accelerator_id if c else None
                                                                          for c in was[:kept]]
        if not (same or None in rows or None in was):  # other candidates, or another order: another table
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
            return list(range(len(rows)))
        # The same places (an input moved their numbers, or the search filled the pending places): the cells are
        # updated in place, rows added or taken at the end, so the view keeps its selection and scroll position
        # and repaints only what changed.
        changed = [i for i in range(kept) if rows[i] != was[i]]
        if len(rows) < len(was):
            self.beginRemoveRows(QModelIndex(), len(rows), len(was) - 1)
            self._rows = rows
            self.endRemoveRows()
        elif len(rows) > len(was):
            self.beginInsertRows(QModelIndex(), len(was), len(rows) - 1)
            self._rows = rows
            self.endInsertRows()
        self._rows = rows
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], COL_FITS))  # only those rows
        return changed + list(range(kept, len(rows)))

    def candidate(self, row: int) -> Candidate | None:
        """The candidate of ``row``; None for a place pending the search."""
        return self._rows[row]

    def candidates(self) -> list[Candidate]:
        """The candidates shown (not the pending places)."""
        return [c for c in self._rows if c is not None]

    def cell_text(self, row: int, column: int) -> str:
        """The text cell (``row``, ``column``) shows."""
        c = self._rows[row]
        return self._text(c, column) if c is not None else self._pending(column, _DISPLAY)

    def cell_font(self, row: int) -> QFont | None:
        """The font of a row drawn in another font than the view's (the plan's row, a pending place)."""
        c = self._rows[row]
        return self._italic if c is None else self._bold if c.pinned else None

    def pending_rows(self) -> int:
        return sum(c is None for c in self._rows)

    def row_of(self, accelerator_id: str) -> int:
        for i, c in enumerate(self._rows):
            if c is not None and c.accelerator_id == accelerator_id:
                return i
        return -1

    def pinned_row(self) -> int:
        for i, c in enumerate(self._rows):
            if c is not None and c.pinned:
                return i
        return -1

    # -- QAbstractTableModel ------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED:
            return None
        row, col = index.row(), index.column()
        key = (row, col, role)
        if key in self._cells:
            return self._cells[key]
        if not index.isValid() or not 0 <= row < len(self._rows):
            return None
        c = self._rows[row]
        answer = self._cells[key] = self._answer(c, col, role) if c is not None else self._pending(col, role)
        return answer

    def _pending(self, col: int, role: int) -> Any:
        """A place pending the search: says so, and shows no figure (never the previous search's)."""
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr("Searching…") if col == COL_ACCELERATOR else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("The configuration search runs in idle time; this row shows its result when it is done.")
        if role == Qt.ItemDataRole.FontRole:
            return self._italic
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _ALIGN[col]
        return None

    def _answer(self, c: Candidate, col: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(c, col)
        if role == SORT_ROLE:
            return self._sort_value(c, col)
        if role == ACCELERATOR_ID_ROLE:
            return c.accelerator_id
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _ALIGN[col]
        if role == Qt.ItemDataRole.FontRole and c.pinned:
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(reasons_in(c, session_language()))
        if role == Qt.ItemDataRole.AccessibleTextRole and col == COL_FITS:
            return self.tr("fits") if c.fits else self.tr("does not fit")
        return None

    def _text(self, c: Candidate, col: int) -> str:
        if col == COL_RANK:  # while the search is pending the plan's row has no rank among the searched ones yet
            return "…" if self.pending_rows() else str(c.rank)
        if col == COL_ACCELERATOR:
            name = c.accelerator_named(session_language())
            return self.tr("{0}  ◆ pinned").format(name) if c.pinned else name
        if col == COL_GPUS:
            return f"{c.gpus:,}"
        if col == COL_NODES:
            return f"{c.nodes:,}"
        if col == COL_LAYOUT:
            return c.layout
        estimated = math.isfinite(c.time_or_throughput) and c.time_or_throughput > 0
        if col == COL_TIME:
            if not estimated:
                return self.tr("cannot estimate")
            if c.time_or_throughput_unit in ITEM_RATE_UNITS.values():  # as the step pages and the search's words
                # show it: '516.8 万样本/秒/GPU', not '5,168,378 samples/s/GPU'
                return quantity_text(Quantity(c.time_or_throughput, c.time_or_throughput_unit), session_language())
            return _number(c.time_or_throughput, c.time_or_throughput_unit)
        if col == COL_COST:  # a configuration that cannot be estimated is never priced as if it worked
            if not estimated:
                return "—"
            if c.pinned and self._costs_pending and not math.isfinite(c.cost):
                return pending_word(session_language())
            wan = any(wan_column([r.cost], r.cost_unit, session_language()) for r in self._rows if r is not None)
            return _number(c.cost, c.cost_unit, wan) if math.isfinite(c.cost) else awaiting_quote(session_language())
        if not estimated:
            return MARKS[UNKNOWN]
        return MARKS[COMPLETE] if c.fits else MARKS[BLOCKED]

    @staticmethod
    def _sort_value(c: Candidate, col: int) -> Any:
        return (c.rank, c.accelerator_name, c.gpus, c.nodes, c.layout, c.time_or_throughput, c.cost,
                int(c.fits))[col]


def pending_places(candidates: list[Candidate], shown: list[Candidate | None]) -> list[Candidate | None]:
    """What the table shows while the search is pending: ``shown``'s places, the plan's own row (the one pinned
    candidate a pending estimate holds) where the plan's row was (else first), every other place pending (None).
    Candidates as they are when there is no such place to keep."""
    own = [c for c in candidates if c.pinned]
    if len(shown) < 2 or len(own) != 1 or len(candidates) != 1:
        return list(candidates)
    at = next((i for i, c in enumerate(shown) if c is not None and c.pinned), 0)
    return [own[0] if i == at else None for i in range(len(shown))]
