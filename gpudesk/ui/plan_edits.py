"""Structural edits of a plan: add, remove and reorder phases and workloads (Qt-free).

Each function returns a new :class:`Project` (the input is never changed)
plus the index to select afterwards, so the window can hand the result to
``ProjectDocument.replace_project`` as one undoable step.
"""

from __future__ import annotations

import copy

from gpudesk.project.assumed import mark_all
from gpudesk.project.field_shapes import fields_of
from gpudesk.project.model import Phase, Project, Workload
from gpudesk.vocabulary.workloads import WORKLOAD_KIND


def _max_items(cls: type, name: str) -> int:
    return int(next(spec.meta["max_items"] for spec in fields_of(cls) if spec.name == name))


MAX_PHASES = _max_items(Project, "phases")  # the declared bounds, so the editor never builds a plan the file refuses
MAX_WORKLOADS = _max_items(Phase, "workloads")


class PlanEditError(ValueError):
    """An edit that would leave the plan invalid (no phases, too many workloads …). ``reason`` names the case
    (the window words it in the interface language), ``values`` fill its numbers."""

    def __init__(self, message: str, reason: str = "", **values: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


def _check_phase(project: Project, index: int) -> None:
    if not 0 <= index < len(project.phases):
        raise PlanEditError(f"phase {index + 1} does not exist (the plan has {len(project.phases)})", "no_phase",
                            phase=index + 1, count=len(project.phases))


PHASE_NAME = {"en": "Phase {0}", "zh": "阶段 {0}"}
WORKLOAD_NAME = {"en": "Workload {0}", "zh": "工作负载 {0}"}


def next_phase_name(project: Project, lang: str = "en") -> str:
    template = PHASE_NAME.get(lang, PHASE_NAME["en"])
    names = {p.name for p in project.phases}
    number = len(project.phases) + 1
    while template.format(number) in names:
        number += 1
    return template.format(number)


def add_phase(project: Project, after: int, currency: str | None = None, lang: str = "en") -> tuple[Project, int]:
    """A new phase after ``after``: a copy of it (its hardware carried forward) starting when it ends.
    ``lang``: the language of the new phase's name."""
    if len(project.phases) >= MAX_PHASES:
        raise PlanEditError(f"a plan holds at most {MAX_PHASES} phases", "too_many_phases", limit=MAX_PHASES)
    new = copy.deepcopy(project)
    if new.phases:
        _check_phase(new, after)
        base = new.phases[after]
        phase = copy.deepcopy(base)
        phase.start_month = base.start_month + base.duration_months
        phase.carry_forward_hardware = True
        phase.triggers = []
        phase.notes = ""
        position = after + 1
    else:
        phase = Phase()
        if currency:
            phase.costs.currency = currency
        position = 0
    phase.name = next_phase_name(project, lang)
    new.phases.insert(position, phase)
    return new, position


def remove_phase(project: Project, index: int) -> tuple[Project, int]:
    _check_phase(project, index)
    if len(project.phases) == 1:
        raise PlanEditError("a plan needs at least one phase", "last_phase")
    new = copy.deepcopy(project)
    del new.phases[index]
    return new, max(0, index - 1)


def move_phase(project: Project, index: int, offset: int) -> tuple[Project, int]:
    """Move phase ``index`` by ``offset`` places (−1 earlier, +1 later)."""
    _check_phase(project, index)
    target = index + offset
    if not 0 <= target < len(project.phases):
        raise PlanEditError("the phase is already at that end of the plan", "at_end")
    new = copy.deepcopy(project)
    phase = new.phases.pop(index)
    new.phases.insert(target, phase)
    return new, target


def add_workload(project: Project, phase: int, kind: str | None = None, lang: str = "en") -> tuple[Project, int]:
    _check_phase(project, phase)
    if len(project.phases[phase].workloads) >= MAX_WORKLOADS:
        raise PlanEditError(f"a phase holds at most {MAX_WORKLOADS} workloads", "too_many_workloads",
                            limit=MAX_WORKLOADS)
    new = copy.deepcopy(project)
    workload = Workload(kind=kind) if kind else Workload()
    mark_all(workload)
    if kind:
        workload.assumed_inputs.remove("kind")
    workload.name = WORKLOAD_NAME.get(lang, WORKLOAD_NAME["en"]).format(len(new.phases[phase].workloads) + 1)
    new.phases[phase].workloads.append(workload)
    return new, len(new.phases[phase].workloads) - 1


def remove_workload(project: Project, phase: int, index: int) -> tuple[Project, int]:
    _check_phase(project, phase)
    workloads = project.phases[phase].workloads
    if not 0 <= index < len(workloads):
        raise PlanEditError(f"workload {index + 1} does not exist in phase {phase + 1}", "no_workload",
                            workload=index + 1, phase=phase + 1)
    if len(workloads) == 1:
        raise PlanEditError("a phase needs at least one workload", "last_workload")
    new = copy.deepcopy(project)
    del new.phases[phase].workloads[index]
    return new, max(0, index - 1)


def workload_title(workload: Workload, index: int, lang: str = "en") -> str:
    """"1. Real-time line inspection"; a workload without a name by its kind, in ``lang``."""
    return f"{index + 1}. {workload.name or WORKLOAD_KIND.name_of(workload.kind, lang)}"
