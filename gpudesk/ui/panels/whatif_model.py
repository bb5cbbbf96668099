"""Table model of one what-if result: per driver, the chosen result at low / plan / high."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QWidget

from gpudesk.core.explain import format_value
from gpudesk.results.whatif import TornadoRow, WhatIfResult
from gpudesk.ui.widgets.rows_model import RowsTableModel
from gpudesk.ui.widgets.session_text import session_text

Index = QModelIndex | QPersistentModelIndex
COL_DRIVER, COL_RANGE, COL_LOW, COL_BASE, COL_HIGH, COL_SWING = range(6)
DRIVER_ROLE = Qt.ItemDataRole.UserRole + 1
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class WhatIfTableModel(RowsTableModel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TornadoRow] = []
        self._unit = ""
        self._undefined = ""
        self._driver_labels: dict[str, str] = {}
        self._headers = [self.tr("Driver"), self.tr("Range applied"), self.tr("At low end"), self.tr("Plan"),
                         self.tr("At high end"), self.tr("Swing")]

    def set_result(self, result: WhatIfResult | None, metric: str, driver_labels: dict[str, str]) -> None:
        self.beginResetModel()
        if result is None or not any(m.name == metric for m in result.metrics):
            self._rows, self._unit = [], ""
        else:
            self._rows = result.tornado(metric)
            self._unit = session_text().unit(result.metric(metric).unit)
        self._undefined = self.tr("never") if metric == "break_even" else "—"
        self._driver_labels = dict(driver_labels)
        self.endResetModel()

    def row(self, index: int) -> TornadoRow:
        return self._rows[index]

    def _value(self, value: float) -> str:
        return f"{format_value(value)} {self._unit}".strip() if math.isfinite(value) else self._undefined

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_DRIVER:
                return self._driver_labels.get(r.driver, r.driver)
            if col == COL_RANGE:
                unit = session_text().unit(r.driver_unit)
                return f"{format_value(r.driver_low)} – {format_value(r.driver_high)} {unit}".strip()
            if col == COL_SWING:
                return self._value(r.swing)
            return self._value((r.low, r.base, r.high)[col - COL_LOW])
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= COL_LOW:
            return _RIGHT
        if role == DRIVER_ROLE:
            return r.driver
        if role == Qt.ItemDataRole.ToolTipRole and col == COL_SWING:
            return self.tr("Largest minus smallest of low end, plan and high end")
        return None
