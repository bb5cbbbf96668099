"""Per-GPU bytes of weights, gradients, optimizer states and LoRA adapters.

Pure numpy over candidate arrays; :mod:`gpudesk.core.memory` records the
results in a FigureSet with their formulas. Sharding rules:

* the heaviest pipeline stage holds ⌈L/p⌉ layers plus one V·h embedding
  matrix (first stage: input embedding; last: output head); with p = 1 it
  holds every layer and both matrices;
* block matrices split over t; routed experts split over ep when ep > 1
  (expert tensor parallelism 1, the Megatron-Core recommendation and vLLM's
  expert-parallel mode), otherwise over t;
* ZeRO shards over the data-parallel group Z = dp·cp for dense parameters and
  the expert data-parallel group Z_e = dp·cp·t/ep_eff for experts
  (Megatron-Core: TP×CP×DP = ETP×EP×EDP): stage ≥ 1 optimizer states,
  ≥ 2 gradients, 3 weights (Rajbhandari et al. 2020).

Training stack "pytorch_amp" (torch.autocast over fp32 parameters, full
training): weights and gradients are fp32 (4 + 4 B) and the optimizer holds
only its moments (no separate master copy): the same 16 B/param as
the ZeRO paper's 2 + 2 + 12 for AdamW, split differently (it matters under ZeRO). Training stack "megatron"
keeps fp32 main gradients (bf16 parameters: 2 + 4 + 12 = 18 B/param, 6 + 12/d with the distributed optimizer,
Megatron-LM README); fp16 parameters keep fp16 gradients plus an fp32 copy in the optimizer (20; 4 + 16/d).
Autocast's bf16 weight copies are :func:`amp_weight_cache`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.core.constants import (
    ADAFACTOR_FACTORED_BYTES,
    ADAM_8BIT_STATE_BYTES,
    ADAM_STATE_BYTES,
    AMP_WEIGHT_CACHE_BYTES,
    FP4_BLOCK_SCALE_BITS,
    INT4_GROUP_SCALE_BITS,
    MASTER_WEIGHT_BYTES,
    MEGATRON_FP16_GRAD_COPY_BYTES,
    MEGATRON_MAIN_GRAD_BYTES,
    MIN_GRADIENT_BYTES,
    QLORA_NF4_BITS_PER_PARAM,
    SGD_MOMENTUM_STATE_BYTES,
    ZERO3_LIVE_LAYERS,
)
from gpudesk.core.model_math import ParamBreakdown
from gpudesk.core.pass_memo import memoised_by, small_values_key
from gpudesk.core.precision import bytes_per_value

MODES = ("train", "lora", "qlora", "inference")
OPTIMIZERS = ("adamw", "adamw_8bit", "sgd", "sgd_momentum", "adafactor")
TRAINING_MODES = ("train", "lora", "qlora")


@dataclass(frozen=True)
class Layout:
    """Parallel layout arrays (broadcast over candidates)."""

    tp: np.ndarray
    pp: np.ndarray
    dp: np.ndarray
    cp: np.ndarray
    ep: np.ndarray
    zero_stage: np.ndarray

    @property
    def gpus(self) -> np.ndarray:
        return np.asarray(self.tp * self.pp * self.dp * self.cp)


@dataclass(frozen=True)
class ParamShard:
    """Parameters held by the heaviest pipeline stage of one GPU (counts)."""

    linear: np.ndarray  # block matrices (dense part), per GPU
    experts: np.ndarray  # routed experts, per GPU
    unquantised: np.ndarray  # embedding matrix / head and norms, per GPU
    layer_dense: np.ndarray  # one layer's dense matrices per GPU (ZeRO-3 gather unit)
    layer_experts: np.ndarray
    zero_group: np.ndarray  # Z = dp·cp
    zero_group_experts: np.ndarray  # Z_e

    @property
    def total(self) -> np.ndarray:
        return np.asarray(self.linear + self.experts + self.unquantised)


def shard_params(pb: ParamBreakdown, lay: Layout) -> ParamShard:
    t, p = lay.tp, lay.pp
    zero_group = lay.dp * lay.cp
    if not pb.from_architecture:
        zeros = t * p * 0.0
        return ParamShard(pb.total / (t * p), zeros, zeros, zeros, zeros, zero_group, zero_group)
    L = pb.n_layers
    stage_layers = np.ceil(L / p)
    ep_eff = np.where(lay.ep > 1, lay.ep, t)
    dense_block = pb.attention + pb.mlp_dense + pb.experts_shared + pb.router
    per_layer_dense = dense_block / L / t
    per_layer_experts = pb.experts_routed / L / ep_eff
    embed = np.where(p > 1, float(pb.vocab * pb.hidden), pb.embedding) / t
    norms = pb.norms / L * stage_layers
    zero_experts = np.maximum(zero_group * t / ep_eff, 1.0)
    return ParamShard(per_layer_dense * stage_layers, per_layer_experts * stage_layers, embed + norms,
                      per_layer_dense, per_layer_experts, zero_group, zero_experts)


def weight_bytes_per_param(mode: str, weight_dtype: str) -> tuple[float, float]:
    """(bytes per linear-layer parameter, bytes per embedding/norm parameter)."""
    b = bytes_per_value(weight_dtype)
    unq = max(b, 2.0)
    if mode == "qlora":
        return QLORA_NF4_BITS_PER_PARAM.value / 8.0, unq
    if weight_dtype == "int4":
        return b + INT4_GROUP_SCALE_BITS.value / 8.0, unq
    if weight_dtype == "fp4":
        return b + FP4_BLOCK_SCALE_BITS.value / 8.0, unq
    return b, unq


def optimizer_bytes_per_param(optimizer: str, weight_dtype: str, master_weights: bool, hidden: int,
                              training_stack: str = "") -> float:
    """K: optimizer bytes per trained parameter, including the fp32 master copy (and Megatron's fp32 gradient
    copy for fp16 parameters)."""
    master = MASTER_WEIGHT_BYTES.value if master_weights and bytes_per_value(weight_dtype) < 4 else 0.0
    if training_stack == "megatron" and weight_dtype == "fp16":
        master += MEGATRON_FP16_GRAD_COPY_BYTES.value
    states = {
        "adamw": ADAM_STATE_BYTES.value,
        "adamw_8bit": ADAM_8BIT_STATE_BYTES.value,
        "sgd": 0.0,
        "sgd_momentum": SGD_MOMENTUM_STATE_BYTES.value,
        # factored second moment ≤ 8/h B per parameter; with no layer shapes, an unfactored fp32 moment bounds it
        "adafactor": ADAFACTOR_FACTORED_BYTES.value / hidden if hidden > 0 else ADAM_STATE_BYTES.value / 2,
    }
    if optimizer not in states:
        raise ValueError(f"unknown optimizer {optimizer!r}; valid: {', '.join(OPTIMIZERS)}")
    return master + states[optimizer]


def gradient_bytes_per_param(weight_dtype: str, training_stack: str = "") -> float:
    """Bytes per gradient: Megatron keeps fp32 main gradients except for fp16 parameters (Megatron-LM README,
    distributed optimizer table); other stacks the weight format's size, at least 2 B."""
    if training_stack == "megatron":
        return 2.0 if weight_dtype == "fp16" else MEGATRON_MAIN_GRAD_BYTES.value
    return max(bytes_per_value(weight_dtype), MIN_GRADIENT_BYTES.value)


@dataclass(frozen=True)
class StateBytes:
    weights: np.ndarray
    gradients: np.ndarray
    optimizer: np.ndarray
    lora_adapters: np.ndarray
    zero3_gathered: np.ndarray
    host_offload: np.ndarray
    amp_weight_cache: np.ndarray | float = 0.0


def amp_fp32_params(mode: str, weight_dtype: str, training_stack: str) -> bool:
    """True when fp32 parameters are trained with 16-bit (or lower) compute: stack pytorch_amp (torch.autocast)
    or fsdp2 (FSDP2 MixedPrecisionPolicy: fp32 sharded parameters, bf16 all-gathered copies), full training."""
    return training_stack in ("pytorch_amp", "fsdp2") and mode == "train" and bytes_per_value(weight_dtype) < 4


def amp_weight_cache(pb: ParamBreakdown, lay: Layout, recompute: str) -> np.ndarray:
    """bf16 copies autocast keeps of the fp32 matrices: every block matrix and the LM head while activations are
    kept; under full recompute only the LM head's and the recomputed layer's (the input embedding is not cast)."""
    sh = shard_params(pb, lay)
    head = float(pb.vocab * pb.hidden) / lay.tp if pb.from_architecture else lay.tp * 0.0
    blocks = sh.layer_dense + sh.layer_experts if recompute == "full" else sh.linear + sh.experts
    return np.asarray(AMP_WEIGHT_CACHE_BYTES.value * (blocks + head))


def _states_key(pb: ParamBreakdown, lay: Layout, *settings: Any, **named: Any) -> Any:
    """:func:`model_state_bytes`' inputs by value (the breakdown by identity: model_math.param_breakdown's, memoised
    per model record); None (not memoised) for a large batch or a setting passed by name."""
    return None if named else small_values_key((pb, lay.tp, lay.pp, lay.dp, lay.cp, lay.ep, lay.zero_stage, *settings))


@memoised_by(_states_key)
def model_state_bytes(
    pb: ParamBreakdown, lay: Layout, mode: str, weight_dtype: str, optimizer: str,
    master_weights: bool, lora_rank: int, cpu_offload: bool, training_stack: str = "megatron",
    recompute: str = "selective",
) -> StateBytes:
    """Per-GPU model states for one layout. Within the window's memo kept per input: an edit of the sequence, the
    batch or the deadline re-sizes with the states of the same layouts (core/pass_memo.py)."""
    sh = shard_params(pb, lay)
    zero = lay.zero_stage
    amp = amp_fp32_params(mode, weight_dtype, training_stack)
    b_lin, b_unq = (MASTER_WEIGHT_BYTES.value,) * 2 if amp else weight_bytes_per_param(mode, weight_dtype)
    dense_w = sh.linear * b_lin + sh.unquantised * b_unq
    expert_w = sh.experts * b_lin
    training = mode in TRAINING_MODES
    shard3 = (zero >= 3) & training
    weights = np.where(shard3, dense_w / sh.zero_group + expert_w / sh.zero_group_experts, dense_w + expert_w)
    fsdp2 = training_stack == "fsdp2" and amp
    b_gather = AMP_WEIGHT_CACHE_BYTES.value if fsdp2 else b_lin  # FSDP2 gathers bf16 copies
    gathered = np.where(shard3 & (sh.zero_group > 1),
                        ZERO3_LIVE_LAYERS.value * (sh.layer_dense + sh.layer_experts) * b_gather, 0.0)
    # FSDP2 under a pipeline keeps the stage unsharded between micro-batches (torchtitan: no reshard after
    # forward, gradient sync only on the last micro-batch): bf16 parameters and bf16 gradients of the stage
    pp_unsharded = np.where(shard3 & (lay.pp > 1), (sh.linear + sh.experts + sh.unquantised), 0.0) if fsdp2 \
        else 0.0
    gathered = np.where(shard3 & (lay.pp > 1) & fsdp2, AMP_WEIGHT_CACHE_BYTES.value * pp_unsharded, gathered)
    zeros = weights * 0.0
    if not training:
        return StateBytes(weights, zeros, zeros, zeros, zeros, zeros)
    k = optimizer_bytes_per_param(optimizer, weight_dtype, master_weights and not amp, pb.hidden, training_stack)
    g = MASTER_WEIGHT_BYTES.value if amp else gradient_bytes_per_param(weight_dtype, training_stack)
    if mode == "train":
        trained_dense, trained_experts = sh.linear + sh.unquantised, sh.experts
        adapters = zeros
    else:
        # without layer shapes the adapter size is unknown and not counted (noted on mem.lora_adapters)
        if pb.from_architecture:
            lora_params = lora_rank * pb.lora_in_out * np.ceil(pb.n_layers / lay.pp) / pb.n_layers / lay.tp
        else:
            lora_params = zeros
        trained_dense, trained_experts = lora_params, zeros
        a_b = max(bytes_per_value(weight_dtype), 2.0) if mode == "lora" else 2.0
        adapters = np.where(shard3, lora_params * a_b / sh.zero_group, lora_params * a_b)
    z_d, z_e = sh.zero_group, sh.zero_group_experts
    grad = np.where(zero >= 2, g * (trained_dense / z_d + trained_experts / z_e), g * (trained_dense + trained_experts))
    grad = grad + AMP_WEIGHT_CACHE_BYTES.value * pp_unsharded
    opt = np.where(zero >= 1, k * (trained_dense / z_d + trained_experts / z_e), k * (trained_dense + trained_experts))
    host = zeros
    if cpu_offload:
        host = opt + np.where(zero >= 2, grad, 0.0) + np.where(shard3, weights, 0.0)
        grad = np.where(zero >= 2, 0.0, grad)
        weights = np.where(shard3, 0.0, weights)
        opt = zeros
    cache = amp_weight_cache(pb, lay, recompute) + zeros if amp and training_stack == "pytorch_amp" else zeros
    return StateBytes(weights, grad, opt, adapters, gathered, host, cache)
