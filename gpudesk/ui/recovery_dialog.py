"""Offer the autosaves of a crashed session: restore, compare with the saved file, or discard."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpudesk.project.autosave import AutosaveStore, RecoveryEntry
from gpudesk.project.errors import ProjectFileError, ProjectValidationError
from gpudesk.project.io import load_project
from gpudesk.project.model import Project
from gpudesk.session.field_paths import differences
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import error_words, refusal_words

MAX_SHOWN_VALUE = 80
BOOKKEEPING_FIELDS = ("app_version", "catalog_version")  # stamped on open, not edits by the user


def _short(value: Any) -> str:
    text = "—" if value is None else str(value)
    return text if len(text) <= MAX_SHOWN_VALUE else text[: MAX_SHOWN_VALUE - 1] + "…"


def baseline_for(entry: RecoveryEntry) -> tuple[Project, str]:
    """What the autosave is compared with: the user's saved file, or a new plan when there is none."""
    if entry.original_path is not None:
        try:
            return load_project(entry.original_path).project, str(entry.original_path)
        except (ProjectFileError, ProjectValidationError, OSError):
            pass
    return Project(), "new plan"


class RecoveryDialog(QDialog):
    restore_requested = Signal(object, object)  # RecoveryEntry, Project

    def __init__(self, entries: list[RecoveryEntry], store: AutosaveStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recovery-dialog")
        self.setWindowTitle(self.tr("Recover unsaved work"))
        self.store = store
        self.entries = list(entries)
        intro = QLabel(self.tr("gpudesk did not close normally last time. These plans had changes that were "
                               "not saved; restore one to continue where you left off."))
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Autosaved plans"))
        self.list.currentRowChanged.connect(self._update_buttons)
        self.diff = QTreeWidget()
        self.diff.setAccessibleName(self.tr("Changes against the saved file"))
        self.diff.setHeaderLabels([self.tr("Field"), self.tr("Saved file"), self.tr("Autosave")])
        self.diff.setRootIsDecorated(False)
        self.diff.setVisible(False)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.restore_button = QPushButton(self.tr("&Restore"))
        self.compare_button = QPushButton(self.tr("&Compare"))
        self.discard_button = QPushButton(self.tr("&Discard"))
        later = QPushButton(self.tr("&Later"))
        self.restore_button.clicked.connect(self.restore_current)
        self.compare_button.clicked.connect(self.compare_current)
        self.discard_button.clicked.connect(self.discard_current)
        later.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        for button in (self.restore_button, self.compare_button, self.discard_button):
            button.setAccessibleName(button.text().replace("&", ""))
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(later)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addWidget(self.diff, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        self._fill()
        fit_to_screen(self, 760, 480)

    def _fill(self) -> None:
        self.list.clear()
        for entry in self.entries:
            when = entry.saved_at.astimezone().strftime("%Y-%m-%d %H:%M:%S") if entry.saved_at else "?"
            where = str(entry.original_path) if entry.original_path else self.tr("never saved")
            unnamed = self.tr("(unnamed plan)")
            text = f"{entry.plan_name or unnamed} — {when} — {where}"
            if entry.problem:
                cannot = self.tr("Cannot be restored")
                text += f"\n{cannot}: {refusal_words(entry.problem_reason or entry.problem)}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, entry.doc_id)
            self.list.addItem(item)
        self.list.setCurrentRow(0 if self.entries else -1)
        self._update_buttons()

    def current(self) -> RecoveryEntry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _update_buttons(self) -> None:
        entry = self.current()
        usable = entry is not None and not entry.problem
        self.restore_button.setEnabled(usable)
        self.compare_button.setEnabled(usable)
        self.discard_button.setEnabled(entry is not None)

    def _recover(self, entry: RecoveryEntry) -> Project | None:
        try:
            return self.store.recover(entry)
        except (ProjectFileError, ProjectValidationError, OSError) as exc:
            self.message.setText(self.tr("Cannot read this autosave: {0}").format(error_words(exc)))
            return None

    def compare_current(self) -> list[tuple[str, Any, Any]]:
        entry = self.current()
        project = self._recover(entry) if entry else None
        if entry is None or project is None:
            return []
        baseline, name = baseline_for(entry)
        changed = [d for d in differences(baseline, project) if d[0] not in BOOKKEEPING_FIELDS]
        self.diff.clear()
        for path, old, new in changed:
            self.diff.addTopLevelItem(QTreeWidgetItem([path, _short(old), _short(new)]))
        self.diff.resizeColumnToContents(0)
        self.diff.setVisible(True)
        differ = self.tr("1 field differs from {1}.") if len(changed) == 1 else self.tr("{0} fields differ from {1}.")
        self.message.setText(differ.format(len(changed), name))
        return changed

    def restore_current(self) -> None:
        entry = self.current()
        project = self._recover(entry) if entry else None
        if entry is not None and project is not None:
            self.restore_requested.emit(entry, project)
            self.accept()

    def discard_current(self) -> None:
        entry = self.current()
        if entry is None:
            return
        self.store.discard(entry.doc_id)
        self.entries.remove(entry)
        self.diff.setVisible(False)
        self.message.setText(self.tr("Discarded."))
        self._fill()
        if not self.entries:
            self.accept()


def offer_recovery(parent: QWidget, store: AutosaveStore,
                   restore: Any) -> RecoveryDialog | None:
    """Open the recovery dialog when a crashed session left autosaves; ``restore(entry, project)`` restores one."""
    entries = store.pending()
    if not entries:
        return None
    dialog = RecoveryDialog(entries, store, parent)
    dialog.restore_requested.connect(restore)
    dialog.open()
    return dialog
