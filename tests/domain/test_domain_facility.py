"""Issue 16 errors 8 and 11: a seasonal peak is applied once; the air-cooled rack limit is an enterprise room's.

Error 11 — published figure: the Uptime Institute 2020 Global Data Center Survey's mean rack density is 8.4 kW
(catalog facility_defaults/rack-power-air, citation uptime-2020-density); the previous default, 40.8 kW, was a
DGX H100 SuperPOD design rack (4 × 10.2 kW). DGX H100 maximum input: 10.2 kW.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from domain_plans import check, check_ids, estimate, plan

from gpudesk.project.io import load_project

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_default_air_rack_limit_is_the_surveyed_enterprise_density(catalog) -> None:
    est = estimate(catalog, plan(delivery__mode="private", hardware__nodes=2))  # 2 × DGX H100 in an own room
    assert est.figures.number("power.rack_limit_kw") == pytest.approx(8.4)
    assert "uptime-2020-density" in est.figures.explain("power.rack_limit_kw").source
    blocker = check(est, "power.rack_limit_exceeded")  # 10.2 kW > 8.4 kW: not even one DGX fits
    assert blocker.numbers["server_max_kw"] == pytest.approx(10.2)


def test_the_sites_own_limit_is_an_input(catalog) -> None:
    est = estimate(catalog, plan(delivery__mode="private", hardware__nodes=2, facility__rack_power_limit_kw=20.4))
    assert est.figures.number("power.servers_per_rack") == 2  # ⌊20.4 / 10.2⌋
    assert est.figures.number("power.racks") == 1
    assert "power.rack_limit_exceeded" not in check_ids(est)


def test_a_providers_racks_are_not_the_customers_problem(catalog) -> None:
    est = estimate(catalog, plan(delivery__mode="cloud_on_demand", hardware__nodes=2))
    assert "power.rack_limit_exceeded" not in check_ids(est)


def test_festival_phase_pays_its_peak_once(catalog) -> None:
    project = load_project(SAMPLES / "ecommerce-recsys.gpudesk").project
    est = estimate(catalog, project, 1)
    f = est.figures
    # the festival phase's workload already holds the festival volume (75 bn items a day = 5 × 15 bn): its
    # container cost is the billed GPUs (whole instances) × 24 h × 30 days × 2 months × the offer's price per
    # GPU-hour, plus the running costs every mode pays, with no seasonal multiplier on top (before: November at 5×
    # again, (5 + 1) / 2 = 3× this)
    price = f.number("delivery.price.cloud_on_demand")
    billed = f.number("delivery.billed_gpus.cloud")
    assert billed >= f.number("plan.gpus")
    running = 2 * f.number("delivery.running_per_month")
    assert f.number("delivery.total.cloud_on_demand") == pytest.approx(billed * 24 * 30 * 2 * price + running)
    assert f.number("delivery.total.cloud_on_demand") == pytest.approx(est.ledger.phase_total)
    assert project.phases[1].workloads[0].items_per_day == 5 * project.phases[0].workloads[0].items_per_day


def test_owning_for_a_seasonal_peak_buys_the_peak(catalog) -> None:
    # a year-long owned phase whose workload states ordinary days, with November at 3×: the owned cluster is bought
    # for November (3 × the GPUs the workload needs, in whole servers); renting pays 3× in November only
    est = estimate(catalog, plan(delivery__mode="private", duration_months=12, facility__rack_power_limit_kw=20.4,
                                 delivery__utilisation__peak_months=[11], delivery__utilisation__peak_multiplier=3.0))
    f, config = est.figures, est.config
    assert config.gpus == 3 * config.baseline_gpus  # the sized configuration is the peak build
    assert f.number("plan.gpus") == 3 * f.number("plan.workload_gpus")
    assert config.servers == -(-config.gpus // config.gpus_per_node)
    assert est.ledger.line("servers").quantity == config.servers  # bought once, for the peak month
    assert f.number("delivery.total.private") == pytest.approx(est.ledger.phase_total)
    hours = 24 * 30
    od = f.number("delivery.price.cloud_on_demand") * f.number("delivery.billed_gpus.cloud") * hours
    running = 12 * f.number("delivery.running_per_month")
    assert f.number("delivery.billed_gpus.cloud") >= config.baseline_gpus  # renting sizes for ordinary months
    assert f.number("delivery.total.cloud_on_demand") == pytest.approx(od * (11 + 3) + running)


# -- a liquid-cooled system in the room the plan states ------------------------------------------------------------

def _rack_scale(accelerator: str, server: str, cooling: str):  # type: ignore[no-untyped-def]
    return plan(delivery__mode="private", hardware__accelerator_id=accelerator, hardware__server_id=server,
                facility__cooling=cooling)


@pytest.mark.parametrize(("accelerator", "server", "heat"), [("gb300", "gb300-nvl72", "unknown"),
                                                              ("gb200", "gb200-nvl72", "known")])
def test_a_liquid_cooled_rack_in_an_air_cooled_room_is_a_blocker(catalog, accelerator, server, heat) -> None:
    """GB300 NVL72 is liquid-cooled (catalog cooling = liquid, its liquid share unpublished). In a room the plan
    states is air-cooled it was silent, and the room was priced as a liquid one (PUE 1.1 and a 132 kW rack limit,
    the liquid defaults), while the hybrid GB200 NVL72 in the same room raised the blocker and kept the air
    defaults. The room is the plan's: both raise it, both price an air room."""
    from gpudesk.report.check_text import localise

    est = estimate(catalog, _rack_scale(accelerator, server, "air"))
    blocker = check(est, "power.needs_liquid_cooling")
    assert blocker.numbers["heat"] == heat
    assert "liquid" in blocker.message and "air-cooled" in blocker.message
    assert "液冷" in localise(blocker, "zh")[1] and "{" not in localise(blocker, "zh")[1]
    assert est.figures.number("power.pue") == pytest.approx(1.58)  # facility_defaults/pue-air
    assert est.figures.number("power.rack_limit_kw") == pytest.approx(8.4)  # facility_defaults/rack-power-air
    liquid = estimate(catalog, _rack_scale(accelerator, server, "liquid"))
    assert "power.needs_liquid_cooling" not in check_ids(liquid)
    assert liquid.figures.number("power.pue") == pytest.approx(1.1)  # facility_defaults/pue-liquid


def test_colocation_rents_the_network_racks_the_layout_draws(catalog) -> None:
    """16 DGX H100 at 40.8 kW racks fill 4 compute racks; their 12 QM9700 switches (1U) stand in a network rack of
    their own, as the rack layout draws it (N05). Colocation rent counted the compute racks alone (4 x 1,000 x 12 =
    48,000 a year): it is 5 x 1,000 x 12."""
    from gpudesk.core.power import rack_layout

    est = estimate(catalog, plan(delivery__mode="private", hardware__nodes=16, w__train_tokens=2e12,
                                 facility__rack_power_limit_kw=40.8, costs__colo_per_rack_month=1000.0))
    f = est.figures
    assert f.number("power.racks") == 4 and f.number("net.switches") == 12
    assert f.number("power.network_racks") == 1
    drawn = rack_layout(f, "DGX H100", "QM9700", 1.0)
    assert sum(r["kind"] == "network" for r in drawn) == f.number("power.network_racks")
    assert f.number("tco.colo_per_year") == pytest.approx(5 * 1000.0 * 12)
