"""Step 1 of the bank, manufacturer and e-commerce samples in Chinese on a 1366 × 768 laptop (issue 21): the large
count inputs (training tokens, requests and items per day) read in 亿 and 万, and the window audit's count rule flags
a count in raw digits. Screenshots ``counts/`` (kept when GPUDESK_SCREENSHOTS is set)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDoubleSpinBox, QWidget
from screenshot_paths import screenshot_folder, screenshots_kept
from test_shell_support import SAMPLES, catalog, flush, language_restored, make_window, settings  # noqa: F401
from window_audit import number_fields

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.i18n import install_language
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.count_spin import CountSpinBox
from gpudesk.wizard.steps import step

SHOTS = screenshot_folder("counts")


def test_the_audit_flags_a_large_count_in_raw_digits(qtbot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    spin = QDoubleSpinBox(holder)
    spin.setRange(0, 1e15)
    spin.setDecimals(0)
    spin.setGroupSeparatorShown(True)
    spin.setSuffix(" tokens")
    spin.setValue(3e9)  # "3,000,000,000 tokens", as step 1 showed training tokens before
    holder.show()
    assert [f.why for f in number_fields(holder, "zh")] == ["a large count in digits, not in 亿 or 万"]
    assert not number_fields(holder, "en")
    spin.setValue(8_640_000)  # under 10,000,000 digits still read
    assert not number_fields(holder, "zh")


@pytest.mark.parametrize("stem", ["bank-llm-assistant", "manufacturer-vision-private", "ecommerce-recsys"])
def test_step_one_reads_large_counts_in_yi_and_wan(stem, make_window, language_restored, qapp) -> None:  # noqa: F811
    install_language(qapp, "zh")
    laptop = next(s for s in QApplication.screens() if s.name() == "1-laptop")
    window = make_window(next(p for p in SAMPLES if p.stem == stem), lang="zh", screen=laptop)
    fit_to_screen(window, 1440, 900)
    window.go_to_step(step("task").number)
    flush()
    counts = [e for e in window.findChildren(CountSpinBox) if e.isVisible()]
    assert counts, "step 1 shows no count in 亿 or 万"
    assert not number_fields(window, "zh")
    for editor in counts:
        assert "亿" in editor.suffix() or "万" in editor.suffix()
        assert editor.toolTip().splitlines()[-1].startswith("= ")  # the full number
    if screenshots_kept():
        assert window.grab().save(str(SHOTS / f"step1-{stem}-zh-1366.png"))


def test_a_growth_trigger_threshold_counts_in_its_metrics_scale(qtbot) -> None:
    """The phase dialog's threshold reads as the metric's own field does in Chinese (items per day in 万, training
    tokens in 亿, concurrent requests in digits) and keeps its exact number when the metric changes."""
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.session.document import ProjectDocument
    from gpudesk.ui.phase_editor import PhaseDialog

    document = ProjectDocument(load_project(samples_dir() / "ecommerce-recsys.gpudesk").project)
    dialog = PhaseDialog(document, 1, "zh")
    qtbot.addWidget(dialog)
    metric, threshold = dialog.triggers.cellWidget(0, 0), dialog.triggers.cellWidget(0, 1)
    assert metric.currentData() == "items_per_day" and threshold.text() == "4,000,000 万"
    assert threshold.toolTip() == "= 40,000,000,000"
    metric.setCurrentIndex(metric.findData("train_tokens"))
    assert dialog.triggers.cellWidget(0, 1).text() == "400 亿"
    metric.setCurrentIndex(metric.findData("concurrency"))
    assert dialog.triggers.cellWidget(0, 1).text() == "40,000,000,000"
    assert dialog.trigger_values()[0].threshold == 40_000_000_000
    english = PhaseDialog(document, 1, "en")
    qtbot.addWidget(english)
    assert english.triggers.cellWidget(0, 1).text() == "40,000,000,000"
