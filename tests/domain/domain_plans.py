"""Small plans for the domain tests, built from the project model's defaults plus the fields a test names."""

from __future__ import annotations

from typing import Any

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_phase


def _set(obj: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for part in parents:
        obj = getattr(obj, part)
    if not hasattr(obj, last):
        raise AttributeError(f"{type(obj).__name__} has no field {last!r}")
    setattr(obj, last, value)


def plan(**fields: Any) -> Project:
    """One phase, one workload; keys are paths under the phase with ``__`` for dots (``w`` = the workload)."""
    project = Project()
    phase = project.phases[0]
    for key, value in fields.items():
        path = key.replace("__", ".")
        target, rest = (phase.workloads[0], path[2:]) if path.startswith("w.") else (phase, path)
        _set(target, rest, value)
    return project


def estimate(catalog, project: Project, index: int = 0, search: bool = False):  # type: ignore[no-untyped-def]
    """Phase ``index`` estimated; ``search``: with its configuration search (the checks that name the searched
    alternatives, e.g. pitfall.per_gpu_price, need it)."""
    return estimate_phase(project, index, catalog, search=search)


def check_ids(phase_estimate) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.id for c in phase_estimate.checks]


def check(phase_estimate, check_id: str):  # type: ignore[no-untyped-def]
    found = [c for c in phase_estimate.checks if c.id == check_id]
    assert found, f"{check_id} did not fire; checks: {check_ids(phase_estimate)}"
    return found[0]
