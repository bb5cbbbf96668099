"""An edit re-sizes only the workload it touched: the phase's other workloads come from the workload cache, and
never stale.

The manufacturer sample's phases hold two workloads (vision inference and vision training). After an edit of one
workload's field the window's estimate (made with the shared ``PhaseCache``) must equal a fresh estimate in every
figure, check, candidate, chart and ledger line, the other workload's sizing must be the cached one (the same
object) and the edited one a new one; an edit of the phase around them (its hardware, duration, costs) must re-size
both. It fails if the workload key leaves out the workload, the phase's own inputs or the phase's place in the plan.
"""

from __future__ import annotations

import pytest
from test_phase_cache import SAMPLES, _fingerprint, _new_value

from gpudesk.project.io import load_project
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import estimate_plan
from gpudesk.session.document import ProjectDocument

SAMPLE = next(p for p in SAMPLES if p.stem == "manufacturer-vision-private")


def _sized(plan, phase: int):  # type: ignore[no-untyped-def]
    return plan.phases[phase].context.results


@pytest.mark.parametrize(("path", "resized"), [
    ("phases[0].workloads[0].peak_factor", {0}),
    ("phases[0].workloads[1].epochs", {1}),
    ("phases[1].workloads[0].peak_factor", {0}),
    ("phases[0].hardware.gpus_per_node", {0, 1}),
    ("phases[0].duration_months", {0, 1}),
])
def test_only_the_edited_workload_is_sized_again(catalog, path: str, resized: set[int]) -> None:
    document = ProjectDocument(load_project(SAMPLE).project)
    assert all(len(p.workloads) == 2 for p in document.project.phases)
    cache = PhaseCache()
    before = estimate_plan(document.project, catalog, cache, search=False)
    value = _new_value(document.project, path)
    assert value is not None
    document.set(path, value)
    after = estimate_plan(document.project, catalog, cache, search=False)
    assert _fingerprint(after) == _fingerprint(estimate_plan(document.project, catalog, search=False)), \
        f"a stale workload was served after editing {path}"
    phase = int(path[len("phases["):path.index("]")])
    new = {i for i, (old, now) in enumerate(zip(_sized(before, phase), _sized(after, phase))) if old is not now}
    assert new == resized
    document.undo()
    assert _fingerprint(estimate_plan(document.project, catalog, cache, search=False)) == _fingerprint(before)


def test_phases_alike_but_for_their_place_do_not_share_a_workload(catalog) -> None:
    """A workload's checks name its place in the plan (``phases[1].workloads[0]…``): the key holds the phase index."""
    project = load_project(SAMPLE).project
    project.phases[1] = project.phases[0]
    cache = PhaseCache()
    cached = estimate_plan(project, catalog, cache, search=False)
    assert _fingerprint(cached) == _fingerprint(estimate_plan(project, catalog, search=False))
    assert _sized(cached, 0)[0] is not _sized(cached, 1)[0]
