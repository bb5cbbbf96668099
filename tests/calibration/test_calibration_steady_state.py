"""Warm-up rule, medians, spread and FigureSet recording."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gpudesk.calibration import Measurement, detect_and_parse, record_steady_state, steady_state
from gpudesk.calibration.steady_state import warmup_count
from gpudesk.core.explain import FigureSet

SAMPLES = Path(__file__).parent / "samples"


@pytest.mark.parametrize(("n", "dropped"), [(1, 0), (2, 1), (9, 1), (10, 1), (11, 2), (30, 3), (100, 10)])
def test_warmup_rule(n, dropped):
    assert warmup_count(n) == dropped


def _steps(times):
    return [Measurement("train_step", {"step_time_s": t}, {"step": float(i + 1)}, "run.log", i + 1, "megatron")
            for i, t in enumerate(times)]


def test_median_after_dropping_warmup_and_robust_spread():
    (state,) = steady_state(_steps([9.0, 2.0, 2.2, 1.8, 2.0, 2.1, 1.9, 2.0, 2.0, 2.0]))
    value = state.values["step_time_s"]
    assert value.n_dropped == 1 and value.n_used == 9
    assert value.median == pytest.approx(2.0)
    assert value.sigma_rel == 0.0  # most records equal the median: MAD is 0
    assert value.high == pytest.approx(2.2) and value.low == pytest.approx(1.8)
    assert value.first_line == 2


def test_spread_is_the_robust_relative_sigma():
    (state,) = steady_state(_steps([50.0, 1.0, 2.0, 3.0, 4.0, 5.0]))
    value = state.values["step_time_s"]
    assert value.median == 3.0  # 50 s first record dropped as warm-up
    assert value.sigma_rel == pytest.approx(1.4826 * 1.0 / 3.0)


def test_order_is_by_step_not_by_line():
    records = _steps([2.0, 2.0, 2.0])
    records[0].conditions["step"], records[2].conditions["step"] = 3.0, 1.0  # line 3 is the first step
    records[2].values["step_time_s"] = 50.0
    (state,) = steady_state(records)
    assert state.values["step_time_s"].high == pytest.approx(2.0)


def test_single_record_has_unknown_spread_and_summaries_keep_everything():
    (state,) = steady_state(_steps([3.0]))
    assert math.isnan(state.values["step_time_s"].sigma_rel)
    bench = [Measurement("inference", {"output_tokens_per_s": v}, {"concurrency": 16.0}, "b.txt", i, "serving_benchmark")
             for i, v in enumerate([1000.0, 1100.0, 900.0])]
    (inference,) = steady_state(bench)
    assert inference.values["output_tokens_per_s"].n_dropped == 0
    assert inference.values["output_tokens_per_s"].median == 1000.0


def test_conditions_split_groups_and_loss_is_not_aggregated():
    records = [
        Measurement("inference", {"output_tokens_per_s": 1.0}, {"concurrency": 16.0}),
        Measurement("inference", {"output_tokens_per_s": 2.0}, {"concurrency": 64.0}),
        Measurement("train_step", {"loss": 3.0}, {"step": 1.0}),
    ]
    states = steady_state(records)
    assert sorted(s.conditions["concurrency"] for s in states) == [16.0, 64.0]


def test_telemetry_drops_idle_start_then_warmup():
    result = detect_and_parse((SAMPLES / "nvidia_smi_query.csv").read_text(), "nvidia_smi_query.csv")
    (state,) = steady_state(result.measurements)
    util = state.values["gpu_util"]
    assert util.n_used + util.n_dropped == 11  # 13 rows minus 2 idle ones
    assert util.median == pytest.approx(0.98)
    assert state.to_plan().values["power_w"] == pytest.approx(659.37)


def test_record_steady_state_explains_its_source():
    result = detect_and_parse((SAMPLES / "megatron_llama3_8b_pretrain.log").read_text(), "megatron.log")
    figures = FigureSet()
    keys = record_steady_state(figures, steady_state(result.measurements))
    key = next(k for k in keys if k.endswith("step_time_s"))
    explanation = figures.explain(key)
    assert explanation.unit == "s"
    assert "megatron.log" in explanation.source and "1 dropped as warm-up" in explanation.source
    assert 15.0 < figures[key] < 16.5
