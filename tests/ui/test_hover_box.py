"""The hover box stays inside the plot: a wide box beside a point near an edge is shifted in, not cut off (a
searched configuration's hover in the trade-off chart lost its left half)."""

from __future__ import annotations

import math

import pytest
from PySide6 import QtCore

from gpudesk.results.chart_model import ChartSpec, Series

LONG = "NVIDIA H200 SXM 141GB × 64 · BF16 · TP8 × PP4 · 2 replicas · batch 32 · a long configuration line"


@pytest.mark.parametrize("at", [0, 1, 2])
def test_a_wide_hover_box_stays_inside_the_plot(qtbot, shown_chart, at: int) -> None:
    chart = shown_chart(1100, 400)
    xs, ys = [20.0, 150.0, 300.0], [10.0, 100.0, 2000.0]
    chart.set_spec(ChartSpec(kind="cost_vs_speed", title="t", x_label="x", y_label="y", log_y=True,
                             series=[Series("Pareto front", xs, ys, style="line", tooltips=[LONG] * 3)]))
    vb = chart.plot(0).vb
    scene = vb.mapViewToScene(QtCore.QPointF(xs[at], math.log10(ys[at])))
    assert LONG in chart.hover_at(scene)
    qtbot.wait(20)  # painted: the box's transform is placed at its paint
    label = chart._hover_box.label
    box = label.textItem.mapRectToScene(label.textItem.boundingRect())
    area = vb.sceneBoundingRect()
    assert box.width() < area.width()  # it can fit: then it does
    assert area.left() - 1 <= box.left() and box.right() <= area.right() + 1, (box, area)
    assert area.top() - 1 <= box.top() and box.bottom() <= area.bottom() + 1, (box, area)
