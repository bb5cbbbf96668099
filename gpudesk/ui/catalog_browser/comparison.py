"""Side-by-side comparison of up to four rows of one table, best value per field highlighted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from gpudesk.catalog.schema import table_spec
from gpudesk.ui.catalog_browser.columns import Column, cell_text, columns_for, is_unknown, title_of
from gpudesk.ui.screen_fit import fit_to_screen

MAX_COMPARED = 4
BEST_BACKGROUND = QColor("#d9f2e0")
BEST_FOREGROUND = QColor("#14301c")
"""The best value's text on its pale green, in either theme (the dark theme's white text read 1.0:1 on it)."""
BEST_ROLE = Qt.ItemDataRole.UserRole + 10

Index = QModelIndex | QPersistentModelIndex


def best_columns(column: Column, records: list[Any]) -> set[int]:
    """Indexes of the records holding the best value of ``column`` (ties all best); empty if not ranked."""
    if not column.better or not column.numeric:
        return set()
    values = {
        i: float(getattr(r, column.field))
        for i, r in enumerate(records)
        if getattr(r, column.field) is not None and not is_unknown(r, column.field)
    }
    if len(values) < 2 or len(set(values.values())) < 2:
        return set()
    target = max(values.values()) if column.better == "higher" else min(values.values())
    return {i for i, v in values.items() if v == target}


class ComparisonModel(QAbstractTableModel):
    """Rows are fields, then the row source and date; columns are the compared records."""

    def __init__(self, table: str, records: list[Any], citation_title: Callable[[str], str] | None = None,
                 parent: Any = None) -> None:
        super().__init__(parent)
        if not 1 <= len(records) <= MAX_COMPARED:
            raise ValueError(f"compare 1 to {MAX_COMPARED} rows, not {len(records)}")
        self.table = table
        self.records = list(records)
        self.fields = [c for c in columns_for(table) if c.field not in ("name",)]
        self._best = [best_columns(c, self.records) for c in self.fields]
        title = citation_title or str
        self.provenance_rows: list[tuple[str, list[str]]] = [
            (self.tr("Source"), [title(r.provenance.source) for r in self.records]),
            (self.tr("Row date"), [r.provenance.date for r in self.records]),
            (self.tr("Verified"), [self.tr("yes") if r.provenance.verified else self.tr("◇ no") for r in self.records]),
        ]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self.fields) + len(self.provenance_rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self.records)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self.records):
                return None
            record = self.records[section]
            return ("★ " if record.provenance.user_row else "") + title_of(record)
        if 0 <= section < len(self.fields):
            return self.fields[section].header_with(self.tr(self.fields[section].label))
        if len(self.fields) <= section < self.rowCount():
            return self.provenance_rows[section - len(self.fields)][0]
        return None

    def is_best(self, row: int, column: int) -> bool:
        return row < len(self._best) and column in self._best[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self.rowCount() or index.column() >= len(self.records):
            return None
        if index.row() >= len(self.fields):
            texts = self.provenance_rows[index.row() - len(self.fields)][1]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return texts[index.column()]
            return False if role == BEST_ROLE else None
        field = self.fields[index.row()]
        record = self.records[index.column()]
        best = self.is_best(index.row(), index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(field, record)
        if role == BEST_ROLE:
            return best
        if role == Qt.ItemDataRole.BackgroundRole and best:
            return QBrush(BEST_BACKGROUND)
        if role == Qt.ItemDataRole.ForegroundRole and best:
            return QBrush(BEST_FOREGROUND)
        if role == Qt.ItemDataRole.FontRole and best:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = Qt.AlignmentFlag.AlignRight if field.numeric else Qt.AlignmentFlag.AlignLeft
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if getattr(record, field.field) is None or is_unknown(record, field.field):
                return self.tr("unknown: not in the cited sources")
            if best:
                return self.tr("best of the compared rows ({0} is better)").format(
                    self.tr("higher") if field.better == "higher" else self.tr("lower"))
        return None


class ComparisonDialog(QDialog):
    def __init__(self, table: str, records: list[Any], citation_title: Callable[[str], str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare {0}").format(self.tr(table_spec(table).title).lower()))
        self.model = ComparisonModel(table, records, citation_title, self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        note = QLabel(self.tr(
            "Green marks the best value per row where better is clear: more memory, bandwidth and TFLOPS; "
            "lower power, latency and price. — = unknown in the cited sources."), self)
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.view.resizeRowsToContents()
        rows_height = self.view.verticalHeader().length() + header.height() + 2 * self.view.frameWidth()
        fit_to_screen(self, 260 + 230 * len(records), min(rows_height + 110, 960))
