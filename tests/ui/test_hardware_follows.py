"""Choosing an accelerator on step 2 keeps the plan one the estimate takes: GPUs per node at its default follows the
server's slots in the same undoable edit; a value the user typed stays, and the estimate's refusal names it."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox
from test_shell_support import SAMPLES, catalog, language_restored, make_window, settings  # noqa: F401 - fixtures

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.ui.i18n import install_language

pytestmark = pytest.mark.shared_searches

HW = "phases[0].hardware"
RTX_PRO = "rtx-pro-6000-blackwell"


def _choose_accelerator(qtbot, window, accelerator: str) -> None:
    item = window.step_list.item(1)
    window.step_list.setCurrentItem(item)
    qtbot.waitUntil(lambda: window.navigator.current == 2)
    combo = window.pages[1].form.editors[f"{HW}.accelerator_id"]
    assert isinstance(combo, QComboBox)
    index = combo.findData(accelerator)
    assert index >= 0
    combo.setCurrentIndex(index)
    qtbot.waitUntil(lambda: not window.controller._timer.isActive())
    qtbot.wait(10)


def test_the_default_gpus_per_node_follows_and_undo_restores_both(qtbot, make_window):
    window = make_window(None)
    assert window.document.get(f"{HW}.gpus_per_node") == 8
    _choose_accelerator(qtbot, window, RTX_PRO)
    assert window.document.get(f"{HW}.accelerator_id") == RTX_PRO
    assert window.document.get(f"{HW}.gpus_per_node") == 4  # the catalog's only RTX PRO 6000 server holds 4
    assert window.pages[1].form.editors[f"{HW}.gpus_per_node"].value() == 4
    assert window.controller.last_error == ""  # the estimate takes the plan
    window.document.undo()
    assert window.document.get(f"{HW}.gpus_per_node") == 8
    assert window.document.get(f"{HW}.accelerator_id") != RTX_PRO


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typed_gpus_per_node_stays_and_its_editor_says_why(qtbot, qapp, make_window, language_restored, lang):
    install_language(qapp, lang)
    window = make_window(None, lang=lang)
    window.document.set(f"{HW}.gpus_per_node", 6)
    _choose_accelerator(qtbot, window, RTX_PRO)
    assert window.document.get(f"{HW}.gpus_per_node") == 6  # typed: never changed
    reason = window.controller.last_error  # refused, naming the field and the fix
    assert "4" in reason and "6" in reason
    assert ("每节点" in reason and "GPUs per node" not in reason) if lang == "zh" else "set GPUs per node to 4" in reason
    editor = window.pages[1].form.editors[f"{HW}.gpus_per_node"]
    assert "c0392b" in editor.styleSheet()  # the field itself is marked, its tip says why
    assert reason in editor.toolTip()
    window.document.set(f"{HW}.gpus_per_node", 4)  # the fix the reason names
    qtbot.waitUntil(lambda: not window.controller._timer.isActive())
    qtbot.wait(10)
    assert window.controller.last_error == ""
    assert editor.styleSheet() == "" and reason not in editor.toolTip()


def test_the_default_typed_in_this_session_stays(qtbot, make_window):
    window = make_window(None)
    window.document.set(f"{HW}.gpus_per_node", 6)
    window.document.set(f"{HW}.gpus_per_node", 8)  # the user typed 8: theirs, though it is the default
    _choose_accelerator(qtbot, window, RTX_PRO)
    assert window.document.get(f"{HW}.gpus_per_node") == 8
    assert "4" in window.controller.last_error  # refused, naming the fix


def test_a_value_that_followed_keeps_following(qtbot, make_window):
    window = make_window(None)
    _choose_accelerator(qtbot, window, RTX_PRO)  # 8 -> 4, brought along by the accelerator edit
    assert not window.document.typed(f"{HW}.gpus_per_node")
    assert window.document.typed(f"{HW}.accelerator_id")
