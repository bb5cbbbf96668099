"""What torchtitan's selective activation checkpointing keeps and recomputes: one source for memory and time.

The ``fsdp2`` training stack's ``selective`` recompute is torchtitan's op-level policy (``selective_ac_option =
"op"``, the setting of its Llama train configs and of the 'selective op' rows of docs/performance.md): inside each
checkpointed transformer block it saves the output of every op in its save list (``aten.mm``, the flash and
memory-efficient SDPA kernels, the reduce-scatter) except every second ``aten.mm``, counted per block in forward
order, and recomputes everything else in the backward (pytorch/torchtitan torchtitan/parallelisms/
parallelize_llama.py, 2024: ``no_recompute_list`` and "Saves output of all compute ops, except every second mm";
the same rule in torchtitan/distributed/activation_checkpoint.py today). So, per block:

* kept: the block input (the checkpoint's own), the attention output (SDPA is saved: attention is not
  recomputed) and the outputs of the 1st, 3rd, 5th, … matrix products;
* recomputed: the 2nd, 4th, 6th, … matrix products and every element-wise op (norms, rotary, SiLU, products).

torchtitan's Llama block runs its products in the order wq, wk, wv, wo, w1, w3, w2 (``Attention.forward``,
``FeedForward.forward``: w2(silu(w1(x)) · w3(x))), so a gated block keeps wq, wv, w1, w2 and recomputes wk, wo, w3
(Llama 3 8B: 37% of the block's matrix-product FLOPs). An MLA block runs its query, joint KV and output projections
in that order. A MoE block's routed experts are counted as k gated experts in sequence after the router and any
shared expert (an approximation: torchtitan's grouped expert GEMMs postdate the 2024 policy).

Megatron's selective recompute (the other stacks) keeps every linear output and recomputes the core attention
(Korthikanti et al. 2022, §5), which core/memory_activations.py and core/training.py count directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.catalog.records import ModelArch
from gpudesk.core.model_math import head_dim, kv_heads


@dataclass(frozen=True)
class SelectiveOpPolicy:
    """Per token, of one average block: the matrix-product output values kept and the weights recomputed."""

    kept_outputs: float  # values (elements) of the kept matrix-product outputs
    recomputed_params: float  # weights of the recomputed products: 2·this FLOPs per token in the backward
    all_params: float  # weights of every product of the block (for the share)
    attention_output: float  # values of the saved SDPA output (a·d, MLA a·v)


def _attention_products(m: ModelArch) -> list[tuple[float, float]]:
    """(output values, weights) of one block's attention products in torchtitan's forward order."""
    h, a, d = m.hidden, m.n_heads, head_dim(m)
    if m.attention == "mla":
        rope, v, kvr = m.mla_rope_dim or 0, m.mla_v_head_dim or d, m.mla_kv_lora_rank or 0
        if m.mla_q_lora_rank:
            qr = m.mla_q_lora_rank
            q = [(qr, h * qr), (a * (d + rope), qr * a * (d + rope))]
        else:
            q = [(a * (d + rope), h * a * (d + rope))]
        return [*q, (kvr + rope, h * (kvr + rope)), (a * (d + v), kvr * a * (d + v)), (h, a * v * h)]
    g = kv_heads(m)
    return [(a * d, h * a * d), (g * d, h * g * d), (g * d, h * g * d), (h, a * d * h)]


def _mlp_products(m: ModelArch, width: int, copies: int) -> list[tuple[float, float]]:
    h = m.hidden
    if m.gated_mlp:
        one: list[tuple[float, float]] = [(width, h * width), (width, h * width), (h, width * h)]
    else:
        one = [(width, h * width), (h, width * h)]
    return one * copies


def _block(m: ModelArch, moe: bool) -> list[tuple[float, float]]:
    if not moe:
        return _attention_products(m) + _mlp_products(m, m.ffn_hidden, 1)
    f_e = m.moe_ffn_hidden or m.ffn_hidden
    router = [(m.n_experts, m.hidden * m.n_experts)]
    return (_attention_products(m) + router + _mlp_products(m, f_e, m.n_shared_experts)
            + _mlp_products(m, f_e, m.experts_per_token))


def _split(products: list[tuple[float, float]]) -> tuple[float, float, float]:
    kept = sum(out for i, (out, _w) in enumerate(products) if i % 2 == 0)  # the 1st, 3rd, … (count 1, 3, …)
    recomputed = sum(w for i, (_out, w) in enumerate(products) if i % 2 == 1)
    return kept, recomputed, sum(w for _out, w in products)


def selective_op_policy(m: ModelArch) -> SelectiveOpPolicy:
    """torchtitan's op-level selective checkpoint of one average block (dense and MoE blocks weighted by count)."""
    L = max(m.n_layers, 1)
    n_moe = (m.n_moe_layers or L) if m.is_moe else 0
    dense = _split(_block(m, False))
    moe = _split(_block(m, True)) if n_moe else (0.0, 0.0, 0.0)
    kept, recomputed, total = (((L - n_moe) * x + n_moe * y) / L for x, y in zip(dense, moe))
    a = m.n_heads
    attn_out = a * (m.mla_v_head_dim or head_dim(m)) if m.attention == "mla" else a * head_dim(m)
    return SelectiveOpPolicy(kept, recomputed, total, float(attn_out))


def selective_op_recompute_flops_per_token(m: ModelArch) -> float:
    """2 · recomputed weights · L: the forward FLOPs the backward repeats per token (no attention)."""
    return 2.0 * selective_op_policy(m).recomputed_params * m.n_layers
