"""The results table model is a well-behaved Qt model, and the chart's export button writes a PNG."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.catalog.store import Catalog
from gpudesk.plotting.view import ChartView
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.widgets.figure_table import FigureTableModel
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import step


def test_figure_table_model_passes_qtmodeltester(qtmodeltester):
    figures = estimate_plan(Project(), Catalog.open()).phases[0].figures
    model = FigureTableModel()
    model.set_figures(figures, figure_keys_for_step(step("gpu"), figures))
    assert model.rowCount() > 5
    qtmodeltester.check(model)
    model.set_figures(figures, figure_keys_for_step(step("tco"), figures))
    qtmodeltester.check(model)


def test_chart_export_button_writes_a_png(qtbot, tmp_path, monkeypatch):
    spec = estimate_plan(Project(), Catalog.open()).phases[0].charts["memory_fit"]
    view = ChartView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.set_spec(spec)
    target = tmp_path / "memory"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    view.export_action.trigger()
    written = tmp_path / "memory.png"
    assert written.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
