"""Phased plans: hand-over arithmetic and the checks that say a phase cannot grow into the next."""

from __future__ import annotations

import copy

import pytest

from gpudesk.project.model import Phase, Project
from gpudesk.results.pipeline import estimate_plan


def _two_phase(first: Phase, second: Phase) -> Project:
    return Project(phases=[first, second])


def _owned(name: str, start: int, months: int, nodes: int, accelerator: str = "h100-sxm") -> Phase:
    phase = Phase(name=name, start_month=start, duration_months=months)
    phase.hardware.accelerator_id = accelerator
    phase.hardware.nodes = nodes
    phase.delivery.mode = "private"
    return phase


def test_owned_servers_carried_forward_are_not_bought_again(catalog):
    project = _two_phase(_owned("Train", 0, 12, 2), _owned("Grow", 12, 12, 4))
    carried = estimate_plan(project, catalog)
    grow = carried.phases[1]
    assert (grow.config.servers, grow.config.servers_carried, grow.config.servers_new) == (4, 2, 2)
    price = grow.ledger.line("servers").unit_price
    assert grow.ledger.line("servers").quantity == 2  # only the 2 added servers are bought
    assert grow.ledger.line("servers.carried").quantity == 2 and grow.ledger.line("servers.carried").amount is None
    assert grow.figures.value_at("tco.server_capex") == pytest.approx(2 * price)
    fresh = copy.deepcopy(project)
    fresh.phases[1].carry_forward_hardware = False
    rebuilt = estimate_plan(fresh, catalog)
    assert rebuilt.phases[1].config.servers_carried == 0 and rebuilt.phases[1].ledger.line("servers").quantity == 4
    # buying the 2 kept servers again is the whole difference in server capex between the two roadmaps
    assert rebuilt.phases[1].ledger.capex - grow.ledger.capex == pytest.approx(2 * price)
    assert rebuilt.roadmap.value_at("roadmap.total_spend") == pytest.approx(rebuilt.total)
    assert carried.roadmap.value_at("roadmap.total_spend") == pytest.approx(sum(p.ledger.phase_total for p in carried.phases))


def test_roadmap_capacity_follows_the_phases(catalog):
    project = _two_phase(_owned("Train", 0, 6, 1), _owned("Grow", 6, 6, 3))
    plan = estimate_plan(project, catalog)
    assert plan.roadmap.value_at("roadmap.peak_gpus") == 24
    assert plan.roadmap.value_at("roadmap.months") == 12
    timeline = plan.charts["timeline"]
    gpus = timeline.series_named("GPUs").y
    assert gpus[0] == 8 and gpus[-1] == 24


def test_rack_power_that_cannot_take_the_next_phase_is_flagged(catalog):
    first = _owned("H100 hall", 0, 12, 4)
    second = _owned("GB200 racks", 12, 12, 1, accelerator="gb200")
    second.hardware.gpus_per_node = 72
    second.facility.cooling = "liquid"
    checks = {c.id for c in estimate_plan(_two_phase(first, second), catalog).roadmap_checks}
    assert "roadmap.rack_power_cannot_grow" in checks


def test_fabric_without_ports_for_the_next_phase_is_flagged(catalog):
    first = _owned("Pilot cluster", 0, 6, 2)
    second = _owned("Production", 6, 12, 400)
    checks = {c.id for c in estimate_plan(_two_phase(first, second), catalog).roadmap_checks}
    assert "roadmap.fabric_cannot_grow" in checks


def test_hardware_retired_before_it_pays_back_is_flagged(catalog):
    first = _owned("Short pilot", 0, 3, 1)
    second = Phase(name="Cloud afterwards", start_month=3, duration_months=12, carry_forward_hardware=False)
    checks = {c.id for c in estimate_plan(_two_phase(first, second), catalog).roadmap_checks}
    assert "roadmap.retired_before_payback" in checks


def test_the_roadmap_spend_says_how_many_lines_awaiting_a_quote_it_leaves_out(catalog):
    """The government sample's MLU370 servers await a quote: its roadmap drew ~10 万 a month and no purchase at either
    phase's start, as if nothing were bought (walk-24, the Roadmap dock and the proposal's roadmap page). The chart's
    note counts what its spend leaves out, as the total beside it does ('407.4 万元 + 7 项待询价')."""
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.report.chart_text import localise_spec
    from gpudesk.results.plan_result import TIMELINE

    gov = estimate_plan(load_project(samples_dir() / "gov-llm-domestic-accelerator.gpudesk").project, catalog)
    waiting = len(gov.roadmap.awaiting("roadmap.total_spend"))
    assert waiting > 1
    timeline = gov.charts[TIMELINE]
    assert timeline.notes == f"Monthly spend leaves out {waiting} lines awaiting a quote."
    assert localise_spec(timeline, "zh").notes == f"月度支出不含 {waiting} 项待询价的费用。"
