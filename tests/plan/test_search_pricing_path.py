"""Pinning a searched configuration copies only the objects on the pinned fields' paths (results/search_pricing.py):
the pinned plan equals a deep copy with the same fields set, shares everything else with the plan, and pricing every
configuration a sample shows leaves the plan it priced from unchanged (the pipeline reads a plan, never edits it).
The tests read the session's searched samples (tests/conftest.searched_sample, shared with other tests) and estimate
nothing of their own: a test that is first to ask for a sample pays its one estimate (the bank's about 3 s here)."""

from __future__ import annotations

import copy

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.results.pinning import point_assignments
from gpudesk.results.search_pricing import assign, kept_nodes, pinned_project, shown_points

SAMPLES = ("bank-llm-assistant", "ecommerce-recsys", "gov-llm-domestic-accelerator", "manufacturer-vision-private",
           "startup-inspection")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    catalog = Catalog.open(user_db=None)
    yield catalog
    catalog.close()


def _deep_pinned(project, index, catalog, point):  # type: ignore[no-untyped-def]
    """What pinning did before: a deep copy of the whole plan, then the same assignments."""
    copied = copy.deepcopy(project)
    for path, value in point_assignments(catalog, project.phases[index], index, point):
        assign(copied, path, value)
    if kept_nodes(point):
        copied.phases[index].hardware.nodes = kept_nodes(point)
    return copied


@pytest.mark.parametrize("sample", SAMPLES)
def test_pricing_leaves_the_plan_as_it_was(sample, searched_sample) -> None:
    plan, project = searched_sample(sample)
    for phase in plan.phases:
        ctx = phase.context
        if ctx.project is None or phase.found is None:
            continue
        assert phase.point_costs  # priced: every shown point went through pinned_project and the pipeline
        assert repr(ctx.project.phases[ctx.index]) == repr(project.phases[phase.index]), (sample, phase.index)


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_pinned_plan_is_the_deep_copy_with_the_point_set(sample, searched_sample, catalog) -> None:
    plan, _project = searched_sample(sample)
    checked = 0
    for phase in plan.phases:
        ctx = phase.context
        if ctx.project is None or phase.found is None:
            continue
        before = repr(ctx.project)
        for point in list({p.index: p for p in shown_points(phase.found)}.values())[:6]:
            pinned = pinned_project(ctx.project, ctx.index, catalog, point)
            assert repr(pinned) == repr(_deep_pinned(ctx.project, ctx.index, catalog, point))
            assert pinned.meta is ctx.project.meta and pinned.calibration is ctx.project.calibration  # shared
            assert pinned.phases[ctx.index].workloads[0] is not ctx.project.phases[ctx.index].workloads[0]
            checked += 1
        assert repr(ctx.project) == before
    assert checked


def test_assign_copies_the_path_once_and_shares_the_rest() -> None:
    from gpudesk.project.model import Project

    project = Project()
    copied = copy.copy(project)
    owned = {id(copied)}
    assign(copied, "phases[0].workloads[0].parallel.tp", 4, owned)
    assign(copied, "phases[0].workloads[0].parallel.pp", 2, owned)
    assign(copied, "phases[0].hardware.nodes", 3, owned)
    assert (project.phases[0].workloads[0].parallel.tp, project.phases[0].hardware.nodes) != (4, 3)
    new, old = copied.phases[0], project.phases[0]
    assert (new.workloads[0].parallel.tp, new.workloads[0].parallel.pp, new.hardware.nodes) == (4, 2, 3)
    assert new.costs is old.costs and new.delivery is old.delivery  # not on a pinned path: shared
    assert len(owned) == 7  # the plan, its phases list, the phase, its workloads list, the workload, parallel, hardware


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_price_reads_the_ledger_the_whole_infrastructure_makes(sample, searched_sample) -> None:
    """A searched configuration's price (results/pipeline.phase_ledger) builds the cost ledger from the figures it
    reads alone (core/plan_infra.phase_infrastructure(ledger_only=True): no host, no checks, no delivery comparison
    of an owned phase, no cost of owning a rented one): the same ledger, line by line, as the whole infrastructure
    of the plan pinning it, on the first shown points of every phase of every sample, and the same total the row
    shows. One pass memo serves both (what a pricing pass shares: the models' figures for the same inputs)."""
    from gpudesk.core.ledger_build import build_ledger
    from gpudesk.core.pass_memo import PassMemo
    from gpudesk.core.plan_infra import phase_infrastructure
    from gpudesk.results.pipeline import _sized, phase_ledger
    from gpudesk.results.plan_rows import ledger_cost

    plan, _project = searched_sample(sample)
    catalog = searched_sample.catalog
    checked = 0
    for phase in plan.phases:
        ctx = phase.context
        if ctx.project is None or phase.found is None:
            continue
        years = ctx.project.phases[ctx.index].costs.horizon_years
        for point in list({p.index: p for p in shown_points(phase.found)}.values())[:2]:
            pinned = pinned_project(ctx.project, ctx.index, catalog, point)
            with PassMemo().active():
                config, fast = phase_ledger(pinned, ctx.index, catalog, ctx.carried)
                p, _where, resolved, results, figures, whole_config, _scales = _sized(pinned, ctx.index, catalog,
                                                                                      ctx.carried, False)
                infra = phase_infrastructure(p, resolved, results[0], whole_config, ctx.carried, figures)
            figures.merge(infra.figures)
            whole = build_ledger(p, resolved, figures, whole_config, ctx.carried)
            assert repr(fast) == repr(whole), (sample, phase.index, point.index)
            assert (config.gpus, config.nodes) == (whole_config.gpus, whole_config.nodes)
            cost = ledger_cost(fast, years)
            assert repr(cost) == repr(phase.point_costs[point.index][2]), (sample, phase.index, point.index)
            checked += 1
    assert checked
