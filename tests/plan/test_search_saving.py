"""Step 2 says what the search saves against the plan's own configuration (results/plan_rows.saving_reasons), each
amount the cost ledger of a plan: the bank's Ascend 910B serving phases at TP4 cost more than the same card at
TP1 × PP4, and before this only a check said so, and only for a blocked plan."""

from __future__ import annotations

import math

import pytest

from gpudesk.report.check_text import reason_text
from gpudesk.results.plan_rows import saving_reasons


def test_the_bank_910b_phases_state_the_saving_in_both_languages(searched_sample) -> None:
    plan, _project = searched_sample("bank-llm-assistant")
    phase = plan.phases[1]
    assert phase.search.plan_accelerator == "ascend-910b"
    own = next(c for c in phase.candidates if c.pinned)
    (reason,) = saving_reasons(phase)  # the recommendation is on the same card: said once
    rec = phase.search.recommended
    assert rec.accelerator_id == "ascend-910b"
    cost = phase.point_costs[rec.index][2]
    assert reason.numbers["cost"].amount == pytest.approx(cost) and reason.numbers["own"].amount == own.cost
    # a saving worth stating: 43% when written, 29.7% since the TP all-reduce takes NCCL's protocol (2026-12-03)
    assert reason.numbers["saving"] == pytest.approx(1 - cost / own.cost) and reason.numbers["saving"] > 0.25
    assert f"saves {reason.numbers['saving']:.0%}" in reason_text(reason, "en")
    zh = reason_text(reason, "zh")
    assert "方案自身配置" in zh and "省" in zh


def test_no_saving_is_claimed_where_the_plan_is_the_cheapest(searched_sample) -> None:
    plan, _project = searched_sample("bank-llm-assistant")
    for phase in plan.phases:
        own = next((c for c in phase.candidates if c.pinned), None)
        for reason in saving_reasons(phase):
            assert own is not None and math.isfinite(own.cost)
            assert reason.numbers["cost"].amount < own.cost


def test_search_prices_serving_energy_at_the_plans_own_draw_share(searched_sample):
    """bank-llm-assistant phases 2-3 serve Qwen2.5-72B on owned Ascend 910B servers: the search's energy price per
    GPU-hour uses power.server_kw / power.server_max_kw (the serving iteration's draw over the year's traffic),
    not a fixed load share, so the plan's own configuration is priced at the draw the proposal shows."""
    plan, project = searched_sample("bank-llm-assistant")
    for i in (1, 2):
        phase = plan.phases[i]
        assert project.phases[i].workloads[0].kind == "llm_inference"
        share = phase.figures.number("power.server_kw") / phase.figures.number("power.server_max_kw")
        assert 0.2 < share < 0.7  # idle is 0.25 of the maximum, the serving peak draw below the maximum
        source = phase.search.unit_sources[project.phases[i].hardware.accelerator_id]
        assert source.numbers["load"] == pytest.approx(share, rel=1e-12)
