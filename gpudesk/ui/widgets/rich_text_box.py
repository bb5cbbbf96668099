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

from PySide6.QtCore import QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPaintEvent, QPalette, QTextDocument
from PySide6.QtWidgets import QFrame, QTextBrowser, QWidget

from gpudesk.ui.widgets.after_frame import after_frame_timer


class RichTextBox(QTextBrowser):
    """Shows ``setText``'s HTML between ``min_lines`` and ``max_lines`` high (``lines`` asked for); ``text()`` is the
    HTML last set. The same text set again is not laid out again."""

    def __init__(self, lines: float, min_lines: int = 2, max_lines: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._html = ""
        self._laid_out = ""  # the text laid out (``_html`` may wait for idle time: ``setText``)
        self._later: QTimer | None = None
        self._drawn: _DrawnText | None = None  # a text kept laid out, shown over the box (``keep_drawn``)
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

    def setText(self, text: str, when_seen: bool = False) -> None:  # noqa: N802 - as QLabel's
        """Show ``text``; ``when_seen``: a box out of sight (scrolled away below a 1366 x 768 page, as the ranked
        row's reasons on step 2) lays it out in idle time, or at its next paint if that comes first, not within
        the edit's frame (0.7 ms of each bank edit, issue 24); ``text()`` is the new text at once."""
        if text == self._html:
            return
        self._html = text
        drawn = self._drawn
        if drawn is not None and text == drawn.html and self.isVisible():  # over the box now, into it after the frame
            drawn.setGeometry(self.viewport().rect())
            self._wait()
            return
        if drawn is not None:
            drawn.uncover()
        if when_seen and self.viewport().visibleRegion().isEmpty():
            self._wait()
            return
        self._lay_out()

    def keep_drawn(self, text: str) -> None:
        """Keep ``text`` (a fixed one the box shows often: the search's 'Searching…' after each edit) laid out: set
        again, it is drawn over the box at once, as the box draws it, and laid out into the box after the frame (the
        box's own text, read by accessibility, is never an old one for longer): 0.4 ms of each bank edit's frame."""
        self._drawn = _DrawnText(self, text)

    def _wait(self) -> None:
        if self._later is None:
            self._later = after_frame_timer(self, self._lay_out)
        self._later.start()

    def _lay_out(self) -> None:
        if self._later is not None:
            self._later.stop()
        if self._laid_out != self._html:
            self._laid_out = self._html
            self.setHtml(self._html)
        if self._drawn is not None and self._drawn.covers():
            self._drawn.uncover()  # the box says the same words, drawn the same way

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        drawn_over = self._drawn is not None and self._drawn.covers() and self._drawn.html == self._html
        if self._later is not None and self._later.isActive() and not drawn_over:  # seen before idle time: never the old text
            self._lay_out()
        super().paintEvent(event)


class _DrawnText(QWidget):
    """``RichTextBox.keep_drawn``'s text, laid out once and drawn over the box's viewport as ``QTextEdit`` draws its
    document there (its font, its palette's text colour, the viewport's background, no margin)."""

    def __init__(self, box: RichTextBox, html: str) -> None:
        super().__init__(box.viewport())
        self.html = html
        self.box = box
        self.document = QTextDocument(self)
        self.document.setDocumentMargin(0)
        self.document.setDefaultFont(box.font())
        self.document.documentLayout().setPaintDevice(box.viewport())
        self.document.setHtml(html)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Window)
        # shown, of no size until it covers the box: a child shown or hidden asks its parent for a new layout
        self.setGeometry(QRect())
        self.show()

    def covers(self) -> bool:
        return not self.geometry().isEmpty()

    def uncover(self) -> None:
        self.setGeometry(QRect())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if self.document.textWidth() != self.width():
            self.document.setTextWidth(self.width())
        painter = QPainter(self)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = self.box.palette()
        context.clip = QRectF(event.rect())
        painter.setClipRect(event.rect())
        self.document.documentLayout().draw(painter, context)
