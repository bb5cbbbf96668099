"""Consistency checks fire on crafted inputs; re-projection arithmetic and explanations."""

from __future__ import annotations

import math

import pytest

from gpudesk.calibration import FitPoint, Measurement, consistency_checks, fit_scales, reproject


def train(**values):
    return Measurement("train_step", values, {"step": 1.0})


def ids(checks):
    return sorted(c.id for c in checks)


def test_consistent_measurements_raise_nothing():
    items = [train(memory_gb=70.0, mfu=0.42), Measurement("gpu_telemetry", {"gpu_util": 0.97})]
    assert consistency_checks(items, 80, 989) == []


def test_memory_above_capacity_counts_binary_gigabytes():
    assert consistency_checks([train(memory_gb=84.0)], 80, 989) == []  # 84 GB < 80 GiB = 85.9 GB
    (check,) = consistency_checks([train(memory_gb=90.0)], 80, 989)
    assert check.id == "calibration.memory_above_capacity"
    assert check.numbers["capacity_gb"] == pytest.approx(80 * 2**30 / 1e9)
    assert "90.0 GB" in check.message and check.fix


def test_mfu_and_roofline_checks():
    assert ids(consistency_checks([train(mfu=1.2)], 80, 989)) == ["calibration.throughput_above_roofline"]
    assert ids(consistency_checks([train(tflops_per_gpu=1100.0)], 80, 989)) == ["calibration.throughput_above_roofline"]
    assert ids(consistency_checks([train(mfu=0.9)], 80, 989)) == ["calibration.mfu_above_best_matmul"]
    tokens = [train(tokens_per_s_per_gpu=30_000.0)]
    (check,) = consistency_checks(tokens, 80, 989, flops_per_token=6 * 8e9)
    assert check.severity == "blocker" and check.numbers["mfu"] == pytest.approx(30_000 * 48e9 / 1e12 / 989)
    assert consistency_checks(tokens, 80, 989) == []  # no FLOPs per token: nothing to compare


def test_utilisation_below_reported_throughput():
    items = [train(mfu=0.45), train(mfu=0.44)] + [Measurement("gpu_telemetry", {"gpu_util": u}) for u in (0.3, 0.35, 0.4)]
    (check,) = consistency_checks(items, 80, 989)
    assert check.id == "calibration.util_below_throughput"
    assert check.numbers["gpu_util_median"] == pytest.approx(0.35)
    assert check.numbers["mfu_median"] == pytest.approx(0.445)


def model(scales, conditions):
    return {"step_time_s": conditions["work"] / scales.get("EFF", 1.0)}


def project(scales):
    eff, net = scales.get("EFF", 1.0), scales.get("NET", 1.0)
    days = 30.0 / eff
    return {"train.days": days, "tco.total": 1e6 * days / 30.0 + 2e5, "power.kw": 400.0, "net.time": 5.0 / net}


def test_single_constant_band_is_the_function_at_plus_minus_sigma():
    fit = fit_scales([FitPoint("step_time_s", 1.25, {"work": 1.0})], model, ["EFF"])
    s, sigma = fit.scales["EFF"].scale, fit.scales["EFF"].sigma_rel
    result = reproject(fit, project)
    days = result.figures["train.days"]
    assert days.default == pytest.approx(30.0)
    assert days.central == pytest.approx(30.0 / s)
    assert days.high == pytest.approx(30.0 / (s * math.exp(-sigma)))
    assert days.low == pytest.approx(30.0 / (s * math.exp(sigma)))
    assert days.change_rel == pytest.approx(1.25 - 1)
    assert days.drivers[0][0] == "EFF" and days.drivers[0][1] == pytest.approx(math.exp(-sigma) - 1)
    power = result.figures["power.kw"]
    assert power.low == power.central == power.high == 400.0
    assert result.evaluations == 1 + 1 + 2 + 1


def test_two_sigma_band_is_wider_and_unconstrained_constant_is_explained():
    fit = fit_scales([FitPoint("step_time_s", 1.25, {"work": 1.0})], model, ["EFF", "NET"])
    one = reproject(fit, project).figures["tco.total"]
    two = reproject(fit, project, n_sigma=2.0).figures["tco.total"]
    assert two.high - two.central > one.high - one.central > 0
    explained = reproject(fit, project, units={"train.days": "days"}, labels={"train.days": "training time"})
    text = "\n".join(explained.explanations)
    assert "EFF lowered to 0.80x" in text
    assert "NET was not constrained" in text
    assert "training time: 30 → 37.5 days (+25.0%)" in text
    assert explained.figures["net.time"].central == 5.0


def test_correlated_constants_use_the_covariance():
    points = [FitPoint("step_time_s", 1.1, {"a": 1.0, "b": 1.0}), FitPoint("step_time_s", 2.2, {"a": 2.0, "b": 2.0})]

    def joint(scales, conditions):  # only the product EFF x NET is constrained
        return {"step_time_s": (conditions["a"] + conditions["b"]) / 2 / (scales["EFF"] * scales["NET"])}

    fit = fit_scales(points, joint, ["EFF", "NET"])
    product = fit.scales["EFF"].scale * fit.scales["NET"].scale
    assert product == pytest.approx(1 / 1.1, rel=1e-3)
    assert any("cannot separate" in w for w in fit.warnings)
    result = reproject(fit, lambda s: {"t": 1.0 / (s["EFF"] * s["NET"])})
    band = result.figures["t"]
    assert band.central == pytest.approx(1.1, rel=1e-3)
    assert band.low < band.central < band.high


def test_reprojection_figures_explain_themselves():
    fit = fit_scales([FitPoint("step_time_s", 1.25, {"work": 1.0})], model, ["EFF"])
    figures = reproject(fit, project, units={"train.days": "days"}).figure_set
    explanation = figures.explain("reproj.train.days.high")
    assert explanation.unit == "days"
    assert "reproj.train.days.central" in [q.key for q in explanation.inputs]
    assert figures.explain("reproj.scale.EFF").source == "calibration fit (calib.scale)"


def test_memory_check_uses_the_driver_total_when_the_catalog_has_it() -> None:
    # H100 80GB: 81,559 MiB = 85.52 GB. 85.7 GB is below 80 GiB (85.9 GB) but above what the card exposes.
    assert consistency_checks([train(memory_gb=85.7)], 80, 989) == []
    (check,) = consistency_checks([train(memory_gb=85.7)], 80, 989, usable_memory_mib=81_559)
    assert check.id == "calibration.memory_above_capacity" and "driver total" in check.message
