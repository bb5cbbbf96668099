"""What a serving engine release changes in the step model: the plan's ``engine_release`` (vocabulary/serving.py
``ENGINE_RELEASE``, each release with its date and source).

One mechanism today: before TensorRT-LLM 1.2 every iteration of an attention data-parallel replica (expert parallel
wider than tensor parallel) paid host-side work the GPUs waited for. TensorRT-LLM names it (tech blog 8, 'Scaling
Expert Parallelism in TensorRT LLM, Part 2', Host Overhead Optimization: with attention data-parallel the batch of
one iteration scales with the GPUs, its requests and responses put 'huge pressure on Python threads' under the GIL,
and 'the GPU could be idle waiting for the CPU'); NVIDIA's MLPerf Inference v6.0 submissions, on the 1.2 line, no
longer show it, where the v5.1 ones (1.0 and 1.1 lines) and the 1.0 perf overview's MoE rows do (docs/validation.md).
No published figure sets its size: ``ADP_HOST_ITERATION_S`` is fitted on the fit half of the validation corpus.
The current release, and every tensor-parallel replica, pays nothing.

A third: Blackwell Ultra (B300, GB300) reaches its datasheet NVFP4 rate, 3x its FP8, only through its own
block-scaled MMA, which the TensorRT-LLM lines built before CUTLASS 4.2 do not issue; their NVFP4 GEMMs run the
SM100 family's form at 2x FP8 there (``gemm_peak``; vocabulary/serving.py ``fp4_ultra``, with the sources).

A fourth: an engine that schedules synchronously (vLLM's V1 engine without --async-scheduling; the term's
``seq_host``) makes every decode iteration wait for its host work on each sequence in flight, the scheduler walking
its requests, the workers preparing their inputs and the output update, SYNC_HOST_PER_SEQUENCE_S each (vLLM issue
#10634: 5-6 ms between two decode steps at batch 256, 150-170 us once overlapped, pull request #11133): a step of C
sequences pays C times it on top of the GPU's time (``LayerStack.host_per_sequence``, figure
``infer.host_per_sequence_s``). An engine that overlaps it (TensorRT-LLM's, vLLM with async scheduling) pays none.

A second: plain PyTorch (``pytorch-cudagraph``, ``pytorch-eager``; the term's ``stack``) runs every RMSNorm, rotary,
residual add, SiLU·mul and KV-cache copy as its own kernel, UNFUSED_DECODER_KERNELS_PER_LAYER (52, counted from
benchmarks/gpu/decoder_model.py) per layer and UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS (14) per step, where a fused
engine runs DECODE_KERNELS_PER_LAYER (9). Replayed from a CUDA graph each kernel costs the GPU a kernel boundary
(KERNEL_BOUNDARY_S); run eager, the host issues each one in EAGER_HOST_OP_S, and since launches are asynchronous the
step takes the longer of the GPU's time and the host's (max, not the sum: the measured 1B prefill took 15.9 ms at
1,024 tokens and 13.2 ms at 2,048, the same host time whatever the GPU work; a sum would add ~3 ms at 2,048).
``pytorch-cudagraph`` replays decode steps and runs the prefill eager (as benchmarks/gpu/measure_transformer.py
did); ``pytorch-eager`` runs both eager. The non-GEMM kernels of an unfused prefill take the eager training
stack's share (training_gemm.eager_gemm_share), not a serving engine's, and its decode attention reads the KV cache
at UNFUSED_DECODE_KV_BW_EFFICIENCY of HBM bandwidth (PyTorch's flash kernel does not split the cache for a one-token
query as engines' decode kernels do; fitted on the fit half of the measured decode cases).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.core.constants import (
    ATTENTION_SCORE_BYTES_SERVING,
    DECODE_KERNELS_PER_LAYER,
    EAGER_HOST_OP_S,
    UNFUSED_DECODE_KV_BW_EFFICIENCY,
    UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS,
    UNFUSED_DECODER_KERNELS_PER_LAYER,
)
from gpudesk.core.constants import serving as SV
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.explain import FigureSet
from gpudesk.core.training_gemm import eager_gemm_share
from gpudesk.vocabulary.serving import ENGINE_RELEASE


def pays_adp_host(release: str) -> bool:
    """The release pays the attention data-parallel host cost per iteration (refuses an unknown release)."""
    return bool(ENGINE_RELEASE.term(release).adp_host)


def host_iteration_s(release: str, tp: Any, ep: Any) -> np.ndarray:
    """Seconds of host work one decode iteration of a replica waits for: ``ADP_HOST_ITERATION_S`` where the release
    pays it and the replica's attention runs data-parallel (max(t, e) / t > 1), else 0."""
    tp_, ep_ = np.asarray(tp, dtype=np.float64), np.asarray(ep, dtype=np.float64)
    cost = SV.ADP_HOST_ITERATION_S.value if pays_adp_host(release) else 0.0
    return np.asarray(np.where(np.maximum(tp_, ep_) > tp_, cost, 0.0))


def host_per_sequence_s(release: str) -> float:
    """Host seconds per sequence in flight each decode iteration of the release waits for: SYNC_HOST_PER_SEQUENCE_S
    where it schedules synchronously (ENGINE_RELEASE ``seq_host``), else 0 (refuses an unknown release)."""
    return SV.SYNC_HOST_PER_SEQUENCE_S.value if ENGINE_RELEASE.term(release).seq_host else 0.0


def record_host(fs: FigureSet, release: str, host: Any, size: int) -> None:
    """Record the host time a decode iteration waits for: per iteration (infer.host_iteration_s, the attention
    data-parallel cost) and per sequence in flight (infer.host_per_sequence_s, a synchronous scheduler's)."""
    fs.constant("eff.adp_host_iteration", SV.ADP_HOST_ITERATION_S)
    fs.add("infer.host_iteration_s", host * np.ones(size), "s", "host time per iteration the GPUs wait for",
           "host time per iteration (ADP_HOST_ITERATION_S) where the engine release pays it (TensorRT-LLM before "
           "1.2) and attention runs data-parallel (max(t, e)/t > 1); else 0",
           ["infer.in.engine_release", "infer.in.tp", "infer.in.ep", "eff.adp_host_iteration"])
    fs.constant("eff.sync_host_per_sequence", SV.SYNC_HOST_PER_SEQUENCE_S)
    fs.add("infer.host_per_sequence_s", host_per_sequence_s(release) * np.ones(size), "s",
           "host time per sequence in flight a decode step waits for",
           "SYNC_HOST_PER_SEQUENCE_S where the engine release schedules synchronously (vLLM V1 without async "
           "scheduling: scheduler, input preparation and output update walk every request each iteration); else 0",
           ["infer.in.engine_release", "eff.sync_host_per_sequence"])


def gemm_peak(release: str, hw: Any, compute_dtype: str) -> np.ndarray:
    """Dense peak FLOP/s of the release's GEMMs in ``compute_dtype``: the part's, except NVFP4 under a release
    without Blackwell Ultra's own FP4 MMA (ENGINE_RELEASE ``fp4_ultra``), which runs the SM100 family's at
    FP4_SM100_OVER_FP8 times the part's FP8 peak where that is lower (B300, GB300; no other part moves, and one
    without an FP8 figure keeps its FP4 one)."""
    peak = np.asarray(hw.peak(compute_dtype))
    if compute_dtype != "fp4" or ENGINE_RELEASE.term(release).fp4_ultra:
        return peak
    sm100 = SV.FP4_SM100_OVER_FP8.value * np.asarray(hw.peak("fp8"))
    return np.asarray(np.where(np.isfinite(sm100), np.fmin(peak, sm100), peak))


def record_gemm_peak(fs: FigureSet, release: str, hw: Any, compute_dtype: str) -> None:
    """Record the dense peak the release's GEMMs run at (infer.gemm_peak; ``gemm_peak``)."""
    fs.constant("eff.fp4_sm100_over_fp8", SV.FP4_SM100_OVER_FP8)
    fs.add("infer.gemm_peak", gemm_peak(release, hw, compute_dtype) * np.ones(hw.size), "FLOP/s",
           "dense peak the engine release's GEMMs run at",
           "the part's dense peak in the compute precision, NVFP4 under a release without Blackwell Ultra's own FP4 "
           "MMA (TensorRT-LLM before 1.2) at most FP4_SM100_OVER_FP8 · the FP8 peak (the SM100 family's form)",
           ["infer.in.engine_release", "hw.peak_flops", "eff.fp4_sm100_over_fp8"])


def unfused(release: str) -> bool:
    """The release runs plain PyTorch layers (one kernel per tensor op) rather than an engine's fused layer."""
    return str(ENGINE_RELEASE.term(release).stack) != "fused"


@dataclass(frozen=True)
class LayerStack:
    """How a release runs one pass through the decoder layers (one decode step, or one prefill)."""

    kernels: float  # kernels per pass: L · per layer (+ the unfused step's kernels outside the layers)
    decode_launch_s: float  # host seconds to launch a decode step's kernels one by one (0: replayed from a graph)
    prefill_launch_s: float  # the same for a prefill
    prefill_share: Any = None  # GEMM + attention share of an unfused prefill's compute (None: the engine's)
    kv_efficiency: float = 0.0  # achieved share of HBM bandwidth reading the KV cache in decode (0: the engine's)
    score_bytes: float = 0.0  # HBM bytes per attention score (0: a fused attention kernel keeps them on chip)
    host_per_sequence: float = 0.0  # host seconds per sequence in flight a decode iteration waits for (0: overlapped)


def layer_stack(release: str, n_layers: int, eager_share: Any = None, fused_attention: bool = True) -> LayerStack:
    """The kernels and host launch time of one pass under ``release``; ``eager_share``: an unfused prefill's GEMM
    share (training_gemm.eager_gemm_share); ``fused_attention`` False: every attention score goes through HBM
    (ATTENTION_SCORE_BYTES_SERVING), the plan's flash_attention off."""
    scores = 0.0 if fused_attention else ATTENTION_SCORE_BYTES_SERVING.value
    if not unfused(release):
        return LayerStack(float(n_layers) * DECODE_KERNELS_PER_LAYER.value, 0.0, 0.0, score_bytes=scores,
                          host_per_sequence=host_per_sequence_s(release))
    kernels = float(n_layers) * UNFUSED_DECODER_KERNELS_PER_LAYER.value + UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS.value
    launch = kernels * EAGER_HOST_OP_S.value
    eager_decode = ENGINE_RELEASE.term(release).stack == "unfused_eager"
    return LayerStack(kernels, launch if eager_decode else 0.0, launch, eager_share,
                      UNFUSED_DECODE_KV_BW_EFFICIENCY.value, scores)


def record_layer_stack(fs: FigureSet, inp: Any, model: Any, hw: Any) -> Any:
    """Record a plain-PyTorch plan's kernel count and eager launch time (infer.kernels_per_pass, infer.launch_s) and
    return its prefill's GEMM share (the eager training stack's, eff.eager_share)."""
    stack = layer_stack(inp.engine_release, model.n_layers)
    ones = np.ones(hw.size)
    fs.constant("eff.unfused_kernels_per_layer", UNFUSED_DECODER_KERNELS_PER_LAYER)
    fs.constant("eff.unfused_kernels_outside", UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS)
    fs.constant("eff.eager_host_op", EAGER_HOST_OP_S)
    fs.constant("eff.unfused_kv_bw", UNFUSED_DECODE_KV_BW_EFFICIENCY)
    fs.add("infer.kernels_per_pass", stack.kernels * ones, "kernels", "kernels one pass through the model launches",
           "L · kernels per unfused layer + kernels outside the layers (embedding, rotary rows, final norm, head, "
           "argmax)", ["infer.in.engine_release", "eff.unfused_kernels_per_layer", "eff.unfused_kernels_outside"])
    fs.add("infer.launch_s", stack.prefill_launch_s * ones, "s", "host time to issue one eager pass's kernels",
           "kernels per pass · host time per op (the prefill under both PyTorch values, decode steps under "
           "pytorch-eager; a CUDA graph replays decode steps without it)",
           ["infer.kernels_per_pass", "eff.eager_host_op"])
    eff16 = Efficiencies.for_hardware(hw, "bf16", inp.calibration)
    return eager_gemm_share(fs, eff16.framework, hw.peak("bf16") * eff16.matmul, False)


def record_scores(fs: FigureSet, fused: bool) -> list[str]:
    """Record whether the plan's attention runs a fused kernel (infer.in.flash_attention) and, where it does not, the
    bytes each score moves through HBM (eff.serving_score_bytes); returns the keys a step's time reads."""
    fs.input("infer.in.flash_attention", "yes" if fused else "no", "", "fused attention kernel (the plan's "
             "FlashAttention setting; off: every attention score through HBM)")
    if fused:
        return ["infer.in.flash_attention"]
    fs.constant("eff.serving_score_bytes", ATTENTION_SCORE_BYTES_SERVING)
    return ["infer.in.flash_attention", "eff.serving_score_bytes"]


def scores_clause(fused: bool) -> str:
    """The clause a step's formula gains where attention runs no fused kernel (nothing where it does)."""
    return "" if fused else ("; no fused attention kernel: every attention score a·n of a token goes through HBM too "
                             "(eff.serving_score_bytes each), the masked half of a prompt's computed as well")


def score_bytes(stack: LayerStack, model: Any, tokens: Any, context: Any, gpus: Any) -> np.ndarray:
    """HBM bytes one GPU moves for the attention scores of ``tokens`` tokens over ``context`` each: L·a·c per token,
    ``stack.score_bytes`` each, over the replica's GPUs (0 where a fused kernel keeps them on chip)."""
    return np.asarray(stack.score_bytes * model.n_layers * model.n_heads * context * tokens / gpus)
