"""The phase cache never serves a stale estimate: after any edit the cached plan equals a fresh estimate.

Each sample plan is edited field by field (numeric inputs of every phase, a new value each time, through the
document as the window does); after each edit the estimate made with the shared ``PhaseCache`` must be exactly
the one made without a cache (every figure, check, candidate, chart, ledger line), and undoing the edit must
give back the first estimate. A cache keyed on too little (a phase's workloads, its costs, the hardware handed
over by the previous phase, the calibration, the catalog's revision) fails here.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import figures_to_json, plan_to_json
from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))
FIELDS_PER_PHASE = 6


def _fingerprint(plan) -> str:  # type: ignore[no-untyped-def]
    if plan.search_done:
        return json.dumps(plan_to_json(plan), sort_keys=True, default=str)
    # the search pending (plan_to_json refuses it): what the window shows until the search is attached
    return json.dumps([(figures_to_json(p.figures), p.config.to_dict(), p.ledger.to_dict(), [c.to_dict() for c in p.checks],
                        [dataclasses.asdict(c) for c in p.candidates], sorted(p.charts)) for p in plan.phases],
                      sort_keys=True, default=str)


def _numeric_fields(project, phase: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Numeric inputs of one phase, spread over its sections (hardware, workloads, costs …)."""
    paths = [p for p, v in field_paths.walk(project.phases[phase], f"phases[{phase}]")
             if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0]
    step = max(1, len(paths) // FIELDS_PER_PHASE)
    return paths[::step][:FIELDS_PER_PHASE]


def _new_value(project, path: str):  # type: ignore[no-untyped-def]
    """A value the field has not held, within its declared bounds (None when none is found). A count goes down
    first: one more GPU per node than the server's slots is refused (input.node_exceeds_server), one fewer is not."""
    old = field_paths.get(project, path)
    tries = [old - 1, old + 1] if isinstance(old, int) else [old * 1.07, old * 0.93]
    for value in tries:
        if value != old and not field_paths.value_problems(project, path, value):
            return value
    return None


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_cached_estimate_equals_a_fresh_one_after_every_edit(sample, catalog, searched_sample):
    document = ProjectDocument(load_project(sample).project)
    cache = PhaseCache()
    # The configuration search is a function of a phase's estimate and the catalog, run once and kept with the
    # cached estimate: the edits compare the estimates without it (as the window makes them), the last with it.
    first = _fingerprint(estimate_plan(document.project, catalog, cache, search=False))
    last = _numeric_fields(document.project, len(document.project.phases) - 1)[-1]
    edited = 0
    for phase in range(len(document.project.phases)):
        for path in _numeric_fields(document.project, phase):
            value = _new_value(document.project, path)
            if value is None:
                continue
            search = path == last
            document.set(path, value)
            cached = estimate_plan(document.project, catalog, cache, search=search)
            fresh = estimate_plan(document.project, catalog, search=search)
            assert _fingerprint(cached) == _fingerprint(fresh), f"stale estimate served after editing {path}"
            document.undo()
            undone = _fingerprint(estimate_plan(document.project, catalog, cache, search=search))
            # undone, the plan is the sample again: the session's searched sample is its fresh estimate
            expected = _fingerprint(searched_sample(sample.stem)[0]) if search else first
            assert undone == expected, f"undo of {path}"
            edited += 1
    assert edited >= 6


def test_a_catalog_edit_is_not_served_from_the_cache(catalog):
    """The key holds the catalog's revision: a bumped revision re-estimates every phase."""
    project = load_project(SAMPLES[0]).project
    cache = PhaseCache()
    before = estimate_plan(project, catalog, cache)
    assert estimate_plan(project, catalog, cache).phases[0] is before.phases[0]  # a hit while nothing changed
    revision = getattr(catalog, "revision", 0)
    try:
        catalog.revision = revision + 1
        after = estimate_plan(project, catalog, cache)
    finally:
        catalog.revision = revision
    assert all(a is not b for a, b in zip(after.phases, before.phases))
