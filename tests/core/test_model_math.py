"""Parameter counts, KV cache and FLOPs derived from published model configs."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.records import ModelArch
from gpudesk.core.model_math import (
    kv_bytes_per_token,
    kv_cache_bytes,
    param_breakdown,
    parameter_count,
    training_flops_per_token,
)
from gpudesk.core.precision import BYTES_PER_VALUE, bytes_per_value


def llama(name: str, params: float, L: int, h: int, a: int, g: int, f: int, V: int) -> ModelArch:
    # meta-llama config.json values (head_dim 128 for every Llama 3.1 / Llama 2 70B size)
    return ModelArch(name, name, "decoder", params, n_layers=L, hidden=h, n_heads=a, n_kv_heads=g, head_dim=128,
                     ffn_hidden=f, vocab=V, max_context=131072)


LLAMA31_8B = llama("llama-3.1-8b", 8.03e9, 32, 4096, 32, 8, 14336, 128256)
LLAMA31_70B = llama("llama-3.1-70b", 70.6e9, 80, 8192, 64, 8, 28672, 128256)
LLAMA31_405B = llama("llama-3.1-405b", 405.9e9, 126, 16384, 128, 8, 53248, 128256)
# GPT-3 175B (Brown et al. 2020 Table 2.1): MHA, GeLU MLP 4h, vocab 50257 padded to 51200 in Megatron
GPT3 = ModelArch("gpt3-175b", "GPT-3 175B", "decoder", 175e9, n_layers=96, hidden=12288, n_heads=96, n_kv_heads=96,
                 head_dim=128, ffn_hidden=4 * 12288, vocab=51200, gated_mlp=False, attention="mha")


def test_bytes_per_value_table_and_error() -> None:
    assert BYTES_PER_VALUE == {"fp32": 4, "tf32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "fp6": 0.75, "fp4": 0.5,
                               "int8": 1, "int4": 0.5}
    assert bytes_per_value("fp6") == 0.75
    with pytest.raises(ValueError, match=r"'fp12'.*bf16"):
        bytes_per_value("fp12")


@pytest.mark.parametrize("model, published", [(LLAMA31_8B, 8.03e9), (LLAMA31_70B, 70.6e9), (LLAMA31_405B, 405.9e9)])
def test_llama31_param_counts_from_architecture(model: ModelArch, published: float) -> None:
    fs = parameter_count(model)
    assert fs["arch.params_total"] == pytest.approx(published, rel=1.5e-3)
    parts = fs["arch.params_embedding"] + fs["arch.params_attention"] + fs["arch.params_mlp"]
    assert parts < fs["arch.params_total"] < parts * 1.0001  # remainder is norms only
    assert fs["arch.params_active"] == fs["arch.params_total"]


def test_llama31_8b_exact_count() -> None:
    # 2·V·h + L·(2h² + 2·h·1024 + 3·h·f + 2h) + h, hand-worked
    assert parameter_count(LLAMA31_8B)["arch.params_total"] == 8_030_261_248


def test_param_figures_are_explained() -> None:
    fs = parameter_count(LLAMA31_70B)
    exp = fs.explain("arch.params_attention")
    assert "h·g·d" in exp.formula and {q.key for q in exp.inputs} >= {"arch.g", "arch.d"}
    assert fs["arch.params_per_layer"] == pytest.approx((fs["arch.params_total"] - fs["arch.params_embedding"]) / 80)


def test_non_decoder_record_uses_published_count() -> None:
    resnet = ModelArch("resnet50", "ResNet-50", "vision", 25.6e6, gflops_per_sample=4.1)
    fs = parameter_count(resnet)
    assert fs["arch.params_total"] == 25.6e6
    assert "published" in fs.explain("arch.params_total").note
    assert float(kv_bytes_per_token(resnet, "bf16")["arch.kv_bytes_per_token"]) == 0.0


def test_llama31_70b_kv_per_token() -> None:
    assert float(kv_bytes_per_token(LLAMA31_70B, "bf16")["arch.kv_bytes_per_token"]) == 2 * 80 * 8 * 128 * 2 == 327_680


def test_kv_per_tp_rank_divides_kv_heads_not_below_one() -> None:
    fs = kv_bytes_per_token(LLAMA31_70B, "bf16", tp=np.array([1, 2, 8, 16]))
    np.testing.assert_array_equal(fs["arch.kv_bytes_per_token"], [327_680, 163_840, 40_960, 40_960])


def test_kv_cache_bytes_scales_with_tokens_and_sequences() -> None:
    got = kv_cache_bytes(LLAMA31_8B, "fp8", np.array([1000, 2000]), 3)
    np.testing.assert_array_equal(got, np.array([1000, 2000]) * 3 * 2 * 32 * 8 * 128 * 1)


def test_megatron_flops_match_narayanan_for_gpt_with_causal_half() -> None:
    s = 2048
    fs = training_flops_per_token(GPT3, s)
    L, h, V = 96, 12288, 51200
    expected = 72 * L * h * h * (1 + s / (12 * h) + V / (12 * L * h))  # Narayanan et al. 2021 with s/(6h) halved
    assert float(fs["arch.flops_per_token_megatron"]) == pytest.approx(expected, rel=1e-12)
    assert float(fs["arch.flops_per_token_forward"]) == pytest.approx(expected / 3)
    assert "one half" in fs.explain("arch.flops_per_token_megatron").formula


def test_six_n_uses_active_params() -> None:
    fs = training_flops_per_token(LLAMA31_8B, np.array([4096, 8192]))
    assert np.all(fs["arch.flops_per_token_6n"] == 6 * 8_030_261_248)
    mega = fs["arch.flops_per_token_megatron"]
    assert mega[1] > mega[0]  # attention grows with s
    # Megatron counts the LM head but not the input embedding lookup: close to 6N at short s
    assert mega[0] == pytest.approx(6 * 8_030_261_248, rel=0.05)


def test_breakdown_linear_and_unquantised_partition_total() -> None:
    pb = param_breakdown(LLAMA31_70B)
    assert pb.linear + pb.unquantised == pytest.approx(pb.total)
    assert pb.lora_in_out == 80 * ((8192 + 8192) * 2 + (8192 + 1024) * 2 + 3 * (8192 + 28672))
