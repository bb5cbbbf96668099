"""The candidate table answers from cells kept per set of candidates (issue 24): never a stale cell after an edit."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.panels.candidate_model import COL_ACCELERATOR, COL_GPUS, SORT_ROLE, CandidateTableModel


def test_new_numbers_for_the_same_candidates_are_shown_not_the_cached_cells(qapp) -> None:
    candidates = estimate_plan(Project(), Catalog.open()).phases[0].candidates
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
