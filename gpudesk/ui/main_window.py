"""The main window: plan toolbar, step list, the seven step pages, Explain, Step guide and Roadmap docks.

Composed from small parts — FileActions (files, autosave), PlanController
(re-estimates), PlanCommands (phases, workloads), WindowDialogs (every
dialog in the menus), actions declared in ``ui/actions.py``. The window
only wires them together and keeps the current phase and workload.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QLocale, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QWidget,
)

from gpudesk.catalog.store import Catalog
from gpudesk.core.checks import Check
from gpudesk.project.autosave import AutosaveStore
from gpudesk.results.plan_result import COST_STEPS, PlanEstimate
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.actions import install_actions
from gpudesk.ui.catalog_choices import CatalogChoices
from gpudesk.ui.controller import PlanController
from gpudesk.ui.file_actions import FileActions
from gpudesk.ui.page_stack import LazyPages
from gpudesk.ui.pages.step_page import StepPage
from gpudesk.ui.plan_commands import PlanCommands
from gpudesk.ui.plan_toolbar import PlanToolbar
from gpudesk.ui.roadmap_view import ROADMAP_DOCK_HEIGHT, ROADMAP_DOCK_SHARE, RoadmapView
from gpudesk.ui.screen_fit import fit_to_screen, keep_on_screen
from gpudesk.ui.settings import AppSettings, open_qsettings
from gpudesk.ui.step_guide import StepGuide
from gpudesk.ui.step_list import StepList
from gpudesk.ui.summary import SUMMARY_SEPARATOR, summary_text
from gpudesk.ui.theme import apply_theme
from gpudesk.ui.widgets.elided_label import ElidedLabel, LineHolder
from gpudesk.ui.widgets.explain_panel import ExplainPanel
from gpudesk.ui.widgets.figure_table import PendingFigures
from gpudesk.ui.window_dialogs import WindowDialogs
from gpudesk.wizard.navigation import WizardNavigator, step_status
from gpudesk.wizard.steps import STEPS

if TYPE_CHECKING:
    from gpudesk.ui.language_switch import LanguageSwitch

CHART_PRELOAD_MS = 300
"""Step 1 has no chart, so the window paints without pyqtgraph; this long after the first results are on screen
the chart library loads (about 0.3 s) while the user reads, and the first step with a chart opens without it."""


def _preload_charts() -> None:
    import gpudesk.plotting.view  # noqa: F401


def system_language() -> str:
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


class MainWindow(QMainWindow):
    def __init__(self, catalog: Catalog, lang: str | None = None, autosave: AutosaveStore | None = None,
                 settings: AppSettings | None = None) -> None:
        super().__init__()
        self.catalog = catalog
        self.settings = settings or AppSettings(open_qsettings())
        self.lang = lang or self.settings.language(system_language())
        self.navigator: WizardNavigator = WizardNavigator()
        self.controller = PlanController(catalog, self)
        self.files: FileActions = FileActions(self, catalog, autosave, self.settings)
        self.choices = CatalogChoices(catalog)
        self.commands: PlanCommands = PlanCommands(self)
        self.dialogs: WindowDialogs = WindowDialogs(self)
        self.document: ProjectDocument | None = None
        self.pages: LazyPages | None = None  # built with the first document
        self.phase_index = 0
        self.workload_index = 0
        self.language_switch: LanguageSwitch | None = None  # set by the switch that holds this window
        self._estimate_later = False  # set while open_plan(estimate_later=True) opens a plan
        self._charts_preloaded = False

        self.step_list = StepList(self.lang)
        self.stack = QStackedWidget()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.step_list)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([self.step_list.minimumWidth(), 1100])
        self.setCentralWidget(splitter)
        self.explain = ExplainPanel()
        self.explain_dock = self._dock(self.tr("Explain"), "explain-dock", self.explain,
                                       Qt.DockWidgetArea.RightDockWidgetArea)
        self.step_guide = StepGuide(self.lang)
        self.step_guide.figure_selected.connect(self.show_figure)
        self.step_guide_dock = self._dock(self.tr("Step guide"), "step-guide-dock", self.step_guide,
                                          Qt.DockWidgetArea.RightDockWidgetArea)
        self.step_guide_dock.visibilityChanged.connect(self.step_guide.set_on_screen)
        self.tabifyDockWidget(self.explain_dock, self.step_guide_dock)  # one column, a tab each
        self.step_guide_dock.raise_()
        self.roadmap = RoadmapView()
        self.roadmap.check_selected.connect(self.show_check)
        self.roadmap_dock = self._dock(self.tr("Roadmap"), "roadmap-dock", self.roadmap,
                                       Qt.DockWidgetArea.BottomDockWidgetArea)
        self.plan_toolbar = PlanToolbar(self)
        self.plan_toolbar.selection_changed.connect(self.select)
        self.addToolBar(self.plan_toolbar)
        self.summary = ElidedLabel()  # one line whatever the window's width; the whole line in its tool tip
        self.summary.setObjectName("summary")
        self.summary.part_separator = SUMMARY_SEPARATOR  # shortened by whole parts, never inside an amount
        # a status message (e.g. "Estimating…") shows in its place; a new summary repaints the line, no re-layout
        self.statusBar().addWidget(LineHolder(self.summary), 1)

        self.actions_ = install_actions(self)
        self.step_list.step_chosen.connect(self.go_to_step)
        self.controller.estimated.connect(self._on_estimate)
        self.controller.searched.connect(self._on_estimate)  # a phase's configuration search has arrived
        self.controller.chart_on_screen = self._chart_on_screen  # drawn with the edit, not left to idle time
        self.controller.roadmap_on_screen = self.roadmap.isVisible  # hidden (the default): left to idle time
        self.controller.failed.connect(self._on_failed)
        self.files.document_opened.connect(self._on_document)
        self.files.catalog_for_estimates.connect(self._estimate_with)
        self.files.saved.connect(lambda _path: self._update_title())
        self.files.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        fit_to_screen(self, 1440, 900)  # or what the screen holds: a 1366 x 768 laptop gets all of it
        self.resizeDocks([self.roadmap_dock], [min(ROADMAP_DOCK_HEIGHT, int(self.height() * ROADMAP_DOCK_SHARE))],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.explain_dock], [320], Qt.Orientation.Horizontal)  # the guide's column reads at 320 px
        self.roadmap_dock.hide()  # the timeline is also on step 7; View → Roadmap opens the full dock
        self._restore_layout()

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setAccessibleName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _restore_layout(self) -> None:
        geometry, state = self.settings.get("window/geometry"), self.settings.get("window/state")
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        if state:
            self.restoreState(QByteArray(state))
        keep_on_screen(self)  # saved on a larger screen than this one
        self.navigator.go(self.settings.get("ui/last_step"))

    # -- documents ------------------------------------------------------------
    def open_plan(self, path: Path | str | None, estimate_later: bool = False) -> None:
        """Open ``path`` (a new plan when None or unreadable). ``estimate_later``: show the plan's inputs now
        and estimate at the next event-loop turn (start-up paints the window first)."""
        self._estimate_later = estimate_later
        try:
            if path is None:
                self.files.new_document()
            elif self.files.open_path(Path(path)) is None and self.document is None:
                self.files.new_document()
        finally:
            self._estimate_later = False

    def _on_document(self, document: ProjectDocument) -> None:
        if self.document is not None:
            self.document.unsubscribe(self._on_change)
        self.document = document
        self.phase_index = self.workload_index = 0
        document.subscribe(self._on_change)
        self._build_pages()
        if self._estimate_later:
            self.statusBar().showMessage(self.tr("Estimating…"))  # cleared when the estimate arrives
            self.step_guide.await_figures()  # laid out once, with the estimate's figures
        self.controller.set_document(document, self if self._estimate_later else None)
        self._update_title()

    def adopt_document(self, document: ProjectDocument, phase: int, workload: int) -> None:
        """Show a document another window had open, as it is (unsaved edits and undo history included)."""
        self.files.document = document
        self._on_document(document)
        self.select(phase, workload)

    def release_document(self) -> ProjectDocument | None:
        """Let go of the document and its autosave (now another window's): closing then asks and discards nothing."""
        document, self.document = self.document, None
        if document is not None:
            document.unsubscribe(self._on_change)
        self.controller.release()
        self.files.document = self.files.autosave = None
        return document

    def _build_pages(self) -> None:
        assert self.document is not None
        if self.pages is not None:
            self.pages.clear()
        self.pages = LazyPages(self.stack, len(STEPS), self._make_page)
        self.select(self.phase_index, self.workload_index)
        self.go_to_step(self.navigator.current)

    def _make_page(self, index: int) -> StepPage:
        assert self.document is not None
        step = STEPS[index]
        # bound to the phase and workload on screen as it is built: its form was built twice, for phase 1 and then
        # again (the step-1 page at start-up: 17 rows, their editors and choice lists, ~15 ms of CPU)
        page = StepPage(step, self.document, self.choices, self.lang, phase=self.phase_index,
                        workload=self.workload_index)
        page.figure_selected.connect(self.show_figure)
        page.check_selected.connect(self.show_check)
        return page

    def select(self, phase: int, workload: int) -> None:
        """Show phase ``phase`` and its workload ``workload`` (clamped to what exists) on every page."""
        if self.document is None:
            return
        phases = self.document.project.phases
        self.phase_index = max(0, min(phase, len(phases) - 1))
        self.workload_index = max(0, min(workload, len(phases[self.phase_index].workloads) - 1))
        self.controller.focus_phase = self.phase_index
        self.plan_toolbar.refresh(self.document.project, self.phase_index, self.workload_index)
        for page in self.pages or ():
            page.rebind(self.phase_index, self.workload_index)
        if self.controller.estimate is not None:
            self._on_estimate(self.controller.estimate)

    def _on_change(self, paths: tuple[str, ...]) -> None:
        if "" in paths:
            self.select(self.phase_index, self.workload_index)
        else:
            if any(p.endswith(".name") or p.endswith(".kind") for p in paths) and self.document is not None:
                self.plan_toolbar.refresh(self.document.project, self.phase_index, self.workload_index)
            if self.pages is not None:
                self.pages.sync_inputs(paths)  # the visible page's editors of these paths now, the others when shown
        self._update_title()

    def _update_title(self) -> None:
        name = self.document.title.removesuffix(" *") if self.document else "gpudesk"
        self.setWindowTitle(f"{name}[*] — gpudesk")
        self.setWindowModified(bool(self.document and self.document.dirty))
        self.actions_.update_undo_state(self.document)

    # -- navigation -------------------------------------------------------------
    def go_to_step(self, number: int) -> None:
        self.navigator.go(number)
        if self.pages is not None:
            self.pages.show(number - 1)
        self.step_list.select(number)
        self.step_guide.show_step(STEPS[number - 1].key)

    def _costs_on_screen(self) -> bool:
        """Whether a surface on screen shows the phase's costs: a step page of steps 3-7 (their figures, the what-if
        panel, the bill of materials) or the Roadmap dock."""
        return self.roadmap.isVisible() or (self.pages is not None and STEPS[self.stack.currentIndex()].key in COST_STEPS)

    def _chart_on_screen(self) -> str:
        return self.current_page().chart_on_screen() if self.pages is not None else ""

    def current_page(self) -> StepPage:
        assert self.pages is not None, "no plan is open"
        return self.pages[self.stack.currentIndex()]

    # -- results ------------------------------------------------------------------
    def _on_estimate(self, estimate: PlanEstimate) -> None:
        phase = estimate.phases[min(self.phase_index, len(estimate.phases) - 1)]
        # first: the status bar re-lays itself out for a new summary, and that layout is then done before the
        # window's paint pass instead of after it (which asked for a second pass of the window per edit)
        self.summary.setText(summary_text(phase))
        if self.pages is not None:
            self.pages.show_estimate(phase)
        if not self.controller.defer_figures:
            # from the next edit on, mem.min_gpus in idle time: the step page, Explain panel and Step guide show it
            # as being computed until then (the core, which names them, is loaded after the first paint)
            from gpudesk.results.pipeline import DEFERRED_FIGURES

            self.controller.defer_figures = DEFERRED_FIGURES
            # and the costs, while no surface on screen shows them: the status bar, the ranked row's cost, the
            # Explain panel and the Step guide say they are being computed (their labels seen in this estimate)
            self.controller.costs_on_screen = self._costs_on_screen
        pending = PendingFigures(phase)  # its pending figures, and its costs while they are made in idle time
        self.explain.set_figures(phase.figures, pending)
        self.step_guide.set_figures(phase.figures, phase.checks, pending)
        self.step_list.set_status(step_status(phase.checks, phase.figures, phase.pending_steps()))
        self.roadmap.show_estimate(estimate)
        self.statusBar().clearMessage()
        if not self._charts_preloaded:
            self._charts_preloaded = True
            QTimer.singleShot(CHART_PRELOAD_MS, self, _preload_charts)

    def _on_failed(self, reason: str) -> None:
        if self.pages is not None:
            self.pages.refused_field = self.controller.refused_field  # the editor it names says so too
            self.pages.show_estimate(None, reason)  # the page says why, not only the status bar
        self.roadmap.show_estimate(None)
        self.step_guide.set_figures(())
        self.summary.setText(self.tr("Cannot estimate: {0}").format(reason))

    def show_figure(self, key: str) -> None:
        self.explain_dock.show()
        self.explain_dock.raise_()  # in front of the Step guide tab
        self.explain.show_figure(key)

    def show_check(self, check: Check) -> None:
        self.explain_dock.show()
        self.explain_dock.raise_()
        self.explain.show_check(check)

    # -- preferences and catalog ---------------------------------------------------
    def apply_preferences(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.settings.get("preferences/theme"))
        self.files.set_autosave_interval(self.settings.autosave_interval_ms)
        # A new language rebuilds the window around the open plan (language_switch.py); a window built
        # without a switch (no one holds its translators) keeps its language until the next start.
        if self.language_switch is not None:
            self.language_switch.apply_preference()

    def _estimate_with(self, catalog: Catalog) -> None:
        """Estimate with today's catalog or with the rows the plan was saved with."""
        self.controller.catalog = catalog
        self.controller.run_now()

    def catalog_changed(self) -> None:
        """The user edited the catalog: re-read choice lists and re-estimate."""
        for page in self.pages or ():
            page.rebind(self.phase_index, self.workload_index)
        self.controller.run_now()

    # -- closing --------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        if self.document is not None and self.document.dirty:
            answer = QMessageBox.question(
                self,
                self.tr("Unsaved changes"),
                self.tr("Save the changes to {0} before closing?").format(self.document.title.rstrip(" *")),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Cancel or (
                answer == QMessageBox.StandardButton.Save and not self.files.save()
            ):
                event.ignore()
                return
        self.settings.set("window/geometry", bytes(self.saveGeometry().data()))
        self.settings.set("window/state", bytes(self.saveState().data()))
        self.settings.set("ui/last_step", self.navigator.current)
        self.settings.sync()
        if self.files.autosave is not None:
            self.files.autosave.discard(self.files.doc_id)
        # A closed window computes and writes nothing more: its idle search slices kept running (redrawing its
        # hidden pages) until it was deleted, and its autosave timer could write again the plan just discarded.
        self.controller.stop()
        for page in self.pages or ():  # the what-if sweep of a built step 6 too
            stop = getattr(page.decision, "stop", None)
            if stop is not None:
                stop()
        self.files.stop_autosave()
        event.accept()
