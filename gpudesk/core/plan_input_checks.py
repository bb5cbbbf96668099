"""Checks on the plan's inputs themselves: what was assumed, and combinations that cannot work.

Say what was assumed: a phase's essential inputs that the plan left at gpudesk's defaults.

``project/assumed.py`` records, per workload, which essential inputs (the
workload type, the model, the data, the targets) the plan file never set.
Each such workload adds one assumption to the phase (printed by the
proposal's assumptions section) and the phase gets one warning (shown with
the results and in the proposal's risks), both naming every input and the
default value that stood in for it.

Impossible combinations are checks on the plan, never exceptions: a cloud
offer with another accelerator chosen for the phase, a calibration scale
for a constant gpudesk does not know.
"""

from __future__ import annotations

from gpudesk.core.calibration_hook import GLOBAL, PER_FAMILY, unusable_scales
from gpudesk.core.checks import Check
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.assumptions import Assumption
from gpudesk.project.assumed import Essential, assumed
from gpudesk.project.field_shapes import format_number
from gpudesk.project.model import Calibration, Phase, Workload

ASSUMED_CHECK_ID = "plan.assumed_inputs"  # the id of the warning below


UNITS_ZH = {"tokens": "tokens", "days": "天", "epochs": "轮", "items": "个样本", "items/day": "个/天", "ms": "毫秒",
            "requests/day": "次请求/天", "seats": "个席位", "agents": "个智能体", "calls/h": "次调用/小时"}
"""Chinese names of the units essential inputs declare (a unit not listed is shown as declared)."""


def _shown(workload: Workload, item: Essential, zh: bool = False) -> str:
    value = getattr(workload, item.name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = f"{value:,.0f}" if float(value).is_integer() else format_number(value)
        unit = UNITS_ZH.get(item.unit, item.unit) if zh else item.unit
        return f"{number} {unit}".strip()
    return str(value)


def _listing(workload: Workload, items: list[Essential], zh: bool) -> str:
    joiner = "；" if zh else "; "
    return joiner.join(f"{item.label_zh if zh else item.label} = {_shown(workload, item, zh)}" for item in items)


def _name(workload: Workload, index: int) -> str:
    return workload.name or f"{index + 1}. {workload.kind.replace('_', ' ')}"


def assumed_inputs(phase: Phase, where: str) -> tuple[list[Assumption], list[Check]]:
    """One assumption per workload with essential inputs left at their defaults, and one warning for the phase."""
    notes: list[Assumption] = []
    lines: list[str] = []
    lines_zh: list[str] = []
    count = 0
    for index, workload in enumerate(phase.workloads):
        items = assumed(workload)
        if not items:
            continue
        count += len(items)
        values = {"workload": _name(workload, index), "inputs": _listing(workload, items, False),
                  "inputs_zh": _listing(workload, items, True)}
        notes.append(Assumption("assumed_inputs", values))
        lines.append(f"{values['workload']}: {values['inputs']}")
        lines_zh.append(f"{values['workload']}：{values['inputs_zh']}")
    if not notes:
        return [], []
    check = Check(
        "plan.assumed_inputs", "warning", "task", "Inputs left at gpudesk's defaults",
        f"The plan does not set {count} essential input(s), so gpudesk's defaults stand in for them: "
        + " | ".join(lines) + ".",
        f"Enter these inputs in step 1 ({where}.workloads), or keep each default explicitly; until then the "
        "results describe a workload nobody specified.",
        numbers={"count": count, "inputs": " | ".join(lines), "inputs_zh": "；".join(lines_zh)},
    )
    return notes, [check]


def calibration_checks(calibration: Calibration) -> list[Check]:
    """A warning naming the fitted scales the estimate leaves out (unknown constants, values that are not > 0)."""
    ignored = unusable_scales(calibration)
    if not ignored:
        return []
    known = ", ".join([f"{k}.<family>" for k in PER_FAMILY] + list(GLOBAL))
    return [Check(
        "calibration.unknown_constant", "warning", "tco", "Calibration scales left out",
        f"{len(ignored)} fitted scale(s) in the plan's calibration cannot apply and were left out: "
        f"{'; '.join(ignored[:10])}. Calibratable constants are {known}, with scales above 0.",
        "Fit the calibration again from the pilot logs (Tools → Calibrate), or remove these entries.",
        numbers={"count": len(ignored), "ignored": "; ".join(ignored[:10]), "known": known},
    )]


def offer_checks(phase: Phase, r: ResolvedPhase, where: str) -> list[Check]:
    """A blocker when the GPU cloud offer chosen for the phase carries another accelerator than the phase's.

    (A CPU-only offer prices agent VMs and is answered by ``plan_assembly``'s own check.)"""
    offer = r.offer
    if offer is None or not phase.delivery.cloud_offer_id or r.chosen_offer_has_no_gpus:
        return []
    if offer.gpus <= 0 or not offer.accelerator_id or offer.accelerator_id == r.accelerator.id:
        return []
    name = f"{offer.provider} {offer.instance}"
    return [Check(
        "delivery.offer_mismatch", "blocker", "delivery", "The chosen cloud offer does not fit the plan",
        f"{name} carries {offer.accelerator_id}, not the phase's accelerator {r.accelerator.id}, so its price does "
        "not describe this plan.",
        f"Choose an offer with {r.accelerator.name} in step 6 ({where}.delivery.cloud_offer_id), or clear the field "
        "to use the cheapest matching offer.",
        numbers={"offer": name, "gpus": offer.gpus, "offer_accelerator": offer.accelerator_id,
                 "accelerator": r.accelerator.id},
    )]
