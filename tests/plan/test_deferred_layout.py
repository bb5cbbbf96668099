"""The step-5 layout search deferred to idle time (issue 24): pending until attached, never served stale.

The window estimates a phase without its layout search (``layout=False``), marks it pending
(``PhaseEstimate.layout_done``, ``pending_steps``) and attaches it in idle time (``attach_layout``). Attached, in
either order with the configuration search, the phase must be the full estimate: every figure (value, formula,
inputs), check, accuracy band, candidate and chart. After an edit the pending estimate must hold no layout figure
or check at all (not the previous edit's), and the attached one the edited plan's.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import attach_layout, attach_search, estimate_plan, run_search
from gpudesk.results.plan_result import LAYOUT_STEP, PhaseEstimate
from gpudesk.wizard.navigation import PENDING, step_status

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "samples").glob("*.gpudesk"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def _content(phase: PhaseEstimate) -> dict[str, object]:
    figures = phase.figures
    return {
        "figures": {k: (repr(figures.value_at(k)), figures.explain(k).formula,
                        tuple(q.key for q in figures.explain(k).inputs)) for k in figures.keys()},
        "checks": [(c.id, c.step, c.message, repr(c.numbers)) for c in phase.checks],
        "accuracy": phase.accuracy, "candidates": [repr(c) for c in phase.candidates],
        "charts": sorted(phase.charts), "ledger": repr(phase.ledger.phase_total), "config": repr(phase.config),
    }


def _layout_figures(phase: PhaseEstimate) -> list[str]:
    return [k for k in phase.figures.keys() if k.startswith("scale.")]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_attached_later_the_phase_is_the_full_estimate(catalog, path, searched_sample) -> None:
    project = load_project(path).project
    full = searched_sample(path.stem)[0]  # the sample estimated at once, search included (read only)
    layout_first = estimate_plan(project, catalog, search=False, layout=False)
    search_first = estimate_plan(project, catalog, search=False, layout=False)
    searched_layouts = 0
    for whole, a, b in zip(full.phases, layout_first.phases, search_first.phases):
        searches = bool(_layout_figures(whole))  # an LLM training phase; other phases have nothing pending
        assert a.pending_steps() == ((LAYOUT_STEP,) if searches else ()) and a.layout_done is not searches
        assert not _layout_figures(a) and not any(c.id.startswith("scaling.") for c in a.checks)
        attach_layout(a, catalog)
        attach_search(a, catalog, run_search(a, catalog))
        attach_search(b, catalog, run_search(b, catalog))
        attach_layout(b, catalog)
        assert a.pending_steps() == () == b.pending_steps()
        assert _content(a) == _content(whole) == _content(b)
        searched_layouts += searches
    if "bank" in path.stem:
        assert searched_layouts  # training phases: the comparison covered a layout search


def test_an_edit_shows_the_layout_pending_never_the_previous_one(catalog) -> None:
    project = load_project(next(p for p in SAMPLES if "bank" in p.stem)).project
    cache = PhaseCache()
    before = estimate_plan(project, catalog, cache, search=False).phases[0]
    assert before.layout_done and "scale.best_tokens_per_s" in before.figures
    workload = project.phases[0].workloads[0]
    workload.seq_len = workload.seq_len // 2  # shorter sequences: the best layout's throughput changes
    pending = estimate_plan(project, catalog, cache, search=False, layout=False).phases[0]
    assert pending is not before and not pending.layout_done
    assert not _layout_figures(pending), "a layout figure was served before the edited plan's search ran"
    assert not any(c.id.startswith("scaling.") for c in pending.checks)
    assert step_status(pending.checks, pending.figures, pending.pending_steps())[LAYOUT_STEP] == PENDING
    attach_layout(pending, catalog)
    fresh = estimate_plan(copy.deepcopy(project), catalog, search=False).phases[0]
    assert pending.figures.number("scale.best_tokens_per_s") == fresh.figures.number("scale.best_tokens_per_s") > 0
    assert fresh.figures.number("scale.best_tokens_per_s") != before.figures.number("scale.best_tokens_per_s")
    assert [c.id for c in pending.checks] == [c.id for c in fresh.checks]
    # the cache hands the attached estimate back; asking for the layout of a pending one attaches it there
    assert estimate_plan(project, catalog, cache, search=False).phases[0] is pending
