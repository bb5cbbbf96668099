"""A budget the plan states holds the plan's own configuration too, not only the search's rows: a phase whose
configuration costs more over the horizon than its budget says so in a check (a budget of 1 yuan beside a
455,311 plan read nothing at all; the search alone dropped its 1,014 rows over budget)."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Phase, Project, Workload
from gpudesk.report.check_text import localise
from gpudesk.report.number_format import format_money
from gpudesk.results.pipeline import estimate_plan


def _phase(budget: float, mode: str) -> Phase:
    phase = Phase(name="P1", workloads=[Workload(kind="llm_inference", model_id="llama-3.1-8b", requests_per_day=1e5)])
    phase.hardware.accelerator_id = "h100-sxm"
    phase.delivery.mode = mode
    phase.costs.currency = "CNY"
    phase.costs.budget = budget
    return phase


@pytest.mark.parametrize("mode", ["private", "cloud_on_demand"])
def test_a_configuration_over_its_budget_says_so_in_both_languages(catalog, mode) -> None:
    plan = estimate_plan(Project(phases=[_phase(1.0, mode), _phase(1e12, mode), _phase(0.0, mode)]), catalog)
    over, within, unlimited = plan.phases
    cost = over.figures.number("tco.total_horizon")
    [check] = [c for c in over.checks if c.id == "cost.over_budget"]
    assert check.numbers["cost"] == pytest.approx(cost) and check.numbers["budget"] == 1.0
    assert check.severity == "warning" and check.step == "tco" and "tco.total_horizon" in check.figures
    _title, message, _fix = localise(check, "zh")
    assert format_money(cost, "CNY", "zh") in message and "预算" in message, message
    assert not [c for p in (within, unlimited) for c in p.checks if c.id == "cost.over_budget"]
