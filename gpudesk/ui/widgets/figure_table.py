"""A table of explained figures: label, value, unit. Selecting a row explains it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Container
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from gpudesk.core.applicability import not_applicable
from gpudesk.core.explain import FigureSet
from gpudesk.report.chart_text import translate
from gpudesk.report.display_text import DisplayText
from gpudesk.report.display_units import NEVER, NOT_APPLICABLE, UNKNOWN, display_value
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import CHINESE_MONEY_UNITS, wan_column
from gpudesk.report.series_text import series_value
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.cost_basis import basis_label, total_span
from gpudesk.ui.widgets.column_fit import FittedColumns
from gpudesk.ui.widgets.label_room import LabelRoom
from gpudesk.ui.widgets.session_text import session_text

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
UNKNOWN_COLOUR = "#b03a2e"  # 6.2:1 on white; the dark theme's base #1f2023 gets the lighter shade below
COL_LABEL, COL_VALUE, COL_UNIT = range(3)
SIZED_COLUMNS = (COL_VALUE, COL_UNIT)

PENDING = "Calculating…"
"""A pending figure's value cell (charts_zh.toml: 计算中…), as the what-if list and the charts say it."""
SHOWN_KEPT = 4096
"""Rows kept for reuse (``FigureTableModel.set_figures``); past this many they are made again."""

Index = QModelIndex | QPersistentModelIndex
_ANSWERED = frozenset((Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
                       Qt.ItemDataRole.TextAlignmentRole, KEY_ROLE))


class FigureTableModel(QAbstractTableModel):
    HEADERS = ("Figure", "Value", "Unit")
    rows_changed = Signal(list)  # the rows whose cells an update changed in place (after their ``dataChanged``)

    def __init__(self, parent: QWidget | None = None, text: DisplayText | None = None) -> None:
        super().__init__(parent)
        self.text = text or session_text()  # labels and units in the session language
        self._keys: list[str] = []  # the rows' figure keys
        self._rows: list[tuple[str, str, str, str] | None] = []  # key, label, value text, unit; None: made when read
        self._figures: FigureSet | None = None  # what the rows not made yet are made from
        self._labels: dict[str, str] | None = None
        self._pending: Collection[str] = ()
        self._shown: dict[tuple[Any, ...], tuple[str, str, str, str]] = {}  # rows made, by what they show
        self._awaiting: dict[str, tuple[str, ...]] = {}  # a total's lines awaiting a quote, by figure key
        self._wan = False  # the table's amounts read in 万 (``money_in_wan``)
        self.in_sight: Callable[[], range] | None = None  # the rows a view shows now (``FigureTable``); None: all

    def set_figures(self, figures: FigureSet | None, keys: list[str], labels: dict[str, str] | None = None,
                    pending: Collection[str] = ()) -> None:
        """Rows of the figures ``keys`` names, in that order (keys absent from ``figures`` left out); a key of
        ``pending`` (being computed: ``PhaseEstimate.pending_figures``) keeps its row with its label and unit and
        says so in its value cell ("Calculating…", the charts' word), never a previous value.

        The rows a view shows (``in_sight``) are made at once; the others when first read (a cell asked for, a column
        widened after the frame): a step's table shows four of its 57 rows on step 2, and making the other rows'
        texts took 0.6 ms of each bank edit (issue 24). Every row is always the given figures' row."""
        present = [] if figures is None else [k for k in keys if k in figures or k in pending]
        old_keys, old_rows = self._keys, self._rows
        self._figures, self._labels, self._pending = figures, labels, pending
        self._wan = figures is not None and money_in_wan(figures, present, self.text.lang)
        self._awaiting = {}
        if len(self._shown) >= SHOWN_KEPT:
            self._shown = {}
        if present != old_keys:
            self.beginResetModel()
            self._keys, self._rows = present, [None] * len(present)
            self.endResetModel()
            return
        count = len(present)
        seen = range(count) if self.in_sight is None else self.in_sight()
        rows: list[tuple[str, str, str, str] | None] = [None] * count
        self._rows = rows
        for i in seen:
            rows[i] = self._make(i)
        # Only the changed cells, each run of changed rows apart (an edit's new values: the value column alone):
        # the view asks those cells again and repaints their rectangles, not the rows between them that stayed
        # (two of bank's four rows in sight, 0.16 ms a cell; issue 24). Rows out of sight are told changed as they
        # may be (a view repaints none of them) and are measured by the columns when they are made.
        changed = [i for i in seen if old_rows[i] is None or rows[i] != old_rows[i]]
        columns = [c for c in range(3) if any(old_rows[i] is None or rows[i][1 + c] != old_rows[i][1 + c]  # type: ignore[index]
                                              for i in changed)]
        unseen = [i for i in range(count) if i not in seen]
        runs = _runs(changed, (columns[0], columns[-1]) if columns else (0, 2)) + _runs(unseen, (0, 2))
        for first, last, (left, right) in runs:
            self.dataChanged.emit(self.index(first, left), self.index(last, right))
        if changed or unseen:
            self.rows_changed.emit(sorted(changed + unseen))

    def _row(self, row: int) -> tuple[str, str, str, str]:
        made = self._rows[row]
        if made is None:
            made = self._rows[row] = self._make(row)
        return made

    def _make(self, row: int) -> tuple[str, str, str, str]:
        key, figures = self._keys[row], self._figures
        assert figures is not None, "rows are made from figures"
        given = self._labels.get(key) if self._labels else None
        parts = figures.shown(key)  # label, unit, value, vocabulary, awaiting: one read
        shown = self._shown
        if parts is None:  # pending: the same row at each edit while it is pending, made once
            kept = ("pending", key, given, self.text.lang)
            made = shown.get(kept)
            if made is None:
                made = shown[kept] = self._pending_row(key, given)
            return made
        # a number's row is its key, label, unit and value: an edit changes a few values of a step's figures, and
        # the others' texts are the ones already made (named and formatted: ~0.5 ms of an edit on step 2)
        english, unit, value, vocabulary, waiting = parts
        # whether it applies reads another figure (a serving phase's checkpoint size is 0 and does not apply)
        memo = None if vocabulary is not None or not isinstance(value, (float, int, str)) else (
            key, given, english, unit, type(value), value, waiting, not_applicable(figures, key), self._wan)
        made = shown.get(memo) if memo is not None else None
        if made is None:
            label = given or self.text.row_label(key, english)
            text, unit = figure_display(figures, key, self.text, wan=self._wan)
            made = (key, label, text, unit)
            if memo is not None:
                shown[memo] = made
        if waiting:
            self._awaiting[key] = waiting
        return made

    def _pending_row(self, key: str, given: str | None) -> tuple[str, str, str, str]:
        label, unit = pending_label(key, self.text) or (key, "")
        return key, given or label, self.pending_word(), unit

    def pending_word(self) -> str:
        """What a pending figure's value cell says (``pending_word``)."""
        return pending_word(self.text.lang)

    def cell_text(self, row: int, column: int) -> str:
        """The text cell (``row``, ``column``) shows."""
        return self._row(row)[1 + column]

    def key_at(self, row: int) -> str:
        return self._keys[row]

    def keys(self) -> list[str]:
        return list(self._keys)

    def value_text(self, key: str) -> str:
        return self._row(self._keys.index(key))[2]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None  # a view asks a dozen roles per cell; most are answered here at once
        key, label, text, unit = self._row(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            return (label, text, unit)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self.tr("Click to see the formula, inputs and sources of {0}").format(label)
            if text == self.text.value(UNKNOWN):
                tip = self.tr("The estimate could not compute this figure: a catalog field or an input it needs "
                              "is missing. The Explain panel shows which.") + "\n" + tip
            elif key in self._awaiting:
                waiting = self._awaiting[key]  # items in the core's English: the check words them per language
                leaves = self.tr("Leaves out 1 cost line awaiting a quote") if len(waiting) == 1 else \
                    self.tr("Leaves out {0} cost lines awaiting a quote").format(len(waiting))
                tip = leaves + self.tr(" (the check \"Some costs await a quote\" names them). Enter their quotes on "
                                       "step 7 (costs) to complete it.") + "\n" + tip
            elif text == self.text.value(NOT_APPLICABLE) and self._figures is not None:
                tip = self.tr("Not applicable: {0}.").format(self.text.not_applicable(not_applicable(self._figures, key))) \
                    + "\n" + tip
            elif text == self.text.value(NEVER):
                tip = self.tr("Owning costs more than this option in every month of the plan's horizon: buying "
                              "never pays back against it.") + "\n" + tip
            return tip
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == COL_VALUE and text == self.text.value(UNKNOWN):
            return QBrush(QColor(UNKNOWN_COLOUR))
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == COL_VALUE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == KEY_ROLE:
            return key
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal and 0 <= section < 3:
            return self.tr(self.HEADERS[section])
        return None


def _runs(rows: list[int], columns: tuple[int, int]) -> list[tuple[int, int, tuple[int, int]]]:
    """(first, last, columns) of each run of consecutive ``rows`` (ascending)."""
    runs: list[tuple[int, int, tuple[int, int]]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row, columns)
        else:
            runs.append((row, row, columns))
    return runs


def pending_word(lang: str) -> str:
    """What a surface says in place of a figure being computed: the charts' word ("Calculating…", "计算中…")."""
    return translate(PENDING, lang)


def pending_text_of(key: str) -> tuple[str, str] | None:
    """(English label, unit) of pending figure ``key``, as the core gives them (``results.deferred_figures``) or as
    the figure had them when last computed (``remember_text``: a cost figure left to idle time); None for a figure
    never seen. Read once per key: an import statement run after PySide6's costs its import hook at every edit."""
    found = _PENDING_TEXTS.get(key)
    if found is None:
        from gpudesk.results.deferred_figures import pending_text  # loaded with the estimate that named it pending

        try:
            found = _PENDING_TEXTS[key] = pending_text(key)
        except KeyError:
            return None
    return found


_PENDING_TEXTS: dict[str, tuple[str, str]] = {}


def remember_text(figures: FigureSet, key: str) -> None:
    """Keep computed figure ``key``'s label and unit: what a surface names it by while it is being computed later."""
    if key not in _PENDING_TEXTS:
        _PENDING_TEXTS[key] = (figures.label(key), figures.unit(key))


class PendingFigures(Container[str]):
    """The figures of a phase being computed (``PhaseEstimate.figure_pending``: its pending figures, and its costs
    while they are made in idle time), as a container that ``key in`` asks."""

    def __init__(self, phase: Any) -> None:
        self._phase = phase

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._phase.figure_pending(key)


def basis_labels(phase: Any, keys: Collection[str], text: DisplayText) -> dict[str, str] | None:
    """The row labels of the totals over years among ``keys``, saying what each covers as the status bar and the
    proposal do ('测算期总体拥有成本（租用 3 个月）': results/cost_basis.py, off the phase's ledger); None while the
    costs are made or when no such total is shown."""
    if not phase.costs_done:
        return None
    figures = phase.figures
    labels = {key: basis_label(text.row_label(key, figures.label(key)), key, figures, phase.ledger,
                               text.lang) for key in keys if key in figures and total_span(key, figures) is not None}
    return labels or None


def pending_label(key: str, text: DisplayText) -> tuple[str, str] | None:
    """(row label, unit) of pending figure ``key`` in ``text``'s language: those the figure has once computed; None
    for a figure never seen."""
    found = pending_text_of(key)
    if found is None:
        return None
    english, unit = found
    return text.row_label(key, english), text.unit(unit)


WAN_PERIODS = ("", "year", "month")
"""Money units whose amounts a table reads in 万 together (an amount, per year, per month); a price per unit (per
GPU-hour, per kWh) keeps its own form."""


def _amount(figures: FigureSet, key: str) -> tuple[str, str] | None:
    """(currency, period) of a money amount's unit ("CNY/year" -> ("CNY", "year")); None for another unit."""
    money, _slash, per = figures.unit(key).partition("/")
    return (money, per) if money in CHINESE_MONEY_UNITS and per in WAN_PERIODS else None


def money_in_wan(figures: FigureSet, keys: list[str], lang: str) -> bool:
    """Whether a table of ``keys`` reads its amounts in 万 (``number_format.wan_column``: one reaches 10,000):
    step 7 read '一次性投入（CAPEX） 0 元' over '年运营费用（OPEX） 22.0 万元/年'."""
    amounts = [(figures.number(k), m[0]) for k in keys if k in figures and (m := _amount(figures, k))]
    return any(wan_column([v], currency, lang) for v, currency in amounts)


def figure_display(figures: FigureSet, key: str, text: DisplayText, index: int | None = None,
                   currency: str = "", wan: bool = False) -> tuple[str, str]:
    """``(value, unit)`` of figure ``key`` as the interface shows it in ``text``'s language: a categorical
    figure (what limits a step) by its name, a number in readable units, an unknown value as unknown."""
    named = figures.word(key, text.lang, index)
    if named is not None:
        return named, ""
    if not_applicable(figures, key):  # never '0 B' for the checkpoint of a phase that trains nothing
        return text.value(NOT_APPLICABLE), ""
    if figures.over(key):  # a figure over the phase's months: its running total, its one value, or its range
        def each(month: float) -> tuple[str, str]:
            shown_unit, number = display_value(month, figures.unit(key), text.lang)
            return text.value(number), text.unit(shown_unit, currency)
        explained = figures.explain(key, index)
        return series_value(explained.series, explained.over, each)
    value = figures.value_at(key, index)
    # an amount in 万 as its table: '0 万元', not '0 元'; '13,512 万元', not '1.35 亿元' (a price per unit keeps its form)
    unit, shown = display_value(value, figures.unit(key), text.lang, wan and _amount(figures, key) is not None)
    waiting = figures.awaiting(key)
    if waiting and isinstance(value, float):  # a total's priced part: the lines awaiting a quote beside it, as the proposal prints them
        marked = awaiting_total(text.unit(unit, currency), len(waiting), ReportText(text.lang), priced_part=value)
        return (marked, "") if value == 0 else (text.value(shown), marked)
    return text.value(shown), text.unit_after(shown, unit, currency)


class FigureTable(QTableView):
    """Shows figures; emits ``figure_selected(key)`` when the user picks one."""

    figure_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.figure_model = FigureTableModel(self)
        self.setModel(self.figure_model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(COL_LABEL, QHeaderView.ResizeMode.Stretch)
        # The value and unit columns fit every row when the rows are new (other figures) and only widen when an
        # edit's new value needs more (widgets/column_fit.py): Qt's ResizeToContents measured them on every update.
        self.sized = FittedColumns(self, SIZED_COLUMNS, self.figure_model.cell_text)
        self.figure_model.in_sight = self.sized.in_sight  # its rows out of sight are made when read
        self.figure_model.modelReset.connect(self.sized.fit)
        self.figure_model.rows_changed.connect(lambda rows: self.sized.widen(rows, when_seen=True))
        self.label_room = LabelRoom(self, self.sized, COL_LABEL)  # labels wrap rather than read "Memory ···"
        self.clicked.connect(self._emit)
        self.activated.connect(self._emit)
        self.setAccessibleName(self.tr("Results"))

    def _emit(self, index: QModelIndex) -> None:
        key = index.data(KEY_ROLE)
        if key:
            self.figure_selected.emit(key)
