"""The roadmap left to idle time (issue 24): absent until attached, never the previous edit's, then the full one.

The window estimates an edit without the roadmap when no surface shows it (its dock hidden, the timeline not the
open chart): ``estimate_plan(..., defer_roadmap=True)`` holds no roadmap figures, checks or timeline (plan-level or
on any phase, a phase served from the cache included) and lists the timeline among every phase's deferred charts;
``attach_roadmap`` (the controller's first idle slice; ``complete_search``) makes the plan equal to one estimated
with it: figures, checks, the timeline and each phase's charts in their order.
"""

from __future__ import annotations

import copy
import json

import gpudesk.results.pipeline as pipeline
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import (
    DEFERRED_CHARTS,
    attach_charts,
    attach_roadmap,
    complete_search,
    estimate_plan,
)
from gpudesk.results.plan_json import figures_to_json

EDIT = {"search": False, "layout": False}


def _project():  # type: ignore[no-untyped-def]
    return copy.deepcopy(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project)  # three phases


def _roadmap(plan) -> tuple[str, str, object, list[list[str]], list[tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return (json.dumps(figures_to_json(plan.roadmap, include_inputs=True), default=str),
            json.dumps([c.to_dict() for c in plan.roadmap_checks], default=str), plan.charts,
            [list(p.charts) for p in plan.phases], [p.deferred_charts for p in plan.phases])


def _assert_left(plan) -> None:  # type: ignore[no-untyped-def]
    assert not plan.roadmap_done and plan.roadmap is None and plan.roadmap_checks == [] and plan.charts == {}
    for phase in plan.phases:
        assert "timeline" not in phase.charts, "a timeline was served before the roadmap was attached"
        assert "timeline" in phase.deferred_charts


def test_left_then_attached_equals_the_roadmap_made_at_once(catalog) -> None:
    project = _project()
    full = estimate_plan(project, catalog, **EDIT, defer_charts=DEFERRED_CHARTS)
    plan = estimate_plan(project, catalog, **EDIT, defer_charts=DEFERRED_CHARTS, defer_roadmap=True)
    _assert_left(plan)
    attach_charts(plan.phases[0], catalog)  # the phase's own charts first: the timeline stays deferred
    assert "timeline" in plan.phases[0].deferred_charts and "timeline" not in plan.phases[0].charts
    attach_charts(full.phases[0], catalog)
    attach_roadmap(plan)
    assert plan.roadmap_done and _roadmap(plan) == _roadmap(full)


def test_an_edit_through_the_cache_never_serves_the_previous_timeline(catalog, monkeypatch) -> None:
    project = _project()
    cache = PhaseCache()
    before = estimate_plan(project, catalog, cache, **EDIT)
    old = before.phases[2].charts["timeline"]
    project.phases[0].duration_months += 1  # every phase's timeline moves; phases 2-3 may be served from the cache
    after = estimate_plan(project, catalog, cache, **EDIT, defer_roadmap=True)
    _assert_left(after)
    attach_roadmap(after)
    fresh = estimate_plan(project, catalog, **EDIT)
    assert after.phases[2].charts["timeline"] == fresh.phases[2].charts["timeline"] != old
    assert _roadmap(after) == _roadmap(fresh)
    again = estimate_plan(project, catalog, cache, **EDIT)  # a caller that does not leave it: made now
    assert again.roadmap_done and _roadmap(again) == _roadmap(fresh)
    monkeypatch.setattr(pipeline, "run_search", lambda *_: None)  # what complete_search attaches, not the search
    searched = complete_search(estimate_plan(project, catalog, defer_roadmap=True), catalog)
    assert searched.roadmap_done and _roadmap(searched)[:3] == _roadmap(fresh)[:3]
