"""Essential inputs a plan left unset, so gpudesk's defaults stand in for them.

A workload field whose metadata declares ``essential`` (its role: the
workload itself, the model, the data or the target, and the workload
kinds it matters for) is one an estimate cannot honestly do without. A
file that omits it — ``{"schema_version": 2}`` omits all of them — still
opens, but the missing names are recorded in the workload's
``assumed_inputs``; the estimate lists them among the phase's assumptions
and raises a warning, the proposal prints them, and the wizard marks the
inputs as defaults until they are edited. The list is saved with the plan,
so reopening keeps the marks. Nothing here names a field: the declarations
in ``model.py`` are the only list.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from gpudesk.project.field_shapes import fields_of
from gpudesk.project.model import Project, Workload

ASSUMED_FIELD = "assumed_inputs"
_WORKLOAD_PATH = re.compile(r"^(phases\[\d+\]\.workloads\[\d+\])\.([A-Za-z_]+)")


@dataclass(frozen=True)
class Essential:
    name: str
    role: str  # workload | model | data | target
    kinds: tuple[str, ...]
    label: str  # English, for the check's own text; other languages from the catalogue (workload.<field>)
    alternative: str = ""  # another field that sets the same input (custom_model for model_id)
    unit: str = ""


@functools.lru_cache(maxsize=1)
def essentials() -> tuple[Essential, ...]:
    """Every essential workload input, in declaration order."""
    return tuple(
        Essential(spec.name, spec.meta["essential"], tuple(spec.meta.get("kinds", ())), spec.meta.get("label", spec.name),
                  spec.meta.get("alternative", ""), spec.meta.get("unit", ""))
        for spec in fields_of(Workload) if spec.meta.get("essential")
    )


def _given(raw: dict[str, Any], item: Essential) -> bool:
    if item.name in raw:
        return True
    return bool(item.alternative) and raw.get(item.alternative) not in (None, {}, "")


def missing_in(raw: Any) -> list[str]:
    """Essential inputs (of any kind) a workload dict from a file does not give."""
    data = raw if isinstance(raw, dict) else {}
    return [item.name for item in essentials() if not _given(data, item)]


def mark_missing(project: Project, data: dict[str, Any]) -> None:
    """Record, per workload, the essential inputs the plan dict ``data`` left unset (kept with earlier marks)."""
    raw_phases = data.get("phases") if isinstance(data.get("phases"), list) else None
    for p_index, phase in enumerate(project.phases):
        raw_phase = raw_phases[p_index] if raw_phases is not None and p_index < len(raw_phases) else {}
        raw_workloads = raw_phase.get("workloads") if isinstance(raw_phase, dict) else None
        for w_index, workload in enumerate(phase.workloads):
            given = isinstance(raw_workloads, list) and w_index < len(raw_workloads)
            raw = raw_workloads[w_index] if given and raw_workloads is not None else {}
            add_marks(workload, missing_in(raw))


def mark_all(workload: Workload) -> None:
    """A workload made by gpudesk (a new plan, an added workload): every essential input is a default."""
    add_marks(workload, [item.name for item in essentials()])


def add_marks(workload: Workload, names: list[str]) -> None:
    known = {item.name for item in essentials()}
    merged = list(dict.fromkeys([*workload.assumed_inputs, *(n for n in names if n in known)]))
    workload.assumed_inputs = merged[:64]


def assumed(workload: Workload) -> list[Essential]:
    """The essential inputs of this workload's kind that are still gpudesk's defaults."""
    marked = set(workload.assumed_inputs)
    return [item for item in essentials() if item.name in marked and workload.kind in item.kinds]


def is_assumed(project: Project, path: str) -> bool:
    """Whether the field at ``path`` (``phases[0].workloads[1].model_id``) is an essential input left at its default."""
    workload, name = _workload_at(project, path)
    return workload is not None and any(item.name == name for item in assumed(workload))


def edit_clearing(project: Project, path: str) -> tuple[str, list[str]] | None:
    """When an edit of ``path`` sets an assumed input: (path of the workload's list, the list without it)."""
    workload, name = _workload_at(project, path)
    if workload is None or name == ASSUMED_FIELD:
        return None
    cleared = {name} | {item.name for item in essentials() if item.alternative == name}
    if not cleared & set(workload.assumed_inputs):
        return None
    prefix = _WORKLOAD_PATH.match(path)
    assert prefix is not None
    return f"{prefix.group(1)}.{ASSUMED_FIELD}", [n for n in workload.assumed_inputs if n not in cleared]


def _workload_at(project: Project, path: str) -> tuple[Workload | None, str]:
    match = _WORKLOAD_PATH.match(path)
    if not match:
        return None, ""
    numbers = [int(n) for n in re.findall(r"\[(\d+)\]", match.group(1))]
    try:
        return project.phases[numbers[0]].workloads[numbers[1]], match.group(2)
    except IndexError:
        return None, ""
