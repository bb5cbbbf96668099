"""Switching the interface language in the preferences rebuilds the main window at once, and nothing is lost.

Each test installs the starting language itself and, at the end, removes
whatever translators the switch left installed and restores the default
locale, so later tests run in the language they expect.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QSplitter
from shiboken6 import Shiboken
from test_shell_support import SAMPLES, catalog, discard, flush, language_restored, settings  # noqa: F401

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.paths import autosave_dir
from gpudesk.project.autosave import AutosaveStore
from gpudesk.ui import app as app_module
from gpudesk.ui.actions import ActionId
from gpudesk.ui.app import parse_args, run_app, start
from gpudesk.ui.i18n import install_language, read_translations, ts_path
from gpudesk.ui.language_switch import LanguageSwitch
from gpudesk.ui.main_window import MainWindow
from gpudesk.ui.settings import AppSettings, open_qsettings
from gpudesk.ui.widgets.session_text import session_language
from gpudesk.wizard.steps import step

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

MANUFACTURER = next(p for p in SAMPLES if p.name.startswith("manufacturer"))  # 2 phases x 2 workloads
ZH = read_translations(ts_path("zh"))


def zh(text: str, context: str = "MainWindow") -> str:
    return ZH[(context, text)]


@pytest.fixture
def no_questions(monkeypatch) -> list[str]:
    """Every QMessageBox.question asked (a switch must ask none)."""
    asked: list[str] = []

    def question(_parent, title, *_args, **_kwargs):
        asked.append(title)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def choose_language_in_preferences(window: MainWindow, lang: str) -> None:
    """Edit → Preferences, pick the language, OK: the path a user takes."""
    window.actions_[ActionId.PREFERENCES].trigger()
    dialog = window.dialogs.open["preferences"]
    combo = dialog.editors["preferences/language"]
    combo.setCurrentIndex(combo.findData(lang))
    dialog.accept()


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def close_window(window: MainWindow) -> None:
    discard(window)


def test_switch_keeps_the_plan_its_edits_undo_step_phase_and_layout(qtbot, settings, language_restored,  # noqa: F811
                                                                   no_questions):
    started = start(parse_args([str(MANUFACTURER)]), QApplication.instance(), settings,
                    install_language(QApplication.instance(), "en"))
    old = started.window
    document = old.document
    qtbot.waitUntil(lambda: old.controller.estimate is not None)  # start() paints first, estimates next turn
    try:
        old.select(1, 1)
        network = step("network").number
        old.go_to_step(network)
        old.show_figure("vision.images_per_s")  # a figure of the second phase (vision training)
        old.roadmap_dock.show()
        old.resize(1300, 900)  # room for the step list, the pages at their minimum width and the Explain dock
        splitter = old.centralWidget()
        assert isinstance(splitter, QSplitter)
        splitter.setSizes([400, 400])
        sizes, size = splitter.sizes(), old.size()
        customer = document.project.meta.customer
        document.set("meta.customer", "Customer typed before the switch", "Set customer")
        assert document.dirty and menu_titles(old)[0] == "&File"
        old.files.autosave_now()
        autosave_file = started.autosave.session_dir / f"{old.files.doc_id}.autosave"
        doc_id, explained = old.files.doc_id, old.explain.current_key
        assert explained == "vision.images_per_s"

        choose_language_in_preferences(old, "zh")
        flush()

        new = started.window
        assert new is not old and not Shiboken.isValid(old)  # the old window is deleted
        assert [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)] == [new]
        assert new.isVisible() and new.lang == "zh" and session_language() == "zh"
        assert menu_titles(new)[:2] == [zh("&File"), zh("&Edit")] == ["文件(&F)", "编辑(&E)"]
        assert new.explain_dock.windowTitle() == zh("Explain")
        assert new.document is document and document.dirty and new.isWindowModified()
        assert document.project.meta.customer == "Customer typed before the switch"
        assert (new.navigator.current, new.stack.currentIndex(), new.step_list.currentRow()) == (network, network - 1, network - 1)
        assert (new.phase_index, new.workload_index) == (1, 1)
        assert new.controller.estimate is not None and new.explain.current_key == explained
        assert new.roadmap_dock.isVisible() and new.size() == size
        assert new.centralWidget().sizes() == sizes and sizes[0] == 400
        assert no_questions == []

        # autosave goes on under the same id, and the old window's closing did not discard it
        assert new.files.doc_id == doc_id and autosave_file.exists()
        document.set("meta.author", "Author typed after the switch", "Set author")
        new.files.autosave_now()
        assert json.loads(autosave_file.read_text(encoding="utf-8"))["plan"]["meta"]["author"] \
            == "Author typed after the switch"

        new.actions_[ActionId.UNDO].trigger()
        new.actions_[ActionId.UNDO].trigger()
        assert document.project.meta.customer == customer and not document.dirty
        assert not new.isWindowModified()

        choose_language_in_preferences(new, "en")
        flush()
        back = started.window
        assert back is not new and not Shiboken.isValid(new) and back.document is document
        assert menu_titles(back)[0] == "&File" and session_language() == "en"
        assert (back.navigator.current, back.phase_index, back.workload_index) == (network, 1, 1)
        back.actions_[ActionId.REDO].trigger()
        assert document.project.meta.customer == "Customer typed before the switch"
    finally:
        close_window(started.window)
        started.autosave.close()


def test_switch_without_an_open_plan(catalog, settings, language_restored):  # noqa: F811
    app = QApplication.instance()
    store = AutosaveStore(autosave_dir())
    window = MainWindow(catalog, lang="en", autosave=store, settings=settings)
    window.show()
    switch = LanguageSwitch(app, install_language(app, "en"), window)
    replaced: list[MainWindow] = []
    switch.on_replaced.append(replaced.append)
    try:
        choose_language_in_preferences(window, "zh")
        flush()
        new = switch.window
        assert replaced == [new] and new is not window and not Shiboken.isValid(window)
        assert new.document is None and new.pages is None and new.isVisible()
        assert menu_titles(new)[0] == zh("&File") and new.roadmap_dock.windowTitle() == zh("Roadmap")
        new.open_plan(SAMPLES[0])
        assert new.document is not None and new.controller.estimate is not None
    finally:
        close_window(switch.window)
        store.close()


def test_other_preferences_keep_the_window_and_the_command_line_language(settings, language_restored):  # noqa: F811
    app = QApplication.instance()
    started = start(parse_args(["--lang", "zh", str(SAMPLES[0])]), app, settings, install_language(app, "zh"))
    window = started.window
    try:
        assert window.lang == "zh" and settings.get("preferences/language") == "system"
        window.actions_[ActionId.PREFERENCES].trigger()
        dialog = window.dialogs.open["preferences"]
        dialog.editors["preferences/author"].setText("Li Lei")
        dialog.accept()
        flush()
        assert started.window is window and window.lang == "zh" and menu_titles(window)[0] == "文件(&F)"
        choose_language_in_preferences(window, "en")
        flush()
        assert started.window is not window and menu_titles(started.window)[0] == "&File"
        choose_language_in_preferences(started.window, "en")  # already English: nothing to rebuild
        flush()
        assert started.window.lang == "en" and len(main_windows()) == 1
    finally:
        close_window(started.window)
        started.autosave.close()


def main_windows() -> list[MainWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]


def test_the_running_app_keeps_the_new_window_and_quits_when_it_closes(language_restored, monkeypatch):
    """run_app end to end: the event loop survives the switch and ends when the new window closes."""
    monkeypatch.setattr(app_module, "install_excepthook", lambda: None)  # keep pytest-qt's capture of errors
    AppSettings(open_qsettings()).set("preferences/language", "en")
    app = QApplication.instance()
    seen: list[object] = []

    def switch() -> None:
        (window,) = main_windows()
        seen.append(menu_titles(window)[0])
        choose_language_in_preferences(window, "zh")
        QTimer.singleShot(0, close_new_window)

    def close_new_window() -> None:
        (window,) = main_windows()
        seen.append(menu_titles(window)[0])
        seen.append(window.language_switch.window is window)
        window.close()  # the plan is unchanged: nothing to ask; the last window closed ends app.exec()

    guard = QTimer()  # a broken switch must fail the test, not hang it
    guard.setSingleShot(True)
    guard.timeout.connect(app.quit)
    guard.start(60_000)
    QTimer.singleShot(0, switch)
    try:
        code = run_app([str(SAMPLES[0])])
        assert guard.isActive(), "the app did not quit when the new window closed"
    finally:
        guard.stop()
        for window in main_windows():
            close_window(window)
        flush()
    assert code == 0 and seen == ["&File", "文件(&F)", True]
    assert main_windows() == []
