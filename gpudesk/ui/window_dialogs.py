"""The dialogs the menus open: proposal, print preview, comparison, preferences, catalog, calibration, help.

Each opener returns the dialog it showed (non-modal, kept alive by the
window) so tests can drive it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from gpudesk import __version__
from gpudesk.catalog.errors import CatalogError
from gpudesk.logs import internal_error
from gpudesk.paths import project_root
from gpudesk.project.errors import ProjectFileError, ProjectValidationError
from gpudesk.project.free_text import file_stem
from gpudesk.project.io import load_project
from gpudesk.session.sample_text import opened_in
from gpudesk.ui.file_actions import FILE_FILTER
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import error_words, session_language

# The proposal, comparison and preferences modules (and the estimation core behind them) load when a menu
# first opens their dialog, not with the main window: start-up paints the window before it needs any of them.
if TYPE_CHECKING:
    from gpudesk.report.document import Branding, ProposalDocument
    from gpudesk.ui.main_window import MainWindow
    from gpudesk.ui.preferences_dialog import PreferencesDialog
    from gpudesk.ui.report.proposal_dialog import ProposalDialog


def user_guide_path() -> Path:
    return project_root() / "docs" / "user-guide.md"


class WindowDialogs:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.open: dict[str, QWidget] = {}  # the dialogs shown, by name; keeps them alive

    def _keep(self, name: str, dialog: QWidget) -> QWidget:
        old = self.open.get(name)
        if old is not None and old is not dialog:
            old.close()
            old.deleteLater()
        self.open[name] = dialog
        return dialog

    def _warn(self, title: str, text: str) -> None:
        self.window.statusBar().showMessage(f"{title}: {text}", 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self.window)
        box.setObjectName("dialog-warning")
        self._keep("warning", box)
        box.open()

    # -- new plan ---------------------------------------------------------------
    def new_plan(self) -> QDialog:
        """Ask what the customer will run and wants to achieve; open the plan made from the answers."""
        from gpudesk.ui.new_plan_dialog import NewPlanDialog

        w = self.window
        dialog = NewPlanDialog(w.catalog, w.lang, w.settings.get("preferences/default_currency"), w)
        dialog.accepted.connect(lambda: w.files.new_document(dialog.plan()))
        self._keep("new_plan", dialog)
        dialog.open()
        return dialog

    # -- proposal -------------------------------------------------------------
    def build_document(self, lang: str, branding: Branding) -> ProposalDocument:
        from gpudesk.report.proposal import build_proposal
        from gpudesk.wizard.defaults import unset_word

        w = self.window
        estimate = w.controller.estimate if w.controller.estimate is not None else w.controller.run_now()
        if estimate is not None:
            estimate = w.controller.complete_search()  # the proposal carries the searched configurations
        if estimate is None or w.document is None:
            raise ValueError(w.controller.last_error or "no plan is open")
        return build_proposal(estimate, w.document.project, lang, branding, catalog_date=w.catalog.built,
                              catalog=w.catalog, unset=lambda path, value, floor: unset_word(path, value, floor, lang))

    def _proposal_dialog(self) -> ProposalDialog | None:
        from gpudesk.ui.report.proposal_dialog import ProposalDialog

        w = self.window
        if w.document is None or (w.controller.estimate is None and w.controller.run_now() is None):
            self._warn(w.tr("No proposal"), w.tr("The plan cannot be estimated: {0}").format(w.controller.last_error))
            return None
        stem = w.document.path.stem if w.document.path else file_stem(w.document.project.meta.name)
        folder = w.settings.get("ui/last_folder") or str(Path.home())
        author = w.settings.get("preferences/author") or w.document.project.meta.author
        dialog = ProposalDialog(self.build_document, str(Path(folder) / f"{stem}.pdf"),
                                w.document.project.meta.language, author, w)
        dialog.setObjectName("proposal-dialog")
        dialog.company.setText(w.settings.get("preferences/company_name"))
        dialog.logo.setText(w.settings.get("preferences/company_logo"))
        dialog.saved.connect(lambda path: w.statusBar().showMessage(w.tr("Proposal written to {0}").format(path), 8000))
        self._keep("proposal", dialog)
        return dialog

    def export_proposal(self) -> ProposalDialog | None:
        dialog = self._proposal_dialog()
        if dialog is not None:
            dialog.show()
        return dialog

    def print_preview(self) -> QDialog | None:
        dialog = self._proposal_dialog()
        if dialog is None:
            return None
        preview = dialog.make_preview()
        self._keep("print_preview", preview)
        preview.open()
        return preview

    # -- comparison -------------------------------------------------------------
    def compare_plans(self, paths: list[Path] | None = None) -> QDialog | None:
        from gpudesk.report.comparison import MAX_PLANS, MIN_PLANS, compare_plans
        from gpudesk.results.pipeline import PlanInputError, complete_search, estimate_plan
        from gpudesk.ui.report.compare_view import CompareView

        w = self.window
        if paths is None:
            names, _ = QFileDialog.getOpenFileNames(w, w.tr("Choose 2–4 plans to compare"),
                                                    w.settings.get("ui/last_folder"), FILE_FILTER)
            paths = [Path(n) for n in names]
            if not paths:
                return None
        if not MIN_PLANS <= len(paths) <= MAX_PLANS:
            self._warn(w.tr("Compare plans"), w.tr("Choose between 2 and 4 plans; you chose {0}.").format(len(paths)))
            return None
        entries = []
        try:
            for path in paths:
                project = opened_in(path, load_project(path).project, w.lang)  # a shipped sample in the UI's language
                entries.append((complete_search(estimate_plan(project, w.catalog), w.catalog), project))
            comparison = compare_plans(entries)
        except (ProjectFileError, ProjectValidationError, OSError, PlanInputError, CatalogError, ValueError) as exc:
            self._warn(w.tr("Cannot compare"), error_words(exc))
            return None
        except Exception as exc:  # noqa: BLE001 - last-resort guard: one line, a log entry; the open plan is kept
            self._warn(w.tr("Cannot compare"), internal_error("comparing plans", exc, session_language(), "对比方案"))
            return None
        dialog = QDialog(w)
        dialog.setObjectName("compare-dialog")
        dialog.setWindowTitle(w.tr("Compare plans: {0}").format(" · ".join(comparison.names)))
        dialog.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        view = CompareView(w.lang, dialog)
        view.set_comparison(comparison, w.catalog)
        QVBoxLayout(dialog).addWidget(view)
        dialog.view = view  # type: ignore[attr-defined]
        fit_to_screen(dialog, 1200, 800)
        self._keep("compare", dialog)
        dialog.show()
        return dialog

    # -- preferences, catalog, calibration ------------------------------------------
    def preferences(self) -> PreferencesDialog:
        from gpudesk.ui.preferences_dialog import PreferencesDialog

        w = self.window
        dialog = PreferencesDialog(w.settings, w)
        dialog.accepted.connect(w.apply_preferences)
        self._keep("preferences", dialog)
        dialog.open()
        return dialog

    def browse_catalog(self) -> QDialog:
        from gpudesk.ui.catalog_browser import open_catalog_browser

        w = self.window
        dialog = open_catalog_browser(w, w.catalog)
        dialog.browser.catalog_changed.connect(w.catalog_changed)  # type: ignore[attr-defined]
        self._keep("catalog", dialog)
        return dialog

    def calibrate(self) -> QWidget | None:
        w = self.window
        if w.document is None:
            return None
        try:
            from gpudesk.ui.calibration import open_calibration_dialog
        except ImportError as exc:
            self._warn(w.tr("Calibration"), w.tr("Calibration is not available in this build: {0}").format(exc))
            return None
        dialog = open_calibration_dialog(w, w.document, w.catalog)
        if isinstance(dialog, QWidget):
            self._keep("calibration", dialog)
        return dialog

    # -- help -------------------------------------------------------------------
    def about(self) -> QMessageBox:
        w = self.window
        text = w.tr(
            "<h3>gpudesk {0}</h3><p>Sizes GPU infrastructure for AI work and explains every number.</p>"
            "<p>Catalog version {1}, built {2}.</p>"
        ).format(__version__, w.catalog.version, w.catalog.built or w.tr("(date unknown)"))
        box = QMessageBox(QMessageBox.Icon.Information, w.tr("About gpudesk"), text, QMessageBox.StandardButton.Ok, w)
        box.setObjectName("about-dialog")
        self._keep("about", box)
        box.open()
        return box

    def user_guide(self) -> QDialog | None:
        w = self.window
        path = user_guide_path().with_suffix(".zh.md") if w.lang == "zh" else user_guide_path()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            self._warn(w.tr("User guide"), w.tr("Cannot read the user guide {0}: {1}").format(path, exc))
            return None
        dialog = QDialog(w)
        dialog.setObjectName("user-guide")
        dialog.setWindowTitle(w.tr("gpudesk user guide"))
        browser = QTextBrowser(dialog)
        browser.setOpenExternalLinks(True)
        browser.setMarkdown(text)
        QVBoxLayout(dialog).addWidget(browser)
        dialog.browser = browser  # type: ignore[attr-defined]
        fit_to_screen(dialog, 820, 760)
        self._keep("user_guide", dialog)
        dialog.show()
        return dialog
