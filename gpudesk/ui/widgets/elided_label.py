"""A one-line label that shortens its text with "…" when it has less room than the text needs, and shows the
whole text in its tool tip: a status line, a phase name or a product name never runs past its parent."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from gpudesk.ui.widgets.after_frame import after_frame_timer

ELLIPSIS = "…"
MIN_CHARACTERS = 12
"""The label never asks for less than this many average characters: enough to tell what it says."""


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("elides", True)  # tests/ui/window_audit.py: shows what fits, says the rest in its tip
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        # The tip (the whole text when it is shortened) is set by the paint that shows a new text (after the frame
        # when the label is hidden), or first when asked (a hover, ``toolTip()``): measuring the whole line at each
        # set was 0.2 ms of every edit's frame for the status bar's summary, and after the frame 0.1-0.3 ms more
        # (issue 24).
        self._tip_due = False
        self._painted: tuple[str, int, bool] = ("", -1, False)  # text, width and whether shortened, as last painted
        self._tip_timer = after_frame_timer(self, self._fit_tip)
        self.part_separator = ""  # set: the text is parts joined by it, shortened by whole parts (``shown_text``)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        if text == self.text():  # the same words: no new tip, no re-layout of the bar or row that holds the label
            return
        super().setText(text)
        self._tip_later()
        self.updateGeometry()

    def toolTip(self) -> str:  # noqa: N802 - Qt override
        self._fit_tip()
        return super().toolTip()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:  # hovered before the timer came: the tip of the text shown
            self._fit_tip()
        return super().event(event)

    def _tip_later(self) -> None:
        """The tip is set by the paint that shows the new text (which finds whether it is shortened), or after the
        frame by a timer when the label is not shown (no paint comes)."""
        self._tip_due = True
        if not self.isVisible():
            self._tip_timer.start()

    def _fit_tip(self) -> None:
        if self._tip_due:
            self._tip_due = False
            self._tip_timer.stop()
            painted = self._painted
            # the paint of this text at this width found whether it is shortened: the whole line is not laid out
            # again to know (0.1-0.3 ms of each edit for the status bar's summary, issue 24)
            text = self.text()
            elided = painted[2] if painted[:2] == (text, self.contentsRect().width()) else self.shown_text() != text
            self.setToolTip(self.text() if elided else "")

    def full_width(self) -> int:
        return self.fontMetrics().horizontalAdvance(self.text()) + 2 * self.margin() + 4

    def is_elided(self) -> bool:
        return self.width() < self.full_width()

    def shown_text(self) -> str:
        """The text as painted now (elided when it does not fit). A text of parts (``part_separator``: the status
        bar's "… · phase cost: 121.9 万元 · 5-year TCO: …") ends after the last whole part that fits, then "…": cut
        anywhere, an amount read '5-year TCO (owned): 6,096,40…', a number that is not the plan's."""
        room = max(0, self.contentsRect().width() - 2 * self.margin())
        text, metrics = self.text(), self.fontMetrics()
        if self.part_separator and metrics.horizontalAdvance(text) > room:
            parts = text.split(self.part_separator)
            for count in range(len(parts) - 1, 0, -1):
                shown = self.part_separator.join(parts[:count]) + self.part_separator + ELLIPSIS
                if metrics.horizontalAdvance(shown) <= room:
                    return shown
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(self.full_width(), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        return QSize(min(self.full_width(), self.fontMetrics().averageCharWidth() * MIN_CHARACTERS), hint.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._tip_later()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = self.contentsRect().adjusted(self.margin(), 0, -self.margin(), 0)
        text, shown = self.text(), self.shown_text()
        painter.drawText(rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), shown)
        self._painted = (text, self.contentsRect().width(), shown != text)
        if self._tip_due:  # the tip of the text shown, known now
            self._tip_due = False
            self._tip_timer.stop()
            self.setToolTip(text if shown != text else "")


class LineHolder(QWidget):
    """Holds an ``ElidedLabel`` outside any layout, sized to the holder: the holder's size does not depend on the
    label's text, so a new text repaints the label only. In a layout the label asked, at every new text, for a
    new layout of the row that holds it and of the window (the status bar's summary: 0.9 ms of each edit,
    issue 24). The label keeps its text, tool tip and accessible text."""

    def __init__(self, label: ElidedLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        label.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setFocusProxy(label)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        metrics = self.label.fontMetrics()
        margins = self.label.contentsMargins()
        return QSize(metrics.averageCharWidth() * MIN_CHARACTERS,
                     max(metrics.height() + margins.top() + margins.bottom(), self.label.minimumHeight()))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.sizeHint()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.label.setGeometry(self.rect())
