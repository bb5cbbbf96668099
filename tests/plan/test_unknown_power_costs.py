"""Costs that follow the servers' power stay unknown where the catalog gives no power for them (B300: no TDP, no
server power): the energy, a facility fit-out per kW and colocation per rack are lines awaiting a figure, never
priced on 0 kW or 1 rack, nor left out of the totals unsaid."""

from __future__ import annotations

import copy
import math

from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_plan

POWER_LINES = ("fitout", "energy", "colocation")


def _owned(accelerator: str) -> Project:
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="llm_inference", model_id="llama-3.1-70b")]
    phase.workloads[0].parallel.tp = 8
    phase.hardware.accelerator_id, phase.hardware.nodes = accelerator, 2
    phase.delivery.mode = "private"
    phase.costs.fitout_per_kw, phase.costs.colo_per_rack_month = 5_000.0, 10_000.0
    return project


def test_power_costs_of_servers_without_a_power_figure_are_unknown(catalog) -> None:
    """The fit-out read 0 kW of added IT load (its line dropped as empty), colocation was priced for 1 rack
    (120,000 a year) where the racks are unknown, and the electricity line was dropped, so the running total left
    energy out without a word."""
    phase = estimate_plan(_owned("b300"), catalog).phases[0]
    assert not math.isfinite(phase.figures.number("power.it_max_kw"))  # the premise: no power in the catalog
    lines = {line.key: line for line in phase.ledger.lines}
    assert set(POWER_LINES) <= set(lines), sorted(lines)
    unpriced = {line.key for line in phase.ledger.unpriced}
    for key in POWER_LINES:
        assert lines[key].amount is None and key in unpriced, (key, lines[key])
    for key in ("tco.fitout_capex", "tco.colo_per_year", "tco.design_kw_new", "tco.racks"):
        assert not math.isfinite(phase.figures.number(key)), key
    without_rates = _owned("b300")
    without_rates.phases[0].costs.fitout_per_kw = without_rates.phases[0].costs.colo_per_rack_month = 0.0
    plain = estimate_plan(without_rates, catalog).phases[0]
    assert plain.figures.number("tco.fitout_capex") == 0.0 and plain.figures.number("tco.colo_per_year") == 0.0
    assert {line.key for line in plain.ledger.lines} & set(POWER_LINES) == {"energy"}


def test_power_costs_of_servers_with_a_power_figure_are_priced(catalog) -> None:
    phase = estimate_plan(_owned("h100-sxm"), catalog).phases[0]
    lines = {line.key: line for line in phase.ledger.lines}
    kw = phase.figures.number("tco.design_kw_new")
    assert kw > 0 and lines["fitout"].amount == kw * 5_000.0 and lines["energy"].amount is not None
    assert phase.figures.number("tco.fitout_capex") == kw * 5_000.0


def test_a_roadmap_peak_power_over_such_servers_is_unknown(catalog) -> None:
    """roadmap.peak_kw read 0 kW (the unknown power taken as 0) for a roadmap owning B300 servers: unknown now, and a
    roadmap whose owned phases' power is known keeps its peak."""
    def peak(accelerator: str) -> float:
        project = _owned(accelerator)
        project.phases.append(copy.deepcopy(project.phases[0]))
        project.phases[1].start_month = project.phases[0].duration_months
        plan = estimate_plan(project, catalog)  # the roadmap comes with the estimate (not deferred)
        assert plan.roadmap is not None
        return plan.roadmap.number("roadmap.peak_kw")

    assert not math.isfinite(peak("b300"))
    assert peak("h100-sxm") > 0


def test_power_handed_to_the_next_phase_over_such_servers_is_unknown(catalog) -> None:
    """The servers a phase hands on carried their design power as 0 kW where the catalog gives them none
    (power.it_max_kw unknown, read with 0 for a default): the next phase would count 0 kW of load as built. Unknown
    now; servers with a power figure hand on their kW."""
    def handed(accelerator: str) -> float:
        project = _owned(accelerator)
        project.phases.append(copy.deepcopy(project.phases[0]))
        project.phases[1].start_month = project.phases[0].duration_months
        carried = estimate_plan(project, catalog).phases[0].carried
        assert carried is not None and carried.servers > 0
        return carried.design_kw

    assert math.isnan(handed("b300"))
    assert handed("h100-sxm") > 0
