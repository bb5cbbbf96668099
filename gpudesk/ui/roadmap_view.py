"""The roadmap: the phases on a timeline (``PlanEstimate.charts["timeline"]``) and the roadmap checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from gpudesk.results.plan_result import PlanEstimate
from gpudesk.report.chart_text import localise_spec
from gpudesk.ui.widgets.session_text import session_language
from gpudesk.ui.widgets.checks_view import ChecksView

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

ROADMAP_CHART_MIN_HEIGHT = 220
"""Pixels: both timeline panels stay readable, and the window with this dock docked still fits an 800-pixel-high
screen (the main window's minimum height is the wizard page's plus this dock's)."""


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
        estimate, self._has_pending = self._pending, False
        spec = estimate.charts.get("timeline") if estimate is not None else None
        self.empty.setVisible(spec is None)
        self.chart.setVisible(spec is not None)
        if spec is not None:
            self.chart.show_spec(localise_spec(spec, session_language()))
        self.checks.set_checks(list(estimate.roadmap_checks) if estimate is not None else [])
