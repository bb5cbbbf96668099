"""A choice list whose closed box shortens a long choice with "…" and says it whole in its tool tip.

Qt's combo box cuts a choice that is wider than the box mid-letter ("AWS China (Ningxia, operate"), with no sign
that anything is missing. Form columns keep their combo boxes narrow (``field_editors.COMBO_MIN_CHARACTERS``) so
long catalog names (cloud offers, residency rules, models) must fit by eliding; the open list shows them whole.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QPaintEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QToolTip, QWidget

ELIDES = "elides"  # tests/ui/window_audit.py: a widget that shows what fits and says the rest in its tool tip


class ElidedComboBox(QComboBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty(ELIDES, True)

    def text_room(self) -> int:
        """Pixels the closed box has for the current choice's text."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        return max(0, field.width() - 4)

    def shown_text(self) -> str:
        """The current choice as the closed box paints it (shortened with … when it does not fit)."""
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideRight, self.text_room())

    def is_elided(self) -> bool:
        return self.shown_text() != self.currentText()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def event(self, event: QEvent) -> bool:
        """The tool tip leads with the whole choice when the box shows it shortened."""
        if event.type() == QEvent.Type.ToolTip and self.is_elided() and isinstance(event, QHelpEvent):
            tip = self.toolTip()
            QToolTip.showText(event.globalPos(), self.currentText() + (f"\n\n{tip}" if tip else ""), self)
            return True
        return super().event(event)
