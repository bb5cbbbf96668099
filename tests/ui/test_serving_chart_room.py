"""The serving chart (throughput over latency, two stacked panels) in the room a 1366×768 window gives it (~365 ×
300 px): its three legend entries in one column below took a third of the chart, each panel kept 44 px, the
throughput axis title read '吞吐…' and the TTFT and TPOT target labels printed over each other (looks-17, left).
The legend now folds away behind its button there (``fit.PANEL_MIN_HEIGHT``), and a level line's label moves off
another's (``marker_labels._place_level_label``)."""

from __future__ import annotations

import pytest
from test_shell_support import flush

from gpudesk.plotting import fit
from gpudesk.results.chart_model import ChartSpec, RefLine, Series

X = [1, 2, 4, 8, 16, 32, 64, 115]


def serving_spec(ttft_target: float) -> ChartSpec:
    return ChartSpec(kind="inference", title="Throughput and latency", x_label="Concurrent sequences", log_x=True,
                     y_label="Throughput", y_unit="tokens/s", y2_label="Latency", y2_unit="ms", log_y2=True,
                     series=[Series("Tokens/s per replica", X, [100, 150, 200, 300, 400, 500, 600, 700], style="line"),
                             Series("Time per output token (TPOT)", X, [20, 21, 23, 25, 30, 40, 80, 170],
                                    style="line", panel=1),
                             Series("Time to first token (TTFT)", X, [800, 820, 850, 900, 1000, 1100, 1300, 1500],
                                    style="line", panel=1)],
                     hlines=[RefLine(60, "TPOT target 60 ms", "target", panel=1),
                             RefLine(ttft_target, "TTFT target 4,000 ms", "target", panel=1)])


def level_labels(chart):
    return [line for line in chart.panels[1]._hlines if line.isVisible()]


def test_a_small_serving_chart_folds_its_legend_and_keeps_its_titles_and_targets_apart(shown_chart) -> None:
    chart = shown_chart(365, 303)
    chart.set_spec(serving_spec(4000))
    flush()
    assert chart._legend_plan.mode == fit.HIDDEN
    assert chart.legend_action.text().endswith("(3)")  # the button says what it holds
    titles = [chart.panels[i].plot.getAxis("left").labelText for i in (0, 1)]
    assert not [t for t in titles if "…" in t], titles
    lines = level_labels(chart)
    assert all(line.label.isVisible() for line in lines)
    a, b = (line.label.sceneBoundingRect().adjusted(2, 2, -2, -2) for line in lines)
    assert not a.intersects(b), (a, b)


def test_a_large_serving_chart_keeps_its_legend(shown_chart) -> None:
    chart = shown_chart(700, 520)
    chart.set_spec(serving_spec(4000))
    flush()
    assert chart._legend_plan.mode != fit.HIDDEN


@pytest.mark.parametrize("ttft_target", [150.0, 90.0])
def test_target_labels_with_no_room_apart_are_not_printed_over_each_other(shown_chart, ttft_target) -> None:
    """Targets close together on a small panel: one label moves to the other side of its line or to the left end,
    else is left out and its line's tool tip says it."""
    chart = shown_chart(365, 303)
    chart.set_spec(serving_spec(ttft_target))
    flush()
    lines = level_labels(chart)
    shown = [line.label.sceneBoundingRect().adjusted(2, 2, -2, -2) for line in lines if line.label.isVisible()]
    assert shown and not [(a, b) for i, a in enumerate(shown) for b in shown[i + 1:] if a.intersects(b)], shown
    assert all(line.label.isVisible() or line.toolTip() == line.gpudesk_text for line in lines)
