"""Serving on Intel Gaudi has its own accuracy group (issue 18): Intel's 40 published Gaudi 2 / Gaudi 3 throughput
runs (all held-out) give a Gaudi plan its band, and the pooled serving band NVIDIA plans carry is drawn without them."""

from __future__ import annotations

import pytest

from gpudesk.core.accuracy import INTEL_GAUDI_SERVING_GROUP, figure_band
from gpudesk.core.constants.accuracy import ACCURACY_BANDS
from gpudesk.project.model import Project
from gpudesk.report.proposal_closing import _band_text
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def test_a_gaudi_serving_plan_carries_the_gaudi_band_and_says_it_was_drawn_on_held_out_runs(catalog) -> None:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id = "llm_inference", "llama-3.1-70b"
    project.phases[0].hardware.accelerator_id = "gaudi3"
    phase = estimate_plan(project, catalog).phases[0]
    shipped = ACCURACY_BANDS[INTEL_GAUDI_SERVING_GROUP]
    assert shipped["fit_cases"] == 0 and "fit_coverage" not in shipped  # every Gaudi run came after the freeze
    band = phase.accuracy["infer.tokens_per_s"]
    assert band["group"] == INTEL_GAUDI_SERVING_GROUP and (band["low"], band["high"]) == (shipped["low"],
                                                                                            shipped["high"])
    assert band["fit_coverage"] is None
    tpot = phase.accuracy["infer.tpot_s"]  # a time figure: the inverse ratio of the same band
    assert tpot["group"] == INTEL_GAUDI_SERVING_GROUP and tpot["high"] == round(1 / (1 + shipped["low"]) - 1, 3)
    assert phase.accuracy["infer.prefill_s"]["group"] == "first-token latency"  # latency keeps its own band
    runs = str(shipped["held_out_cases"])
    for lang, words in (("en", f"serving throughput on Intel Gaudi accelerators: an 80% interval from {runs} "
                               "published runs, all held out"),
                        ("zh", f"Intel Gaudi 加速器推理吞吐：由 {runs} 个公开实测案例得出的 80% 区间，全部为留出验证案例")):
        interval, basis = _band_text(band, ReportText(lang))
        assert words in basis and "nan" not in basis.lower() and interval.endswith("%"), (lang, basis)
    assert figure_band("infer.tokens_per_s", "llm_inference", family="nvidia-hopper").group == "serving throughput"
