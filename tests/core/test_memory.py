"""Memory model against the ZeRO paper, Korthikanti et al. 2022 and hand-worked cases."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import ALLOCATOR_FRAGMENTATION, CUDA_CONTEXT_BYTES, QLORA_NF4_BITS_PER_PARAM
from gpudesk.core.memory import MemoryInputs, estimate_memory

# Nominal 7.5B-parameter model of the ZeRO paper's Figure 1 (published count, no layer shapes)
ZERO_PAPER = ModelArch("zero-7.5b", "ZeRO paper 7.5B", "decoder", 7.5e9)
# GPT-3 175B (Brown et al. 2020), the model of Korthikanti et al. 2022 Table 3
GPT3 = ModelArch("gpt3-175b", "GPT-3 175B", "decoder", 175e9, n_layers=96, hidden=12288, n_heads=96, n_kv_heads=96,
                 head_dim=128, ffn_hidden=4 * 12288, vocab=51200, gated_mlp=False, attention="mha")
LLAMA31_8B = ModelArch("llama-3.1-8b", "Llama 3.1 8B", "decoder", 8.03e9, n_layers=32, hidden=4096, n_heads=32,
                       n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=128256, max_context=131072)
LLAMA31_70B = ModelArch("llama-3.1-70b", "Llama 3.1 70B", "decoder", 70.6e9, n_layers=80, hidden=8192, n_heads=64,
                        n_kv_heads=8, head_dim=128, ffn_hidden=28672, vocab=128256, max_context=131072)


def test_zero_paper_model_states_per_stage() -> None:
    # DeepSpeed ZeRO keeps 16-bit gradients (the paper's 2Ψ): the "deepspeed" stack
    fs = estimate_memory(MemoryInputs(ZERO_PAPER, "train", 80.0, dp=64, zero_stage=np.array([0, 1, 2, 3]),
                                      training_stack="deepspeed"))
    states = fs["mem.model_states"] / 1e9
    psi = 7.5
    exact = [16 * psi, 4 * psi + 12 * psi / 64, 2 * psi + 14 * psi / 64, 16 * psi / 64]
    np.testing.assert_allclose(states, exact, rtol=1e-12)
    paper = [120.0, 31.4, 16.6, 1.9]  # Figure 1, GB per GPU (rounded to 0.1 GB)
    np.testing.assert_allclose(states[:3], paper[:3], rtol=0.01)
    assert abs(states[3] - paper[3]) <= 0.05  # 1.875 printed as 1.9


def test_zero_paper_totals_exceed_model_states() -> None:
    fs = estimate_memory(MemoryInputs(ZERO_PAPER, "train", 80.0, dp=64, zero_stage=np.array([0, 3]),
                                      training_stack="deepspeed"))
    assert np.all(fs["mem.total"] > fs["mem.model_states"] + CUDA_CONTEXT_BYTES.value)


def _per_layer(recompute: str, sp: bool, flash: bool, t: int) -> float:
    fs = estimate_memory(MemoryInputs(GPT3, "train", 80.0, seq_len=2048, micro_batch=1, tp=t, pp=1,
                                      recompute=recompute, sequence_parallel=sp, flash_attention=flash))
    return float(fs["mem.activations_per_layer"])


@pytest.mark.parametrize("t", [1, 8])
def test_korthikanti_activation_formulas(t: int) -> None:
    s, b, h, a = 2048, 1, 12288, 96
    sbh = s * b * h
    assert _per_layer("none", False, False, t) == pytest.approx(sbh * (10 + 24 / t + 5 * a * s / (h * t)))
    assert _per_layer("none", True, False, t) == pytest.approx(sbh * (34 / t + 5 * a * s / (h * t)))
    assert _per_layer("selective", True, False, t) == pytest.approx(sbh * 34 / t)
    assert _per_layer("full", True, False, t) == pytest.approx(2 * sbh / t)
    assert _per_layer("none", True, True, t) == pytest.approx(sbh * 34 / t)  # FlashAttention drops 5as/h


def test_pipeline_first_stage_holds_p_microbatches() -> None:
    common = dict(seq_len=2048, micro_batch=1, tp=8, recompute="selective", sequence_parallel=True)
    fs = estimate_memory(MemoryInputs(GPT3, "train", 80.0, pp=np.array([8, 8]), virtual_stages=np.array([1, 3]),
                                      **common))
    per_layer = 2048 * 12288 * 34 / 8
    act = fs["mem.activations"]
    assert act[0] == pytest.approx(96 * per_layer)  # 12 layers × 8 micro-batches = L layers
    assert act[1] == pytest.approx(96 * per_layer * (1 + 7 / (8 * 3)))  # interleaved (Korthikanti §4.2.3)


def test_single_stage_adds_fp32_logits() -> None:
    fs = estimate_memory(MemoryInputs(GPT3, "train", 80.0, seq_len=2048, tp=8, recompute="selective"))
    per_layer = 2048 * 12288 * 34 / 8
    assert float(fs["mem.activations"]) == pytest.approx(96 * per_layer + 4 * 2048 * 51200 / 8)


def test_mixed_precision_adam_bytes_per_param_unsharded() -> None:
    n = 8_030_261_248
    # Megatron-LM README, distributed optimizer table: bf16 param, fp32 grads = 18 B/param (2 + 4 + 12)
    fs = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0))
    assert float(fs["mem.model_states"]) == pytest.approx(18 * n)
    # DeepSpeed ZeRO (ZeRO paper §3.1): 16-bit gradients, 2 + 2 + 12 = 16 B/param
    ds = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, training_stack="deepspeed"))
    assert float(ds["mem.model_states"]) == pytest.approx(16 * n)
    sgd = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, optimizer="sgd", master_weights=False))
    assert float(sgd["mem.model_states"]) == pytest.approx(6 * n)  # bf16 weights 2 + fp32 main gradients 4
    adam8 = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, optimizer="adamw_8bit"))
    assert float(adam8["mem.optimizer"]) == pytest.approx(6 * n)  # fp32 master 4 + two 8-bit moments


def test_cpu_offload_moves_optimizer_to_host() -> None:
    fs = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, dp=8, zero_stage=2, cpu_offload=True))
    assert float(fs["mem.optimizer"]) == 0 and float(fs["mem.gradients"]) == 0
    # ZeRO-2 offload moves the optimizer states (12 B) and the sharded fp32 Megatron gradients (4 B)
    assert float(fs["mem.host_offload"]) == pytest.approx((12 + 4) * 8_030_261_248 / 8)


def test_lora_and_qlora_weights() -> None:
    lora = estimate_memory(MemoryInputs(LLAMA31_70B, "lora", 80.0, lora_rank=16, recompute="full"))
    qlora = estimate_memory(MemoryInputs(LLAMA31_70B, "qlora", 80.0, lora_rank=16, recompute="full"))
    n_emb = 2 * 128256 * 8192
    n_norm = 80 * 2 * 8192 + 8192
    n_lin = 70_553_706_496 - n_emb - n_norm
    assert float(qlora["mem.weights"]) == pytest.approx(n_lin * QLORA_NF4_BITS_PER_PARAM.value / 8 + 2 * (n_emb + n_norm))
    assert float(lora["mem.weights"]) == pytest.approx(2 * 70_553_706_496)
    adapters = 16 * 80 * ((8192 + 8192) * 2 + (8192 + 1024) * 2 + 3 * (8192 + 28672))
    assert float(lora["mem.lora_adapters"]) == pytest.approx(2 * adapters)
    assert float(lora["mem.optimizer"]) == pytest.approx(12 * adapters)
    assert float(lora["mem.activations"]) > 0  # base activations are still kept for backprop
    assert float(qlora["mem.fits"]) == 1.0 and float(lora["mem.fits"]) == 0.0  # QLoRA 70B on one 80 GB GPU


def test_inference_budget_and_limits_are_consistent() -> None:
    base = dict(seq_len=8192, tp=4)
    fs = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, micro_batch=8, **base))
    assert float(fs["mem.kv_cache"]) == pytest.approx(8 * 8192 * 327_680 / 4)
    conc = int(fs["mem.max_concurrency"])
    at = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, micro_batch=np.array([conc, conc + 1]), **base))
    np.testing.assert_array_equal(at["mem.fits"], [1.0, 0.0])
    ctx = int(fs["mem.max_context"])
    at = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, micro_batch=8, seq_len=np.array([ctx, ctx + 64]),
                                      tp=4))
    assert at["mem.fits"][0] == 1.0 and (ctx == 131072 or at["mem.fits"][1] == 0.0)


def test_training_max_micro_batch_and_context_are_consistent() -> None:
    common = dict(seq_len=4096, tp=2, dp=8, zero_stage=1)
    fs = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, **common))
    mb = int(fs["mem.max_micro_batch"])
    assert mb >= 1
    at = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, micro_batch=np.array([mb, mb + 1]), **common))
    np.testing.assert_array_equal(at["mem.fits"], [1.0, 0.0])
    ctx = int(fs["mem.max_context"])
    at = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, tp=2, dp=8, zero_stage=1,
                                      seq_len=np.array([ctx, ctx + 1])))
    np.testing.assert_array_equal(at["mem.fits"], [1.0, 0.0])


def test_min_gpus_is_the_smallest_fitting_layout() -> None:
    fs = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, seq_len=8192, micro_batch=16))
    n = int(fs["mem.min_gpus"])
    at = estimate_memory(MemoryInputs(LLAMA31_70B, "inference", 80.0, seq_len=8192, micro_batch=16,
                                      tp=np.array([n // 2, n])))
    np.testing.assert_array_equal(at["mem.fits"], [0.0, 1.0])
    z3 = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, tp=1, zero_stage=3, recompute="full"))
    assert float(z3["mem.min_gpus"]) >= 2
    d = int(z3["mem.min_gpus"])
    at = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, zero_stage=3, recompute="full",
                                      dp=np.array([d // 2, d])))
    np.testing.assert_array_equal(at["mem.fits"], [0.0, 1.0])


def test_fragmentation_is_fraction_of_allocated_tensors() -> None:
    fs = estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0))
    allocated = float(fs["mem.model_states"] + fs["mem.activations"])
    assert float(fs["mem.fragmentation"]) == pytest.approx(ALLOCATOR_FRAGMENTATION.value * allocated)


def test_every_memory_figure_has_formula_unit_and_known_dependencies() -> None:
    for mode in ("train", "lora", "qlora", "inference"):
        fs = estimate_memory(MemoryInputs(LLAMA31_8B, mode, 80.0, tp=2))
        for key in fs.keys(include_inputs=False):
            exp = fs.explain(key)
            assert exp.formula and exp.label, key
        for key in ("mem.weights", "mem.total", "mem.headroom", "mem.fits", "mem.min_gpus", "mem.max_context"):
            assert key in fs
        text = fs.explain("mem.activations").to_text()
        assert "Korthikanti" in text or mode == "inference"


def test_invalid_choices_raise() -> None:
    with pytest.raises(ValueError, match="mode"):
        estimate_memory(MemoryInputs(LLAMA31_8B, "pretrain", 80.0))
    with pytest.raises(ValueError, match="optimizer"):
        estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, optimizer="lion"))
    with pytest.raises(ValueError, match="fp12"):
        estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, weight_dtype="fp12"))
    with pytest.raises(ValueError, match="recompute"):
        estimate_memory(MemoryInputs(LLAMA31_8B, "train", 80.0, recompute="some"))
