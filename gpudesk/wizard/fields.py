"""Where a step's inputs live in the plan, and a field path in words.

The rows each step asks are declared in its record (``gpudesk/wizard/steps/<key>.py``); this module resolves a
row to a project path and names any project path by the label its form shows.
"""

from __future__ import annotations

import re

from gpudesk.wizard.step_record import FieldRow
from gpudesk.wizard.steps import STEPS, step


def rows_for(step_key: str, kind: str) -> list[FieldRow]:
    """The rows step ``step_key`` shows for a workload of ``kind``."""
    return step(step_key).rows_for(kind)


def resolve(row: FieldRow, phase: int, workload: int) -> str:
    """The project path of a row: ``/meta.name`` is plan-wide; other rows are relative to the active phase."""
    if row.path.startswith("/"):
        return row.path[1:]
    return f"phases[{phase}]." + row.path.format(w=workload)


# Fields edited outside the step forms (the phase dialog, the plan itself).
OTHER_LABELS: dict[str, tuple[str, str]] = {
    "stage": ("Lifecycle stage", "生命周期阶段"), "start_month": ("Starts in month", "起始月份"),
    "carry_forward_hardware": ("Keeps the previous phase's hardware", "沿用上一阶段硬件"),
    "triggers": ("Growth triggers", "扩容触发条件"), "storage.sample_bytes": ("Bytes per sample", "每样本字节数"),
    "hardware.candidates": ("Accelerators compared", "参与比较的加速卡"), "meta.language": ("Language", "语言"),
    "meta.notes": ("Plan notes", "方案说明"), "calibration": ("Pilot calibration", "试点校准"),
    "workloads[{w}].custom_model": ("Custom model", "自定义模型"),
}

_PHASE_PATH = re.compile(r"^phases\[(\d+)\]\.(.*)$")
_WORKLOAD = re.compile(r"workloads\[(\d+)\]")


def describe_path(path: str, lang: str) -> str:
    """A project field path in words: ``phases[0].costs.staff_fte`` → "Phase 1 · Operations staff"."""
    match = _PHASE_PATH.match(path)
    inner, where = (path, "") if match is None else (match.group(2), match.group(1))
    pattern = _WORKLOAD.sub("workloads[{w}]", inner)
    absolute = "/" + inner
    label = next((row.label(lang) for s in STEPS for row in s.fields
                  if row.path in (pattern, absolute)), "")
    if not label:
        bare = re.sub(r"\[\d+\]", "", pattern)  # list items take their list's label: triggers[0].threshold
        key = next((k for k in OTHER_LABELS if bare == k or bare.startswith(k + ".")), "")
        label = OTHER_LABELS[key][1 if lang == "zh" else 0] if key else inner.split(".")[-1].replace("_", " ")
    if not where:
        return label
    workload = _WORKLOAD.search(inner)
    phase = f"阶段 {int(where) + 1}" if lang == "zh" else f"Phase {int(where) + 1}"
    if workload:
        phase += f" · {'负载' if lang == 'zh' else 'workload'} {int(workload.group(1)) + 1}"
    return f"{phase} · {label}"
