"""The MLPerf Inference power-log case: the parse rule, the cited data file, and that its gpudesk figure is a plan's."""

from __future__ import annotations

import json

import pytest
from mlperf_power_log import spl_window_mean
from validation_cases_power_serving import DATA, SERVING_POWER_CASES, predict_serving_power, serving_plan
from validation_catalog import catalog
from validation_power_model import server_row
from validation_split import frozen_split

from gpudesk.results.pipeline import estimate_plan


def _spl(stamp: str, watts: float) -> str:
    return (f"Time,02-21-2024 {stamp},Watts,{watts:.6f},Volts,238.37,Amps,8.28,PF,0.98,Mark,x_testing,"
            "Ch1,Watts,1.0,Volts,238.1,Amps,8.4,PF,0.98")


def test_spl_window_mean_keeps_only_readings_inside_the_power_window():
    detail = "\n".join(
        ':::MLLOG ' + json.dumps({"key": k, "value": v, "time_ms": 1.0, "namespace": "mlperf::logging",
                                  "event_type": "POINT_IN_TIME", "metadata": {}})
        for k, v in (("power_begin", "02-21-2024 04:10:38.308"), ("power_end", "02-21-2024 04:10:41.741")))
    spl = "\n".join([_spl("04:10:38.184", 2661.2), _spl("04:10:39.183", 3000.0), _spl("04:10:40.183", 5000.0),
                     _spl("04:10:41.184", 7000.0), _spl("04:10:42.183", 2500.0)])
    got = spl_window_mean(detail, spl)
    assert got["readings"] == 3 and got["mean_w"] == 5000.0 and got["window_s"] == pytest.approx(3.433)


def test_data_file_cites_its_source_and_the_run_is_consistent():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for src in data["sources"].values():
        assert src["copy"] == "mlcommons/inference_results_v4.0" and len(src["commit"]) == 40 and src["read"]
        assert "cooling 'Air-cooled'" in src["system"]
    for r in data["runs"]:
        assert f"power_limit = {r['gpu_power_limit_w']}" in r["config"], r["id"]
        assert r["source"] in data["sources"] and r["server_id"] == "dgx-h100", r["id"]
        assert r["power_log"].endswith("/spl.txt") and r["detail_log"].endswith("/mlperf_log_detail.txt")
        assert r["power_log"].rsplit("/", 1)[0] == r["detail_log"].rsplit("/", 1)[0], r["id"]
        assert r["min_w"] < r["mean_ac_w"] < r["steady_mean_ac_w"] < r["max_w"] < 10_200, r["id"]
    for c, r in zip(SERVING_POWER_CASES, data["runs"], strict=True):
        assert c.id == r["id"] and c.window_s - 1 <= r["readings"] <= c.window_s + 1  # one reading a second


def test_case_is_held_out_and_its_figure_is_what_a_serving_plan_shows():
    """An LLM case's figure is the llm_inference plan's own power.server_kw (its peak held throughout, peak_factor 1):
    the rest of the server plus 8 GPUs at their serving draw, built from the plan's iteration shares; SDXL (a
    diffusion_inference plan is refused: no FLOPs per step) reads the power model at that kind's load factor."""
    frozen = frozen_split()
    for c in SERVING_POWER_CASES:
        assert c.id not in frozen and "MLPerf Inference v4.0" in c.citation and c.server_id in c.note
        kw, assumed = predict_serving_power(c)
        assert 0.25 * server_row(c.server_id)[0].power_max_kw < kw < server_row(c.server_id)[0].power_max_kw
        if c.plan_kind != "llm_inference":
            assert "load factor" in assumed
            continue
        assert c.output_tokens == 292 and "output 292 tokens" in assumed  # 17,561.6 / 60.21 and 15,487.46 / 53.05
        figures = estimate_plan(serving_plan(c), catalog()).phases[0].figures
        assert figures.number("power.servers") == 1 and figures.number("power.traffic_share") == 1.0
        assert figures.number("power.compute_bound_share") == pytest.approx(
            figures.number("infer.compute_bound_share"), rel=1e-12)
        assert figures.number("power.server_kw") == pytest.approx(
            figures.number("power.host_kw") + 8 * figures.number("power.gpu_serving_kw"), rel=1e-12)
        assert figures.number("power.server_kw") == pytest.approx(kw, rel=1e-12), assumed
