"""Edit one phase: name, lifecycle stage, timing, hardware carry-forward, growth triggers.

Shows the lifecycle advice for the chosen stage (``gpudesk.wizard.lifecycle``)
with a button that adopts the suggested delivery mode. OK applies every
change as one undoable edit through ``ProjectDocument.apply``.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.model import GrowthTrigger, Workload
from gpudesk.report.display_units import input_count_word as count_scale
from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.count_spin import CountSpinBox
from gpudesk.ui.widgets.session_text import error_words
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.plan_choices import TRIGGER_METRIC
from gpudesk.wizard.lifecycle import STAGE_ADVICE, advice_for

TRIGGER_COLUMNS = ("Metric", "Threshold", "Add nodes", "Note")


def _meta(name: str) -> dict[str, Any]:
    return field_paths.metadata(GrowthTrigger(), name)


def _metric_meta(metric: str) -> dict[str, Any]:
    """The declaration of the workload field a trigger's metric counts (its Chinese scale: requests per day in 万)."""
    return next((dict(f.metadata) for f in fields(Workload) if f.name == metric), {})


class PhaseDialog(QDialog):
    def __init__(self, document: ProjectDocument, phase: int, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.phase, self.lang = document, phase, lang
        spec = document.project.phases[phase]
        self.delivery_mode = spec.delivery.mode
        self.setWindowTitle(self.tr("Phase {0}: {1}").format(phase + 1, spec.name))
        self.setObjectName("phase-dialog")
        prefix = f"phases[{phase}]"

        self.name = QLineEdit(spec.name)  # no setMaxLength: it cut a longer name silently; the edit check refuses it
        self.name.setCursorPosition(0)
        self.stage = QComboBox()
        for advice in STAGE_ADVICE:
            self.stage.addItem(advice.stage_title(lang), advice.stage)
        self.stage.setCurrentIndex(max(0, self.stage.findData(spec.stage)))
        self.start = self._spin(f"{prefix}.start_month", spec.start_month)
        self.duration = self._spin(f"{prefix}.duration_months", spec.duration_months)
        self.carry = QCheckBox(self.tr("Keep the hardware of the previous phase and add to it"))
        self.carry.setChecked(spec.carry_forward_hardware)
        form = QFormLayout()
        for label, widget in ((self.tr("Name"), self.name), (self.tr("Lifecycle stage"), self.stage),
                              (self.tr("Starts in month"), self.start), (self.tr("Duration (months)"), self.duration),
                              (self.tr("Hardware"), self.carry)):
            widget.setAccessibleName(label)
            form.addRow(label, widget)

        self.advice = QLabel()
        self.advice.setWordWrap(True)
        self.advice.setObjectName("advice")
        self.use_advice = QPushButton(self.tr("Use the suggested delivery mode"))
        self.use_advice.setAccessibleName(self.tr("Use the suggested delivery mode"))
        self.use_advice.clicked.connect(self.adopt_advice)
        advice_box = QGroupBox(self.tr("Suggested resource form for this stage"))
        advice_layout = QVBoxLayout(advice_box)
        advice_layout.addWidget(self.advice)
        advice_layout.addWidget(self.use_advice)
        self.stage.currentIndexChanged.connect(self._show_advice)

        self.triggers = QTableWidget(0, len(TRIGGER_COLUMNS))
        self.triggers.setHorizontalHeaderLabels([self.tr(c) for c in TRIGGER_COLUMNS])
        self.triggers.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.triggers.setAccessibleName(self.tr("Growth triggers"))
        for trigger in spec.triggers:
            self.add_trigger(trigger)
        add, remove = QPushButton(self.tr("Add trigger")), QPushButton(self.tr("Remove trigger"))
        add.clicked.connect(lambda: self.add_trigger(GrowthTrigger()))
        remove.clicked.connect(self.remove_trigger)
        trigger_box = QGroupBox(self.tr("Growth triggers: when a metric passes its threshold, add nodes"))
        trigger_layout = QVBoxLayout(trigger_box)
        trigger_layout.addWidget(self.triggers)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        trigger_layout.addLayout(row)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(advice_box)
        layout.addWidget(trigger_box, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, 720, 620)
        self._show_advice()

    def _spin(self, path: str, value: int) -> QSpinBox:
        meta = field_paths.metadata(self.document.project, path)
        spin = QSpinBox()
        spin.setRange(int(meta["min"]), int(meta["max"]))
        spin.setValue(value)
        return spin

    # -- advice -------------------------------------------------------------
    def _show_advice(self) -> None:
        advice = advice_for(self.stage.currentData())
        current = self.tr("Current delivery mode: {0}").format(DELIVERY_MODE.name_of(self.delivery_mode, self.lang))
        self.advice.setText(f"<b>{advice.form(self.lang)}</b><br>{advice.reason(self.lang)}<br><i>{current}</i>")
        self.use_advice.setEnabled(self.delivery_mode != advice.delivery_mode)

    def adopt_advice(self) -> None:
        self.delivery_mode = advice_for(self.stage.currentData()).delivery_mode
        self._show_advice()

    # -- triggers -----------------------------------------------------------
    def add_trigger(self, trigger: GrowthTrigger) -> None:
        row = self.triggers.rowCount()
        self.triggers.insertRow(row)
        metric = QComboBox()
        for choice in _meta("metric")["choices"]:
            metric.addItem(TRIGGER_METRIC.name_of(choice, self.lang), choice)  # the vocabulary's name, as the proposal
        metric.setCurrentIndex(max(0, metric.findData(trigger.metric)))
        threshold = self._threshold(trigger.metric, trigger.threshold)
        metric.currentIndexChanged.connect(lambda _i, m=metric: self._rescale_threshold(m))
        nodes = QSpinBox()
        nodes.setRange(int(_meta("add_nodes")["min"]), int(_meta("add_nodes")["max"]))
        nodes.setValue(trigger.add_nodes)
        note = QLineEdit(trigger.note)
        for column, widget in enumerate((metric, threshold, nodes, note)):
            widget.setAccessibleName(self.tr(TRIGGER_COLUMNS[column]))
            self.triggers.setCellWidget(row, column, widget)
        self.triggers.resizeColumnsToContents()

    def _threshold(self, metric: str, value: float) -> QDoubleSpinBox:
        """The threshold in the metric's own Chinese scale (4 亿项/天 as 4 with " 亿"), else in plain digits."""
        low, high = _meta("threshold")["min"], _meta("threshold")["max"]
        word = count_scale(_metric_meta(metric), self.lang)
        if word:
            spin: QDoubleSpinBox = CountSpinBox(word, low, high, value, "", False)
            spin.setSuffix(f" {word}")
            return spin
        spin = QDoubleSpinBox()
        spin.setDecimals(0)
        spin.setRange(low, high)
        spin.setGroupSeparatorShown(True)
        spin.setValue(value)
        return spin

    def _rescale_threshold(self, metric: QComboBox) -> None:
        """Another metric counts in another scale: the row's threshold keeps its number in the new one."""
        row = next(r for r in range(self.triggers.rowCount()) if self.triggers.cellWidget(r, 0) is metric)
        old = self.triggers.cellWidget(row, 1)
        assert isinstance(old, QDoubleSpinBox)
        threshold = self._threshold(metric.currentData(), _threshold_value(old))
        threshold.setAccessibleName(old.accessibleName())
        self.triggers.setCellWidget(row, 1, threshold)

    def remove_trigger(self) -> None:
        row = self.triggers.currentRow()
        if row < 0:
            row = self.triggers.rowCount() - 1
        if row >= 0:
            self.triggers.removeRow(row)

    def trigger_values(self) -> list[GrowthTrigger]:
        out = []
        for row in range(self.triggers.rowCount()):
            metric, threshold, nodes, note = (self.triggers.cellWidget(row, c) for c in range(4))
            assert isinstance(metric, QComboBox) and isinstance(threshold, QDoubleSpinBox)
            assert isinstance(nodes, QSpinBox) and isinstance(note, QLineEdit)
            out.append(GrowthTrigger(metric.currentData(), _threshold_value(threshold), nodes.value(), note.text()))
        return out

    # -- result -------------------------------------------------------------
    def assignments(self) -> list[tuple[str, Any]]:
        prefix = f"phases[{self.phase}]"
        return [
            (f"{prefix}.name", self.name.text().strip() or self.document.project.phases[self.phase].name),
            (f"{prefix}.stage", self.stage.currentData()),
            (f"{prefix}.start_month", self.start.value()),
            (f"{prefix}.duration_months", self.duration.value()),
            (f"{prefix}.carry_forward_hardware", self.carry.isChecked()),
            (f"{prefix}.triggers", copy.deepcopy(self.trigger_values())),
            (f"{prefix}.delivery.mode", self.delivery_mode),
        ]

    def accept(self) -> None:
        try:
            self.document.apply(self.tr("Edit phase {0}").format(self.phase + 1), self.assignments())
        except ProjectValidationError as exc:  # a name over its limit: said, and the dialog keeps what was typed
            QMessageBox.warning(self, self.tr("Phase not changed"), error_words(exc))
            return
        super().accept()


def _threshold_value(spin: QDoubleSpinBox) -> float:
    """The threshold as the plan holds it: a count in 亿 or 万 is scaled back to the exact whole number."""
    return float(spin.amount()) if isinstance(spin, CountSpinBox) else spin.value()
