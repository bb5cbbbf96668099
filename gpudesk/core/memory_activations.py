"""Activation memory: training (Korthikanti et al. 2022) and inference workspace.

Training activations per layer for one micro-batch, generalised from
Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large
Transformer Models", arXiv:2205.05198, §4) to GQA/MQA/MLA attention,
explicit head_dim, gated MLPs and MoE layers. With e bytes per activation
value (2 for 16-bit) and m bytes per dropout mask value (1):

* replicated across tensor-parallel ranks unless sequence parallel:
  R = e·(2h LayerNorm inputs + h QKV input + h MLP input) + m·2h dropout masks;
* split over t: S = e·(q + k + v + o_in) + MLP inner, where q = a·d,
  k = v = g·d, o_in = a·d (MLA: q = k = a·(d + r_rope), v = o_in = a·v);
  MLP inner = e·2f (GeLU input, fc2 input) or e·3f gated (gate‖up input of
  the fused SwiGLU, fc2 input); an MoE layer holds k routed copies
  (e·h dispatched input + inner(f_e)) plus shared experts;
* core attention, per context token: a·(e + m + e) (softmax output, dropout
  mask, dropout output) — the 5·a·s/h term, removed by FlashAttention or
  selective recompute.

For a GPT layer (a·d = h, g = a, f = 4h, e = 2, m = 1) R = 10·h, S = 24·h and
the quadratic term is 5·a·s: exactly the paper's s·b·h·(10 + 24/t + 5·a·s/(h·t)).

Training stack "pytorch_amp" (eager PyTorch / Hugging-Face layers under
torch.autocast with fp32 parameters, unfused loss) keeps other tensors, each
counted at the bytes of its element (r = AMP_RESIDUAL_BYTES = 4, e = 2):

* R = r·4h (each of the two RMSNorms saves its fp32 input and fp32
  normalised value) + e·h·n_in (the fp32 norm output is cast to bf16 once per
  linear layer reading it: n_in = 3 for separate Q, K, V + 2 gated MLP
  inputs, 1 plain); no dropout masks;
* S = e·(q + k + v + 2·o_in) (the attention output and its contiguous copy
  before the output projection) + 4·a (fp32 log-sum-exp of flash attention)
  + MLP inner e·4f gated (gate, SiLU(gate), up, product) or e·2f;
* full recompute keeps the fp32 block input r·h; logits AMP_UNFUSED_LOGIT_BYTES·V.

Training stack "fsdp2" (torchtitan) with tensor and sequence parallelism:
DTensor's plan all-gathers the attention and MLP inputs before their
column-parallel linears (PrepareModuleInput, desired layout Replicate();
pytorch/torchtitan torchtitan/models/llama3/infra/parallelize.py apply_tp),
and those linears save the gathered input for their weight gradient, so of
R = e·4h only the two norm inputs are split over t; the QKV and MLP inputs,
e·2h, are kept whole (Megatron keeps them split and gathers them again in the
backward, Korthikanti et al. §4.2.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import (
    AMP_RESIDUAL_BYTES,
    AMP_UNFUSED_LOGIT_BYTES,
    CROSS_ENTROPY_LOGIT_BYTES,
    DROPOUT_MASK_BYTES,
)
from gpudesk.core.explain import as_array
from gpudesk.core.model_math import has_layer_shapes, head_dim, kv_heads
from gpudesk.core.pass_memo import memoised_by, small_values_key
from gpudesk.core.precision import bytes_per_value
from gpudesk.core.recompute_policy import selective_op_policy
from gpudesk.vocabulary.training import TRAINING_STACK

RECOMPUTE = ("none", "selective", "full")
TRAINING_STACKS = TRAINING_STACK.codes


@dataclass(frozen=True)
class LayerActivationTerms:
    """Per-token activation bytes of one average layer (one micro-batch, before parallel splits)."""

    replicated: float  # R
    split: float  # S
    quadratic: float  # per token per context token (core attention)
    checkpoint: float  # e·h: the layer input kept under full recompute
    logits: float  # CE bytes · V per token (pytorch_amp: + the final norm's (2·4 + 2)·h)


def activation_value_bytes(weight_dtype: str) -> float:
    """e: 16-bit activations, fp32 when the model trains in fp32/tf32."""
    return 4.0 if bytes_per_value(weight_dtype) >= 4 else 2.0


def _attention_widths(m: ModelArch) -> tuple[float, float, float, float]:
    d, a = head_dim(m), m.n_heads
    if m.attention == "mla":
        rope, v = m.mla_rope_dim or 0, m.mla_v_head_dim or d
        return a * (d + rope), a * (d + rope), a * v, a * v
    g = kv_heads(m)
    return a * d, g * d, g * d, a * d


def _mlp_values(m: ModelArch, width: int, eager: bool = False) -> float:
    """Values the MLP keeps per token: fused GeLU 2f / SwiGLU 3f; eager SwiGLU 4f (gate, SiLU, up, product)."""
    return (4.0 if eager else 3.0) * width if m.gated_mlp else 2.0 * width


def layer_terms(m: ModelArch, e: float, stack: str = "megatron", compiled: bool = False) -> LayerActivationTerms:
    if stack not in TRAINING_STACKS:
        raise ValueError(f"unknown training stack {stack!r}; valid: {', '.join(TRAINING_STACKS)}")
    if stack == "fsdp2":
        return _fsdp2_terms(m, e, compiled)
    amp = stack == "pytorch_amp"
    h, L, mk = m.hidden, m.n_layers, DROPOUT_MASK_BYTES.value
    r = AMP_RESIDUAL_BYTES.value
    replicated = (r * 4 * h + e * h * (3 + (2 if m.gated_mlp else 1))) if amp else e * 4 * h + mk * 2 * h
    q, k, v, o = _attention_widths(m)
    n_moe = (m.n_moe_layers or L) if m.is_moe else 0
    f_e = m.moe_ffn_hidden or m.ffn_hidden
    moe_inner = (m.experts_per_token * (h + _mlp_values(m, f_e, amp))
                 + m.n_shared_experts * _mlp_values(m, f_e, amp))
    inner = ((L - n_moe) * _mlp_values(m, m.ffn_hidden, amp) + n_moe * moe_inner) / L
    split = e * (q + k + v + (2 * o if amp else o) + inner) + (4.0 * m.n_heads if amp else 0.0)
    quadratic = m.n_heads * (2 * e + (0.0 if amp else mk))
    logit_bytes = (AMP_UNFUSED_LOGIT_BYTES if amp else CROSS_ENTROPY_LOGIT_BYTES).value
    final_norm = (2 * r + e) * h if amp else 0.0  # the last RMSNorm's fp32 input and value, the head's bf16 input
    return LayerActivationTerms(replicated, split, quadratic, (r if amp else e) * h,
                                logit_bytes * m.vocab + final_norm)


def _fsdp2_terms(m: ModelArch, e: float, compiled: bool) -> LayerActivationTerms:
    """FSDP2 with a bf16 parameter policy (torchtitan): every layer runs in 16 bit, no dropout; eager SwiGLU keeps
    gate, SiLU, up and product (4f), torch.compile fuses the activation (3f); unfused loss on fp32 logits."""
    h, L = m.hidden, m.n_layers
    q, k, v, o = _attention_widths(m)
    n_moe = (m.n_moe_layers or L) if m.is_moe else 0
    f_e = m.moe_ffn_hidden or m.ffn_hidden
    eager = not compiled
    moe_inner = m.experts_per_token * (h + _mlp_values(m, f_e, eager)) + m.n_shared_experts * _mlp_values(m, f_e, eager)
    inner = ((L - n_moe) * _mlp_values(m, m.ffn_hidden, eager) + n_moe * moe_inner) / L
    return LayerActivationTerms(e * 4 * h, e * (q + k + v + o + inner), m.n_heads * 2 * e, e * h,
                                AMP_UNFUSED_LOGIT_BYTES.value * m.vocab + e * h)


def _fsdp2_sac_values(m: ModelArch, e: float) -> float:
    """Bytes per token a torchtitan selective ('op') checkpoint keeps of one layer: the layer input, the
    attention output and the 1st, 3rd, … matmul outputs (core/recompute_policy.py, which the step time reads too)."""
    policy = selective_op_policy(m)
    return e * (m.hidden + policy.attention_output + policy.kept_outputs)


@dataclass(frozen=True)
class TrainingActivations:
    """Activation bytes per GPU = b · max(stage_i: α_i·s + β_i·s²), i ∈ {first stage, last stage}."""

    alpha_first: np.ndarray
    beta_first: np.ndarray
    alpha_last: np.ndarray
    beta_last: np.ndarray
    per_layer: np.ndarray  # one layer, one micro-batch, at the given s (bytes)
    layers_in_flight: np.ndarray  # layer-micro-batches stored on the first stage
    modelled: bool
    working_layer: np.ndarray | float = 0.0  # one layer's full activations, one micro-batch (its backward's set)

    def bytes(self, seq_len: np.ndarray, micro_batch: np.ndarray | float) -> np.ndarray:
        s = as_array(seq_len)
        first = self.alpha_first * s + self.beta_first * s * s
        last = self.alpha_last * s + self.beta_last * s * s
        return np.asarray(as_array(micro_batch) * np.maximum(first, last))

    def max_seq_len(self, budget_per_sample: np.ndarray) -> np.ndarray:
        """Largest s with α·s + β·s² ≤ budget on every stage (closed form of the quadratic)."""
        return np.asarray(np.minimum(_solve(self.alpha_first, self.beta_first, budget_per_sample),
                                     _solve(self.alpha_last, self.beta_last, budget_per_sample)))


def _solve(alpha: np.ndarray, beta: np.ndarray, budget: np.ndarray) -> np.ndarray:
    budget = np.maximum(budget, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        linear = np.where(alpha > 0, budget / alpha, np.inf)
        disc = np.sqrt(alpha * alpha + 4.0 * beta * budget)
        quad = np.where(beta > 0, 2.0 * budget / (alpha + disc), linear)
    return np.floor(quad)


def training_activations(
    m: ModelArch, weight_dtype: str, seq_len: np.ndarray, tp: np.ndarray, pp: np.ndarray, cp: np.ndarray,
    recompute: str, sequence_parallel: bool, flash_attention: bool, virtual_stages: np.ndarray,
    training_stack: str = "megatron", compiled: bool = False,
) -> TrainingActivations:
    if recompute not in RECOMPUTE:
        raise ValueError(f"unknown recompute {recompute!r}; valid: {', '.join(RECOMPUTE)}")
    per_token = _per_token(m, weight_dtype, tp, pp, cp, recompute, sequence_parallel, flash_attention, virtual_stages,
                           training_stack, compiled)
    if per_token is None:
        zero = as_array(tp) * as_array(pp) * as_array(cp) * as_array(virtual_stages) * 0.0
        return TrainingActivations(zero, zero, zero, zero, zero, zero, False)
    alpha_first, beta_first, alpha_last, beta_last, in_flight, stored_alpha, stored_beta, alpha_layer, full_beta = \
        per_token
    s = as_array(seq_len)
    per_layer = stored_alpha * s + stored_beta * s * s
    working = alpha_layer * s + full_beta * s * s
    return TrainingActivations(alpha_first, beta_first, alpha_last, beta_last, per_layer, in_flight, True, working)


def _per_token_key(m: ModelArch, weight_dtype: str, *rest: Any) -> Any:
    return small_values_key((m, weight_dtype, *rest))


@memoised_by(_per_token_key)
def _per_token(m: ModelArch, weight_dtype: str, tp: np.ndarray, pp: np.ndarray, cp: np.ndarray, recompute: str,
               sequence_parallel: bool, flash_attention: bool, virtual_stages: np.ndarray, training_stack: str,
               compiled: bool) -> tuple[np.ndarray, ...] | None:
    """What the activations' α·s + β·s² reads besides the sequence (None without layer shapes): within the window's
    memo kept per input, so an edit of the sequence or the batch computes only the terms in s."""
    if not has_layer_shapes(m):
        return None
    zero = as_array(tp) * as_array(pp) * as_array(cp) * as_array(virtual_stages) * 0.0
    terms = layer_terms(m, activation_value_bytes(weight_dtype), training_stack, compiled)
    t, p, c, v = as_array(tp), as_array(pp), as_array(cp), as_array(virtual_stages)
    t_sp = np.where(sequence_parallel & (t > 1), t, 1.0)
    alpha_layer = (terms.replicated / t_sp + terms.split / t) / c
    if training_stack == "fsdp2":  # DTensor TP: the attention and MLP inputs are saved all-gathered (see above)
        alpha_layer = alpha_layer + activation_value_bytes(weight_dtype) * 2.0 * m.hidden * (1.0 - 1.0 / t_sp) / c
    if training_stack == "fsdp2" and recompute == "selective":
        alpha_layer = _fsdp2_sac_values(m, activation_value_bytes(weight_dtype)) / (t * c) + zero
    keeps_scores = recompute == "none" and not flash_attention
    beta_layer = (terms.quadratic / (t * c)) if keeps_scores else zero
    if recompute == "full":
        stored_alpha, stored_beta = terms.checkpoint / (t_sp * c) + zero, zero
        work_alpha, work_beta = alpha_layer, terms.quadratic / (t * c) * (0.0 if flash_attention else 1.0) + zero
    else:
        stored_alpha, stored_beta = alpha_layer + zero, beta_layer + zero
        work_alpha, work_beta = zero, zero
    stage_layers = np.ceil(m.n_layers / p)
    interleave = np.where((v > 1) & (p > 1), 1.0 + (p - 1.0) / (p * v), 1.0)
    in_flight = stage_layers * p * interleave
    logits_alpha = terms.logits / (t * c)
    single = p <= 1
    alpha_first = in_flight * stored_alpha + work_alpha + np.where(single, logits_alpha, 0.0)
    beta_first = in_flight * stored_beta + work_beta
    alpha_last = np.where(single, alpha_first, stage_layers * stored_alpha + work_alpha + logits_alpha)
    beta_last = np.where(single, beta_first, stage_layers * stored_beta + work_beta)
    full_beta = terms.quadratic / (t * c) * (0.0 if flash_attention else 1.0)
    return alpha_first, beta_first, alpha_last, beta_last, in_flight, stored_alpha, stored_beta, alpha_layer, full_beta


def inference_workspace_per_token(m: ModelArch, tp: np.ndarray) -> np.ndarray:
    """Transient bytes per prefill token of one layer, per TP rank (16-bit values)."""
    t = as_array(tp)
    if not has_layer_shapes(m):
        return t * 0.0
    e = 2.0
    q, k, v, o = _attention_widths(m)
    f_e = m.moe_ffn_hidden or m.ffn_hidden
    dense_layers = m.n_layers - ((m.n_moe_layers or m.n_layers) if m.is_moe else 0)
    inner = _mlp_values(m, m.ffn_hidden) if dense_layers > 0 else 0.0
    if m.is_moe:
        inner = max(inner, (m.experts_per_token + m.n_shared_experts) * _mlp_values(m, f_e))
    return e * (2 * m.hidden + (q + k + v + o + inner) / t)


def inference_logits_per_sequence(m: ModelArch, tp: np.ndarray) -> np.ndarray:
    """fp32 logits of the next token for one running sequence, vocab-parallel over t."""
    return CROSS_ENTROPY_LOGIT_BYTES.value * m.vocab / as_array(tp)
