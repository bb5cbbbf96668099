"""The searched rows are priced by the cost ledger, never by a second formula: a row's GPUs, nodes and cost are
what the plan reports once that row is pinned (the same pipeline and ledger builder), and an unpriced
configuration's cost is unknown, never 0."""

from __future__ import annotations

import math

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_rows import ledger_cost
from gpudesk.results.search_pricing import pinned_project


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


@pytest.mark.parametrize("sample", ["bank-llm-assistant", "startup-inspection"])
def test_each_row_costs_what_the_plan_pinning_it_costs(sample, catalog, searched_sample) -> None:
    plan, project = searched_sample(sample)  # the session's searched sample (pinned_project copies what it pins)
    index = len(plan.phases) - 1
    phase = plan.phases[index]
    searched = [c for c in phase.candidates if c.point >= 0 and not c.pinned]
    assert searched, sample
    for row in searched[:2]:  # the two best rows, each re-estimated as the plan that pins it
        # without its own search: the configuration and the ledger read here are built before the search runs
        pinned = estimate_plan(pinned_project(project, index, catalog, phase.search.find(row.point)), catalog)
        after = pinned.phases[index]
        assert (row.gpus, row.nodes) == (after.config.gpus, after.config.units), row.accelerator_id  # rented: instances
        cost = ledger_cost(after.ledger, project.phases[index].costs.horizon_years)
        assert row.cost == pytest.approx(cost) if math.isfinite(cost) else math.isnan(row.cost)
        assert row.cost_unit == after.ledger.currency
    for row in phase.candidates:
        assert row.cost != 0  # priced, or unknown: never free


def test_the_proposal_prints_the_ledger_cost_of_the_recommendation(searched_sample) -> None:
    phase = searched_sample("bank-llm-assistant")[0].phases[-1]
    rec = phase.search.recommended
    gpus, nodes, cost = phase.point_costs[rec.index]
    row = next((c for c in phase.candidates if c.point == rec.index), None)
    if row is not None:
        assert (row.gpus, row.nodes) == (gpus, nodes) and (row.cost == cost or math.isnan(cost))
    assert gpus > 0 and nodes > 0


@pytest.mark.parametrize("sample", ["startup-inspection", "bank-llm-assistant"])
def test_rows_and_recommendation_rank_by_the_cost_they_show(sample, searched_sample) -> None:
    """The rows, the recommendation and the runner-up are ordered by the ledger cost every surface shows (feasible
    first, then market tier, then priced before unpriced): the startup sample's training phase recommended B200
    at $462,892 over a runner-up at $441,412, ranked by the search's own cost per run."""
    for phase in searched_sample(sample)[0].phases:
        search = phase.search
        if search is None or search.recommended is None:
            continue
        rows = [c for c in phase.candidates if c.point >= 0]
        assert [c.rank for c in phase.candidates] == list(range(1, len(phase.candidates) + 1))  # plan row included
        tiers = [search.tiers.get(c.accelerator_id, 0) for c in rows]
        for a, b, ta, tb in zip(rows, rows[1:], tiers, tiers[1:]):
            if a.fits and b.fits and ta == tb and math.isfinite(a.cost) and math.isfinite(b.cost):
                assert a.cost <= b.cost, (sample, phase.index, a.accelerator_id, b.accelerator_id)
        first = next(c for c in rows if c.fits)
        assert first.point == search.recommended.index
        rec_cost = phase.point_costs[search.recommended.index][2]
        if search.runner_up is not None and search.tiers.get(search.runner_up.accelerator_id, 0) == \
                search.tiers.get(search.recommended.accelerator_id, 0):
            runner = phase.point_costs[search.runner_up.index][2]
            if math.isfinite(rec_cost) and math.isfinite(runner):
                assert rec_cost <= runner


def _reasons(reason):
    """``reason`` and every reason nested in its numbers."""
    from gpudesk.core.candidates import Reason

    yield reason
    for value in reason.numbers.values():
        for item in (value.items if hasattr(value, "items") and not isinstance(value, dict) else (value,)):
            if isinstance(item, Reason):
                yield from _reasons(item)


@pytest.mark.parametrize("sample", ["bank-llm-assistant", "startup-inspection"])  # the module's samples: no new estimate
def test_a_rented_part_ranks_at_a_price_its_ledger_pays_and_a_cheaper_point_is_cheaper(sample, searched_sample):
    """The bank pilot's search ranked the H800 at a GPU rental price (a 'rental' offer) that its cloud ledger never
    reads ('no price'), and its why said the memory binds because A100 × 32 TP1 × DP32 'would need ¥564,790 (+0%)':
    ranked on the run while its rows cost the phase's rent. A row ranked at a rent offer is priced by its ledger,
    and the point the why calls cheaper is cheaper by the ledger."""
    for phase in searched_sample(sample)[0].phases:
        if phase.search is None:
            continue
        for row in phase.candidates:
            if any(r.key == "rent_offer" for r in row.reasons):
                assert math.isfinite(row.cost), (sample, row.accelerator_id)
        for r in _reasons(phase.search.why):
            if r.key == "search_versus_cost":
                assert r.numbers["change"] < 0, (sample, phase.name, r)
