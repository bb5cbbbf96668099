"""The list of seven steps, each with its status (complete, warnings, incomplete, blocked)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gpudesk.ui import status_style as style
from gpudesk.wizard.navigation import BLOCKED, COMPLETE, INCOMPLETE, PENDING, WARNINGS
from gpudesk.wizard.steps import STEPS

STATUS_STYLE = {COMPLETE: style.COMPLETE, PENDING: style.PENDING, WARNINGS: style.WARNING, INCOMPLETE: style.UNKNOWN,
                BLOCKED: style.BLOCKED}
STATUS_MARK = {state: style.MARKS[kind] for state, kind in STATUS_STYLE.items()}
STEP_LIST_PADDING = 16  # item margins and the focus frame
STEP_LIST_MAX_WIDTH = 260


class StepList(QListWidget):
    step_chosen = Signal(int)

    def __init__(self, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("step-list")
        self.lang = lang
        self.status: dict[str, str] = {}  # by step key
        self._looks: dict[str, tuple[QColor, str, str]] | None = None  # per status: colour, tool tip, description
        for step in STEPS:
            self.addItem(QListWidgetItem(f"{step.number}. {step.title(lang)}"))
        self.currentRowChanged.connect(lambda row: self.step_chosen.emit(row + 1))
        self.setAccessibleName(self.tr("Selection steps"))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)
        # As wide as the longest title with its status mark, in this language and font (long titles wrap below
        # that): a fixed width wasted a sixth of a 1366-pixel screen in Chinese and cut nothing in English.
        marked = [f"{STATUS_MARK[BLOCKED]}  {step.number}. {step.title(lang)}" for step in STEPS]
        widest = max(self.fontMetrics().horizontalAdvance(text) for text in marked)
        self.setMinimumWidth(min(widest + 2 * self.frameWidth() + STEP_LIST_PADDING, STEP_LIST_MAX_WIDTH))

    def _status_looks(self) -> dict[str, tuple[QColor, str, str]]:
        """Per status: the mark's colour on this palette, the item's tool tip and its accessible description (worded
        and coloured once, not for each item at each edit: steps 3-7 turn pending and back at every edit, issue 24)."""
        names, palette = self.status_names(), self.palette()
        return {state: (style.status_colour(kind, palette), self.tr("Status: {0}").format(names[state]), names[state])
                for state, kind in STATUS_STYLE.items()}

    def status_names(self) -> dict[str, str]:
        return {COMPLETE: self.tr("complete"), PENDING: self.tr("still being computed"), WARNINGS: self.tr("has warnings"),
                INCOMPLETE: self.tr("no result yet: the figures of this step are unknown"),
                BLOCKED: self.tr("blocked")}

    def set_status(self, status: dict[str, str], force: bool = False) -> None:
        """Mark each step by key (``gpudesk.wizard.navigation.step_status``: complete / warnings / incomplete /
        blocked); an edit that leaves every status as it was changes no item (no relayout, no repaint)."""
        if not force and self.status and dict(status) == self.status:
            return
        shown = None if force or not self.status else self.status  # an item whose status stays is not set again
        self.status = dict(status)
        if force or self._looks is None:  # a new palette (a theme change forces): the marks' colours again
            self._looks = self._status_looks()
        looks = self._looks
        model, set_rows = self.model(), []
        # the items' four sets each told the view (and its accessibility) apart: told once for the rows set, after
        # them (an edit that turns steps 3-7 to pending and back sets five items: 20 notices, 0.2 ms; issue 24)
        blocked = model.blockSignals(True)
        try:
            for step in STEPS:
                state = status.get(step.key, COMPLETE)
                if shown is not None and shown.get(step.key, COMPLETE) == state:
                    continue
                item = self.item(step.number - 1)
                colour, tip, name = looks[state]
                item.setText(f"{STATUS_MARK[state]}  {step.number}. {step.title(self.lang)}")
                item.setForeground(colour)
                item.setToolTip(tip)
                item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, name)
                set_rows.append(step.number - 1)
        finally:
            model.blockSignals(blocked)
        if set_rows:
            model.dataChanged.emit(model.index(set_rows[0], 0), model.index(set_rows[-1], 0))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A theme change recolours the marks for the new background."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and self.status:
            self.set_status(self.status, force=True)

    def select(self, number: int) -> None:
        if self.currentRow() != number - 1:
            self.setCurrentRow(number - 1)
