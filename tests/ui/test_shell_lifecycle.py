"""Lifecycle advice data and the Qt-free structural plan edits."""

from __future__ import annotations

import dataclasses

import pytest

from gpudesk.project.commercial_terms import DELIVERY_MODES
from gpudesk.project.model import Phase, Project
from gpudesk.ui.plan_edits import (
    PlanEditError,
    add_phase,
    add_workload,
    move_phase,
    remove_phase,
    remove_workload,
)
from gpudesk.wizard.lifecycle import STAGE_ADVICE, advice_for, follows_advice, stages


def test_advice_covers_every_declared_stage_with_a_real_delivery_mode():
    declared = next(f for f in dataclasses.fields(Phase) if f.name == "stage").metadata["choices"]
    assert set(stages()) == set(declared)
    for advice in STAGE_ADVICE:
        assert advice.delivery_mode in DELIVERY_MODES
        for lang in ("zh", "en"):
            assert advice.form(lang) and advice.reason(lang) and advice.stage_title(lang)
        assert advice.form("zh") != advice.form("en")


@pytest.mark.parametrize(("stage", "mode"), [
    ("development", "cloud_on_demand"), ("training", "bare_metal"), ("production", "bare_metal"),
    ("deployment", "container_service"), ("integration", "serverless_api"),
    ("large_training", "managed_training"), ("automation", "agent_platform"),
])
def test_stage_maps_to_the_resource_form_of_the_source_document(stage, mode):
    assert advice_for(stage).delivery_mode == mode


def test_agent_advice_says_gpus_only_behind_the_models():
    advice = advice_for("automation")
    assert "CPU" in advice.form("en") and "GPU" in advice.form("en")
    assert "不需要 GPU" in advice.reason("zh")


def test_follows_advice():
    phase = Phase(stage="deployment")
    phase.delivery.mode = "container_service"
    assert follows_advice(phase)
    phase.delivery.mode = "bare_metal"
    assert not follows_advice(phase)
    with pytest.raises(KeyError):
        advice_for("no-such-stage")


def test_add_phase_copies_the_current_phase_and_starts_when_it_ends():
    project = Project()
    project.phases[0].hardware.nodes = 3
    project.phases[0].duration_months = 6
    new, index = add_phase(project, 0)
    assert index == 1 and len(new.phases) == 2 and len(project.phases) == 1
    assert new.phases[1].hardware.nodes == 3
    assert new.phases[1].start_month == 6
    assert new.phases[1].name == "Phase 2"
    assert new.phases[1] is not new.phases[0]


def test_remove_and_move_phases():
    project, _ = add_phase(Project(), 0)
    project.phases[1].name = "Later"
    moved, index = move_phase(project, 1, -1)
    assert index == 0 and [p.name for p in moved.phases] == ["Later", "Phase 1"]
    with pytest.raises(PlanEditError):
        move_phase(moved, 0, -1)
    smaller, index = remove_phase(moved, 0)
    assert [p.name for p in smaller.phases] == ["Phase 1"] and index == 0
    with pytest.raises(PlanEditError, match="at least one phase"):
        remove_phase(smaller, 0)


def test_workload_edits_keep_at_least_one():
    project, index = add_workload(Project(), 0, "llm_inference")
    assert index == 1 and project.phases[0].workloads[1].kind == "llm_inference"
    fewer, index = remove_workload(project, 0, 1)
    assert len(fewer.phases[0].workloads) == 1 and index == 0
    with pytest.raises(PlanEditError, match="at least one workload"):
        remove_workload(fewer, 0, 0)
    with pytest.raises(PlanEditError):
        add_workload(fewer, 5)
