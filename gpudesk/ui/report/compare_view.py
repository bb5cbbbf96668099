"""Side-by-side comparison of saved plans: table with best values marked, differing inputs, cost chart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from gpudesk.catalog.store import Catalog
from gpudesk.logs import internal_error
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.plotting import ChartView
from gpudesk.refusals import os_reason, refusal
from gpudesk.report.comparison import PlanComparison
from gpudesk.report.comparison_config import configuration_rows_by_phase
from gpudesk.report.comparison_export import (
    comparison_document,
    cumulative_cost_chart,
    plan_labels,
    table_cells,
    table_header,
    write_csv,
)
from gpudesk.report.comparison_input_text import input_rows
from gpudesk.report.document import Branding
from gpudesk.report.server_names import catalog_names
from gpudesk.report.source_words import source_words
from gpudesk.report.text_catalog import ReportText
from gpudesk.ui.widgets.session_text import refusal_words, session_language
from gpudesk.ui.widgets.wrapped_heads import fit_heads
from gpudesk.wizard.defaults import unset_word
from gpudesk.wizard.field_use import field_applies
from gpudesk.wizard.fields import describe_path

FIRST_PLAN_COLUMN = 2  # metric, better, then one column per plan
CONFIGURATION_MAX_HEIGHT = 240
"""Pixels the configuration table asks for at least: its first phase whole (five or six lines), not more."""
BEST_BACKGROUND = "#d8f0dc"
BEST_FOREGROUND = "#14301c"
"""The best value's text on its pale green: the theme's text colour is white in dark mode (white on #d8f0dc read
1.2:1, the best cells looked empty); this dark green reads 11.9:1."""


class ComparisonTableModel(QtCore.QAbstractTableModel):
    """Rows: key figures. Columns: metric, direction, one per plan, differences from the first plan."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._comparison: PlanComparison | None = None
        self._header: tuple[str, ...] = ()
        self._shown: dict[int, str] = {}  # column -> its head on lines (widgets/wrapped_heads.py); else the whole
        self._cells: list[tuple[str, ...]] = []
        self._lang = "en"

    def set_comparison(self, comparison: PlanComparison | None, text: ReportText) -> None:
        self.beginResetModel()
        self._comparison = comparison
        self._lang = text.lang
        self._header = table_header(comparison, text) if comparison else ()
        self._shown = {}
        self._cells = table_cells(comparison, text) if comparison else []
        self.endResetModel()

    @property
    def header(self) -> tuple[str, ...]:
        return self._header

    def plan_columns(self) -> list[int]:
        """The columns headed by a plan's label and name (the long heads)."""
        plans = len(self._comparison.names) if self._comparison is not None else 0
        return list(range(FIRST_PLAN_COLUMN, FIRST_PLAN_COLUMN + plans))

    def show_heads(self, shown: dict[int, str]) -> None:
        """Show ``shown`` heads (on lines) in place of the whole ones."""
        if shown != self._shown:
            self._shown = dict(shown)
            self.headerDataChanged.emit(QtCore.Qt.Orientation.Horizontal, 0, max(len(self._header) - 1, 0))

    def rowCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._header)

    def _is_best(self, row: int, column: int) -> bool:
        assert self._comparison is not None
        plan = column - FIRST_PLAN_COLUMN
        return 0 <= plan < len(self._comparison.names) and plan in self._comparison.rows[row].best

    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex,
             role: int = QtCore.Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._comparison is None:
            return None
        row, column = index.row(), index.column()
        if role == QtCore.Qt.ItemDataRole.DisplayRole:
            return self._cells[row][column]
        if role == QtCore.Qt.ItemDataRole.TextAlignmentRole:
            align = QtCore.Qt.AlignmentFlag.AlignLeft if column < FIRST_PLAN_COLUMN else QtCore.Qt.AlignmentFlag.AlignRight
            return int(align | QtCore.Qt.AlignmentFlag.AlignVCenter)
        if role == QtCore.Qt.ItemDataRole.BackgroundRole and self._is_best(row, column):
            return QtGui.QBrush(QtGui.QColor(BEST_BACKGROUND))
        if role == QtCore.Qt.ItemDataRole.ForegroundRole and self._is_best(row, column):
            return QtGui.QBrush(QtGui.QColor(BEST_FOREGROUND))
        if role == QtCore.Qt.ItemDataRole.FontRole and self._is_best(row, column):
            font = QtGui.QFont()
            font.setBold(True)
            return font
        if role == QtCore.Qt.ItemDataRole.ToolTipRole and column >= FIRST_PLAN_COLUMN:
            return self._explain(row, column)
        return None

    def _explain(self, row: int, column: int) -> str | None:
        assert self._comparison is not None
        plans = len(self._comparison.names)
        metric = self._comparison.rows[row].metric.id
        plan = column - FIRST_PLAN_COLUMN
        key = f"compare.p{plan}.{metric}" if plan < plans else f"compare.p{plan - plans + 1}.{metric}.vs_p0"
        figures = self._comparison.figures
        if key not in figures:
            return None
        # in the reader's language and words: the row's metric, the plan and where the value comes from (no keys)
        names, value, heads = self._comparison.names, self._cells[row][column], self._cells[row][0]
        if plan < plans:
            source = source_words(figures.explain(key).source, self._lang)  # as the Explain panel words it
            where = self.tr("Source")
            return f"{heads} · {names[plan]}: {value}\n{where}: {source}"
        return f"{heads}: {names[plan - plans + 1]} − {names[0]} = {value}"

    def headerData(self, section: int, orientation: QtCore.Qt.Orientation,  # noqa: N802
                   role: int = QtCore.Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == QtCore.Qt.Orientation.Horizontal and 0 <= section < len(self._header)
        if role == QtCore.Qt.ItemDataRole.ToolTipRole and horizontal:
            return self._header[section]  # the whole head where it is shown on lines
        if role != QtCore.Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == QtCore.Qt.Orientation.Horizontal:
            return self._shown.get(section, self._header[section]) if horizontal else None
        return str(section + 1) if 0 <= section < len(self._cells) else None


class CompareView(QtWidgets.QWidget):
    """The comparison page: key-figure table, differing inputs, cumulative cost chart, exports."""

    def __init__(self, lang: str = "zh", parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.text = ReportText(lang)
        self.comparison: PlanComparison | None = None
        self._catalog: Catalog | None = None  # names the products behind catalog ids in the printed inputs table
        self.model = ComparisonTableModel(self)
        self.table = QtWidgets.QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.viewport().installEventFilter(self)  # its columns fitted to its width (fit_key_columns)
        # what each plan builds, phase by phase (the proposal's words of its sized configuration)
        self.configuration = QtWidgets.QTableWidget()
        self.configuration.setObjectName("compare-configuration")
        self.configuration.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.configuration.setWordWrap(True)
        self.configuration.horizontalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.configuration.verticalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.inputs = QtWidgets.QTreeWidget()
        self.inputs.setRootIsDecorated(False)
        self.chart = ChartView(theme="auto")
        self.csv_button = QtWidgets.QPushButton("CSV…")
        self.pdf_button = QtWidgets.QPushButton("PDF…")
        self.csv_button.clicked.connect(self._ask_csv)
        self.pdf_button.clicked.connect(self._ask_pdf)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.csv_button)
        buttons.addWidget(self.pdf_button)
        splitter = QtWidgets.QSplitter(QtCore.Qt.Orientation.Vertical)
        for widget in (self.table, self.configuration, self.inputs, self.chart):
            splitter.addWidget(widget)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addLayout(buttons)
        self._set_enabled(False)

    def _set_enabled(self, enabled: bool) -> None:
        self.csv_button.setEnabled(enabled)
        self.pdf_button.setEnabled(enabled)

    def set_comparison(self, comparison: PlanComparison, catalog: Catalog | None = None) -> None:
        """Show ``comparison``; with ``catalog``, the inputs that hold catalog ids show the products' names."""
        self.comparison = comparison
        self._catalog = catalog
        self.model.set_comparison(comparison, self.text)
        # each column as wide as its header and cells: the plans' names (the headers) read whole, not cut in the
        # middle ("commender for th", "up industrial inspe"), the metrics' names ("GPU 数量（峰…") likewise; where
        # that is wider than the view (four plans at 1366 × 768), the plans' heads wrap onto lines (at the end,
        # with the inputs' heads)
        self._show_configuration(comparison)
        self.inputs.clear()
        # the plans by label (方案 A), as the configuration table: four full names over the inputs' columns were cut
        # at both ends at 1366 × 768; each name in its head's tool tip and in full over the key-figure table
        self.inputs.setHeaderLabels([self.text.get("compare.path"), *plan_labels(comparison, self.text)])
        for column, name in enumerate(comparison.names, start=1):
            self.inputs.headerItem().setToolTip(column, name)
        # the labels as wide as they read, the plans sharing the rest: sized to their contents, the first plan's
        # long names ("排序：每天 3000 万次信息流请求 × 500 个候选商品") pushed the second plan's column out of sight
        header = self.inputs.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        # the rows the PDF and CSV print (comparison_input_text.input_rows): each value with its field's unit
        # ("阶段时长 10 个月", not "10"), choices and catalog ids by name, fields a workload's kind never uses as "—"
        lang = self.lang
        for label, *cells in input_rows(comparison, self.text, lambda p: describe_path(p, lang),
                                        catalog_names(catalog, lang), field_applies,
                                        lambda p, v, floor: unset_word(p, v, floor, lang)):
            item = QtWidgets.QTreeWidgetItem([label, *cells])
            for column, text in enumerate((label, *cells)):  # the whole text where a column elides it
                item.setToolTip(column, text)
            self.inputs.addTopLevelItem(item)
        chart = cumulative_cost_chart(comparison, self.text) if {"capex", "opex"} <= {r.metric.id for r in comparison.rows} else None
        self.chart.setVisible(chart is not None)
        if chart is not None:
            self.chart.set_spec(chart)
        self.fit_key_columns()
        self._set_enabled(True)

    def fit_key_columns(self) -> None:
        """The key-figure table's columns within its view (widgets/wrapped_heads.py): a long plan name on lines,
        whole in its tool tip; the table tall enough for its header and three rows."""
        fit_heads(self.table, self.model.plan_columns(), self.model.header, self.model.show_heads)
        rows = self.table.verticalHeader().defaultSectionSize()  # the header and three rows in sight, however tall
        self.table.setMinimumHeight(self.table.horizontalHeader().height() + 3 * rows + 2 * self.table.frameWidth())

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        """The key-figure table's viewport resized (the dialog fitted to the screen, the splitter moved): fit its
        columns to the new width."""
        if watched is self.table.viewport() and event.type() == QtCore.QEvent.Type.Resize and self.comparison:
            self.fit_key_columns()
        return super().eventFilter(watched, event)

    def _show_configuration(self, comparison: PlanComparison) -> None:
        """One row per phase, one column per plan: accelerator, GPUs, servers, delivery mode, layout and pools."""
        rows = configuration_rows_by_phase(comparison, self.text)
        table = self.configuration
        table.clear()
        table.setColumnCount(len(comparison.names))
        table.setRowCount(len(rows))
        # the plans by label (方案 A …): the key-figure table above names them in full, and a full name over each
        # narrow column was cut at both ends; the name in the head's tool tip
        for c, (label, name) in enumerate(zip(plan_labels(comparison, self.text), comparison.names, strict=True)):
            head = QtWidgets.QTableWidgetItem(label)
            head.setToolTip(name)
            table.setHorizontalHeaderItem(c, head)
        table.setVerticalHeaderLabels([row[0] for row in rows])
        for r, (_phase, *cells) in enumerate(rows):
            for c, text in enumerate(cells):
                item = QtWidgets.QTableWidgetItem(text)
                item.setToolTip(text)
                table.setItem(r, c, item)
        table.resizeRowsToContents()
        first = table.rowHeight(0) if rows else 0  # the first phase in sight whole, however the splitter shares
        table.setMinimumHeight(min(CONFIGURATION_MAX_HEIGHT, table.horizontalHeader().height() + first
                                   + 2 * table.frameWidth()))

    def export_csv(self, path: str | Path) -> None:
        if self.comparison is None:
            raise ValueError("no comparison to export")
        write_csv(self.comparison, path, self.text)

    def export_pdf(self, path: str | Path, branding: Branding = Branding()) -> int:  # noqa: B008
        if self.comparison is None:
            raise ValueError("no comparison to export")
        lang = self.text.lang
        return write_proposal_pdf(comparison_document(self.comparison, lang, branding,
                                                      lambda p: describe_path(p, lang),
                                                      self._catalog, field_applies,
                                                      lambda p, v, floor: unset_word(p, v, floor, lang)), path)

    def _ask_csv(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, "CSV", "comparison.csv", "CSV (*.csv)")
        if path:
            self._guarded(lambda: self.export_csv(path), path)

    def _ask_pdf(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, "PDF", "comparison.pdf", "PDF (*.pdf)")
        if path:
            self._guarded(lambda: self.export_pdf(path), path)

    def _guarded(self, export: Callable[[], object], path: str) -> bool:
        """Run an export; a failure (a full disk, a bug) becomes one message, and the file is left as it was."""
        try:
            export()
        except OSError as exc:  # by the file's own name and the system's reason, in the session's language
            message = refusal_words(refusal("file.cannot_save", path=path, why=os_reason(exc)))
        except Exception as exc:  # noqa: BLE001 - last-resort guard: one line and a log entry
            message = internal_error("exporting the comparison", exc, session_language(), "导出对比结果")
        else:
            return True
        QtWidgets.QMessageBox.warning(self, self.tr("Export failed"), message)
        return False
