"""Every menu action declared once: id, text, shortcut, menu, handler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from gpudesk.session.document import ProjectDocument

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


class ActionId(str, Enum):
    NEW = "new"
    OPEN = "open"
    SAVE = "save"
    SAVE_AS = "save_as"
    QUIT = "quit"
    UNDO = "undo"
    REDO = "redo"
    NEXT_STEP = "next_step"
    PREVIOUS_STEP = "previous_step"
    TOGGLE_EXPLAIN = "toggle_explain"


@dataclass(frozen=True)
class ActionSpec:
    id: ActionId
    menu: str
    text: str
    shortcut: QKeySequence.StandardKey | str
    handler: Callable[[MainWindow], object]


def _undo(w: MainWindow) -> None:
    if w.document is not None:
        w.document.undo()


def _redo(w: MainWindow) -> None:
    if w.document is not None:
        w.document.redo()


SPECS: tuple[ActionSpec, ...] = (
    ActionSpec(ActionId.NEW, "&File", "&New plan", QKeySequence.StandardKey.New, lambda w: w.files.new_document()),
    ActionSpec(ActionId.OPEN, "&File", "&Open…", QKeySequence.StandardKey.Open, lambda w: w.files.open_dialog()),
    ActionSpec(ActionId.SAVE, "&File", "&Save", QKeySequence.StandardKey.Save, lambda w: w.files.save()),
    ActionSpec(ActionId.SAVE_AS, "&File", "Save &as…", QKeySequence.StandardKey.SaveAs, lambda w: w.files.save_as()),
    ActionSpec(ActionId.QUIT, "&File", "&Quit", QKeySequence.StandardKey.Quit, lambda w: w.close()),
    ActionSpec(ActionId.UNDO, "&Edit", "&Undo", QKeySequence.StandardKey.Undo, _undo),
    ActionSpec(ActionId.REDO, "&Edit", "&Redo", QKeySequence.StandardKey.Redo, _redo),
    ActionSpec(ActionId.NEXT_STEP, "&View", "&Next step", "Ctrl+PgDown",
               lambda w: w.go_to_step(w.navigator.next())),
    ActionSpec(ActionId.PREVIOUS_STEP, "&View", "&Previous step", "Ctrl+PgUp",
               lambda w: w.go_to_step(max(1, w.navigator.current - 1))),
    ActionSpec(ActionId.TOGGLE_EXPLAIN, "&View", "&Explain panel", "F1",
               lambda w: w.explain_dock.setVisible(not w.explain_dock.isVisible())),
)


class WindowActions:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.by_id: dict[ActionId, QAction] = {}
        menus = {}
        for spec in SPECS:
            if spec.menu not in menus:
                menus[spec.menu] = window.menuBar().addMenu(window.tr(spec.menu))
            action = QAction(window.tr(spec.text), window)
            action.setObjectName(spec.id.value)
            action.setShortcut(QKeySequence(spec.shortcut))
            action.triggered.connect(lambda _checked=False, s=spec: s.handler(window))
            menus[spec.menu].addAction(action)
            self.by_id[spec.id] = action
        self.menus = menus
        for number in range(1, 8):
            action = QAction(window.tr("Step {0}").format(number), window)
            action.setShortcut(QKeySequence(f"Alt+{number}"))
            action.triggered.connect(lambda _checked=False, n=number: window.go_to_step(n))
            menus["&View"].addAction(action)

    def update_undo_state(self, document: ProjectDocument | None) -> None:
        undo, redo = self.by_id[ActionId.UNDO], self.by_id[ActionId.REDO]
        undo.setEnabled(bool(document and document.can_undo))
        redo.setEnabled(bool(document and document.can_redo))
        undo.setText(self.window.tr("&Undo {0}").format(document.undo_label) if document and document.can_undo else self.window.tr("&Undo"))
        redo.setText(self.window.tr("&Redo {0}").format(document.redo_label) if document and document.can_redo else self.window.tr("&Redo"))

    def __getitem__(self, action_id: ActionId) -> QAction:
        return self.by_id[action_id]


def install_actions(window: MainWindow) -> WindowActions:
    return WindowActions(window)
