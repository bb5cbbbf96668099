"""Vision, diffusion, recommendation, embeddings, VDI seats and agent hosting.

Each is sized from per-GPU throughput at the peak item rate (or, for
training, to the deadline) and the latency target. Agents run on CPU
virtual machines; only the model they call needs GPUs, sized as LLM
serving at the agents' call rate (source documents: Agent 部署阶段).
"""

from __future__ import annotations

import math

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.constants import HOURS_PER_MONTH, TRAINING_POWER_LOAD
from gpudesk.core.cost_ledger import per_year
from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.infra_inputs import catalog_source
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.core.plan_serving import size_llm_serving
from gpudesk.core.plan_workload import COMPUTE_SHARE_SOURCE, WorkloadResult, compute_share_of
from gpudesk.core.sized_configuration import Layout, ServingCapacity
from gpudesk.core.unknown_causes import unknown_causes
from gpudesk.core.workloads_other import estimate_item_serving, estimate_vdi, estimate_vision
from gpudesk.project.model import Phase, Workload
from gpudesk.refusals import refusal
from gpudesk.vocabulary.workloads import item_unit

VISION_MAX_DOUBLINGS = 15  # vision training tries GPU counts 1 … 16,384
ITEM_KINDS = {
    "vision_inference": ("vision.images_per_s_per_gpu", "images"),
    "diffusion_inference": ("diffusion.images_per_s_per_gpu", "images"),
    "embedding_inference": ("embed.items_per_s_per_gpu", "text_pretokenized"),
    "recsys_inference": ("recsys.samples_per_s_per_gpu", "text_pretokenized"),
}


def _finite(fs: FigureSet, key: str, where: str, what: str) -> float:
    """The figure ``key`` when it is a positive number; else refused, naming the unknown catalog figures behind it
    (the SDXL row publishes no GFLOPs per image: 'forward GFLOPs per sample (model sdxl-base: sdxl-paper)')."""
    value = fs.value_at(key)
    v = float(value) if isinstance(value, (int, float)) else float("nan")
    if not math.isfinite(v) or v <= 0:
        causes, _unexplained = unknown_causes(fs, [key])
        missing = "; ".join(f"{fs.label(c.key)} ({fs.source(c.key)})" for c in causes)
        raise PlanInputError(refusal("input.figure_unknown", field=where, what=refusal(what),
                                     missing=refusal("input.figure_unknown_missing", text=missing) if missing else ""))
    return v


def _add_sizing(fs: FigureSet, prefix: str, rate_key: str, w: Workload) -> float:
    fs.input(f"{prefix}.items_per_day", w.items_per_day, item_unit(w.kind, "day"), "items per day")
    fs.input(f"{prefix}.peak_factor", w.peak_factor, "x", "peak over average")
    peak = fs.add(f"{prefix}.peak_items_per_s", w.items_per_day / 86400.0 * w.peak_factor, item_unit(w.kind, "s"),
                  "peak item rate", "items per day / 86,400 s × peak factor",
                  [f"{prefix}.items_per_day", f"{prefix}.peak_factor"])
    per_gpu = float(fs.value_at(rate_key))
    gpus = fs.add(f"{prefix}.gpus_needed", float(max(1, math.ceil(peak / per_gpu))) if per_gpu > 0 else float("nan"),
                  "GPUs", "GPUs for the peak rate", "⌈peak item rate / items per second per GPU⌉",
                  [f"{prefix}.peak_items_per_s", rate_key])
    return float(gpus)


def size_item_serving(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays, where: str) -> WorkloadResult:
    precision = w.compute_dtype
    fs = estimate_item_serving(model, hw, w.kind, precision, w.prompt_tokens, w.weight_dtype)
    rate_key, data_kind = ITEM_KINDS[w.kind]
    _finite(fs, rate_key, f"{where}.model_id", "input.what_throughput_per_gpu")
    prefix = rate_key.split(".")[0]
    gpus = _add_sizing(fs, prefix, rate_key, w)
    tables = float(fs.value_at("recsys.gpus_for_tables")) if w.kind == "recsys_inference" else 0.0
    sized_by = "item_rate" if w.items_per_day > 0 else "minimum"
    formula = ("⌈peak item rate / items per second per GPU⌉" if sized_by == "item_rate"
               else "one GPU (no item rate given)")
    keys = (f"{prefix}.gpus_needed",)
    if tables > gpus:  # the embedding tables, not the rate, bind: the summary names them
        gpus, sized_by, keys = tables, "tables", ("recsys.gpus_for_tables",)
        formula = "⌈table bytes / (GPU memory · serving fraction)⌉ (more than the peak item rate needs)"
    own = int(gpus)
    if phase.hardware.nodes > 0:
        gpus = phase.hardware.nodes * phase.hardware.gpus_per_node
        sized_by, formula = "fixed_nodes", "hardware.nodes × GPUs per node (set in the plan)"
    per_gpu = float(fs.value_at(rate_key))
    peak = w.items_per_day / 86400.0 * w.peak_factor
    # a fixed node count whose GPUs cannot hold the embedding tables serves nothing: its rate is unknown and the
    # sized configuration says why (never the rate of GPUs that would hold them)
    short = w.kind == "recsys_inference" and gpus < fs.number("recsys.gpus_for_tables", 0.0)
    unserved = "tables_exceed_gpus" if short else ""
    rate = float("nan") if unserved else per_gpu
    return WorkloadResult(
        sized_by=sized_by, sizing_formula=formula, sizing_keys=keys,
        layout=Layout(dp=int(gpus)), gpus_needed=own,
        capacity=ServingCapacity(replicas=int(gpus), per_replica=rate, total=rate * int(gpus), target=peak,
                                 unit=item_unit(w.kind, "s"), unserved=unserved),
        figures=fs, gpus=int(gpus), data_kind=data_kind if w.kind != "vision_inference" else "images",
        throughput_per_gpu=per_gpu * w.items_per_day / 86400.0 / max(gpus * per_gpu, 1e-9),
        params=float(model.params_total), load_factor=TRAINING_POWER_LOAD.value / max(w.peak_factor, 1.0),
        load_factor_source=(f"workload sizing: TRAINING_POWER_LOAD {TRAINING_POWER_LOAD.value:g} / peak factor "
                            f"{max(w.peak_factor, 1.0):g} (the GPUs sized for the peak item rate draw training's "
                            "measured load at it; the average hour carries 1 / peak factor of that rate)"),
    )


def vision_counts(global_batch: int) -> np.ndarray:
    """The GPU counts a vision training job may use: powers of two up to 16,384 and up to the global batch (data
    parallelism gives each GPU at least one image of every step), at least one GPU."""
    counts = 2.0 ** np.arange(VISION_MAX_DOUBLINGS)
    return counts[counts <= max(global_batch, 1)]


def size_vision_training(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays, where: str) -> WorkloadResult:
    items = w.dataset_items or w.items_per_day
    if items <= 0:
        raise PlanInputError(refusal("input.no_training_images", field=f"{where}.dataset_items"))
    sized_by, formula = "fixed_nodes", "hardware.nodes × GPUs per node (set in the plan)"
    dp = w.parallel.dp
    if phase.hardware.nodes > 0:
        n = phase.hardware.nodes * phase.hardware.gpus_per_node
        if dp and dp != n:
            raise PlanInputError(refusal("input.vision_dp_mismatch", field=f"{where}.parallel.dp", dp=dp, total=n,
                                         nodes=phase.hardware.nodes, per_node=phase.hardware.gpus_per_node))
    elif dp:  # the plan states the data-parallel degree (a pinned searched configuration): the job is dp GPUs
        n = dp
        sized_by, formula = "fixed_layout", "data-parallel degree dp (set in the plan)"
    else:
        # data parallelism splits the global batch: a GPU beyond the batch would have no image to work on
        counts = vision_counts(w.global_batch)
        sweep = estimate_vision(model, hw.take(np.zeros(counts.size, dtype=int)), True, w.compute_dtype, counts, items,
                                w.global_batch, w.parallel.overlap_grad_reduce)
        days = np.asarray(sweep["vision.epoch_time_s"], dtype=float) * w.epochs / 86400.0
        ok = np.isfinite(days) & (days <= w.deadline_days)
        known = np.isfinite(days)  # a count across nodes with no known scale-out fabric has no time
        # past the deadline: the fastest count (the gradient all-reduce makes a wider job slower past some width)
        n = int(counts[int(np.argmax(ok))] if ok.any() else counts[int(np.nanargmin(days))] if known.any()
                else counts[-1])
        sized_by = "deadline" if ok.any() else "best_effort"
        formula = (f"smallest power-of-two GPU count that trains {w.epochs:g} epochs within {w.deadline_days:g} days"
                   if ok.any() else "the GPU count that trains fastest (no count meets the deadline)")
    fs = estimate_vision(model, hw, True, w.compute_dtype, float(n), items, w.global_batch,
                         w.parallel.overlap_grad_reduce)
    fs.input("vision.in.epochs", w.epochs, "epochs", "epochs")
    if math.isfinite(float(fs.value_at("vision.compute_time_s"))) and not math.isfinite(
            float(fs.value_at("vision.comm_dp_raw_s"))):
        phase_path = where.rsplit('.workloads', 1)[0]
        if "cloud_offers/" in hw.sources.get("scaleout", ""):  # a rented instance's network the catalog lacks
            raise PlanInputError(refusal("input.rented_no_network", field=f"{phase_path}.delivery.cloud_offer_id",
                                         gpus=n))
        raise PlanInputError(refusal("input.no_scale_out_nic", field=f"{phase_path}.network.nic_id", gpus=n))
    epoch = _finite(fs, "vision.epoch_time_s", f"{where}.model_id", "input.what_training_throughput")
    total = fs.add("vision.time_to_train_days", epoch * w.epochs / 86400.0, "days", "time to train",
                   "epoch time × epochs / 86,400", ["vision.epoch_time_s", "vision.in.epochs"])
    gpu_hours = fs.add("vision.gpu_hours", float(total) * 24.0 * n, "GPU-h", "GPU-hours per run",
                       "days × 24 × GPUs", ["vision.time_to_train_days", "vision.in.n_gpus"])
    duty = min(1.0, float(total) / (max(phase.duration_months, 1) * 30.4))
    return WorkloadResult(
        figures=fs, gpus=n, data_kind="images", throughput_per_gpu=float(fs.value_at("vision.images_per_s")) / n,
        loader_batch_units=max(w.global_batch / n, 1.0), image_size_px=float(w.image_size),
        params=float(model.params_total), trainable_params=float(model.params_total), trains=True, gpu_hours_per_run=float(gpu_hours), duty_fraction=duty,
        compute_share=compute_share_of(fs, "vision"), compute_share_source=COMPUTE_SHARE_SOURCE.format(p="vision"),
        sized_by=sized_by, sizing_formula=formula, sizing_keys=("vision.time_to_train_days",), layout=Layout(dp=n),
    )


def size_vdi(acc: rec.Accelerator, w: Workload, phase: Phase, where: str) -> WorkloadResult:
    fs = estimate_vdi([acc], w.seats, w.seat_profile_gb)
    gpus = fs.value_at("vdi.gpus_needed")
    if not isinstance(gpus, float) or not math.isfinite(gpus):
        raise PlanInputError(refusal("input.no_vgpu_profile", field=f"{where}.seat_profile_gb", accelerator=acc.name,
                                     size=w.seat_profile_gb))
    fixed = phase.hardware.nodes > 0
    n = max(phase.hardware.nodes * phase.hardware.gpus_per_node if fixed else int(gpus), 1)
    return WorkloadResult(figures=fs, gpus=n, data_kind="images", seats=float(w.seats),
                          load_factor=TRAINING_POWER_LOAD.value / 2.0,
                          load_factor_source=(f"workload sizing: TRAINING_POWER_LOAD {TRAINING_POWER_LOAD.value:g} / 2 "
                                              "(no published draw of GPUs serving virtual desktops: half of "
                                              "training's measured load, a gpudesk estimate)"),
                          sized_by="fixed_nodes" if fixed else "seats",
                          sizing_formula="hardware.nodes × GPUs per node (set in the plan)" if fixed
                          else "⌈seats / seats per GPU at the vGPU profile⌉", sizing_keys=("vdi.gpus_needed",),
                          layout=Layout(dp=n), gpus_needed=max(int(gpus), 1))


def _cpu_cost(fs: FigureSet, vcpus: float, offer: rec.CloudOffer | None, phase: Phase) -> None:
    """agent.cpu_cost_per_month: vCPUs × the offer's price per vCPU-hour × 730 h (always-on VMs)."""
    cur = phase.costs.currency
    if offer is None or offer.on_demand_per_hour is None or offer.vcpus <= 0:
        fs.input("agent.cpu_price_per_vcpu_hour", float("nan"), f"{cur}/vCPU-h", "CPU VM price per vCPU-hour",
                 "unknown: no CPU-only cloud offer with a price in the catalog")
    else:
        per_vcpu = float(convert(offer.on_demand_per_hour / offer.vcpus, offer.currency, cur, phase.costs.cny_per_usd))
        fs.input("agent.cpu_price_per_vcpu_hour", per_vcpu, f"{cur}/vCPU-h", "CPU VM price per vCPU-hour",
                 f"{catalog_source(offer, 'on_demand_per_hour')} ({offer.provider} {offer.instance}, "
                 f"{offer.on_demand_per_hour:g} {offer.currency}/h ÷ {offer.vcpus} vCPUs, {offer.provenance.date})")
    hours = fs.constant("agent.hours_per_month", HOURS_PER_MONTH)
    monthly = fs.add("agent.cpu_cost_per_month", vcpus * fs["agent.cpu_price_per_vcpu_hour"] * hours, cur,
                     "CPU virtual machines for the agents, per month",
                     "vCPUs × price per vCPU-hour × hours per month (agents are always on)",
                     ["agent.vcpus", "agent.cpu_price_per_vcpu_hour", "agent.hours_per_month"])
    fs.add("agent.cpu_cost_per_year", monthly * 12.0, per_year(cur), "CPU virtual machines for the agents, per year",
           "cpu cost per month × 12", ["agent.cpu_cost_per_month"])


def size_agents(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays,
                cpu_offer: rec.CloudOffer | None = None, where: str = "workload") -> WorkloadResult:
    fs = FigureSet()
    agents = fs.input("agent.agents", float(w.agents), "agents", "always-on agents")
    per = fs.input("agent.vcpus_per_agent", w.vcpus_per_agent, "vCPU", "vCPUs per agent")
    calls = fs.input("agent.calls_per_agent_hour", w.model_calls_per_agent_hour, "calls/h", "model calls per agent-hour")
    fs.add("agent.vcpus", agents * per, "vCPU", "vCPUs on CPU virtual machines", "agents × vCPUs per agent",
           ["agent.agents", "agent.vcpus_per_agent"])
    _cpu_cost(fs, float(agents * per), cpu_offer, phase)
    rate = fs.add("agent.model_calls_per_s", agents * calls / 3600.0, "calls/s", "model calls per second",
                  "agents × calls per agent-hour / 3,600", ["agent.agents", "agent.calls_per_agent_hour"])
    serving = size_llm_serving(model, w, phase, hw, request_rate=float(rate) * w.peak_factor, where=where)
    serving.figures.merge(fs)
    serving.cpu_vcpus = float(agents * per)
    if serving.sized_by == "peak_rate":
        serving.sized_by = "agents"
        serving.sizing_formula = "LLM serving sized to the agents' peak model-call rate: " + serving.sizing_formula
    return serving
