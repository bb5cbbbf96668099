"""The roofline sharpness p fitted on the H200 kernel run, and the recorded comparison of it in the whole model
(kernel_roofline_fit.py, kernel_sharpness_comparison.py, their part of docs/validation.md)."""

from __future__ import annotations

import json

import numpy as np
from generate_validation_report import DOC
from kernel_roofline_fit import P_GRID, fit_sharpness, fitted_sharpness, gpudesk_limits, log_errors, residuals_by_rows
from kernel_sharpness_comparison import COMPARISON, REFIT, adopt
from test_validation import TARGETS_MET
from validation_report_h200_kernels import _ok, assumed
from validation_report_kernel_sharpness import kernel_sharpness_section

from gpudesk.core.constants import SERVING_ROOFLINE_SHARPNESS
from gpudesk.core.constants import serving as SV

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


def test_recorded_verdict_follows_the_rule_and_the_shipped_constants_follow_the_verdict():
    adopted, why = adopt(DATA, {k: list(v) for k, v in TARGETS_MET.items()})
    assert (adopted, why) == (DATA["adopted"], DATA["why_not"])
    shipped = {"SERVING_ROOFLINE_SHARPNESS": SERVING_ROOFLINE_SHARPNESS.value,
               "SERVING_DECODE_KV_BW_EFFICIENCY": SV.SERVING_DECODE_KV_BW_EFFICIENCY.value,
               "SERVING_PREFILL_GEMM_SHARE": SV.SERVING_PREFILL_GEMM_SHARE.value,
               "MAMF_FP4_BLACKWELL": SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"].value,
               "MAMF_FP4_DECODE_RELATIVE_BLACKWELL": SV.MATMUL_EFFICIENCY_FP4_DECODE["nvidia-blackwell"].value}
    assert (shipped == DATA["b_constants"]) == adopted


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
