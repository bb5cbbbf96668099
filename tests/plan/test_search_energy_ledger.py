"""One energy formula: the configuration search ranks an owned point with the energy the cost ledger charges the
plan that pins it (the power model's server draw at the workload's load, idle draw outside the usage profile's
hours, PUE and tariff; core/owned_power.py). Until stop 10 the search priced energy at the servers' maximum power x
load every hour of the year, without the idle term, while the ledger used the power model.

The search sizes no network: the pinned plan's switch power is the one part of its energy line the search leaves
out, and is taken off here. Where the draw follows the configuration's own step (training: its compute share; LLM
serving: its compute- and memory-bound shares, core/power_draw.py), the search prices every point at the plan's
sized configuration's shares, so its named points' energy is the ranking's estimate, not yet the ledger's (bank
and gov serving points: 5-7% apart); those phases are left out here. About 10 s: it estimates the pinned plan of every named owned point of three samples."""

import math

import pytest

from gpudesk.results.pipeline import estimate_phase
from gpudesk.results.search_pricing import pinned_project
from gpudesk.vocabulary.delivery import owns_hardware

OWNED_SAMPLES = ("manufacturer-vision-private",)  # the samples whose owned phases draw by a load factor


@pytest.mark.parametrize("stem", OWNED_SAMPLES)
def test_named_owned_points_rank_with_the_ledgers_energy(stem, searched_sample, catalog):
    plan, _project = searched_sample(stem)
    checked = 0
    for phase in plan.phases:
        ctx = phase.context
        primary = ctx.results[0]
        if not owns_hardware(ctx.phase.delivery.mode) or phase.search is None or primary.serves \
                or primary.compute_share is not None:
            continue
        years = ctx.phase.costs.horizon_years
        for point in {p.index: p for p in phase.search.named_points()}.values():
            pinned = estimate_phase(pinned_project(ctx.project, ctx.index, catalog, point), ctx.index, catalog,
                                    ctx.carried, layout=False)
            f = pinned.figures
            network = (f.number("power.network_kw", 0.0) * f.number("power.pue") * f.number("power.hours_per_year")
                       * f.number("power.electricity_price"))
            energy = pinned.ledger.line("energy")
            if math.isnan(point.value("energy")):  # no catalog server: its power, and so its energy, is unknown
                assert energy is None or not energy.priced, point
                continue
            assert energy is not None and energy.per_year is not None
            ledger = energy.per_year
            assert ledger == pytest.approx(f.number("tco.energy_per_year"), rel=1e-9)
            assert point.value("servers") == pinned.config.servers_owned, point
            assert point.value("energy") / years == pytest.approx(ledger - network, rel=1e-9), (phase.name, point)
            checked += 1
    assert checked, "no owned phase with named points"
