"""Switch the interface language while the app runs: new translators, the main window rebuilt around the open plan.

Qt translates a text when its widget is built, so a new language needs new
widgets. :class:`LanguageSwitch` owns the session's installed translators and
the main window. When the *Interface language* preference changes it removes
the old translators, installs the new ones (which also sets the default
``QLocale`` that ``session_language()`` reads), builds a new
:class:`MainWindow` and hands over everything the user has: the same
:class:`ProjectDocument` object (path, unsaved edits, undo history), the
catalog the plan is estimated with, settings and autosave store (the autosave
keeps its id), window geometry, dock and splitter layout, the wizard step with
its back history, the selected phase and workload, and the figure shown in the
Explain panel. The old window lets go of the document first, so it closes
without asking about unsaved changes (they moved) and without discarding the
autosave, and is deleted.

Whoever holds the window holds this object instead and reads :attr:`window`
(``gpudesk/ui/app.py``'s ``Started``); ``on_replaced`` callbacks hear of each
new window. The new window is shown before the old one closes, so the
application never sees its last window close in between.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication, QRect, Qt
from PySide6.QtWidgets import QSplitter

from gpudesk.catalog.store import Catalog
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.i18n import InstalledLanguage, choose_language, install_language, system_language
from gpudesk.wizard.navigation import WizardNavigator

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow

LANGUAGE_KEY = "preferences/language"


@dataclass
class WindowState:
    """What the user sees in a main window apart from its texts, captured to rebuild it in another language."""

    geometry: QByteArray  # saveGeometry: screen, normal geometry, maximized or full screen
    rect: QRect  # where the window is now, exactly
    layout: QByteArray  # toolbars and docks (QMainWindow.saveState)
    splitter_sizes: list[int]  # step list | step pages
    visible: bool
    navigator: WizardNavigator  # current step and back history
    phase_index: int
    workload_index: int
    explained_figure: str
    estimate_catalog: Catalog  # today's catalog, or the rows the plan was saved with
    pinned_to_snapshot: bool
    doc_id: str  # the autosave entry of the open document


def capture_state(window: MainWindow) -> WindowState:
    return WindowState(
        geometry=window.saveGeometry(),
        rect=window.geometry(),
        layout=window.saveState(),
        splitter_sizes=_splitter(window).sizes(),
        visible=window.isVisible(),
        navigator=window.navigator,
        phase_index=window.phase_index,
        workload_index=window.workload_index,
        explained_figure=window.explain.current_key,
        estimate_catalog=window.controller.catalog,
        pinned_to_snapshot=window.files.pinned_to_snapshot,
        doc_id=window.files.doc_id,
    )


def restore_state(window: MainWindow, state: WindowState, document: ProjectDocument | None) -> None:
    """Give ``window`` the captured layout and selection, and ``document`` (which no other window shows any more)."""
    window.restoreGeometry(state.geometry)
    if not window.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        window.setGeometry(state.rect)  # restoreGeometry moves a window larger than its screen; this one was there
    window.restoreState(state.layout)
    _splitter(window).setSizes(state.splitter_sizes)
    window.navigator = state.navigator
    window.go_to_step(state.navigator.current)
    window.files.doc_id = state.doc_id
    window.files.pinned_to_snapshot = state.pinned_to_snapshot
    window.controller.catalog = state.estimate_catalog
    if document is not None:
        window.adopt_document(document, state.phase_index, state.workload_index)
        if state.explained_figure:
            window.explain.show_figure(state.explained_figure)


def _splitter(window: MainWindow) -> QSplitter:
    splitter = window.centralWidget()
    assert isinstance(splitter, QSplitter), "the main window's central widget is the step-list | pages splitter"
    return splitter


class LanguageSwitch:
    """The session's translators and the main window built with them; rebuilds the window in another language."""

    def __init__(self, app: QCoreApplication, language: InstalledLanguage, window: MainWindow) -> None:
        """``language``: the translators the caller installed (and now hands to this object to replace)."""
        self.app = app
        self.language = language
        self.window = window
        self.preference = window.settings.get(LANGUAGE_KEY)  # the value last applied
        self.on_replaced: list[Callable[[MainWindow], None]] = []
        window.language_switch = self

    def apply_preference(self) -> MainWindow:
        """After the preferences were accepted: switch when the language preference changed, else keep the window.

        A language given on the command line stays until the user changes the preference.
        """
        preference = self.window.settings.get(LANGUAGE_KEY)
        if preference == self.preference:
            return self.window
        self.preference = preference
        return self.switch(choose_language(None, preference, system_language()))

    def switch(self, lang: str) -> MainWindow:
        """Install ``lang`` and rebuild the main window in it; returns the window now shown."""
        if lang == self.window.lang and lang == self.language.lang:
            return self.window
        from gpudesk.ui.main_window import MainWindow  # app.py imports this module early and the window late

        old = self.window
        state = capture_state(old)
        self._install(lang)
        try:
            new = MainWindow(old.catalog, lang=lang, autosave=old.files.autosave, settings=old.settings)
        except Exception:
            self._install(old.lang)  # the old window keeps its plan and its language
            raise
        restore_state(new, state, old.release_document())
        new.language_switch = self
        self.window = new
        if state.visible:
            new.show()
        old.language_switch = None
        old.close()
        old.deleteLater()
        for listener in list(self.on_replaced):
            listener(new)
        return new

    def _install(self, lang: str) -> None:
        replaced = list(self.language.translators)
        self.language.uninstall()
        for translator in replaced:
            translator.deleteLater()
        self.language = install_language(self.app, lang)
