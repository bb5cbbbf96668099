"""One catalog table in the browser: filter bar, sortable table view, row count."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QMenu, QTableView, QVBoxLayout, QWidget

from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser.columns import DEFAULT_VISIBLE
from gpudesk.ui.catalog_browser.criteria import FilterCriteria
from gpudesk.ui.catalog_browser.filter_bar import FilterBar
from gpudesk.ui.catalog_browser.table_model import STATUS_COLUMN, CatalogFilterProxy, CatalogTableModel


class TablePage(QWidget):
    """``selection_changed`` fires with the selected records (in view order)."""

    selection_changed = Signal(list)

    def __init__(self, catalog: Catalog, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.model = CatalogTableModel(catalog, table, self)
        self.proxy = CatalogFilterProxy(self.model, self)
        self.filters = FilterBar(table, self.model.records(), self)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(False)
        # the id column and the field names in the header tips are what CSV files and the user catalog use
        self.view.setProperty("codes-shown", True)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(24)
        header = self.view.horizontalHeader()
        header.setSectionsMovable(True)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)
        header.setToolTip(self.tr("Right-click to show or hide columns"))
        self._columns_fitted = False  # the widths are measured when the page is first shown (``showEvent``)
        self._apply_default_columns()
        self.count_label = QLabel(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filters)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count_label)
        self.filters.criteria_changed.connect(self.set_criteria)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        self._update_count()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self._columns_fitted:
            self._fit_columns()

    def _apply_default_columns(self) -> None:
        visible = set(DEFAULT_VISIBLE.get(self.table, ()))
        for i, column in enumerate(self.model.columns, start=1):
            self.view.setColumnHidden(i, bool(visible) and column.field not in visible)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)

    def _fit_columns(self) -> None:
        """Each column as wide as its cells, within bounds. Measuring every cell of every table took two thirds of
        opening the browser, whose first tab alone is shown: a page measures its cells when first shown."""
        self._columns_fitted = True
        header = self.view.horizontalHeader()
        self.view.resizeColumnsToContents()
        header.resizeSection(STATUS_COLUMN, max(52, header.sectionSizeHint(STATUS_COLUMN)))  # "Status" and its sort arrow
        first = self.model.column_of(DEFAULT_VISIBLE[self.table][0]) if self.table in DEFAULT_VISIBLE else 1
        header.resizeSection(first, min(max(header.sectionSize(first), 160), 330))
        for i in range(1, self.model.columnCount()):
            if i != first and header.sectionSize(i) > 170:
                header.resizeSection(i, 170)

    def _header_menu(self, pos: QPoint) -> None:
        self.column_menu().popup(self.view.horizontalHeader().mapToGlobal(pos))

    def column_menu(self) -> QMenu:
        """A check item per field: shows or hides its column."""
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for i, column in enumerate(self.model.columns, start=1):
            action = QAction(column.header, menu)
            action.setCheckable(True)
            action.setChecked(not self.view.isColumnHidden(i))
            action.toggled.connect(lambda on, col=i: self.view.setColumnHidden(col, not on))
            menu.addAction(action)
        return menu

    # -- state --------------------------------------------------------------
    def set_criteria(self, criteria: FilterCriteria) -> None:
        self.proxy.set_criteria(criteria)
        self._update_count()

    def _update_count(self, *_args: Any) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        text = self.tr("{0} of {1} rows").format(shown, total) if shown != total else self.tr("{0} rows").format(total)
        self.count_label.setText(text + "   " + self.tr("★ your row   ◇ unverified   — unknown in the cited sources"))

    def reload(self) -> None:
        selected = [r.id for r in self.selected_records()]
        self.model.reload()
        self.filters.refresh_choices(self.model.records())
        self.select_ids(selected)
        self._update_count()

    def selected_records(self) -> list[Any]:
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        return [self.model.record(self.proxy.mapToSource(self.proxy.index(r, 0)).row()) for r in rows]

    def select_ids(self, ids: list[str]) -> None:
        selection = self.view.selectionModel()
        selection.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for rid in ids:
            row = self.model.row_of(rid)
            if row < 0:
                continue
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            if index.isValid():
                selection.select(index, flags)
                self.view.scrollTo(index)
        self._selection_changed()

    def _selection_changed(self, *_args: Any) -> None:
        self.selection_changed.emit(self.selected_records())
