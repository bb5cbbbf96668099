"""Per-workload dispatch, the phase's own checks and its assumption list."""

from __future__ import annotations

import math

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.core.assumptions import Assumption
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text, plain_number
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.hardware_sources import capacity_source
from gpudesk.core.link_checks import link_checks
from gpudesk.core.memory_alternatives import NODE_GPUS
from gpudesk.core.phase_sizing import ALTERNATIVE
from gpudesk.core.pitfalls import bottleneck_pitfall
from gpudesk.core.plan_input_checks import unread_serving_inputs
from gpudesk.core.plan_pitfalls import plan_pitfalls
from gpudesk.core.plan_precision import precision_checks
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, resolve_model
from gpudesk.core.plan_serving import refuse_partial_pools, size_llm_serving
from gpudesk.core.plan_workload import TRAIN_KINDS, WorkloadResult, phase_hardware, size_training
from gpudesk.core.plan_workload_other import (
    ITEM_KINDS,
    size_agents,
    size_item_serving,
    size_vdi,
    size_vision_training,
)
from gpudesk.core.power_limit import MIN_CLOCK_FRACTION, lowest_modelled_limit_w
from gpudesk.project.model import Phase, Workload
from gpudesk.refusals import refusal
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.vocabulary.training import LOW_PRECISION_RECIPE, PIPELINE_SCHEDULE


def workload_for(catalog: Catalog, phase: Phase, w: Workload, r: ResolvedPhase, where: str,
                 calibration: CalibrationScales | None = None, layout_search: bool = True) -> WorkloadResult:
    """Size one workload; a precision the accelerator lacks becomes a blocker with unknown figures.
    ``layout_search=False``: without mem.min_gpus (the fewest GPUs for one replica, read only by a check and the
    step page), for the ledger pricing of a searched configuration."""
    blockers = precision_checks(r.accelerator, w)
    try:
        result = _dispatch(catalog, phase, w, r, where, calibration, layout_search)
    except PlanInputError:
        if not blockers:
            raise
        # throughput-sized kinds cannot size without a peak: the blocker says why; the GPUs stay as planned
        result = WorkloadResult(figures=FigureSet(), gpus=max(phase.hardware.nodes * phase.hardware.gpus_per_node, 1))
    result.checks.extend(blockers)
    return result


def workload_inputs(phase: Phase, w: Workload, r: ResolvedPhase) -> tuple[object, ...]:
    """What :func:`workload_for` reads besides the catalog, the workload's place and the calibration: the workload,
    the phase's hardware section and duration, and the rows the phase resolved to that sizing reads (accelerator,
    server, NIC; a rented phase's instance and the server it is cut from; for agent hosting the CPU offer and the phase's costs, which price its VMs). Equal inputs size
    equally: an edit of anything else (costs, storage, network, facility, delivery, compliance, the phase's name or
    start) leaves the sizing as it was. tests/plan/test_workload_inputs.py fails if sizing reads anything else."""
    agents = w.kind == "agent_hosting"
    return (repr(w), repr(phase.hardware), phase.duration_months, repr(r.accelerator), repr(r.server), repr(r.nic),
            repr(r.instance), repr(r.instance_host),
            repr(r.cpu_offer) if agents else None, repr(phase.costs) if agents else None)


def _dispatch(catalog: Catalog, phase: Phase, w: Workload, r: ResolvedPhase, where: str,
              calibration: CalibrationScales | None, layout_search: bool = True) -> WorkloadResult:
    """Size one workload; LLM training and serving use the pilot calibration when there is one."""
    hw = phase_hardware(r, phase)  # a rented phase: its instance, on the instance's network
    if w.kind == "rendering_vdi":
        return size_vdi(r.accelerator, w, phase, where)
    model = resolve_model(catalog, w, where)
    result = _size_model(model, phase, w, r, hw, where, calibration, layout_search)
    result.model_name = model.name
    return result


def _size_model(model: rec.ModelArch, phase: Phase, w: Workload, r: ResolvedPhase, hw: HardwareArrays, where: str,
                calibration: CalibrationScales | None, layout_search: bool = True) -> WorkloadResult:
    source = capacity_source(r.accelerator)
    if w.kind in TRAIN_KINDS:
        if model.kind not in ("decoder", "encoder", "encoder-decoder"):
            if "kind" in w.assumed_inputs:  # the file gave no type: the default's demand is not the user's mistake
                raise PlanInputError(refusal("input.kind_not_stated", field=f"{where}.kind", model=model.name,
                                             kind=model.kind))
            raise PlanInputError(refusal("input.not_a_language_model", field=f"{where}.model_id", model=model.name,
                                         kind=model.kind))
        return size_training(model, w, phase, hw, where, source, calibration, layout_search)
    if w.kind == "vision_train":
        return size_vision_training(model, w, phase, hw, where)
    if w.kind == "llm_inference":
        refuse_partial_pools(w, where)
        return size_llm_serving(model, w, phase, hw, calibration=calibration, layout_search=layout_search,
                                where=where)
    if w.kind in ITEM_KINDS:
        return size_item_serving(model, w, phase, hw, where)
    if w.kind == "agent_hosting":
        return size_agents(model, w, phase, hw, r.cpu_offer, where)
    raise PlanInputError(refusal("input.unknown_workload_kind", field=f"{where}.kind", kind=repr(w.kind)))


FITS_WITH = {
    "none": "no layout gpudesk tries fits the model on this GPU.",
    "recompute": "no layout fits with this recompute setting; with full activation recompute the smallest layout that "
                 "fits uses {fit_gpus:,.0f} GPUs.",
    "recompute_zero3": "no layout fits with these settings; with full activation recompute and ZeRO-3 (fully sharded "
                       "weights, gradients and optimizer states) {fit_gpus:,.0f} GPUs hold it.",
    "per_node": "no layout fits on servers of this size; with {node_gpus} GPUs a server (tensor parallel inside it) the "
                "smallest layout that fits uses {fit_gpus:,.0f} GPUs.",
    "per_node_recompute": "no layout fits on servers of this size; with {node_gpus} GPUs a server and full activation "
                          "recompute the smallest layout that fits uses {fit_gpus:,.0f} GPUs.",
}
"""The end of task.model_does_not_fit's fix when no layout of the plan's family fits, by the change that would
(core/memory_alternatives.py); the Chinese by the same codes in ``[code.smallest]`` of checks_zh.toml."""


def _workload_checks(phase: Phase, figures: FigureSet, results: list[WorkloadResult], r: ResolvedPhase) -> list[Check]:
    checks: list[Check] = []
    w = phase.workloads[0]
    if figures.number("mem.fits") == 0.0:
        total, cap = figures.number("mem.total") / 1e9, figures.number("mem.capacity") / 1e9
        min_gpus = figures.number("mem.min_gpus")
        # NaN: no layout the memory search tries fits (a generated 70B plan read 'the smallest layout that fits uses
        # nan GPUs' in its proposal); then the one change the memory model finds would fit, where there is one
        fits_with = results[0].fits_with if results else None
        smallest = "gpus" if math.isfinite(min_gpus) else fits_with[0] if fits_with else "none"
        fit_gpus = fits_with[1] if fits_with else math.nan
        checks.append(Check(
            "task.model_does_not_fit", "blocker", "gpu", "The model does not fit in GPU memory",
            f"Each {r.accelerator.name} needs {total:,.1f} GB but has {cap:,.1f} GB with this layout "
            f"(weights, gradients, optimizer states, activations, KV cache and runtime overheads).",
            "Shard further (more tensor/pipeline parallel, ZeRO-3), recompute activations, use lower precision, "
            "or choose a GPU with more memory; " + (f"the smallest layout that fits uses {min_gpus:,.0f} GPUs."
                                                    if smallest == "gpus" else FITS_WITH[smallest].format(
                                                        fit_gpus=fit_gpus, node_gpus=NODE_GPUS)),
            ("mem.total", "mem.capacity", "mem.min_gpus"), {"need_gb": total, "have_gb": cap, "min_gpus": min_gpus,
                                                            "smallest": smallest, "accelerator": r.accelerator.name,
                                                            "fit_gpus": fit_gpus, "node_gpus": NODE_GPUS},
        ))
    days = figures.number("train.time_to_train_days")
    if w.kind in TRAIN_KINDS and math.isfinite(days) and days > w.deadline_days:
        checks.append(Check(
            "task.deadline_missed", "warning", "task", "The training deadline is not met",
            f"Training {w.train_tokens:,.3g} tokens takes {plain_number(days)} days on {results[0].gpus:,} GPUs; "
            f"the deadline is {plain_number(w.deadline_days)} days.",
            "Allow more nodes (set nodes to 0 to let gpudesk size them), a faster GPU, FP8 training, "
            "or a later deadline.",
            ("train.time_to_train_days",), {"days": days, "deadline_days": w.deadline_days,
                                               "tokens": w.train_tokens, "gpus": results[0].gpus},
        ))
    if w.kind == "llm_inference" and w.serving_scenario != "offline":  # offline: throughput only, no TTFT target
        checks.extend(_ttft_checks(w, figures))
    return checks


def _ttft_checks(w: Workload, figures: FigureSet) -> list[Check]:
    """The median and the percentile TTFT targets, each when set."""
    which = PERCENTILE.name_of(w.latency_percentile, "en")
    out = []
    for key, target, label in (("infer.ttft_s", w.ttft_p50_ms, "P50"), ("infer.ttft_at_percentile_s", w.ttft_ms, which)):
        ttft = figures.number(key)
        if target > 0 and math.isfinite(ttft) and ttft * 1000 > target:
            out.append(Check(
                "task.ttft_target_missed", "warning", "task", "The time-to-first-token target is not met",
                f"TTFT ({label}) is {ttft * 1000:,.0f} ms against a target of {target:,.0f} ms.",
                "Raise tensor parallelism, shorten prompts, use a faster GPU or disaggregate prefill.",
                (key,), {"ttft_ms": ttft * 1000, "target_ms": target, "which": label},
            ))
    return out


def _offer_checks(phase: Phase, r: ResolvedPhase) -> list[Check]:
    """A CPU-only cloud offer chosen for the phase prices CPU VMs (agents), never GPUs: say which offer does."""
    if not r.chosen_offer_has_no_gpus:
        return []
    agents = any(w.kind == "agent_hosting" for w in phase.workloads)
    gpu_offer = f"{r.offer.provider} {r.offer.instance}" if r.offer is not None else "no offer (awaiting a quote)"
    chosen = r.chosen_offer_name or phase.delivery.cloud_offer_id  # the catalog's name, not the row id
    return [Check(
        "delivery.cpu_offer_prices_no_gpus", "info" if agents else "warning", "delivery", "A CPU-only offer cannot price GPUs",
        f"The chosen cloud offer {chosen} has no GPUs: "
        + ("it prices the agents' CPU virtual machines; " if agents else "")
        + f"the {r.accelerator.name} GPU-hours are priced from {gpu_offer}.",
        "Choose a GPU offer for the accelerator in step 6" + (" (the CPU offer keeps pricing the agent VMs)."
                                                               if agents else "."),
        ("delivery.price.cloud_on_demand",), {"offer": chosen, "offer_id": phase.delivery.cloud_offer_id,
                                              "gpu_offer": gpu_offer, "gpu_offer_id": r.offer.id if r.offer else "",
                                              "agents": agents, "accelerator": r.accelerator.name},
    )]


def _server_fit(r: ResolvedPhase, phase: Phase) -> list[Check]:
    """Say when no catalog server holds the plan's GPUs per node and a partly populated one stands in."""
    row = r.catalog_server
    # the row as is, or capped at the plan's power limit (another id, every slot filled), is not partly populated;
    # a rented instance: the provider's server
    if row is None or r.server.gpus >= row.gpus or r.instance is not None:
        return []
    return [Check(
        "hardware.server_partly_populated", "info", "gpu", "A partly populated server stands in",
        f"No {r.accelerator.name} server in the catalog holds {r.server.gpus} GPUs; the plan uses {row.name} "
        f"fitted with {r.server.gpus} of its {row.gpus} GPU slots, its power and price reduced by the GPUs left out.",
        "Quote a server built for this GPU count, or add one in the catalog browser.",
        # a rented phase's servers and their power are owning's (phase_sizing.ALTERNATIVE)
        tuple(f"{'' if DELIVERY_MODE.term(phase.delivery.mode).owns_hardware else ALTERNATIVE}{key}"
              for key in ("plan.servers", "power.server_max_kw")),
        {"accelerator": r.accelerator.name, "server": row.name, "gpus": r.server.gpus, "slots": row.gpus,
         "server_vendor": row.vendor, "server_gpus": row.gpus},  # a generic chassis is named in the reader's words
    )]


def _power_limit_fit(phase: Phase, r: ResolvedPhase) -> list[Check]:
    """Say when the plan's GPU power limit lies below the clock law's range (the clock is then held at its floor)."""
    limit, tdp = phase.hardware.gpu_power_limit_w, r.accelerator.tdp_w
    if limit > 0 and (not tdp or limit > tdp):
        return _power_limit_unused(limit, tdp, r.accelerator.name)
    if not tdp or not 0 < limit < (floor := lowest_modelled_limit_w(tdp)):
        return []
    return [Check(
        "hardware.power_limit_below_clock_law", "warning", "gpu", "GPU power limit below the modelled range",
        f"The GPU power limit of {limit:g} W is below {floor:.0f} W, where gpudesk's clock law for the "
        f"{r.accelerator.name} ({tdp:g} W TDP) ends; its compute is taken at {percent_text(MIN_CLOCK_FRACTION)} of the rated "
        "clock, far below the capped runs it was checked on (the lowest: H100 at 350 W of 700 W, MLPerf Inference "
        "v4.0 MaxQ).",
        f"Check the limit: a GPU accepts only limits from its own minimum up to its TDP (nvidia-smi -q -d POWER); "
        f"{floor:.0f} W or more stays within the clock law.",
        ("hw.peak_flops",), {"limit_w": float(limit), "floor_w": floor, "tdp_w": float(tdp), "accelerator":
                             r.accelerator.name, "clock_pct": MIN_CLOCK_FRACTION * 100.0},
    )]


def _power_limit_unused(limit: float, tdp: float | None, accelerator: str) -> list[Check]:
    """The plan's GPU power limit is not applied: above the part's TDP (no GPU takes a limit over its maximum, so the
    GPUs run at their TDP), or the catalog gives the part no TDP to cap (its power is then the catalog's own)."""
    if tdp:
        return [Check(
            "hardware.power_limit_above_tdp", "warning", "gpu", "GPU power limit above the TDP",
            f"The GPU power limit of {limit:,g} W is above the {accelerator}'s {tdp:,g} W TDP; a GPU takes no limit "
            f"above its maximum, so the estimate runs the GPUs at their {tdp:g} W TDP and the limit changes nothing.",
            f"Set a limit of {tdp:g} W or less (nvidia-smi -q -d POWER lists the range the GPU accepts), or 0 for the "
            "TDP.",
            ("power.gpu_power_kw",), {"limit_w": float(limit), "tdp_w": float(tdp), "accelerator": accelerator},
        )]
    return [Check(
        "hardware.power_limit_tdp_unknown", "warning", "gpu", "GPU power limit not applied: TDP unknown",
        f"The GPU power limit of {limit:,g} W is not applied: the catalog gives the {accelerator} no TDP, so gpudesk "
        "cannot tell how far the limit lowers its clock and draw; its compute is taken at the rated clock.",
        "Add the part's TDP in the catalog browser to apply the limit, or set the limit to 0.",
        ("power.gpu_power_kw",), {"limit_w": float(limit), "accelerator": accelerator},
    )]


def _recipe_fit(phase: Phase, r: ResolvedPhase) -> list[Check]:
    """Say when a training workload's FP8/FP4 recipe does not scale its compute precision (NVFP4 scales FP4 products,
    the others FP8), or needs block-scaled tensor cores (MXFP8, NVFP4) the part lacks: the catalog gives it no FP4
    peak (Blackwell's block-scaled MX/NVFP4 formats came with FP4; Hopper and CDNA3 have neither)."""
    checks: list[Check] = []
    for i, w in enumerate(phase.workloads):
        if w.kind not in TRAIN_KINDS or w.compute_dtype not in ("fp8", "fp4"):
            continue
        recipe, compute = w.low_precision_recipe, w.compute_dtype
        named = LOW_PRECISION_RECIPE.name_of(recipe, "en")
        wants = "fp4" if recipe == "nvfp4" else "fp8"
        numbers = {"workload": float(i + 1), "recipe": recipe, "compute": compute, "wants": wants,
                   "accelerator": r.accelerator.name}
        if wants != compute:
            checks.append(Check(
                "train.recipe_precision_mismatch", "warning", "gpu", "The FP8/FP4 recipe does not fit the precision",
                f"Workload {i + 1}: {named} scales {wants.upper()} matrix products, but the compute "
                f"precision is {compute.upper()}; the estimate casts activations as the recipe does.",
                "Choose NVFP4 for FP4 compute, or an FP8 recipe (tensorwise, delayed, blockwise, MXFP8) for FP8.",
                ("train.compute_time_s",), numbers))
        elif recipe in ("mxfp8", "nvfp4") and not r.accelerator.fp4_tflops:
            checks.append(Check(
                "train.recipe_unsupported_part", "warning", "gpu", "The accelerator cannot run this FP8/FP4 recipe",
                f"Workload {i + 1}: {named} needs tensor cores with block-scaled formats, which the "
                f"{r.accelerator.name} lacks (the catalog gives it no FP4 peak); a run on it cannot use this recipe.",
                "Use tensor-wise, delayed or block (1×128) FP8 scaling on this part, or choose a part with "
                "block-scaled formats (NVIDIA Blackwell).", ("train.compute_time_s",), numbers))
    return checks


def _schedule_fit(phase: Phase) -> list[Check]:
    """Say when a pipelined training workload's schedule and virtual stages disagree: the interleaved schedule with one
    chunk per stage is 1F1B; virtual stages under another schedule take none of the interleaved bubble, while the
    activation memory and the traffic between stages are counted for their chunks (core/memory.py,
    core/training_comm.py read the virtual stages whatever the schedule)."""
    checks: list[Check] = []
    for i, w in enumerate(phase.workloads):
        p = w.parallel
        if w.kind not in TRAIN_KINDS or p.pp <= 1:
            continue
        named = PIPELINE_SCHEDULE.name_of(p.pipeline_schedule, "en")
        numbers = {"workload": float(i + 1), "schedule": p.pipeline_schedule, "virtual": float(p.virtual_stages),
                   "pp": float(p.pp)}
        if p.pipeline_schedule == "interleaved" and p.virtual_stages <= 1:
            checks.append(Check(
                "train.schedule_one_chunk", "warning", "gpu", "Interleaved schedule with one chunk per stage",
                f"Workload {i + 1}: the interleaved schedule runs one chunk per pipeline stage here (virtual stages 1), "
                "which is plain 1F1B: the bubble is taken as 1F1B's, (p − 1)/m.",
                "Set the virtual stages per pipeline stage the run uses (an interleaved run uses 2 or more), or "
                "choose 1F1B.", ("train.bubble_fraction",), numbers))
        elif p.pipeline_schedule != "interleaved" and p.virtual_stages > 1:
            checks.append(Check(
                "train.virtual_stages_unread", "warning", "gpu", "Virtual stages without the interleaved schedule",
                f"Workload {i + 1}: {p.virtual_stages} virtual stages per pipeline stage belong to the interleaved "
                f"schedule, but the plan's schedule is {named}: its bubble is taken without them, "
                f"while the activation memory and the traffic between stages are counted for {p.virtual_stages} "
                "chunks per stage.",
                "Choose the interleaved schedule, or set virtual stages to 1.", ("train.bubble_fraction",), numbers))
    return checks


def phase_checks(phase: Phase, r: ResolvedPhase, figures: FigureSet, results: list[WorkloadResult],
                 infra_checks: list[Check], candidates: list[Candidate]) -> list[Check]:
    checks = [c for result in results for c in result.checks] + _server_fit(r, phase) + link_checks(r) + _offer_checks(phase, r)
    checks += _power_limit_fit(phase, r) + _recipe_fit(phase, r) + _schedule_fit(phase) + unread_serving_inputs(
        phase, figures, r.accelerator.name, r.accelerator.vendor)
    checks += _workload_checks(phase, figures, results, r) + list(infra_checks)
    checks += plan_pitfalls(phase, r, figures, results, candidates)
    checks += bottleneck_pitfall(checks)
    return checks


def _machine_assumptions(phase: Phase, r: ResolvedPhase) -> list[Assumption]:
    """Hardware, network, power and rack. A phase renting an instance names that instance and the provider's
    network; the plan's own server, fabric, PUE, tariff and rack limit price only the owning comparison (alt.*), so
    they are said as 'if owned instead', never as what the phase runs on."""
    storage = {"storage": r.storage.name}
    owned_values = {"server": r.server.name, "gpus_per_system": r.server.gpus, "pue": r.pue.value,
                    "pue_source": r.pue.source, "electricity": r.electricity.value,
                    "electricity_source": r.electricity.source, "rack_limit_kw": r.rack_limit_kw.value,
                    "rack_limit_source": r.rack_limit_kw.source}
    if r.instance is not None and not DELIVERY_MODE.term(phase.delivery.mode).owns_hardware:
        inst = r.instance
        rented = {"provider": inst.provider, "offer_id": inst.id, "instance": inst.instance, "gpus_per_instance": inst.gpus,
                  "accelerator": r.accelerator.name}
        owned = Assumption("if_owned_instead", {**owned_values, "nic": r.nic.name, "switch": r.switch.name if r.switch
                                                 else "no", "oversubscription": phase.network.oversubscription}) \
            if r.nic else Assumption("if_owned_instead_no_network", owned_values)
        return [Assumption("rented_instance", {**rented, "network_gbps": float(inst.network_gbps)})
                if inst.network_gbps else Assumption("rented_instance_network_unknown", rented),
                Assumption("storage_only", storage), owned]
    return [
        Assumption("hardware", {"accelerator": r.accelerator.name, "server": r.server.name,
                                "gpus_per_system": r.server.gpus}),
        Assumption("storage_network", {**storage, "nic": r.nic.name, "oversubscription":
                                       phase.network.oversubscription,
                                       "switch": r.switch.name if r.switch else "no"}) if r.nic else
        Assumption("storage_no_network", {**storage, "oversubscription": phase.network.oversubscription}),
        Assumption("power_price", {"pue": r.pue.value, "pue_source": r.pue.source,
                                   "electricity": r.electricity.value, "electricity_source": r.electricity.source}),
        Assumption("rack_limit", {"rack_limit_kw": r.rack_limit_kw.value, "rack_limit_source": r.rack_limit_kw.source}),
    ]


def assumptions(phase: Phase, r: ResolvedPhase, figures: FigureSet) -> list[Assumption]:
    """The phase's assumptions as ``Assumption`` (English text + key + values, worded in Chinese by the proposal)."""
    u, costs = phase.delivery.utilisation, phase.costs
    out = _machine_assumptions(phase, r) + [
        Assumption("utilisation_peak" if u.peak_months else "utilisation",
                   {"hours_per_day": u.hours_per_day, "days_per_month": u.days_per_month,
                    "peak_months": ", ".join(str(m) for m in u.peak_months), "peak_multiplier": u.peak_multiplier}),
        Assumption("horizon_currency", {"months": phase.duration_months, "horizon_years": costs.horizon_years,
                                        "depreciation_years": costs.depreciation_years, "currency": costs.currency,
                                        "cny_per_usd": costs.cny_per_usd}),
    ]
    if r.offer is not None:
        out.append(Assumption("cloud_price", {"provider": r.offer.provider, "offer_id": r.offer.id, "instance": r.offer.instance,
                                              "region": r.offer.region, "date": r.offer.provenance.date}))
    rented = None if DELIVERY_MODE.term(phase.delivery.mode).owns_hardware else \
        r.rented_offer(str(DELIVERY_MODE.term(phase.delivery.mode).priced_as))
    if rented is not None and rented.gpus > 0 and r.instance is None:  # a per-GPU row: no node or network of its own
        values = {"provider": rented.provider, "offer_id": rented.id, "instance": rented.instance,
                  "server": r.server.name, "nic": r.nic.name if r.nic else ""}
        out.append(Assumption("rented_on_plan_server" if r.nic else "rented_on_plan_server_no_nic", values))
    return out
