"""What-if panel: driver ranges, a tornado chart and a table for the active phase.

Recomputes after the plan changes, debounced, and only while visible (a hidden
page marks itself stale and catches up when shown), so typing never waits on
a what-if. The numbers come from ``gpudesk.results.whatif.run_whatif``.
"""

from __future__ import annotations

import copy
import logging
import math
from collections.abc import Generator

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpudesk.catalog.store import Catalog
from gpudesk.core.constants import WHATIF_DEFAULT_STEPS, WHATIF_DEFAULT_SWING, WHATIF_MIN_CHANGE
from gpudesk.core.digits import percent_text
from gpudesk.plotting.view import ChartView
from gpudesk.project.model import Project
from gpudesk.report.refusal_text import refusal_text
from gpudesk.results.pipeline import PlanInputError
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.results.whatif import DRIVERS, MAX_CHANGE, DriverRange, WhatIfResult, iter_whatif, run_whatif
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.background import BackgroundTask
from gpudesk.ui.panels.whatif_chart import TornadoText, pending_text, tornado_spec
from gpudesk.ui.panels.whatif_model import COL_DRIVER, WhatIfTableModel
from gpudesk.ui.widgets.session_text import error_words, session_text
from gpudesk.wizard.fields import describe_path

log = logging.getLogger("gpudesk.ui")

DEBOUNCE_MS = 400
"""Quiet time after the last edit before a what-if runs: longer than the gap between keystrokes of
steady typing (~200–300 ms at 40–60 words per minute), so a what-if never runs mid-word."""


class WhatIfPanel(QWidget):
    computed = Signal(object)  # WhatIfResult

    def __init__(self, document: ProjectDocument, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.phase = 0
        self.result: WhatIfResult | None = None
        self.last_error = ""
        self._base: PhaseEstimate | None = None
        self._stale = True
        self.setObjectName("whatif-panel")
        self.labels = {
            "utilisation": self.tr("Utilisation (hours/day)"),
            "electricity_price": self.tr("Electricity price"),
            "gpu_price": self.tr("GPU price"),
            "efficiency": self.tr("Efficiency"),
        }
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.start_sweep)
        self._task: BackgroundTask | None = None  # the sweep running now

        self.metric_combo = QComboBox()
        self.metric_combo.setAccessibleName(self.tr("Result to analyse"))
        self.metric_combo.setPlaceholderText(pending_text(session_text().lang))  # empty until the first sweep ends
        self.metric_combo.currentIndexChanged.connect(self._show_result)
        ranges = QGroupBox(self.tr("Ranges (change against the plan)"))
        grid = QGridLayout(ranges)
        grid.addWidget(QLabel(self.tr("Driver")), 0, 0)
        grid.addWidget(QLabel(self.tr("Low")), 0, 1)
        grid.addWidget(QLabel(self.tr("High")), 0, 2)
        self.low: dict[str, QDoubleSpinBox] = {}
        self.high: dict[str, QDoubleSpinBox] = {}
        swing = WHATIF_DEFAULT_SWING.value * 100
        for row, driver in enumerate(DRIVERS, start=1):
            grid.addWidget(QLabel(self.labels[driver]), row, 0)
            self.low[driver] = self._spin(-swing, WHATIF_MIN_CHANGE.value * 100, -1, driver, self.tr("low"))
            self.high[driver] = self._spin(swing, 1, MAX_CHANGE * 100, driver, self.tr("high"))
            grid.addWidget(self.low[driver], row, 1)
            grid.addWidget(self.high[driver], row, 2)
        self.steps = QSpinBox()
        self.steps.setRange(3, 11)
        self.steps.setValue(int(WHATIF_DEFAULT_STEPS.value))
        self.steps.setAccessibleName(self.tr("Steps per range"))
        self.steps.valueChanged.connect(self.schedule)
        grid.addWidget(QLabel(self.tr("Steps")), len(DRIVERS) + 1, 0)
        grid.addWidget(self.steps, len(DRIVERS) + 1, 1)

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("whatif-status")
        left = QVBoxLayout()
        result_row = QHBoxLayout()
        result_row.addWidget(QLabel(self.tr("Result:")))
        result_row.addWidget(self.metric_combo, 1)
        left.addLayout(result_row)
        left.addWidget(ranges)
        left.addWidget(self.status)
        left.addStretch(1)
        left_box = QWidget()
        left_box.setLayout(left)
        left_box.setMaximumWidth(380)

        self.chart = ChartView()
        self.chart.setMinimumHeight(220)
        self.chart.show_pending(pending_text(session_text().lang))  # words, not empty 0..1 axes, until a sweep ends
        self.model = WhatIfTableModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAccessibleName(self.tr("What-if table"))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_DRIVER, QHeaderView.ResizeMode.Stretch)
        rows_height = (len(DRIVERS) + 0.3) * self.table.verticalHeader().defaultSectionSize()
        self.table.setMinimumHeight(int(header.sizeHint().height() + rows_height + 2 * self.table.frameWidth()))
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.chart)
        right.addWidget(self.table)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 0)
        right.setChildrenCollapsible(False)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(left_box)
        layout.addWidget(right, 1)

    def _spin(self, value: float, lo: float, hi: float, driver: str, end: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(lo, hi)
        spin.setDecimals(0)
        spin.setSingleStep(5)
        spin.setSuffix(" %")
        spin.setValue(value)
        spin.setAccessibleName(f"{self.labels[driver]} {end}")
        spin.valueChanged.connect(self.schedule)
        return spin

    # -- inputs ---------------------------------------------------------------------
    def ranges(self) -> tuple[DriverRange, ...]:
        steps = self.steps.value()
        return tuple(DriverRange(d, self.low[d].value() / 100.0, self.high[d].value() / 100.0, steps) for d in DRIVERS)

    def set_phase(self, index: int) -> None:
        if index != self.phase:
            self.phase = index
            self._base = None
            self.schedule()

    def show_estimate(self, estimate: PhaseEstimate | None) -> None:
        """The plan was re-estimated: recompute (debounced) from this phase estimate."""
        self._base = estimate if estimate is not None and estimate.index == self.phase else None
        self.schedule()

    def stop(self) -> None:
        """Nothing more in idle time (its window closed): no sweep pending, the one running cancelled."""
        self._timer.stop()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()

    def schedule(self) -> None:
        self._stale = True
        if self.isVisible():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._stale:
            if self.result is None:  # first showing: say why the chart is still empty
                self.status.setText(self.tr("Re-estimating the phase across the ranges…"))
            self._timer.start()

    # -- computing --------------------------------------------------------------------
    def start_sweep(self) -> BackgroundTask | None:
        """Sweep in slices between events (a phase with a layout search re-estimates for ~0.2 s in all): typing
        stays fluid, a newer edit cancels a sweep still running, and the panel shows the newest result."""
        if not self._begin_sweep():
            return None
        task = BackgroundTask(_sweep_steps(copy.deepcopy(self.document.project), self.phase, self.catalog,
                                           self.ranges(), self._base), parent=self)
        task.progress.connect(self._show_progress)
        task.finished.connect(self._sweep_finished)
        task.failed.connect(self._sweep_failed)
        for ended in (task.finished, task.failed, task.cancelled):
            ended.connect(task.deleteLater)
        self._task = task.start()
        return task

    def _begin_sweep(self) -> bool:
        """A hidden panel only remembers that it is stale; a visible one cancels the sweep still running."""
        self._timer.stop()
        if not self.isVisible():
            self._stale = True
            return False
        self._stale = False
        if self._task is not None:
            self._task.cancel()
        return True

    def _show_progress(self, percent: int, _text: str) -> None:
        if self.result is None:
            self.status.setText(self.tr("Re-estimating the phase across the ranges… {0} %").format(percent))

    def _sweep_finished(self, outcome: tuple[WhatIfResult | None, str]) -> None:
        if self.sender() is self._task:  # a cancelled sweep never finishes; this guards a stray late signal
            self._task = None
            self._apply(*outcome)

    def _sweep_failed(self, error: str) -> None:
        if self.sender() is self._task:
            self._task = None
            self._apply(None, error)

    def run_now(self) -> WhatIfResult | None:
        """Sweep on this thread and show the result (for callers that need it at once)."""
        if not self._begin_sweep():
            return None
        self._task = None
        try:
            self._apply(run_whatif(self.document.project, self.phase, self.catalog, self.ranges(), base=self._base), "")
        except PlanInputError as exc:
            self._apply(None, error_words(exc))
        return self.result

    def _apply(self, result: WhatIfResult | None, error: str) -> None:
        self.result, self.last_error = result, error
        self._refresh_metrics()
        self._show_result()
        if self.result is not None:
            log.debug("what-if: %d estimates in %.0f ms", self.result.estimates, self.result.elapsed_s * 1000)
            self.computed.emit(self.result)

    def _refresh_metrics(self) -> None:
        current = self.metric_combo.currentData()
        self.metric_combo.blockSignals(True)
        self.metric_combo.clear()
        shown = session_text()
        # until a sweep ends the list is empty: it says so, in the chart's words, instead of an empty box
        self.metric_combo.setPlaceholderText(pending_text(shown.lang) if self.result is None and not self.last_error else "")
        for m in self.result.metrics if self.result is not None else ():
            # a list of figures, named as the figure tables name them ('Cost of this phase', never 'cost of this phase')
            label, unit = shown.row_label(m.figure_key, m.label), shown.unit(m.unit)
            self.metric_combo.addItem(f"{label} ({unit})" if unit else label, m.name)
        # The user's choice stays; else the phase cost (the ledger over the phase, defined for every delivery
        # mode), else the 5-year TCO, whichever this plan defines.
        defined = {m.name for m in self.result.metrics if math.isfinite(self.result.base.get(m.name, math.nan))} \
            if self.result is not None else set()
        for name in [current, "phase_cost", "tco_5y", *sorted(defined)]:
            index = self.metric_combo.findData(name)
            if index >= 0 and (name == current or name in defined):
                self.metric_combo.setCurrentIndex(index)
                break
        self.metric_combo.blockSignals(False)

    @staticmethod
    def _unit_texts(result: WhatIfResult) -> dict[str, str]:
        shown = session_text()
        units = {m.unit for m in result.metrics} | set(result.driver_units.values())
        return {u: shown.unit(u) for u in units if u}

    def current_metric(self) -> str:
        return self.metric_combo.currentData() or ""

    def _reason_texts(self) -> dict[str, str]:
        """Why a driver is not swept, or was clipped, in the session language (codes from results.whatif)."""
        return {
            "no_electricity_price": self.tr("the electricity price in use is unknown or zero, or the phase rents "
                                            "its GPUs (the provider pays the power)"),
            "no_gpu_price": self.tr("the catalog has no price for this server or its GPUs, or the phase rents them"),
            "vdi_framebuffer": self.tr("VDI seats are sized by framebuffer, not by compute efficiency"),
            "hours_capped": self.tr("hours per day are capped at 24"),
        }

    def _show_result(self) -> None:
        result, metric = self.result, self.current_metric()
        self.model.set_result(result, metric, self.labels)
        if result is None or not metric:
            unavailable = self.tr("What-if unavailable: {0}").format(self.last_error) if self.last_error else ""
            self.status.setText(unavailable)
            self.chart.show_pending(unavailable or pending_text(session_text().lang))  # never empty axes
            return
        text = TornadoText(
            low=self.tr("Low end of the range"), high=self.tr("High end of the range"), title=self.tr("What moves {0} (plan: {1})"),
            y_label=self.tr("Change against the plan"), y_label_absolute=self.tr("Change against the plan ({0})"),
            y_short_label=self.tr("Change"),
            plan_line=self.tr("plan"), undefined=self.tr("undefined"), driver_labels=self.labels,
            metric_label=session_text().figure_label(result.metric(metric).figure_key, result.metric(metric).label),
            units=self._unit_texts(result), lang=session_text().lang,
        )
        self.chart.show_spec(tornado_spec(result, metric, text))
        lines = [self.tr("{0} re-estimates in {1} ms.").format(result.estimates, f"{result.elapsed_s * 1000:,.0f}")]
        reasons = self._reason_texts()
        lines += [f"{self.labels[d]}: {reasons.get(why, why)}" for d, why in result.skipped.items()]
        lines += [f"{self.labels[d]}: {reasons[note]}" for d, notes in result.notes.items() for note in notes
                  if note in reasons]
        lang = session_text().lang
        lines += [f"{self.labels[d]}: {percent_text(change, 0, signed=True)}: {refusal_text(why, lang, describe_path)}"
                  for d, failed in result.refused.items() for change, why in failed]
        self.status.setText("\n".join(lines))


def _sweep_steps(project: Project, phase: int, catalog: Catalog, ranges: tuple[DriverRange, ...],
                 base: PhaseEstimate | None) -> Generator[tuple[int, str], None, tuple[WhatIfResult | None, str]]:
    """The sweep one re-estimate per slice; returns (result, "") or (None, why the phase cannot be estimated)."""
    steps = iter_whatif(project, phase, catalog, ranges, base)
    try:
        while True:
            try:
                done = next(steps)
            except StopIteration as finished:
                return finished.value, ""
            yield int(done * 100), ""
    except PlanInputError as exc:
        return None, error_words(exc)
