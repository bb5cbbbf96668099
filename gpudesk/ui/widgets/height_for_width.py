"""A page whose minimum height is what its layout needs at the width it is given (``MinimumForWidth``).

Qt asks a widget's minimum height without a width, and a word-wrapped label then counts as one short line: in the
recommendation panel (a 1440x900 window, the reasons under the ranked table) the two-line intro and the wrapped status
under 'Why it ranks here' took 34 px more at their width than the minimum the splitter above was told, the table was
given less than its own minimum, and the 'Why it ranks here' heading was drawn over the table's last visible row.
This page sets its minimum height to its layout's minimum at its width, so the splitter gives that room (or the page's
scroll area scrolls)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget


class MinimumForWidth(QWidget):
    """A ``QWidget`` whose minimum height follows its layout's minimum height at its width; ``preferred``: its
    preferred height at its width, which is what a vertical box layout gives a child with wrapped text whatever its
    minimum (the reasons, status and pin button under the table took 159 px where their minimum said 139)."""

    def __init__(self, preferred: bool = False) -> None:
        super().__init__()
        self._preferred = preferred

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.fit_height()

    def event(self, event: QEvent) -> bool:
        """A child's texts or layout changed (the status under the reasons, the row turned): its minimum again."""
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            self.fit_height()
        return handled

    def fit_height(self) -> None:
        """Ask the layout again (its contents changed: a direction, a status text)."""
        layout = self.layout()
        if layout is None or not layout.hasHeightForWidth() or self.width() <= 0:
            return
        width = self.width()
        needed = layout.totalHeightForWidth(width) if self._preferred else layout.totalMinimumHeightForWidth(width)
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)
