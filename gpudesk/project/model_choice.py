"""A workload that defines its own model (``custom_model``) leaves its ``model_id`` unread: choosing a catalog model
for it replaces the custom one, in the same undoable edit, so the choice is never a silent no-op."""

from __future__ import annotations

import re
from typing import Any

from gpudesk.project.model import Project

_MODEL_ID = re.compile(r"^phases\[(\d+)\]\.workloads\[(\d+)\]\.model_id$")


def custom_models_released(project: Project, assignments: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``custom_model`` cleared for each workload whose ``model_id`` the edit sets (unless it sets the custom model
    itself)."""
    assigned = {path for path, _value in assignments}
    released: list[tuple[str, Any]] = []
    for path, _value in assignments:
        match = _MODEL_ID.match(path)
        if match is None:
            continue
        phase, workload = int(match.group(1)), int(match.group(2))
        custom = f"phases[{phase}].workloads[{workload}].custom_model"
        if (phase < len(project.phases) and workload < len(project.phases[phase].workloads)
                and project.phases[phase].workloads[workload].custom_model and custom not in assigned):
            released.append((custom, None))
    return released
