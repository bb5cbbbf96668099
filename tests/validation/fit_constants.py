"""Fit the serving step constants on the fit half of the validation corpus; print the values to ship.

Run from the repository root:  .venv/bin/python tests/validation/fit_constants.py

Only cases whose split is "fit" (validation_split.py) enter the objective: the median |log(predicted /
measured)| over the serving groups, so the held-out half stays an honest test. The fitted values are
copied by hand into gpudesk/core/constants/serving.py (the core reads no files). A fit takes a few
minutes on 2 cores, so the test suite does not rerun it; docs/validation.md reports both halves.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from gpudesk.core.constants import serving as SV  # noqa: E402
from validation_runner import FIT_GROUPS, run_fit_groups  # noqa: E402

GRID = {
    "SERVING_ROOFLINE_SHARPNESS": (1.0, 1.5, 2.0, 3.0, 4.0, 8.0),
    "SERVING_DECODE_KV_BW_EFFICIENCY": (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85),
    "SERVING_PREFILL_GEMM_SHARE": (0.61, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0),
    "MAMF_FP4_BLACKWELL": (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.763),
}


def _set(name: str, value: float) -> None:
    if name == "MAMF_FP4_BLACKWELL":
        SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"] = replace(SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"],
                                                               value=value)
    else:
        setattr(SV, name, replace(getattr(SV, name), value=value))


def objective(values: dict[str, float]) -> float:
    for name, value in values.items():
        _set(name, value)
    errs = [abs(np.log(r.predicted / r.measured)) for r in run_fit_groups() if r.split == "fit"]
    return float(np.median(errs))


def fit() -> dict[str, float]:
    """Coordinate descent over the grid (two sweeps), from the shipped values."""
    best = {"SERVING_ROOFLINE_SHARPNESS": SV.SERVING_ROOFLINE_SHARPNESS.value,
            "SERVING_DECODE_KV_BW_EFFICIENCY": SV.SERVING_DECODE_KV_BW_EFFICIENCY.value,
            "SERVING_PREFILL_GEMM_SHARE": SV.SERVING_PREFILL_GEMM_SHARE.value,
            "MAMF_FP4_BLACKWELL": SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"].value}
    score = objective(best)
    for _sweep, name in itertools.product(range(2), GRID):
        for value in GRID[name]:
            trial = dict(best, **{name: value})
            s = objective(trial)
            if s < score - 1e-9:
                best, score = trial, s
    objective(best)
    print(f"fit half, groups {FIT_GROUPS}: median |log error| {score:.4f}")
    return best


if __name__ == "__main__":
    for k, v in fit().items():
        print(f"{k} = {v}")
