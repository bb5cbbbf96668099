"""One workload of a phase: its compute figures and the GPUs it needs.

Training is sized to the deadline: the time model runs over every GPU
count that keeps the chosen model-parallel layout (tp·pp·cp × 2^k) in one
vectorised call, and the smallest count that fits in memory and meets the
deadline is kept. Serving is sized to the peak request rate under the
latency targets (core/plan_serving.py). A fixed node count in the plan
overrides the sizing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.checks import Check
from gpudesk.core.constants import TRAINING_POWER_LOAD
from gpudesk.core.derived_servers import INSTANCE_ID
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.memory_alternatives import fit_alternative
from gpudesk.core.pass_memo import memoised
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase
from gpudesk.core.sized_configuration import Layout, ServingCapacity
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.project.model import Phase, Workload
from gpudesk.refusals import refusal
from gpudesk.vocabulary.workloads import LLM_TRAINING_KINDS

TRAIN_KINDS = LLM_TRAINING_KINDS
MEMORY_MODE = {"pretrain": "train", "finetune_full": "train", "finetune_lora": "lora", "finetune_qlora": "qlora"}
METHOD = {"pretrain": "full", "finetune_full": "full", "finetune_lora": "lora", "finetune_qlora": "qlora"}
MAX_DOUBLINGS = 17  # up to 131,072 × the model-parallel size
LEFT_OUT = ("mem.min_gpus",)  # what training and LLM-serving sizing leave out without the layout search


LOAD_FROM_TRAINING = ("workload sizing: TRAINING_POWER_LOAD (a training server's measured draw, as a share of the "
                      "way from its idle to its maximum power)")


@dataclass
class WorkloadResult:
    figures: FigureSet
    gpus: int
    data_kind: str = "text_pretokenized"
    throughput_per_gpu: float = 0.0  # data units/s per GPU (tokens, images) for host and storage
    params: float = 0.0
    trainable_params: float = 0.0  # what a checkpoint saves weights and optimizer states for (LoRA: adapters)
    trains: bool = False
    gpu_hours_per_run: float = 0.0
    tokens_served_per_year: float = 0.0
    seats: float = 0.0
    load_factor: float = TRAINING_POWER_LOAD.value
    load_factor_source: str = LOAD_FROM_TRAINING  # where load_factor comes from: the power figures say it
    # training: share of a step the GPUs compute (core/power.py builds the server's draw from it); None otherwise
    compute_share: float | None = None
    compute_share_source: str = ""
    # serving: share of an iteration bound by memory reads (drawn at GPU_MEMORY_BOUND_POWER_SHARE), and the share
    # of its sized peak the average hour carries (the yearly draw scales between idle and the peak draw by it)
    memory_share: float = 0.0
    traffic_share: float = 1.0
    serves: bool = False  # an LLM serving workload: its power is drawn from its serving iteration
    duty_fraction: float = 1.0
    checks: list[Check] = field(default_factory=list)
    request_rate: float = 0.0
    request_bytes: float = 0.0
    response_bytes: float = 0.0
    cpu_vcpus: float = 0.0
    # LLM training: (GPU counts, tokens/s per GPU, bottleneck codes) from the sizing sweep, for the scaling chart
    scaling_sweep: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    # how the workload was sized (read by core.phase_sizing into the phase's SizedConfiguration)
    sized_by: str = "minimum"  # vocabulary.sizing.SIZED_BY code
    sizing_formula: str = ""  # how ``gpus`` follows from the figures in ``sizing_keys``
    sizing_keys: tuple[str, ...] = ()
    layout: Layout = field(default_factory=Layout)
    gpus_needed: int = 0  # its own sizing when the plan fixes the nodes (0 = same as gpus)
    capacity: ServingCapacity | None = None
    model_name: str = ""  # the model's catalog name (surfaces name the model by it, never by its id)
    # training: one data-loader batch per GPU (tokens for text, images for vision) and the image side, for host RAM
    loader_batch_units: float = 0.0
    image_size_px: float = 0.0
    # figures a sizing with ``layout_search=False`` left out (mem.min_gpus): absent from ``figures``, not unknown
    left_out: tuple[str, ...] = ()
    fits_with: tuple[str, float] | None = None  # no layout fits: the one change that would, and its fewest GPUs
    # disaggregated LLM serving: (prefill pool, decode pool) GPUs on the plan's GPUs (core/disagg_capacity.py)
    pools: tuple[int, ...] = ()


def scaleout_of(server: rec.Server, gpus_per_node: int, nic: rec.Nic | None) -> tuple[float, int, str]:
    """(Gb/s per NIC, NICs per node, source) between nodes: the server row's back-end NICs; a row that lists none
    takes the plan's NIC, one per GPU; with neither, unknown (NaN), never a guessed speed. A rented instance
    (core/derived_servers.instance_server): the network between instances its offer row gives, else unknown."""
    if server.id.startswith(INSTANCE_ID):
        if not server.nic_gbps:
            return float("nan"), 1, (f"unknown: catalog {server.id} does not give the network between instances")
        return float(server.nic_gbps), 1, (
            f"catalog {server.id}.network_gbps ({server.nic_gbps:g} Gb/s between instances, the provider's network): "
            f"{server.provenance.source_of('nic_gbps') or 'no citation recorded'}")
    if server.nic_gbps:
        gbps, nics = float(server.nic_gbps), server.nics or gpus_per_node
        return gbps, nics, (f"catalog servers/{server.id}.nic_gbps × nics ({nics} × {gbps:g} Gb/s): "
                            f"{server.provenance.source_of('nic_gbps') or 'no citation recorded'}")
    if nic is not None:
        gbps = float(nic.gbps)
        return gbps, gpus_per_node, (
            f"catalog nics/{nic.id}.gbps ({gbps:g} Gb/s, one per GPU, the plan's NIC as servers/{server.id} "
            f"lists no back-end NIC): {nic.provenance.source_of('gbps') or 'no citation recorded'}")
    return float("nan"), gpus_per_node, (f"unknown: servers/{server.id} lists no back-end NIC and the plan has no "
                                         "scale-out fabric")


@memoised
def hardware_for(acc: rec.Accelerator, server: rec.Server, gpus_per_node: int,
                 nic: rec.Nic | None = None, power_limit_w: float = 0.0) -> HardwareArrays:
    """The plan's accelerator in its server. Scale-out bandwidth: the server row's back-end NICs; a row that lists
    none (PCIe and several HGX rows) takes the plan's NIC (step 5), one per GPU as in a rail-optimised node; with
    neither (no fabric) it is unknown, never a guessed speed. ``power_limit_w`` caps each GPU's power (0 = TDP)."""
    gbps, nics, source = scaleout_of(server, gpus_per_node, nic)
    hw = HardwareArrays.from_accelerators([acc], nic_gbps=gbps, nics_per_node=nics, gpus_per_node=gpus_per_node,
                                          power_limit_w=power_limit_w)
    return replace(instance_domain(hw, [server.id.startswith(INSTANCE_ID)]), sources={**hw.sources, "scaleout": source})


def phase_hardware(r: ResolvedPhase, phase: Phase) -> HardwareArrays:
    """The hardware a phase's workloads are timed on, for every reader (the sizing, the layout search, the serving
    chart, the pilot model): the timed server and NIC (a rented phase's instance), the node's GPUs and the plan's GPU
    power limit. Read apart, the layout search timed its layouts uncapped against a capped plan and called one 18%
    faster (H100 at 500 W)."""
    server, nic = r.timed()
    return hardware_for(r.accelerator, server, r.node_gpus(phase), nic, phase.hardware.gpu_power_limit_w)


def instance_domain(hw: HardwareArrays, rented: list[bool]) -> HardwareArrays:
    """A rented instance's GPUs share its scale-up links only among themselves: a 1-GPU instance has no tensor
    parallel partner, an 8-GPU one at most 8 (where the part's own domain is wider, as an NVL72 rack's 72 of whose
    4-GPU trays stay one domain when owned)."""
    if not any(rented):
        return hw
    capped = np.minimum(hw.scaleup_domain, np.maximum(hw.gpus_per_node, 1.0))
    return replace(hw, scaleup_domain=np.where(np.asarray(rented), capped, hw.scaleup_domain))


def micro_batches_per_step(global_batch: float, micro_batch: float | np.ndarray, dp: float | np.ndarray
                           ) -> np.ndarray:
    """Micro-batches per optimizer step at this data-parallel degree (gradient accumulation), for pytorch_amp."""
    return np.asarray(global_batch / (micro_batch * np.maximum(np.asarray(dp, dtype=float), 1.0)))


def memory_inputs(model: rec.ModelArch, w: Workload, hw: HardwareArrays, dp: float | np.ndarray, gpn: int,
                   source: str, search: bool = True) -> MemoryInputs:
    p = w.parallel
    return MemoryInputs(
        model=model, mode=MEMORY_MODE[w.kind], training_stack=p.training_stack,
        micro_batches_per_step=micro_batches_per_step(w.global_batch, w.micro_batch, dp), gpu_memory_gb=hw.memory_gb if hw.size > 1 else hw.memory_gb[0],
        gpu_memory_formula=hw.memory_formula,
        weight_dtype=w.weight_dtype,
        kv_dtype=w.kv_dtype, optimizer=w.optimizer, seq_len=w.seq_len, micro_batch=w.micro_batch,
        tp=p.tp, pp=p.pp, dp=dp, cp=p.cp, ep=p.ep, zero_stage=p.zero_stage, recompute=p.recompute,
        sequence_parallel=p.sequence_parallel, flash_attention=p.flash_attention,
        virtual_stages=p.virtual_stages, lora_rank=w.lora_rank, cpu_offload=p.cpu_offload,
        gpus_per_node=gpn, gpu_memory_source=source, torch_compile=p.torch_compile, search=search,
    )


def training_inputs(model: rec.ModelArch, w: Workload, hw: HardwareArrays, n_gpus: object,
                    calibration: CalibrationScales | None = None) -> TrainingInputs:
    p = w.parallel
    return TrainingInputs(
        model=model, hardware=hw, n_gpus=n_gpus, tp=p.tp, pp=p.pp, cp=p.cp, ep=p.ep, micro_batch=w.micro_batch,
        global_batch=w.global_batch, seq_len=w.seq_len, zero_stage=p.zero_stage, recompute=p.recompute,
        virtual_stages=p.virtual_stages, compute_dtype=w.compute_dtype, method=METHOD[w.kind],
        train_tokens=w.train_tokens, epochs=w.epochs, dataset_tokens=w.dataset_tokens, lora_rank=w.lora_rank,
        calibration=calibration, pipeline_schedule=p.pipeline_schedule, overlap_grad_reduce=p.overlap_grad_reduce,
        overlap_param_gather=p.overlap_param_gather, tp_comm_overlap=p.tp_comm_overlap,
        moe_a2a_overlap=p.moe_a2a_overlap, low_precision_recipe=w.low_precision_recipe,
        torch_compile=p.torch_compile, training_stack=p.training_stack, flash_attention=p.flash_attention,
        expert_gemm_loop=p.expert_gemm_loop,
    )


def size_training(model: rec.ModelArch, w: Workload, phase: Phase, hw: HardwareArrays, where: str,
                  mem_source: str, calibration: CalibrationScales | None = None,
                  layout_search: bool = True) -> WorkloadResult:
    p = w.parallel
    gpn = phase.hardware.gpus_per_node
    mp = p.tp * p.pp * p.cp
    # One sweep over every GPU count that keeps the layout: it sizes the plan and draws the scaling chart.
    counts = mp * 2.0 ** np.arange(MAX_DOUBLINGS)
    rows = hw.take(np.zeros(counts.size, dtype=int))
    sweep = estimate_training(training_inputs(model, w, rows, counts, calibration))
    sized_by, formula = "fixed_nodes", "hardware.nodes × GPUs per node (set in the plan)"
    mem: FigureSet | None = None  # the sweep's memory estimate, when sizing needed it
    if phase.hardware.nodes > 0:
        total = phase.hardware.nodes * gpn
        if total % mp:
            raise PlanInputError(refusal("input.layout_not_dividing", field=f"{where}.parallel", mp=mp, total=total,
                                         nodes=phase.hardware.nodes, per_node=gpn))
        n_gpus = total
        if p.dp and p.dp * mp != total:
            raise PlanInputError(refusal("input.dp_mismatch", field=f"{where}.parallel.dp", dp=p.dp, mp=mp,
                                         used=p.dp * mp, total=total, nodes=phase.hardware.nodes, per_node=gpn,
                                         fits=total // mp, count=p.dp * mp))
    elif p.dp:  # the plan states the data-parallel degree: the job is tp·pp·cp·dp GPUs
        n_gpus = int(mp * p.dp)
        sized_by, formula = "fixed_layout", f"tp·pp·cp × dp = {mp} × {p.dp} (data-parallel degree set in the plan)"
    else:
        mem = estimate_memory(memory_inputs(model, w, rows, counts / mp, gpn, mem_source, layout_search))
        sweep_days = np.asarray(sweep["train.time_to_train_days"], dtype=float)
        fits = np.asarray(mem["mem.fits"], dtype=float) > 0
        ok = fits & np.isfinite(sweep_days) & (sweep_days <= w.deadline_days)
        if ok.any():
            n_gpus = int(counts[int(np.argmax(ok))])
            sized_by = "deadline"
            formula = (f"smallest GPU count tp·pp·cp × 2^k = {mp} × 2^k that fits in memory and trains within "
                       f"the {w.deadline_days:g}-day deadline")
        else:
            finite = np.where(fits & np.isfinite(sweep_days), sweep_days, np.inf)
            n_gpus = int(counts[int(np.argmin(finite))]) if np.isfinite(finite).any() else int(mp)
            sized_by = "best_effort" if np.isfinite(finite).any() else "memory"
            formula = ("the GPU count tp·pp·cp × 2^k that trains fastest (no count meets the deadline)"
                       if sized_by == "best_effort" else "tp·pp·cp: no GPU count of this layout fits in memory")
    at = np.flatnonzero(counts == n_gpus)
    # the sized count is a row of the sweep: its figures are that row's (every figure elementwise: the same values)
    figures = sweep.row(int(at[0]), counts.size) if at.size else \
        estimate_training(training_inputs(model, w, hw, float(n_gpus), calibration))
    figures.merge(mem.row(int(at[0]), counts.size) if mem is not None and at.size else
                  estimate_memory(memory_inputs(model, w, hw, n_gpus / mp, gpn, mem_source, layout_search)))
    fits_with = fit_alternative(memory_inputs(model, w, hw, n_gpus / mp, gpn, mem_source)) if layout_search and \
        figures.number("mem.fits") == 0 and not math.isfinite(figures.number("mem.min_gpus")) else None
    tokens_per_gpu = float(figures.value_at("train.tokens_per_s_per_gpu"))
    gpu_hours = float(figures.value_at("train.gpu_hours"))
    days = float(figures.value_at("train.time_to_train_days"))
    months = max(phase.duration_months, 1)
    duty = float(min(1.0, days / (months * 30.4))) if math.isfinite(days) else 1.0
    return WorkloadResult(
        figures=figures, gpus=n_gpus, data_kind="text_pretokenized", throughput_per_gpu=tokens_per_gpu,
        loader_batch_units=float(w.micro_batch * w.seq_len),
        params=float(model.params_total), trains=True, gpu_hours_per_run=gpu_hours,
        trainable_params=float(figures.value_at("train.trainable_params")),
        load_factor=TRAINING_POWER_LOAD.value,
        compute_share=compute_share_of(figures, "train"), compute_share_source=COMPUTE_SHARE_SOURCE.format(p="train"),
        duty_fraction=duty,
        scaling_sweep=(counts, np.asarray(sweep["train.tokens_per_s_per_gpu"], dtype=float),
                       np.asarray(sweep["train.bottleneck"], dtype=str)),
        sized_by=sized_by, sizing_formula=formula,
        sizing_keys=tuple(k for k in ("train.time_to_train_days", "mem.fits") if k in figures),
        layout=Layout(p.tp, p.pp, p.cp, p.ep, max(n_gpus // mp, 1)), left_out=() if layout_search else LEFT_OUT,
        fits_with=fits_with,
        checks=uneven_batch(w, figures),
    )


def uneven_batch(w: Workload, figures: FigureSet) -> list[Check]:
    """Say when the global batch does not split into whole micro-batches per data-parallel replica (B / (d·b) not
    whole): the frameworks refuse such a run; the estimate takes the fraction as an average."""
    micro, dp = figures.number("train.micro_batches"), figures.number("train.dp")
    if not (math.isfinite(micro) and math.isfinite(dp)) or abs(micro - round(micro)) < 1e-9:
        return []
    per_step = int(round(dp)) * w.micro_batch
    return [Check(
        "train.global_batch_uneven", "warning", "gpu", "The global batch does not split into whole micro-batches",
        f"A global batch of {w.global_batch:,} sequences over {dp:,.0f} data-parallel replicas of {w.micro_batch:,}-"
        f"sequence micro-batches is {micro:,.1f} micro-batches per replica and step; training frameworks need a whole "
        "number, so this run would not start as stated. The estimate takes the fraction as an average.",
        f"Set the global batch to a multiple of {per_step:,} (data parallel × micro-batch), or the data-parallel "
        "degree or the micro-batch to one that divides it.",
        ("train.micro_batches", "train.dp"),
        {"global_batch": float(w.global_batch), "dp": dp, "micro_batch": float(w.micro_batch),
         "micro_batches": micro, "per_step": float(per_step)},
    )]


COMPUTE_SHARE_SOURCE = "{p}.compute_time_s / {p}.step_time_s (the sized configuration's training step)"


def compute_share_of(figures: FigureSet, prefix: str) -> float | None:
    """The share of a training step the GPUs compute (compute / step time); None where the step is unknown."""
    step = float(figures.number(f"{prefix}.step_time_s"))
    compute = float(figures.number(f"{prefix}.compute_time_s"))
    return min(compute / step, 1.0) if math.isfinite(step) and step > 0 and math.isfinite(compute) else None
