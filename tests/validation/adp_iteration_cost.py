"""What a per-iteration cost of attention data-parallel replicas would do: a diagnostic, not part of the model.

Run from the repository root:  .venv/bin/python tests/validation/adp_iteration_cost.py [ms ...]

The DeepSeek-R1 MLPerf logs put a cost on every iteration of the v5.1 engine that gpudesk's decode step lacks
(docs/validation.md, DeepSeek-R1 in MLPerf Inference: at the batch each Server run held, its median TPOT exceeds
gpudesk's iteration by 33-36 ms in v5.1 and 3-11 ms in v6.0; the Offline logs' drains are longer than gpudesk's), and
the perf overview's Qwen3 rows show an additive gap of the same kind (moe_adp_iterations.py). TensorRT-LLM names a
host-side cost per iteration under attention data-parallel (tech blog 8, 'Scaling Expert Parallelism in TensorRT LLM,
Part 2', Host Overhead Optimization) without a figure. This script adds h seconds to every decode step of a replica
whose attention runs data-parallel (ReplicaModel.attention_groups > 1), for each h given (default 0-20 ms), and prints
fit_constants.py's objective on the fit half (median |log error| over FIT_GROUPS), the fit half's attention
data-parallel rows alone, and the held-out serving and MLPerf Inference figures. Nothing is written; a constant would
be chosen by the fit-half objective only (fit_constants.py), never by the held-out lines printed here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE  # noqa: E402
from validation_runner import FIT_GROUPS, GROUP_SERVING_LOAD, Result, run_all  # noqa: E402

from gpudesk.core import inference_step  # noqa: E402

_DECODE = inference_step.ReplicaModel.decode_step
_COST = [0.0]


def _decode_with_cost(self: inference_step.ReplicaModel, batch: np.ndarray, context: np.ndarray) -> dict[str, np.ndarray]:
    step = dict(_DECODE(self, batch, context))
    step["total"] = step["total"] + np.where(np.asarray(self.attention_groups) > 1, _COST[0], 0.0)
    return step


def _log_median(rows: list[Result]) -> float:
    return float(np.median([abs(np.log(r.predicted / r.measured)) for r in rows]))


def _abs(rows: list[Result]) -> str:
    e = np.abs([r.error for r in rows])
    return f"{np.median(e):.1%} / p90 {np.percentile(e, 90):.1%} ({len(e)})"


def report(seconds: float) -> str:
    _COST[0] = seconds
    rows = [r for r in run_all() if np.isfinite(r.predicted) and r.predicted > 0]
    fit = [r for r in rows if r.group in FIT_GROUPS and r.split == "fit"]
    adp = [r for r in fit if r.group == GROUP_SERVING_LOAD and "attention data-parallel" in r.note]
    serving = [r for r in rows if r.group == GROUP_SERVING_LOAD and r.split != "fit"]
    mlperf = [r for r in rows if r.group == GROUP_MLPERF_INFERENCE]
    blackwell = [r for r in mlperf if r.family == "nvidia-blackwell"]
    return (f"h {seconds * 1e3:5.1f} ms: fit half {_log_median(fit):.4f} (attention data-parallel rows "
            f"{_log_median(adp):.3f}, {len(adp)}); held-out serving {_abs(serving)}; MLPerf {_abs(mlperf)}, "
            f"Blackwell {_abs(blackwell)}")


if __name__ == "__main__":
    inference_step.ReplicaModel.decode_step = _decode_with_cost  # type: ignore[method-assign]
    for ms in [float(a) for a in sys.argv[1:]] or [0.0, 5.0, 10.0, 12.5, 15.0, 17.5, 20.0]:
        print(report(ms / 1e3))
