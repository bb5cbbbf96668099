"""Accuracy bands per figure group from the validation residuals, and the held-out tables of docs/validation.md.

A band is an 80% interval of measured / predicted (throughput-like: a time figure's ratio is inverted, so one band
serves throughput and the times derived from it) drawn from the pooled residuals of both halves, after fitting, by
the split-conformal rule with its finite-sample correction: of n residuals sorted, the bounds are the
⌊(n + 1)·0.1⌋-th and the ⌈(n + 1)·0.9⌉-th, so a new case like these falls inside with probability ≥ 80% (Vovk et
al. 2005; Lei et al. 2018, 'Distribution-free predictive inference for regression', JASA 113, §2.2). Until
2026-12-02 the band was the central 80% of the held-out half alone, and it held 71% of the fit half: the two
halves' spreads differ by more than their sampling error, so a band drawn from either misstates the other. The
coverage is counted on each half (docs/validation.md; tests/validation/test_validation.py holds it to 80% ± 8
points on the halves large enough to judge). ``render_constants`` writes gpudesk/core/constants/accuracy.py (the
core reads no files); the test suite checks that the shipped file is the one these residuals give.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from issue_targets import target_table
from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE, MLPERF_INFERENCE_CASES
from validation_cases_pipeline import PIPELINE_SERVING_CASES
from validation_cases_serving import DEEPSEEK_ADP_CASES, SERVING_CASES
from validation_runner import GROUP_SERVING_LOAD, GROUP_TRAIN_MEMORY, Result
from validation_split import FIT, HELD_OUT

from gpudesk.core.accuracy import (
    AMD_CDNA3_SERVING_GROUP,
    INTEL_GAUDI_SERVING_GROUP,
    MOE_ADP_GROUP,
    PIPELINE_SERVING_GROUP,
    SERVING_FAMILY_GROUPS,
)

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
# the published runs of MoE models served with attention data-parallel across the expert ranks (e > t): their own
# band (core/accuracy.py applies it to a plan of that layout); the serving band holds the other cases
MOE_ADP_IDS = frozenset([c.id for c in SERVING_CASES + DEEPSEEK_ADP_CASES if c.ep > c.tp]
                        + [m.id for m in MLPERF_INFERENCE_CASES if m.ep > m.tp])
BAND_GROUPS[MOE_ADP_GROUP] = (GROUP_SERVING_LOAD, GROUP_MLPERF_INFERENCE)
# the published serving runs whose replica has pipeline stages (pp > 1: the RTX PRO 6000 series at PP 2/4/8 and the
# MLPerf Inference Llama 3.1 405B submissions whose engine configs run PP2): their own band (core/accuracy.py applies
# it to a plan of that layout; why pp > 1 and not a wider threshold: pipeline_band.py); the serving band holds the rest
PIPELINE_IDS = frozenset([c.id for c in SERVING_CASES + DEEPSEEK_ADP_CASES + PIPELINE_SERVING_CASES if c.pp > 1]
                         + [m.id for m in MLPERF_INFERENCE_CASES if (m.pp or 1) > 1])
BAND_GROUPS[PIPELINE_SERVING_GROUP] = (GROUP_SERVING_LOAD, GROUP_MLPERF_INFERENCE)
# serving on an accelerator family with its own group (AMD CDNA3: AMD's MI300X runs, far slower than gpudesk, cause
# not found): its own band, never pooled into the serving band, which NVIDIA's plans carry
BAND_GROUPS[AMD_CDNA3_SERVING_GROUP] = BAND_GROUPS["serving throughput"]
# Intel's Gaudi 2 and Gaudi 3 runs (static batches, SynapseAI 1.18.0; 2026-12-03, all held-out): a Gaudi plan takes
# their band, and the pooled band no longer carries them (they read 0.6-1.1 of gpudesk and pulled its lower edge)
BAND_GROUPS[INTEL_GAUDI_SERVING_GROUP] = BAND_GROUPS["serving throughput"]
MIN_BAND_CASES = 9  # the ⌈(n + 1)·0.9⌉-th of n ratios exists from n = 9: fewer cases have no 80% band
TARGETS = {"training throughput": 0.10, "serving throughput": 0.12, "training memory": 0.08}
COVERAGE = 0.80


def ratio(r: Result) -> float:
    """measured / predicted, throughput-like (time metrics inverted)."""
    return r.predicted / r.measured if r.metric in TIME_METRICS else r.measured / r.predicted


def conformal_bounds(ratios: np.ndarray, coverage: float = COVERAGE) -> tuple[float, float]:
    """The ⌊(n + 1)·α/2⌋-th and ⌈(n + 1)·(1 − α/2)⌉-th smallest of n ratios (α = 1 − coverage), clipped to the
    sample: split-conformal bounds that hold a new exchangeable case with probability ≥ coverage."""
    r = np.sort(np.asarray(ratios, dtype=np.float64))
    n, tail = r.size, (1.0 - coverage) / 2.0
    lo = max(int(np.floor(round((n + 1) * tail, 9))), 1)  # rounded: (1 − 0.8)/2 is 0.0999… in binary
    hi = min(int(np.ceil(round((n + 1) * (1.0 - tail), 9))), n)
    return float(r[lo - 1]), float(r[hi - 1])


def own_group(r: Result) -> str:
    """The band of its own a serving case belongs to (its accelerator family's, else MoE attention data-parallel's,
    else pipeline-parallel's), or "" for the band of its validation group."""
    if r.group in BAND_GROUPS["serving throughput"] and r.family in SERVING_FAMILY_GROUPS:
        return SERVING_FAMILY_GROUPS[r.family]
    if r.id in MOE_ADP_IDS:
        return MOE_ADP_GROUP
    return PIPELINE_SERVING_GROUP if r.id in PIPELINE_IDS else ""


def in_band(name: str, r: Result) -> bool:
    """Whether a case's residual belongs to a band: its group's; a case with a group of its own to that one only."""
    return r.group in BAND_GROUPS[name] and own_group(r) == (name if name in _OWN else "")


_OWN = (MOE_ADP_GROUP, AMD_CDNA3_SERVING_GROUP, INTEL_GAUDI_SERVING_GROUP, PIPELINE_SERVING_GROUP)


def band_cases(results: list[Result]) -> dict[str, tuple[int, int]]:
    """(fit, held-out) cases per band name, the bands too small to draw included."""
    return {name: (sum(in_band(name, r) and r.split == FIT for r in results),
                   sum(in_band(name, r) and r.split == HELD_OUT for r in results)) for name in BAND_GROUPS}


def bands(results: list[Result]) -> dict[str, dict[str, float]]:
    """The 80% band of every group with at least MIN_BAND_CASES cases; a smaller group has none (figure_band: None).
    A group without fit-half cases (all added after the split was frozen) has no fit_coverage entry."""
    out = {}
    for name in BAND_GROUPS:
        fit = np.array([ratio(r) for r in results if in_band(name, r) and r.split == FIT])
        held = np.array([ratio(r) for r in results if in_band(name, r) and r.split == HELD_OUT])
        if fit.size + held.size < MIN_BAND_CASES:
            continue
        low, high = conformal_bounds(np.concatenate([fit, held]))

        def inside(x: np.ndarray, lo: float = low, hi: float = high) -> float:
            return round(float(np.mean((x >= lo) & (x <= hi))), 3) if x.size else float("nan")

        out[name] = {"low": round(low - 1.0, 3), "high": round(high - 1.0, 3), "fit_cases": int(fit.size),
                     "held_out_cases": int(held.size), "fit_coverage": inside(fit), "held_out_coverage": inside(held)}
        if not fit.size:
            del out[name]["fit_coverage"]
    return out


def render_constants(results: list[Result]) -> str:
    lines = [
        '"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).',
        "",
        "Written by tests/validation/generate_validation_report.py from the validation corpus; low/high bound",
        "measured/predicted − 1 for throughput-like figures (a time figure uses the inverse): a split-conformal",
        f"{COVERAGE:.0%} interval of both halves' residuals, pooled after fitting. fit_coverage and held_out_coverage",
        "are the shares of each half's cases inside it (docs/validation.md). A figure whose group has no entry has",
        'no validation."""',
        "",
        "from __future__ import annotations",
        "",
        f"BAND_COVERAGE = {COVERAGE}",
        "ACCURACY_BANDS: dict[str, dict[str, float]] = {",
    ]
    drawn = bands(results)
    for name, b in drawn.items():
        lines.append(f'    "{name}": {b!r},')
    lines += ["}",
              "# the hardware families of each band's cases: a figure on another family has no band (core/accuracy.py)",
              "BAND_FAMILIES: dict[str, tuple[str, ...]] = {"]
    for name in drawn:
        families = tuple(sorted({r.family for r in results if in_band(name, r)}))
        lines.append(f'    "{name}": {families!r},')
    lines += ["}", ""]
    return "\n".join(lines)


def _stats(errs: np.ndarray) -> str:
    if not errs.size:
        return "0 | – | – | –"
    a = np.abs(errs)
    return f"{errs.size} | {np.median(a):.1%} | {np.quantile(a, 0.9):.1%} | {np.median(errs):+.1%}"


def halves_by(results: list[Result]) -> list[str]:
    """Both halves by group and hardware family, then by group and precision (issue 18 asks for both halves in each)."""
    groups = list(dict.fromkeys(r.group for r in results))
    lines: list[str] = []
    for title, key in (("hardware family", lambda r: r.family), ("precision", lambda r: r.precision)):
        lines += ["", f"### Both halves by group and {title}", "",
                  f"| group | {title} | fit: cases | median abs | p90 | median signed | held-out: cases | median abs | "
                  "p90 | median signed |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        cells: dict[tuple[str, str], dict[str, list[float]]] = {}
        for r in results:
            cells.setdefault((r.group, key(r)), {FIT: [], HELD_OUT: []})[r.split].append(r.error)
        for (g, k), halves in sorted(cells.items(), key=lambda kv: (groups.index(kv[0][0]), kv[0][1])):
            lines.append(f"| {g} | {k} | {_stats(np.array(halves[FIT]))} | {_stats(np.array(halves[HELD_OUT]))} |")
    return lines


def heldout_tables(results: list[Result]) -> list[str]:
    """Fit and held-out halves by group, then both halves by hardware family and by precision."""
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
    lines += ["", *target_table(results)]
    lines += halves_by(results)
    lines += ["", "### Accuracy bands (what the tool shows beside a figure)", "",
              f"A split-conformal {COVERAGE:.0%} interval of measured / predicted over both halves' cases, pooled "
              "after fitting: of n ratios sorted, the ⌊(n + 1)·0.1⌋-th and the ⌈(n + 1)·0.9⌉-th (the finite-sample "
              "correction; Lei et al. 2018, JASA 113, §2.2), so a new case like these falls inside with probability "
              "≥ 80%. The coverage is counted on each half; `tests/validation/test_validation.py` holds it to 80% ± "
              "8 points on each half of the training and serving bands (1.4 binomial standard errors at 49 "
              "cases) and to at least 80% pooled on every band. Until 2026-12-02 the band was the central 80% of "
              "the held-out half alone, and it held 71% of the training fit half (outside that tolerance) and 71-73% "
              "of the serving one: the halves differ in spread by more than their sampling error, so a band "
              "drawn from one misstated the other. Figures of other kinds (vision, recommendation, diffusion, VDI, "
              "agents, power, cost) have no band and say so; "
              "system power has too few cases for one.", "",
              "| band | low | high | cases (both halves) | fit cases inside | held-out cases inside |",
              "|---|---:|---:|---:|---:|---:|"]
    for name, b in bands(results).items():
        fit_inside = f"{b['fit_coverage']:.0%}" if "fit_coverage" in b else "–"
        lines.append(f"| {name} | {b['low']:+.1%} | {b['high']:+.1%} | {b['fit_cases'] + b['held_out_cases']} | "
                     f"{fit_inside} of {b['fit_cases']} | {b['held_out_coverage']:.0%} of {b['held_out_cases']} |")
    drawn = bands(results)
    for name, (n_fit, n_held) in band_cases(results).items():
        if name not in drawn:
            lines.append(f"| {name} | no band | no band | {n_fit + n_held} | – of {n_fit} | – of {n_held} (a "
                         f"split-conformal 80% band needs at least {MIN_BAND_CASES} cases) |")
    lines.append("")
    return lines
