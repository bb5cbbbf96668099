"""The time models against published measurements (docs/validation.md)."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from generate_validation_report import DOC, render
from issue_targets import README, README_BEGIN, README_END, readme_block, readme_with_block, target_rows
from validation_bands import CONSTANTS, COVERAGE, MIN_BAND_CASES, bands, conformal_bounds, render_constants
from validation_cases_inference import INFERENCE_LATENCY_CASES, INFERENCE_THROUGHPUT_CASES
from validation_cases_measured import (
    CITATION,
    GROUP_MEMORY_HELDOUT,
    GROUP_SERVING_HELDOUT,
    HELDOUT_CITATION,
    MEASURED_CASES,
    MEASURED_ENVIRONMENT,
    SERVING_HELDOUT_CITATION,
)
from validation_cases_mlperf import MLPERF_MORE_CASES
from validation_cases_recipes import MEGATRON_BRIDGE_CASES, MLPERF_TRAINING_CASES, RECIPE_CASES, TORCHTITAN_CASES
from validation_cases_serving import DEEPSEEK_ADP_CASES, REQUESTS, SERVING_CASES
from validation_cases_training import TRAINING_CASES
from validation_runner import (
    FIT_AGREEMENTS_AT_LEAST,
    MEDIAN_LIMITS,
    fit_verdicts,
    megatron_total,
    predict_serving,
    run_all,
    serving_at,
    summary,
)
from validation_split import HELD_OUT, frozen_split, split_of


@pytest.fixture(scope="module")
def results():
    return run_all()


def test_at_least_forty_cited_cases():
    cases = TRAINING_CASES + INFERENCE_THROUGHPUT_CASES + INFERENCE_LATENCY_CASES
    assert len(cases) >= 40
    assert len({c.id for c in cases}) == len(cases)
    for case in cases:
        assert case.citation and case.measured > 0, case.id


def test_corpus_has_at_least_150_published_cases(results):
    published = [r for r in results if not r.group.startswith("measured here")]
    assert len(published) >= 150
    assert len({r.id for r in results}) == len(results)
    for case in SERVING_CASES:
        assert case.citation.startswith("NVIDIA TensorRT-LLM") and "00f3768" in case.citation and case.measured > 0
    for case in DEEPSEEK_ADP_CASES:  # attention data-parallel × expert parallel, as the recipes run them
        assert "01c4ece9" in case.citation and case.tp == 1 and case.ep == 8 and case.measured > 0


def test_round_two_cases_state_their_recipe_and_source(results):
    """Training runs that publish their recipe: cited, unique, each note says what gpudesk assumed."""
    assert len(RECIPE_CASES) >= 60 and len({c.id for c in RECIPE_CASES}) == len(RECIPE_CASES)
    for case in RECIPE_CASES:
        assert case.citation and case.measured > 0 and case.note, case.id
    assert all("Megatron-Bridge" in c.citation and "21a2ced" in c.citation for c in MEGATRON_BRIDGE_CASES)
    assert all("torchtitan" in c.citation and c.power_limit_w == 500 for c in TORCHTITAN_CASES)
    assert all("MLPerf Training" in c.citation and "result_0.txt" in c.citation for c in MLPERF_TRAINING_CASES)
    memory = [r for r in results if r.group == "training memory"]
    assert len(memory) == sum(c.measured_memory_gib > 0 for c in RECIPE_CASES) >= 20


def test_mlperf_training_results_come_from_their_logs_across_vendors(results):
    """At least 30 MLPerf Training results, each citing its round's result log, on more than one vendor's parts."""
    mlperf = MLPERF_TRAINING_CASES + MLPERF_MORE_CASES
    assert len(mlperf) >= 30 and len({c.id for c in mlperf}) == len(mlperf)
    for case in mlperf:
        assert "MLPerf Training" in case.citation and re.search(r"result_\d+\.txt", case.citation), case.id
        assert case.note and case.measured > 0, case.id
    assert {c.accelerator.vendor for c in mlperf} >= {"nvidia", "amd", "intel"}
    assert {c.id for c in mlperf} <= {r.id for r in results if r.group == "training"}


def test_corpus_spans_the_parts_kinds_and_mlperf_rounds_of_issue_18(results):
    """Issue 18: published cases on A100, H100/H200, B200/GB200, MI300X, Gaudi and domestic parts (Ascend); training,
    serving, memory and power; at least 30 MLPerf results over several rounds of Training and Inference, power
    submissions among them."""
    published = [r for r in results if not r.group.startswith("measured here")]
    assert {r.family for r in published} >= {"nvidia-ampere", "nvidia-hopper", "nvidia-blackwell", "amd-cdna3",
                                              "intel-gaudi", "huawei-ascend"}
    assert {"training", "training memory", "system power", "serving throughput, in-flight batching"} <= {
        r.group for r in published}
    mlperf = {r.id: (r.group, re.search(r"v(\d\.\d)", f"{r.id} {r.citation}")) for r in published
              if re.search("mlperf|mlcommons", f"{r.id} {r.citation}", re.I)}
    assert len(mlperf) >= 30 and all(found for _, found in mlperf.values())
    rounds = {kind: {found.group(1) for group, found in mlperf.values() if kind in group.lower()}
              for kind in ("training", "inference", "power")}
    assert len(rounds["training"]) >= 2 and len(rounds["inference"]) >= 2 and rounds["power"], rounds


def test_split_is_frozen_and_new_cases_are_held_out(results):
    """The frozen halves are the hash rule applied to the corpus of the freeze; later cases are all held-out."""
    frozen = frozen_split()
    strata: dict = {}
    for r in results:
        if r.id in frozen:
            strata.setdefault((r.group, r.family), []).append(r.id)
    assert sum(len(ids) for ids in strata.values()) == len(frozen), "a frozen case left the corpus"
    assert split_of(strata) == frozen  # the stored halves are the rule's, stratum by stratum
    for r in results:
        assert r.split == frozen.get(r.id, HELD_OUT), r.id
    assert sum(r.id not in frozen for r in results) >= 30  # the MLPerf cases of round three, all held-out
    # Each half is read from the stored file (above), never drawn; that another run gives the same results is
    # test_generated_document_is_current's check (docs/validation.md, another process's run_all(), counts every
    # group's cases and errors per half). A second run_all() here (3.8 CPU-s) compared only the halves.


def test_accuracy_bands_shipped_are_the_residuals_bands(results):
    """gpudesk/core/constants/accuracy.py is generated from the fit half; stale bands fail here."""
    assert CONSTANTS.read_text(encoding="utf-8") == render_constants(results), (
        "run .venv/bin/python tests/validation/generate_validation_report.py")
    from gpudesk.core.accuracy import PIPELINE_SERVING_GROUP, SERVING_FAMILY_GROUPS

    for name, band in bands(results).items():
        assert band["low"] <= 0.0 <= band["high"] or band["low"] < band["high"], name
        # a family group whose runs all came after the freeze (Intel Gaudi) is drawn on held-out runs alone
        # and so is the band of the serving runs with pipeline stages (all added 2026-12-04)
        own_group = name in (*SERVING_FAMILY_GROUPS.values(), PIPELINE_SERVING_GROUP)
        assert band["fit_cases"] >= 7 or own_group and band["held_out_cases"] >= MIN_BAND_CASES, name
        assert ("fit_coverage" in band) == (band["fit_cases"] > 0), name


def test_amd_serving_runs_are_their_own_group_and_the_warning_states_their_range(results):
    """AMD's MI300X serving runs (issue 18) set no pooled band (NVIDIA plans carry it) and, 8 of them, no band of
    their own; the warning's declared range is theirs: a new run or a model change that moves it fails here."""
    from validation_bands import in_band, ratio

    from gpudesk.core.accuracy import AMD_CDNA3_SERVING_GROUP
    from gpudesk.core.constants import (
        AMD_CDNA3_SERVING_MEASURED_HIGH,
        AMD_CDNA3_SERVING_MEASURED_LOW,
        AMD_CDNA3_SERVING_RUNS,
    )

    amd = [r for r in results if r.family == "amd-cdna3" and r.group.startswith("serving")]
    assert len(amd) == AMD_CDNA3_SERVING_RUNS and AMD_CDNA3_SERVING_GROUP not in bands(results)
    assert not any(in_band(name, r) for r in amd for name in bands(results))
    assert all(in_band(AMD_CDNA3_SERVING_GROUP, r) for r in amd)
    ratios = [ratio(r) for r in amd]
    assert round(min(ratios), 2) == AMD_CDNA3_SERVING_MEASURED_LOW.value
    assert round(max(ratios), 2) == AMD_CDNA3_SERVING_MEASURED_HIGH.value


def test_serving_runs_with_pipeline_stages_form_their_own_band_and_leave_the_pooled_one(results):
    """Every published serving run whose replica has pipeline stages (the RTX PRO 6000 series at PP 2/4/8, the
    MLPerf Llama 3.1 405B engines of two stages) sets the pipeline band and no other; the pooled serving band, which
    a plan without stages carries, is drawn without them (fails if a pipelined run is pooled again)."""
    from validation_bands import PIPELINE_IDS, in_band
    from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES
    from validation_cases_pipeline import PIPELINE_SERVING_CASES

    from gpudesk.core.accuracy import PIPELINE_SERVING_GROUP

    assert {c.id for c in PIPELINE_SERVING_CASES if c.pp > 1} <= PIPELINE_IDS
    assert {m.id for m in MLPERF_INFERENCE_CASES if m.pp > 1} <= PIPELINE_IDS
    piped = [r for r in results if r.id in PIPELINE_IDS]
    assert len(piped) == len(PIPELINE_IDS) >= 46
    assert all(in_band(PIPELINE_SERVING_GROUP, r) and not in_band("serving throughput", r) for r in piped)
    assert not any(in_band(PIPELINE_SERVING_GROUP, r) for r in results if r.id not in PIPELINE_IDS)
    band = bands(results)[PIPELINE_SERVING_GROUP]
    assert band["held_out_cases"] == len(piped) and "fit_coverage" not in band  # all held-out
    pooled = [r for r in results if in_band("serving throughput", r)]
    assert pooled and not any(c.pp > 1 for c in PIPELINE_SERVING_CASES if c.id in {r.id for r in pooled})


def test_bands_hold_the_coverage_they_state_on_each_half(results):
    """Each band is the split-conformal 80% interval of both halves pooled: at least 80% of all its cases inside, and
    80% ± 8 points of each half for the two bands large enough to judge (1.4 binomial standard errors at 49
    cases; the held-out-only band of 2026-12-01 held 71% of the training fit half and fails here)."""
    every = bands(results)
    for name, band in every.items():
        n_fit, n_held = band["fit_cases"], band["held_out_cases"]
        pooled = (band.get("fit_coverage", 0.0) * n_fit + band["held_out_coverage"] * n_held) / (n_fit + n_held)
        assert pooled >= COVERAGE - 1e-9, (name, band)
    for name in ("training throughput", "serving throughput"):
        band = every[name]
        assert band["fit_cases"] >= 40 and band["held_out_cases"] >= 40, (name, band)
        for half in ("fit_coverage", "held_out_coverage"):
            assert abs(band[half] - COVERAGE) <= 0.08, (name, half, band)


def test_report_gives_both_halves_by_family_and_by_precision():
    """Issue 18: docs/validation.md reports the fit and the held-out half by group, by hardware family and by
    precision; before, the family and precision tables held the held-out half only."""
    from validation_bands import halves_by
    from validation_runner import Result

    rows = [Result("training", f"c{i}", "", "", 1.0, 1.0 + e, "", fam, prec, split)
            for i, (e, fam, prec, split) in enumerate([(0.1, "nvidia-ampere", "bf16", "fit"),
                                                       (-0.2, "nvidia-ampere", "bf16", "held-out"),
                                                       (0.3, "amd-cdna3", "fp8", "fit")])]
    text = "\n".join(halves_by(rows))
    for title in ("hardware family", "precision"):
        assert f"### Both halves by group and {title}" in text
    assert "| training | nvidia-ampere | 1 | 10.0% | 10.0% | +10.0% | 1 | 20.0% | 20.0% | -20.0% |" in text
    assert "| training | amd-cdna3 | 1 | 30.0% | 30.0% | +30.0% | 0 | – | – | – |" in text  # fit cases only: shown
    assert "| training | fp8 | 1 | 30.0% | 30.0% | +30.0% | 0 | – | – | – |" in text


def test_conformal_bounds_take_the_finite_sample_ranks():
    ratios = np.arange(1.0, 20.0)  # n = 19: ranks ⌊20·0.1⌋ = 2 and ⌈20·0.9⌉ = 18
    assert conformal_bounds(ratios) == (2.0, 18.0)
    assert conformal_bounds(np.arange(1.0, 8.0)) == (1.0, 7.0)  # too few cases: the extremes


def test_every_case_gives_a_finite_prediction(results):
    bad = [r.id for r in results if not (math.isfinite(r.predicted) and r.predicted > 0)]
    assert not bad


@pytest.mark.parametrize("group", list(MEDIAN_LIMITS))
def test_median_error_does_not_regress(results, group):
    stats = summary(results)[group]
    assert stats["median_abs_error"] <= MEDIAN_LIMITS[group], (group, stats)


def test_issue_targets_hold(results):
    stats = summary(results)
    assert stats["training"]["median_abs_error"] <= 0.15
    assert stats["inference throughput"]["median_abs_error"] <= 0.20


# Issue 18's targets met on the held-out half (tests/validation/issue_targets.py; docs/validation.md's table): a met
# target stays met. Missed on 2026-12-04: the p90 of in-flight serving (AMD MI300X rows) and of MLPerf Inference
# (Blackwell). Add a target here when it is first met. Taken out on 2026-12-04 by a corrected input, not a model change:
# the MLPerf Inference Blackwell median (10.5% -> 13.3%), when the v5.1 Nebius, Cisco and Quanta Llama 3.1 405B cases
# took their own logs' output means (626-657 tokens) for the MLCommons blog's 680, as the v5.0 cases already did: a case
# states the run as it ran whichever way its error moves, and a target it then misses is missed, not held by a ratchet.
# Met again the same day (11.2%) once a pipeline-parallel engine held its config's batch per micro-batch (8cd65399).
# Taken out on 2026-12-04 by new published runs, not a model change: the in-flight serving medians (all 8.6% -> 13.7%,
# Blackwell 3.7% -> 17.1%) when the RTX PRO 6000 row got its 16-bit tensor peak and the 46 held-out pipeline-parallel
# runs on it (validation_cases_pipeline.py) were scored; their p90 targets stay met.
TARGETS_MET = {
    "median": ("training / all", "training / nvidia-ampere", "training / nvidia-blackwell", "training / nvidia-hopper",
               "inference throughput / all", "inference throughput / intel-gaudi",
               "serving throughput, in-flight batching / nvidia-hopper", "MLPerf inference throughput / all",
               "MLPerf inference throughput / nvidia-blackwell", "MLPerf inference throughput / nvidia-hopper",
               "training memory / all", "training memory / nvidia-hopper", "system power / all"),
    "p90": ("training / all", "training / nvidia-ampere", "training / nvidia-blackwell", "training / nvidia-hopper",
            "inference throughput / all", "inference throughput / intel-gaudi",
            "serving throughput, in-flight batching / all", "serving throughput, in-flight batching / nvidia-blackwell",
            "serving throughput, in-flight batching / nvidia-hopper", "MLPerf inference throughput / nvidia-hopper",
            "training memory / all", "training memory / nvidia-hopper", "system power / all"),
}


@pytest.mark.parametrize("kind", sorted(TARGETS_MET))
def test_issue_18_targets_once_met_stay_met(results, kind):
    rows = {r.key: r for r in target_rows(results)}
    assert set(TARGETS_MET[kind]) <= set(rows), set(TARGETS_MET[kind]) - set(rows)
    missed = {k: (rows[k].median if kind == "median" else rows[k].p90) for k in TARGETS_MET[kind]
              if not (rows[k].median_met if kind == "median" else rows[k].p90_met)}
    assert not missed, missed


def test_readme_states_the_accuracy_the_suite_measures(results):
    readme = README.read_text(encoding="utf-8")
    assert readme.count(README_BEGIN) == 1 and readme.count(README_END) == 1
    assert readme == readme_with_block(readme, readme_block(results)), (
        "README.md's accuracy paragraph is stale: run .venv/bin/python tests/validation/generate_validation_report.py")


def test_generated_document_is_current(results):
    assert DOC.exists(), "run tests/validation/generate_validation_report.py"
    assert DOC.read_text(encoding="utf-8") == render(results), (
        "docs/validation.md is stale: run .venv/bin/python tests/validation/generate_validation_report.py")


def test_measured_cases_come_from_the_h200_run_and_the_catalog():
    assert MEASURED_ENVIRONMENT["gpu"] == "NVIDIA H200" and MEASURED_ENVIRONMENT["torch"]
    groups = {c.group for c in MEASURED_CASES}
    assert groups == {g for g in MEDIAN_LIMITS if g.startswith("measured here")}
    assert len({c.id for c in MEASURED_CASES}) == len(MEASURED_CASES)
    for case in MEASURED_CASES:
        heldout = case.group == GROUP_MEMORY_HELDOUT or case.seq_len == 4096
        citation, models = ((SERVING_HELDOUT_CITATION, {"llama-3.1-8b", "llama-3.2-3b", "phi-3-mini", "yi-34b"})
                            if case.group == GROUP_SERVING_HELDOUT else
                            (HELDOUT_CITATION, {"llama-3.2-3b", "phi-3-mini"}) if heldout else
                            (CITATION, {"llama-3.2-1b", "llama-3.1-8b"}))
        assert case.citation == citation and case.measured > 0, case.id
        assert case.accelerator.id == "h200-sxm" and case.model.id in models, case.id
        if case.kind == "train_memory":
            assert case.training_stack == "pytorch_amp", case.id  # the run's stack, not a tuning choice


def test_the_serving_run_of_2026_12_04_is_held_out_whole(results):
    """Nothing was fitted on it: every case is new since the frozen split, so held-out."""
    rows = [r for r in results if r.group == GROUP_SERVING_HELDOUT]
    assert len(rows) == 50 and {r.split for r in rows} == {HELD_OUT}
    assert not {r.id for r in rows} & set(frozen_split())


# a str.format / f-string field left unfilled: {name}, {name:,}, {name!r}, {0}, {}
_PLACEHOLDER = re.compile(r"\{(?:[A-Za-z_]\w*(?:\.\w+|\[[^]]*\])*|\d*)(?:![rsa])?(?::[^{}]*)?\}")


def test_no_case_text_keeps_a_format_placeholder(results):
    """Every note and citation docs/validation.md prints is filled in (v5.1 405B notes once printed '{tokens:,}')."""
    assert _PLACEHOLDER.search("at most {tokens:,} tokens") and not _PLACEHOLDER.search("files {0,1}")
    left = [(r.id, m.group()) for r in results for text in (r.note, r.citation) for m in _PLACEHOLDER.finditer(text)]
    assert not left, left


def test_measured_notes_state_what_gpudesk_assumed(results):
    for r in (x for x in results if x.group.startswith("measured here")):
        assert "measured" in r.note and "gpudesk:" in r.note, r.id


def test_fit_verdicts_do_not_regress():
    verdicts = fit_verdicts()
    assert any(not case.ran for case, _, _ in verdicts), "the run recorded an out-of-memory configuration"
    agreements = sum(fits == case.ran for case, _, fits in verdicts)
    assert agreements >= FIT_AGREEMENTS_AT_LEAST, [(c.id, c.ran, fits) for c, _, fits in verdicts]


def test_the_8b_runs_that_ran_on_the_h200_fit_at_its_driver_total():
    """nvidia-smi's 143,771 MiB, not the marketed 141·10⁹ B (131.3 GiB), decides the fit of the measured runs."""
    ran_8b = [(case, total, fits) for case, total, fits in fit_verdicts()
              if case.ran and case.model.id == "llama-3.1-8b"]
    assert len(ran_8b) == 4
    assert all(fits for _case, _total, fits in ran_8b), ran_8b
    # with the Megatron stack (the default) one would not fit at the marketed bytes
    assert max(megatron_total(case) for case, _total, _fits in ran_8b) > 141e9 / 2**30
    assert MEASURED_ENVIRONMENT["nvidia_smi"].split(", ")[2] == f"{ran_8b[0][0].accelerator.usable_memory_mib:.0f} MiB"


def test_a_finite_perf_overview_run_is_waves_its_last_one_partial():
    """N requests of one length run as waves of the C gpudesk holds in flight (validation_runner.predict_serving):
    whole waves give the steady rate; a quarter wave more costs over twice its share of a full wave's time on
    this MoE row (every step reads every expert's weights), so 1.25 C requests take over 1.5 waves."""
    assert all(c.requests == REQUESTS[(c.prompt, c.output)] and f"{c.requests:,} requests" in c.note
               for c in SERVING_CASES)
    case = next(c for c in SERVING_CASES if c.id == "trtllm-v1-qwen3-235b-a22b-h100-sxm-tp8-fp8-128-2048")
    steady, held = (float(v[0]) for v in serving_at(case, case.max_batch))
    assert predict_serving(replace(case, requests=int(3 * held))) == pytest.approx(steady)
    assert predict_serving(replace(case, requests=int(1.25 * held))) < steady * 1.25 / 1.5
