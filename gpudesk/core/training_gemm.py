"""The GEMMs of one training step by shape, and the memory traffic low-precision and MoE kernels add.

A GEMM of M×K by K×N does 2·M·N·K FLOPs and moves (M·K + K·N)·b_in + M·N·b_out
bytes. Far above the ridge point it runs at the measured matmul rate; near it
it neither saturates the tensor cores nor streams at full bandwidth, which
the smooth roofline (t_c^p + t_m^p)^(1/p) of the serving model describes
(constant SERVING_ROOFLINE_SHARPNESS, one value per mechanism). Per GEMM
class of a layer the time ratio r = (1 + (t_m/t_c)^p)^(1/p) ≥ 1 is taken at
the class's own shape; the step's GEMM time is multiplied by the FLOP-weighted
mean of r. Large dense GEMMs (M = micro-batch tokens in the thousands) keep
r ≈ 1; routed-expert GEMMs see M = tokens × k × e / E rows per expert and
fall towards the ridge — the expert-GEMM inefficiency of fine-grained MoE.

Per micro-batch per GPU (T = b·s/c tokens):

* dense matrices: M = T, N divided by t (column or row split);
* routed experts: M = T·k·e/E rows per local expert with expert parallel e
  (expert tensor parallel 1), else T·k/E and N / t;
* output head: M = T, N = V/t.

FP8/FP4 recipes cast every linear input in the forward and every output
gradient in the backward: (K + N) values per GEMM class and token, at
LOW_PRECISION_CAST_BYTES per value. MoE token permutation moves
MOE_PERMUTE_BYTES_PER_VALUE per routed hidden value. Both stream through HBM.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import (
    ATTENTION_SCORE_BYTES_BACKWARD,
    ATTENTION_SCORE_BYTES_FORWARD,
    EAGER_NON_GEMM_REFERENCE_TFLOPS,
    LOW_PRECISION_CAST_BYTES,
    MOE_EXPERT_GEMM_CALL_S,
    MOE_PERMUTE_BYTES_PER_VALUE,
    TORCH_COMPILE_FUSED_SHARE,
)
from gpudesk.core.constants import serving as SV
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import FlatKeys
from gpudesk.core.model_math import _attention_shapes, has_layer_shapes
from gpudesk.core.pass_memo import memoised

LOW_PRECISION_MATH = ("fp8", "fp6", "fp4")


@dataclass(frozen=True)
class GemmClass:
    """One GEMM shape of the model: K, N before splitting, layers, copies per token (k for routed experts)."""

    name: str
    k: float
    n: float
    layers: float
    copies: float = 1.0
    experts: float = 1.0  # routed: E (rows per expert = tokens · copies / E)
    routed: bool = False

    @property
    def weight(self) -> float:
        """Forward FLOPs per token / 2."""
        return self.layers * self.copies * self.k * self.n


@memoised
def gemm_classes(m: ModelArch) -> list[GemmClass]:
    """GEMM classes of one token's forward pass (empty when the record has no layer shapes); within the window's memo
    once per model record (nobody changes the list)."""
    if not has_layer_shapes(m):
        return []
    h, L = float(m.hidden), float(m.n_layers)
    out = [GemmClass(f"attention {i}×{o}", float(i), float(o), L) for i, o in _attention_shapes(m)]
    mult = 2.0 if m.gated_mlp else 1.0
    n_moe = float((m.n_moe_layers or m.n_layers) if m.is_moe else 0)
    n_dense = L - n_moe
    if n_dense > 0:
        f = float(m.ffn_hidden)
        out += [GemmClass("dense MLP in", h, mult * f, n_dense), GemmClass("dense MLP out", f, h, n_dense)]
    if n_moe > 0:
        fe = float(m.moe_ffn_hidden or m.ffn_hidden)
        k, e = float(m.experts_per_token), float(max(m.n_experts, 1))
        out += [GemmClass("expert in", h, mult * fe, n_moe, k, e, True),
                GemmClass("expert out", fe, h, n_moe, k, e, True)]
        if m.n_shared_experts:
            s = float(m.n_shared_experts)
            out += [GemmClass("shared expert in", h, mult * fe * s, n_moe),
                    GemmClass("shared expert out", fe * s, h, n_moe)]
    out.append(GemmClass("output head", h, float(m.vocab), 1.0))
    return out


def _bytes_in(compute: str) -> float:
    return {"fp8": 1.0, "fp6": 0.75, "fp4": 0.5}.get(compute, 2.0)


def shape_factor(classes: list[GemmClass], tokens: np.ndarray, tp: np.ndarray, ep: np.ndarray, ridge: np.ndarray,
                 compute: str) -> np.ndarray:
    """FLOP-weighted mean of the smooth-roofline time ratio r over the GEMM classes (1 without shapes).

    ``ridge``: achievable FLOP/s over achievable bytes/s (peak·η_mm / (bw·η_hbm)) per candidate.
    """
    if not classes:
        return np.ones_like(np.asarray(tokens, dtype=np.float64))
    p = SV.SERVING_ROOFLINE_SHARPNESS.value
    b_in, b_out = _bytes_in(compute), 2.0
    total = sum(c.weight for c in classes)
    acc = np.zeros(np.broadcast(tokens, tp, ep, ridge).shape)
    if acc.ndim == 1 and all(np.shape(a) == acc.shape for a in (tokens, tp, ridge)):
        return _shape_factor_flat(classes, tokens, tp, ep, ridge, total, p, b_in, b_out, acc)
    for c in classes:
        if c.routed:  # rows per local expert: the EP group's tokens × k / E (expert tensor parallel 1)
            rows = np.where(ep > 1, tokens * c.copies * ep / c.experts, tokens * c.copies / c.experts)
            n = np.where(ep > 1, c.n, c.n / tp)
        else:
            rows, n = tokens, c.n / tp
        rows = np.maximum(rows, 1.0)
        flops = 2.0 * rows * n * c.k
        moved = (rows * c.k + c.k * n) * b_in + rows * n * b_out
        ratio = ridge * moved / flops  # t_memory / t_compute
        acc = acc + c.weight / total * (1.0 + ratio ** p) ** (1.0 / p)
    return acc


# what shape_factor_at reads (row: the hardware), with p and the GPU count: the step's collectives' inputs
# (training_comm.COLLECTIVE_INPUTS), so a flat batch finds its distinct rows once for both
SHAPE_INPUTS = ("row", "micro_batch", "seq_len", "cp", "tp", "ep", "pp", "n_gpus", "virtual_stages")


def shape_factor_at(classes: list[GemmClass], micro_batch: np.ndarray, seq_len: np.ndarray, cp: np.ndarray,
                    tp: np.ndarray, ep: np.ndarray, ridge: np.ndarray, compute: str,
                    keys: FlatKeys | None = None) -> np.ndarray:
    """:func:`shape_factor` at b·s/c tokens per micro-batch; with ``keys`` (a flat batch) once per distinct
    combination of ``SHAPE_INPUTS`` (core/flat_keys.py), the same values as on every candidate."""
    def part(b: np.ndarray, s: np.ndarray, c: np.ndarray, t: np.ndarray, e: np.ndarray, r: np.ndarray) -> np.ndarray:
        return shape_factor(classes, b * s / c, t, e, r, compute)

    if keys is None:
        return part(micro_batch, seq_len, cp, tp, ep, ridge)
    return np.asarray(keys.evaluate(SHAPE_INPUTS, part, micro_batch, seq_len, cp, tp, ep, ridge))


def shape_factor_rows(classes: list[GemmClass], micro_batch: np.ndarray, seq_len: np.ndarray, cp: np.ndarray,
                      tp: np.ndarray, ep: np.ndarray, ridge: np.ndarray, compute: str,
                      keys: FlatKeys | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`shape_factor_at` held per distinct row: (the factor on one row per distinct combination of
    ``SHAPE_INPUTS``, each candidate's row), or (the factor of every candidate, None) where that would not pay."""
    def part(b: np.ndarray, s: np.ndarray, c: np.ndarray, t: np.ndarray, e: np.ndarray, r: np.ndarray) -> np.ndarray:
        return shape_factor(classes, b * s / c, t, e, r, compute)

    found = None if keys is None else keys.evaluate_rows(SHAPE_INPUTS, part, micro_batch, seq_len, cp, tp, ep, ridge)
    if found is None:
        return part(micro_batch, seq_len, cp, tp, ep, ridge), None
    return np.asarray(found[0]), found[1]


def _shape_factor_flat(classes: list[GemmClass], tokens: np.ndarray, tp: np.ndarray, ep: np.ndarray,
                       ridge: np.ndarray, total: float, p: float, b_in: float, b_out: float,
                       acc: np.ndarray) -> np.ndarray:
    """``shape_factor`` over flat arrays of one length (a list of configurations): the same operations in the same
    order (the same bits) for the classes split by tensor parallelism, written into four buffers, with the rows
    every such class shares (max(tokens, 1)) computed once; routed classes take the general formula."""
    rows_all = np.maximum(tokens, 1.0)
    n, flops, moved, term = (np.empty_like(acc) for _ in range(4))
    for c in classes:
        if c.routed:
            rows = np.where(ep > 1, tokens * c.copies * ep / c.experts, tokens * c.copies / c.experts)
            rows = np.maximum(rows, 1.0)
            n_c = np.where(ep > 1, c.n, c.n / tp)
            flops_c = 2.0 * rows * n_c * c.k
            ratio = ridge * ((rows * c.k + c.k * n_c) * b_in + rows * n_c * b_out) / flops_c
            acc += c.weight / total * (1.0 + ratio ** p) ** (1.0 / p)
            continue
        np.divide(c.n, tp, out=n)
        np.multiply(2.0, rows_all, out=flops)  # 2 · rows · n · k
        np.multiply(flops, n, out=flops)
        np.multiply(flops, c.k, out=flops)
        np.multiply(rows_all, c.k, out=moved)  # (rows · k + k · n) · b_in + rows · n · b_out
        np.multiply(c.k, n, out=term)
        np.add(moved, term, out=moved)
        np.multiply(moved, b_in, out=moved)
        np.multiply(rows_all, n, out=term)
        np.multiply(term, b_out, out=term)
        np.add(moved, term, out=moved)
        np.multiply(ridge, moved, out=term)  # ratio = ridge · moved / flops (t_memory / t_compute)
        np.divide(term, flops, out=term)
        _power(term, p)  # (1 + ratio^p)^(1/p), weighted
        np.add(1.0, term, out=term)
        _power(term, 1.0 / p)
        np.multiply(c.weight / total, term, out=term)
        np.add(acc, term, out=acc)
    return acc


def _power(values: np.ndarray, exponent: float) -> None:
    """``values ** exponent`` in place, as numpy's ``**`` computes it (x for 1, x·x for 2, the square root for ½)."""
    if exponent == 2.0:
        np.square(values, out=values)
    elif exponent == 0.5:
        np.sqrt(values, out=values)
    elif exponent != 1.0:
        np.power(values, exponent, out=values)


def cast_values_per_token(classes: list[GemmClass], tp: np.ndarray, ep: np.ndarray) -> np.ndarray:
    """Values a low-precision recipe casts per token per GPU (forward input + backward output gradient)."""
    acc = np.zeros(np.broadcast(tp, ep).shape)
    for c in classes:
        split = np.where(ep > 1, 1.0, tp) if c.routed else tp
        acc = acc + c.layers * c.copies * (c.k + c.n) / split
    return acc


def adds_hbm_time(m: ModelArch, classes: list[GemmClass], compute: str) -> bool:
    """Whether :func:`cast_time_s` or :func:`permute_time_s` can be other than zeros (low-precision math, MoE)."""
    return (compute in LOW_PRECISION_MATH and bool(classes)) or m.is_moe


def cast_time_s(classes: list[GemmClass], compute: str, recipe: str, tokens_per_gpu: np.ndarray, tp: np.ndarray,
                ep: np.ndarray, pp: np.ndarray, bw: np.ndarray) -> tuple[np.ndarray, float]:
    """HBM seconds per step of the casts a low-precision recipe adds (0 for 16-bit math), and bytes/value."""
    if compute not in LOW_PRECISION_MATH or not classes:
        return np.zeros_like(np.asarray(tokens_per_gpu, dtype=np.float64)), 0.0
    per_value = LOW_PRECISION_CAST_BYTES[recipe].value
    values = cast_values_per_token(classes, tp, ep) / pp
    return tokens_per_gpu * values * per_value / bw, per_value


def permute_time_s(m: ModelArch, tokens_per_gpu: np.ndarray, pp: np.ndarray, bw: np.ndarray) -> np.ndarray:
    """HBM seconds per step of MoE token permutation and un-permutation (0 for dense models)."""
    if not m.is_moe:
        return np.zeros_like(np.asarray(tokens_per_gpu, dtype=np.float64))
    n_moe = float(m.n_moe_layers or m.n_layers)
    values = n_moe / pp * float(m.experts_per_token) * float(m.hidden)
    return np.asarray(tokens_per_gpu * values * MOE_PERMUTE_BYTES_PER_VALUE.value / bw)


def expert_loop_time_s(fs: FigureSet, m: ModelArch, method: str, micro: Any, pp: Any, ep: Any, rec: Any,
                       held: Callable[[Any], Any] = lambda v: v) -> Any:
    """Seconds per step the expert GEMMs add when they run as one cuBLASLt call per local expert (Transformer
    Engine's GroupedLinear, MOE_EXPERT_GEMM_CALL_S each) rather than one grouped launch: per micro-batch and MoE
    layer of the stage, E/e local experts × their GEMMs (forward fc1 and fc2; backward dgrad and wgrad of each:
    6; full recompute runs the forward again: 8; LoRA's frozen experts have no wgrad: 4, 6)."""
    per_expert = (np.where(rec >= 2, 8.0, 6.0) if method == "full" else np.where(rec >= 2, 6.0, 4.0))
    call = fs.constant("train.expert_gemm_call_s", MOE_EXPERT_GEMM_CALL_S)
    loop = micro * float(m.n_moe_layers or m.n_layers) / pp * (float(m.n_experts) / ep) * per_expert * call
    fs.add("train.expert_gemm_loop_s", held(loop), "s", "expert GEMMs launched one per local expert, per step",
           "m · (L_moe/p) · (E/e) · GEMMs per expert (6; 8 with full recompute; LoRA 4, 6) · t_call",
           ["train.micro_batches", "train.in.pp", "train.in.ep", "train.in.recompute", "arch.E",
            "train.expert_gemm_call_s"])
    return loop


def eager_gemm_share(fs: FigureSet, share: float, rate_16bit: np.ndarray, compiled: bool) -> np.ndarray:
    """Share of an eager step's compute time in GEMMs and attention on a part whose achieved 16-bit matmul rate is
    R: 1 / (1 + x), x = (1/share − 1) · R / R_ref (EAGER_NON_GEMM_REFERENCE_TFLOPS); torch.compile fuses the
    element-wise kernels, TORCH_COMPILE_FUSED_SHARE of a step whose non-GEMM part is 1 − share, so x shrinks by
    1 − c / (1 − share) (at R_ref the share becomes share / (1 − c), as before)."""
    rate = fs.add("eff.eager_matmul_rate", rate_16bit, "FLOP/s", "achieved 16-bit matmul rate of the part",
                  "16-bit dense peak · 16-bit matmul efficiency (whatever the compute format)", ["hw.peak_flops"])
    ref = fs.constant("eff.eager_reference", EAGER_NON_GEMM_REFERENCE_TFLOPS) * 1e12
    x = (1.0 / share - 1.0) * np.asarray(rate) / ref
    if compiled:
        c = fs.constant("eff.compile_fused", TORCH_COMPILE_FUSED_SHARE)
        x = x * max(1.0 - c / (1.0 - share), 0.0)
    share_out: np.ndarray = fs.add("eff.eager_share", 1.0 / (1.0 + x), "fraction", "eager step: GEMM and attention share of compute",
                  "1 / (1 + x), x = (1/share − 1) · R / R_ref" + (" · (1 − c/(1 − share)) (torch.compile)"
                                                                  if compiled else ""),
                  ["eff.framework", "eff.eager_matmul_rate", "eff.eager_reference"]
                  + (["eff.compile_fused"] if compiled else []))
    return share_out


def score_time_s(fs: FigureSet, m: ModelArch, seq_len: np.ndarray, recompute: np.ndarray, tokens_per_gpu: np.ndarray,
                 bw: np.ndarray, held: Callable[[Any], Any] = lambda v: v) -> np.ndarray:
    """Without a fused attention kernel every layer writes and reads its a·s scores per token (the whole s×s matrix,
    masked, as Megatron's fused scale-mask-softmax computes it): forward and backward bytes per score, one more
    forward when the layer is recomputed (full, or Megatron's selective: the core attention)."""
    fwd = fs.constant("train.score_bytes_forward", ATTENTION_SCORE_BYTES_FORWARD)
    bwd = fs.constant("train.score_bytes_backward", ATTENTION_SCORE_BYTES_BACKWARD)
    per_score = fwd + bwd + np.where(np.asarray(recompute) >= 1, fwd, 0.0)
    seconds = m.n_layers * m.n_heads * np.asarray(seq_len) * per_score * tokens_per_gpu / bw
    fs.add("train.attention_scores_s", held(seconds), "s", "unfused attention: score tensors through HBM per step",
                  "L · a · s · (forward + backward (+ forward if recomputed) bytes per score) · tokens per GPU / "
                  "(HBM bw · η_hbm)", ["train.score_bytes_forward", "train.score_bytes_backward", "train.in.seq_len",
                                       "train.in.recompute", "hw.hbm_bw", "eff.hbm"])
    return np.asarray(seconds)
