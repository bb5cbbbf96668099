"""The candidate and figure tables refresh only what an edit changed (issue 24), and never show a stale cell."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.panels.candidate_model import COL_ACCELERATOR, COL_GPUS, SORT_ROLE, CandidateTableModel
from gpudesk.ui.widgets.figure_table import COL_VALUE, FigureTableModel, figure_display
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import step


def test_new_numbers_for_the_same_candidates_are_shown_not_the_cached_cells(qapp) -> None:
    candidates = estimate_plan(Project(), Catalog.open(), search=True).phases[0].candidates
    model = CandidateTableModel()
    model.set_candidates(candidates)
    cell = model.index(0, COL_GPUS)
    before = cell.data()
    assert before == f"{candidates[0].gpus:,}" and cell.data() == before  # the second answer is the kept one
    changed = [replace(candidates[0], gpus=candidates[0].gpus + 1000), *candidates[1:]]
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom: seen.append((top.row(), bottom.row())))
    model.set_candidates(changed)
    assert seen, "the view is told the cells changed"
    assert model.index(0, COL_GPUS).data() == f"{candidates[0].gpus + 1000:,}"
    assert model.index(0, COL_GPUS).data(SORT_ROLE) == candidates[0].gpus + 1000
    assert model.index(0, COL_ACCELERATOR).data(Qt.ItemDataRole.DecorationRole) is None


def test_an_edit_refreshes_the_changed_figure_rows_and_shows_their_new_values(qapp) -> None:
    catalog = Catalog.open()
    project = Project()
    figures = estimate_plan(project, catalog).phases[0].figures
    keys = figure_keys_for_step(step("gpu"), figures)
    model = FigureTableModel()
    model.set_figures(figures, keys)
    before = [model.index(r, COL_VALUE).data() for r in range(model.rowCount())]
    project.phases[0].workloads[0].seq_len *= 2
    after_figures = estimate_plan(project, catalog).phases[0].figures
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom: seen.append((top.row(), bottom.row())))
    model.set_figures(after_figures, keys)
    now = [model.index(r, COL_VALUE).data() for r in range(model.rowCount())]
    changed = [r for r in range(len(now)) if now[r] != before[r]]
    assert changed and seen == [(changed[0], changed[-1])]
    assert now == [figure_display(after_figures, k, model.text)[0] for k in keys if k in after_figures]
    assert model.index(0, COL_VALUE).data(Qt.ItemDataRole.DecorationRole) is None
