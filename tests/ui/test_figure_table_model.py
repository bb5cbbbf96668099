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


def test_rows_made_before_are_reused_only_for_the_same_figure() -> None:
    """Issue 24: a row's texts are kept by key, label, unit and value, so an edit formats only the figures it changed;
    a new value, unit or label, or an unknown one, is never shown with a kept row's text."""
    from gpudesk.core.explain import FigureSet

    def figures(value: float, unit: str = "GB", label: str = "Memory per GPU") -> FigureSet:
        made = FigureSet()
        made.input("mem.per_gpu_gb", value, unit, label)
        made.input("mem.capacity_gb", 80.0, "GB", "GPU memory capacity")
        return made

    model = FigureTableModel()
    keys = ["mem.per_gpu_gb", "mem.capacity_gb"]
    shown = []
    for made in (figures(34.5), figures(40.0), figures(34.5), figures(34.5, "GiB"), figures(34.5, label="Per GPU"),
                 figures(float("nan"))):
        model.set_figures(made, keys)
        fresh = FigureTableModel()
        fresh.set_figures(made, keys)
        assert [[model.cell_text(r, c) for c in range(3)] for r in range(2)] == \
            [[fresh.cell_text(r, c) for c in range(3)] for r in range(2)]
        shown.append(model.cell_text(0, 1) + " " + model.cell_text(0, 2))
    assert len(set(shown[:2])) == 2 and shown[0] == shown[2] and model.cell_text(1, 1) == "80"
