"""A roadmap trigger's count reads as a Chinese reader counts (万 / 亿, by the one digits rule): the gov and startup
roadmaps read '日请求量超过 3,000,000 时 +2 个节点' and '日处理量超过 1,000,000 时 +1 个节点' in the window and the
proposal."""

from __future__ import annotations

from gpudesk.report.chart_text import translate


def test_a_trigger_count_reads_in_wan() -> None:
    assert translate("+2 nodes when requests per day exceed 3,000,000", "zh") == "日请求量超过 300 万时 +2 个节点"
    assert translate("+1 node when items per day exceed 1,250,000,000", "zh") == "日处理量超过 12.5 亿时 +1 个节点"
    assert translate("+1 node when seats exceed 500", "zh") == "席位数超过 500 时 +1 个节点"
    assert translate("+2 nodes when requests per day exceed 3,000,000", "en") == \
        "+2 nodes when requests per day exceed 3,000,000"


def test_a_large_trigger_count_reads_in_english_as_the_tables_count() -> None:
    """The ecommerce roadmap read '+1 node when items per day exceed 40,000,000,000' (window and proposal) beside the
    proposal's 'Items per day 15 B samples/day': from 10^8 up a count reads in M / B / T, below it in grouped digits."""
    assert translate("+1 node when items per day exceed 40,000,000,000", "en") == \
        "+1 node when items per day exceed 40 B"
    assert translate("+1 node when items per day exceed 1,250,000,000", "en") == \
        "+1 node when items per day exceed 1.25 B"
    assert translate("+1 node when items per day exceed 40,000,000,000", "zh") == "日处理量超过 400 亿时 +1 个节点"
    from gpudesk.report.chart_text import localise_spec
    from gpudesk.results.chart_model import ChartSpec, Marker

    label = "+1 node when items per day exceed 40,000,000,000"
    spec = ChartSpec("timeline", "Roadmap", markers=[Marker(11.0, 2.0, label, f"{label}. festival traffic")])
    drawn = localise_spec(spec, "en").markers[0]  # what the window and the printed roadmap draw
    assert (drawn.label, drawn.tooltip) == ("+1 node when items per day exceed 40 B",
                                            "+1 node when items per day exceed 40 B. festival traffic")
