"""Edit the preferences declared in :mod:`gpudesk.ui.settings`, with validation.

One editor per declared preference: a combo box for choices, a spin box
for whole numbers, a line edit for text (the logo path with a file
chooser). OK stays disabled while a value is invalid, and the reason is
shown under the form.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.settings import SETTINGS, AppSettings, Setting

LOGO_KEY = "preferences/company_logo"
CHOICE_TEXT = {"system": "Follow the system", "zh": "中文", "en": "English", "light": "Light", "dark": "Dark",
               "USD": "USD (US dollar)", "CNY": "CNY (人民币)"}
LOGO_SUFFIXES = (".png", ".jpg", ".jpeg")


class PreferencesDialog(QDialog):
    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self.setObjectName("preferences-dialog")
        self.settings = settings
        self.editors: dict[str, QWidget] = {}
        form = QFormLayout()
        for spec in SETTINGS:
            if spec.preference:
                editor = self._editor(spec, settings.get(spec.key))
                form.addRow(self.tr(spec.title), self._with_browse(editor) if spec.key == LOGO_KEY else editor)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setStyleSheet("color: #c0392b")
        self.problem.setWordWrap(True)
        note = QLabel(self.tr("The theme and the language apply at once; company, logo and author are used on proposals."))
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        fit_to_screen(self, 560, self.sizeHint().height())
        self.validate()

    def _editor(self, spec: Setting, value: Any) -> QWidget:
        editor: QWidget
        if spec.choices:
            combo = QComboBox()
            for choice in spec.choices:
                combo.addItem(self.tr(CHOICE_TEXT.get(choice, choice)), choice)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            editor = combo
        elif spec.type is int:
            spin = QSpinBox()
            spin.setRange(spec.minimum if spec.minimum is not None else 0, spec.maximum or 1_000_000)
            spin.setValue(value)
            editor = spin
        else:
            line = QLineEdit(value)  # no setMaxLength: it cut a pasted name silently; problems() says the limit
            line.setCursorPosition(0)
            line.textChanged.connect(self.validate)
            editor = line
        editor.setObjectName(spec.key)
        editor.setAccessibleName(self.tr(spec.title))
        self.editors[spec.key] = editor
        return editor

    def _with_browse(self, editor: QWidget) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(editor, 1)
        button = QPushButton(self.tr("Choose…"))
        button.setAccessibleName(self.tr("Choose a logo file"))
        button.clicked.connect(self._choose_logo)
        row.addWidget(button)
        return box

    def _choose_logo(self) -> None:
        line = self.editors[LOGO_KEY]
        assert isinstance(line, QLineEdit)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Company logo"), line.text(),
                                              self.tr("Images (*.png *.jpg *.jpeg)"))
        if path:
            line.setText(path)

    def value(self, key: str) -> Any:
        editor = self.editors[key]
        if isinstance(editor, QComboBox):
            return editor.currentData()
        if isinstance(editor, QSpinBox):
            return editor.value()
        assert isinstance(editor, QLineEdit)
        return editor.text().strip()

    def problems(self) -> list[str]:
        found = []
        for key in self.editors:
            spec, value = AppSettings.spec(key), self.value(key)
            if isinstance(value, str) and spec.edit_len and len(value) > spec.edit_len:
                found.append(self.tr("{0}: {1} characters; at most {2} fit the proposal's cover and page header")
                             .format(self.tr(spec.title), f"{len(value):,}", spec.edit_len))
            elif not spec.valid(value):
                found.append(self.tr("{0}: not a valid value").format(self.tr(spec.title)))
        logo = self.value(LOGO_KEY)
        if logo:
            path = Path(logo)
            if path.suffix.lower() not in LOGO_SUFFIXES:
                found.append(self.tr("The logo must be a PNG or JPEG file."))
            elif not path.is_file():
                found.append(self.tr("The logo file {0} does not exist.").format(logo))
        return found

    def validate(self) -> bool:
        found = self.problems()
        self.problem.setText("\n".join(found))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not found)
        return not found

    def accept(self) -> None:
        if not self.validate():
            return
        for key in self.editors:
            self.settings.set(key, self.value(key))
        self.settings.sync()
        super().accept()
