"""The roadmap: the phases on a timeline (``PlanEstimate.charts["timeline"]``) and the roadmap checks."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from gpudesk.report.chart_text import localise_spec
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.ui.widgets.checks_view import ChecksView
from gpudesk.ui.widgets.session_text import session_language

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

ROADMAP_CHART_MIN_HEIGHT = 170
"""Pixels: both timeline panels stay readable (the chart has no title row in the dock, whose title names it), and
the dock leaves the step page most of a 768-pixel-high laptop screen."""
ROADMAP_DOCK_SHARE = 0.3
"""The Roadmap dock's first height as a share of the window's (at most ROADMAP_DOCK_HEIGHT): the step page keeps
the rest. Once the user resizes or closes the dock, the window's saved state keeps their choice."""
ROADMAP_DOCK_HEIGHT = 300


class RoadmapView(QWidget):
    check_selected = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roadmap-view")
        self._chart: ChartView | None = None  # built when first needed: the dock starts hidden
        self.checks = ChecksView()
        self.checks.setAccessibleName(self.tr("Roadmap checks"))
        self.checks.check_selected.connect(self.check_selected)
        self.empty = QLabel(self.tr("No timeline: the plan could not be estimated."))
        self.empty.setVisible(False)
        self._splitter = splitter = QSplitter(Qt.Orientation.Horizontal)
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel(self.tr("Roadmap checks")))
        column.addWidget(self.checks, 1)
        self.note = QLabel()  # the chart's note (what its spend leaves out) beside it: the plot keeps its height
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        column.addWidget(self.note)
        splitter.addWidget(holder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.empty)
        layout.addWidget(splitter, 1)
        self._pending: PlanEstimate | None = None
        self._has_pending = False

    @property
    def chart(self) -> ChartView:
        """The timeline chart, created on first use (a pyqtgraph chart costs tens of ms at start-up, and the
        Roadmap dock is closed by default)."""
        if self._chart is None:
            from gpudesk.plotting.view import ChartView  # pyqtgraph loads with the first chart shown

            self._chart = ChartView()
            self._chart.setMinimumHeight(ROADMAP_CHART_MIN_HEIGHT)
            self._chart.setAccessibleName(self.tr("Roadmap timeline"))
            self._splitter.insertWidget(0, self._chart)
            self._splitter.setStretchFactor(0, 3)
            self._splitter.setStretchFactor(1, 2)
        return self._chart

    def show_estimate(self, estimate: PlanEstimate | None) -> None:
        """Draw now when visible; otherwise remember the estimate and draw when shown."""
        self._pending = estimate
        self._has_pending = True
        if self.isVisible():
            self._draw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._has_pending:
            self._draw()

    def _draw(self) -> None:
        estimate = self._pending
        if estimate is not None and not estimate.roadmap_done:  # left to idle time: drawn when it is attached
            self.empty.setVisible(False)
            self.chart.setVisible(False)
            self.checks.set_checks([])
            return
        self._has_pending = False
        spec = estimate.charts.get("timeline") if estimate is not None else None
        self.empty.setVisible(spec is None)
        self.chart.setVisible(spec is not None)
        shown = localise_spec(spec, session_language()) if spec is not None else None
        if shown is not None:  # the dock's title names the chart: its own title row goes to the panels, its note
            self.chart.show_spec(dataclasses.replace(shown, title="", notes=""))  # under the checks beside it
        self.note.setText(shown.notes if shown is not None else "")
        self.note.setVisible(bool(self.note.text()))
        self.checks.set_checks(list(estimate.roadmap_checks) if estimate is not None else [])
