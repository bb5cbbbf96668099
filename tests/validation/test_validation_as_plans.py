"""Published runs written as plans give the validation runner's figure (issue 18: plans that can say what was run)."""

from __future__ import annotations

import pytest
from mlperf_inference_prediction import mlperf_figures
from validation_as_plans import mlperf_inference_plan, training_plan
from validation_catalog import catalog
from validation_runner import ALL_TRAINING_CASES, MLPERF_INFERENCE_CASES, predict_training

from gpudesk.results.pipeline import estimate_plan

pytestmark = pytest.mark.shared_searches  # reads no pending search state


@pytest.mark.parametrize("case_id", [
    "mbridge-25.11-dgx-gb300-l70-64-mxfp8-tp2pp4cp1vp5ep1",  # MXFP8 recipe, interleaved pipeline, dp 8
    "mlperf-t60-deepseekv3-512xgb300",  # MoE: expert parallel, the run's overlap switches
])
def test_a_training_run_as_a_plan_gives_the_runners_figure(case_id) -> None:
    case = next(c for c in ALL_TRAINING_CASES if c.id == case_id)
    figures = estimate_plan(training_plan(case), catalog()).phases[0].figures
    assert figures.number("train.in.n_gpus") == case.n_gpus
    assert figures.number("train.tokens_per_s_per_gpu") == pytest.approx(predict_training(case), rel=1e-3)


@pytest.mark.parametrize(("case_id", "figure"), [
    ("mlperf-i51-deepseek-r1-gb200x72-offline", "infer.tokens_per_s_per_gpu"),  # output spread, prompt balance
    ("mlperf-i51-nebius-llama31-405b-b200x8-server", "infer.max_rate_per_replica"),  # P99 TTFT and TPOT targets
    ("mlperf-i51-nebius-llama31-405b-h200x8-interactive", "infer.max_rate_per_replica"),  # the interactive scenario
])
def test_an_mlperf_inference_run_as_a_plan_gives_the_runners_figure(case_id, figure) -> None:
    case = next(c for c in MLPERF_INFERENCE_CASES if c.id == case_id)
    tp = case.tp or 8
    figures = estimate_plan(mlperf_inference_plan(case, tp), catalog()).phases[0].figures
    assert figures.number(figure) == pytest.approx(float(mlperf_figures(case, tp).value_at(figure, 0)), rel=1e-3)
