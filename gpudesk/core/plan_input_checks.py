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

from collections.abc import Callable
from typing import Any

from gpudesk.core.assumptions import Assumption
from gpudesk.core.calibration_hook import GLOBAL, PER_FAMILY, unusable_scales
from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.project.assumed import Essential, assumed
from gpudesk.project.model import Calibration, Phase, Workload
from gpudesk.value_description import format_number
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import (
    ADP_BALANCE_BATCHING_WAIT_ITERS,
    ADP_BALANCE_TIMEOUT_ITERS,
    ENGINE_RELEASE,
    SERVING_BATCHING,
)
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS, WORKLOAD_KIND

ASSUMED_CHECK_ID = "plan.assumed_inputs"  # the id of the warning below


RowName = Callable[[str], str]  # a catalog row id -> the row's name (the id itself where the catalog has none)


def _shown(workload: Workload, item: Essential, model_name: RowName) -> str:
    value = getattr(workload, item.name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = f"{value:,.0f}" if float(value).is_integer() else format_number(value)
        return f"{number} {item.unit}".strip()
    if item.name == "kind":
        return WORKLOAD_KIND.name_of(value, "en")
    return model_name(str(value)) if item.name == "model_id" else str(value)


def _listing(workload: Workload, items: list[Essential], model_name: RowName) -> str:
    return "; ".join(f"{item.label} = {_shown(workload, item, model_name)}" for item in items)


def _name(workload: Workload, index: int) -> str:
    return workload.name or f"{index + 1}. {WORKLOAD_KIND.name_of(workload.kind, 'en')}"


def _assumed(workload: Workload, index: int, items: list[Essential], model_name: RowName) -> dict[str, Any]:
    """What a surface words in its language (gpudesk.report.check_text.assumed_listing): the workload, and each
    input by its field name, with the default value and its unit; a catalog row (the model) also by its name."""
    def entry(item: Essential) -> dict[str, Any]:
        value = getattr(workload, item.name)
        named = {"name": model_name(str(value))} if item.name == "model_id" else {}
        return {"field": item.name, "value": value, "unit": item.unit, **named}

    return {"workload": workload.name, "index": index, "kind": workload.kind, "inputs": [entry(i) for i in items]}


def assumed_inputs(phase: Phase, model_name: RowName = str) -> tuple[list[Assumption], list[Check]]:
    """One assumption per workload with essential inputs left at their defaults, and one warning for the phase.

    Both carry the English listing (``inputs``) and the inputs as data (``defaults``), from which every other
    language is worded through the text catalogue, never from words stored here."""
    notes: list[Assumption] = []
    lines: list[str] = []
    assumed_all: list[dict[str, Any]] = []
    count = 0
    for index, workload in enumerate(phase.workloads):
        items = assumed(workload)
        if not items:
            continue
        count += len(items)
        one = _assumed(workload, index, items, model_name)
        values = {"workload": _name(workload, index), "inputs": _listing(workload, items, model_name),
                  "defaults": [one]}
        notes.append(Assumption("assumed_inputs", values))
        lines.append(f"{values['workload']}: {values['inputs']}")
        assumed_all.append(one)
    if not notes:
        return [], []
    check = Check(
        "plan.assumed_inputs", "warning", "task", "Inputs left at gpudesk's defaults",
        f"The plan does not set {counted(count, 'essential input')}, so gpudesk's defaults stand in for them: "
        + " | ".join(lines) + ".",
        "Enter these inputs in step 1, or keep each default explicitly; until then the "
        "results describe a workload nobody specified.",
        numbers={"count": count, "inputs": " | ".join(lines), "defaults": assumed_all},
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
        f"{counted(len(ignored), 'fitted scale')} in the plan's calibration cannot apply and were left out: "
        f"{'; '.join(ignored[:10])}. Calibratable constants are {known}, with scales above 0.",
        "Fit the calibration again from the pilot logs (Tools → Calibrate), or remove these entries.",
        numbers={"count": len(ignored), "ignored": "; ".join(ignored[:10]), "known": known},
    )]


def offer_checks(phase: Phase, r: ResolvedPhase, where: str, accelerator_name: RowName = str) -> list[Check]:
    """A blocker when the GPU cloud offer chosen for the phase carries another accelerator than the phase's.

    (A CPU-only offer prices agent VMs and is answered by ``plan_assembly``'s own check.)"""
    offer = r.offer
    if offer is None or not phase.delivery.cloud_offer_id or r.chosen_offer_has_no_gpus:
        return []
    if offer.gpus <= 0 or not offer.accelerator_id or offer.accelerator_id == r.accelerator.id:
        return []
    name = f"{offer.provider} {offer.instance}"
    carried = accelerator_name(offer.accelerator_id)  # both parts by their names, as the catalog shows them
    return [Check(
        "delivery.offer_mismatch", "blocker", "delivery", "The chosen cloud offer does not fit the plan",
        f"{name} carries {carried}, not the phase's accelerator {r.accelerator.name}, so its price does not "
        "describe this plan.",
        f"Choose an offer with {r.accelerator.name} in step 6 (Cloud offer), or clear the field to use the cheapest "
        "matching offer.",
        numbers={"offer": name, "offer_id": offer.id, "gpus": offer.gpus, "offer_accelerator": carried, "accelerator": r.accelerator.name},
    )]


def unread_serving_inputs(phase: Phase, figures: FigureSet, accelerator: str = "", vendor: str = "") -> list[Check]:
    """Serving settings a plan states that its own layout never reads: the disaggregated pools and prefill tensor
    parallel under another batching, a data- or context-parallel degree (serving sizes replicas from the load), a
    TensorRT-LLM release on a part that is not NVIDIA's (``vendor``, the phase's accelerator),
    attention data-parallel balancing where attention is not data-parallel (the first workload's replica, whose
    figures the phase's are), the balancer's timeout and batching wait moved from their defaults with balancing off. Each was left out of the estimate without a word."""
    checks: list[Check] = []
    for index, w in enumerate(phase.workloads):
        p = w.parallel
        if w.kind not in LLM_SERVING_KINDS:
            continue
        if w.batching != "disaggregated" and (p.prefill_tp or p.prefill_pool_gpus or p.decode_pool_gpus):
            named = SERVING_BATCHING.name_of(w.batching, "en").lower()
            checks.append(Check(
                "serving.disaggregation_inputs_unread", "warning", "task", "Disaggregated-serving settings not read",
                f"Workload {index + 1} states disaggregated-serving settings (prefill tensor parallel {p.prefill_tp:,}, "
                f"prefill pool {p.prefill_pool_gpus:,} GPUs, decode pool {p.decode_pool_gpus:,} GPUs; 0 = not stated) "
                f"but batches by {named}: they are read only for disaggregated prefill/decode, so the estimate "
                "leaves them out.",
                "Choose disaggregated prefill/decode batching to use them, or set them to 0.",
                (), {"workload": float(index + 1), "prefill_tp": float(p.prefill_tp),
                     "prefill_pool_gpus": float(p.prefill_pool_gpus), "decode_pool_gpus": float(p.decode_pool_gpus),
                     "batching": w.batching}))
        if w.length_dataset != "none":  # the phase holds the data set's lengths (core/request_lengths.py)
            checks.append(Check(
                "serving.lengths_from_dataset", "info", "task", "Request lengths from a data set",
                f"Workload {index + 1} takes its request lengths from a data set, "
                f"{LENGTH_DATASET.name_of(w.length_dataset, 'en')}: mean input {w.prompt_tokens:,} tokens "
                f"(spread {w.prompt_tokens_sd:,.0f}) and mean output {w.output_tokens:,} tokens (spread "
                f"{w.output_tokens_sd:,.0f}); the plan's own lengths and spreads are not read.",
                "Choose no data set to size with the plan's own lengths.",
                tuple(f"{'' if index == 0 else f'w{index + 1}.'}infer.in.{k}" for k in ("prompt_tokens", "output_tokens")),
                {"workload": float(index + 1), "dataset": w.length_dataset, "prompt": float(w.prompt_tokens),
                 "prompt_sd": float(w.prompt_tokens_sd), "output": float(w.output_tokens),
                 "output_sd": float(w.output_tokens_sd)}))
        if w.engine_release.startswith("trtllm-") and vendor and vendor != "nvidia":
            named = ENGINE_RELEASE.name_of(w.engine_release, "en")
            checks.append(Check(
                "serving.engine_not_on_part", "warning", "task", "The serving engine does not run on this accelerator",
                f"Workload {index + 1} states {named} as its serving engine, but TensorRT-LLM runs only on NVIDIA GPUs "
                f"and the phase's accelerator is the {accelerator}: the estimate applies that release's host time "
                "and matrix-math limits as stated, which the engines this part runs do not share.",
                "State the engine the part runs (current, or plain PyTorch), or choose an NVIDIA accelerator.",
                (), {"workload": float(index + 1), "release": w.engine_release, "accelerator": accelerator}))
        if p.dp or p.cp > 1:
            checks.append(Check(
                "serving.parallel_unread", "warning", "task", "Data or context parallel not read for serving",
                f"Workload {index + 1} states a data-parallel degree of {p.dp:,} and a context-parallel degree of "
                f"{p.cp:,} (0 and 1 = not stated), but serving is sized in replicas of tensor × pipeline (× expert) "
                "parallel GPUs, as many as the request rate needs or the nodes set hold, and splits no prompt "
                "across GPUs: the estimate leaves them out.",
                "Set the data-parallel degree to 0 and the context-parallel degree to 1; state the load (or the "
                "nodes) to set the number of replicas.",
                (), {"workload": float(index + 1), "dp": float(p.dp), "cp": float(p.cp)}))
        if index == 0 and w.attention_dp_balance and "infer.tokens_per_s" in figures \
                and "infer.in.adp_timeout_iters" not in figures:
            checks.append(Check(
                "serving.adp_balance_unread", "warning", "task", "Attention data-parallel balancing not read",
                f"Workload 1 turns on attention data-parallel balancing, but its replica runs attention "
                f"tensor-parallel (expert parallel {p.ep:,} not wider than tensor parallel {p.tp:,}, or a dense "
                "model): there are no attention groups to balance, so the estimate leaves the setting and its "
                "timeout and batching wait out.",
                "Turn balancing off, or serve an MoE model with expert parallel wider than tensor parallel.",
                (), {"workload": 1.0, "ep": float(p.ep), "tp": float(p.tp)}))
        if not w.attention_dp_balance and (w.attention_dp_timeout_iters != ADP_BALANCE_TIMEOUT_ITERS
                                           or w.attention_dp_batching_wait_iters != ADP_BALANCE_BATCHING_WAIT_ITERS):
            checks.append(Check(
                "serving.adp_wait_unread", "warning", "task", "Attention data-parallel balancer's waits not read",
                f"Workload {index + 1} sets the attention data-parallel balancer's timeout to "
                f"{w.attention_dp_timeout_iters:,} iterations and its batching wait to "
                f"{w.attention_dp_batching_wait_iters:,} (defaults {ADP_BALANCE_TIMEOUT_ITERS:,} and "
                f"{ADP_BALANCE_BATCHING_WAIT_ITERS:,}), but balancing is off: the two are read only with balancing "
                "on, so the estimate leaves them out.",
                "Turn attention data-parallel balancing on to use them, or put them back to their defaults.",
                (), {"workload": float(index + 1), "timeout_iters": float(w.attention_dp_timeout_iters),
                     "wait_iters": float(w.attention_dp_batching_wait_iters),
                     "default_timeout_iters": float(ADP_BALANCE_TIMEOUT_ITERS),
                     "default_wait_iters": float(ADP_BALANCE_BATCHING_WAIT_ITERS)}))
    return checks
