"""Serving a DeepSeek-style model: absorbed MLA decode, and attention data-parallel groups under a TTFT target."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_training_samples import B200, LLAMA3_70B

from gpudesk.catalog.records import ModelArch
from gpudesk.core.busiest_rank import busiest_expert_rank, expected_busiest
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.model_math import attention_core_dims, decode_attention_core_dims

# DeepSeek-V3's published shapes (config.json of deepseek-ai/DeepSeek-V3; the catalog row has the same)
DSV3 = ModelArch(
    id="deepseek-v3", name="DeepSeek-V3", kind="decoder", params_total=671e9, params_active=37e9, n_layers=61,
    hidden=7168, n_heads=128, n_kv_heads=128, head_dim=128, ffn_hidden=18432, vocab=129280, max_context=163840,
    attention="mla", mla_kv_lora_rank=512, mla_q_lora_rank=1536, mla_rope_dim=64, mla_v_head_dim=128,
    n_experts=256, experts_per_token=8, n_shared_experts=1, n_moe_layers=58, moe_ffn_hidden=2048)


def _replica(model: ModelArch, tp: float, ep: float) -> ReplicaModel:
    hw = HardwareArrays.from_accelerators([B200])
    eff = Efficiencies.for_hardware(hw, "fp4", None)
    one = np.ones(1)
    return ReplicaModel.build(model, hw, eff, one * tp, one, one * ep, "fp4", "fp8", "fp4")


def test_mla_decodes_over_the_latent_and_prefills_with_expanded_heads():
    # absorbed: every head attends over the 512 + 64 latent and returns 512 values; expanded: 192 + 128
    assert decode_attention_core_dims(DSV3) == 128 * (512 + 64 + 512)
    assert attention_core_dims(DSV3) == 128 * (128 + 64 + 128)
    assert decode_attention_core_dims(LLAMA3_70B) == attention_core_dims(LLAMA3_70B)
    rep = _replica(DSV3, 1, 8)
    big = rep.decode_step(np.array([7168.0]), np.array([2048.0]))
    flops = 2.0 * 61 * 2048 * decode_attention_core_dims(DSV3) * 7168 / 8
    assert big["attention"][0] >= flops / (B200.bf16_tflops * 1e12) * 0.999  # compute-bound at this batch


def _expected_busiest(mu: float, groups: int) -> float:
    """E[max of ``groups`` Poisson(mu)] by direct summation."""
    total, cdf, pmf = 0.0, math.exp(-mu), math.exp(-mu)
    for k in range(1, 400):
        total += 1.0 - cdf ** groups
        pmf *= mu / k
        cdf += pmf
    return total


def test_the_busiest_group_is_the_max_of_poisson_arrivals():
    # summed exactly up to a mean of 8 per group, the skewed normal limit above (short outputs, large batches)
    mu = np.array([0.02, 0.4, 3.0, 7.9, 8.2, 15.0, 60.0, 0.4, 20.0])
    groups = np.array([8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 2.0, 16.0])
    got = expected_busiest(mu, groups)
    want = np.array([_expected_busiest(float(m), int(g)) for m, g in zip(mu, groups)])
    assert np.allclose(got, want, rtol=5e-3)
    assert np.allclose(got[:4], want[:4], rtol=1e-9) and got[7] == pytest.approx(want[7], rel=1e-9)


def test_the_busiest_group_pays_the_prefills_beyond_the_mean():
    rep = _replica(DSV3, 1, 8)
    batch, prompt, out = np.array([4096.0]), np.array([800.0]), np.array([3880.0])
    gemm, attn = rep._prefill_parts(prompt, prompt)
    # the dense GEMMs' share of ``gemm``, whose routed experts run at the busiest expert rank's load
    dense = (rep.n_gemm - rep.routed_active) / (rep.n_gemm + (rep.expert_wait[0] - 1.0) * rep.routed_active)
    mu = 4096 / 3880 / 8
    want = (8 * _expected_busiest(mu, 8) - 4096 / 3880) * (gemm[0] * dense + attn[0])
    assert rep.prefill_imbalance(batch, prompt, out)[0] == pytest.approx(want, rel=1e-9)
    assert 0.0 < dense < 0.6  # the routed experts are most of the active GEMMs and stay balanced
    # tensor-parallel attention: every rank holds every token, no group waits on another
    assert _replica(DSV3, 8, 8).prefill_imbalance(batch, prompt, out)[0] == 0.0


def _dsv3(scenario: str, tp: float, ep: float, balance: bool = False) -> tuple[float, float]:
    """(tokens/s per GPU, infer.prefill_wait_s) of DeepSeek-V3 on 8 B200 at 2,048 sequences."""
    fs = estimate_inference(InferenceInputs(
        model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
        prompt_tokens=800, output_tokens=3880, concurrency=2048, tp=tp, ep=ep, scenario=scenario,
        ttft_target_s=0.0, ttft_tail_target_s=2.0, tpot_target_s=0.0, prompts_aligned=balance))
    return fs.value_at("infer.tokens_per_s_per_gpu", 0), fs.value_at("infer.prefill_wait_s", 0)


def test_unaligned_prompts_cost_data_parallel_attention_throughput_but_not_tensor_parallel():
    held = _dsv3("offline", 1, 8, balance=True)  # the engine holds prompts until every group has one
    server, offline = _dsv3("server", 1, 8), _dsv3("offline", 1, 8)  # prompts placed as they come
    assert server[0] < 0.97 * held[0] and 0.0 < held[1] < 0.5 * server[1]  # its releases are more even
    assert offline == server  # no engine holds them by default
    assert _dsv3("server", 1, 8, balance=True) == held  # the balancer holds them under a TTFT target too
    assert _dsv3("server", 8, 8) == _dsv3("offline", 8, 8, balance=True) == (_dsv3("offline", 8, 8)[0], 0.0)


def test_identical_requests_fed_at_once_keep_the_groups_in_step_without_a_balancer():
    # trtllm-bench's throughput runs: one length, all fed at once, no attention_dp_config (no hold either)
    same = estimate_inference(InferenceInputs(
        model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
        prompt_tokens=800, output_tokens=3880, concurrency=2048, tp=1, ep=8, scenario="offline",
        ttft_target_s=0.0, ttft_tail_target_s=0.0, tpot_target_s=0.0, identical_requests=True))
    assert same.value_at("infer.prefill_wait_s", 0) == 0.0 and "infer.ttft_hold_s" not in same
    assert _dsv3("offline", 1, 8)[1] > 0.0  # the same plan with its prompts placed as they come


# TensorRT-LLM tech blog 18 (NVLinkOneSided, DeepSeek-V3 profile, BF16, ep_size 8, GB200 NVL72): dispatch and
# combine microseconds per MoE layer by tokens per rank
ONE_SIDED_EP8 = {1: (18.9, 31.0), 256: (50.8, 53.0), 512: (89.5, 91.7), 1024: (166.3, 175.6), 2048: (311.8, 322.6)}


def test_moe_dispatch_and_combine_take_the_published_kernel_times_inside_nvlink():
    rep = _replica(DSV3, 1, 8)
    assert bool(rep.moe_kernels_apply[0]) and rep.hw.scaleup_bw[0] == pytest.approx(900e9)
    for tokens, (dispatch, combine) in ONE_SIDED_EP8.items():
        act = np.array([tokens * DSV3.hidden * 2.0])  # one rank's BF16 hidden states, as the blog ran them
        per_layer = rep.moe_dispatch_combine(act)[0] / DSV3.n_moe_layers
        assert per_layer == pytest.approx((dispatch + combine) * 1e-6, rel=0.20 if tokens < 1024 else 0.03), tokens
    # the step charges them only with attention data-parallel across the experts (e > t): one replica, 384 per rank,
    # the blog's perfect router's bytes times the busiest expert rank's load (the barriers wait for it)
    batch = np.array([3072.0])
    expected = rep.moe_dispatch_combine(np.array([384 * DSV3.hidden * 2.0]) * rep.expert_wait)[0]
    assert expected > rep.moe_dispatch_combine(np.array([384 * DSV3.hidden * 2.0]))[0]
    assert rep.collectives(batch)[0] == pytest.approx(expected)
    tp8 = _replica(DSV3, 8, 8).collectives(batch)[0]  # tensor-parallel attention: the all-reduces only
    assert tp8 == pytest.approx(_replica(DSV3, 8, 1).collectives(batch)[0])


def test_an_expert_group_wider_than_the_nvlink_domain_keeps_the_network_all_to_all():
    hw = HardwareArrays.from_accelerators([B200])
    eff = Efficiencies.for_hardware(hw, "fp4", None)
    one = np.ones(1)
    wide = ReplicaModel.build(DSV3, hw, eff, one, one, one * 64, "fp4", "fp8", "fp4")
    assert not bool(wide.moe_kernels_apply[0])


def test_every_rank_of_an_moe_layer_waits_for_the_busiest_expert_rank():
    # TensorRT-LLM tech blog 4, Table 1 (no EPLB, EP 32 with 8 experts per rank): per-expert spread 164.1 / 128,
    # per-rank 491.6 / 1,024; independent experts carry the first to the second within 6%
    assert 1.28 / math.sqrt(8) == pytest.approx(491.6 / 1024, rel=0.06)
    wait = busiest_expert_rank(256.0, np.array([1.0, 4.0, 8.0, 32.0]))
    assert wait[0] == 1.0 and 1.0 < wait[1] < wait[2] < wait[3] < 2.56  # the normal limit stays under the tail
    assert wait[2] == pytest.approx(1.0 + 1.28 * math.sqrt(8 / 256) * 1.4236, rel=1e-3)  # E[max of 8] = 1.4236
    assert busiest_expert_rank(128.0, np.array([8.0]))[0] > wait[2]  # fewer experts per rank: a wider spread
    # only the routed experts' FLOPs wait: tensor-parallel experts (ep 1) are split evenly over every rank
    ep8, tp8 = _replica(DSV3, 1, 8), _replica(DSV3, 8, 1)
    tokens = np.array([3072.0])
    extra = 2.0 * (wait[2] - 1.0) * ep8.routed_active * tokens / 8
    assert ep8.gemm_flops(tokens)[0] == pytest.approx(2.0 * ep8.n_gemm * tokens[0] / 8 + extra[0])
    assert tp8.gemm_flops(tokens)[0] == pytest.approx(2.0 * tp8.n_gemm * tokens[0] / 8)


@pytest.mark.parametrize(("tp", "ep", "listed"), [(1.0, 8.0, True), (8.0, 8.0, False), (8.0, 1.0, False)])
def test_the_dispatch_and_combine_constants_explain_the_steps_they_act_on(tp, ep, listed):
    """The published kernel times and link share (MOE_DISPATCH_LATENCY_S, MOE_COMBINE_LATENCY_S,
    MOE_ALLTOALL_LINK_FRACTION) act on attention data-parallel inside NVLink only: there the decode step lists them
    as its inputs; with tensor-parallel attention no figure does (polish-24 found them unlisted)."""
    fs = estimate_inference(InferenceInputs(
        model=DSV3, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
        prompt_tokens=800, output_tokens=3880, concurrency=256, tp=tp, ep=ep))
    keys = {"eff.moe_dispatch_s", "eff.moe_combine_s", "eff.moe_alltoall_link"}
    inputs = {q.key for q in fs.explain("infer.decode_step_s").inputs}
    assert (keys <= inputs) is listed and (not keys & inputs) is not listed
    if listed:
        assert fs.value_at("eff.moe_dispatch_s", 0) == pytest.approx(21e-6)
