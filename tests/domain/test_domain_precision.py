"""Issue 16 error 2: time models use the peak of the precision actually computed; a missing peak is a blocker.

The T4 (Turing) and the V100 (Volta) have an fp16 peak and no bf16 one (catalog rows t4, v100-sxm2-32gb; the
Ascend 910B was the example until its bf16 peak was published), so before the fix attention, decode and prefill
read a NaN bf16 peak whatever the compute precision.
"""

from __future__ import annotations

import math

import pytest
from domain_plans import check, check_ids, estimate, plan

from gpudesk.core.constants import DECODE_KERNELS_PER_LAYER, HBM_EFFICIENCY, KERNEL_BOUNDARY_S
from gpudesk.core.constants import serving as SV
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs


def test_t4_fp16_decode_is_the_weight_and_kv_stream(catalog) -> None:
    t4, model = catalog.accelerator("t4"), catalog.model("llama-3.2-1b")
    hw = HardwareArrays.from_accelerators([t4], gpus_per_node=1)
    fs = estimate_inference(InferenceInputs(model=model, hardware=hw, weight_dtype="fp16", kv_dtype="fp16",
                                            concurrency=1, prompt_tokens=1024, output_tokens=256, tpot_target_s=0.0))
    # Hand calculation (Llama 3.2 1B config.json: h 2,048, 16 layers, 32 heads, 8 KV heads, head_dim 64,
    # FFN 8,192, vocabulary 128,256, tied embeddings; T4 datasheet: 320 GB/s):
    #   per layer: Q, O 2,048² each + K, V 2,048 × 512 each = 10,485,760; MLP 3 × 2,048 × 8,192 = 50,331,648
    #   16 layers = 973,078,528; output head (the tied embedding) 128,256 × 2,048 = 262,668,288
    #   streamed per decode step in fp16: 1,235,746,816 × 2 B = 2.471 GB
    #   KV at the mean context 1,024 + 256/2 = 1,152 tokens: 2 × 16 × 8 × 64 × 2 B = 32,768 B/token → 37.7 MB
    # batch 1 is bandwidth-bound: weights / (320 GB/s × η_hbm) + KV / (320 GB/s × η_kv), plus the small GEMM compute
    # the fitted roofline sharpness p = 1 adds rather than overlaps, plus 16 layers × 9 kernels × 2.3 µs boundaries
    weights = 1_235_746_816 * 2 / (320e9 * HBM_EFFICIENCY.value)
    kv = 1_152 * 32_768 / (320e9 * SV.SERVING_DECODE_KV_BW_EFFICIENCY.value)
    compute = 2 * 1_235_746_816 / (fs.value_at("hw.peak_flops") * fs.value_at("eff.matmul"))
    assert SV.SERVING_ROOFLINE_SHARPNESS.value == 1.0
    kernels = 16 * DECODE_KERNELS_PER_LAYER.value * KERNEL_BOUNDARY_S.value
    expected = weights + compute + kv + kernels
    assert fs.value_at("infer.decode_step_s") == pytest.approx(expected, rel=0.01)
    assert math.isfinite(fs.value_at("infer.prefill_s"))
    # one sequence: tokens/s = 1 / (decode + its share of prefill compute), so a little under 1 / decode step
    assert 0.9 / expected < fs.value_at("infer.tokens_per_s") <= 1.0 / expected


def test_t4_bf16_is_unknown_not_zero(catalog) -> None:
    hw = HardwareArrays.from_accelerators([catalog.accelerator("t4")], gpus_per_node=1)
    fs = estimate_inference(InferenceInputs(model=catalog.model("llama-3.1-8b"), hardware=hw, concurrency=1))
    assert math.isnan(fs.value_at("infer.tokens_per_s"))  # unknown, never 0 tokens/s
    assert fs.value_at("infer.bottleneck") == "unsupported_precision"


def test_ascend_fp16_training_step_is_finite(catalog) -> None:
    # Before the fix the attention term divided by the NaN bf16 peak even in fp16.
    hw = HardwareArrays.from_accelerators([catalog.accelerator("ascend-910b")])
    fs = estimate_training(TrainingInputs(model=catalog.model("llama-3.1-8b"), hardware=hw, n_gpus=8,
                                          compute_dtype="fp16", seq_len=4096, global_batch=64))
    assert math.isfinite(fs.value_at("train.step_time_s"))
    # attention FLOPs run at the fp16 peak of the row (353.9 TFLOPS), recorded as the attention peak
    assert fs.value_at("hw.peak_flops_attention") == pytest.approx(353.9e12)
    assert fs.value_at("train.bottleneck") != "unsupported_precision"


def test_fp16_only_plan_in_fp16_serves_and_in_bf16_names_the_missing_field(catalog) -> None:
    fp16 = estimate(catalog, plan(w__kind="llm_inference", w__compute_dtype="fp16", w__weight_dtype="fp16",
                                  w__kv_dtype="fp16", hardware__accelerator_id="v100-sxm2-32gb"))
    assert fp16.figures.number("infer.tokens_per_s") > 0
    assert "task.precision_unsupported" not in check_ids(fp16)

    bf16 = estimate(catalog, plan(w__kind="llm_inference", hardware__accelerator_id="v100-sxm2-32gb"))
    blocker = check(bf16, "task.precision_unsupported")
    assert blocker.severity == "blocker"
    assert blocker.numbers["field"] == "BF16"  # the catalog browser's column, not accelerators/<id>.bf16_tflops
    assert "v100-sxm2-32gb" not in blocker.message + blocker.fix
    assert "fp16" in blocker.numbers["listed"]
    assert math.isnan(bf16.figures.number("infer.tokens_per_s"))


def test_throughput_sized_kind_without_the_precision_is_a_blocker_not_an_error(catalog) -> None:
    # vision serving sizes GPUs from throughput; without a bf16 peak it cannot, and says so as a blocker
    est = estimate(catalog, plan(w__kind="vision_inference", w__model_id="resnet-50", w__items_per_day=1e6,
                                 hardware__accelerator_id="v100-sxm2-32gb"))
    assert check(est, "task.precision_unsupported").numbers["precision"] == "bf16"
