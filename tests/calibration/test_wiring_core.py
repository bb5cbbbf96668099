"""Pilot-calibrated scales reach the time models, the figures and the plan (core/calibration_hook.py)."""

from __future__ import annotations

import math

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.calibration_hook import CalibrationScales, calibratable_name, calibratable_names
from gpudesk.core.constants import FRAMEWORK_GEMM_TIME_SHARE, JOB_GOODPUT, MATMUL_EFFICIENCY_BF16
from gpudesk.project.model import Calibration, Measurement, Project, Workload
from gpudesk.results.pipeline import estimate_plan

HOPPER = "matmul.nvidia-hopper"


@pytest.fixture(scope="module")
def catalog():
    return Catalog.open(user_db=None)


def _one_node_training() -> Project:
    project = Project()
    project.phases[0].hardware.nodes = 1  # fixed GPU count: the deadline sizing does not move
    return project


def _calibrate(project: Project, fitted: dict[str, float], sigma: float = 0.05, source: str = "megatron.log") -> None:
    project.calibration = Calibration(
        measurements=[Measurement("train_step", source, "h100-sxm", {"step_time_s": 15.0}, {"gpus": 8})],
        fitted=fitted, uncertainty={k: sigma for k in fitted}, enabled=True,
    )


def test_names_are_defined_in_one_place():
    assert calibratable_name("matmul", "nvidia-hopper") == HOPPER
    assert calibratable_name("framework") == "framework"
    assert set(calibratable_names("amd-cdna3")) == {"matmul.amd-cdna3", "hbm.amd-cdna3", "scaleup_busbw.amd-cdna3",
                                                    "framework", "scaleout_busbw", "goodput"}
    with pytest.raises(ValueError):
        calibratable_name("matmul")
    with pytest.raises(ValueError):
        CalibrationScales({"warp_speed": 2.0})
    with pytest.raises(ValueError):
        CalibrationScales({HOPPER: 0.0})


def test_matmul_scale_lengthens_compute_bound_training(catalog):
    project = _one_node_training()
    base = estimate_plan(project, catalog).phases[0].figures
    assert base.value_at("train.bottleneck") == "compute"
    _calibrate(project, {HOPPER: 0.8})
    calibrated = estimate_plan(project, catalog).phases[0].figures
    assert calibrated.value_at("eff.matmul") == pytest.approx(0.8 * MATMUL_EFFICIENCY_BF16["nvidia-hopper"].value)
    ratio = calibrated.value_at("train.time_to_train_days") / base.value_at("train.time_to_train_days")
    # GEMMs take 1/0.8 longer; attention kernels (not scaled) and the optimizer keep the rest: a bit under 1.25
    gemm_share = 1 - (base.value_at("train.step_time_s") - base.value_at("train.compute_time_s")) / base.value_at(
        "train.step_time_s")
    assert 1.15 < ratio < 1.25
    assert ratio == pytest.approx(calibrated.value_at("train.step_time_s") / base.value_at("train.step_time_s"))
    assert gemm_share > 0.9


def test_explain_names_the_pilot_and_the_plan_marks_calibrated_figures(catalog):
    project = _one_node_training()
    _calibrate(project, {HOPPER: 0.8}, sigma=0.05, source="megatron.log")
    plan = estimate_plan(project, catalog)
    phase = plan.phases[0]
    source = phase.figures.explain("eff.matmul").source
    assert "pilot calibration: megatron.log, fitted scale 0.80 ± 0.04" in source
    behind = {q.key: q.source for q in phase.figures.sources_behind("train.time_to_train_days")}
    assert "pilot calibration: megatron.log" in behind["eff.matmul"]
    assert phase.figures.value_at(f"calib.scale.{HOPPER}") == 0.8
    assert phase.figures.value_at(f"calib.sigma.{HOPPER}") == 0.05
    keys = set(phase.calibrated_keys)
    assert {"train.time_to_train_days", "train.step_time_s", "eff.matmul", f"calib.scale.{HOPPER}"} <= keys
    assert "mem.total" not in keys  # memory does not rest on an efficiency
    assert plan.accuracy_band == pytest.approx(0.05)


def test_disabled_or_foreign_family_calibration_changes_nothing(catalog):
    base = estimate_plan(_one_node_training(), catalog).phases[0]
    assert base.calibrated_keys == ()
    off = _one_node_training()
    _calibrate(off, {HOPPER: 0.5})
    off.calibration.enabled = False
    disabled = estimate_plan(off, catalog).phases[0]
    assert disabled.calibrated_keys == ()
    assert disabled.figures.value_at("train.time_to_train_days") == base.figures.value_at("train.time_to_train_days")
    other = _one_node_training()
    _calibrate(other, {"matmul.nvidia-blackwell": 0.5})  # a Blackwell pilot says nothing about an H100 plan
    foreign = estimate_plan(other, catalog).phases[0]
    assert foreign.figures.value_at("train.time_to_train_days") == base.figures.value_at("train.time_to_train_days")
    assert "train.time_to_train_days" not in foreign.calibrated_keys


def test_framework_and_goodput_scales_are_applied_and_capped(catalog):
    project = _one_node_training()
    _calibrate(project, {"framework": 0.9, "goodput": 2.0})
    figures = estimate_plan(project, catalog).phases[0].figures
    assert figures.value_at("eff.framework") == pytest.approx(0.9 * FRAMEWORK_GEMM_TIME_SHARE.value)
    assert figures.value_at("train.goodput") == 1.0  # 2 × 0.9 is capped: no job is more than fully productive
    assert JOB_GOODPUT.value < 1.0
    assert "goodput × pilot calibration" in figures.explain("train.goodput").source


def test_hbm_scale_slows_memory_bound_decode(catalog):
    base_project = Project()
    base_project.phases[0].workloads = [Workload(kind="llm_inference", model_id="llama-3.1-8b", concurrency=4)]
    base = estimate_plan(base_project, catalog).phases[0].figures
    project = Project()
    project.phases[0].workloads = [Workload(kind="llm_inference", model_id="llama-3.1-8b", concurrency=4)]
    _calibrate(project, {"hbm.nvidia-hopper": 0.5})
    slow = estimate_plan(project, catalog).phases[0]
    ratio = slow.figures.value_at("infer.decode_step_s") / base.value_at("infer.decode_step_s")
    assert 1.8 < ratio <= 2.0 + 1e-9  # weights + KV streamed at half the bandwidth
    assert "infer.tpot_s" in slow.calibrated_keys
    assert math.isfinite(slow.figures.value_at("infer.gpus_needed"))
