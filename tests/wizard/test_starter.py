"""The guided start: every workload kind and goal gives a plan that estimates, in the customer's market."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.market import AvailabilityIndex
from gpudesk.project.assumed import assumed
from gpudesk.results.pipeline import estimate_plan
from gpudesk.vocabulary.workloads import SCENARIO, WORKLOAD_KIND
from gpudesk.wizard.lifecycle import STAGE_ADVICE
from gpudesk.wizard.starter import GOAL_FOR_KIND, MARKETS, PRESETS, starter_plan


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open(user_db=None)


def test_every_kind_has_a_preset_a_goal_and_a_scenario() -> None:
    kinds = {term.code for term in WORKLOAD_KIND}
    assert set(PRESETS) == kinds
    assert set(GOAL_FOR_KIND) == kinds
    assert {kind for scenario in SCENARIO for kind in scenario.kinds} == kinds
    stages = {advice.stage for advice in STAGE_ADVICE}
    assert set(GOAL_FOR_KIND.values()) <= stages


@pytest.mark.parametrize("kind", sorted(PRESETS))
def test_a_starter_plan_estimates_without_a_blocker(catalog: Catalog, kind: str) -> None:
    market = MARKETS[0]
    availability = AvailabilityIndex(catalog)
    project = starter_plan(kind, GOAL_FOR_KIND[kind], "zh", market, "某银行",
                           status=lambda acc: availability.accelerator(acc, market.code).status)
    phase = project.phases[0]
    assert phase.costs.currency == "CNY" and phase.facility.region == "cn"
    assert project.meta.name == "某银行算力方案" and project.meta.language == "zh"
    assert catalog.accelerator(phase.hardware.accelerator_id) is not None
    if "model_id" in PRESETS[kind]:
        assert catalog.model(phase.workloads[0].model_id) is not None
    estimate = estimate_plan(project, catalog)
    blockers = [c.id for c in estimate.phases[0].checks if c.severity == "blocker"]
    assert not blockers, f"{kind}: {blockers}"


def test_the_chosen_kind_is_the_users_and_the_load_is_marked_as_gpudesks(catalog: Catalog) -> None:
    project = starter_plan("llm_inference", "production", "en", MARKETS[1])
    workload = project.phases[0].workloads[0]
    names = {item.name for item in assumed(workload)}
    assert "kind" not in workload.assumed_inputs
    assert names, "the starter's load is a default the architect should confirm"
    assert project.phases[0].costs.currency == "USD" and project.meta.name == "New plan"


@pytest.mark.parametrize("stated", ["required", "preferred"])
def test_a_china_customer_stating_xinchuang_starts_on_a_domestic_part(catalog: Catalog, stated: str) -> None:
    from gpudesk.core.market import is_domestic
    from gpudesk.wizard.starter import domestic_candidates

    china = next(m for m in MARKETS if m.code == "cn")
    for kind in PRESETS:
        plan = starter_plan(kind, GOAL_FOR_KIND[kind], "zh", china, domestic_parts=stated)
        phase = plan.phases[0]
        assert phase.compliance.domestic_parts == stated  # the compliance step shows what the dialog asked
        acc = catalog.accelerator(phase.hardware.accelerator_id)
        assert is_domestic(acc) == bool(domestic_candidates(kind)), (kind, acc.id)
        checks = {c.id for c in estimate_plan(plan, catalog, search=False, layout=False).phases[0].checks}
        if domestic_candidates(kind):
            assert not {"compliance.domestic_required", "compliance.domestic_preferred"} & checks, kind
        else:  # none in the catalog for this work: the plan says so rather than starting on a part that is not
            assert f"compliance.domestic_{stated}" in checks, kind


def test_xinchuang_is_a_china_question(catalog: Catalog) -> None:
    us = next(m for m in MARKETS if m.code != "cn")
    plan = starter_plan("llm_inference", "production", "en", us, domestic_parts="required")
    assert plan.phases[0].compliance.domestic_parts == "none"
    assert plan.phases[0].hardware.accelerator_id == starter_plan("llm_inference", "production", "en", us) \
        .phases[0].hardware.accelerator_id
