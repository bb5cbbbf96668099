"""Vision, diffusion, embeddings, recommendation and VDI/rendering sizing.

* vision: images/s = peak · η / (passes · GFLOPs per image); passes 3 for
  training (forward + 2× backward), 1 for inference. CNNs (no attention
  layers in the record) use the measured end-to-end CONV_EFFICIENCY;
  vision transformers use matmul efficiency × framework share like LLMs.
  Training is data parallel: a step is each GPU's share of the global batch
  plus the gradient all-reduce the LLM path charges (core/collectives.py
  ring over scale-up and scale-out, fp32 gradients, hidden behind the
  backward pass as core/training_parts.exposed_dp models it); images/s =
  global batch / step time, epoch = (images / global batch) steps.
  The CNN efficiency is per hardware family, from published ResNet-50
  results (NVIDIA DeepLearningExamples, MLPerf Training, MindSpore).
* diffusion: images/s = peak · η_mm · framework / (GFLOPs per denoising
  step · steps); VAE decode and text encoder are not counted.
* embeddings: encoder tokens/s = peak · η_mm · framework / (2 · N per token).
* recsys (DLRM-style): embedding tables = parameters · bytes; GPUs to hold
  them; samples/s = min(compute bound, HBM bound of the embedding gathers).
* VDI/rendering: seats per GPU from the smallest vGPU framebuffer profile
  at least as large as the seat needs (NVIDIA vGPU profiles divide memory
  evenly), at most MAX_VGPUS_PER_GPU (32) vGPUs on one GPU; parts with no
  vGPU profiles get 0 seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.core.collectives import Links, local_members, tuned_all_reduce_time
from gpudesk.core.constants import (
    CONV_EFFICIENCY,
    CONV_EFFICIENCY_UNMEASURED,
    DLRM_EMBEDDING_DIM,
    DLRM_LOOKUPS_PER_SAMPLE,
    GRAD_REDUCE_BYTES,
    MAX_VGPUS_PER_GPU,
    OVERLAP_COMPUTE_SLOWDOWN,
    SERVING_MEMORY_FRACTION,
)
from gpudesk.core.efficiency import Efficiencies, by_family
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.model_math import param_breakdown
from gpudesk.core.precision import bytes_per_value
from gpudesk.core.training_parts import exposed_dp
from gpudesk.vocabulary.workloads import item_unit


def _model_source(m: ModelArch) -> str:
    return f"model {m.id}: {m.provenance.source or 'no citation'}"


def _gflops(fs: FigureSet, key: str, m: ModelArch) -> float:
    value = float("nan") if m.gflops_per_sample is None else float(m.gflops_per_sample)
    fs.input(key, value, "GFLOP", "forward GFLOPs per sample" + (" (unknown in catalog)" if m.gflops_per_sample
                                                                  is None else ""), _model_source(m))
    return value


def _sustained(fs: FigureSet, hw: HardwareArrays, precision: str, prefix: str, conv: bool) -> np.ndarray:
    hw.record(fs, precision)
    eff = Efficiencies.for_hardware(hw, precision)
    eff.record(fs, precision)
    if conv:
        values, source = by_family(hw, CONV_EFFICIENCY, CONV_EFFICIENCY_UNMEASURED)
        c = fs.input(f"{prefix}.conv_efficiency", values, "fraction", "end-to-end CNN FLOP/s / dense peak",
                     source)
        sustained = np.asarray(hw.peak(precision) * c)
        fs.add(f"{prefix}.sustained_flops", sustained, "FLOP/s", "sustained FLOP/s per GPU",
               "peak · CNN efficiency of the hardware family (published ResNet-50 results)",
               ["hw.peak_flops", f"{prefix}.conv_efficiency"])
        return sustained
    sustained = np.asarray(hw.peak(precision) * eff.matmul * eff.framework)
    fs.add(f"{prefix}.sustained_flops", sustained, "FLOP/s", "sustained FLOP/s per GPU",
           "peak · η_mm · framework share", ["hw.peak_flops", "eff.matmul", "eff.framework"])
    return sustained


def _vision_step(fs: FigureSet, m: ModelArch, hw: HardwareArrays, precision: str, per_gpu: np.ndarray,
                 n: np.ndarray, batch: np.ndarray, overlap: bool) -> np.ndarray:
    """Seconds per optimizer step of data-parallel training: each GPU's share of the global batch, then the
    gradient all-reduce (ring over the scale-up link inside a node and the NICs across nodes, fp32 gradients as
    the LLM path reduces them), hidden behind the backward pass as the LLM path's ZeRO 0-2 all-reduce is."""
    links = Links.from_hardware(hw, Efficiencies.for_hardware(hw, precision))
    share = fs.add("vision.images_per_gpu_step", batch / n, "images", "images per GPU per step",
                   "global batch / GPUs", ["vision.in.global_batch", "vision.in.n_gpus"])
    compute = fs.add("vision.compute_time_s", share / per_gpu, "s", "compute per step",
                     "images per GPU per step / images per second per GPU",
                     ["vision.images_per_gpu_step", "vision.images_per_s_per_gpu"])
    params = fs.input("vision.params", float(m.params_total or 0.0), "params", "model parameters",
                      _model_source(m))
    grad = fs.constant("vision.grad_bytes", GRAD_REDUCE_BYTES)
    raw = tuned_all_reduce_time(np.asarray(params * grad), n, local_members(n, np.ones_like(n), hw.scaleup_domain),
                                links)
    links_used = ["hw.scaleup_bw", "hw.scaleout_bw", "hw.scaleup_domain", "eff.scaleup_busbw", "eff.scaleout_busbw"]
    fs.add("vision.comm_dp_raw_s", raw, "s", "gradient all-reduce per step",
           "all-reduce(parameters · 4 B, GPUs): ring over the scale-up link inside a node, the NICs across nodes",
           ["vision.params", "vision.grad_bytes", "vision.in.n_gpus", *links_used])
    exposed = exposed_dp(raw, np.zeros_like(raw, dtype=bool), compute, np.ones_like(raw), np.zeros_like(raw),
                         overlap, False)
    fs.add("vision.comm_dp_s", exposed, "s", "gradient all-reduce not hidden",
           "overlapped: max(0, all-reduce − (2/3) · compute); no overlap: all-reduce",
           ["vision.comm_dp_raw_s", "vision.compute_time_s"])
    slowdown = fs.constant("vision.overlap_slowdown", OVERLAP_COMPUTE_SLOWDOWN) * np.minimum(
        np.maximum(raw - exposed, 0.0), compute)
    fs.add("vision.overlap_slowdown_s", slowdown, "s", "compute slowed by the all-reduce it hides",
           "slowdown · min(all-reduce − exposed all-reduce, compute)",
           ["vision.comm_dp_raw_s", "vision.comm_dp_s", "vision.compute_time_s", "vision.overlap_slowdown"])
    step: np.ndarray = fs.add("vision.step_time_s", compute + exposed + slowdown, "s", "time per optimizer step",
                              "compute + exposed all-reduce + overlap slowdown",
                              ["vision.compute_time_s", "vision.comm_dp_s", "vision.overlap_slowdown_s"])
    return step


def estimate_vision(m: ModelArch, hw: HardwareArrays, training: bool = True, precision: str = "bf16",
                    n_gpus: Any = 1, dataset_items: Any = 0.0, global_batch: Any = None,
                    overlap_grad_reduce: bool = True) -> FigureSet:
    """Vision throughput; training adds the per-step data-parallel gradient all-reduce (``global_batch`` None: one
    image per GPU per step)."""
    fs = FigureSet()
    conv = m.attention == "none" or not m.n_layers
    flops = _gflops(fs, "vision.gflops_per_image", m)
    rate = _sustained(fs, hw, precision, "vision", conv)
    passes = 3.0 if training else 1.0
    n = fs.input("vision.in.n_gpus", np.asarray(n_gpus, dtype=np.float64), "GPUs", "GPUs")
    per_gpu = rate / (passes * flops * 1e9)
    fs.add("vision.images_per_s_per_gpu", per_gpu, item_unit("vision_inference", "s/GPU"), "images per second per GPU",
           f"sustained FLOP/s / ({passes:g} · GFLOPs per image · 1e9)", ["vision.sustained_flops",
                                                                       "vision.gflops_per_image"])
    if not training:
        fs.add("vision.images_per_s", per_gpu * n, "images/s", "images per second", "per GPU · GPUs",
               ["vision.images_per_s_per_gpu", "vision.in.n_gpus"])
        return fs  # serving has no epochs: a "time per epoch" of 0 s would only confuse
    batch = fs.input("vision.in.global_batch", np.asarray(n if global_batch is None else global_batch,
                                                          dtype=np.float64), "images", "global batch")
    step = _vision_step(fs, m, hw, precision, per_gpu, n, batch, overlap_grad_reduce)
    fs.add("vision.images_per_s", batch / step, "images/s", "images per second", "global batch / step time",
           ["vision.in.global_batch", "vision.step_time_s"])
    items = fs.input("vision.in.dataset_items", np.asarray(dataset_items, dtype=np.float64), "images",
                     "images per epoch")
    steps = fs.add("vision.steps_per_epoch", items / batch, "steps", "optimizer steps per epoch",
                   "images per epoch / global batch", ["vision.in.dataset_items", "vision.in.global_batch"])
    fs.add("vision.epoch_time_s", steps * step, "s", "time per epoch", "steps per epoch × step time",
           ["vision.steps_per_epoch", "vision.step_time_s"])
    return fs


def estimate_diffusion(m: ModelArch, hw: HardwareArrays, precision: str = "bf16",
                       steps: int | None = None) -> FigureSet:
    fs = FigureSet()
    flops = _gflops(fs, "diffusion.gflops_per_step", m)
    n_steps = steps or m.denoise_steps
    fs.input("diffusion.steps", float("nan") if not n_steps else float(n_steps), "steps", "denoising steps",
             "user input" if steps else _model_source(m))
    rate = _sustained(fs, hw, precision, "diffusion", conv=False)
    per_image = fs.add("diffusion.flops_per_image", flops * 1e9 * fs["diffusion.steps"], "FLOP",
                       "FLOPs per image", "GFLOPs per step · steps · 1e9", ["diffusion.gflops_per_step",
                                                                           "diffusion.steps"])
    fs.add("diffusion.images_per_s_per_gpu", rate / per_image, item_unit("diffusion_inference", "s/GPU"), "images per second per GPU",
           "sustained FLOP/s / FLOPs per image", ["diffusion.sustained_flops", "diffusion.flops_per_image"])
    fs.add("diffusion.seconds_per_image", per_image / rate, "s", "seconds per image (one GPU, batch 1 bound)",
           "FLOPs per image / sustained FLOP/s", ["diffusion.flops_per_image", "diffusion.sustained_flops"])
    return fs


def estimate_embeddings(m: ModelArch, hw: HardwareArrays, tokens_per_item: Any = 512,
                        precision: str = "bf16") -> FigureSet:
    fs = FigureSet()
    pb = param_breakdown(m)
    n = pb.matmul_active if pb.from_architecture else float(m.active_params)
    fs.input("embed.params_gemm", n, "params", "GEMM parameters per token", _model_source(m))
    rate = _sustained(fs, hw, precision, "embed", conv=False)
    tok = fs.add("embed.tokens_per_s_per_gpu", rate / (2.0 * n), "tokens/s/GPU", "encoder tokens per second per GPU",
                 "sustained FLOP/s / (2 · N)", ["embed.sustained_flops", "embed.params_gemm"])
    t = fs.input("embed.in.tokens_per_item", np.asarray(tokens_per_item, dtype=np.float64), "tokens",
                 "tokens per item")
    fs.add("embed.items_per_s_per_gpu", tok / t, item_unit("embedding_inference", "s/GPU"), "embeddings per second per GPU",
           "tokens/s / tokens per item", ["embed.tokens_per_s_per_gpu", "embed.in.tokens_per_item"])
    return fs


def estimate_recsys(m: ModelArch, hw: HardwareArrays, lookups_per_sample: float, embedding_dim: float,
                    weight_dtype: str = "fp32", precision: str = "bf16") -> FigureSet:
    fs = FigureSet()
    params = fs.input("recsys.params", float(m.params_total), "params", "parameters (embedding tables dominate)",
                      _model_source(m))
    bpv = fs.input("recsys.bytes_per_value", bytes_per_value(weight_dtype), "B", f"table value size ({weight_dtype})")
    tables = fs.add("recsys.table_bytes", params * bpv, "B", "embedding-table memory", "parameters · bytes per value",
                    ["recsys.params", "recsys.bytes_per_value"])
    hw.record(fs, precision)
    frac = fs.constant("recsys.serving_fraction", SERVING_MEMORY_FRACTION)
    fs.add("recsys.gpus_for_tables", np.ceil(tables / (hw.memory_bytes * frac)), "GPUs", "GPUs to hold the tables",
           "⌈table bytes / (GPU memory · serving fraction)⌉", ["recsys.table_bytes", "hw.memory_bytes",
                                                               "recsys.serving_fraction"])
    look = fs.input("recsys.lookups_per_sample", float(lookups_per_sample), "rows", "embedding rows per sample")
    dim = fs.input("recsys.embedding_dim", float(embedding_dim), "values", "values per embedding row")
    eff = Efficiencies.for_hardware(hw, precision)
    eff.record(fs, precision)
    mem_rate = fs.add("recsys.samples_per_s_lookup", hw.hbm_bw * eff.hbm / (look * dim * bpv), "samples/s/GPU",
                      "samples/s if bound by embedding gathers", "HBM bw · η_hbm / (lookups · dim · bytes)",
                      ["hw.hbm_bw", "eff.hbm", "recsys.lookups_per_sample", "recsys.embedding_dim",
                       "recsys.bytes_per_value"])
    flops = _gflops(fs, "recsys.gflops_per_sample", m)
    comp = hw.peak(precision) * eff.matmul * eff.framework / (flops * 1e9)
    comp = np.where(np.isfinite(comp), comp, np.inf)
    fs.add("recsys.samples_per_s_compute", comp, "samples/s/GPU", "samples/s if bound by the dense MLPs",
           "peak · η_mm · framework / (GFLOPs per sample · 1e9); unbounded when GFLOPs unknown",
           ["hw.peak_flops", "eff.matmul", "eff.framework", "recsys.gflops_per_sample"])
    fs.add("recsys.samples_per_s_per_gpu", np.fmin(mem_rate, comp), item_unit("recsys_inference", "s/GPU"), "samples per second per GPU",
           "min(lookup bound, compute bound); the lookup bound alone where the model's GFLOPs per sample is unknown", ["recsys.samples_per_s_lookup", "recsys.samples_per_s_compute"])
    return fs


def estimate_item_serving(m: ModelArch, hw: HardwareArrays, kind: str, precision: str, prompt_tokens: Any,
                          weight_dtype: str) -> FigureSet:
    """The per-GPU figures of an item-serving workload (vision, diffusion, embedding or recommendation inference):
    one dispatch that the plan's sizing and the configuration search both read."""
    if kind == "vision_inference":
        return estimate_vision(m, hw, training=False, precision=precision)
    if kind == "diffusion_inference":
        return estimate_diffusion(m, hw, precision=precision)
    if kind == "embedding_inference":
        return estimate_embeddings(m, hw, tokens_per_item=prompt_tokens, precision=precision)
    return estimate_recsys(m, hw, DLRM_LOOKUPS_PER_SAMPLE.value, DLRM_EMBEDDING_DIM.value,
                           weight_dtype=weight_dtype, precision=precision)


def estimate_vdi(accelerators: Sequence[Accelerator], seats: float, seat_profile_gb: float) -> FigureSet:
    fs = FigureSet()
    fs.input("vdi.in.seats", float(seats), "seats", "concurrent seats")
    fs.input("vdi.in.seat_profile_gb", float(seat_profile_gb), "GB", "framebuffer per seat")
    profiles, per_gpu = [], []
    for acc in accelerators:
        fitting = sorted(p for p in acc.vgpu_profiles_gb if p >= seat_profile_gb)
        profile = fitting[0] if fitting else float("nan")
        profiles.append(profile)
        per_gpu.append(float(min(np.floor(acc.memory_gb / profile), MAX_VGPUS_PER_GPU.value)) if fitting else 0.0)
    src = "; ".join(f"catalog accelerators/{a.id}.vgpu_profiles_gb: "
                    f"{a.provenance.source_of('vgpu_profiles_gb') or 'no citation'}" for a in accelerators)
    fs.input("vdi.profile_gb", np.array(profiles), "GB", "vGPU profile used (smallest ≥ seat need)", src)
    fs.input("vdi.memory_gb", np.array([a.memory_gb for a in accelerators]), "GB", "GPU memory", src)
    fs.constant("vdi.max_vgpus_per_gpu", MAX_VGPUS_PER_GPU)
    seats_gpu = fs.add("vdi.seats_per_gpu", np.array(per_gpu), "seats/GPU", "seats per GPU",
                       "min(⌊memory / profile⌋, max vGPUs per GPU); 0 when the part has no vGPU profile that large",
                       ["vdi.profile_gb", "vdi.memory_gb", "vdi.max_vgpus_per_gpu", "vdi.in.seat_profile_gb"])
    with np.errstate(divide="ignore"):
        gpus = np.where(seats_gpu > 0, np.ceil(seats / np.maximum(seats_gpu, 1e-9)), np.nan)
    fs.add("vdi.gpus_needed", gpus, "GPUs", "GPUs for the seats", "⌈seats / seats per GPU⌉ (unknown: not vGPU-capable)",
           ["vdi.seats_per_gpu", "vdi.in.seats"])
    return fs
