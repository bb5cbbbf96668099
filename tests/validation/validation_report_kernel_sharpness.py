"""docs/validation.md, kernel section: the roofline sharpness p fitted on the H200 kernel run, and what it does to
both halves with the serving constants refitted, and with every fitted constant that reads p refitted jointly
(kernel_roofline_fit.py, kernel_sharpness_comparison.py)."""

from __future__ import annotations

import json

from kernel_roofline_fit import fit_sharpness, gpudesk_limits, measured_limits, residuals_by_rows
from kernel_sharpness_comparison import COMPARISON
from validation_report_h200_kernels import KERNEL_RUN, H200Assumed, assumed
from validation_split import FIT, HELD_OUT

from gpudesk.core.constants import SERVING_ROOFLINE_SHARPNESS


def sharpness_table(a: H200Assumed) -> list[str]:
    own, run = fit_sharpness(gpudesk_limits(a)), fit_sharpness(measured_limits())
    shipped = SERVING_ROOFLINE_SHARPNESS.value
    cols = [(f"p = {shipped:g} (shipped), gpudesk's limits", shipped, gpudesk_limits(a)),
            (f"p = {own.p:g} (fit), gpudesk's limits", own.p, gpudesk_limits(a)),
            (f"p = {run.p:g} (fit), the run's own limits", run.p, measured_limits())]
    by_col = [residuals_by_rows(p, lim) for _, p, lim in cols]
    lines = [
        "### The roofline sharpness p fitted on these GEMMs alone", "",
        f"`tests/validation/kernel_roofline_fit.py`: all {sum(r['status'] == 'ok' for r in KERNEL_RUN['gemm'])} GEMM "
        "points (4 shapes at TP1 and at TP8, BF16 and FP8 with default and fast accumulation, M 1-16,384); time = "
        "(t_c^p + t_m^p)^(1/p) + one kernel boundary; p on a 0.1 grid minimising the mean squared log(measured / "
        "predicted) time (a median over all points is flat in p: only the points near the ridge move). With "
        "gpudesk's own limits (t_c at η_mm of the dense peak, t_m at η_hbm of the datasheet bandwidth, the two times "
        "p is applied to in the model) the fit gives "
        f"p = {own.p:g} (mean squared log error {own.mean_sq_log:.4f}; {own.mean_sq_log_at_1:.4f} at p = 1); with "
        f"the run's own limits (its large-M rate, its M ≤ 16 weight stream) p = {run.p:g} "
        f"({run.mean_sq_log:.4f}; {run.mean_sq_log_at_1:.4f} at p = 1). Measured / predicted time, median over the "
        "shapes and precisions at each M:", "",
        "| M |" + "".join(f" {name} |" for name, _, _ in cols), "|---:|" + "---:|" * len(cols)]
    for m in KERNEL_RUN["plan"]["gemm_rows"]:
        lines.append(f"| {m:,} |" + "".join(f" {col[m]:.2f} |" for col in by_col))
    return lines


def _cell(h: dict) -> str:
    return f"{h['cases']} | – | –" if h["median"] is None else f"{h['cases']} | {h['median']:.1%} | {h['p90']:.1%}"


def _lowered(a: dict, b: dict) -> str:
    """The groups whose held-out median ``b`` lowers by more than a point against ``a``."""
    better = [f"{g} {a['halves'][g]['all'][HELD_OUT]['median']:.1%} -> {b['halves'][g]['all'][HELD_OUT]['median']:.1%}"
              for g in a["halves"] if a["halves"][g]["all"][HELD_OUT]["median"] is not None
              and b["halves"][g]["all"][HELD_OUT]["median"] < a["halves"][g]["all"][HELD_OUT]["median"] - 0.01]
    return "; ".join(better) or "none"


def _moves(a: dict, b: dict) -> str:
    """Which groups' held-out medians (b) lowers by more than a point, and what the fit half already said."""
    return ("Held-out medians (b) lowers by more than a point: " + _lowered(a, b) + ". The training "
            "model reads the same p (core/training_gemm.py shape_factor) and its constants (fit_constants.py "
            "TRAINING_GRID) were fitted with p = 1 and not refitted here: the fit half's training median |log error| "
            f"goes {a['objective']['training']:.4f} -> {b['objective']['training']:.4f} under (b) (serving "
            f"{a['objective']['serving']:.4f} -> {b['objective']['serving']:.4f}).")


def comparison_table() -> list[str]:
    data = json.loads(COMPARISON.read_text(encoding="utf-8"))
    a, b, consts = data["a"], data["b"], data["b_constants"]
    adopted, why = data["adopted"], data["why_not"]
    lines = [
        "", "### The kernel p in the whole model: (b) the serving constants refitted, (c) every fitted constant", "",
        f"(a) the shipped constants (the model as of commit {data['commit'][:8]}); (b) SERVING_ROOFLINE_SHARPNESS "
        f"{consts['SERVING_ROOFLINE_SHARPNESS']:g} from the kernels above and the other serving constants refitted "
        "on the fit half with it fixed (`tests/validation/fit_constants.py serving-kernel-p`, its grid, coordinate "
        "descent from the shipped values): " + ", ".join(f"{k} {v:g}" for k, v in consts.items()
                                                         if k != "SERVING_ROOFLINE_SHARPNESS") + ". "
        "Fit-half objective (median |log error| per model): (a) "
        + ", ".join(f"{m} {v:.4f}" for m, v in a["objective"].items()) + "; (b) "
        + ", ".join(f"{m} {v:.4f}" for m, v in b["objective"].items()) + ". Held-out median |error| over every "
        f"case of the judged groups: (a) {a['held_out_overall']['median']:.1%} (p90 {a['held_out_overall']['p90']:.1%}"
        f"), (b) {b['held_out_overall']['median']:.1%} (p90 {b['held_out_overall']['p90']:.1%}); "
        f"{a['held_out_overall']['cases']} cases. "
        "`tests/validation/kernel_sharpness_comparison.py` writes the figures "
        f"(`{COMPARISON.relative_to(COMPARISON.parents[3]).as_posix()}`). The rule, fixed before either was run: "
        "(b) is adopted only if the held-out half is no worse overall, every issue 18 target once met stays met and "
        "no held-out group (or judged family) median worsens by more than one point. "
        + ("(b) passes it and is shipped." if adopted else "(b) fails it, so p = 1 stays: " + "; ".join(why) + ". "
           + _moves(a, b)),
        *_joint(data), "",
        "| group | family |" + "".join(f" ({t}) {h}: cases | median abs | p90 |" for t in "abc"
                                      for h in ("fit", "held-out")),
        "|---|---|" + "---:|" * 18]
    for group, by in a["halves"].items():
        for family in by:
            cells = [data[t]["halves"][group][family][h] for t in "abc" for h in (FIT, HELD_OUT)]
            lines.append(f"| {group} | {family} | " + " | ".join(_cell(c) for c in cells) + " |")
    return lines


def _joint(data: dict) -> list[str]:
    """(c): the kernel p with every fitted constant whose model reads it refitted, and its verdict under the rule."""
    a, c, consts = data["a"], data["c"], data["c_constants"]
    return [
        "", f"(c) SERVING_ROOFLINE_SHARPNESS {consts['SERVING_ROOFLINE_SHARPNESS']:g} from the kernels and every "
        "constant fitted on the fit half whose model reads it refitted there with it fixed, training's as well as "
        "serving's (`tests/validation/fit_constants.py joint-kernel-p`: one pass over the training, serving, plain "
        "PyTorch decode attention, attention data-parallel host time and Blackwell FP4 grids, each from the values "
        "the ones before it left; KERNEL_BOUNDARY_S and EAGER_HOST_OP_S are measured and stay): "
        + ", ".join(f"{k} {v:g}" for k, v in consts.items() if k != "SERVING_ROOFLINE_SHARPNESS") + ". "
        "Fit-half objective: (c) " + ", ".join(f"{m} {v:.4f}" for m, v in c["objective"].items()) + ". Held-out "
        f"median |error| over the judged groups: (a) {a['held_out_overall']['median']:.1%}, (c) "
        f"{c['held_out_overall']['median']:.1%} (p90 {c['held_out_overall']['p90']:.1%}). Under the same rule, "
        "fixed before the joint refit was run: "
        + ("(c) passes it and is shipped." if data["c_adopted"] else
           "(c) fails it, so the shipped constants stay: " + "; ".join(data["c_why_not"]) + ".")
        + " Held-out medians (c) lowers by more than a point: " + _lowered(a, c) + "; training's, which (b) raised "
        f"to {data['b']['halves']['training']['all'][HELD_OUT]['median']:.1%}, is "
        f"{c['halves']['training']['all'][HELD_OUT]['median']:.1%} under (c) "
        f"({a['halves']['training']['all'][HELD_OUT]['median']:.1%} under (a))."]


def kernel_sharpness_section() -> list[str]:
    return [*sharpness_table(assumed()), *comparison_table(), ""]
