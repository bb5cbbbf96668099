"""Serving on AMD CDNA3 has its own accuracy group (issue 18): AMD's published MI300X runs read 0.27-0.53 of
gpudesk's throughput, too few (8) for an 80% band, so those figures carry none and the plan is warned; the pooled
serving band that NVIDIA plans carry is drawn without them."""

from __future__ import annotations

from unittest.mock import ANY

import pytest

from gpudesk.core.accuracy import AMD_CDNA3_SERVING_GROUP, figure_band
from gpudesk.core.constants.accuracy import ACCURACY_BANDS
from gpudesk.project.model import Project
from gpudesk.report.check_text import localise
from gpudesk.report.proposal_closing import _band_text
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan

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
    assert phase.accuracy["infer.prefill_s"]["group"] == "first-token latency"  # latency keeps its own band
    warned = [c for c in phase.checks if c.id == "serving.amd_cdna3_optimistic"]
    assert len(warned) == 1 and warned[0].severity == "warning" and warned[0].step == "task"
    en = " ".join(localise(warned[0], "en"))
    zh = " ".join(localise(warned[0], "zh"))
    assert "27% to 53%" in en and "1.9× to 3.7×" in en and "Performance Results" in en
    assert "27% 至 53%" in zh and "1.9 至 3.7 倍" in zh and "高估" in zh
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
