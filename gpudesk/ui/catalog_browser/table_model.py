"""A catalog table as a Qt model: one row per record, one column per field (plus a status column)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.sources import chinese_texts
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser.columns import VALUE_VOCABULARIES, Column, cell_text, columns_for, is_unknown, sort_key
from gpudesk.ui.catalog_browser.criteria import FilterCriteria
from gpudesk.ui.catalog_browser.detail_pane import CITATION_KINDS
from gpudesk.ui.widgets.session_text import session_text

RECORD_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
FIELD_ROLE = Qt.ItemDataRole.UserRole + 3

STATUS_COLUMN = 0
USER_ROW_BACKGROUND = QColor("#fff4d6")
UNVERIFIED_FOREGROUND = QColor("#8a5a00")
UNKNOWN_FOREGROUND = QColor("#9aa0a6")

Index = QModelIndex | QPersistentModelIndex


class CatalogTableModel(QAbstractTableModel):
    """Adapts the typed records of one catalog table; call :meth:`reload` after the catalog changes."""

    def __init__(self, catalog: Catalog, table: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.table = table
        self.columns: list[Column] = columns_for(table)
        self._records: list[Any] = []
        self._search: list[str] = []
        self._load()

    # -- data -------------------------------------------------------------
    def _load(self) -> None:
        self._records = list(self.catalog.rows(self.table))
        self._search = [self._search_text(r) for r in self._records]

    def reload(self) -> None:
        self.beginResetModel()
        self._load()
        self.endResetModel()

    def _search_text(self, record: Any) -> str:
        parts = [record.id, self._status_text(record)]
        parts += [cell_text(c, record) for c in self.columns]
        parts += [str(getattr(record, c.field, "")) for c in self.columns if c.field in VALUE_VOCABULARIES]  # codes too
        return " ".join(parts).lower()

    def record(self, row: int) -> Any:
        return self._records[row]

    def records(self) -> list[Any]:
        return list(self._records)

    def search_text(self, row: int) -> str:
        return self._search[row]

    def row_of(self, rid: str) -> int:
        return next((i for i, r in enumerate(self._records) if r.id == rid), -1)

    def column_of(self, field_name: str) -> int:
        """The model column showing ``field_name`` (column 0 is the status marker)."""
        for i, c in enumerate(self.columns):
            if c.field == field_name:
                return i + 1
        raise KeyError(f"{self.table} has no field '{field_name}'")

    # -- Qt model -----------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self.columns) + 1

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if section == STATUS_COLUMN:
            if role == Qt.ItemDataRole.DisplayRole:
                return self.tr("Status")
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.tr("★ your own row (user catalog) · ◇ unverified values")
            return None
        column = self.columns[section - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.header_with(self.tr(column.label))
        if role == Qt.ItemDataRole.ToolTipRole:
            header = column.header_with(self.tr(column.label))
            # the record field names the CSV column; a Chinese header stands alone
            return header if session_text().translates else f"{header}\n{column.field}"
        if role == FIELD_ROLE:
            return column.field
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._records):
            return None
        record = self._records[index.row()]
        if index.column() == STATUS_COLUMN:
            return self._status_data(record, role)
        column = self.columns[index.column() - 1]
        unknown = getattr(record, column.field) is None or is_unknown(record, column.field)
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(column, record)
        if role == SORT_ROLE:
            return sort_key(column, record)
        if role == Qt.ItemDataRole.ToolTipRole:
            if unknown:
                return self.tr("unknown: not in the cited sources")
            return self._source_tooltip(record, column.field)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and unknown:
            return QBrush(UNKNOWN_FOREGROUND)
        return self._common_data(record, role)

    def _common_data(self, record: Any, role: int) -> Any:
        if role == Qt.ItemDataRole.BackgroundRole and record.provenance.user_row:
            return QBrush(USER_ROW_BACKGROUND)
        if role == RECORD_ROLE:
            return record.id
        return None

    def _status_text(self, record: Any) -> str:
        marks = []
        if record.provenance.user_row:
            marks.append("★")
        if not record.provenance.verified:
            marks.append("◇")
        return " ".join(marks)

    def _status_data(self, record: Any, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._status_text(record)
        if role == SORT_ROLE:
            return self._status_text(record)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = []
            if record.provenance.user_row:
                lines.append(self.tr("★ your own row, stored in your user catalog"))
            if not record.provenance.verified:
                lines.append(self.tr("◇ unverified: values not yet checked against a primary source"))
            return "\n".join(lines) or self.tr("shipped row, verified against its source")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole and not record.provenance.verified:
            return QBrush(UNVERIFIED_FOREGROUND)
        if role == Qt.ItemDataRole.FontRole and record.provenance.user_row:
            font = QFont()
            font.setBold(True)
            return font
        return self._common_data(record, role)

    def _source_tooltip(self, record: Any, field_name: str) -> str:
        cid = record.provenance.source_of(field_name)
        try:
            citation = self.catalog.citation(cid)
        except CatalogError:
            return cid
        lang = session_text().lang
        kind = QCoreApplication.translate("DetailPane", CITATION_KINDS.get(citation.kind, citation.kind))  # not "[S]"
        return f"{citation.title} ({chinese_texts().publisher(citation, lang)}, {citation.accessed}) [{kind}]"


class CatalogFilterProxy(QSortFilterProxyModel):
    """Free-text search and architect filters over a :class:`CatalogTableModel`; unknowns sort last."""

    def __init__(self, source: CatalogTableModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSourceModel(source)
        self.setSortRole(SORT_ROLE)
        self.criteria = FilterCriteria()

    def table_model(self) -> CatalogTableModel:
        model = self.sourceModel()
        assert isinstance(model, CatalogTableModel)
        return model

    def set_criteria(self, criteria: FilterCriteria) -> None:
        if criteria == self.criteria:
            return
        self.beginFilterChange()
        self.criteria = criteria
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.table_model()
        return self.criteria.accepts(model.table, model.record(source_row), model.search_text(source_row))

    def lessThan(self, left: Index, right: Index) -> bool:
        a = left.data(SORT_ROLE)
        b = right.data(SORT_ROLE)
        if a is None or b is None:
            # unknowns last whichever way the column is sorted
            if a is None and b is None:
                return False
            ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
            return (b is None) == ascending
        if type(a) is not type(b):
            return str(a) < str(b)
        return a < b
