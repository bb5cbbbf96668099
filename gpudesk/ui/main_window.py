"""The main window: step list, the seven step pages, the Explain panel.

Composed from small parts (FileActions, PlanController, StepList,
StepPage, ExplainPanel); menus and shortcuts are declared in
``ui/actions.py``. The window only wires them together.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_result import PlanEstimate
from gpudesk.project.autosave import AutosaveStore
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.actions import install_actions
from gpudesk.ui.catalog_choices import CatalogChoices
from gpudesk.ui.controller import PlanController
from gpudesk.ui.file_actions import FileActions
from gpudesk.ui.pages.step_page import StepPage
from gpudesk.ui.step_list import StepList
from gpudesk.ui.summary import summary_text
from gpudesk.ui.widgets.explain_panel import ExplainPanel
from gpudesk.wizard.navigation import WizardNavigator, step_status
from gpudesk.wizard.steps import STEPS

STEP_CHARTS: dict[int, tuple[str, ...]] = {
    1: (),
    2: ("memory_fit", "inference", "pareto"),
    3: (),
    4: (),
    5: ("scaling",),
    6: ("cost",),
    7: ("power", "rack_layout", "timeline"),
}


class MainWindow(QMainWindow):
    def __init__(self, catalog: Catalog, lang: str = "en", autosave: AutosaveStore | None = None) -> None:
        super().__init__()
        self.catalog = catalog
        self.lang = lang
        self.navigator = WizardNavigator()
        self.controller = PlanController(catalog, self)
        self.files = FileActions(self, catalog, autosave)
        self.choices = CatalogChoices(catalog)
        self.document: ProjectDocument | None = None
        self.pages: list[StepPage] = []
        self.phase_index = 0

        self.step_list = StepList(lang)
        self.stack = QStackedWidget()
        self.explain = ExplainPanel()
        dock = QDockWidget(self.tr("Explain"), self)
        dock.setObjectName("explain-dock")
        dock.setWidget(self.explain)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.explain_dock = dock

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.step_list)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        self.setCentralWidget(splitter)

        self.phase_combo = QComboBox()
        self.phase_combo.setAccessibleName(self.tr("Phase"))
        self.phase_combo.currentIndexChanged.connect(self._on_phase_changed)
        bar = QToolBar(self.tr("Plan"))
        bar.setObjectName("plan-toolbar")
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(4, 0, 4, 0)
        row.addWidget(QLabel(self.tr("Phase:")))
        row.addWidget(self.phase_combo)
        bar.addWidget(holder)
        self.addToolBar(bar)
        self.plan_toolbar = bar
        self.summary = QLabel()
        self.statusBar().addPermanentWidget(self.summary)

        self.actions_ = install_actions(self)
        self.step_list.step_chosen.connect(self.go_to_step)
        self.controller.estimated.connect(self._on_estimate)
        self.controller.failed.connect(self._on_failed)
        self.files.document_opened.connect(self._on_document)
        self.files.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.resize(1400, 860)

    # -- documents ------------------------------------------------------------
    def open_plan(self, path: Path | None) -> None:
        if path is None:
            self.files.new_document()
        elif self.files.open_path(path) is None and self.document is None:
            self.files.new_document()

    def _on_document(self, document: ProjectDocument) -> None:
        if self.document is not None:
            self.document.unsubscribe(self._on_change)
        self.document = document
        document.subscribe(self._on_change)
        self._build_pages(document)
        self._refresh_phases()
        self.controller.set_document(document)
        self._update_title()

    def _build_pages(self, document: ProjectDocument) -> None:
        while self.stack.count():
            widget = self.stack.widget(0)
            self.stack.removeWidget(widget)
            widget.deleteLater()
        self.pages = []
        for step in STEPS:
            page = StepPage(step, document, self.choices, STEP_CHARTS[step.number], self.lang)
            page.figure_selected.connect(self.show_figure)
            page.check_selected.connect(self.explain.show_check)
            self.stack.addWidget(page)
            self.pages.append(page)
        self.go_to_step(self.navigator.current)

    def _refresh_phases(self) -> None:
        assert self.document is not None
        names = [f"{i + 1}. {p.name}" for i, p in enumerate(self.document.project.phases)]
        self.phase_combo.blockSignals(True)
        self.phase_combo.clear()
        self.phase_combo.addItems(names)
        self.phase_index = min(self.phase_index, len(names) - 1)
        self.phase_combo.setCurrentIndex(self.phase_index)
        self.phase_combo.blockSignals(False)

    def _on_phase_changed(self, index: int) -> None:
        if index < 0 or self.document is None:
            return
        self.phase_index = index
        for page in self.pages:
            page.rebind(index, 0)
        if self.controller.estimate is not None:
            self._on_estimate(self.controller.estimate)

    def _on_change(self, paths: tuple[str, ...]) -> None:
        if "" in paths and self.document is not None:
            self._refresh_phases()
            for page in self.pages:
                page.rebind(self.phase_index, 0)
        else:
            for page in self.pages:
                page.sync_inputs()
        self._update_title()

    def _update_title(self) -> None:
        title = self.document.title if self.document else ""
        self.setWindowTitle(f"{title} — gpudesk")
        self.setWindowModified(bool(self.document and self.document.dirty))
        self.actions_.update_undo_state(self.document)

    # -- navigation -------------------------------------------------------------
    def go_to_step(self, number: int) -> None:
        self.navigator.go(number)
        self.stack.setCurrentIndex(number - 1)
        self.step_list.select(number)

    def current_page(self) -> StepPage:
        return self.pages[self.stack.currentIndex()]

    # -- results ------------------------------------------------------------------
    def _on_estimate(self, estimate: PlanEstimate) -> None:
        phase = estimate.phases[min(self.phase_index, len(estimate.phases) - 1)]
        for page in self.pages:
            page.show_estimate(phase)
        self.explain.set_figures(phase.figures)
        self.step_list.set_status(step_status(phase.checks))
        self.summary.setText(summary_text(phase, estimate.currency))
        self.statusBar().clearMessage()

    def _on_failed(self, reason: str) -> None:
        for page in self.pages:
            page.show_estimate(None)
        self.summary.setText(self.tr("Cannot estimate: {0}").format(reason))

    def show_figure(self, key: str) -> None:
        self.explain_dock.show()
        self.explain.show_figure(key)

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
        if self.files.autosave is not None:
            self.files.autosave.discard(self.files.doc_id)
        event.accept()
