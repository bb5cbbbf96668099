"""The forms a host cost of attention data-parallel replicas could take, compared: a diagnostic beside the model.

Run from the repository root:  .venv/bin/python tests/validation/adp_iteration_cost.py [form] [value ...]
                        e.g.:  .venv/bin/python tests/validation/adp_iteration_cost.py iteration 0 0.012

The DeepSeek-R1 MLPerf logs put a cost on every iteration of the v5.1 engine that gpudesk's decode step lacks
(docs/validation.md, DeepSeek-R1 in MLPerf Inference: at the batch each Server run held, its median TPOT exceeds
gpudesk's iteration by 33-36 ms in v5.1 and 3-11 ms in v6.0; the Offline logs' drains are longer than gpudesk's), and
the perf overview's Qwen3 rows show an additive gap of the same kind (moe_adp_iterations.py). TensorRT-LLM names a
host-side cost under attention data-parallel (tech blog 8, 'Scaling Expert Parallelism in TensorRT LLM, Part 2',
Host Overhead Optimization: the batch of one iteration scales with the GPUs, and the requests and responses it
brings put 'huge pressure on Python threads'; the GPU 'could be idle waiting for the CPU') without a figure. The core
models it as a fixed time per iteration (ADP_HOST_ITERATION_S, paid by the engine releases before TensorRT-LLM 1.2:
core/engine_release.py). This script puts in its place, in every decode step of a replica whose attention runs
data-parallel under such a release, the cost of one of the mechanism's forms (``FORMS``): a fixed time per iteration, a time per request per
attention rank, a time per request over all ranks (the batch of one iteration, blog 8's wording), or a time per MoE
layer (a synchronisation per layer). It prints fit_constants.py's objective on the fit half (median |log error|
over FIT_GROUPS), the fit half's attention data-parallel rows alone, and the held-out serving and MLPerf Inference
figures. Nothing is written; a form and its value are chosen by the fit half only (fit_constants.py adp), never by
the held-out lines printed here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from validation_bands import MOE_ADP_IDS  # noqa: E402
from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE  # noqa: E402
from validation_runner import FIT_GROUPS, GROUP_SERVING_LOAD, Result, run_all  # noqa: E402

from gpudesk.core import inference_step  # noqa: E402
from gpudesk.core.constants import serving as SV  # noqa: E402

Rep = inference_step.ReplicaModel
# form -> (seconds one decode step of ``batch`` sequences pays for the value, the grid the fit half scores, meaning)
FORMS: dict[str, tuple[Callable[[Rep, np.ndarray, float], np.ndarray], tuple[float, ...], str]] = {
    "iteration": (lambda rep, batch, v: np.full(np.shape(batch), v),
                  (0.004, 0.006, 0.008, 0.010, 0.011, 0.012, 0.013, 0.014, 0.015, 0.016, 0.018, 0.020),
                  "s per iteration"),
    "request_rank": (lambda rep, batch, v: v * batch / rep.attention_groups,
                     (2e-5, 4e-5, 6e-5, 7e-5, 8e-5, 9e-5, 1e-4, 1.2e-4, 1.5e-4), "s per request of one attention rank"),
    "request_all": (lambda rep, batch, v: v * batch,
                    (3e-6, 5e-6, 7e-6, 8e-6, 9e-6, 1e-5, 1.1e-5, 1.2e-5, 1.5e-5, 2e-5), "s per request of the replica"),
    "moe_layer": (lambda rep, batch, v: np.full(np.shape(batch), v * (rep.model.n_moe_layers or rep.model.n_layers)),
                  (5e-5, 8e-5, 1e-4, 1.2e-4, 1.33e-4, 1.5e-4, 1.7e-4, 2e-4), "s per MoE layer"),
}
_DECODE = inference_step.ReplicaModel.decode_step
_COST: dict[str, object] = {"form": "iteration", "value": 0.0}
_MARK = 1e-15  # the core's ADP_HOST_ITERATION_S while a form is installed: marks the replicas whose release pays it


def _decode_with_cost(self: Rep, batch: np.ndarray, context: np.ndarray) -> dict[str, np.ndarray]:
    step = dict(_DECODE(self, batch, context))
    cost = FORMS[str(_COST["form"])][0](self, np.asarray(batch, dtype=np.float64), float(_COST["value"]))  # type: ignore[arg-type]
    pays = np.asarray(step["host"]) > 0  # attention data-parallel and a release before TensorRT-LLM 1.2
    step["host"] = np.where(pays, cost, 0.0)
    step["total"] = step["total"] - np.where(pays, _MARK, 0.0) + step["host"]
    return step


def install(form: str, value: float) -> None:
    """Every later decode step of an attention data-parallel replica whose engine release pays the host cost
    (core/engine_release.py) pays ``form`` at ``value`` in place of the core's ADP_HOST_ITERATION_S."""
    _COST.update(form=form, value=value)
    SV.ADP_HOST_ITERATION_S = replace(SV.ADP_HOST_ITERATION_S, value=_MARK)
    inference_step.ReplicaModel.decode_step = _decode_with_cost  # type: ignore[method-assign]


def adp_row(r: Result) -> bool:
    """A published run of an MoE model served with attention data-parallel across its expert ranks."""
    return r.id in MOE_ADP_IDS


def _log_median(rows: list[Result]) -> float:
    return float(np.median([abs(np.log(r.predicted / r.measured)) for r in rows]))


def _abs(rows: list[Result]) -> str:
    e = np.abs([r.error for r in rows])
    return f"{np.median(e):.1%} / p90 {np.percentile(e, 90):.1%} ({len(e)})"


def report(form: str, value: float) -> str:
    install(form, value)
    rows = [r for r in run_all() if np.isfinite(r.predicted) and r.predicted > 0]
    fit = [r for r in rows if r.group in FIT_GROUPS and r.split == "fit"]
    adp = [r for r in fit if adp_row(r)]
    serving = [r for r in rows if r.group == GROUP_SERVING_LOAD and r.split != "fit"]
    mlperf = [r for r in rows if r.group == GROUP_MLPERF_INFERENCE and r.split != "fit"]
    out = [f"{form} {value:g} ({FORMS[form][2]}): fit half {_log_median(fit):.4f}, attention data-parallel rows "
           f"{_log_median(adp):.4f} ({len(adp)}); held-out serving {_abs(serving)}"]
    for family in ("nvidia-hopper", "nvidia-blackwell"):
        out.append(f"  {family}: serving {_abs([r for r in serving if r.family == family])}, MLPerf "
                   f"{_abs([r for r in mlperf if r.family == family])}")
    out.append(f"  MLPerf all {_abs(mlperf)}")
    return "\n".join(out)


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = args.pop(0) if args and args[0] in FORMS else "iteration"
    for v in [float(a) for a in args] or [0.0, *FORMS[chosen][1]]:
        print(report(chosen, v), flush=True)
