"""The fit recovers known constants, grows its uncertainty when points disagree, and explains itself."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gpudesk.calibration import FitPoint, fit_scales, points_from_steady_state, steady_state
from gpudesk.calibration.measurement import Measurement
from gpudesk.core.constants import CALIBRATION_SCALE_SIGMA_FLOOR

FLOOR = CALIBRATION_SCALE_SIGMA_FLOOR.value


def step_time_model(scales, conditions):
    """Compute time shrinks with the matmul efficiency scale, communication with the network one."""
    compute = conditions["compute_s"] / scales.get("EFF_MATMUL", 1.0)
    comm = conditions["comm_s"] / scales.get("EFF_NET", 1.0)
    return {"step_time_s": compute + comm, "tokens_per_s": conditions["tokens"] / (compute + comm)}


def synthetic(true: dict[str, float], noise: float, seed: int = 3, n: int = 8) -> list[FitPoint]:
    rng = np.random.default_rng(seed)
    points = []
    for i in range(n):
        conditions = {"compute_s": 1.0 + i, "comm_s": 0.2 + 0.6 * (n - i), "tokens": 1e6}
        truth = step_time_model(true, conditions)["step_time_s"]
        points.append(FitPoint("step_time_s", truth * math.exp(rng.normal(0, noise)), conditions, noise))
    return points


def test_single_constant_closed_form_is_exact_for_a_power_law():
    points = [FitPoint("step_time_s", 2.5, {"compute_s": 2.0, "comm_s": 0.0, "tokens": 1.0})]
    fit = fit_scales(points, step_time_model, ["EFF_MATMUL"])
    assert fit.scales["EFF_MATMUL"].scale == pytest.approx(0.8, rel=1e-9)
    assert fit.scales["EFF_MATMUL"].sigma_rel == pytest.approx(FLOOR)
    assert fit.method.startswith("closed form")
    assert fit.rows[0].ratio_before == pytest.approx(1.25) and fit.rows[0].ratio_after == pytest.approx(1.0)


def test_single_constant_recovered_from_noisy_points_with_non_power_law_model():
    fit = fit_scales(synthetic({"EFF_MATMUL": 0.72}, noise=0.01), step_time_model, ["EFF_MATMUL"])
    assert fit.scales["EFF_MATMUL"].scale == pytest.approx(0.72, rel=0.03)


def test_two_constants_recovered_within_tolerance():
    true = {"EFF_MATMUL": 0.75, "EFF_NET": 1.4}
    fit = fit_scales(synthetic(true, noise=0.01, n=10), step_time_model, ["EFF_MATMUL", "EFF_NET"])
    for name, value in true.items():
        assert fit.scales[name].scale == pytest.approx(value, rel=0.06)
    assert fit.dof == 8 and fit.covariance.shape == (2, 2)
    assert all(abs(row.ratio_after - 1) < 0.05 for row in fit.rows)


def test_uncertainty_grows_when_points_disagree():
    agreeing = fit_scales(synthetic({"EFF_MATMUL": 0.8}, noise=0.005), step_time_model, ["EFF_MATMUL"])
    spread = [FitPoint(p.metric, p.measured, p.conditions, 0.005) for p in synthetic({"EFF_MATMUL": 0.8}, noise=0.25)]
    disagreeing = fit_scales(spread, step_time_model, ["EFF_MATMUL"])
    assert agreeing.scales["EFF_MATMUL"].sigma_rel == pytest.approx(FLOOR)
    assert disagreeing.birge_ratio > 5
    assert disagreeing.scales["EFF_MATMUL"].sigma_rel > 3 * agreeing.scales["EFF_MATMUL"].sigma_rel


def test_bounds_and_unconstrained_constants_are_reported():
    points = [FitPoint("step_time_s", 0.1, {"compute_s": 1.0, "comm_s": 0.0, "tokens": 1.0})]
    fit = fit_scales(points, step_time_model, ["EFF_MATMUL", "EFF_NET"])
    assert fit.scales["EFF_MATMUL"].scale == pytest.approx(3.0) and fit.scales["EFF_MATMUL"].at_bound == "upper"
    assert not fit.scales["EFF_NET"].identifiable and fit.scales["EFF_NET"].scale == 1.0
    assert any("upper bound" in w for w in fit.warnings)
    assert any("EFF_NET" in w and "catalog default" in w for w in fit.warnings)
    assert fit.uncertainties() == {"EFF_MATMUL": fit.scales["EFF_MATMUL"].sigma_rel}


def test_figures_explain_the_fit():
    fit = fit_scales(synthetic({"EFF_MATMUL": 0.9}, noise=0.01, n=3), step_time_model, ["EFF_MATMUL"])
    explanation = fit.figures.explain("calib.scale.EFF_MATMUL")
    assert "argmin" in explanation.formula
    assert {q.key for q in explanation.inputs} >= {"calib.point.0.measured", "calib.bound.max", "calib.sigma_floor"}
    sources = {q.key: q.source for q in fit.figures.sources_behind("calib.scale.EFF_MATMUL")}
    assert "CALIBRATION_SCALE_MAX" in sources["calib.bound.max"]
    assert fit.figures["calib.point.2.ratio_after"] == pytest.approx(fit.rows[2].ratio_after)
    assert fit.fitted_values({"EFF_MATMUL": 0.8}) == {"EFF_MATMUL": pytest.approx(0.8 * fit.scales["EFF_MATMUL"].scale)}


def test_points_from_parsed_steady_state_feed_the_fit():
    records = [Measurement("train_step", {"step_time_s": t}, {"step": float(i), "compute_s": 4.0, "comm_s": 1.0, "tokens": 1.0})
               for i, t in enumerate([9.0, 6.0, 6.1, 5.9, 6.0])]
    points = points_from_steady_state(steady_state(records), ["step_time_s"])
    assert len(points) == 1 and points[0].measured == pytest.approx(6.0)
    assert points[0].conditions == {"compute_s": 4.0, "comm_s": 1.0, "tokens": 1.0}
    fit = fit_scales(points, step_time_model, ["EFF_MATMUL"])
    assert fit.scales["EFF_MATMUL"].scale == pytest.approx(4.0 / 5.0, rel=1e-6)


def test_no_usable_points_is_an_error():
    with pytest.raises(ValueError, match="no usable"):
        fit_scales([FitPoint("step_time_s", -1.0)], step_time_model, ["EFF_MATMUL"])
