"""A hand-written Llama-style decoder for measuring memory and time on one GPU (pure torch, no gpudesk).

RMSNorm, rotary position embedding, grouped-query attention through
``F.scaled_dot_product_attention`` (causal, so the flash kernel runs on a
GPU), SwiGLU MLP, no biases, embedding and LM head tied or untied as the
architecture says. Decoding uses a static KV cache: one preallocated K and V
tensor per layer, written in place at a position held in a tensor so that a
decode step can be captured in a CUDA graph.

Shapes of the architectures measured come from gpudesk's catalog
(resources/catalog/models.toml, which cites each model's config.json); they
are copied here so that this file runs on a machine without gpudesk.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint


@dataclass(frozen=True)
class DecoderShape:
    catalog_id: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    vocab: int
    tied: bool
    rope_theta: float = 500000.0
    window: int = 0  # sliding window of every layer (0: none); applied by decode only, see Attention.forward

    def matmul_params(self) -> int:
        """Weights every token multiplies by: projections, MLP and the LM head (tied or not)."""
        attn = self.hidden * self.head_dim * (2 * self.heads + 2 * self.kv_heads)
        return self.layers * (attn + 3 * self.hidden * self.ffn) + self.vocab * self.hidden

    def model_flops_per_token(self, seq: int) -> float:
        """Training FLOPs per token: 6·N_matmul + causal attention 6·L·s·a·d (QKᵀ and AV, half masked)."""
        return 6.0 * self.matmul_params() + 6.0 * self.layers * seq * self.heads * self.head_dim

    def recompute_flops_per_token(self, seq: int) -> float:
        """Extra FLOPs of full activation checkpointing: one more forward, 2·N_layers + 2·L·s·a·d."""
        layer_params = self.matmul_params() - self.vocab * self.hidden
        return 2.0 * layer_params + 2.0 * self.layers * seq * self.heads * self.head_dim

    def kv_cache_bytes(self, batch: int, context: int, bytes_per_value: int = 2) -> int:
        return 2 * self.layers * batch * self.kv_heads * context * self.head_dim * bytes_per_value


# resources/catalog/models.toml rows "llama-3.2-1b" and "llama-3.1-8b" (Hugging Face config.json of each)
SHAPES = {
    "llama-3.2-1b": DecoderShape("llama-3.2-1b", layers=16, hidden=2048, heads=32, kv_heads=8, head_dim=64,
                                 ffn=8192, vocab=128256, tied=True),
    "llama-3.1-8b": DecoderShape("llama-3.1-8b", layers=32, hidden=4096, heads=32, kv_heads=8, head_dim=128,
                                 ffn=14336, vocab=128256, tied=False),
    # held-out shapes (suite "heldout"): another Llama width and depth, and a 32k vocabulary with MHA, untied
    # (Phi-3-mini's sliding window of 2,047 is applied by decode steps only: training and prefill run full causal
    # attention, as gpudesk's training memory and prefill models assume with flash attention)
    "llama-3.2-3b": DecoderShape("llama-3.2-3b", layers=28, hidden=3072, heads=24, kv_heads=8, head_dim=128,
                                 ffn=8192, vocab=128256, tied=True),
    "phi-3-mini": DecoderShape("phi-3-mini", layers=32, hidden=3072, heads=32, kv_heads=32, head_dim=96,
                               ffn=8192, vocab=32064, tied=False, rope_theta=10000.0, window=2047),
    # suite "serving": the largest catalog decoder that fits one H200 in bf16 with room for a KV cache and whose
    # layers are plain Llama ones (Qwen3-32B's QK norm and Qwen2.5's QKV biases are not expressed here)
    "yi-34b": DecoderShape("yi-34b", layers=60, hidden=7168, heads=56, kv_heads=8, head_dim=128, ffn=20480,
                           vocab=64000, tied=False, rope_theta=5000000.0),
}
DRY_RUN_SHAPE = DecoderShape("tiny-dry-run", layers=2, hidden=64, heads=4, kv_heads=2, head_dim=16, ffn=128,
                             vocab=256, tied=False)
DRY_RUN_WINDOW_SHAPE = DecoderShape("tiny-dry-run-window", layers=2, hidden=64, heads=4, kv_heads=4, head_dim=16,
                                    ffn=128, vocab=256, tied=False, window=20)


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-5, **factory) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim, **factory))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * self.weight.float()).to(x.dtype)


def rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotary embedding, rotate-half form; cos/sin are [T, d/2] for the positions of x [B, heads, T, d]."""
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half].float(), x[..., half:].float()
    c, s = cos[None, None], sin[None, None]
    return torch.cat((x1 * c - x2 * s, x2 * c + x1 * s), dim=-1).to(x.dtype)


class KVCache:
    """Static cache: K and V per layer, [batch, kv_heads, context, head_dim], filled with random values."""

    def __init__(self, shape: DecoderShape, batch: int, context: int, device: torch.device,
                 dtype: torch.dtype = torch.bfloat16) -> None:
        size = (batch, shape.kv_heads, context, shape.head_dim)
        self.k = [torch.randn(size, device=device, dtype=dtype) for _ in range(shape.layers)]
        self.v = [torch.randn(size, device=device, dtype=dtype) for _ in range(shape.layers)]
        self.context = context

    def bytes(self) -> int:
        return sum(t.numel() * t.element_size() for t in self.k + self.v)


class Attention(nn.Module):
    def __init__(self, s: DecoderShape, gqa_native: bool, **factory) -> None:
        super().__init__()
        self.s, self.gqa_native = s, gqa_native
        self.q = nn.Linear(s.hidden, s.heads * s.head_dim, bias=False, **factory)
        self.k = nn.Linear(s.hidden, s.kv_heads * s.head_dim, bias=False, **factory)
        self.v = nn.Linear(s.hidden, s.kv_heads * s.head_dim, bias=False, **factory)
        self.o = nn.Linear(s.heads * s.head_dim, s.hidden, bias=False, **factory)

    def _sdpa(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
        if self.gqa_native:
            return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=True)
        rep = self.s.heads // self.s.kv_heads
        return F.scaled_dot_product_attention(q, k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1),
                                              is_causal=causal)

    def forward(self, x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor, cache: tuple | None = None,
                pos: torch.Tensor | None = None) -> torch.Tensor:
        b, t, _ = x.shape
        s = self.s
        q = rotate(self.q(x).view(b, t, s.heads, s.head_dim).transpose(1, 2), cos, sin)
        k = rotate(self.k(x).view(b, t, s.kv_heads, s.head_dim).transpose(1, 2), cos, sin)
        v = self.v(x).view(b, t, s.kv_heads, s.head_dim).transpose(1, 2)
        if cache is None:  # training
            out = self._sdpa(q, k, v, causal=True)
        elif pos is None:  # prefill: write the prompt's K, V at positions 0..t-1
            cache[0][:, :, :t].copy_(k)
            cache[1][:, :, :t].copy_(v)
            out = self._sdpa(q, k, v, causal=True)
        else:  # decode one token at position pos, attending over the whole static context
            cache[0].index_copy_(2, pos, k)
            cache[1].index_copy_(2, pos, v)
            keys, values = cache
            if s.window and keys.shape[2] > s.window:  # the cache's last `window` positions (pos is the last)
                keys, values = keys[:, :, -s.window:], values[:, :, -s.window:]
            out = self._sdpa(q, keys, values, causal=False)
        return self.o(out.transpose(1, 2).reshape(b, t, s.heads * s.head_dim))


class Block(nn.Module):
    def __init__(self, s: DecoderShape, gqa_native: bool, **factory) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(s.hidden, **factory)
        self.attn = Attention(s, gqa_native, **factory)
        self.mlp_norm = RMSNorm(s.hidden, **factory)
        self.gate = nn.Linear(s.hidden, s.ffn, bias=False, **factory)
        self.up = nn.Linear(s.hidden, s.ffn, bias=False, **factory)
        self.down = nn.Linear(s.ffn, s.hidden, bias=False, **factory)

    def forward(self, x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor, cache: tuple | None = None,
                pos: torch.Tensor | None = None) -> torch.Tensor:
        x = x + self.attn(self.attn_norm(x), cos, sin, cache, pos)
        h = self.mlp_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Decoder(nn.Module):
    def __init__(self, s: DecoderShape, max_positions: int, gqa_native: bool = True, **factory) -> None:
        super().__init__()
        self.s = s
        self.embed = nn.Embedding(s.vocab, s.hidden, **factory)
        self.blocks = nn.ModuleList(Block(s, gqa_native, **factory) for _ in range(s.layers))
        self.norm = RMSNorm(s.hidden, **factory)
        self.head = None if s.tied else nn.Linear(s.hidden, s.vocab, bias=False, **factory)
        inv = 1.0 / (s.rope_theta ** (torch.arange(0, s.head_dim, 2, dtype=torch.float32) / s.head_dim))
        angles = torch.outer(torch.arange(max_positions, dtype=torch.float32), inv)
        device = factory.get("device")
        self.register_buffer("cos", angles.cos().to(device), persistent=False)
        self.register_buffer("sin", angles.sin().to(device), persistent=False)

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        return self.head_logits(self.norm(x))

    def forward(self, tokens: torch.Tensor, recompute: bool = False) -> torch.Tensor:
        """Training forward: logits for every position; recompute = checkpoint every block."""
        return self.logits(self.final_hidden(tokens, recompute))

    def head_logits(self, normed: torch.Tensor) -> torch.Tensor:
        """LM head on final-normed hidden states (tied: the embedding matrix)."""
        return F.linear(normed, self.embed.weight) if self.head is None else self.head(normed)

    def final_hidden(self, tokens: torch.Tensor, recompute: bool = False) -> torch.Tensor:
        """Hidden states after the last block, before the final norm and the LM head."""
        t = tokens.shape[1]
        cos, sin = self.cos[:t], self.sin[:t]
        x = self.embed(tokens)
        for block in self.blocks:
            x = checkpoint(block, x, cos, sin, use_reentrant=False) if recompute else block(x, cos, sin)
        return x

    def prefill(self, tokens: torch.Tensor, cache: KVCache) -> torch.Tensor:
        """Fill the cache with the prompt; return the next token of each sequence (greedy)."""
        t = tokens.shape[1]
        cos, sin = self.cos[:t], self.sin[:t]
        x = self.embed(tokens)
        for i, block in enumerate(self.blocks):
            x = block(x, cos, sin, (cache.k[i], cache.v[i]))
        return self.logits(x[:, -1:]).argmax(-1)

    def decode(self, tokens: torch.Tensor, pos: torch.Tensor, cache: KVCache) -> torch.Tensor:
        """One decode step: tokens [B, 1] at position pos (a 1-element tensor); return the next tokens."""
        cos, sin = self.cos.index_select(0, pos), self.sin.index_select(0, pos)
        x = self.embed(tokens)
        for i, block in enumerate(self.blocks):
            x = block(x, cos, sin, (cache.k[i], cache.v[i]), pos)
        return self.logits(x).argmax(-1)
