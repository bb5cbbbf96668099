"""The multi-line editor of a long text field (phase and plan notes) in the field form."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPlainTextEdit, QWidget

LONG_TEXT = 1000
"""Text fields that may hold this many characters or more (phase notes, plan notes) get a multi-line editor."""
NOTES_LINES = 4


class NotesEdit(QPlainTextEdit):
    """A few lines of text; ``editing_finished`` when focus leaves it (as a line edit's editingFinished)."""

    editing_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)  # Tab moves on to the next field; it never types a tab into the notes
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        lines = self.fontMetrics().lineSpacing() * NOTES_LINES
        self.setFixedHeight(lines + 2 * self.frameWidth() + int(self.document().documentMargin() * 2))

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusOutEvent(event)
        self.editing_finished.emit()
