"""Wizard navigation and step status, without Qt."""

from __future__ import annotations

import pytest

from gpudesk.core.checks import Check
from gpudesk.project.model import WORKLOAD_KINDS, Project
from gpudesk.session import field_paths
from gpudesk.wizard import fields
from gpudesk.wizard.navigation import WizardNavigator, step_status
from gpudesk.wizard.steps import STEPS, step


def test_seven_steps_in_both_languages():
    assert [s.number for s in STEPS] == list(range(1, 8))
    for s in STEPS:
        assert s.title("zh") != s.title("en") and s.guidance("zh") and s.guidance("en")
    with pytest.raises(KeyError):
        step(8)


def test_navigation_jump_back_and_bounds():
    nav = WizardNavigator()
    assert nav.is_first
    nav.go(5)
    nav.next()
    assert nav.current == 6
    assert nav.back() == 5 and nav.back() == 1
    nav.go(7)
    assert nav.is_last and nav.next() == 7
    with pytest.raises(ValueError):
        nav.go(0)


def _check(step_no: int, severity: str) -> Check:
    return Check(f"x.{step_no}.{severity}", severity, step_no, "t", "m", "f")


def test_status_from_checks():
    status = step_status([_check(3, "warning"), _check(4, "blocker"), _check(4, "warning"), _check(2, "info")])
    assert status[1] == "complete" and status[2] == "complete"
    assert status[3] == "warnings" and status[4] == "blocked"


@pytest.mark.parametrize("kind", WORKLOAD_KINDS)
def test_every_field_row_resolves_to_a_real_field(kind):
    project = Project()
    project.phases[0].workloads[0].kind = kind
    for number in range(1, 8):
        for row in fields.rows_for(number, kind):
            path = fields.resolve(row, 0, 0)
            field_paths.get(project, path)  # raises when the declaration is wrong
            assert row.label("zh") and row.label("en")


def test_field_paths_read_as_words_in_both_languages():
    from gpudesk.wizard.fields import describe_path

    assert describe_path("phases[0].costs.staff_fte", "en") == "Phase 1 · Operations staff"
    assert describe_path("phases[1].workloads[0].optimizer", "zh") == "阶段 2 · 负载 1 · 优化器"
    assert describe_path("meta.customer", "zh") == "客户"
    assert describe_path("phases[0].stage", "zh") == "阶段 1 · 生命周期阶段"
