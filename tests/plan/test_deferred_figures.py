"""Figures left to idle time (issue 24): absent until computed, never the previous edit's, then the full estimate's.

The window estimates an edit without ``DEFERRED_FIGURES`` (mem.min_gpus: the layout search for the fewest GPUs of
one replica), lists them in ``PhaseEstimate.pending_figures`` and computes them in idle time (``attach_figures``).
Until then the phase's figures do not hold them at all (no stale value, no unknown standing in) and every check is
the full estimate's; attached, the figures are exactly those of an estimate that computed them at once (values,
explanations and key order), for a further workload's prefixed key too, through the phase cache and in
``complete_search``. Where the model does not fit, the check that cites mem.min_gpus needs it: nothing is deferred.
"""

from __future__ import annotations

import copy
import json

import pytest

import gpudesk.results.pipeline as pipeline
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import DEFERRED_FIGURES, attach_figures, complete_search, estimate_plan
from gpudesk.results.plan_json import figures_to_json

DEFER = {"search": False, "layout": False}


def _project(stem: str):  # type: ignore[no-untyped-def]
    return load_project(samples_dir() / f"{stem}.gpudesk").project


def _figures(phase) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(figures_to_json(phase.figures), default=str)  # key order kept: the order surfaces list


def _checks(phase) -> str:  # type: ignore[no-untyped-def]
    return json.dumps([c.to_dict() for c in phase.checks], default=str)


def _assert_deferred_then_full(project, catalog, pending: list[tuple[str, ...]]) -> None:  # type: ignore[no-untyped-def]
    full = estimate_plan(project, catalog, **DEFER)
    plan = estimate_plan(project, catalog, **DEFER, defer_figures=DEFERRED_FIGURES)
    assert [p.pending_figures for p in plan.phases] == pending
    for got, want in zip(plan.phases, full.phases):
        assert all(key in want.figures and key not in got.figures and got.figure_pending(key)
                   for key in got.pending_figures), "a pending figure was served before it was computed"
        assert _checks(got) == _checks(want)
        attach_figures(got, catalog)
        assert got.pending_figures == () and not got.figure_pending("mem.min_gpus")
        assert _figures(got) == _figures(want)
        assert got.accuracy == want.accuracy and got.calibrated_keys == want.calibrated_keys
        assert [r.figures.keys() for r in got.context.results] == [r.figures.keys() for r in want.context.results]


@pytest.mark.parametrize("stem", ["gov-llm-domestic-accelerator", "bank-llm-assistant"])
def test_pending_until_attached_then_the_full_estimate(stem, catalog) -> None:
    project = _project(stem)
    _assert_deferred_then_full(project, catalog, [("mem.min_gpus",)] * len(project.phases))


def test_a_further_workload_is_pending_under_its_prefix(catalog) -> None:
    project = copy.deepcopy(_project("gov-llm-domestic-accelerator"))
    phase = project.phases[0]
    phase.workloads.append(copy.deepcopy(phase.workloads[0]))
    phase.workloads[1].prompt_tokens *= 2
    pending = [("mem.min_gpus", "w2.mem.min_gpus"), *[("mem.min_gpus",)] * (len(project.phases) - 1)]
    _assert_deferred_then_full(project, catalog, pending)


def test_a_model_that_does_not_fit_is_never_deferred(catalog) -> None:
    project = copy.deepcopy(_project("gov-llm-domestic-accelerator"))
    project.phases[0].workloads[0].parallel.tp = 2  # 72B weights on two 64 GB accelerators: four fit
    plan = estimate_plan(project, catalog, **DEFER, defer_figures=DEFERRED_FIGURES)
    phase = plan.phases[0]
    assert phase.figures.number("mem.fits") == 0.0 and phase.pending_figures == ()
    check = next(c for c in phase.checks if c.id == "task.model_does_not_fit")
    assert check.numbers["min_gpus"] == phase.figures.number("mem.min_gpus") == 4
    assert _checks(phase) == _checks(estimate_plan(project, catalog, **DEFER).phases[0])


def test_the_cache_and_complete_search_attach_them(catalog, monkeypatch) -> None:
    project = copy.deepcopy(_project("gov-llm-domestic-accelerator"))
    cache = PhaseCache()
    deferred = estimate_plan(project, catalog, cache, **DEFER, defer_figures=DEFERRED_FIGURES)
    assert all(p.pending_figures for p in deferred.phases)
    again = estimate_plan(project, catalog, cache, **DEFER)  # a caller that does not defer: attached, not served
    assert all(p.pending_figures == () and "mem.min_gpus" in p.figures for p in again.phases)
    project.phases[0].workloads[0].requests_per_day += 1000  # an edit: the new estimate's own figure, pending
    edited = estimate_plan(project, catalog, cache, **DEFER, defer_figures=DEFERRED_FIGURES)
    assert edited.phases[0].pending_figures and "mem.min_gpus" not in edited.phases[0].figures
    monkeypatch.setattr(pipeline, "run_search", lambda *_: None)  # what complete_search attaches, not the search
    searched = complete_search(estimate_plan(copy.deepcopy(project), catalog, defer_figures=DEFERRED_FIGURES), catalog)
    assert all(p.pending_figures == () for p in searched.phases)
    assert _figures(searched.phases[0]) == _figures(estimate_plan(project, catalog).phases[0])
