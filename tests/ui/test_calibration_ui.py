"""The calibration dialog: import a sample log with real clicks, fit, apply as one undoable edit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from screenshot_paths import screenshot_folder

import gpudesk.ui  # noqa: F401  (applies the PySide6 refcount guard before any Qt import)
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Calibration, Project
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.calibration import CalibrationDialog, open_calibration_dialog
from gpudesk.ui.fonts import apply_application_font

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tests" / "calibration" / "samples"
SCREENSHOTS = screenshot_folder("calibration")
HOPPER = "matmul.nvidia-hopper"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open(user_db=None)


@pytest.fixture
def dialog(qtbot, qapp, catalog) -> Iterator[CalibrationDialog]:
    apply_application_font(qapp)
    project = Project()
    project.phases[0].hardware.nodes = 1
    parent = QWidget()
    qtbot.addWidget(parent)
    shown = open_calibration_dialog(parent, ProjectDocument(project), catalog)
    assert isinstance(shown, CalibrationDialog) and shown.isVisible()
    qtbot.waitExposed(shown)
    yield shown  # keeps ``parent`` (and with it the dialog) alive for the test
    shown.close()


def _click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _save(widget: QWidget, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert widget.grab().save(str(SCREENSHOTS / name))
    assert (SCREENSHOTS / name).stat().st_size > 20_000


def test_import_fit_apply_and_undo(qtbot, dialog) -> None:
    document = dialog.document
    _click(qtbot, dialog.open_button)
    files = dialog.file_dialog
    assert files is not None and files.isVisible()
    files.selectFile(str(SAMPLES / "megatron_llama3_8b_pretrain.log"))
    files.accept()
    qtbot.waitUntil(lambda: dialog.study is not None)
    assert dialog.measurements_table.rowCount() == 11
    assert dialog.problems_list.count() >= 1  # the sample carries one malformed iteration line
    assert "line" in dialog.problems_list.item(0).text()
    # the Megatron log prints the global batch but not the sequence length: say it, then fit again
    dialog.setup_form.spins["seq_len"].setValue(8192)
    dialog.setup_form.spins["gpus"].setValue(8)
    _click(qtbot, dialog.refit_button)
    study = dialog.study
    assert study is not None and study.error == "" and study.fit is not None
    assert dialog.comparison_table.rowCount() == 1
    assert dialog.comparison_table.cell_text(0, 6) == "1.000×"  # measured / predicted after the fit
    assert dialog.scales_table.cell_text(0, 0) == HOPPER
    assert dialog.reprojection_table.rowCount() >= 4
    assert dialog.checks_list.count() >= 1
    assert dialog.apply_button.isEnabled()
    dialog.tabs.setCurrentIndex(2)
    _save(dialog, "dialog-fit.png")
    dialog.tabs.setCurrentIndex(4)
    _save(dialog, "dialog-full-scale.png")

    _click(qtbot, dialog.apply_button)
    calibration = document.project.calibration
    assert calibration.enabled and set(calibration.fitted) == {HOPPER}
    assert calibration.fitted[HOPPER] == pytest.approx(study.fit.scales[HOPPER].scale, rel=1e-5)
    assert calibration.uncertainty[HOPPER] >= 0.037
    assert calibration.measurements and calibration.measurements[0].accelerator_id == "h100-sxm"
    assert document.undo_label == "Calibrate from pilot" and document.dirty
    assert document.undo() == "Calibrate from pilot"
    assert document.project.calibration == Calibration()


def test_pasted_text_and_typed_measurements(qtbot, dialog) -> None:
    dialog.paste_edit.setPlainText("this is not a log at all\n")
    _click(qtbot, dialog.paste_button)
    assert "formats tried" in dialog.problems_list.item(0).text()
    assert dialog.study is None and not dialog.apply_button.isEnabled()
    dialog.paste_edit.setPlainText((SAMPLES / "torchtitan_llama3_8b.log").read_text())
    _click(qtbot, dialog.paste_button)
    assert dialog.study is not None and dialog.study.fit is not None
    index = dialog.typed_entry.metric_box.findData("goodput")
    dialog.typed_entry.metric_box.setCurrentIndex(index)
    dialog.typed_entry.value.setValue(81.0)
    _click(qtbot, dialog.typed_entry.add_button)
    fit = dialog.study.fit
    assert fit.scales["goodput"].scale == pytest.approx(0.9, rel=1e-3)  # 81 % against the catalog's 90 %
    _click(qtbot, dialog.clear_button)
    assert dialog.study is None and dialog.measurements_table.rowCount() == 0
