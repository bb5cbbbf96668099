"""Per-GPU memory budget for one layout, and the fewest GPUs that fit.

:func:`evaluate_layout` adds model states, activations, KV cache and
runtime overheads for arrays of candidates (pure numpy); the layout search
of :func:`min_gpus` re-evaluates it for a handful of powers of two.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import (
    ALLOCATOR_FRAGMENTATION,
    COMM_BUFFER_BYTES,
    CUDA_CONTEXT_BYTES,
    PREFILL_CHUNK_TOKENS,
    SERVING_MEMORY_FRACTION,
)
from gpudesk.core.explain import as_array
from gpudesk.core.memory_activations import (
    TrainingActivations,
    inference_logits_per_sequence,
    inference_workspace_per_token,
    training_activations,
)
from gpudesk.core.memory_states import TRAINING_MODES, Layout, StateBytes, model_state_bytes
from gpudesk.core.model_math import ParamBreakdown, kv_cache_bytes

MAX_DP_DOUBLINGS = 20  # ZeRO-3 search up to 2^20 data-parallel ranks


@dataclass(frozen=True)
class Settings:
    """Everything but the layout and the per-candidate sizes."""

    model: ModelArch
    breakdown: ParamBreakdown
    mode: str
    weight_dtype: str
    kv_dtype: str
    optimizer: str
    master_weights: bool
    recompute: str
    sequence_parallel: bool
    flash_attention: bool
    lora_rank: int
    cpu_offload: bool
    serving_fraction: float

    @property
    def training(self) -> bool:
        return self.mode in TRAINING_MODES


@dataclass(frozen=True)
class Budget:
    states: StateBytes
    activations: np.ndarray
    kv_cache: np.ndarray
    runtime: np.ndarray
    fragmentation: np.ndarray
    total: np.ndarray
    usable: np.ndarray
    train_act: TrainingActivations | None
    kv_per_sequence: np.ndarray  # inference: KV bytes of one sequence at seq_len on this GPU
    fixed_workspace: np.ndarray  # inference: prefill-chunk workspace
    logits_per_sequence: np.ndarray

    @property
    def state_total(self) -> np.ndarray:
        s = self.states
        return s.weights + s.gradients + s.optimizer + s.lora_adapters + s.zero3_gathered


def runtime_bytes(cfg: Settings, lay: Layout) -> np.ndarray:
    """CUDA context always; NCCL buffers only when GPUs of one model instance communicate."""
    group = lay.gpus if cfg.training else lay.tp * lay.pp * lay.cp * np.maximum(lay.ep, 1)
    return CUDA_CONTEXT_BYTES.value + np.where(group > 1, COMM_BUFFER_BYTES.value, 0.0)


def usable_bytes(cfg: Settings, capacity: np.ndarray) -> np.ndarray:
    return capacity * (cfg.serving_fraction if not cfg.training else 1.0)


def kv_stage_fraction(m: ModelArch, pp: np.ndarray) -> np.ndarray:
    """Share of the layers (and so of the KV cache) on the heaviest pipeline stage."""
    return np.ceil(m.n_layers / pp) / m.n_layers if m.n_layers else pp * 0.0 + 1.0


def evaluate_layout(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray,
                    micro_batch: np.ndarray, virtual_stages: np.ndarray) -> Budget:
    m, f = cfg.model, ALLOCATOR_FRAGMENTATION.value
    states = model_state_bytes(cfg.breakdown, lay, cfg.mode, cfg.weight_dtype, cfg.optimizer,
                               cfg.master_weights, cfg.lora_rank, cfg.cpu_offload)
    runtime = runtime_bytes(cfg, lay)
    zero = runtime * 0.0
    if cfg.training:
        act = training_activations(m, cfg.weight_dtype, seq_len, lay.tp, lay.pp, lay.cp, cfg.recompute,
                                   cfg.sequence_parallel, cfg.flash_attention, virtual_stages)
        activations = act.bytes(seq_len, micro_batch)
        kv = kv_seq = workspace = logits = zero
    else:
        act = None
        workspace = PREFILL_CHUNK_TOKENS.value * inference_workspace_per_token(m, lay.tp) + zero
        logits = inference_logits_per_sequence(m, lay.tp) + zero
        activations = workspace + micro_batch * logits
        kv_seq = kv_cache_bytes(m, cfg.kv_dtype, seq_len, 1.0, lay.tp) * kv_stage_fraction(m, lay.pp) / lay.cp
        kv = kv_seq * micro_batch
    dynamic = states.weights + states.gradients + states.optimizer + states.lora_adapters + states.zero3_gathered
    fragmentation = f * (dynamic + activations)
    total = dynamic + activations + kv + runtime + fragmentation
    usable = usable_bytes(cfg, capacity) + zero
    return Budget(states, activations, kv, runtime, fragmentation, total, usable, act, kv_seq, workspace, logits)


def _largest_power_of_two_at_most(x: np.ndarray) -> np.ndarray:
    return 2.0 ** np.floor(np.log2(np.maximum(x, 1.0)))


def min_gpus(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray, micro_batch: np.ndarray,
             virtual_stages: np.ndarray, gpus_per_node: np.ndarray) -> np.ndarray:
    """Fewest GPUs of one model replica that fit; NaN when no layout of the family fits.

    Family tp×pp (inference, ZeRO 0–2): n = 1, 2, 4, … GPUs as t = min(n, T) with T the largest power
    of two ≤ min(8, GPUs per node), p = n / t across nodes (p ≤ L), dp = 1, experts split over t.
    Family ZeRO-3 (training with zero_stage 3): the given t, p, cp and dp = 1, 2, 4, … until the shards fit.
    """
    shape = np.broadcast(capacity, seq_len, micro_batch, lay.tp, lay.pp, lay.dp, lay.cp, lay.ep,
                         lay.zero_stage, gpus_per_node, virtual_stages).shape
    ones = np.ones(shape)
    result = np.full(shape, np.nan)
    t_max = _largest_power_of_two_at_most(np.minimum(8.0, as_array(gpus_per_node))) * ones
    max_layers = max(cfg.model.n_layers, 1)
    n = 1.0
    while n <= 8.0 * max_layers:
        t = np.minimum(n, t_max)
        p = n / t
        cand = Layout(t, p, ones, lay.cp * ones, ones, lay.zero_stage * ones)
        b = evaluate_layout(cfg, cand, capacity, seq_len, micro_batch, virtual_stages)
        fits = (b.total <= b.usable) & (p <= max_layers)
        result = np.where(np.isnan(result) & fits, n * lay.cp, result)
        n *= 2.0
    if cfg.training:
        zero3 = (lay.zero_stage * ones) >= 3
        if np.any(zero3):
            result = np.where(zero3, np.nan, result)
            for k in range(MAX_DP_DOUBLINGS + 1):
                d = 2.0**k * ones
                cand = Layout(lay.tp * ones, lay.pp * ones, d, lay.cp * ones, lay.ep * ones, lay.zero_stage * ones)
                b = evaluate_layout(cfg, cand, capacity, seq_len, micro_batch, virtual_stages)
                fits = zero3 & (b.total <= b.usable)
                result = np.where(np.isnan(result) & fits, cand.gpus, result)
    return result


def default_serving_fraction(value: float | None) -> float:
    return SERVING_MEMORY_FRACTION.value if value is None else float(value)
