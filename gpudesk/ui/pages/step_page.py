"""One wizard step: its inputs, its live results, its checks and its chart.

A thin view: the fields it shows come from ``gpudesk.wizard.fields``, the
figures from the phase estimate; it holds no logic of its own.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk.project.model import Workload
from gpudesk.report.chart_text import localise_spec
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.pinning import hardware_following
from gpudesk.results.plan_charts import with_pending_columns
from gpudesk.results.plan_result import LAYOUT_STEP, PhaseEstimate
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.catalog_choices import CatalogChoices
from gpudesk.ui.pages.chart_tabs import LazyCharts
from gpudesk.ui.widgets.checks_view import ChecksView
from gpudesk.ui.widgets.field_form import FieldForm
from gpudesk.ui.widgets.field_units import SINGULAR_UNITS
from gpudesk.ui.widgets.figure_table import FigureTable, basis_labels, figure_display, pending_word
from gpudesk.ui.widgets.height_for_width import MinimumForWidth
from gpudesk.ui.widgets.session_text import session_language, session_text
from gpudesk.ui.widgets.unknown_text import unknown_text
from gpudesk.wizard import fields
from gpudesk.wizard.defaults import USED_VALUES, ZERO_MEANS, zero_means
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import Step

if TYPE_CHECKING:
    from gpudesk.ui.panels import RecommendationPanel, WhatIfPanel


CHART_MIN_HEIGHT = 300
"""Pixels: title, a legend of up to four rows (narrow charts wrap it) and a readable plot; a smaller window
scrolls the page instead of squeezing the plot to nothing."""
CHART_MIN_WIDTH = 300
"""Pixels: a value axis, a plot, a legend row and the layout's margins. In English on a 1280 × 720 screen (a
1920 × 1080 laptop at 150%) the results column gave its charts 210 px and the step-6 cost chart, whose legend's
widest row needs 250-284 px, was drawn past the view's right edge; the inputs beside it scroll instead. A chart
that sized itself to its content would keep a width its content had at a wider size (labels down the side on
one line) and never narrow again."""
FIGURE_TABLE_MIN_ROWS = 4
FORM_WRAP_WIDTH = 430
"""A form wider than this with its labels beside its editors puts each label above its editor: on a 1366 x 768 laptop
the page has about 790 px beside the step list and the guide, less a vertical scroll bar when the Roadmap dock leaves
it short, and the results column needs 300 (CHART_MIN_WIDTH) and its margins; the English step-7 form (about 560 px)
pushed the results off the page (values read '2,' and '11.'), and at 450 the English step-6 form (433 px) still made
the page scroll 4 px sideways under its vertical scroll bar."""
SEARCH_CHARTS = ("pareto",)
"""Charts the configuration search draws. After an edit the search runs in idle time (ui/controller.py); until
it is done a tab that was shown stays and says so (``ChartView.show_pending``: the plot is hidden, never the
previous search's points), instead of vanishing and coming back (each time the tab bar and the page re-laid out,
and the chart was drawn again); a tab that was hidden stays hidden. When the search gives the chart it showed
before, the plot comes back without being drawn again."""
PENDING = None  # a chart tab waiting for the search, in ``_pending_specs``


class StepPage(QWidget):
    figure_selected = Signal(str)
    check_selected = Signal(object)

    def __init__(
        self,
        step: Step,
        document: ProjectDocument,
        choices: CatalogChoices,
        lang: str,
        parent: QWidget | None = None,
        phase: int = 0,
        workload: int = 0,
    ) -> None:
        """The page with its form bound to ``phase`` and ``workload`` (:meth:`rebind` binds another)."""
        super().__init__(parent)
        self.step = step
        self.document = document
        self.choices = choices
        self.chart_names = chart_names = step.charts
        self.lang = lang
        self.phase = 0
        self.workload = 0
        self._kind = ""
        self.setObjectName(f"step-{step.key}")

        title = QLabel(f"<h2>{step.number}. {step.title(lang)}</h2>")
        self.guidance = QLabel(step.guidance(lang))
        self.guidance.setWordWrap(True)
        self.guidance.setObjectName("guidance")

        self.form_box = QGroupBox(self.tr("Inputs"))
        self.form_layout = QVBoxLayout(self.form_box)
        self.form: FieldForm | None = None
        self.inputs_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form_box)

        self.figures = FigureTable()
        self.figures.setMinimumHeight(self.figures.horizontalHeader().sizeHint().height()
                                      + FIGURE_TABLE_MIN_ROWS * self.figures.verticalHeader().defaultSectionSize())
        self.figures.figure_selected.connect(self.figure_selected)
        self.checks = ChecksView()
        self.checks.check_selected.connect(self.check_selected)
        self.checks.setMaximumHeight(140)

        self.chart_tabs = QTabWidget()
        # a tab's chart is built when first opened (pyqtgraph loads with the first page that has a chart, not before
        # the first paint)
        self.charts = LazyCharts(self.chart_tabs, chart_names, self._chart_title,
                                 QSize(CHART_MIN_WIDTH, CHART_MIN_HEIGHT))
        self.chart_tabs.setVisible(bool(chart_names))
        self._pending_specs: dict[str, object] = {}
        self._frames_kept: set[str] = set()  # charts shown with pending parts that keep their value range
        self.chart_tabs.currentChanged.connect(lambda _index: self._draw_current_chart())

        results = QSplitter(Qt.Orientation.Vertical)
        results.addWidget(self.figures)
        results.addWidget(self.chart_tabs)
        results.setStretchFactor(0, 1)
        results.setStretchFactor(1, 1)
        # as tall as its layout needs at its width: 'why some figures are unknown', wrapped to three lines, was counted
        # as one, and the figures-over-charts splitter above it got 30 px less than its minimum (step 7's power chart
        # at 1440 x 900 lost its rack label under the text)
        right = MinimumForWidth()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self._layout_pending = "<i>" + self.tr("Still being computed: the best parallel layout at the plan's GPU "
                                               "count, its figures and its checks appear here in a moment.") + "</i>"
        self.pending = QLabel(self._layout_pending)
        self.pending.setWordWrap(True)
        self.pending.setObjectName("pending")
        self.pending.setVisible(False)
        right_layout.addWidget(self.pending)
        self.no_figures = QLabel()
        self.no_figures.setWordWrap(True)
        self.no_figures.setObjectName("no-figures")
        self.no_figures.setVisible(False)
        right_layout.addWidget(self.no_figures)
        right_layout.addWidget(results, 1)
        self._results = results  # hidden, with the checks, while the plan cannot be estimated: the reason instead
        self.unknowns = QLabel()  # why the figures that read "unknown" do (unknown_text)
        self.unknowns.setWordWrap(True)
        self.unknowns.setObjectName("unknown-causes")
        self.unknowns.setVisible(False)
        right_layout.addWidget(self.unknowns)
        self._checks_title = QLabel(self.tr("Checks"))
        right_layout.addWidget(self._checks_title)
        right_layout.addWidget(self.checks)
        right_layout.addStretch(0)  # the reason alone sits at the top

        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(scroll)
        body.addWidget(right)
        body.setStretchFactor(0, 2)
        body.setStretchFactor(1, 3)
        body.setSizes([420, 640])

        self.decision = self._decision_panel()
        main = QSplitter(Qt.Orientation.Vertical)
        main.addWidget(body)
        if self.decision is not None:
            box = QGroupBox(self._decision_title())
            QVBoxLayout(box).addWidget(self.decision)
            main.addWidget(box)
            main.setStretchFactor(0, 3)
            main.setStretchFactor(1, 2)
            main.setSizes([620, 300])
        # Below its title the page scrolls when the window is smaller than the page's minimum (a 1366 x 768
        # laptop): the pages with a decision panel would otherwise force the whole window taller than the screen.
        body_scroll = QScrollArea()
        body_scroll.setObjectName("page-scroll")
        body_scroll.setWidgetResizable(True)
        body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        body_scroll.setWidget(main)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.guidance)
        layout.addWidget(body_scroll, 1)
        self.rebind(phase, workload)

    def _chart_title(self, name: str) -> str:
        titles = {
            "memory_fit": self.tr("Memory fit"), "inference": self.tr("Inference"), "pareto": self.tr("Trade-offs"),
            "scaling": self.tr("Scaling"), "cost": self.tr("Cost"), "power": self.tr("Power"),
            "rack_layout": self.tr("Rack layout"), "timeline": self.tr("Timeline"),
        }
        return titles.get(name, name.replace("_", " "))

    def _why_no_figures(self) -> str:
        if self.step.no_figures is not None:
            return self.step.no_figures.get(self.lang)
        return self.tr("No figures for this step apply to this workload type.")

    # The decision panel a step record names: ranked alternatives, or the what-if (delivery and cost drivers).
    def _decision_title(self) -> str:
        if self.step.panel == "recommendations":
            return self.tr("Recommended configurations")
        return self.tr("What-if: how the results move")

    def _decision_panel(self) -> RecommendationPanel | WhatIfPanel | None:
        # Imported here: the panels (and the what-if core) load with the first page that shows one, not at
        # start-up, where step 1 is built first.
        if self.step.panel == "recommendations":
            from gpudesk.ui.panels.recommendation import RecommendationPanel

            return RecommendationPanel(self.document, self.choices.catalog)
        if self.step.panel == "whatif":
            from gpudesk.ui.panels.whatif_panel import WhatIfPanel

            return WhatIfPanel(self.document, self.choices.catalog)
        return None

    # -- inputs ---------------------------------------------------------------
    def workload_kind(self) -> str:
        return self.document.get(f"phases[{self.phase}].workloads[{self.workload}].kind")

    def _workload(self) -> Workload | None:
        """The workload the form edits (None once an edit removed it)."""
        phases = self.document.project.phases
        if self.phase < len(phases) and self.workload < len(phases[self.phase].workloads):
            return phases[self.phase].workloads[self.workload]
        return None

    def rebind(self, phase: int, workload: int) -> None:
        """Build the form for the active phase and workload (and workload kind)."""
        self.phase, self.workload = phase, workload
        self._kind = self.workload_kind()
        if self.decision is not None:
            self.decision.set_phase(phase)
        if self.form is not None:
            self.form_layout.removeWidget(self.form)
            self.form.deleteLater()
        self.form = FieldForm(self.document, self.form_box)
        self.form.following = lambda path, value: hardware_following(self.choices.catalog, self.document.project,
                                                                     path, value, self.document.typed)
        self._relative: dict[str, str] = {}  # resolved path -> the row's path (relative to the phase)
        for row in self.step.rows_for(self._kind):
            provider = (self.choices.models_of(self._workload) if row.choices == "models" else
                        self.choices.provider(row.choices) if row.choices else None)
            path = fields.resolve(row, phase, workload)
            self._relative[path] = row.path
            self.form.add(path, row.label(self.lang), provider)
            if row.path in ZERO_MEANS:
                self.form.set_zero_text(path, zero_means(row.path, self.lang))
        self.form_layout.addWidget(self.form)
        # shown now: a form added to a page on screen (another phase or workload chosen) stays hidden until the next
        # turn of the event loop, and a hidden form has no part in the size hints read below (the inputs column
        # kept a 71 px minimum and the guided plan's step-1 form scrolled sideways, its editors cut at '城市商业银')
        self.form.show()
        # The inputs column is never narrower than the form at its minimum plus a vertical scroll bar, so the
        # form needs no horizontal scrolling (labels and editors differ by step, workload kind and language).
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        if self.form_box.minimumSizeHint().width() > FORM_WRAP_WIDTH:  # labels above their editors, not beside
            self.form.layout_.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
            self.form.layout_.activate()  # the size hints below read the wrapped rows
            self.form_layout.invalidate()
        self.inputs_scroll.setMinimumWidth(
            self.form_box.minimumSizeHint().width() + bar + 2 * self.inputs_scroll.frameWidth() + 2)

    def sync_inputs(self, changed: Sequence[str] | None = None) -> None:
        """The form shows the plan's values: those of the ``changed`` paths (all when None)."""
        if self.workload_kind() != self._kind:
            self.rebind(self.phase, self.workload)
        elif self.form is not None:
            self.form.refresh(changed)

    # -- results ------------------------------------------------------------------
    def show_estimate(self, estimate: PhaseEstimate | None, refused: str = "", refused_field: str = "") -> None:
        """``refused``: why the plan cannot be estimated (the controller's reason, worded in the session's language
        with each plan field named by its label), shown in place of the figures; ``refused_field``: the plan path it
        names, whose editor on this page shows the reason inline."""
        if self.form is not None:
            self.form.mark_refused(refused_field if estimate is None else "", refused)
        if self.decision is not None:
            self.decision.show_estimate(estimate)
        self._show_used_values(estimate)
        pending = estimate is not None and self.step.key in estimate.pending_steps()
        if pending and estimate is not None:  # the layout search's results, or the costs made in idle time after an edit (a step 3-7 opened)
            layout = self.step.key == LAYOUT_STEP and not estimate.layout_done
            said = self._layout_pending if layout else f"<i>{html.escape(pending_word(session_language()))}</i>"
            if self.pending.text() != said:
                self.pending.setText(said)
        self.pending.setVisible(pending)
        if estimate is None:
            self.figures.figure_model.set_figures(None, [])
            self.checks.set_checks([])
            self.no_figures.setText(self.tr("No estimate: {0}").format(refused) if refused else "")
            self.no_figures.setVisible(bool(refused))
            for part in (self._results, self._checks_title, self.checks):  # no empty axes, no 'no warnings'
                part.setVisible(not refused)
            self.unknowns.setVisible(False)
            return
        for part in (self._results, self._checks_title, self.checks):
            part.setVisible(True)
        # a figure left to idle time (pending_figures) keeps its row, saying it is being computed
        keys = figure_keys_for_step(self.step, estimate.figures, pending=estimate.pending_figures)
        model = self.figures.figure_model
        model.set_figures(estimate.figures, keys, basis_labels(estimate, keys, model.text),
                          pending=estimate.pending_figures)
        self.no_figures.setVisible(not keys and not pending)  # a pending step's figures are coming, not absent
        self.figures.setVisible(bool(keys))  # the reason replaces an empty table
        if not keys:
            self.no_figures.setText(self._why_no_figures())
        # a rented phase's network: its checks say it is the provider's; where none does (a rented Ascend phase with
        # no cloud offer in the catalog read 前端网络容量 未知 under '本步骤没有警告'), the page says why
        network_said = not estimate.config.owns_hardware and any(c.step == "network" for c in estimate.checks)
        why = unknown_text(estimate.figures, [k for k in keys if not (network_said and k.startswith("net."))])
        self.unknowns.setText(why)
        self.unknowns.setVisible(bool(why))
        self.checks.set_checks([c for c in estimate.checks if c.step == self.step.key])
        shown = 0
        self._pending_specs = {}
        self._frames_kept = set()
        for index, name in enumerate(self.charts):
            spec = estimate.charts.get(name)
            # a chart still being computed (the search's, or one drawn in idle time) keeps the tab it had: a search
            # that drew no chart last time, or a deferred chart that did not apply, no tab
            searching = (spec is None and self.chart_tabs.isTabVisible(index)
                         and ((name in SEARCH_CHARTS and not estimate.search_done) or name in estimate.deferred_charts))
            if self.chart_tabs.isTabVisible(index) != (spec is not None or searching):
                # no empty axes for charts that do not apply
                self.chart_tabs.setTabVisible(index, spec is not None or searching)
            if spec is not None or searching:
                shown += 1
                self._pending_specs[name] = self._keep_columns(name, spec, estimate)  # drawn when its tab is opened
        self.chart_tabs.setVisible(shown > 0)
        self._draw_current_chart()

    def _keep_columns(self, name: str, spec: Any, estimate: PhaseEstimate) -> Any:
        """The memory-fit chart while the search is pending keeps the columns its searched alternatives held, marked
        pending (``with_pending_columns``), so an edit updates the chart in place instead of redrawing it without
        them and again with them; other charts as they are."""
        view = self.charts.built(name)  # a chart not built yet shows no columns to keep
        if name != "memory_fit" or spec is None or estimate.search_done or view is None \
                or not isinstance(view.spec, ChartSpec) or view.spec.kind != "memory_fit" or spec.categories is None:
            return spec
        count = len(view.spec.categories or ()) - len(spec.categories)
        if count > 0:
            self._frames_kept.add(name)  # its value axis keeps the range it has while the search is pending
        return with_pending_columns(spec, count)

    def _show_used_values(self, estimate: PhaseEstimate | None) -> None:
        """Fields where 0 lets gpudesk choose show the value the estimate chose, read from its figure."""
        if self.form is None:
            return
        text = session_text()
        sep = "：" if self.lang == "zh" else ": "
        for path, relative in self._relative.items():
            used = USED_VALUES.get(relative)
            if used is None:
                continue
            shown = used.word(self.lang)
            if estimate is not None and used.figure in estimate.figures:
                value, unit = figure_display(estimate.figures, used.figure, text)
                unit = SINGULAR_UNITS.get(unit, unit) if value == "1" and not text.translates else unit
                shown += sep + f"{value} {unit}".strip()
            self.form.set_zero_text(path, shown)

    def chart_on_screen(self) -> str:
        """The name of the chart whose tab is open ("" for none)."""
        return self.charts.current() if self.chart_tabs.isVisible() else ""

    def _draw_current_chart(self) -> None:
        name = self.charts.current()
        if name and name in self._pending_specs:
            view = self.charts[name]  # built now if its tab is opened for the first time
            spec = self._pending_specs.pop(name)
            if spec is PENDING and name in SEARCH_CHARTS:
                view.show_pending(self.tr("Searching accelerators, precisions and layouts…"))
            elif spec is PENDING:
                view.show_pending(self.tr("Drawing this chart…"))
            else:  # a memory-fit chart with pending columns keeps its frame (``_keep_columns``)
                view.show_spec(localise_spec(spec, session_language()), keep_frame=name in self._frames_kept)
