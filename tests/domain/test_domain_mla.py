"""Issue 16 error 6: DeepSeek-V3's parameter count from its shapes equals the published 671 B / 37 B.

Hand calculation from the published checkpoint's weight shapes (deepseek-ai/DeepSeek-V3 config.json:
hidden 7,168; 61 layers, the first 3 dense (FFN 18,432) and 58 MoE (256 routed + 1 shared expert of 2,048, 8 routed
per token); 128 heads, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128, q_lora_rank 1,536,
kv_lora_rank 512; vocabulary 129,280; untied embeddings; the 14 B multi-token-prediction module excluded):
"""

from __future__ import annotations

import pytest

from gpudesk.core.model_math import param_breakdown, parameter_count

H, L, DENSE, MOE, V = 7168, 61, 3, 58, 129_280
ATTENTION_PER_LAYER = (
    H * 1536  # q_a_proj
    + 1536 * 128 * (128 + 64)  # q_b_proj: 24,576 outputs
    + H * (512 + 64)  # kv_a_proj_with_mqa: 576 outputs
    + 512 * 128 * (128 + 128)  # kv_b_proj: 32,768 outputs
    + 128 * 128 * H  # o_proj
)  # = 187,105,280
EXPERT = 3 * H * 2048  # gate, up, down of one expert
TOTAL = (2 * V * H  # embedding + output head
         + L * ATTENTION_PER_LAYER
         + DENSE * 3 * H * 18_432
         + MOE * (256 + 1) * EXPERT
         + MOE * H * 256  # routers
         + L * (2 * H + 1536 + 512) + H)  # norms (incl. the q/kv low-rank norms) and the final norm
ACTIVE = TOTAL - MOE * (256 - 8) * EXPERT


def test_hand_count_is_the_published_671b() -> None:
    assert ATTENTION_PER_LAYER == 187_105_280
    assert TOTAL == pytest.approx(671e9, rel=1e-3)  # published: 671 B (DeepSeek-V3 model card)


def test_catalog_deepseek_v3_counts_as_published(catalog) -> None:
    fs = parameter_count(catalog.model("deepseek-v3"))
    assert float(fs["arch.params_total"]) == pytest.approx(TOTAL, rel=1e-9)
    assert float(fs["arch.params_active"]) == pytest.approx(ACTIVE, rel=1e-9)
    assert float(fs["arch.params_active"]) == pytest.approx(37e9, rel=0.02)  # published: 37 B activated


def test_every_shipped_model_counts_as_published(catalog) -> None:
    """A row whose shapes disagree with its published count (a head_dim read the other way) fails here."""
    for m in catalog.models():
        pb = param_breakdown(m)
        if not pb.from_architecture:
            continue
        assert pb.total == pytest.approx(m.params_total, rel=0.03), m.id
        assert pb.active == pytest.approx(m.active_params, rel=0.03), m.id
