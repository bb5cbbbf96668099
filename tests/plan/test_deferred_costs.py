"""Costs left to idle time (issue 24): absent until computed, never the previous edit's, then the full estimate's.

The window estimates an edit without steps 3-7 and the cost ledger where nothing drawn at once reads them
(``estimate_plan(..., defer_costs=True)``, results/deferred_costs.py). Until ``attach_costs`` runs a phase that left
them holds no ledger, none of their figures (each named by ``figure_pending``), none of the checks they make (their
steps are pending), and its own ranked row has no cost; the checks it does hold are the full estimate's less those.
Attached, the phase is exactly one estimated with them: figures (values, explanations, key order), checks in order,
candidates, ledger, hardware handed over, charts, accuracy. A phase that hands owned hardware to the next one never
leaves them; nor does an estimate that draws the roadmap or a chart that reads them.
"""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

import gpudesk.results.pipeline as pipeline
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import (
    DEFERRED_CHARTS,
    DEFERRED_FIGURES,
    attach_costs,
    attach_layout,
    complete_search,
    estimate_plan,
)
from gpudesk.results.plan_json import figures_to_json
from gpudesk.results.plan_result import COST_STEPS, LAYOUT_STEP, CostsPending
from gpudesk.wizard.navigation import PENDING, step_status

WINDOW = {"search": False, "layout": False, "defer_charts": [c for c in DEFERRED_CHARTS if c != "memory_fit"],
          "defer_figures": DEFERRED_FIGURES, "defer_roadmap": True}
"""What the window's edit asks of the estimate (ui/controller.PlanController.run_now) with step 2's chart on screen."""


def _project(stem: str):  # type: ignore[no-untyped-def]
    return load_project(samples_dir() / f"{stem}.gpudesk").project


def _state(phase) -> str:  # type: ignore[no-untyped-def]
    return json.dumps([figures_to_json(phase.figures), [c.to_dict() for c in phase.checks],
                       [dataclasses.asdict(c) for c in phase.candidates], phase.ledger.to_dict(), repr(phase.carried),
                       sorted(phase.charts), phase.accuracy, phase.calibrated_keys, phase.assumptions,
                       phase.pending_steps()], default=str)


def _ids(checks) -> list[str]:  # type: ignore[no-untyped-def]
    return [json.dumps(c.to_dict(), default=str) for c in checks]


@pytest.mark.parametrize("stem", ["bank-llm-assistant", "gov-llm-domestic-accelerator", "startup-inspection"])
def test_pending_until_attached_then_the_full_estimate(stem, catalog) -> None:
    project = _project(stem)
    full = estimate_plan(project, catalog, **WINDOW)
    plan = estimate_plan(project, catalog, **WINDOW, defer_costs=True)
    last = len(plan.phases) - 1
    deferred = 0
    for got, want in zip(plan.phases, full.phases):
        assert want.costs_done
        owned_before_last = want.config.servers_owned and got.index < last
        assert got.costs_done == bool(owned_before_last), "costs left where the next phase reads them"
        if got.costs_done:
            assert _state(got) == _state(want)
            continue
        deferred += 1
        assert got.ledger_made is None and got.carried is None
        with pytest.raises(CostsPending):
            got.ledger  # noqa: B018 - a surface reading it while pending is told so
        cost_keys = [k for k in want.figures.keys() if k not in got.figures]
        assert cost_keys and all(got.figure_pending(k) for k in cost_keys)
        assert not any(got.figure_pending(k) for k in got.figures.keys())
        # the checks held are the full estimate's in their order, less those on the pending steps only
        held = _ids(got.checks)
        assert held == [c for c in _ids(want.checks) if c in held]
        assert all(c.step in COST_STEPS for c in want.checks if json.dumps(c.to_dict(), default=str) not in held)
        assert set(got.pending_steps()) == {*COST_STEPS, LAYOUT_STEP}
        status = step_status(got.checks, got.figures, got.pending_steps())
        assert all(status[s] == PENDING or status[s] in ("warnings", "blocked") for s in COST_STEPS)
        own = next(c for c in got.candidates if c.pinned)
        assert own.cost != own.cost and not any(r.key.startswith("ledger_") for r in own.reasons)
        attach_costs(got, catalog)
        assert got.costs_done and not got.figure_pending(cost_keys[0])
        assert _state(got) == _state(want)
    assert deferred >= 1


def test_an_owned_phase_before_another_and_a_drawn_cost_chart_keep_them(catalog) -> None:
    project = _project("gov-llm-domestic-accelerator")  # phase 1 owns the servers phase 2 carries
    plan = estimate_plan(project, catalog, **WINDOW, defer_costs=True)
    assert plan.phases[0].costs_done and not plan.phases[-1].costs_done
    drawn = {**WINDOW, "defer_charts": [c for c in DEFERRED_CHARTS if c != "power"]}
    assert all(p.costs_done for p in estimate_plan(project, catalog, **drawn, defer_costs=True).phases)
    shown = {**WINDOW, "defer_roadmap": False}
    assert all(p.costs_done for p in estimate_plan(project, catalog, **shown, defer_costs=True).phases)


def test_the_cache_layout_and_complete_search_attach_them(catalog, monkeypatch) -> None:
    project = copy.deepcopy(_project("bank-llm-assistant"))
    cache = PhaseCache()
    plan = estimate_plan(project, catalog, cache, **WINDOW, defer_costs=True)
    assert not plan.phases[0].costs_done
    attach_layout(plan.phases[0], catalog)  # the layout's figures come after the costs' once these are attached
    full = estimate_plan(project, catalog, **WINDOW)
    attach_layout(full.phases[0], catalog)
    again = estimate_plan(project, catalog, cache, **WINDOW)  # a hit asked without deferral attaches them
    assert again.phases[0] is plan.phases[0] and again.phases[0].costs_done
    assert _state(again.phases[0]) == _state(full.phases[0])
    fresh = estimate_plan(project, catalog, **WINDOW, defer_costs=True)
    assert not fresh.phases[0].costs_done
    monkeypatch.setattr(pipeline, "run_search", lambda *_: None)  # what complete_search attaches, not the search
    complete_search(fresh, catalog)
    assert all(p.costs_done for p in fresh.phases) and fresh.roadmap_done
