"""Input editors generated from the project model's field declarations.

Each editor is bound to a field path; its range, unit, tooltip and choices
come from the dataclass metadata, so the form, the validator and the JSON
Schema never disagree. Edits go through the document (undo, dirty flag);
document changes (undo, redo, load) flow back into the editors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument

INT_MAX = 2_147_483_647

ChoiceProvider = Callable[[], Sequence[tuple[str, str]]]  # (value, display label)


def _decimals_for(lo: float, hi: float, value: float) -> int:
    if hi >= 1e6:
        return 0
    if hi <= 10:
        return 3
    return 2 if hi <= 10_000 else 1


class FieldForm(QWidget):
    """A form of bound editors. ``add(path)`` creates the right editor for the field."""

    def __init__(self, document: ProjectDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.layout_ = QFormLayout(self)
        self.layout_.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.editors: dict[str, QWidget] = {}
        self._providers: dict[str, ChoiceProvider] = {}

    # -- building ---------------------------------------------------------
    def add(self, path: str, label: str, choices: ChoiceProvider | None = None) -> QWidget:
        """Add the editor the field's declaration calls for, bound to ``path``."""
        value = self.document.get(path)
        meta = field_paths.metadata(self.document.project, path)
        editor = self._make_editor(path, value, meta, choices)
        unit = meta.get("unit", "")
        help_text = meta.get("help", "")
        tip = label + (f" ({unit})" if unit else "") + (f": {help_text}" if help_text else "")
        if "min" in meta:
            tip += f"\n{self.tr('Range')}: {meta['min']:g} – {meta['max']:g} {unit}"
        editor.setToolTip(tip)
        editor.setAccessibleName(label)
        editor.setObjectName(path)
        self.layout_.addRow(QLabel(label + ":"), editor)
        self.editors[path] = editor
        if choices:
            self._providers[path] = choices
        return editor

    def _make_editor(self, path: str, value: Any, meta: dict[str, Any], choices: ChoiceProvider | None) -> QWidget:
        if choices is not None or "choices" in meta:
            combo = QComboBox(self)
            items = list(choices()) if choices else [(c, c.replace("_", " ")) for c in meta["choices"]]
            for code, text in items:
                combo.addItem(text, code)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            combo.currentIndexChanged.connect(lambda _i, p=path, c=combo: self._commit(p, c.currentData()))
            return combo
        if isinstance(value, bool):
            box = QCheckBox(self)
            box.setChecked(value)
            box.toggled.connect(lambda on, p=path: self._commit(p, bool(on)))
            return box
        if isinstance(value, int) and "min" in meta:
            spin = QSpinBox(self)
            spin.setRange(int(max(meta["min"], -INT_MAX)), int(min(meta["max"], INT_MAX)))
            spin.setValue(int(value))
            spin.setSuffix(f" {meta['unit']}" if meta.get("unit") else "")
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(lambda v, p=path: self._commit(p, int(v)))
            return spin
        if isinstance(value, (int, float)) and "min" in meta:
            spin = QDoubleSpinBox(self)
            spin.setDecimals(_decimals_for(meta["min"], meta["max"], float(value)))
            spin.setRange(float(meta["min"]), float(meta["max"]))
            spin.setValue(float(value))
            spin.setSuffix(f" {meta['unit']}" if meta.get("unit") else "")
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(lambda v, p=path: self._commit(p, float(v)))
            return spin
        line = QLineEdit(self)
        line.setText(str(value))
        if "max_len" in meta:
            line.setMaxLength(int(meta["max_len"]))
        line.editingFinished.connect(lambda p=path, e=line: self._commit(p, e.text()))
        return line

    # -- syncing ------------------------------------------------------------
    def _commit(self, path: str, value: Any) -> None:
        self.document.set(path, value, label=f"Type {path}")

    def refresh(self) -> None:
        """Show the document's current values (after undo, redo or a load)."""
        for path, editor in self.editors.items():
            try:
                value = self.document.get(path)
            except field_paths.FieldPathError:
                continue
            with QSignalBlocker(editor):
                if isinstance(editor, QComboBox):
                    if path in self._providers:
                        self._refill(editor, self._providers[path])
                    editor.setCurrentIndex(max(0, editor.findData(value)))
                elif isinstance(editor, QCheckBox):
                    editor.setChecked(bool(value))
                elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                    editor.setValue(value)
                elif isinstance(editor, QLineEdit) and editor.text() != str(value):
                    editor.setText(str(value))

    @staticmethod
    def _refill(combo: QComboBox, provider: ChoiceProvider) -> None:
        items = list(provider())
        if [combo.itemData(i) for i in range(combo.count())] == [code for code, _ in items]:
            return
        combo.clear()
        for code, text in items:
            combo.addItem(text, code)

    def set_row_visible(self, path: str, visible: bool) -> None:
        editor = self.editors[path]
        self.layout_.setRowVisible(editor, visible)
