"""Search box and the filters that matter to architects, for one catalog table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale, Signal
from PySide6.QtGui import QDoubleValidator
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget

from gpudesk.catalog.field_rules import rule_for
from gpudesk.ui.catalog_browser.columns import field_unit, value_name
from gpudesk.ui.catalog_browser.criteria import (
    PRECISION_FIELDS,
    TABLE_FILTERS,
    FilterCriteria,
    TableFilters,
    choices_in,
)

COMBO_CHARACTERS = 10
"""A filter's choice list is at least this many characters wide; its open list shows whole names."""


class FilterBar(QWidget):
    """Emits ``criteria_changed`` with a :class:`FilterCriteria` whenever any control changes."""

    criteria_changed = Signal(object)

    def __init__(self, table: str, records: list[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.offered: TableFilters = TABLE_FILTERS.get(table, TableFilters())
        # Two rows: the search box, then the filters this table offers. One row asked for about 1,000 px, which
        # with the detail pane pushed the catalog dialog past a 1366-pixel screen.
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        search_row = QHBoxLayout()
        layout = QHBoxLayout()
        rows.addLayout(search_row)
        rows.addLayout(layout)

        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Search name, id, any value…"))
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(200)
        search_row.addWidget(self.search, 1)

        self.vendor = self._combo(self.offered.vendor, self.tr("Provider") if self.offered.vendor == "provider"
                                  else self.tr("Vendor"), records, layout)
        self.min_memory = QSpinBox(self)
        self.min_memory.setRange(0, 100_000)
        self.min_memory.setSingleStep(8)
        self.min_memory.setSpecialValueText(self.tr("any"))
        if self.offered.memory:
            self.min_memory.setSuffix(f" {field_unit(table, self.offered.memory)}")
            label = self.tr("RAM ≥") if self.offered.memory == "ram_gb" else self.tr("Memory ≥")
            layout.addWidget(QLabel(label, self))
            layout.addWidget(self.min_memory)
        else:
            self.min_memory.hide()

        self.precision = QComboBox(self)
        self.precision.addItem(self.tr("any precision"), "")
        for name in PRECISION_FIELDS:
            self.precision.addItem(self.tr("has {0}").format(name), name)
        self.precision.setVisible(self.offered.precision)
        if self.offered.precision:
            layout.addWidget(self.precision)

        market_rule = rule_for(table, self.offered.markets) if self.offered.markets else None
        self.market = self._combo(self.offered.markets, self.tr("Market"), records, layout,
                                  market_rule.choices if market_rule else None)
        cooling_rule = rule_for(table, self.offered.cooling) if self.offered.cooling else None
        self.cooling = self._combo(self.offered.cooling, self.tr("Cooling"), records, layout,
                                   cooling_rule.choices if cooling_rule else None)

        self.price_min = QLineEdit(self)
        self.price_max = QLineEdit(self)
        for edit, hint in ((self.price_min, self.tr("min")), (self.price_max, self.tr("max"))):
            validator = QDoubleValidator(0.0, 1e12, 4, edit)
            validator.setLocale(QLocale.c())
            validator.setNotation(QDoubleValidator.Notation.StandardNotation)
            edit.setValidator(validator)
            edit.setPlaceholderText(hint)
            edit.setMaximumWidth(80)
            edit.setToolTip(self.tr("rows whose price is unknown are hidden while a price limit is set"))
        if self.offered.price:
            unit = field_unit(table, self.offered.price)
            layout.addWidget(QLabel(self.tr("Price") + (f" ({unit})" if unit else ""), self))
            layout.addWidget(self.price_min)
            layout.addWidget(QLabel("–", self))
            layout.addWidget(self.price_max)
        else:
            self.price_min.hide()
            self.price_max.hide()

        self.clear_button = QPushButton(self.tr("Clear"), self)
        self.clear_button.clicked.connect(self.clear)
        search_row.addWidget(self.clear_button)
        layout.addStretch(1)
        for combo in self.findChildren(QComboBox):  # long vendor or provider names shorten in the closed box
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(COMBO_CHARACTERS)

        self.search.textChanged.connect(self._emit)
        self.min_memory.valueChanged.connect(self._emit)
        self.price_min.textChanged.connect(self._emit)
        self.price_max.textChanged.connect(self._emit)
        for combo in (self.vendor, self.precision, self.market, self.cooling):
            combo.currentIndexChanged.connect(self._emit)

    def _combo(self, field_name: str, title: str, records: list[Any], layout: QHBoxLayout,
               choices: tuple[str, ...] | None = None) -> QComboBox:
        combo = QComboBox(self)
        combo.addItem(self.tr("any {0}").format(title.lower()), "")
        if field_name:
            for value in choices if choices else choices_in(records, field_name):
                combo.addItem(value_name(field_name, value), value)  # a code by its vocabulary's name
            layout.addWidget(combo)
        else:
            combo.hide()
        return combo

    def refresh_choices(self, records: list[Any]) -> None:
        """Vendors/providers are taken from the rows; call after rows change."""
        if not self.offered.vendor:
            return
        current = self.vendor.currentData()
        values = choices_in(records, self.offered.vendor)
        self.vendor.blockSignals(True)
        while self.vendor.count() > 1:
            self.vendor.removeItem(1)
        for value in values:  # by name ("寒武纪", not "cambricon"); filtered by the code
            self.vendor.addItem(value_name(self.offered.vendor, value), value)
        self.vendor.setCurrentIndex(max(self.vendor.findData(current), 0))
        self.vendor.blockSignals(False)

    def criteria(self) -> FilterCriteria:
        precision = self.precision.currentData()
        return FilterCriteria(
            text=self.search.text(),
            vendor=self.vendor.currentData() or "",
            min_memory=float(self.min_memory.value()) if self.min_memory.value() > 0 else None,
            precisions=(precision,) if precision else (),
            market=self.market.currentData() or "",
            cooling=self.cooling.currentData() or "",
            price_min=_number(self.price_min.text()),
            price_max=_number(self.price_max.text()),
        )

    def clear(self) -> None:
        for widget in (self.search, self.price_min, self.price_max):
            widget.blockSignals(True)
            widget.clear()
            widget.blockSignals(False)
        for combo in (self.vendor, self.precision, self.market, self.cooling):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.min_memory.blockSignals(True)
        self.min_memory.setValue(0)
        self.min_memory.blockSignals(False)
        self._emit()

    def _emit(self, *_args: Any) -> None:
        self.criteria_changed.emit(self.criteria())


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "")) if text.strip() else None
    except ValueError:
        return None
