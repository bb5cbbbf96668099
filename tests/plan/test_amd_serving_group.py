"""Serving on AMD CDNA3 has its own accuracy group (issue 18): AMD's published MI300X runs read 0.39-0.74 of
gpudesk's throughput, too few (8) for an 80% band, so those figures carry none and the plan is warned; the pooled
serving band that NVIDIA plans carry is drawn without them."""

from __future__ import annotations

from dataclasses import replace
from unittest.mock import ANY

import pytest

from gpudesk.core.accuracy import AMD_CDNA3_SERVING_GROUP, figure_band
from gpudesk.core.constants.accuracy import ACCURACY_BANDS
from gpudesk.core.constants.serving import AMD_CDNA3_SERVING_MEASURED_HIGH, AMD_CDNA3_SERVING_MEASURED_LOW
from gpudesk.project.model import Project
from gpudesk.report.check_text import localise, reason_text
from gpudesk.report.proposal_closing import _band_text
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import complete_search, estimate_plan
from gpudesk.results.search_checks import amd_cdna3_check

LOW, HIGH = AMD_CDNA3_SERVING_MEASURED_LOW.value, AMD_CDNA3_SERVING_MEASURED_HIGH.value  # declared, held to the runs
LOW_PCT, HIGH_PCT = f"{LOW:.0%}", f"{HIGH:.0%}"  # by tests/validation/test_validation.py
SHORT_LOW, SHORT_HIGH = f"{1.0 / HIGH:.1f}", f"{1.0 / LOW:.1f}"

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _serving(accelerator_id: str) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id = "llm_inference", "llama-3.1-70b"
    project.phases[0].hardware.accelerator_id = accelerator_id
    return project


def test_a_plan_serving_on_mi300x_has_no_band_and_is_warned_in_both_languages(catalog) -> None:
    phase = estimate_plan(_serving("mi300x"), catalog).phases[0]
    assert AMD_CDNA3_SERVING_GROUP not in ACCURACY_BANDS  # 8 runs: no split-conformal 80% band
    for key in ("infer.tokens_per_s", "infer.tpot_s"):  # the group and its runs, no edges
        assert phase.accuracy[key] == {"group": AMD_CDNA3_SERVING_GROUP, "low": None, "high": None, "runs": 8}
    # no first-token latency case ran on CDNA3 (BAND_FAMILIES): its latency has no band either (before: the group's)
    assert phase.accuracy["infer.prefill_s"] == {"group": "first-token latency", "low": None, "high": None,
                                                 "family": "amd-cdna3"}
    warned = [c for c in phase.checks if c.id == "serving.amd_cdna3_optimistic"]
    assert len(warned) == 1 and warned[0].severity == "warning" and warned[0].step == "task"
    en = " ".join(localise(warned[0], "en"))
    zh = " ".join(localise(warned[0], "zh"))
    assert f"{LOW_PCT} to {HIGH_PCT}" in en and f"{SHORT_LOW}× to {SHORT_HIGH}×" in en and "Performance Results" in en
    assert f"{LOW_PCT} 至 {HIGH_PCT}" in zh and f"{SHORT_LOW} 至 {SHORT_HIGH} 倍" in zh and "高估" in zh
    # the runs' share holds with the release they ran stated, so the fix names it (before: a pilot run only)
    assert "vllm-v1-sync" in warned[0].fix and "vllm-v1-sync" in zh and "异步调度" in zh
    for lang, words in (("en", "8 published runs of serving throughput on AMD CDNA3 accelerators, too few"),
                        ("zh", "AMD CDNA3 加速器推理吞吐仅有 8 次公开实测")):  # the proposal's accuracy table says why
        assert _band_text(phase.accuracy["infer.tokens_per_s"], ReportText(lang)) == ("—", ANY) and words in (
            _band_text(phase.accuracy["infer.tokens_per_s"], ReportText(lang))[1])


def test_an_nvidia_serving_plan_keeps_the_serving_band_without_the_amd_runs(catalog) -> None:
    phase = estimate_plan(_serving("h100-sxm"), catalog).phases[0]
    band, shipped = phase.accuracy["infer.tokens_per_s"], ACCURACY_BANDS["serving throughput"]
    assert band["group"] == "serving throughput" and (band["low"], band["high"]) == (shipped["low"], shipped["high"])
    assert not [c for c in phase.checks if c.id == "serving.amd_cdna3_optimistic"]
    assert figure_band("infer.tokens_per_s", "llm_inference", family="nvidia-hopper").group == "serving throughput"


def test_mi325x_is_told_nothing_was_measured_on_it(catalog) -> None:
    """MI325X is CDNA3 too, but the validation's runs are MI300X's: its warning says so first."""
    (check,) = [c for c in estimate_plan(_serving("mi325x"), catalog).phases[0].checks
                if c.id == "serving.amd_cdna3_optimistic"]
    en, zh = " ".join(localise(check, "en")), " ".join(localise(check, "zh"))
    assert en.startswith("Serving on an AMD CDNA3") and "gpudesk's validation holds no serving run on AMD Instinct MI325X 256GB" in en
    assert "gpudesk 的验证集中没有 AMD Instinct MI325X 256GB 上的推理服务实测" in zh and f"{LOW_PCT} 至 {HIGH_PCT}" in zh
    (own,) = [c for c in estimate_plan(_serving("mi300x"), catalog).phases[0].checks
              if c.id == "serving.amd_cdna3_optimistic"]
    assert "holds no serving run" not in own.message and "验证集中没有" not in " ".join(localise(own, "zh"))


def test_a_searched_cdna3_serving_configuration_carries_the_warning(catalog) -> None:
    """An H100 plan whose search may use MI300X (about 1 s: one search, two accelerators): the MI300X row says what
    AMD's runs measured, the H100 row does not; MI300X, unpriced, is not recommended here, so the plan-level check
    is held on the same search with MI300X put first (search_checks.amd_cdna3_check reads only the search)."""
    project = _serving("h100-sxm")
    project.phases[0].hardware.candidates = ["mi300x"]
    phase = complete_search(estimate_plan(project, catalog), catalog).phases[0]
    rows = {c.accelerator_id: c for c in phase.candidates if not c.pinned}
    (said,) = [r for r in rows["mi300x"].reasons if r.key == "search_amd_cdna3"]
    assert said.numbers["short_high"] == pytest.approx(1.0 / AMD_CDNA3_SERVING_MEASURED_LOW.value) and not [
        r for r in rows["h100-sxm"].reasons if r.key == "search_amd_cdna3"]
    assert f"{LOW_PCT} to {HIGH_PCT}" in reason_text(said, "en") and f"{LOW_PCT} 至 {HIGH_PCT}" in reason_text(said, "zh")
    found = phase.search
    assert found.recommended.accelerator_id == "h100-sxm" and found.why.key != "search_why_amd_cdna3"
    assert not amd_cdna3_check(found, phase.checks)
    mi300x = next(p for p in found.per_accelerator if p.accelerator_id == "mi300x")
    (check,) = amd_cdna3_check(replace(found, recommended=mi300x), phase.checks)
    assert check.id == "search.amd_cdna3_recommended" and check.step == "gpu"
    assert "MI300X" in check.numbers["configuration"] and f"{SHORT_LOW} 至 {SHORT_HIGH} 倍" in " ".join(localise(check, "zh"))


def test_a_cdna3_recommendation_warns_in_its_why(catalog) -> None:
    """An MI325X plan searched with MI300X (about 1 s): whichever CDNA3 part is recommended, the why warns; the plan
    carries its own warning, so the search adds no second one."""
    project = _serving("mi325x")
    project.phases[0].hardware.candidates = ["mi300x"]
    phase = complete_search(estimate_plan(project, catalog), catalog).phases[0]
    found = phase.search
    assert found.recommended is not None and found.why.key == "search_why_amd_cdna3"
    assert [c.id for c in phase.checks].count("serving.amd_cdna3_optimistic") == 1  # the plan's own, not the search's
    assert "search.amd_cdna3_recommended" not in [c.id for c in phase.checks]
    assert "Warning: the recommendation serves on an AMD CDNA3 accelerator" in reason_text(found.why, "en")
    assert "推荐配置使用 AMD CDNA3 加速器" in reason_text(found.why, "zh")
