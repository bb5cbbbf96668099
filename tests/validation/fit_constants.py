"""Fit the [F] constants on the fit half of the validation corpus; print the values to ship.

Run from the repository root:
  .venv/bin/python tests/validation/fit_constants.py [training|serving|serving-kernel-p|joint-kernel-p|fp4|adp|eager|all]

Only cases whose split is "fit" (validation_split.py) enter the objective: the median |log(predicted /
measured)| over the groups a constant acts on, so the held-out half stays an honest test. One value per
mechanism, never per case, model or GPU. The fitted values are copied by hand into
gpudesk/core/constants/ (the core reads no files). A fit takes minutes on 2 cores, so the test suite does not
rerun it; docs/validation.md reports both halves.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from validation_cases_measured import GROUP_SERVING  # noqa: E402
from validation_runner import FIT_GROUPS, TRAINING_FIT_GROUPS, Result, run_all  # noqa: E402

from gpudesk.core import constants as C  # noqa: E402
from gpudesk.core.constants import runtime as RT  # noqa: E402
from gpudesk.core.constants import serving as SV  # noqa: E402

SERVING_GRID = {
    "SERVING_ROOFLINE_SHARPNESS": (1.0, 1.5, 2.0, 3.0, 4.0, 8.0),
    "SERVING_DECODE_KV_BW_EFFICIENCY": (0.4, 0.5, 0.6, 0.7, 0.8),
    "SERVING_PREFILL_GEMM_SHARE": (0.61, 0.7, 0.8, 0.9, 1.0),
    "MAMF_FP4_BLACKWELL": (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6),
    "MAMF_FP4_DECODE_RELATIVE_BLACKWELL": (0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.0),
}
# plain PyTorch's decode attention (core/engine_release.py): only the "measured here: decode / prefill" cases run it
UNFUSED_GRID = {"UNFUSED_DECODE_KV_BW_EFFICIENCY": (0.8, 0.7, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3)}
# the kernel boundary (core/inference_step.py; read off the two fit-half batch-1 decode cases at a profiler's kernel
# count), scored on the fit half of serving and training together. 2026-12-04: 2.0 µs scores 0.0746 against the shipped
# 2.3 µs's 0.0760 (serving 0.0820 against 0.0846, training 0.0673 both); not adopted: the objective does not score the
# measured decode steps the constant is read from, which give 2.4-2.5 µs at the derived kernel counts
BOUNDARY_GRID = {"KERNEL_BOUNDARY_S": (1.0e-6, 1.5e-6, 1.8e-6, 2.0e-6, 2.2e-6, 2.3e-6, 2.4e-6, 2.5e-6, 2.7e-6)}
TRAINING_GRID = {
    "FUSED_STACK_GEMM_TIME_SHARE": (0.61, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95),
    "ATTENTION_BACKWARD_RELATIVE": (0.3, 0.4, 0.5, 0.55, 0.6, 0.7, 0.8),
    "DVFS_POWER_EXPONENT": (1.0, 1.25, 1.5, 2.0, 3.0),
    "EAGER_NON_GEMM_REFERENCE_TFLOPS": (500.0, 600.0, 650.0, 700.0, 750.0, 800.0, 900.0),
}


def _module(name: str):  # type: ignore[no-untyped-def]
    return RT if hasattr(RT, name) else SV


def _set(name: str, value: float) -> None:
    if name == "MAMF_FP4_DECODE_RELATIVE_BLACKWELL":
        table = SV.MATMUL_EFFICIENCY_FP4_DECODE
        table["nvidia-blackwell"] = replace(table["nvidia-blackwell"], value=value)
        return
    if name == "MAMF_FP4_BLACKWELL":
        SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"] = replace(SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"],
                                                               value=value)
        return
    new = replace(getattr(_module(name), name), value=value)
    setattr(_module(name), name, new)
    setattr(C, name, new)
    for mod in list(sys.modules.values()):  # modules that imported the constant by name
        if getattr(mod, "__name__", "").startswith("gpudesk.core") and hasattr(mod, name):
            setattr(mod, name, new)


def _get(name: str) -> float:
    if name == "MAMF_FP4_DECODE_RELATIVE_BLACKWELL":
        return SV.MATMUL_EFFICIENCY_FP4_DECODE["nvidia-blackwell"].value
    if name == "MAMF_FP4_BLACKWELL":
        return SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"].value
    return getattr(_module(name), name).value


Rows = Callable[[Result], bool] | None

# the Blackwell NVFP4 constants act only on Blackwell FP4 rows: their objective is those fit-half rows' median (over
# every serving group the median barely moves with them: 0.1063 at every decode ratio from 0.6 to 0.7, 2026-12-03)
FP4_GRID = {"MAMF_FP4_BLACKWELL": (0.4, 0.45, 0.5, 0.55, 0.6),
            "MAMF_FP4_DECODE_RELATIVE_BLACKWELL": (0.5, 0.6, 0.65, 0.7, 0.75, 0.8)}


def grid_fit(grid: dict[str, tuple[float, ...]], groups: tuple[str, ...], rows: Rows = None) -> dict[str, float]:
    """Every point of a small grid (a median objective has local minima coordinate descent stops in: from the shipped
    0.50 / 0.50 it stopped at 0.60 / 0.50, 0.0856, 2026-12-03); prints each point, returns the best."""
    names, best, score = list(grid), {}, np.inf
    for values in itertools.product(*grid.values()):
        trial = dict(zip(names, values, strict=True))
        s = objective(trial, groups, rows)
        print("  " + ", ".join(f"{k} {v}" for k, v in trial.items()) + f": {s:.4f}", flush=True)
        if s < score - 1e-9:
            best, score = trial, s
    objective(best, groups, rows)
    print(f"fit half, groups {groups}" + (f", rows {rows.__name__}" if rows else "") + f": median |log error| {score:.4f}")
    return best


def blackwell_fp4(r: Result) -> bool:
    return bool(r.family == "nvidia-blackwell" and r.precision == "fp4")


# the models a refit scores: a constant one model reads can be read by the other (SERVING_ROOFLINE_SHARPNESS also
# shapes training's GEMMs, training_gemm.shape_factor; the TP all-reduce is one formula in both, collectives.
# tuned_all_reduce_time), so a training or serving refit scores both fit halves (REFIT_GROUPS)
# (the H200 decode / prefill runs are serving's as well: the eager fit scores them alone; without them in a model its
# objective was empty, nan, and UNFUSED_GRID's shipped value stood unscored, found 2026-12-04)
MODEL_GROUPS = {"training": TRAINING_FIT_GROUPS, "serving": (*FIT_GROUPS, GROUP_SERVING)}
REFIT_GROUPS = TRAINING_FIT_GROUPS + FIT_GROUPS


def model_medians(groups: tuple[str, ...], rows: Rows = None) -> dict[str, float]:
    """Each model's fit-half median |log(predicted / measured)| over ``groups`` (and ``rows``)."""
    results = run_all()
    out = {}
    for model, model_groups in MODEL_GROUPS.items():
        errs = [abs(np.log(r.predicted / r.measured)) for r in results if r.group in groups and r.group in model_groups
                and r.split == "fit" and np.isfinite(r.predicted) and r.predicted > 0 and (rows is None or rows(r))]
        if errs:
            out[model] = float(np.median(errs))
    return out


def objective(values: dict[str, float], groups: tuple[str, ...], rows: Rows = None) -> float:
    """The mean over the models in ``groups`` of each one's fit-half median |log error| (one model: its median)."""
    for name, value in values.items():
        _set(name, value)
    medians = model_medians(groups, rows)
    return float(np.mean(list(medians.values())))


def _print_models(groups: tuple[str, ...], rows: Rows = None) -> None:
    print("fit half by model: " + ", ".join(f"{m} {v:.4f}" for m, v in model_medians(groups, rows).items()))


def fit_adp_forms() -> tuple[str, float]:
    """The host cost of attention data-parallel replicas under the engine releases that pay it (core/engine_release.py;
    the forms of adp_iteration_cost.FORMS): each form's grid scored on the fit half's rows of that layout and release
    (the only rows it acts on), the form with the lowest median |log error| and its value returned; each form's best
    and the whole fit half's objective at it are printed, so the forms are compared on the fit half alone. The core
    holds the chosen form, a fixed time per iteration (ADP_HOST_ITERATION_S; 12 ms, 2026-12-03)."""
    import adp_iteration_cost as adp

    best: tuple[str, float, float] = ("", 0.0, np.inf)
    for form, (_cost, grid, unit) in adp.FORMS.items():
        scores = {}
        for value in grid:
            adp.install(form, value)
            scores[value] = objective({}, FIT_GROUPS, adp.adp_row)
            print(f"  {form} {value:g} {unit}: {scores[value]:.4f}", flush=True)
        value = min(scores, key=lambda v: scores[v])
        adp.install(form, value)
        print(f"{form}: best {value:g} {unit}, attention data-parallel fit-half rows {scores[value]:.4f}, whole fit "
              f"half {objective({}, FIT_GROUPS):.4f}", flush=True)
        if scores[value] < best[2] - 1e-9:
            best = (form, value, scores[value])
    adp.install(best[0], 0.0)
    return best[0], best[1]


def fit_eager_host_op() -> float:
    """EAGER_HOST_OP_S (core/engine_release.py): the host time per kernel-launching op of eager PyTorch, from the
    eager decode steps the measurement also timed (data/h200_measured_2026-11-30.json, eager_step_s) of the decode
    cases in the fit half only: each step's time / the kernels one step launches (L · UNFUSED_DECODER_KERNELS_PER_LAYER
    + UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS), the median over the cases. Every one is host-bound (4-6x its CUDA-graph
    replay), so the step is the host's time (max(GPU, host), core/engine_release.py)."""
    import json

    from validation_cases_measured import DATA, MEASURED_CASES

    split = {r.id: r.split for r in run_all()}
    raw = {f"h200-{r['model']}-decode-b{r['batch']}": r for r in json.loads(DATA.read_text())["decode"]}
    per_op = []
    for case in MEASURED_CASES:
        if case.kind != "decode" or split.get(case.id) != "fit":
            continue
        kernels = case.model.n_layers * C.UNFUSED_DECODER_KERNELS_PER_LAYER.value \
            + C.UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS.value
        per_op.append(raw[case.id]["eager_step_s"] / kernels)
        print(f"  {case.id}: eager {raw[case.id]['eager_step_s'] * 1e3:.2f} ms / {kernels:.0f} kernels = "
              f"{per_op[-1] * 1e6:.2f} us")
    return float(np.median(per_op))


def fit(grid: dict[str, tuple[float, ...]], groups: tuple[str, ...], rows: Rows = None) -> dict[str, float]:
    """Coordinate descent over the grid (two sweeps), from the shipped values; ``rows`` narrows the objective to the
    fit-half rows the constants act on."""
    best = {name: _get(name) for name in grid}
    score = objective(best, groups, rows)
    print(f"shipped values: {best}, score {score:.4f}")
    _print_models(groups, rows)
    for _sweep, name in itertools.product(range(2), grid):
        for value in grid[name]:
            trial = dict(best, **{name: value})
            s = objective(trial, groups, rows)
            if s < score - 1e-9:
                best, score = trial, s
    objective(best, groups, rows)
    print(f"fit half, groups {groups}" + (f", rows {rows.__name__}" if rows else "")
          + f": mean of the models' median |log error| {score:.4f}")
    _print_models(groups, rows)
    return best


def fit_joint_kernel_p() -> dict[str, float]:
    """Every [F] constant whose model reads SERVING_ROOFLINE_SHARPNESS refitted on the fit half with p fixed at the
    H200 kernel run's (kernel_roofline_fit.py); the procedure fixed before the run (refit-22, 2026-12-04): one pass
    over the blocks as this script organises them, each from the values the blocks before it left: training
    (TRAINING_GRID, both models' fit halves), serving (SERVING_GRID less p and the FP4 pair, both fit halves), plain
    PyTorch's decode attention (UNFUSED_GRID, its decode / prefill cases), the attention data-parallel host time
    (ADP_HOST_ITERATION_S in the form the core holds, a time per iteration, on the attention data-parallel rows) and
    the Blackwell FP4 pair (FP4_GRID, every point, on the Blackwell FP4 rows). KERNEL_BOUNDARY_S and EAGER_HOST_OP_S
    are measured [M], not fitted, and stay."""
    import adp_iteration_cost as adp
    from kernel_roofline_fit import fitted_sharpness

    _set("SERVING_ROOFLINE_SHARPNESS", fitted_sharpness())
    print(f"SERVING_ROOFLINE_SHARPNESS = {_get('SERVING_ROOFLINE_SHARPNESS')} (kernel run, fixed)", flush=True)
    serving = {k: g for k, g in SERVING_GRID.items() if k not in ("SERVING_ROOFLINE_SHARPNESS", *FP4_GRID)}
    out = fit(TRAINING_GRID, REFIT_GROUPS) | fit(serving, REFIT_GROUPS) | fit(UNFUSED_GRID, (GROUP_SERVING,))
    out |= fit({"ADP_HOST_ITERATION_S": adp.FORMS["iteration"][1]}, FIT_GROUPS, adp.adp_row)
    out |= grid_fit(FP4_GRID, FIT_GROUPS, blackwell_fp4)
    print(f"whole fit half at the joint values: {objective(out, REFIT_GROUPS):.4f}")
    _print_models(REFIT_GROUPS)
    return out


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    if which in ("training", "all"):
        for k, v in fit(TRAINING_GRID, REFIT_GROUPS).items():
            print(f"{k} = {v}")
    if which in ("serving", "all"):
        for k, v in fit(SERVING_GRID, REFIT_GROUPS).items():
            print(f"{k} = {v}")
    if which == "serving-kernel-p":  # p fixed at the H200 kernel run's (kernel_roofline_fit.py), the others refitted
        from kernel_roofline_fit import fitted_sharpness

        _set("SERVING_ROOFLINE_SHARPNESS", fitted_sharpness())
        print(f"SERVING_ROOFLINE_SHARPNESS = {_get('SERVING_ROOFLINE_SHARPNESS')} (kernel run, fixed)")
        for k, v in fit({k: g for k, g in SERVING_GRID.items() if k != "SERVING_ROOFLINE_SHARPNESS"},
                        REFIT_GROUPS).items():
            print(f"{k} = {v}")
    if which == "joint-kernel-p":
        for k, v in fit_joint_kernel_p().items():
            print(f"{k} = {v}")
    if which == "eager":
        print(f"EAGER_HOST_OP_S = {fit_eager_host_op():.3g}")
        for k, v in fit(UNFUSED_GRID, (GROUP_SERVING,)).items():
            print(f"{k} = {v}")
    if which == "boundary":
        for k, v in fit(BOUNDARY_GRID, REFIT_GROUPS).items():
            print(f"{k} = {v}")
    if which == "adp":
        form, value = fit_adp_forms()
        print(f"form {form}, value {value:g}")
    if which in ("fp4", "all"):
        for k, v in grid_fit(FP4_GRID, FIT_GROUPS, blackwell_fp4).items():
            print(f"{k} = {v}")
