"""Open, save, recent files and autosave for the main window.

Every failure to read or write becomes a message naming the file and the
reason; a failed save leaves the previous file intact (atomic saves) and
the unsaved document open.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from gpudesk import __version__
from gpudesk.atomic_files import clean_stale_staging
from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_catalog_rows import catalog_rows_used
from gpudesk.project.assumed import mark_all
from gpudesk.project.autosave import AutosaveStore, RecoveryEntry
from gpudesk.project.catalog_snapshot import record_catalog_rows
from gpudesk.project.errors import ProjectFileError, ProjectValidationError
from gpudesk.project.free_text import file_stem
from gpudesk.project.io import FileChangedError, load_project, save_project
from gpudesk.project.model import Project
from gpudesk.project.recent import RecentFiles
from gpudesk.refusals import Refusal
from gpudesk.session.document import ProjectDocument
from gpudesk.session.sample_text import opened_in, shipped_sample
from gpudesk.ui.catalog_drift_prompt import offer_catalog_choice
from gpudesk.ui.settings import AppSettings
from gpudesk.ui.widgets.session_text import error_words, refusal_words


def is_sample(path: Path) -> bool:
    """Whether ``path`` is one of the shipped sample plans (in the installation, never to be overwritten)."""
    return shipped_sample(path) is not None

FILE_FILTER = "gpudesk plans (*.gpudesk);;All files (*)"


class FileActions(QObject):
    document_opened = Signal(object)  # ProjectDocument
    message = Signal(str)
    saved = Signal(object)  # Path
    catalog_for_estimates = Signal(object)  # Catalog: today's, or pinned to the plan's saved rows

    def __init__(self, parent_widget: QWidget, catalog: Catalog, autosave: AutosaveStore | None,
                 settings: AppSettings) -> None:
        super().__init__(parent_widget)
        self.parent_widget = parent_widget
        self.catalog = catalog
        self.settings = settings
        self.recent = RecentFiles()
        self.autosave = autosave
        self.doc_id = AutosaveStore.new_doc_id()
        self.document: ProjectDocument | None = None
        self.pinned_to_snapshot = False  # estimating with the rows the open plan was saved with
        self.drift_box: QMessageBox | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(settings.autosave_interval_ms)
        self._timer.timeout.connect(self.autosave_now)
        self._timer.start()

    def set_autosave_interval(self, interval_ms: int) -> None:
        self._timer.setInterval(interval_ms)

    def stop_autosave(self) -> None:
        self._timer.stop()

    def _remember_folder(self, path: Path) -> None:
        self.settings.set("ui/last_folder", str(path.parent))

    # -- opening ------------------------------------------------------------
    def new_document(self, project: Project | None = None, path: Path | None = None) -> ProjectDocument:
        if project is None:
            project = self.default_plan()
        if not project.app_version:
            project.app_version = __version__
        if not project.catalog_version:
            project.catalog_version = self.catalog.version
        document = ProjectDocument(project, path)
        self.document = document
        self.doc_id = AutosaveStore.new_doc_id()
        if self.pinned_to_snapshot:
            self._use_catalog(self.catalog, False)
        self.document_opened.emit(document)
        return document

    def default_plan(self) -> Project:
        """The plan a window opens with when it has none to show: LLM serving in production, in the
        interface language and the preferred currency's market (File → New plan asks instead)."""
        from gpudesk.core.market import AvailabilityIndex
        from gpudesk.wizard.starter import MARKETS, starter_plan

        lang = getattr(self.parent_widget, "lang", "en")
        currency = self.settings.get("preferences/default_currency")
        market = next((m for m in MARKETS if m.currency == currency), MARKETS[0])
        availability = AvailabilityIndex.of(self.catalog)
        project = starter_plan("llm_inference", "production", lang, market,
                               status=lambda acc: availability.accelerator(acc, market.code).status)
        for phase in project.phases:
            for workload in phase.workloads:
                mark_all(workload)  # nothing of this plan's workload was chosen, not even its kind
        return project

    def open_path(self, path: Path) -> ProjectDocument | None:
        try:
            loaded = load_project(path)
        except (ProjectFileError, ProjectValidationError, OSError) as exc:
            self._error(self.tr("Cannot open plan"), error_words(exc))
            return None
        clean_stale_staging(path.parent)
        if is_sample(path):  # a shipped sample is never overwritten: it opens as an untitled copy, in the UI's language
            lang = getattr(self.parent_widget, "lang", "en")
            document = self.new_document(opened_in(path, loaded.project, lang), None)
            self.message.emit(self.tr("Opened the sample {0} as an untitled copy; saving asks where to keep it.")
                              .format(path.name))
            return document
        document = self.new_document(loaded.project, path if not loaded.migrated_from else None)
        document.disk_stamp = loaded.stamp
        kept = [refusal_words(w) for w in loaded.warnings if isinstance(w, Refusal)]  # a text kept over its limit
        if kept:
            self.message.emit(" ".join(kept))
        if loaded.migrated_from:
            document.path = path
            self.message.emit(
                self.tr("Opened a plan saved in format version {0}; it will be saved in the current format.").format(
                    loaded.migrated_from
                )
            )
        self._add_recent(path)
        self.drift_box = offer_catalog_choice(self.parent_widget, loaded.project, self.catalog, self._use_catalog)
        return document

    def _use_catalog(self, catalog: Catalog, pinned: bool) -> None:
        self.pinned_to_snapshot = pinned
        self.catalog_for_estimates.emit(catalog)

    def _add_recent(self, path: Path) -> None:
        self._remember_folder(path)
        try:
            self.recent.add(path)
        except ProjectFileError as exc:
            self.message.emit(str(exc))

    def open_dialog(self) -> ProjectDocument | None:
        folder = self.settings.get("ui/last_folder")
        path, _ = QFileDialog.getOpenFileName(self.parent_widget, self.tr("Open plan"), folder, FILE_FILTER)
        return self.open_path(Path(path)) if path else None

    def restore(self, entry: RecoveryEntry, recovered: Project) -> ProjectDocument:
        """Open an autosave as an unsaved change of its original file (undo shows the saved state)."""
        base: Project | None = None
        stamp = None
        path = entry.original_path
        if path is not None:
            try:
                loaded = load_project(path)
                base, stamp = loaded.project, loaded.stamp
            except (ProjectFileError, ProjectValidationError, OSError):
                path = None
        document = self.new_document(base or Project(), path)
        document.disk_stamp = stamp
        document.replace_project(recovered, self.tr("Restore autosave"))
        self.autosave_now()
        if self.autosave is not None:
            self.autosave.discard(entry.doc_id)
        self.message.emit(self.tr("Restored the autosave of {0}; save to keep it.").format(entry.plan_name))
        return document

    # -- saving -------------------------------------------------------------
    def save(self) -> bool:
        if self.document is None:
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        if self.document is None:
            return False
        folder = Path(self.settings.get("ui/last_folder") or Path.home())
        suggested = self.document.path or folder / f"{file_stem(self.document.project.meta.name)}.gpudesk"
        path, _ = QFileDialog.getSaveFileName(self.parent_widget, self.tr("Save plan as"), str(suggested), FILE_FILTER)
        if not path:
            return False
        target = Path(path)
        if target.suffix != ".gpudesk":
            target = target.with_suffix(".gpudesk")
        return self._save_to(target)

    def _save_to(self, path: Path) -> bool:
        assert self.document is not None
        project = self.document.project
        project.app_version = __version__
        if not self.pinned_to_snapshot:  # keep the saved rows when the user chose to reproduce them
            record_catalog_rows(project, catalog_rows_used(project, self.catalog), self.catalog.version)
        project.meta.modified = _dt.date.today().isoformat()
        if not project.meta.created:
            project.meta.created = project.meta.modified
        expected = self.document.disk_stamp if self.document.path == path else None
        try:
            stamp = save_project(project, path, expected)
        except FileChangedError as exc:
            if not self._overwrite_changed(exc):
                return False
            try:
                stamp = save_project(project, path)
            except (OSError, ProjectValidationError) as again:
                self._error(self.tr("Cannot save plan"), f"{path}: {error_words(again)}")
                return False
        except (OSError, ProjectValidationError) as exc:
            self._error(self.tr("Cannot save plan"), f"{path}: {error_words(exc)}")
            return False
        self.document.disk_stamp = stamp
        self.document.mark_saved(path)
        self._add_recent(path)
        if self.autosave is not None:
            self.autosave.discard(self.doc_id)
        self.saved.emit(path)
        self.message.emit(self.tr("Saved {0}").format(path))
        return True

    def _overwrite_changed(self, exc: FileChangedError) -> bool:
        """Ask before overwriting a plan that changed on disk since it was opened; True = overwrite."""
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("The plan changed on disk"),
                          self.tr("{0} was changed by another program or window since you opened it. Overwrite "
                                  "it with your version, or cancel and use Save As to keep both?").format(exc.path),
                          QMessageBox.StandardButton.Cancel, self.parent_widget)
        box.setObjectName("confirm-overwrite-changed")
        overwrite = box.addButton(self.tr("Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is overwrite:
            return True
        self.message.emit(self.tr("Not saved: {0} changed on disk").format(exc.path))
        return False

    def autosave_now(self) -> None:
        if self.autosave is None or self.document is None or not self.document.dirty:
            return
        try:
            self.autosave.write(self.doc_id, self.document.project, self.document.path)
        except (OSError, ProjectValidationError) as exc:
            self.message.emit(self.tr("Autosave failed: {0}").format(error_words(exc)))

    def _error(self, title: str, text: str) -> None:
        self.message.emit(f"{title}: {text}")
        # a box's text is a sentence of its own: the refusal's words begin in lower case, as they follow 'gpudesk: '
        # on the command line ('the plan has 1 problem:' opened the English box)
        QMessageBox.warning(self.parent_widget, title, text[:1].upper() + text[1:])
