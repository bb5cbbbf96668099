"""A read-only table model over a list of rows and a list of column headers."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class RowsTableModel(QAbstractTableModel):
    """Subclasses fill ``_rows`` and ``_headers`` and implement ``data``."""

    _rows: list[Any]
    _headers: list[str]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt override
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt override
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # the tooltip: the whole header where a narrow column elides it
        if orientation == Qt.Orientation.Horizontal and role in (Qt.ItemDataRole.DisplayRole,
                                                                 Qt.ItemDataRole.ToolTipRole):
            if 0 <= section < len(self._headers):
                return self._headers[section]
        return None
