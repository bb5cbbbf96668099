"""One editor per catalog field, chosen from the field's type and its rule in ``catalog/field_rules.py``.

Every editor reads and writes plain text or Python values the catalog's own
intake (``catalog/intake.record_from_mapping``) understands, so typing,
range and cross-row checks stay in the catalog; the form only collects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QCompleter, QHBoxLayout, QLineEdit, QWidget

from gpudesk.catalog.field_rules import FieldRule, rule_for
from gpudesk.ui.catalog_browser.columns import format_number
from gpudesk.ui.widgets.session_text import session_language, session_text

HELP_CONTEXT = "CatalogFieldHelp"
"""Translation context of the field rules' explanations and the form's hints (``gpudesk.ui.i18n.table_texts``)."""
CHOICE_CONTEXT = "CatalogChoice"
CHOICE_WORDS = ("upstream", "vendor", "partial", "none", "superchip", "air", "liquid", "hybrid")
"""Choice codes of catalog fields that are words rather than names (support levels, form factor, cooling)."""


def help_text(text: str) -> str:
    return QCoreApplication.translate(HELP_CONTEXT, text) if text else ""


def choice_text(code: str) -> str:
    return QCoreApplication.translate(CHOICE_CONTEXT, code) if code in CHOICE_WORDS else code

ERROR_STYLE = "border: 2px solid #c62828; border-radius: 3px;"


class ChoiceChecks(QWidget):
    """A check box per allowed value, for list fields such as ``markets``."""

    def __init__(self, choices: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes = {c: QCheckBox(choice_text(c), self) for c in choices}
        for box in self.boxes.values():
            layout.addWidget(box)
        layout.addStretch(1)

    def value(self) -> tuple[str, ...]:
        return tuple(c for c, box in self.boxes.items() if box.isChecked())

    def set_value(self, values: Sequence[str]) -> None:
        for c, box in self.boxes.items():
            box.setChecked(c in values)


def range_hint(rule: FieldRule | None) -> str:
    if rule is None or rule.choices or (rule.low is None and rule.high is None):
        return ""
    low = format_number(rule.low) if rule.low is not None else ""
    high = format_number(rule.high) if rule.high is not None else ""
    return f"{low} – {high} {session_text().unit(rule.unit)}".strip()


def make_editor(table: str, name: str, kind: str, completions: Sequence[str] = (), parent: QWidget | None = None) -> QWidget:
    rule = rule_for(table, name)
    base = kind.removeprefix("opt_")
    if base == "bool":
        return QCheckBox(parent)
    if rule is not None and rule.choices and base == "tuple_str":
        return ChoiceChecks(rule.choices, parent)
    if rule is not None and rule.choices:
        combo = QComboBox(parent)
        for code in ("", *rule.choices):
            combo.addItem(choice_text(code), code)
        return combo
    edit = QLineEdit(parent)
    hint = range_hint(rule)
    if base.startswith("tuple"):
        hint = (hint + " · " if hint else "") + "a; b; c"
    elif kind.startswith("opt_"):
        hint = (hint + " · " if hint else "") + help_text("empty = unknown")
    edit.setPlaceholderText(hint)
    if rule is not None and rule.why:
        edit.setToolTip(rule.why_in(session_language()))
    if completions:
        completer = QCompleter(list(completions), edit)
        completer.setFilterMode(completer.filterMode().MatchContains)
        edit.setCompleter(completer)
    return edit


def edit_text(value: Any) -> str:
    """A stored value as the text a user would type (no thousands separators)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.12g}"
    if isinstance(value, tuple):
        return "; ".join(edit_text(v) for v in value)
    return str(value)


def set_editor_value(editor: QWidget, value: Any) -> None:
    if isinstance(editor, QCheckBox):
        editor.setChecked(bool(value))
    elif isinstance(editor, ChoiceChecks):
        editor.set_value(tuple(value or ()))
    elif isinstance(editor, QComboBox):
        index = editor.findData(str(value or ""))
        editor.setCurrentIndex(max(index, 0))
    elif isinstance(editor, QLineEdit):
        editor.setText(edit_text(value))


def editor_value(editor: QWidget) -> Any:
    """The editor's content: bool, tuple of choices, or text ("" = left empty)."""
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, ChoiceChecks):
        return editor.value()
    if isinstance(editor, QComboBox):
        return editor.currentData() or ""
    if isinstance(editor, QLineEdit):
        return editor.text().strip()
    raise TypeError(f"no value for editor {type(editor).__name__}")


def is_blank(value: Any) -> bool:
    return value in ("", ())


def mark_error(editor: QWidget, reason: str | None) -> None:
    """Outline an editor in red with the reason as its tooltip, or clear the mark (reason None)."""
    if reason is None:
        if editor.property("catalogError"):
            editor.setStyleSheet("")
            editor.setToolTip(editor.property("plainToolTip") or "")
            editor.setProperty("catalogError", None)
        return
    if not editor.property("catalogError"):
        editor.setProperty("plainToolTip", editor.toolTip())
    editor.setProperty("catalogError", reason)
    editor.setStyleSheet(ERROR_STYLE)
    editor.setToolTip(reason)
