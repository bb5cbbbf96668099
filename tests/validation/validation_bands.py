"""Accuracy bands per figure group from the validation residuals, and the held-out tables of docs/validation.md.

A band is the central 80% interval of measured / predicted over the group's held-out cases (throughput-like:
a time figure's ratio is inverted, so one band serves throughput and the times derived from it): the errors of
cases no constant was fitted on, which is what a new plan meets. Its coverage is then counted on the other
(fit) half: a band that means what it says holds about 80% of those cases too.
``render_constants`` writes gpudesk/core/constants/accuracy.py (the core reads no files); the test suite
checks that the shipped file is the one these residuals give.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE
from validation_runner import GROUP_SERVING_LOAD, GROUP_TRAIN_MEMORY, Result
from validation_split import FIT, HELD_OUT

CONSTANTS = Path(__file__).resolve().parents[2] / "gpudesk" / "core" / "constants" / "accuracy.py"
TIME_METRICS = {"gpu_hours", "step_time_s", "decode_step_s"}
# band name -> validation groups behind it (published measurements only)
BAND_GROUPS = {
    "training throughput": ("training",),
    # MLPerf Inference cases are the plans a user writes (scenario, latency targets, gpudesk's layout)
    "serving throughput": (GROUP_SERVING_LOAD, "inference throughput", GROUP_MLPERF_INFERENCE),
    "first-token latency": ("inference latency",),
    "training memory": (GROUP_TRAIN_MEMORY, "measured here: training memory", "measured here: training memory, held-out"),
}
TARGETS = {"training throughput": 0.10, "serving throughput": 0.12, "training memory": 0.08}
COVERAGE = 0.80


def ratio(r: Result) -> float:
    """measured / predicted, throughput-like (time metrics inverted)."""
    return r.predicted / r.measured if r.metric in TIME_METRICS else r.measured / r.predicted


def bands(results: list[Result]) -> dict[str, dict[str, float]]:
    out = {}
    lo_q, hi_q = (1.0 - COVERAGE) / 2.0, 1.0 - (1.0 - COVERAGE) / 2.0
    for name, groups in BAND_GROUPS.items():
        fit = np.array([ratio(r) for r in results if r.group in groups and r.split == FIT])
        held = np.array([ratio(r) for r in results if r.group in groups and r.split == HELD_OUT])
        low, high = np.quantile(held, lo_q), np.quantile(held, hi_q)
        inside = float(np.mean((fit >= low) & (fit <= high))) if fit.size else float("nan")
        out[name] = {"low": round(float(low) - 1.0, 3), "high": round(float(high) - 1.0, 3), "fit_cases": int(fit.size),
                     "held_out_cases": int(held.size), "fit_coverage": round(inside, 3)}
    return out


def render_constants(results: list[Result]) -> str:
    lines = [
        '"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).',
        "",
        "Written by tests/validation/generate_validation_report.py from the held-out half of the validation corpus;",
        "low/high bound measured/predicted − 1 for throughput-like figures (a time figure uses the inverse),",
        f"the central {COVERAGE:.0%} of held-out cases. fit_coverage is the share of the other (fit-half) cases",
        'inside the band (docs/validation.md). A figure whose group has no entry has no validation."""',
        "",
        "from __future__ import annotations",
        "",
        f"BAND_COVERAGE = {COVERAGE}",
        "ACCURACY_BANDS: dict[str, dict[str, float]] = {",
    ]
    for name, b in bands(results).items():
        lines.append(f'    "{name}": {b!r},')
    lines += ["}", ""]
    return "\n".join(lines)


def _stats(errs: np.ndarray) -> str:
    if not errs.size:
        return "0 | – | – | –"
    a = np.abs(errs)
    return f"{errs.size} | {np.median(a):.1%} | {np.quantile(a, 0.9):.1%} | {np.median(errs):+.1%}"


def heldout_tables(results: list[Result]) -> list[str]:
    """Fit and held-out halves by group, then the held-out half by hardware family and by precision."""
    lines = ["## Fit and held-out halves", "",
             "Each group × hardware family was split by case (SHA-1 of the id, alternating; "
             "`tests/validation/validation_split.py`) and the halves were frozen on 2026-12-01 "
             "(`tests/validation/data/split_frozen_2026-12-01.json`): a case added since is held-out, so no case a "
             "constant was fitted on moves to the held-out half. Constants were fitted on the fit half only "
             "(`tests/validation/fit_constants.py`); the held-out half is the test. p90 = 90th percentile of "
             "|error|.", "",
             "| group | fit: cases | median abs | p90 | median signed | held-out: cases | median abs | p90 | median signed |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    groups = list(dict.fromkeys(r.group for r in results))
    for g in groups:
        fit = np.array([r.error for r in results if r.group == g and r.split == FIT])
        held = np.array([r.error for r in results if r.group == g and r.split == HELD_OUT])
        lines.append(f"| {g} | {_stats(fit)} | {_stats(held)} |")
    for title, key in (("hardware family", lambda r: r.family), ("precision", lambda r: r.precision)):
        lines += ["", f"### Held-out half by group and {title}", "",
                  f"| group | {title} | cases | median abs error | p90 | median signed |", "|---|---|---:|---:|---:|---:|"]
        cells: dict[tuple[str, str], list[float]] = {}
        for r in (x for x in results if x.split == HELD_OUT):
            cells.setdefault((r.group, key(r)), []).append(r.error)
        for (g, k), errs in sorted(cells.items(), key=lambda kv: (groups.index(kv[0][0]), kv[0][1])):
            lines.append(f"| {g} | {k} | {_stats(np.array(errs))} |")
    lines += ["", "### Accuracy bands (what the tool shows beside a figure)", "",
              f"The central {COVERAGE:.0%} of measured / predicted on the held-out half (cases no constant was "
              "fitted on); coverage counted on the fit half. Figures of other kinds (vision, recommendation, "
              "diffusion, VDI, agents, power, cost) have no band and say so; system power has six cases (above), "
              "too few for one.", "",
              "| band | low | high | held-out cases (the band) | fit cases | fit cases inside the band |",
              "|---|---:|---:|---:|---:|---:|"]
    for name, b in bands(results).items():
        lines.append(f"| {name} | {b['low']:+.1%} | {b['high']:+.1%} | {b['held_out_cases']} | {b['fit_cases']} | "
                     f"{b['fit_coverage']:.0%} |")
    lines.append("")
    return lines
