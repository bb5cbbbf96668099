"""Charts a customer would flag in the shipped samples' proposals, each checked at its source: what a scaling curve's
100% leaves out, where a serving curve ends, which cooling a power chart draws, how a rack elevation names a generic
chassis and the scale a latency panel reads on."""

from __future__ import annotations

import re

from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal


def test_the_scaling_chart_says_what_its_100_percent_leaves_out(bank_proposal):
    """The bank pilot's network page read 5.23 s of exposed communication per 34 s step beside a scaling curve at
    ~100%: both right (the curve divides by the 8-GPU tensor-parallel group, which pays that communication too);
    the chart now says its baseline and the exposed communication the page states, in the reader's language."""
    from gpudesk.report.chart_text import localise_spec

    plan, _doc = bank_proposal("zh")
    pilot = plan.phases[0]
    spec = pilot.charts["scaling"]
    exposed, step = pilot.figures.number("train.exposed_comm_s"), pilot.figures.number("train.step_time_s")
    assert f"over that at {int(spec.series[0].x[0])} GPUs" in spec.notes
    assert f"{exposed:,.3g} s of each {step:,.3g} s step" in spec.notes, spec.notes
    zh = localise_spec(spec, "zh").notes
    assert f"每步 {step:,.3g} 秒中占 {exposed:,.3g} 秒" in zh and not re.search("[A-Za-z]{4,}", zh), zh



def test_the_serving_curve_ends_where_the_kv_cache_is_full(bank_proposal):
    """The bank launch's throughput ran flat from 128 to 1,024 sequences (and its latencies with it) where the KV cache
    holds 115 per replica: past the limit the engine runs no more sequences, so every curve ends at the limit, and a
    line names it in the reader's language."""
    from gpudesk.report.chart_text import localise_spec

    plan, _doc = bank_proposal("en")
    launch = plan.phases[1]
    limit = launch.figures.number("infer.max_concurrency_kv")
    spec = launch.charts["inference"]
    assert 1 < limit < 1024
    for series in spec.series:
        assert max(series.x) == limit and len(set(series.x)) == len(series.x), (series.name, series.x)
    (line,) = spec.vlines
    assert line.value == limit and line.label == f"KV cache full at {limit:,.0f} sequences"
    assert localise_spec(spec, "zh").vlines[0].label == f"KV 缓存已满：{limit:,.0f} 条序列"



def test_the_serving_chart_names_its_latency_targets_as_the_summary_does(bank_proposal):
    """The bank launch's latency panel read 'TPOT 目标 60 毫秒' beside the summary's and the legend's 每输出 token
    时延 and the search's 每 token 时延目标: an abbreviation a procurement reader does not know, for the same target.
    Its lines now read 每 token 时延目标 and 首 token 目标, with no Latin word but 'token'."""
    from gpudesk.report.chart_text import localise_spec

    plan, _doc = bank_proposal("zh")
    spec = plan.phases[1].charts["inference"]
    labels = [line.label for line in localise_spec(spec, "zh").hlines]
    assert any(label.startswith("每 token 时延目标 ") for label in labels), labels
    assert all(not re.search("[A-Za-z]{2,}", label.replace("token", "")) for label in labels), labels


def test_a_power_chart_draws_only_the_cooling_that_carries_load(bank_proposal):
    """The window's power-per-rack legend named "Liquid" (液冷) beside the all-air bars of an air-cooled phase (the
    PDF already left the empty series out); a series of zeros is no longer made."""
    plan, _doc = bank_proposal("en")
    charts = [p.charts["power"] for p in plan.phases if p.charts.get("power") is not None]
    assert charts
    for spec in charts:
        assert spec is not None and spec.series and all(any(v > 0 for v in s.y) for s in spec.series), spec.series



def test_rack_elevation_names_a_generic_chassis_in_the_readers_language(searched_sample):
    plan, project = searched_sample("manufacturer-vision-private")
    doc = build_proposal(plan, project, "zh", Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    racks = [ref.spec for ref in doc.charts() if getattr(ref.spec, "kind", "") == "rack_layout"]
    labels = {box.label for spec in racks for rack in spec.racks for box in rack.boxes}
    assert racks and plan.phases[0].config.server_name not in labels  # the catalog's "Generic 8 × L20 server"
    assert any(label.startswith("通用 8 卡") for label in labels)



def test_the_serving_latencies_each_read_on_a_log_scale(bank_proposal):
    """The bank launch's TPOT (tens of ms) ran flat along the bottom of a linear latency axis that reached its
    4,000 ms TTFT target, its own 60 ms target unreadable: the latency panel is on a log scale, each curve and each
    target within a decade or two of the others."""
    plan, _doc = bank_proposal("en")
    spec = plan.phases[1].charts["inference"]
    assert spec.y_log(1) and not spec.y_log(0)
    tpot, ttft = ({s.figure: s for s in spec.series}[key].y for key in ("infer.tpot_s", "infer.ttft_unloaded_s"))
    targets = {line.label.split()[0]: line.value for line in spec.hlines}
    assert set(targets) == {"TPOT", "TTFT"} and all(line.panel == 1 for line in spec.hlines)
    assert targets["TTFT"] / min(tpot) > 30, "the case the log scale is for"
    assert all(v > 0 for v in (*tpot, *ttft))
