"""One energy formula: the configuration search ranks an owned point with the energy the cost ledger charges the
plan that pins it (the power model's server draw, idle draw outside the usage profile's hours, PUE and tariff;
core/owned_power.py). Until stop 10 the search priced energy at the servers' maximum power x load every hour of
the year, without the idle term; until stop 11 it priced every point at the plan's own sized configuration's step
shares, 2-9% under the ledger of LLM serving points (bank, gov) and of training points, whose draw follows their
own step (training: its compute share; LLM serving: its compute- and memory-bound shares, core/power_draw.py).

Checked on every shipped sample and on the owned phases of the generated plans (tests/plan/test_reconciliation.py:
every workload kind, private and hybrid), for the recommendation and every named point that meets the targets (a
point that misses one is sized otherwise once pinned: the plan's own sizing caps its batch at the target). The
search sizes no network: the pinned plan's switch power is the one part of its energy line the search leaves
out, and is taken off here. A plan that fixes its node count keeps it when a point is pinned: its servers then
differ from the point's, and the energy is compared per server. About 10 s."""

import copy
import math

import pytest
from test_reconciliation import GENERATED

from gpudesk.paths import samples_dir
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_phase, estimate_plan
from gpudesk.results.search_pricing import pinned_project
from gpudesk.vocabulary.delivery import owns_hardware

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

SAMPLES = sorted(p.stem for p in samples_dir().glob("*.gpudesk"))
OWNED = [(f"plan{i}.{j}", phase) for i, project in enumerate(GENERATED) for j, phase in enumerate(project.phases)
         if owns_hardware(phase.delivery.mode)]
HOURS_PER_YEAR = 8760.0


def _check_plan(plan, catalog) -> tuple[int, set[str]]:  # type: ignore[no-untyped-def]
    """(points checked, workload kinds checked): every owned phase's recommended and feasible named points."""
    checked, kinds = 0, set()
    for phase in plan.phases:
        ctx = phase.context
        if not owns_hardware(ctx.phase.delivery.mode) or phase.search is None or phase.search.recommended is None:
            continue
        years = ctx.phase.costs.horizon_years
        points = {p.index: p for p in phase.search.named_points() if p.feasible}
        assert phase.search.recommended.index in points
        for point in points.values():
            pinned = estimate_phase(pinned_project(ctx.project, ctx.index, catalog, point), ctx.index, catalog,
                                    ctx.carried, layout=False)
            f = pinned.figures
            energy = pinned.ledger.line("energy")
            if math.isnan(point.value("energy")):  # no catalog server: its power, and so its energy, is unknown
                assert energy is None or not energy.priced, point
                continue
            assert energy is not None and energy.per_year is not None
            assert energy.per_year == pytest.approx(f.number("tco.energy_per_year"), rel=1e-9)
            network = (f.number("power.network_kw", 0.0) * f.number("power.pue") * f.number("power.hours_per_year")
                       * f.number("power.electricity_price"))
            ledger = (energy.per_year - network) / pinned.config.servers_owned
            # owned points price the horizon's years, training too (the servers bought: docs/search.md)
            searched = point.value("energy") / years / point.value("servers")
            if not ctx.phase.hardware.nodes:
                assert point.value("servers") == pinned.config.servers_owned, point
            assert searched == pytest.approx(ledger, rel=1e-9), (phase.name, point.accelerator_id, point.layout)
            # the draw it came from: the point's servers' maximum is the ledger's nameplate
            assert point.value("power_kw") / point.value("servers") == pytest.approx(f.number("power.server_max_kw"))
            checked += 1
            kinds.add(ctx.phase.workloads[0].kind)
    return checked, kinds


@pytest.mark.parametrize("stem", SAMPLES)
def test_searched_points_energy_is_the_ledgers_on_every_sample(stem, searched_sample, catalog):
    plan, _project = searched_sample(stem)
    owned = [p for p in plan.phases if owns_hardware(p.context.phase.delivery.mode) and p.search is not None]
    checked, _kinds = _check_plan(plan, catalog)
    assert checked >= len(owned)


def test_searched_points_energy_is_the_ledgers_on_generated_plans(catalog):
    checked, kinds = 0, set()
    for _name, phase in OWNED:  # each owned phase alone: its own plan
        alone = copy.deepcopy(phase)
        alone.carry_forward_hardware = False
        n, k = _check_plan(estimate_plan(Project(phases=[alone]), catalog, search=True), catalog)
        checked, kinds = checked + n, kinds | k
    # LLM serving and training, agents, vision training and item serving all met
    assert {"pretrain", "finetune_lora", "llm_inference", "agent_hosting", "vision_train"} <= kinds, kinds
    assert checked >= len(OWNED)
