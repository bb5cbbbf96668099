"""Fit against the real model: synthetic pilots at known scales are recovered; re-projection; checks."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gpudesk.calibration import (
    Measurement,
    PilotModel,
    PilotSetup,
    PilotSetupError,
    calibration_from_fit,
    detect_and_parse,
    fit_pilot,
    reproject_plan,
    steady_state,
    study_pilot,
)
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_phase

SAMPLES = Path(__file__).parent / "samples"
HOPPER = "matmul.nvidia-hopper"


@pytest.fixture(scope="module")
def catalog():
    return Catalog.open(user_db=None)


def _training_project() -> Project:
    project = Project()
    project.phases[0].hardware.nodes = 1
    return project


def _serving_project() -> Project:
    project = Project()
    project.phases[0].workloads = [Workload(kind="llm_inference", model_id="llama-3.1-8b")]
    return project


def _series(kind: str, values: dict[str, float], conditions: dict[str, float], n: int = 6) -> list[Measurement]:
    """A pilot log's records: n steps with ±1 % jitter around the value (first step dropped as warm-up)."""
    out = []
    for step in range(n):
        jitter = 1 + 0.01 * ((-1) ** step) * (step % 3) / 2
        out.append(Measurement(kind, {k: v * jitter for k, v in values.items()}, {**conditions, "step": step},
                               "synthetic.log", step + 1, "synthetic"))
    return out


def test_training_scale_is_recovered_from_synthetic_pilot(catalog):
    project = _training_project()
    model = PilotModel(project, 0, catalog)
    truth = {HOPPER: 0.87}
    measurements = []
    for gpus, batch in ((8, 256), (8, 512)):
        cond = {"gpus": gpus, "global_batch": batch, "seq_len": 4096}
        predicted = model.predict(truth, {**cond, "serving": 0})
        measurements += _series("train_step", {"step_time_s": predicted["step_time_s"]}, cond)
    fit = fit_pilot(project, 0, measurements, catalog)
    assert fit.scales[HOPPER].scale == pytest.approx(0.87, rel=0.01)
    assert fit.scales[HOPPER].sigma_rel == pytest.approx(0.037)  # floored at the model's own form error
    assert all(abs(r.ratio_after - 1) < 0.01 for r in fit.rows)
    assert all(r.ratio_before > 1.05 for r in fit.rows)  # the pilot stepped slower than the catalog default


def test_serving_hbm_and_matmul_are_recovered_jointly(catalog):
    project = _serving_project()
    model = PilotModel(project, 0, catalog)
    truth = {"hbm.nvidia-hopper": 0.9, HOPPER: 0.7}
    measurements = []
    for concurrency in (8, 64):
        cond = {"concurrency": concurrency, "prompt_tokens": 1024, "output_tokens": 256}
        p = model.predict(truth, {**cond, "serving": 1})
        measurements.append(Measurement("inference", {"tpot_median_s": p["tpot_median_s"],
                                                      "ttft_median_s": p["ttft_median_s"]}, cond, "bench.txt", 1,
                                        "serving_benchmark"))
    fit = fit_pilot(project, 0, measurements, catalog)
    assert set(fit.names) == {"hbm.nvidia-hopper", HOPPER}
    assert fit.scales["hbm.nvidia-hopper"].scale == pytest.approx(0.9, rel=0.02)
    assert fit.scales[HOPPER].scale == pytest.approx(0.7, rel=0.02)


def test_calibration_applied_to_the_plan_reproduces_the_pilot(catalog):
    project = _training_project()
    model = PilotModel(project, 0, catalog)
    cond = {"gpus": 8, "global_batch": 1024, "seq_len": 4096}  # the plan's own configuration
    measured = model.predict({HOPPER: 0.75}, {**cond, "serving": 0})["step_time_s"]
    measurements = _series("train_step", {"step_time_s": measured}, cond)
    fit = fit_pilot(project, 0, measurements, catalog)
    project.calibration = calibration_from_fit(fit, steady_state(measurements), "h100-sxm")
    assert project.calibration.fitted == {HOPPER: pytest.approx(0.75, rel=0.01)}
    assert project.calibration.measurements[0].values["step_time_s"] == pytest.approx(measured, rel=0.01)
    figures = estimate_phase(project, 0, catalog).figures
    assert figures.value_at("train.step_time_s") == pytest.approx(measured, rel=0.01)


def test_reprojection_is_the_plan_at_the_scale_and_its_sigma_points(catalog):
    project = _training_project()
    model = PilotModel(project, 0, catalog)
    cond = {"gpus": 8, "global_batch": 512, "seq_len": 4096}
    measured = model.predict({HOPPER: 0.8}, {**cond, "serving": 0})["step_time_s"]
    fit = fit_pilot(project, 0, _series("train_step", {"step_time_s": measured}, cond), catalog)
    reproj = reproject_plan(fit, project, 0, catalog)
    scale, sigma = fit.scales[HOPPER].scale, fit.scales[HOPPER].sigma_rel

    def days(s: float) -> float:
        trial = _training_project()
        trial.calibration.fitted = {HOPPER: s}
        return float(estimate_phase(trial, 0, catalog).figures.value_at("train.time_to_train_days"))

    time = reproj.figures["train.time_to_train_days"]
    assert time.default == pytest.approx(days(1.0))
    assert time.central == pytest.approx(days(scale))
    assert time.high == pytest.approx(days(scale * math.exp(-sigma)))  # slower GEMMs, longer training
    assert time.low == pytest.approx(days(scale * math.exp(sigma)))
    assert time.low < time.central < time.high
    assert reproj.figures["plan.gpus"].central == 8  # the node count is fixed in this plan
    assert any("lowered to 0.80x" in line for line in reproj.explanations)


def test_megatron_sample_with_its_setup(catalog):
    text = (SAMPLES / "megatron_llama3_8b_pretrain.log").read_text()
    parsed = detect_and_parse(text, "megatron_llama3_8b_pretrain.log")
    study = study_pilot(_training_project(), 0, parsed.measurements, catalog, PilotSetup(gpus=8, seq_len=8192))
    assert study.error == ""
    assert study.fit is not None and study.reprojection is not None and study.calibration is not None
    scale = study.fit.scales[HOPPER]
    assert not scale.at_bound and 0.4 < scale.scale < 1.2
    assert all(abs(r.ratio_after - 1) < 1e-3 for r in study.fit.rows)
    assert "train.time_to_train_days" in study.reprojection.figures


def test_consistency_checks_run_on_import(catalog):
    impossible = [
        Measurement("train_step", {"mfu": 1.2, "memory_gb": 95.0}, {"step": 1}, "bad.log", 1, "torchtitan"),
        Measurement("train_step", {"mfu": 1.2, "memory_gb": 95.0}, {"step": 2}, "bad.log", 2, "torchtitan"),
        Measurement("gpu_telemetry", {"gpu_util": 0.3}, {"gpu_index": 0}, "smi.csv", 2, "nvidia_smi_csv"),
    ]
    study = study_pilot(_training_project(), 0, impossible, catalog)
    ids = {c.id for c in study.checks}
    assert {"calibration.memory_above_capacity", "calibration.throughput_above_roofline",
            "calibration.util_below_throughput"} <= ids
    assert study.blocked


def test_a_plan_without_the_workload_says_so(catalog):
    serving = [Measurement("inference", {"tpot_median_s": 0.01}, {"concurrency": 8}, "b.txt", 1, "serving_benchmark")]
    with pytest.raises(PilotSetupError, match="no LLM serving workload"):
        fit_pilot(_training_project(), 0, serving, catalog)
    study = study_pilot(_training_project(), 0, serving, catalog)
    assert "no LLM serving workload" in study.error and study.fit is None
