"""The H200 MoE expert GEMM run (data/h200_moe_experts_2026-12-04.json): its points, and the law's constants."""

from __future__ import annotations

import statistics

import pytest
from validation_report_h200_moe import COMPUTE_ROWS, MOE_RUN, _rows, dense_tflops

from gpudesk.core.constants import serving as SV
from gpudesk.core.moe_gemm import grouped_gemm_share


def test_run_measured_every_planned_point_on_the_h200():
    plan, env = MOE_RUN["plan"], MOE_RUN["environment"]
    assert env["gpu"] == "NVIDIA H200" and env["l2_cache_bytes"] * 4 < plan["rotate_bytes"]
    assert len(MOE_RUN["experts"]) == len(plan["precisions"]) * len(plan["gemm_shapes"]) * len(plan["points"])
    assert {r["status"] for r in MOE_RUN["experts"]} == {"ok"} and env["elapsed_s"] < plan["budget_s"]
    for r in MOE_RUN["experts"]:
        assert r["per_call_s"] == pytest.approx(statistics.median(r["replay_s"]) / r["calls_per_replay"])
        assert r["flops"] == 2 * r["experts"] * r["m"] * r["n"] * r["k"]
        assert r["tflops"] == pytest.approx(r["flops"] / r["per_call_s"] / 1e12)
        assert r["copies"] * r["weight_bytes"] >= plan["rotate_bytes"]


def _shares() -> dict[str, tuple[float, int, int]]:
    """Grouped / dense BF16 rate per expert shape: medians over the compute-bound points (128 experts)."""
    out = {}
    for shape in ("gate_up tp1", "down tp1", "gate_up tp8", "down tp8"):
        pick = [r for r in _rows("bf16", shape) if r["m"] >= COMPUTE_ROWS]
        out[shape] = (statistics.median(r["tflops"] for r in pick) / dense_tflops(), pick[0]["n"], pick[0]["k"])
    return out


def _half(small: float, big: float, ratio: float) -> float:
    """X0 in x/(x + X0) from its ratio at ``small`` and ``big``."""
    return small * big * (ratio - 1.0) / (small - ratio * big)


def test_the_law_s_constants_are_this_run():
    m = _shares()
    assert SV.MOE_GROUPED_GEMM_K_HALF.value == pytest.approx(  # the down GEMMs share N = 4,096
        _half(192, 1536, m["down tp8"][0] / m["down tp1"][0]), abs=0.5)
    assert SV.MOE_GROUPED_GEMM_N_HALF.value == pytest.approx(  # the gate_up GEMMs share K = 4,096
        _half(384, 3072, m["gate_up tp8"][0] / m["gate_up tp1"][0]), abs=0.5)
    large = statistics.median(s / grouped_gemm_share(n, k, 1.0) for s, n, k in (m["gate_up tp1"], m["down tp1"]))
    assert SV.MOE_GROUPED_GEMM_SHARE["nvidia-hopper"].value == pytest.approx(large, abs=5e-4)
    for share, n, k in m.values():  # the law reads every measured shape within 2%
        assert grouped_gemm_share(n, k, SV.MOE_GROUPED_GEMM_SHARE["nvidia-hopper"].value) == pytest.approx(
            share, rel=0.02)
