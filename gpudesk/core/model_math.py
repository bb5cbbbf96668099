"""Numbers that follow from a model's architecture: parameters, KV cache, FLOPs.

Everything here is derived from the layer shapes of a
:class:`~gpudesk.catalog.records.ModelArch` (hidden size, heads, KV heads,
explicit head_dim, FFN size, vocabulary, MoE and MLA fields), not from its
published parameter count alone, so a stale or rounded count cannot hide a
wrong KV cache or FLOP figure. Records without layer shapes (vision,
diffusion, recsys rows that carry ``gflops_per_sample``) fall back to the
published count. Conventions (documented in docs/memory-model.md):

* linear-layer biases and per-head q/k norms are not counted (< 0.01 % of
  Llama/Qwen-class models); RMSNorm/LayerNorm weights count 2·h per layer
  plus h for the final norm;
* for MLA, ``head_dim`` is the non-rotary query/key head size
  (DeepSeek ``qk_nope_head_dim``), ``mla_rope_dim`` the shared rotary part,
  ``mla_v_head_dim`` the value head size;
* MoE layers are the last ``n_moe_layers`` layers (all layers when 0) and
  use ``moe_ffn_hidden`` (``ffn_hidden`` when 0) per expert.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from gpudesk.catalog.records import ModelArch
from gpudesk.core.explain import FigureSet, as_array
from gpudesk.core.pass_memo import memoised
from gpudesk.core.precision import bytes_per_value

LAYERED_KINDS = ("decoder", "encoder", "encoder-decoder")


@dataclass(frozen=True)
class ParamBreakdown:
    """Parameter groups of a model (counts, not bytes)."""

    from_architecture: bool
    embedding: float  # input embedding + output head (V·h each; once when tied)
    attention: float  # attention projections, all layers
    mlp_dense: float  # dense FFN matrices, all dense layers
    experts_routed: float  # routed expert matrices, all MoE layers
    experts_shared: float  # shared expert matrices, all MoE layers
    router: float  # router (gate) matrices
    norms: float  # normalisation weights
    total: float
    active: float  # per token (MoE: k routed experts of E)
    n_layers: int
    lora_in_out: float  # Σ (in + out) over every linear matrix in the blocks (LoRA: r·Σ params)
    matmul_active: float  # active GEMM parameters incl. output head, excl. input embedding and router
    hidden: int = 0
    vocab: int = 0

    @property
    def mlp(self) -> float:
        return self.mlp_dense + self.experts_routed + self.experts_shared + self.router

    @property
    def linear(self) -> float:
        """Parameters in linear layers of the blocks (what int4/NF4 schemes quantise)."""
        return self.attention + self.mlp

    @property
    def unquantised(self) -> float:
        """Embeddings, output head and norms: kept in 16-bit by int4/fp8/NF4 schemes."""
        return self.embedding + self.norms


def has_layer_shapes(m: ModelArch) -> bool:
    return m.kind in LAYERED_KINDS and m.n_layers > 0 and m.hidden > 0 and m.n_heads > 0


def head_dim(m: ModelArch) -> int:
    """Explicit head_dim when the record has one (Qwen3, Gemma differ from h/a)."""
    return m.head_dim if m.head_dim else m.hidden // m.n_heads


def kv_heads(m: ModelArch) -> int:
    if m.attention == "mqa":
        return 1
    if m.attention == "mha" or not m.n_kv_heads:
        return m.n_heads
    return m.n_kv_heads


def _attention_shapes(m: ModelArch) -> list[tuple[int, int]]:
    """(in, out) of every attention matrix of one layer."""
    h, a, d = m.hidden, m.n_heads, head_dim(m)
    if m.attention == "mla":
        rope = m.mla_rope_dim or 0
        v = m.mla_v_head_dim or d
        kvr = m.mla_kv_lora_rank or 0
        shapes = [(h, kvr + rope), (kvr, a * (d + v)), (a * v, h)]
        if m.mla_q_lora_rank:
            shapes += [(h, m.mla_q_lora_rank), (m.mla_q_lora_rank, a * (d + rope))]
        else:
            shapes.append((h, a * (d + rope)))
        return shapes
    g = kv_heads(m)
    return [(h, a * d), (h, g * d), (h, g * d), (a * d, h)]


def _mla_norms(m: ModelArch) -> int:
    return (m.mla_kv_lora_rank or 0) + (m.mla_q_lora_rank or 0) if m.attention == "mla" else 0


@memoised
def param_breakdown(m: ModelArch) -> ParamBreakdown:
    """Parameter groups from the architecture fields (published count if no layer shapes); within the window's memo
    once per model record (an edit's step model and memory estimate read it six times)."""
    if not has_layer_shapes(m):
        nan = float("nan")
        return ParamBreakdown(False, embedding=nan, attention=nan, mlp_dense=nan, experts_routed=nan,
                              experts_shared=nan, router=nan, norms=nan, total=float(m.params_total),
                              active=float(m.active_params), n_layers=m.n_layers, lora_in_out=nan, matmul_active=nan,
                              hidden=m.hidden, vocab=m.vocab)
    h, L, V = m.hidden, m.n_layers, m.vocab
    mult = 3 if m.gated_mlp else 2
    attn_shapes = _attention_shapes(m)
    attn_layer = sum(i * o for i, o in attn_shapes)
    attn_in_out = sum(i + o for i, o in attn_shapes)
    n_moe = (m.n_moe_layers or L) if m.is_moe else 0
    n_dense = L - n_moe
    f_e = m.moe_ffn_hidden or m.ffn_hidden
    expert = mult * h * f_e
    embedding = float(V * h * (1 if m.tied_embeddings else 2))
    attention = float(L * attn_layer)
    mlp_dense = float(n_dense * mult * h * m.ffn_hidden)
    routed = float(n_moe * m.n_experts * expert)
    shared = float(n_moe * m.n_shared_experts * expert)
    router = float(n_moe * h * m.n_experts)
    norms = float(L * (2 * h + _mla_norms(m)) + h)
    total = embedding + attention + mlp_dense + routed + shared + router + norms
    active_routed = float(n_moe * m.experts_per_token * expert)
    active = total - routed + active_routed
    lora = (L * attn_in_out + n_dense * mult * (h + m.ffn_hidden)
            + n_moe * (m.n_experts + m.n_shared_experts) * mult * (h + f_e))
    matmul = attention + mlp_dense + shared + active_routed + V * h
    return ParamBreakdown(True, embedding, attention, mlp_dense, routed, shared, router, norms,
                          total, active, L, float(lora), float(matmul), h, V)


def record_source(m: ModelArch) -> str:
    """Where a model record's fields come from, as an input's source reads it."""
    src = m.provenance.source or "no citation"
    return f"model {m.id}: {src}"


def record_arch_inputs(fs: FigureSet, m: ModelArch) -> None:
    """Record the architecture fields behind the arch.* figures."""
    src = record_source(m)
    fs.input("arch.params_published", float(m.params_total), "params", f"{m.name}: published parameter count", src)
    if not has_layer_shapes(m):
        return
    fs.input("arch.L", m.n_layers, "layers", "transformer layers L", src)
    fs.input("arch.h", m.hidden, "", "hidden size h", src)
    fs.input("arch.a", m.n_heads, "heads", "attention heads a", src)
    fs.input("arch.g", kv_heads(m), "heads", f"KV heads g ({m.attention})", src)
    fs.input("arch.d", head_dim(m), "", "head dimension d" + ("" if m.head_dim else " (= h/a, none given)"), src)
    fs.input("arch.f", m.ffn_hidden, "", "FFN hidden size f", src)
    fs.input("arch.V", m.vocab, "tokens", "vocabulary V", src)
    if m.is_moe:
        fs.input("arch.E", m.n_experts, "experts", "routed experts per MoE layer E", src)
        fs.input("arch.k", m.experts_per_token, "experts", "routed experts per token k", src)


def parameter_count(m: ModelArch) -> FigureSet:
    """arch.params_* figures derived from the layer shapes: a new set (the caller adds to it) sharing the entries
    made once per model record within the window's memo (the step model and the memory estimate each read them)."""
    return _parameter_count(m).without()


@memoised
def _parameter_count(m: ModelArch) -> FigureSet:
    fs = FigureSet()
    record_arch_inputs(fs, m)
    pb = param_breakdown(m)
    if not pb.from_architecture:
        note = "no layer shapes in the record: the published count is used"
        fs.add("arch.params_total", pb.total, "params", "total parameters", "N = published count",
               ["arch.params_published"], note=note)
        fs.add("arch.params_active", pb.active, "params", "parameters active per token",
               "N_active = published active count (dense: N)", ["arch.params_published"], note=note)
        return fs
    moe = ["arch.E", "arch.k"] if m.is_moe else []
    emb = "V·h (input embedding, tied output head)" if m.tied_embeddings else "2·V·h (input embedding + output head)"
    fs.add("arch.params_embedding", pb.embedding, "params", "embedding and output-head parameters", emb,
           ["arch.V", "arch.h"])
    attn = ("L·(h·(r_kv+r) + r_kv·a·(d+v) + a·v·h + q: h·r_q + r_q·a·(d+r)) — MLA low-rank projections"
            if m.attention == "mla" else "L·(2·h·a·d + 2·h·g·d) — Q and O: h·a·d each; K and V: h·g·d each (GQA)")
    fs.add("arch.params_attention", pb.attention, "params", "attention parameters", attn,
           ["arch.L", "arch.h", "arch.a", "arch.g", "arch.d"])
    mult = "3" if m.gated_mlp else "2"
    mlp = (f"L_dense·{mult}·h·f + L_moe·(E + shared)·{mult}·h·f_e + L_moe·h·E (router)" if m.is_moe
           else f"L·{mult}·h·f ({'gated: gate, up, down' if m.gated_mlp else 'up, down'})")
    fs.add("arch.params_mlp", pb.mlp, "params", "MLP / expert parameters", mlp, ["arch.L", "arch.h", "arch.f", *moe])
    fs.add("arch.params_total", pb.total, "params", "total parameters",
           "N = embedding + attention + MLP + norms (2·h per layer + h final)",
           ["arch.params_embedding", "arch.params_attention", "arch.params_mlp", "arch.params_published"],
           note="biases not counted: the total can fall a little short of the published count (an input above)")
    fs.add("arch.params_active", pb.active, "params", "parameters active per token",
           "N_active = N − L_moe·(E − k)·" + mult + "·h·f_e" if m.is_moe else "N_active = N (dense)",
           ["arch.params_total", *moe])
    fs.add("arch.params_per_layer", (pb.total - pb.embedding) / pb.n_layers, "params",
           "parameters per layer (mean)", "(N − embedding) / L", ["arch.params_total", "arch.params_embedding", "arch.L"])
    fs.add("arch.params_matmul_active", pb.matmul_active, "params", "active GEMM parameters (FLOP accounting)",
           "attention + dense MLP + shared experts + k routed experts + output head V·h (no input lookup, no router)",
           ["arch.params_active", "arch.V", "arch.h"])
    return fs


def _kv_heads_per_rank(m: ModelArch, tp: ArrayLike) -> np.ndarray:
    return np.asarray(np.maximum(np.ceil(kv_heads(m) / np.maximum(as_array(tp), 1.0)), 1.0))


def kv_values_per_token_layer(m: ModelArch, tp: ArrayLike = 1) -> np.ndarray:
    """Cached values per token per layer per TP rank (K and V, or the MLA latent)."""
    if m.attention == "mla":
        return as_array(tp) * 0.0 + float((m.mla_kv_lora_rank or 0) + (m.mla_rope_dim or 0))
    return 2.0 * _kv_heads_per_rank(m, tp) * head_dim(m)


def kv_layer_counts(m: ModelArch) -> tuple[int, int]:
    """(full-attention layers, sliding-window layers)."""
    sliding = min(m.n_sliding_layers, m.n_layers) if m.sliding_window else 0
    return m.n_layers - sliding, sliding


def kv_bytes_per_token(m: ModelArch, kv_dtype: str, tp: ArrayLike = 1) -> FigureSet:
    """arch.kv_bytes_per_token per TP rank, all layers, plus the layer split."""
    fs = FigureSet()
    record_arch_inputs(fs, m)
    fs.input("arch.kv_dtype_bytes", bytes_per_value(kv_dtype), "B", f"KV cache value size ({kv_dtype})")
    fs.input("arch.kv_tp", tp, "GPUs", "tensor-parallel degree t")
    full, sliding = kv_layer_counts(m) if has_layer_shapes(m) else (0, 0)
    src = record_source(m)
    fs.input("arch.kv_window", float(m.sliding_window or 0), "tokens", "sliding window w (0 = none)", src)
    fs.add("arch.kv_layers_full", float(full), "layers", "layers caching every token", "L − L_sliding",
           ["arch.L"] if has_layer_shapes(m) else [])
    fs.add("arch.kv_layers_sliding", float(sliding), "layers", "sliding-window layers (cache min(w, tokens))",
           "layers with a sliding window, from the record", ["arch.kv_window"])
    if not has_layer_shapes(m):
        fs.add("arch.kv_bytes_per_token", as_array(tp) * 0.0, "B/token", "KV cache per token",
               "0: no decoder layer shapes in the record", [])
        return fs
    per = kv_values_per_token_layer(m, tp) * m.n_layers * bytes_per_value(kv_dtype)
    if m.attention == "mla":
        fs.input("arch.mla_latent", float((m.mla_kv_lora_rank or 0) + (m.mla_rope_dim or 0)), "values",
                 "MLA latent per token per layer (kv_lora_rank + rope_dim)", src)
        formula = "L · (r_kv + r_rope) · B_kv — MLA caches one latent per layer, no factor 2, replicated per TP rank"
        deps = ["arch.L", "arch.mla_latent", "arch.kv_dtype_bytes"]
    else:
        formula = "2 (K and V) · L · max(⌈g/t⌉, 1) · d · B_kv — GQA/MQA KV heads, explicit head_dim, per TP rank"
        deps = ["arch.L", "arch.g", "arch.d", "arch.kv_dtype_bytes", "arch.kv_tp"]
    fs.add("arch.kv_bytes_per_token", per, "B/token", "KV cache per token (all layers, per TP rank)", formula,
           [*deps, "arch.kv_layers_full", "arch.kv_layers_sliding"])
    return fs


def kv_cache_bytes(m: ModelArch, kv_dtype: str, tokens: ArrayLike, sequences: ArrayLike,
                   tp: ArrayLike = 1) -> np.ndarray:
    """KV cache bytes per TP rank: full layers hold every token, sliding layers min(w, tokens)."""
    if not has_layer_shapes(m):
        return np.asarray(as_array(tokens) * as_array(sequences) * as_array(tp) * 0.0)
    full, sliding = kv_layer_counts(m)
    tok = as_array(tokens)
    held = full * tok + (sliding * np.minimum(float(m.sliding_window or 0), tok) if sliding else 0.0)
    return np.asarray(kv_values_per_token_layer(m, tp) * bytes_per_value(kv_dtype) * held * as_array(sequences))


def attention_core_dims(m: ModelArch) -> float:
    """a·(d_qk + d_v): the width of the QKᵀ and attention·V products per token."""
    d = head_dim(m)
    if m.attention == "mla":
        return float(m.n_heads * (d + (m.mla_rope_dim or 0) + (m.mla_v_head_dim or d)))
    return float(m.n_heads * 2 * d)


def decode_attention_core_dims(m: ModelArch) -> float:
    """a·(d_qk + d_v) of one decode token's attention as serving engines run it.

    MLA decodes with the up-projections absorbed (DeepSeek-V2, arXiv 2405.04434, 2.1.2): W^UK folds into the
    query and W^UV into the output projection, so every head attends over the cached latent itself, a
    multi-query attention with d_qk = kv_lora_rank + rope and d_v = kv_lora_rank (576 and 512 for DeepSeek-V3,
    3.4x the FLOPs of the expanded heads' 192 + 128; TensorRT-LLM's throughput blog 'Optimizing DeepSeek R1
    Throughput on NVIDIA Blackwell GPUs', 2025: 'after the weights are absorbed, the MLA is equivalent to
    MQA', its generation kernels run that form, the prefill the expanded one). Other attention: as trained.
    """
    if m.attention == "mla" and m.mla_kv_lora_rank:
        r = float(m.mla_kv_lora_rank)
        return float(m.n_heads) * (2.0 * r + float(m.mla_rope_dim or 0))
    return attention_core_dims(m)


def training_flops_per_token(m: ModelArch, seq_len: ArrayLike) -> FigureSet:
    """Training FLOPs per token: 6·N_active, the Megatron-LM convention, and its forward third."""
    fs = parameter_count(m)
    s = fs.input("arch.flops_seq_len", seq_len, "tokens", "training sequence length s")
    n_act = fs["arch.params_active"]
    fs.add("arch.flops_per_token_6n", 6.0 * n_act * (as_array(s) * 0 + 1), "FLOP/token",
           "training FLOPs per token (6·N rule)", "6 · N_active (2 forward + 4 backward per parameter)",
           ["arch.params_active"])
    if not has_layer_shapes(m):
        note = "no layer shapes in the record: the attention term is unknown, 6·N is used"
        fs.add("arch.flops_per_token_megatron", fs["arch.flops_per_token_6n"], "FLOP/token",
               "training FLOPs per token (Megatron convention)", "6 · N_active", ["arch.flops_per_token_6n"], note=note)
    else:
        pb = param_breakdown(m)
        core = 3.0 * m.n_layers * as_array(s) * attention_core_dims(m)
        fs.add("arch.flops_per_token_megatron", 6.0 * pb.matmul_active + core, "FLOP/token",
               "training FLOPs per token (Megatron num_floating_point_operations convention)",
               "6 · N_gemm + 3 · L · s · a · (d_qk + d_v): forward + wgrad + dgrad (3×) of every GEMM at 2 FLOP/MAC; "
               "GQA K/V, gated MLP and k active experts in N_gemm; output head V·h; causal attention QKᵀ and "
               "attention·V counted at one half (Megatron-LM training.py); no recompute",
               ["arch.params_matmul_active", "arch.L", "arch.a", "arch.d", "arch.flops_seq_len"])
    fs.add("arch.flops_per_token_forward", fs["arch.flops_per_token_megatron"] / 3.0, "FLOP/token",
           "forward FLOPs per token", "Megatron training FLOPs / 3 (forward = one of forward, wgrad, dgrad)",
           ["arch.flops_per_token_megatron"])
    return fs
