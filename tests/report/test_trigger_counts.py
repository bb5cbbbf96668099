"""A roadmap trigger's count reads as a Chinese reader counts (万 / 亿, by the one digits rule): the gov and startup
roadmaps read '日请求量超过 3,000,000 时 +2 个节点' and '日处理量超过 1,000,000 时 +1 个节点' in the window and the
proposal."""

from __future__ import annotations

from gpudesk.report.chart_text import translate


def test_a_trigger_count_reads_in_wan() -> None:
    assert translate("+2 nodes if requests per day exceed 3,000,000 (beyond this plan)", "zh") == \
        "日请求量超过 300 万时再 +2 个节点（超出本方案测算）"
    assert translate("+1 node if items per day exceed 1,250,000,000 (beyond this plan)", "zh") == \
        "日处理量超过 12.5 亿时再 +1 个节点（超出本方案测算）"
    assert translate("+1 node if seats exceed 500 (beyond this plan)", "zh") == "席位数超过 500 时再 +1 个节点（超出本方案测算）"
    assert translate("+2 nodes if requests per day exceed 3,000,000 (beyond this plan)", "en") == \
        "+2 nodes if requests per day exceed 3,000,000 (beyond this plan)"


def test_a_large_trigger_count_reads_in_english_as_the_tables_count() -> None:
    """The ecommerce roadmap read '+1 node when items per day exceed 40,000,000,000' (window and proposal) beside the
    proposal's 'Items per day 15 B samples/day': from 10^8 up a count reads in M / B / T, below it in grouped digits."""
    assert translate("+1 node if items per day exceed 40,000,000,000 (beyond this plan)", "en") == \
        "+1 node if items per day exceed 40 B (beyond this plan)"
    assert translate("items per day above 1,250,000,000: covered by this phase's sizing", "en") == \
        "items per day above 1.25 B: covered by this phase's sizing"
    assert translate("items per day above 40,000,000,000: covered by this phase's sizing", "zh") == \
        "日处理量超过 400 亿：已计入本阶段配置"
    from gpudesk.report.chart_text import localise_spec
    from gpudesk.results.chart_model import ChartSpec, Marker

    label = "items per day above 40,000,000,000: covered by this phase's sizing"
    spec = ChartSpec("timeline", "Roadmap", markers=[Marker(11.0, 2.0, label, f"{label}. festival traffic")])
    drawn = localise_spec(spec, "en").markers[0]  # what the window and the printed roadmap draw
    assert (drawn.label, drawn.tooltip) == ("items per day above 40 B: covered by this phase's sizing",
                                            "items per day above 40 B: covered by this phase's sizing. festival traffic")


def test_a_trigger_is_drawn_as_covered_or_as_beyond_the_plan_never_as_a_step_not_taken(searched_sample) -> None:
    """walk-26 core item 6: the ecommerce roadmap drew '+1 node when items per day exceed 40 B' at month 11 while its
    GPU line stayed at 2, the festival phase planning 75 B items a day: a step that never happened. One rule for
    every trigger: a threshold the phase's own plan exceeds is covered by its sizing; any other is an 'if' beyond
    the plan."""
    from gpudesk.results.plan_result import TIMELINE

    plan, project = searched_sample("ecommerce-recsys")
    [marker] = plan.charts[TIMELINE].markers
    assert marker.label == "items per day above 40,000,000,000: covered by this phase's sizing"
    assert project.phases[1].workloads[0].items_per_day >= 40e9
    plan, _project = searched_sample("startup-inspection")
    [marker] = plan.charts[TIMELINE].markers
    assert marker.label == "+1 node if items per day exceed 1,000,000 (beyond this plan)"
