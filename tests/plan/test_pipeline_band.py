"""A serving replica with pipeline stages carries the band of the published runs of that layout
(core/accuracy.py PIPELINE_SERVING_GROUP: the RTX PRO 6000 series at 2-8 stages and the MLPerf Llama 3.1 405B
engines of two stages, docs/validation.md) and the task-step warning serving.pipeline_uncertain, as an attention
data-parallel MoE replica carries its own; a replica without stages keeps the pooled serving band and no warning;
a searched configuration with stages carries the same caveat."""

from __future__ import annotations

import math

import pytest

from gpudesk.core.accuracy import (
    ACCURACY_BANDS,
    GROUP_RUNS,
    MOE_ADP_GROUP,
    PIPELINE_SERVING_GROUP,
    figure_band,
    pipeline_numbers,
)
from gpudesk.core.candidates import Reason
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import pipeline_caveat
from gpudesk.project.model import Project
from gpudesk.report.check_text import localise, reason_text
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import complete_search, estimate_plan
from gpudesk.results.search_checks import pipeline_check


def _llama(pp: int) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.pp = "llm_inference", "llama-3.1-70b", 1, pp
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


def test_a_plan_of_eight_stages_carries_the_pipeline_band_and_its_warning(catalog) -> None:
    phase = estimate_plan(_llama(8), catalog).phases[0]
    assert phase.figures.number("infer.in.pp") == 8
    shipped = ACCURACY_BANDS[PIPELINE_SERVING_GROUP]
    band = phase.accuracy["infer.tokens_per_s"]
    assert band["group"] == PIPELINE_SERVING_GROUP and (band["low"], band["high"]) == (shipped["low"], shipped["high"])
    assert band["fit_coverage"] is None  # every run of the layout is held-out
    tpot = phase.accuracy["infer.tpot_s"]  # a time figure: the same runs, inverted
    assert tpot["group"] == PIPELINE_SERVING_GROUP and tpot["high"] == round(1 / (1 + shipped["low"]) - 1, 3)
    (warned,) = [c for c in phase.checks if c.id == "serving.pipeline_uncertain"]
    assert warned.severity == "warning" and warned.step == "task"
    assert warned.numbers["pp"] == 8 and warned.numbers["low_pct"] == shipped["low"] * 100.0
    assert warned.numbers["short"] == pytest.approx(1.0 / (1.0 + shipped["low"]))
    cases = int(shipped["held_out_cases"])
    assert f"{cases} published" in warned.message and f"{1 / (1 + shipped['low']):.1f}×" in warned.message
    zh = " ".join(localise(warned, "zh"))
    assert f"{cases} 个公开推理实测" in zh and "流水线" in zh and "published" not in zh
    assert "NVLink" in warned.fix and "pilot" in warned.fix


def test_a_plan_without_stages_keeps_the_serving_band_and_no_warning(catalog) -> None:
    phase = estimate_plan(_llama(1), catalog).phases[0]
    assert phase.accuracy["infer.tokens_per_s"]["group"] == "serving throughput"
    assert not [c for c in phase.checks if c.id == "serving.pipeline_uncertain"]


def test_a_replica_of_both_layouts_takes_the_wider_band() -> None:
    widths = {g: ACCURACY_BANDS[g]["high"] - ACCURACY_BANDS[g]["low"] for g in (MOE_ADP_GROUP, PIPELINE_SERVING_GROUP)}
    wider = MOE_ADP_GROUP if widths[MOE_ADP_GROUP] > widths[PIPELINE_SERVING_GROUP] else PIPELINE_SERVING_GROUP
    for layouts in ((MOE_ADP_GROUP, PIPELINE_SERVING_GROUP), (PIPELINE_SERVING_GROUP, MOE_ADP_GROUP)):
        assert figure_band("infer.tokens_per_s", "llm_inference", layouts).group == wider
    assert figure_band("infer.tokens_per_s", "llm_inference", (PIPELINE_SERVING_GROUP,)).group == PIPELINE_SERVING_GROUP
    assert figure_band("infer.prefill_s", "llm_inference", (PIPELINE_SERVING_GROUP,)).group == "first-token latency"
    # a family with its own serving group keeps it (Gaudi's runs are Gaudi's, whatever the layout)
    gaudi = figure_band("infer.tokens_per_s", "llm_inference", (PIPELINE_SERVING_GROUP,), family="intel-gaudi")
    assert gaudi is not None and gaudi.group != PIPELINE_SERVING_GROUP


def _point(pp: float, kind: str = "llm_inference") -> SearchPoint:
    return SearchPoint(index=0, kind=kind, accelerator_id="rtx-pro-6000-blackwell", accelerator_name="RTX PRO 6000",
                       precision="fp4", weight_dtype="fp4", kv_dtype="fp8", compute_dtype="fp4", gpus=8, nodes=1,
                       feasible=True, violations=(), cost=math.nan, cost_per_month=math.nan,
                       layout={"tp": 1.0, "pp": pp, "replicas": 1.0})


def test_a_searched_point_with_stages_carries_the_caveat() -> None:
    band = pipeline_numbers()
    assert band is not None
    caveat = pipeline_caveat(_point(4.0))
    assert isinstance(caveat, Reason) and caveat.key == "search_pipeline"
    assert caveat.numbers["low_pct"] == band["low_pct"] and caveat.numbers["pp"] == 4.0
    assert f"may need up to {band['short']:.1f}× the GPUs gpudesk sizes" in reason_text(caveat, "en")
    assert "流水线级" in reason_text(caveat, "zh") and "pipeline" not in reason_text(caveat, "zh")
    assert pipeline_caveat(_point(1.0)) is None
    assert pipeline_caveat(_point(4.0, kind="pretrain")) is None


@pytest.mark.shared_searches  # tests/search_memo.py: the same search as tests/plan/test_search_attention_dp.py
def test_searched_points_with_stages_carry_the_caveat_and_a_recommendation_of_them_its_check(catalog) -> None:
    """DeepSeek-V3 at 20 requests/s, TPOT 50 ms, the plan setting TP1 × EP8 (no stages), searched on B200 and
    H100: the ranked rows with pipeline stages carry the band's caveat; a recommendation with stages says it in its
    why and, the plan's own replica having none, as the check search.pipeline_recommended."""
    project = Project()
    phase = project.phases[0]
    w = phase.workloads[0]
    w.kind, w.model_id = "llm_inference", "deepseek-v3"
    w.peak_requests_per_s, w.tpot_ms, w.output_tokens = 20, 50, 2048
    w.parallel.tp, w.parallel.ep = 1, 8
    phase.hardware.candidates = ["b200", "h100-sxm"]
    found = complete_search(estimate_plan(project, catalog), catalog).phases[0]
    band = pipeline_numbers()
    staged = {p.index for p in found.search.per_accelerator if p.layout.get("pp", 1) > 1}
    ranked = [c for c in found.candidates if c.point in staged and not c.pinned]
    assert ranked and all(any(r.key == "search_pipeline" and r.numbers["low_pct"] == band["low_pct"]
                              for r in c.reasons) for c in ranked)
    flat = [c for c in found.candidates if c.point not in staged and not c.pinned]
    assert not any(r.key == "search_pipeline" for c in flat for r in c.reasons)
    rec = found.search.recommended
    keys, why = [], found.search.why
    while why is not None:  # the why's warnings nest: {why} Warning: …
        keys.append(why.key)
        why = why.numbers.get("why") if isinstance(why.numbers.get("why"), Reason) else None
    checks = pipeline_check(found.search, found)
    if rec.layout.get("pp", 1) > 1:
        assert "search_why_pipeline_warning" in keys
        (check,) = checks
        assert check.id == "search.pipeline_recommended" and check.numbers["short"] == pytest.approx(band["short"])
    else:
        assert "search_why_pipeline_warning" not in keys and not checks


def test_every_band_group_is_named_in_both_languages() -> None:
    """The proposal's accuracy table names each figure's band group (report_<lang>.toml [accuracy_group]); a group
    without an entry would print its code, in English, to a Chinese reader (the pipeline group had none at first)."""
    for lang in ("en", "zh"):
        t = ReportText(lang)
        missing = [g for g in (*ACCURACY_BANDS, *GROUP_RUNS) if not t.has(f"accuracy_group.{g}")]
        assert not missing, (lang, missing)
    zh = ReportText("zh").choice("accuracy_group", PIPELINE_SERVING_GROUP)
    assert "流水线" in zh and "pipeline" not in zh
