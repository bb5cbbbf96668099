"""Round-two runtime terms: pipeline schedules, stage balance, overlap, power limit, GEMM shapes, FSDP2 memory,
serving batching and scenarios, generic servers. Expected values are derived by hand in each test."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_training_samples import A100, H100, LLAMA3_8B, LLAMA3_70B

from gpudesk.catalog.store import Catalog
from gpudesk.core.constants import (
    DVFS_POWER_EXPONENT,
    EAGER_NON_GEMM_REFERENCE_TFLOPS,
    FRAMEWORK_GEMM_TIME_SHARE,
    GPU_SHARE_OF_SERVER_MAX_POWER,
    GPU_STATIC_POWER_SHARE,
    TORCH_COMPILE_FUSED_SHARE,
)
from gpudesk.core.derived_servers import generic_server, power_limited
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.power_limit import clock_fraction
from gpudesk.core.training import estimate_training
from gpudesk.core.training_gemm import gemm_classes, shape_factor
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.training_parts import bubble_fraction, exposed_dp, stage_imbalance


def test_schedules_shrink_the_bubble_as_published():
    p, v, m = np.array(8.0), np.array(4.0), np.array(32.0)
    assert float(bubble_fraction("1f1b", p, v, m)[0]) == pytest.approx(7 / 32)
    assert float(bubble_fraction("interleaved", p, v, m)[0]) == pytest.approx(7 / 128)
    assert float(bubble_fraction("zero_bubble", p, v, m)[0]) == pytest.approx(7 / 96)  # a third (ZB-H1)
    assert float(bubble_fraction("dualpipe", p, v, m)[0]) == pytest.approx((2 / 3) * 3 / 32)  # (p/2 − 1)·2/3


def test_the_output_head_makes_a_deep_pipeline_uneven():
    # Llama 3 405B-like: L = 126, head e = 0.66 layers: 16 stages 1.08×, 64 stages 1.32×, none 1×
    e = np.array(0.66)
    assert float(stage_imbalance(126.0, np.array(1.0), e)) == pytest.approx(1.0)
    assert float(stage_imbalance(126.0, np.array(16.0), e)) == pytest.approx((126 + 0.66 * 16) / 126.66)
    assert float(stage_imbalance(126.0, np.array(64.0), e)) > 1.3


def test_overlapped_gradient_reduction_hides_behind_the_last_backward_and_the_cool_down():
    raw, compute, micro, bubble = np.array(1.0), np.array(6.0), np.array(4.0), np.array(0.4)
    # t_mb = 1.5: RS 0.5 − 1.0 − 0.2 < 0 hidden; AG 0.5 − 0.5 − 0.2 < 0 hidden
    assert float(exposed_dp(raw, np.array(False), compute, micro, bubble, True, True)) == 0.0
    assert float(exposed_dp(raw, np.array(False), compute, micro, bubble, False, True)) == 1.0
    big = np.array(4.0)  # RS 2 − 1 − 0.2 = 0.8, AG 2 − 0.5 − 0.2 = 1.3
    assert float(exposed_dp(big, np.array(False), compute, micro, bubble, True, True)) == pytest.approx(2.1)


def test_the_last_gradient_bucket_has_nothing_left_to_hide_behind():
    raw, compute, micro, bubble = np.array(4.0), np.array(3.0), np.array(1.0), np.array(0.0)
    # a quarter of the gradients per bucket: RS max(2·0.25, 2 − 2·0.75) = 0.5, AG max(0.5, 2 − 1·0.75) = 1.25
    got = exposed_dp(raw, np.array(False), compute, micro, bubble, True, True, np.array(0.25))
    assert float(got) == pytest.approx(0.5 + 1.25)
    assert float(exposed_dp(raw, np.array(False), compute, micro, bubble, True, True)) == pytest.approx(0.0 + 1.0)
    # a long backward: the last bucket alone shows, in each half
    assert float(exposed_dp(raw, np.array(False), np.array(30.0), micro, bubble, True, True,
                            np.array(0.25))) == pytest.approx(0.5 + 0.5)


def test_the_last_bucket_share_follows_megatrons_buckets():
    def share(**kw: object) -> float:
        inp = TrainingInputs(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([H100]), n_gpus=64,
                             global_batch=64, micro_batch=1, seq_len=8192, zero_stage=1, **kw)  # type: ignore[arg-type]
        return float(estimate_training(inp).value_at("train.dp_last_bucket_share", 0))

    params = LLAMA3_8B.params_total  # one GPU holds them all at t = p = 1
    assert share() == pytest.approx(1.0 / np.ceil(params / 64e6))  # Megatron's default: max(40M, 1M · d = 64M)
    assert share(grad_bucket_params=768e6) == pytest.approx(1.0 / np.ceil(params / 768e6))
    assert share(tp=2, grad_bucket_params=768e6) == pytest.approx(1.0 / np.ceil(params / 2 / 768e6), rel=0.02)


def test_nvfp4_training_gemms_take_their_measured_fraction_and_serving_keeps_its_own():
    from gpudesk.core.constants import MATMUL_EFFICIENCY_FP4, MATMUL_EFFICIENCY_FP4_TRAINING
    from gpudesk.core.efficiency import Efficiencies
    b200 = HardwareArrays.from_accelerators([Catalog.open().accelerator("b200"), H100])
    inp = TrainingInputs(model=LLAMA3_8B, hardware=b200, n_gpus=8, global_batch=16, seq_len=4096,
                         compute_dtype="fp4", low_precision_recipe="nvfp4")
    fs = estimate_training(inp)
    trained = MATMUL_EFFICIENCY_FP4_TRAINING["nvidia-blackwell"]
    assert fs.value_at("eff.matmul", 0) == pytest.approx(trained.value)
    assert trained.name in fs.source("eff.matmul")
    serving = Efficiencies.for_hardware(b200, "fp4")
    assert serving.matmul[0] == pytest.approx(MATMUL_EFFICIENCY_FP4["nvidia-blackwell"].value)
    assert serving.for_training(b200, "fp4").matmul[1] == serving.matmul[1]  # H100: no FP4, nothing to replace
    assert serving.for_training(b200, "fp8") is serving


def test_a_power_cap_lowers_the_compute_peak_by_the_clock_it_sustains():
    s, n = GPU_STATIC_POWER_SHARE.value, DVFS_POWER_EXPONENT.value
    expected = ((500 - s * 700) / ((1 - s) * 700)) ** (1 / n)
    assert float(clock_fraction(500.0, 700.0)) == pytest.approx(expected)
    assert float(clock_fraction(0.0, 700.0)) == 1.0 and float(clock_fraction(800.0, 700.0)) == 1.0
    h100 = Catalog.open().accelerator("h100-sxm")  # TDP 700 W
    capped = HardwareArrays.from_accelerators([h100], power_limit_w=500)
    full = HardwareArrays.from_accelerators([h100])
    assert capped.peak("bf16")[0] == pytest.approx(full.peak("bf16")[0] * expected)
    assert capped.hbm_bw[0] == full.hbm_bw[0]
    assert "power limit 500 W" in capped.sources["peak.bf16"] and "power limit 500 W" in capped.sources["peak.fp8"]


def test_small_expert_gemms_sit_near_the_ridge_and_large_dense_ones_do_not():
    cat = Catalog.open()
    dense = gemm_classes(LLAMA3_8B)
    moe = gemm_classes(cat.model("qwen3-235b-a22b"))
    ridge = np.array(989e12 * 0.8 / (3.35e12 * 0.85))
    big = shape_factor(dense, np.array(8192.0), np.array(1.0), np.array(1.0), ridge, "bf16")
    few = shape_factor(moe, np.array(512.0), np.array(1.0), np.array(1.0), ridge, "bf16")
    assert 1.0 < float(big) < 1.2 and float(few) > float(big) + 0.2


def test_schedule_and_overlap_inputs_change_the_step():
    base = dict(model=LLAMA3_70B, hardware=HardwareArrays.from_accelerators([H100]), n_gpus=64, tp=8, pp=4,
                global_batch=64, seq_len=4096)
    one = estimate_training(TrainingInputs(**base, pipeline_schedule="1f1b"))
    zb = estimate_training(TrainingInputs(**base, pipeline_schedule="zero_bubble"))
    assert zb.value_at("train.bubble_fraction", 0) == pytest.approx(one.value_at("train.bubble_fraction", 0) / 3)
    assert zb.value_at("train.step_time_s", 0) < one.value_at("train.step_time_s", 0)
    hidden = estimate_training(TrainingInputs(**base, tp_comm_overlap=True))
    assert hidden.value_at("train.exposed_comm_s", 0) < one.value_at("train.exposed_comm_s", 0)
    eager = estimate_training(TrainingInputs(**base, training_stack="fsdp2"))
    compiled = estimate_training(TrainingInputs(**base, training_stack="fsdp2", torch_compile=True))
    assert compiled.value_at("train.compute_time_s", 0) < eager.value_at("train.compute_time_s", 0)
    with pytest.raises(ValueError, match="pipeline schedule"):
        estimate_training(TrainingInputs(**base, pipeline_schedule="gpipe"))


def test_fp8_recipes_add_their_cast_traffic():
    base = dict(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([H100]), n_gpus=8, global_batch=64,
                seq_len=8192, compute_dtype="fp8")
    delayed = estimate_training(TrainingInputs(**base, low_precision_recipe="delayed"))
    current = estimate_training(TrainingInputs(**base, low_precision_recipe="tensorwise"))
    assert delayed.value_at("train.cast_bytes", 0) == 4.0 and current.value_at("train.cast_bytes", 0) == 6.0
    assert current.value_at("train.compute_time_s", 0) > delayed.value_at("train.compute_time_s", 0)


def test_fsdp2_selective_checkpoint_memory_and_time_follow_one_policy():
    # torchtitan's op policy on Llama 3 8B: products wq, wk, wv, wo, w1, w3, w2 in order; the 1st, 3rd, 5th, 7th
    # (wq, wv, w1, w2) are kept, the others (wk, wo, w3) recomputed, SDPA's output kept (attention not recomputed)
    h, q, kv, f, L = 4096, 4096, 1024, 14336, 32
    kept = 2 * (h + q + (q + kv + f + h))  # bf16: block input, attention output, the kept products' outputs
    fs = estimate_memory(MemoryInputs(model=LLAMA3_8B, mode="train", gpu_memory_gb=96, seq_len=8192, micro_batch=2,
                                      dp=8, zero_stage=3, recompute="selective", training_stack="fsdp2",
                                      limits=False))
    assert fs.value_at("mem.activations_per_layer") == pytest.approx(kept * 8192, rel=1e-6)
    base = dict(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([H100]), n_gpus=8, global_batch=16,
                micro_batch=2, seq_len=8192, zero_stage=3)
    titan = estimate_training(TrainingInputs(**base, recompute="selective", training_stack="fsdp2"))
    none = estimate_training(TrainingInputs(**base, recompute="none", training_stack="fsdp2"))
    recomputed = 2 * L * (h * kv + q * h + h * f)  # the products the memory does not keep: wk, wo, w3
    assert titan.value_at("train.flops_per_token_recompute", 0) == pytest.approx(recomputed, rel=1e-9)
    assert titan.value_at("train.compute_time_s", 0) > none.value_at("train.compute_time_s", 0)
    # Megatron's selective recompute is the core attention's forward: a third of the attention FLOPs
    megatron = estimate_training(TrainingInputs(**base, recompute="selective", training_stack="megatron"))
    attention = megatron.value_at("train.flops_per_token_model", 0) - 6 * megatron.value_at(
        "arch.params_matmul_active", 0)
    assert megatron.value_at("train.flops_per_token_recompute", 0) == pytest.approx(attention / 3, rel=1e-9)


def test_an_eager_step_keeps_its_non_gemm_time_as_the_tensor_cores_speed_up():
    # x = (1/0.61 − 1) · R / R_ref, R the part's achieved 16-bit matmul rate; the Megatron stack keeps its share
    s, ref, c = FRAMEWORK_GEMM_TIME_SHARE.value, EAGER_NON_GEMM_REFERENCE_TFLOPS.value * 1e12, TORCH_COMPILE_FUSED_SHARE.value
    base = dict(model=LLAMA3_8B, n_gpus=8, global_batch=16, micro_batch=2, seq_len=8192, zero_stage=3,
                training_stack="fsdp2")
    shares = {}
    for acc in (A100, H100):
        fs = estimate_training(TrainingInputs(**base, hardware=HardwareArrays.from_accelerators([acc])))
        rate = fs.value_at("hw.peak_flops", 0) * fs.value_at("eff.matmul", 0)
        shares[acc.id] = fs.value_at("eff.eager_share", 0)
        assert shares[acc.id] == pytest.approx(1 / (1 + (1 / s - 1) * rate / ref), rel=1e-9)
    assert shares[A100.id] > s > shares[H100.id]  # A100 271 TFLOP/s, H100 795, the reference between them
    fp8 = estimate_training(TrainingInputs(**base, hardware=HardwareArrays.from_accelerators([H100]),
                                           compute_dtype="fp8"))
    assert fp8.value_at("eff.eager_share", 0) == pytest.approx(shares[H100.id], rel=1e-9)  # the 16-bit rate
    compiled = estimate_training(TrainingInputs(**base, hardware=HardwareArrays.from_accelerators([H100]),
                                                torch_compile=True))
    x = 1 / shares[H100.id] - 1
    assert compiled.value_at("eff.eager_share", 0) == pytest.approx(1 / (1 + x * (1 - c / (1 - s))), rel=1e-9)
    megatron = estimate_training(TrainingInputs(**dict(base, training_stack="megatron"),
                                                hardware=HardwareArrays.from_accelerators([A100])))
    with pytest.raises(KeyError):
        megatron.value_at("eff.eager_share", 0)


def test_unfused_attention_moves_its_scores_through_hbm():
    # Megatron before FlashAttention: per token every layer writes and reads a·s scores, 13 B forward + 19 B
    # backward per score, one more forward under recompute; Llama 3 8B: L 32, a 32, s 2,048, 8 A100, 16 sequences
    base = dict(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([A100]), n_gpus=8, global_batch=16,
                seq_len=2048, recompute="full")
    fused = estimate_training(TrainingInputs(**base))
    unfused = estimate_training(TrainingInputs(**base, flash_attention=False))
    bw = unfused.value_at("hw.hbm_bw", 0) * unfused.value_at("eff.hbm", 0)
    expected = 32 * 32 * 2048 * (13 + 19 + 13) * (16 * 2048 / 8) / bw
    assert unfused.value_at("train.attention_scores_s", 0) == pytest.approx(expected, rel=1e-9)
    assert unfused.value_at("train.compute_time_s", 0) == pytest.approx(
        fused.value_at("train.compute_time_s", 0) + expected, rel=1e-9)  # one stage: no imbalance
    none = estimate_training(TrainingInputs(**dict(base, recompute="none"), flash_attention=False))
    assert none.value_at("train.attention_scores_s", 0) == pytest.approx(expected * 32 / 45, rel=1e-9)


def test_offline_scenario_drops_the_latency_targets_and_batching_modes_differ():
    base = dict(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([H100]), concurrency=256,
                prompt_tokens=2048, output_tokens=256, tpot_target_s=0.005)
    server = estimate_inference(InferenceInputs(**base))
    offline = estimate_inference(InferenceInputs(**base, scenario="offline"))
    assert offline.value_at("infer.concurrency", 0) > server.value_at("infer.concurrency", 0)
    mixed = estimate_inference(InferenceInputs(**base, scenario="offline"))
    separate = estimate_inference(InferenceInputs(**base, scenario="offline", batching="separate_prefill"))
    assert separate.value_at("infer.tokens_per_s", 0) < mixed.value_at("infer.tokens_per_s", 0)
    with pytest.raises(ValueError, match="batching"):
        estimate_inference(InferenceInputs(**base, batching="chunky"))


def test_a_generic_server_is_derived_and_labelled():
    acc = Catalog.open().accelerator("gaudi2")
    server = generic_server(acc, 8)
    assert server.power_max_kw == pytest.approx(8 * acc.tdp_w / 1000 / GPU_SHARE_OF_SERVER_MAX_POWER.value)
    assert "(derived)" in server.name and "derived" in server.provenance.source
    assert "cpu_cores_total" in server.provenance.unknown and not server.provenance.verified
    capped = power_limited(server, acc, acc.tdp_w - 100)
    assert capped.power_max_kw == pytest.approx(server.power_max_kw - 0.8)
    assert power_limited(server, acc, 0) is server
    assert replace(server).id.startswith("generic-")
