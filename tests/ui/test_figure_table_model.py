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


def test_a_total_with_unpriced_lines_shows_them_beside_its_amount() -> None:
    """The gov sample's step 6 showed '本阶段成本 127.9 万元' with its 25 servers unpriced, as if complete: a money
    figure that leaves out lines awaiting a quote (FigureSet.awaiting) reads as the proposal prints it, and one with
    nothing priced reads 'awaiting quotes', never 0."""
    from PySide6.QtCore import Qt

    from gpudesk.core.explain import FigureSet
    from gpudesk.report.display_text import display_text

    made = FigureSet()
    waiting = ("Generic 8 × Cambricon MLU370-X8 server", "Installation and commissioning", "Maintenance", "Storage")
    made.input("plan.phase_cost", 1_279_393.0, "CNY", "cost of this phase", awaiting=waiting)
    made.input("tco.one_time", 0.0, "CNY", "paid once", awaiting=waiting[:2])
    made.input("tco.colo_per_year", 0.0, "CNY", "colocation per year")
    keys = ["plan.phase_cost", "tco.one_time", "tco.colo_per_year"]
    zh = FigureTableModel(text=display_text("zh"))
    zh.set_figures(made, keys)
    assert [zh.cell_text(r, 1) + " " + zh.cell_text(r, 2) for r in range(3)] == \
        ["127.9 万元 + 4 项待询价", "待询价（2 项） ", "0 万元"]  # one unit for the table's amounts
    en = FigureTableModel(text=display_text("en"))
    en.set_figures(made, keys)
    assert en.cell_text(0, 2) == "CNY + 4 lines awaiting quotes" and en.cell_text(1, 1) == "awaiting quotes (2 lines)"
    tip = en.data(en.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Leaves out 4 cost lines awaiting a quote (the check")  # a plural, not "line(s)"
    assert "Leaves out" not in en.data(en.index(2, 1), Qt.ItemDataRole.ToolTipRole)


def test_a_pending_figure_keeps_its_row_label_and_unit_and_says_it_is_computed(qtbot) -> None:
    """A figure the window's estimate left to idle time (``pending_figures``, absent from the figures) keeps the row
    every step shows it in, with the label and unit the computed figure has, in English and Chinese; its value cell
    says it is being computed (the charts' word), and the Step guide links it by the same label (its text is not
    made again for a pending figure)."""
    from gpudesk.report.display_text import display_text
    from gpudesk.results.pipeline import DEFERRED_FIGURES
    from gpudesk.ui.step_guide import StepGuide
    from gpudesk.wizard.steps import STEPS

    catalog = Catalog.open()
    full = estimate_plan(Project(), catalog, search=False, layout=False).phases[0]
    left = estimate_plan(Project(), catalog, search=False, layout=False, defer_figures=DEFERRED_FIGURES).phases[0]
    assert left.pending_figures and not any(k in left.figures for k in left.pending_figures)
    for each in STEPS:
        keys = figure_keys_for_step(each, left.figures, pending=left.pending_figures)
        assert keys == figure_keys_for_step(each, full.figures), f"step {each.key}: a pending figure's row moved"
    keys = figure_keys_for_step(step("gpu"), left.figures, pending=left.pending_figures)
    for lang, word in (("en", "Calculating…"), ("zh", "计算中…")):
        shown, pending = FigureTableModel(text=display_text(lang)), FigureTableModel(text=display_text(lang))
        shown.set_figures(full.figures, keys)
        pending.set_figures(left.figures, keys, pending=left.pending_figures)
        assert pending.keys() == shown.keys() == keys
        for row, key in enumerate(keys):
            if key in left.pending_figures:
                assert [pending.cell_text(row, c) for c in (0, 2)] == [shown.cell_text(row, c) for c in (0, 2)]
                assert pending.cell_text(row, 1) == word and any(ch.isdigit() for ch in shown.cell_text(row, 1))
            else:
                assert [pending.cell_text(row, c) for c in range(3)] == [shown.cell_text(row, c) for c in range(3)]
        guide = StepGuide(lang)
        qtbot.addWidget(guide)
        cited = set(left.pending_figures) | {"mem.total"}
        guide.set_figures(full.figures, full.checks)
        computed = guide._labels(cited)
        guide.set_figures(left.figures, left.checks, left.pending_figures)
        assert guide._labels(cited) == computed and set(computed) == cited


def test_a_narrow_figure_table_wraps_its_labels_rather_than_cutting_them(qtbot) -> None:
    """Step 2's figure table at 1366 × 768 in English read "Memory ···", "GPU memory···", "Fits in GPU ···": one wide
    value or unit took the room of the stretched label column. The label column keeps its share, a longer label wraps
    onto a taller row, and a value or unit wider than its share wraps at its spaces (window_audit_tables)."""
    from window_audit_tables import cut_figure_labels

    from gpudesk.core.explain import FigureSet
    from gpudesk.ui.widgets.figure_table import FigureTable

    def figures(memory: float) -> FigureSet:
        made = FigureSet()
        made.input("mem.per_gpu_gb", memory, "GB", "Memory needed per GPU")
        made.input("mem.capacity_gb", 85.52, "GB", "GPU memory capacity")
        made.input("plan.phase_cost", 1_279_393.0, "CNY", "Cost of this phase", awaiting=("server", "install", "x"))
        return made

    table = FigureTable()
    qtbot.addWidget(table)
    table.resize(300, 200)
    table.show()
    keys = ["mem.per_gpu_gb", "mem.capacity_gb", "plan.phase_cost"]
    table.figure_model.set_figures(figures(42.77), keys)
    qtbot.waitUntil(lambda: not table.label_room._due and not table.label_room._stale, timeout=2000)  # painted
    assert table.columnWidth(0) >= 0.4 * table.viewport().width()
    assert not cut_figure_labels(table), cut_figure_labels(table)
    table.figure_model.set_figures(figures(1234.5), keys)  # an edit's new value, in place
    qtbot.waitUntil(lambda: not table.label_room._stale, timeout=2000)
    assert not cut_figure_labels(table), cut_figure_labels(table)
