"""Steps 1 and 2 driven as a user does: clicks and keys change the plan, the memory chart follows.

Also clicks through every wizard page of the bank sample and paints it, saved as a screenshot under wizard/ when
GPUDESK_SCREENSHOTS asks for them (tests/screenshot_paths.py).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox
from screenshot_paths import screenshot_folder, screenshots_kept
from test_shell_support import SAMPLES, catalog, make_window, settings  # noqa: F401 - pytest fixtures

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.plotting.view import ChartView
from gpudesk.wizard.steps import STEPS

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

SHOTS = screenshot_folder("wizard")
W = "phases[0].workloads[0]"


def _click_step(qtbot, window, number: int) -> None:
    item = window.step_list.item(number - 1)
    rect = window.step_list.visualItemRect(item)
    qtbot.mouseClick(window.step_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.navigator.current == number)


def _editor(window, step: int, path: str):
    return window.pages[step - 1].form.editors[path]


def _settle(qtbot, window) -> None:
    qtbot.waitUntil(lambda: not window.controller._timer.isActive())
    qtbot.wait(10)


def _memory_spec(window):
    view: ChartView = window.pages[1].charts["memory_fit"]
    return view.spec


def test_steps_1_and_2_with_keys_and_clicks_drive_the_memory_chart(qtbot, make_window):
    window = make_window(None)
    _click_step(qtbot, window, 1)

    kind = _editor(window, 1, f"{W}.kind")  # a new plan serves an LLM; this one pre-trains it
    assert isinstance(kind, QComboBox)
    kind.setCurrentIndex(kind.findData("pretrain"))
    assert window.document.get(f"{W}.kind") == "pretrain"

    model = _editor(window, 1, f"{W}.model_id")
    assert isinstance(model, QComboBox)
    model.setFocus()
    target = model.findData("llama-3.1-70b")
    assert target >= 0
    while model.currentIndex() != target:  # walk the list with the keyboard as a user would
        qtbot.keyClick(model, Qt.Key.Key_Down if model.currentIndex() < target else Qt.Key.Key_Up)
    assert window.document.get(f"{W}.model_id") == "llama-3.1-70b"

    seq = _editor(window, 1, f"{W}.seq_len")
    seq.selectAll()
    qtbot.keyClicks(seq.lineEdit(), "8192")
    qtbot.keyClick(seq.lineEdit(), Qt.Key.Key_Return)
    assert window.document.get(f"{W}.seq_len") == 8192

    _click_step(qtbot, window, 2)
    _settle(qtbot, window)
    figures = window.controller.estimate.phases[0].figures
    spec = _memory_spec(window)
    weights = spec.series_named("Weights")
    assert weights.y[0] == pytest.approx(figures.value_at("mem.weights") / 1e9)
    capacity = spec.series_named("Capacity")
    assert capacity.y[0] == pytest.approx(figures.value_at("mem.capacity") / 1e9)
    assert figures.explain("mem.weights").formula in weights.tooltips[0]  # hovering a bar shows its formula

    tp: QSpinBox = _editor(window, 2, f"{W}.parallel.tp")
    before = weights.y[0]
    tp.setFocus()
    qtbot.keyClick(tp, Qt.Key.Key_Up)  # tp 1 -> 2
    assert window.document.get(f"{W}.parallel.tp") == 2
    _settle(qtbot, window)
    after = _memory_spec(window).series_named("Weights").y[0]
    assert after == pytest.approx(before / 2, rel=0.02)  # tensor parallel halves the weights per GPU

    window.document.undo()
    _settle(qtbot, window)
    assert _memory_spec(window).series_named("Weights").y[0] == pytest.approx(before)

    # the charts of the step's other tabs are built when their tab is first opened, and drawn then
    page = window.pages[1]
    assert page.findChildren(ChartView) == [page.charts.built("memory_fit")]
    others = [i for i in range(1, page.chart_tabs.count()) if page.chart_tabs.isTabVisible(i)]
    assert others, "step 2 shows one chart tab only"
    page.chart_tabs.setCurrentIndex(others[0])
    _settle(qtbot, window)
    view = page.charts.built(list(page.charts)[others[0]])
    assert view is not None and view.isVisible() and (view.spec is not None or view.pending)
    assert len(page.findChildren(ChartView)) == 2


def test_every_figure_on_step_2_explains_itself(qtbot, make_window):
    window = make_window(None)
    _click_step(qtbot, window, 2)
    _settle(qtbot, window)
    table = window.pages[1].figures
    model = table.figure_model
    assert model.rowCount() > 5
    index = model.index(0, 0)
    rect = table.visualRect(index)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    html = window.explain.browser.toHtml()
    assert "Formula" in html or "Source" in html


def test_every_page_opens_from_the_step_list_and_paints(qtbot, make_window):
    """Each step clicked in the step list, settled and painted (the bank sample, 1440 × 900). Every page of every
    sample, in both languages, is shown and audited by tests/ui/test_window_fits.py's walks (which also write each
    step's screenshot under window/ when GPUDESK_SCREENSHOTS asks for them); this one drives the pages by mouse, as a
    user does, and paints the whole window at each (five samples here repeated those walks: about 8 CPU s)."""
    bank = next(p for p in SAMPLES if p.stem == "bank-llm-assistant")
    window = make_window(bank)
    window.resize(1440, 900)
    for step in STEPS:
        number = step.number
        _click_step(qtbot, window, number)
        _settle(qtbot, window)
        assert window.current_page() is window.pages[number - 1]
        image = window.grab()
        assert image.width() > 800
        if screenshots_kept():
            assert image.save(str(SHOTS / f"{bank.stem}-step{number}.png"))
