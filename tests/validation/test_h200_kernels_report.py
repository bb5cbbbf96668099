"""The H200 kernel-class run (data/h200_kernels_2026-12-04.json) and its section of docs/validation.md."""

from __future__ import annotations

import statistics

import pytest
from generate_validation_report import DOC
from validation_report_h200_kernels import (
    DISAGREES,
    KERNEL_RUN,
    assumed,
    disagreements,
    gemm_predicted_s,
    kernel_rows,
    kernel_section,
)

from gpudesk.core.constants import (
    ATTENTION_EFFICIENCY,
    HBM_EFFICIENCY,
    KERNEL_BOUNDARY_S,
    MATMUL_EFFICIENCY_BF16,
    MATMUL_EFFICIENCY_FP8_PART,
    SERVING_ROOFLINE_SHARPNESS,
)

SECTIONS = ("gemm", "hbm", "decode_attention", "prefill_attention")


def test_run_measured_every_planned_point_on_the_h200():
    plan, env = KERNEL_RUN["plan"], KERNEL_RUN["environment"]
    assert env["gpu"] == "NVIDIA H200" and env["l2_cache_bytes"] * 4 < plan["rotate_bytes"]
    assert len(KERNEL_RUN["gemm"]) == len(plan["precisions"]) * len(plan["gemm_shapes"]) * len(plan["gemm_rows"])
    assert len(KERNEL_RUN["decode_attention"]) == len(plan["decode_batches"]) * len(plan["decode_contexts"])
    assert len(KERNEL_RUN["prefill_attention"]) == len(plan["prefill_seqs"]) and len(KERNEL_RUN["hbm"]) == 2
    assert {r["status"] for s in SECTIONS for r in KERNEL_RUN[s]} == {"ok"}
    assert env["elapsed_s"] < plan["budget_s"]


def test_recorded_rates_recompute_from_the_recorded_times():
    for s in SECTIONS:
        for r in KERNEL_RUN[s]:
            assert len(r["replay_s"]) == KERNEL_RUN["plan"]["replays"]
            assert r["per_call_s"] == pytest.approx(statistics.median(r["replay_s"]) / r["calls_per_replay"])
    for r in KERNEL_RUN["gemm"]:
        assert r["flops"] == 2 * r["m"] * r["n"] * r["k"]
        assert r["weight_bytes"] == r["n"] * r["k"] * (2 if r["precision"] == "bf16" else 1)
        assert r["tflops"] == pytest.approx(r["flops"] / r["per_call_s"] / 1e12)
        assert r["weight_tbs"] == pytest.approx(r["weight_bytes"] / r["per_call_s"] / 1e12)
        assert r["copies"] * r["weight_bytes"] >= KERNEL_RUN["plan"]["rotate_bytes"]
    for r in KERNEL_RUN["decode_attention"]:
        assert r["kv_bytes"] == 2 * r["batch"] * r["kv_heads"] * r["context"] * r["head_dim"] * 2
        assert r["kv_tbs"] == pytest.approx(r["kv_bytes"] / r["per_call_s"] / 1e12)
    for r in KERNEL_RUN["prefill_attention"]:  # causal: half of 4·s²·heads·d
        assert r["flops"] == 2 * r["seq"] ** 2 * r["heads"] * r["head_dim"]


def test_assumed_values_are_gpudesk_s_h200_constants():
    a = assumed()
    assert a.matmul["bf16"] == MATMUL_EFFICIENCY_BF16["nvidia-hopper"].value
    assert a.matmul["fp8_e4m3"] == MATMUL_EFFICIENCY_FP8_PART["h200-sxm"].value
    assert a.hbm == HBM_EFFICIENCY.value and a.attention == ATTENTION_EFFICIENCY["nvidia-hopper"].value
    assert a.hbm_bw == pytest.approx(4.8e12) and a.peak["bf16"] == pytest.approx(989.5e12, rel=0.01)
    assert a.peak["fp8_e4m3"] == pytest.approx(2 * a.peak["bf16"], rel=0.01)


def test_gemm_time_is_the_smooth_roofline_plus_one_boundary():
    a = assumed()
    row = next(r for r in KERNEL_RUN["gemm"] if r["precision"] == "bf16" and r["shape"] == "o tp1" and r["m"] == 256)
    t_c = 2 * 256 * 8192 * 8192 / (a.peak["bf16"] * MATMUL_EFFICIENCY_BF16["nvidia-hopper"].value)
    t_m = 8192 * 8192 * 2 / (4.8e12 * HBM_EFFICIENCY.value)
    p = SERVING_ROOFLINE_SHARPNESS.value
    assert gemm_predicted_s(row, a) == pytest.approx((t_c ** p + t_m ** p) ** (1 / p) + KERNEL_BOUNDARY_S.value)


def test_every_constant_off_by_more_than_the_limit_is_said_and_no_other():
    rows = kernel_rows()
    said = "\n".join(disagreements(rows))
    for r in rows:
        if abs(r.ratio - 1) > DISAGREES:
            assert f"**{r.constant.name}**" in said and f"({r.ratio:.2f}x)" in said
    named = {r.constant.name for r in rows}
    for name in named - {r.constant.name for r in rows if abs(r.ratio - 1) > DISAGREES}:
        assert f"**{name}**" not in said
    # the prefill-sized GEMMs meet their MAMF on this run: the table says so, not a disagreement
    assert all(abs(r.ratio - 1) < DISAGREES for r in rows if r.kernel == "GEMM, prefill-sized")


def test_section_is_in_the_validation_doc():
    section = "\n".join(kernel_section())
    assert section in DOC.read_text(encoding="utf-8")
    assert "## H200 kernel classes measured here against gpudesk's constants" in section
