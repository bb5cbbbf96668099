"""The roofline sharpness p fitted on the H200 kernel run, and the recorded comparison of it in the whole model
(kernel_roofline_fit.py, kernel_sharpness_comparison.py, their part of docs/validation.md)."""

from __future__ import annotations

import json

import fit_constants as F
import numpy as np
from generate_validation_report import DOC
from kernel_roofline_fit import P_GRID, fit_sharpness, fitted_sharpness, gpudesk_limits, log_errors, residuals_by_rows
from kernel_sharpness_comparison import COMPARISON, JOINT, REFIT, adopt
from test_validation import TARGETS_MET
from validation_report_h200_kernels import _ok, assumed
from validation_report_kernel_sharpness import kernel_sharpness_section

DATA = json.loads(COMPARISON.read_text(encoding="utf-8"))


def _score(p: float) -> float:
    return float(np.mean(np.square(log_errors(p, gpudesk_limits(assumed())))))


def test_fitted_p_is_the_grid_minimum_and_beats_p_1_near_the_ridge():
    fit = fit_sharpness(gpudesk_limits(assumed()))
    assert fit.p in P_GRID and fit.p == fitted_sharpness()
    for other in (fit.p - 0.1, fit.p + 0.1):
        assert _score(round(other, 1)) > fit.mean_sq_log
    at_fit, at_1 = (residuals_by_rows(p, gpudesk_limits(assumed())) for p in (fit.p, 1.0))
    for m in (128, 256, 512):  # the rows kernels-22 found 1.5-1.6x faster than p = 1
        assert abs(np.log(at_fit[m])) < abs(np.log(at_1[m]))
    assert len(log_errors(fit.p, gpudesk_limits(assumed()))) == len(_ok("gemm"))


def test_comparison_was_run_with_the_kernel_p_and_the_refit_values():
    consts = DATA["b_constants"]
    assert consts["SERVING_ROOFLINE_SHARPNESS"] == fitted_sharpness()
    assert {k: v for k, v in consts.items() if k != "SERVING_ROOFLINE_SHARPNESS"} == REFIT
    assert all(v is not None for v in REFIT.values())
    joint = DATA["c_constants"]
    assert joint["SERVING_ROOFLINE_SHARPNESS"] == fitted_sharpness()
    assert {k: v for k, v in joint.items() if k != "SERVING_ROOFLINE_SHARPNESS"} == JOINT and JOINT


def test_recorded_verdict_follows_the_rule_and_the_shipped_constants_follow_the_verdict():
    met = {k: list(v) for k, v in TARGETS_MET.items()}
    adopted, why = adopt(DATA, met)
    assert (adopted, why) == (DATA["adopted"], DATA["why_not"])
    c_adopted, c_why = adopt(DATA, met, "c")
    assert (c_adopted, c_why) == (DATA["c_adopted"], DATA["c_why_not"])
    for trial, its_verdict in (("b", adopted), ("c", c_adopted)):
        consts = DATA[f"{trial}_constants"]
        assert ({k: F._get(k) for k in consts} == consts) == its_verdict, trial


def test_rule_rejects_a_worse_held_out_half():
    worse = json.loads(json.dumps(DATA))
    worse["b"]["held_out_overall"]["median"] = worse["a"]["held_out_overall"]["median"] + 0.001
    assert not adopt(worse, {})[0]
    same = json.loads(json.dumps(DATA))
    same["b"] = same["a"]
    assert adopt(same, {k: list(v) for k, v in TARGETS_MET.items()}) == (True, [])


def test_section_is_in_the_generated_document():
    text = DOC.read_text(encoding="utf-8")
    assert "\n".join(kernel_sharpness_section()) in text
