"""Charts left to idle time (issue 24): absent until drawn, never the previous edit's, then the full estimate's.

The window estimates an edit without the charts of ``DEFERRED_CHARTS`` no step shows at once (the step-2 inference
chart: a concurrency sweep behind a tab step 2 does not open on), lists them in ``PhaseEstimate.deferred_charts``
and draws them in idle time (``attach_charts``). Until then the phase holds no such chart at all; drawn, the
phase's charts are exactly those of an estimate that drew them at once (same specs, same order), also when the
configuration search or the layout search attached first, through the phase cache after an edit, and in
``complete_search``. The gov sample (LLM serving: an inference chart) shows it; its phases are small to estimate.
"""

from __future__ import annotations

import copy

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import (
    DEFERRED_CHARTS,
    attach_charts,
    attach_layout,
    attach_search,
    complete_search,
    estimate_plan,
    run_search,
)

SAMPLE = "gov-llm-domestic-accelerator"
FIELD = "prompt_tokens"  # the inference chart's latencies move with it


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


@pytest.fixture(scope="module")
def project():
    return load_project(samples_dir() / f"{SAMPLE}.gpudesk").project


def _charts(plan) -> list[list[tuple[str, object]]]:
    return [list(phase.charts.items()) for phase in plan.phases]


def test_deferred_charts_are_absent_until_drawn_then_equal_the_charts_drawn_at_once(catalog, project) -> None:
    at_once = estimate_plan(project, catalog, search=False, layout=False)
    assert "inference" in at_once.phases[0].charts, "the sample shows what is deferred"
    deferred = estimate_plan(project, catalog, search=False, layout=False, defer_charts=DEFERRED_CHARTS)
    for phase in deferred.phases:
        assert phase.deferred_charts == DEFERRED_CHARTS
        assert not set(DEFERRED_CHARTS) & set(phase.charts), "a deferred chart was served before it was drawn"
        attach_charts(phase, catalog)
        assert phase.deferred_charts == ()
    assert _charts(deferred) == _charts(at_once)


def test_drawn_after_the_searches_attached_the_phase_equals_the_full_estimate(catalog, project) -> None:
    full = estimate_plan(project, catalog, search=True)
    plan = estimate_plan(project, catalog, search=False, layout=False, defer_charts=DEFERRED_CHARTS)
    for phase in plan.phases:
        attach_layout(phase, catalog)
        attach_search(phase, catalog, run_search(phase, catalog))  # the search attached first: still deferred
        assert "inference" not in phase.charts
        attach_charts(phase, catalog)
    assert _charts(plan) == _charts(full)
    again = complete_search(estimate_plan(project, catalog, defer_charts=DEFERRED_CHARTS), catalog)
    assert _charts(again) == _charts(full)


def test_after_an_edit_the_cache_never_serves_the_previous_chart(catalog, project) -> None:
    edited = copy.deepcopy(project)
    cache = PhaseCache()
    before = estimate_plan(edited, catalog, cache, search=False, layout=False)  # drawn at once, cached
    old = before.phases[0].charts["inference"]
    setattr(edited.phases[0].workloads[0], FIELD, getattr(project.phases[0].workloads[0], FIELD) * 2)
    after = estimate_plan(edited, catalog, cache, search=False, layout=False, defer_charts=DEFERRED_CHARTS)
    assert "inference" not in after.phases[0].charts and after.phases[0].deferred_charts == DEFERRED_CHARTS
    fresh = estimate_plan(edited, catalog, search=False, layout=False)
    hit = estimate_plan(edited, catalog, cache, search=False, layout=False)  # the cached phase, asked with the chart
    assert hit.phases[0] is after.phases[0] and hit.phases[0].deferred_charts == ()
    assert hit.phases[0].charts["inference"] == fresh.phases[0].charts["inference"] != old
