"""The Step guide panel: follows the wizard step and the language, links the estimate's figures, opens and
closes from the View menu, builds its text only when on screen; screenshots at laptop and desktop sizes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QDockWidget
from screenshot_paths import screenshot_folder
from test_shell_support import SAMPLES, catalog, discard, flush, language_restored, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.actions import ActionId
from gpudesk.ui.app import parse_args, start
from gpudesk.ui.i18n import install_language
from gpudesk.ui.step_guide import StepGuide
from gpudesk.wizard.step_help import help_for
from gpudesk.wizard.steps import STEPS, step

SHOTS = screenshot_folder("step-guide")
STARTUP = next(p for p in SAMPLES if p.name == "startup-inspection.gpudesk")
MANUFACTURER = next(p for p in SAMPLES if p.name.startswith("manufacturer"))


def in_front(dock: QDockWidget) -> bool:
    """On screen and not behind another tab (Qt keeps a dock behind a tab "visible")."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def guide_text(window) -> str:
    return window.step_guide.browser.toPlainText()


def test_the_guide_is_a_tab_beside_explain_and_follows_the_step(qtbot, make_window):  # noqa: F811
    window = make_window(STARTUP)
    assert window.tabifiedDockWidgets(window.explain_dock) == [window.step_guide_dock]
    assert in_front(window.step_guide_dock) and not in_front(window.explain_dock)
    assert window.step_guide_dock.accessibleName() == "Step guide"
    assert window.step_guide.browser.accessibleName() == "Step guide"
    for key in ("gpu", "network", "tco"):
        number = step(key).number
        qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.AltModifier)  # View → Go to step
        assert window.navigator.current == number
        text = guide_text(window)
        assert text.startswith(f"{number}. {STEPS[number - 1].title('en')}")
        assert help_for(key).questions[0].text.get("en") in text
        assert "Case 3 — manufacturer builds a private vision-inspection platform" in text


def test_figures_of_the_estimate_are_links_that_open_explain(qtbot, make_window):  # noqa: F811
    window = make_window(STARTUP)
    window.go_to_step(step("storage").number)
    qtbot.waitUntil(lambda: window.controller.estimate is not None)
    flush()
    shown_step, lang, linked, _fired = window.step_guide.shown
    assert (shown_step, lang) == ("storage", "en") and "storage.read_bw_needed" in dict(linked)
    assert "href=\"fig:storage.read_bw_needed\"" in window.step_guide.browser.toHtml()
    assert "storage.read_bw_needed" not in guide_text(window)  # the link reads as the figure's label
    assert dict(linked)["storage.read_bw_needed"] in guide_text(window)
    window.step_guide.browser.anchorClicked.emit(QUrl("fig:storage.read_bw_needed"))
    flush()
    assert in_front(window.explain_dock) and window.explain.current_key == "storage.read_bw_needed"
    check = window.controller.estimate.phases[0].checks[0]
    window.actions_[ActionId.TOGGLE_STEP_GUIDE].trigger()
    assert in_front(window.step_guide_dock)
    window.show_check(check)  # a warning clicked on a page or in the roadmap brings Explain forward too
    assert in_front(window.explain_dock)


def test_view_action_and_shortcut_bring_forward_then_hide_the_guide(qtbot, make_window):  # noqa: F811
    window = make_window(STARTUP)
    action = window.actions_[ActionId.TOGGLE_STEP_GUIDE]
    assert action.shortcut().toString() == "Ctrl+Shift+G" and action in window.actions_.menus["&View"].actions()
    window.show_figure("task.images_to_process")
    assert not in_front(window.step_guide_dock)
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert in_front(window.step_guide_dock)  # behind the Explain tab: the first press brings it forward
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    flush()  # the dock layout hands the column to the Explain tab
    assert not window.step_guide_dock.isVisible() and in_front(window.explain_dock)
    action.trigger()
    assert in_front(window.step_guide_dock)


def test_text_is_built_only_on_screen_and_only_when_it_changes(qtbot, make_window):  # noqa: F811
    window = make_window(STARTUP)
    guide = window.step_guide
    window.show_figure("task.images_to_process")  # Explain in front: the guide is behind its tab
    assert not guide.on_screen
    window.go_to_step(step("delivery").number)
    assert guide.shown[0] != "delivery", "a guide behind another tab is not rebuilt on every step change"
    window.actions_[ActionId.TOGGLE_STEP_GUIDE].trigger()
    assert guide.shown[:2] == ("delivery", "en") and guide_text(window).startswith(f"{step('delivery').number}. ")
    qtbot.waitUntil(lambda: window.controller.estimate is not None)
    built = guide.shown
    guide.set_figures(window.controller.estimate.phases[0].figures)  # the same estimate again
    guide.show_step("delivery")
    assert guide.shown is built, "nothing changed: the text is not laid out again"
    guide.set_figures(())
    assert guide.shown is not built and guide.shown[2] == frozenset()


def test_the_widget_renders_either_language():
    guide = StepGuide("zh")
    guide.set_on_screen(True)
    assert guide.shown is None, "the first text is laid out at the next event-loop turn, after the first paint"
    flush()
    assert guide.shown == (STEPS[0].key, "zh", frozenset(), frozenset())
    guide.show_step("host")
    text = guide.browser.toPlainText()
    assert text.startswith("3. CPU 和内存要能跟上 GPU") and "要回答的问题" in text and "案例二" in text
    guide.set_language("en")
    assert guide.browser.toPlainText().startswith("3. CPU and memory that keep GPUs fed")
    guide.deleteLater()


def test_switching_to_chinese_keeps_the_guide_on_its_step(qtbot, settings, language_restored):  # noqa: F811
    started = start(parse_args([str(MANUFACTURER)]), QApplication.instance(), settings,
                    install_language(QApplication.instance(), "en"))
    window = started.window
    try:
        window.go_to_step(step("host").number)
        window.actions_[ActionId.PREFERENCES].trigger()
        dialog = window.dialogs.open["preferences"]
        combo = dialog.editors["preferences/language"]
        combo.setCurrentIndex(combo.findData("zh"))
        dialog.accept()
        flush()
        new = started.window
        assert new is not window and new.lang == "zh"
        assert new.step_guide_dock.windowTitle() == "步骤指南" and in_front(new.step_guide_dock)
        assert guide_text(new).startswith("3. CPU 和内存要能跟上 GPU")
    finally:
        discard(started.window, started.autosave)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_screenshots_at_laptop_and_desktop_size(make_window, language_restored, lang):  # noqa: F811
    if lang == "zh":
        install_language(QApplication.instance(), "zh")
    window = make_window(MANUFACTURER, lang=lang)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for (width, height), key in (((1366, 768), "gpu"), ((1920, 1080), "delivery")):
        window.resize(width, height)
        window.go_to_step(step(key).number)
        flush()
        assert in_front(window.step_guide_dock) and window.step_guide.shown[:2] == (key, lang)
        assert window.step_guide.width() >= 240, "the guide keeps a readable column"
        path = SHOTS / f"step-guide-{lang}-{width}x{height}.png"
        assert window.grab().save(str(path)) and path.stat().st_size > 30_000
