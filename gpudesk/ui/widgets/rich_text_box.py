"""A read-only rich-text box of a few lines that scrolls the rest: a text that changes on every edit without
re-laying out the panel around it (issue 24).

A word-wrapped rich-text ``QLabel`` in a resizable ``QScrollArea`` asked its scroll area for a new layout at each new
text, which measured the text again at every width the layout tried (the search's summary and the ranked row's
reasons: 0.8 and 2.3-2.7 ms of CPU per edit on the bank sample, 2026-12-02). A text browser lays its text out once, at
its own width, inside a size that does not depend on the text; it reads like the label it replaces (no frame, the
window's background, no margin) and keeps its vertical bar, so a text that needs one more line or one less does not
re-lay it out either.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QTextBrowser, QWidget


class RichTextBox(QTextBrowser):
    """Shows ``setText``'s HTML between ``min_lines`` and ``max_lines`` high (``lines`` asked for); ``text()`` is the
    HTML last set. The same text set again is not laid out again."""

    def __init__(self, lines: float, min_lines: int = 2, max_lines: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._html = ""
        self._lines = lines
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setOpenLinks(False)
        self.document().setDocumentMargin(0)
        # the window's background, as a label's, filled (opaque): a new text repaints the box, not the panels under it
        self.viewport().setBackgroundRole(QPalette.ColorRole.Window)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        line = self.fontMetrics().lineSpacing()
        self.setMinimumHeight(min_lines * line + 4)
        if max_lines is not None:
            self.setMaximumHeight(max_lines * line + 4)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().sizeHint().width(), round(self._lines * self.fontMetrics().lineSpacing()) + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().minimumSizeHint().width(), self.minimumHeight())

    def text(self) -> str:
        return self._html

    def setText(self, text: str) -> None:  # noqa: N802 - as QLabel's
        if text != self._html:
            self._html = text
            self.setHtml(text)
