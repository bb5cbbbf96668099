"""The comparison of four plans on a 1366 × 768 laptop: every key-figure column within the table's view, a plan's
long name on lines (ui/widgets/wrapped_heads.py) and whole in the head's tool tip; in both languages. The window
audit's dialog walk compares two short-named plans, which fit unwrapped; four long names ran past the view's edge."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication
from screenshot_paths import screenshot_folder
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401
from window_audit_tables import columns_past_the_edge, cut_headers
from window_walk import compare_from_cache

from gpudesk.ui.widgets.wrapped_heads import wrap_to_width

FOUR = SAMPLES[:4]  # the comparison takes at most four plans (as tests/report/test_sample_goldens.py)


@pytest.fixture(scope="module")
def estimates():
    from gpudesk.results.phase_cache import PhaseCache

    return PhaseCache()


def laptop():
    found = [s for s in QApplication.screens() if s.name() == "1-laptop"]
    if not found:
        pytest.skip("no offscreen laptop screen (tests/conftest.py sets them up)")
    return found[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_plans_fit_the_laptop_screen(lang, make_window, estimates, monkeypatch) -> None:  # noqa: F811
    compare_from_cache(monkeypatch, estimates)
    window = make_window(FOUR[0], lang=lang, screen=laptop())
    dialog = window.dialogs.compare_plans(list(FOUR))
    flush()
    assert dialog is not None and dialog.isVisible()
    if os.environ.get("GPUDESK_SCREENSHOTS"):
        dialog.grab().save(str(screenshot_folder("window") / f"dialog-compare-four-{lang}.png"))
    assert not columns_past_the_edge(dialog), columns_past_the_edge(dialog)
    assert not cut_headers(dialog), cut_headers(dialog)
    model = dialog.view.model
    heads = {c: str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))
             for c in model.plan_columns()}
    assert any("\n" in head for head in heads.values()), "four long names fit unwrapped: the fit is not tested"
    for c, head in heads.items():  # on at most three lines, the rest elided: the name's beginning
        shown, whole = head.replace("\n", "").replace(" ", ""), model.header[c].replace(" ", "")
        assert head.count("\n") < 3 and (shown == whole or shown.endswith("…") and whole.startswith(shown[:-1]))
        assert model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == model.header[c]


def test_a_head_wraps_between_words_and_between_chinese_characters(qapp) -> None:
    metrics = QFontMetricsF(QFont())
    room = metrics.horizontalAdvance("Plan A: Bank") + 1
    lines = wrap_to_width("Plan A: Bank customer-service LLM", room, metrics).split("\n")
    assert lines[0] == "Plan A: Bank" and len(lines) > 1
    assert all(metrics.horizontalAdvance(line) <= room or " " not in line for line in lines)
    chinese = wrap_to_width("方案 A：银行智能客服大模型", metrics.horizontalAdvance("方案 A：银行") + 1, metrics)
    assert "\n" in chinese and chinese.replace("\n", "") == "方案 A：银行智能客服大模型"
