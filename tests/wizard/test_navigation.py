"""Wizard navigation and step status, without Qt."""

from __future__ import annotations

import pkgutil

import pytest

from gpudesk.core.checks import Check
from gpudesk.project.model import WORKLOAD_KINDS, Project
from gpudesk.session import field_paths
from gpudesk.vocabulary.steps import WIZARD_STEP
from gpudesk.wizard import fields
from gpudesk.wizard.navigation import WizardNavigator, step_status
from gpudesk.wizard.step_record import Step, Text
from gpudesk.wizard.steps import STEPS, by_number, step


def test_steps_are_numbered_in_order_and_named_in_both_languages():
    assert [s.number for s in STEPS] == list(range(1, len(STEPS) + 1))
    assert [s.key for s in STEPS] == list(WIZARD_STEP.codes)
    assert len({s.key for s in STEPS}) == len(STEPS)
    for s in STEPS:
        assert s.title("zh") != s.title("en") and s.guidance("zh") and s.guidance("en")
        assert step(s.key) is s and by_number(s.number) is s
    with pytest.raises(KeyError):
        step("no-such-step")
    with pytest.raises(KeyError):
        by_number(len(STEPS) + 1)


def test_every_step_module_is_in_the_list_of_steps():
    """A module under gpudesk/wizard/steps/ that the list does not name would never be shown."""
    import gpudesk.wizard.steps as package

    modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
    assert modules == set(WIZARD_STEP.codes)


def test_a_step_record_refuses_an_unknown_key_or_panel():
    with pytest.raises(ValueError, match="wizard step"):
        Step("no-such-step", Text("step.task.intro"), ())
    with pytest.raises(ValueError, match="panel"):
        Step("task", Text("step.task.intro"), (), panel="gallery")


def test_navigation_jump_back_and_bounds():
    nav = WizardNavigator()
    assert nav.is_first
    nav.go(5)
    nav.next()
    assert nav.current == 6
    assert nav.back() == 5 and nav.back() == 1
    last = len(STEPS)
    nav.go(last)
    assert nav.is_last and nav.next() == last and nav.step == STEPS[-1].key
    with pytest.raises(ValueError):
        nav.go(0)


def _check(key: str, severity: str) -> Check:
    return Check(f"x.{key}.{severity}", severity, key, "t", "m", "f")


def test_status_from_checks():
    status = step_status([_check("host", "warning"), _check("storage", "blocker"), _check("storage", "warning"),
                          _check("gpu", "info")])
    assert set(status) == {s.key for s in STEPS}
    assert status["task"] == "complete" and status["gpu"] == "complete"
    assert status["host"] == "warnings" and status["storage"] == "blocked"


def test_a_check_names_a_known_step():
    with pytest.raises(ValueError, match="wizard step"):
        _check("step-3", "warning")


@pytest.mark.parametrize("kind", WORKLOAD_KINDS)
def test_every_field_row_resolves_to_a_real_field(kind):
    project = Project()
    project.phases[0].workloads[0].kind = kind
    for s in STEPS:
        for row in fields.rows_for(s.key, kind):
            path = fields.resolve(row, 0, 0)
            field_paths.get(project, path)  # raises when the declaration is wrong
            assert row.label("zh") and row.label("en")


def test_field_paths_read_as_words_in_both_languages():
    from gpudesk.wizard.fields import describe_path

    assert describe_path("phases[0].costs.staff_fte", "en") == "Phase 1 · Operations staff"
    assert describe_path("phases[1].workloads[0].optimizer", "zh") == "阶段 2 · 负载 1 · 优化器"
    # each part capitalised as the first: the comparison's inputs read 'Phase 1 · workload 1 · Workload type' (walk-24)
    assert describe_path("phases[1].workloads[0].kind", "en") == "Phase 2 · Workload 1 · Workload type"
    assert describe_path("meta.customer", "zh") == "客户"
    assert describe_path("phases[0].stage", "zh") == "阶段 1 · 生命周期阶段"


def test_every_check_the_code_makes_names_a_step_by_its_key():
    from check_sources import check_steps

    steps = check_steps()
    assert len(steps) > 40  # the scanner found the Check calls
    assert {key for key, value in steps.items() if value not in WIZARD_STEP} == set(), steps
