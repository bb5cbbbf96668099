"""Every menu action declared once: id, menu, text, shortcut, description, handler.

The description doubles as status tip, tool tip and accessible name of
the action's toolbar button; every action has a shortcut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from gpudesk.session.document import ProjectDocument
from gpudesk.wizard.steps import STEPS

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow

FILE, EDIT, PLAN, CATALOG, VIEW, HELP = "&File", "&Edit", "&Plan", "&Catalog", "&View", "&Help"
Key = QKeySequence.StandardKey


class ActionId(str, Enum):
    NEW = "new"
    OPEN = "open"
    SAVE = "save"
    SAVE_AS = "save_as"
    EXPORT_PROPOSAL = "export_proposal"
    PRINT_PREVIEW = "print_preview"
    COMPARE = "compare"
    QUIT = "quit"
    UNDO = "undo"
    REDO = "redo"
    PREFERENCES = "preferences"
    ADD_PHASE = "add_phase"
    RENAME_PHASE = "rename_phase"
    EDIT_PHASE = "edit_phase"
    REMOVE_PHASE = "remove_phase"
    PHASE_EARLIER = "phase_earlier"
    PHASE_LATER = "phase_later"
    ADD_WORKLOAD = "add_workload"
    REMOVE_WORKLOAD = "remove_workload"
    CALIBRATE = "calibrate"
    BROWSE_CATALOG = "browse_catalog"
    NEXT_STEP = "next_step"
    PREVIOUS_STEP = "previous_step"
    TOGGLE_EXPLAIN = "toggle_explain"
    TOGGLE_ROADMAP = "toggle_roadmap"
    TOGGLE_STEP_GUIDE = "toggle_step_guide"
    USER_GUIDE = "user_guide"
    ABOUT = "about"


@dataclass(frozen=True)
class ActionSpec:
    id: ActionId
    menu: str
    text: str
    shortcut: QKeySequence.StandardKey | str
    description: str
    handler: Callable[[MainWindow], object]
    toolbar: str = ""  # "phase" or "workload": also shown on the plan toolbar
    button: str = ""  # the short text on the toolbar button


def _undo(w: MainWindow) -> None:
    if w.document is not None:
        w.document.undo()


def _redo(w: MainWindow) -> None:
    if w.document is not None:
        w.document.redo()


def _toggle(dock_name: str) -> Callable[[MainWindow], None]:
    """Hide the dock when it is on screen; else show it and bring it in front of the docks tabified with it
    (a dock behind another tab is still "visible" to Qt, but has no visible region)."""

    def toggle(w: MainWindow) -> None:
        dock = getattr(w, dock_name)
        if dock.isVisible() and not dock.visibleRegion().isEmpty():
            dock.hide()
        else:
            dock.show()
            dock.raise_()

    return toggle


SPECS: tuple[ActionSpec, ...] = (
    ActionSpec(ActionId.NEW, FILE, "&New plan…", Key.New, "Start a new plan from what the customer will run and wants to achieve",
               lambda w: w.dialogs.new_plan()),
    ActionSpec(ActionId.OPEN, FILE, "&Open…", Key.Open, "Open a saved plan", lambda w: w.files.open_dialog()),
    ActionSpec(ActionId.SAVE, FILE, "&Save", Key.Save, "Save the plan", lambda w: w.files.save()),
    ActionSpec(ActionId.SAVE_AS, FILE, "Save &as…", "Ctrl+Shift+S", "Save the plan under a new name",
               lambda w: w.files.save_as()),
    ActionSpec(ActionId.EXPORT_PROPOSAL, FILE, "&Export proposal…", "Ctrl+E",
               "Write the proposal as PDF with your company branding", lambda w: w.dialogs.export_proposal()),
    ActionSpec(ActionId.PRINT_PREVIEW, FILE, "Print pre&view…", "Ctrl+Shift+P", "Preview and print the proposal",
               lambda w: w.dialogs.print_preview()),
    ActionSpec(ActionId.COMPARE, FILE, "&Compare plans…", "Ctrl+Shift+C", "Compare 2–4 saved plans side by side",
               lambda w: w.dialogs.compare_plans()),
    ActionSpec(ActionId.QUIT, FILE, "&Quit", "Ctrl+Q", "Close gpudesk", lambda w: w.close()),
    ActionSpec(ActionId.UNDO, EDIT, "&Undo", Key.Undo, "Undo the last change", _undo),
    ActionSpec(ActionId.REDO, EDIT, "&Redo", Key.Redo, "Redo the change just undone", _redo),
    ActionSpec(ActionId.PREFERENCES, EDIT, "&Preferences…", "Ctrl+,", "Language, theme, company branding, autosave",
               lambda w: w.dialogs.preferences()),
    ActionSpec(ActionId.ADD_PHASE, PLAN, "&Add phase", "Ctrl+Shift+N", "Add a phase after the current one",
               lambda w: w.commands.add_phase(), "phase", "+ Phase"),
    ActionSpec(ActionId.RENAME_PHASE, PLAN, "Re&name phase…", "F2", "Rename the current phase",
               lambda w: w.commands.rename_phase(), "phase", "Rename…"),
    ActionSpec(ActionId.EDIT_PHASE, PLAN, "&Edit phase…", "Ctrl+Shift+E",
               "Stage, timing, carry-forward and growth triggers of the current phase",
               lambda w: w.commands.edit_phase(), "phase", "Edit…"),
    ActionSpec(ActionId.REMOVE_PHASE, PLAN, "&Remove phase", "Ctrl+Shift+Del", "Remove the current phase",
               lambda w: w.commands.remove_phase(), "phase", "− Phase"),
    ActionSpec(ActionId.PHASE_EARLIER, PLAN, "Move phase ear&lier", "Ctrl+Shift+Up", "Move the current phase earlier",
               lambda w: w.commands.move_phase(-1), "phase", "◀"),
    ActionSpec(ActionId.PHASE_LATER, PLAN, "Move phase la&ter", "Ctrl+Shift+Down", "Move the current phase later",
               lambda w: w.commands.move_phase(1), "phase", "▶"),
    ActionSpec(ActionId.ADD_WORKLOAD, PLAN, "Add &workload", "Ctrl+Shift+W", "Add a workload to the current phase",
               lambda w: w.commands.add_workload(), "workload", "+ Workload"),
    ActionSpec(ActionId.REMOVE_WORKLOAD, PLAN, "Remove wor&kload", "Ctrl+Alt+W",
               "Remove the current workload from the phase", lambda w: w.commands.remove_workload(), "workload", "− Workload"),
    ActionSpec(ActionId.CALIBRATE, PLAN, "&Calibrate from a pilot…", "Ctrl+Shift+L",
               "Fit the plan's efficiency to measurements from a pilot run", lambda w: w.dialogs.calibrate()),
    ActionSpec(ActionId.BROWSE_CATALOG, CATALOG, "&Browse catalog…", "Ctrl+Shift+B",
               "Browse, compare and edit GPUs, models, servers and prices", lambda w: w.dialogs.browse_catalog()),
    ActionSpec(ActionId.NEXT_STEP, VIEW, "&Next step", "Ctrl+PgDown", "Go to the next step",
               lambda w: w.go_to_step(w.navigator.next())),
    ActionSpec(ActionId.PREVIOUS_STEP, VIEW, "&Previous step", "Ctrl+PgUp", "Go to the previous step",
               lambda w: w.go_to_step(max(1, w.navigator.current - 1))),
    ActionSpec(ActionId.TOGGLE_EXPLAIN, VIEW, "&Explain panel", "F1", "Show or hide how each number is computed",
               _toggle("explain_dock")),
    ActionSpec(ActionId.TOGGLE_STEP_GUIDE, VIEW, "S&tep guide", "Ctrl+Shift+G",
               "Show or hide the guide to the current step: questions, rules of thumb and the three cases",
               _toggle("step_guide_dock")),
    ActionSpec(ActionId.TOGGLE_ROADMAP, VIEW, "&Roadmap", "Ctrl+Shift+R", "Show or hide the phase timeline and checks",
               _toggle("roadmap_dock")),
    ActionSpec(ActionId.USER_GUIDE, HELP, "&User guide", "Shift+F1", "How to go from an empty project to a plan",
               lambda w: w.dialogs.user_guide()),
    ActionSpec(ActionId.ABOUT, HELP, "&About gpudesk", "Ctrl+F1", "Version and catalog version",
               lambda w: w.dialogs.about()),
)


class WindowActions:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.by_id: dict[ActionId, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        for spec in SPECS:
            menu = self._menu(spec.menu)
            action = QAction(window.tr(spec.text), window)
            action.setObjectName(spec.id.value)
            if isinstance(spec.shortcut, QKeySequence.StandardKey):
                action.setShortcuts(spec.shortcut)  # every platform binding, e.g. Ctrl+Y and Ctrl+Shift+Z
            else:
                action.setShortcut(QKeySequence(spec.shortcut))
            action.setStatusTip(window.tr(spec.description))
            action.setToolTip(f"{window.tr(spec.description)} ({action.shortcut().toString()})")
            action.triggered.connect(lambda _checked=False, s=spec: s.handler(window))
            if spec.button:
                action.setIconText(window.tr(spec.button))
            menu.addAction(action)
            if spec.id == ActionId.OPEN:
                self.recent_menu = menu.addMenu(window.tr("Open &recent"))
                self.recent_menu.setObjectName("recent-menu")
                self.recent_menu.aboutToShow.connect(self.fill_recent)
            if spec.toolbar == "phase":
                window.plan_toolbar.add_phase_action(action)
            elif spec.toolbar == "workload":
                window.plan_toolbar.add_workload_action(action)
            self.by_id[spec.id] = action
        self.step_actions: list[QAction] = []
        steps_menu = self.menus[VIEW].addMenu(window.tr("&Go to step"))
        for step in STEPS[:9]:  # Alt+1 … Alt+9
            number = step.number
            action = QAction(window.tr("Step &{0}").format(number), window)
            action.setObjectName(f"step_{number}")
            action.setShortcut(QKeySequence(f"Alt+{number}"))
            action.setStatusTip(window.tr("Go to step {0}").format(number))
            action.triggered.connect(lambda _checked=False, n=number: window.go_to_step(n))
            steps_menu.addAction(action)
            self.step_actions.append(action)

    def _menu(self, title: str) -> QMenu:
        if title not in self.menus:
            self.menus[title] = self.window.menuBar().addMenu(self.window.tr(title))
        return self.menus[title]

    def fill_recent(self) -> list[QAction]:
        """Rebuild File → Open recent from the recent-files list (entries reached by Alt+digit mnemonics)."""
        w = self.window
        self.recent_menu.clear()
        entries = []
        for i, path in enumerate(w.files.recent.files()[:9]):
            action = self.recent_menu.addAction(f"&{i + 1}  {path.name}")
            action.setStatusTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _checked=False, p=path: w.files.open_path(p))
            entries.append(action)
        if not entries:
            self.recent_menu.addAction(w.tr("(no recent plans)")).setEnabled(False)
        self.recent_menu.addSeparator()
        clear = self.recent_menu.addAction(w.tr("&Clear the list"))
        clear.triggered.connect(w.files.recent.clear)
        clear.setEnabled(bool(entries))
        return entries

    def update_undo_state(self, document: ProjectDocument | None) -> None:
        tr = self.window.tr
        undo, redo = self.by_id[ActionId.UNDO], self.by_id[ActionId.REDO]
        undo.setEnabled(bool(document and document.can_undo))
        redo.setEnabled(bool(document and document.can_redo))
        undo.setText(tr("&Undo {0}").format(document.undo_label) if document and document.can_undo else tr("&Undo"))
        redo.setText(tr("&Redo {0}").format(document.redo_label) if document and document.can_redo else tr("&Redo"))

    def __getitem__(self, action_id: ActionId) -> QAction:
        return self.by_id[action_id]


def install_actions(window: MainWindow) -> WindowActions:
    return WindowActions(window)
