"""Every peer-calculator mistake in the domain guide, as a regression test.

Model shapes are the published Hugging Face config.json values.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import COMM_BUFFER_BYTES, CUDA_CONTEXT_BYTES, SERVING_MEMORY_FRACTION
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.model_math import kv_bytes_per_token, kv_cache_bytes, parameter_count, training_flops_per_token

QWEN3_32B = ModelArch("qwen3-32b", "Qwen3-32B", "decoder", 32.8e9, n_layers=64, hidden=5120, n_heads=64,
                      n_kv_heads=8, head_dim=128, ffn_hidden=25600, vocab=151936, max_context=40960)
LLAMA31_70B = ModelArch("llama-3.1-70b", "Llama 3.1 70B", "decoder", 70.6e9, n_layers=80, hidden=8192, n_heads=64,
                        n_kv_heads=8, head_dim=128, ffn_hidden=28672, vocab=128256, max_context=131072)
LLAMA2_70B = ModelArch("llama-2-70b", "Llama 2 70B", "decoder", 69e9, n_layers=80, hidden=8192, n_heads=64,
                       n_kv_heads=8, head_dim=128, ffn_hidden=28672, vocab=32000, max_context=4096)
MIXTRAL = ModelArch("mixtral-8x7b", "Mixtral 8x7B", "decoder", 46.7e9, 12.9e9, n_layers=32, hidden=4096,
                    n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=32000, max_context=32768,
                    n_experts=8, experts_per_token=2, moe_ffn_hidden=14336)
MISTRAL_7B_V01 = ModelArch("mistral-7b-v0.1", "Mistral 7B v0.1", "decoder", 7.24e9, n_layers=32, hidden=4096,
                           n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=32000,
                           sliding_window=4096, n_sliding_layers=32)
GEMMA2_9B = ModelArch("gemma-2-9b", "Gemma 2 9B", "decoder", 9.24e9, n_layers=42, hidden=3584, n_heads=16,
                      n_kv_heads=8, head_dim=256, ffn_hidden=14336, vocab=256000, tied_embeddings=True,
                      max_context=8192, sliding_window=4096, n_sliding_layers=21)
DEEPSEEK_V3 = ModelArch("deepseek-v3", "DeepSeek-V3", "decoder", 671e9, 37e9, n_layers=61, hidden=7168, n_heads=128,
                        n_kv_heads=128, head_dim=128, ffn_hidden=18432, vocab=129280, attention="mla",
                        mla_kv_lora_rank=512, mla_q_lora_rank=1536, mla_rope_dim=64, mla_v_head_dim=128,
                        n_experts=256, experts_per_token=8, n_shared_experts=1, n_moe_layers=58, moe_ffn_hidden=2048,
                        max_context=163840)


def kv(model: ModelArch, **kw) -> float:
    return float(kv_bytes_per_token(model, "bf16", **kw)["arch.kv_bytes_per_token"])


def test_head_dim_is_not_hidden_over_heads_qwen3() -> None:
    assert kv(QWEN3_32B) == 2 * 64 * 8 * 128 * 2 == 262_144
    naive = 2 * 64 * 8 * (5120 // 64) * 2  # the peer mistake: head_dim = 80
    assert 1 - naive / kv(QWEN3_32B) == pytest.approx(0.375)
    assert parameter_count(QWEN3_32B)["arch.params_total"] == pytest.approx(32.8e9, rel=5e-3)


def test_gemma2_head_dim_256_with_16_heads() -> None:
    assert parameter_count(GEMMA2_9B)["arch.params_total"] == pytest.approx(9.24e9, rel=5e-3)
    assert kv(GEMMA2_9B) == 2 * 42 * 8 * 256 * 2


def test_kv_uses_gqa_and_factor_two() -> None:
    assert kv(LLAMA31_70B) == 327_680
    assert kv(LLAMA31_70B) != 80 * 8 * 128 * 2  # no factor 2
    assert kv(LLAMA31_70B) * 8 == 2 * 80 * 64 * 128 * 2  # MHA would be 8x larger


def test_moe_memory_from_total_compute_from_active() -> None:
    fs = parameter_count(MIXTRAL)
    assert fs["arch.params_total"] == pytest.approx(46.7e9, rel=2e-3)
    assert fs["arch.params_active"] == pytest.approx(12.9e9, rel=2e-3)
    mem = estimate_memory(MemoryInputs(MIXTRAL, "inference", 80.0, seq_len=4096, micro_batch=1))
    assert float(mem["mem.weights"]) > 2 * 46e9  # bf16 weights of all experts
    assert float(mem["mem.fits"]) == 0.0  # does not fit one 80 GB GPU at bf16
    flops = training_flops_per_token(MIXTRAL, 4096)
    assert float(flops["arch.flops_per_token_6n"]) == pytest.approx(6 * 12.88e9, rel=3e-3)
    assert float(flops["arch.flops_per_token_megatron"]) < 6 * 20e9


def test_deepseek_v3_totals() -> None:
    fs = parameter_count(DEEPSEEK_V3)
    assert fs["arch.params_total"] == pytest.approx(671e9, rel=5e-3)
    assert fs["arch.params_active"] == pytest.approx(37e9, rel=2e-2)


def test_mla_cache_is_latent_not_mha() -> None:
    assert kv(DEEPSEEK_V3) == 61 * (512 + 64) * 2 == 70_272
    assert kv(DEEPSEEK_V3) < 2 * 61 * 128 * 128 * 2 / 50
    assert kv(DEEPSEEK_V3, tp=8) == 70_272  # latent replicated on every TP rank


def test_sliding_window_mistral_caps_at_window() -> None:
    at_window = kv_cache_bytes(MISTRAL_7B_V01, "bf16", 4096, 1)
    np.testing.assert_array_equal(kv_cache_bytes(MISTRAL_7B_V01, "bf16", 32768, 1), at_window)
    assert float(at_window) == 2 * 32 * 8 * 128 * 2 * 4096


def test_sliding_window_gemma2_alternating_layers() -> None:
    got = float(kv_cache_bytes(GEMMA2_9B, "bf16", 8192, 1))
    per_layer_token = 2 * 8 * 256 * 2
    assert got == per_layer_token * (21 * 8192 + 21 * 4096)
    assert got < per_layer_token * 42 * 8192
    fs = kv_bytes_per_token(GEMMA2_9B, "bf16")
    assert (fs["arch.kv_layers_full"], fs["arch.kv_layers_sliding"]) == (21.0, 21.0)


def test_llama2_70b_is_69b_not_55b() -> None:
    total = parameter_count(LLAMA2_70B)["arch.params_total"]
    assert total == pytest.approx(68.98e9, rel=1e-3)
    assert abs(total - 55e9) > 10e9


def test_framework_overheads_present_and_explained() -> None:
    one = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, tp=1))
    four = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, tp=4))
    assert float(one["mem.runtime"]) == CUDA_CONTEXT_BYTES.value  # no NCCL on a single GPU
    assert float(four["mem.runtime"]) == CUDA_CONTEXT_BYTES.value + COMM_BUFFER_BYTES.value
    assert float(four["mem.fragmentation"]) > 0
    assert float(four["mem.usable"]) == pytest.approx(80e9 * SERVING_MEMORY_FRACTION.value)
    sources = {q.key: q.source for q in four.sources_behind("mem.headroom")}
    assert "CUDA_CONTEXT_BYTES" in sources["mem.c.cuda_context"]
    assert "vLLM" in sources["mem.c.serving_fraction"]


def test_zero_estimate_includes_activations_and_overheads() -> None:
    fs = estimate_memory(MemoryInputs(QWEN3_32B, "train", 80.0, seq_len=4096, micro_batch=1, tp=8, dp=16,
                                      zero_stage=3, recompute="full"))
    states = float(fs["mem.model_states"])
    # ZeRO-3 shards every state: Megatron 2 + 4 + 12 = 18 B/param over t·d = 128 GPUs (Megatron-LM README)
    assert states == pytest.approx(18 * float(parameter_count(QWEN3_32B)["arch.params_total"]) / 128, rel=0.02)
    total = float(fs["mem.total"])
    assert total > states + float(fs["mem.activations"]) + CUDA_CONTEXT_BYTES.value + COMM_BUFFER_BYTES.value
    assert float(fs["mem.activations"]) > 0 and float(fs["mem.zero3_gathered"]) > 0
    assert total - states > 2e9  # what model-states-only estimators (DeepSpeed #4527) leave out
