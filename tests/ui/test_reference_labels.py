"""A reference line's label is not printed over the bars it is drawn against (``plotting.headroom``): the
manufacturer's power-per-rack chart printed 'rack limit 8.4 kW' across its 8 kW rack bar at 1920 x 1080 (the line
sat too near the top for its label above it, so the label went under the line), and the bank launch's 24 racks,
drawn left to right, had the label across their first rows at 1366 x 768."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from test_shell_support import flush
from window_audit_charts import drawn_tick_labels

from gpudesk.results.chart_model import ChartSpec, RefLine, Series


def rack_spec(racks: int, kw: float, horizontal: bool) -> ChartSpec:
    names = [f"R{i + 1:02d}" for i in range(racks)]
    return ChartSpec(kind="power_per_rack", title="Power per rack", y_label="Power", y_unit="kW", categories=names,
                     stacked=True, horizontal=horizontal,
                     series=[Series("Air", [float(i) for i in range(racks)], [kw] * racks, style="bar",
                                    color_role="air", stack_group="kw")],
                     hlines=[RefLine(8.4, "rack limit 8.4 kW", "limit")])


def bar_boxes(panel, kw: float, racks: int) -> list[QRectF]:
    vb = panel.plot.vb
    boxes = []
    for i in range(racks):
        corners = [panel._view_xy(i + dx, y) for dx in (-0.4, 0.4) for y in (0.0, kw)]
        points = [vb.mapViewToScene(QPointF(x, y)) for x, y in corners]
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        boxes.append(QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return boxes


@pytest.mark.parametrize(("racks", "kw", "horizontal", "size"),
                         [(1, 8.0, False, (440, 300)), (4, 7.27, False, (330, 260)), (24, 5.82, True, (330, 300))])
def test_a_limit_label_leaves_the_bars_clear(shown_chart, racks, kw, horizontal, size) -> None:
    chart = shown_chart(*size)
    chart.set_spec(rack_spec(racks, kw, horizontal))
    flush()
    panel = chart.panels[0]
    line = next(line for line in (*panel._hlines, *panel._vlines) if line.isVisible())
    assert line.label.isVisible()
    label = line.label.sceneBoundingRect().adjusted(2, 2, -2, -2)  # the text item's own margin
    over = [i for i, box in enumerate(bar_boxes(panel, kw, racks)) if box.intersects(label)]
    assert not over, (f"'{line.label.toPlainText()}' at {label} over bars {over}")


@pytest.mark.parametrize(("racks", "height"), [(24, 300), (6, 300)])
def test_rack_names_down_the_side_do_not_print_over_each_other(shown_chart, racks, height) -> None:
    """The bank launch's 24 racks down a 1366 x 768 step 7 chart printed 'R01'…'R24' over each other: every few are
    named when all do not fit; a few racks are all named."""
    chart = shown_chart(330, height)
    chart.set_spec(rack_spec(racks, 5.82, True))
    flush()
    axis = chart.panels[0].plot.getAxis("left")
    texts = drawn_tick_labels(axis)
    rects = sorted((rect for rect, _text in texts), key=lambda r: r.top())
    assert len(rects) >= min(racks, 4)
    assert racks > 8 or len(rects) == racks
    assert not [(a, b) for a, b in zip(rects, rects[1:]) if a.bottom() > b.top() + 1], [t for _r, t in texts]


def test_a_log_latency_panel_is_drawn_on_a_log_scale(shown_chart) -> None:
    """The serving chart's latency panel (``ChartSpec.log_y2``) in the window; throughput above it stays linear."""
    spec = ChartSpec(kind="inference", title="Throughput and latency", x_label="Concurrent sequences", log_x=True,
                     y_label="Throughput", y_unit="tokens/s", y2_label="Latency", y2_unit="ms", log_y2=True,
                     series=[Series("Tokens/s", [1, 8, 64], [100, 500, 900], style="line"),
                             Series("TPOT", [1, 8, 64], [20, 25, 40], style="line", panel=1),
                             Series("TTFT", [1, 8, 64], [150, 300, 900], style="line", panel=1)],
                     hlines=[RefLine(60, "TPOT target 60 ms", "target", panel=1),
                             RefLine(4000, "TTFT target 4,000 ms", "target", panel=1)])
    chart = shown_chart(440, 360)
    chart.set_spec(spec)
    flush()
    assert chart.panels[1].plot.getAxis("left").logMode and not chart.panels[0].plot.getAxis("left").logMode
    low, high = chart.panels[1].plot.vb.viewRange()[1]
    assert low < 1.31 < 3.61 < high  # log10 of 20 ms and of the 4,000 ms target, both in view


@pytest.mark.parametrize("width", [330, 900])
def test_rack_headers_and_names_stay_within_their_racks(shown_chart, width) -> None:
    """Gov's seven racks in a 1366 x 768 step 7 tab printed their totals '7.27 / 8.4 kW' over each other and their
    servers' names across the next rack: a header drops its limit, then goes, where its rack is too narrow; a
    box's name goes (hovering the box names it). A wide chart shows every header whole."""
    from gpudesk.results.rack_layout_spec import RackBox, RackColumn, RackLayoutSpec

    racks = [RackColumn(f"R{i + 1:02d}", [RackBox("8 卡 Cambricon MLU370-X8 服务器", 8, 3.63) for _ in range(2)],
                        7.27, 8.4) for i in range(7)]
    chart = shown_chart(width, 300)
    chart.set_spec(RackLayoutSpec("机柜布局", racks))
    flush()
    panel = chart.racks
    headers = [h for h in panel._headers if h.isVisible()]
    rects = sorted((h.sceneBoundingRect().adjusted(3, 0, -3, 0) for h in headers), key=lambda r: r.left())
    assert not [(a, b) for a, b in zip(rects, rects[1:]) if a.right() > b.left()], [h.toPlainText() for h in headers]
    if width == 900:
        assert len(headers) == 7 and all(h.toPlainText() == "7.27 / 8.4 kW" for h in headers)
    vb = panel.plot.vb
    column = vb.width() * 0.8 / 7.2
    names = [label for labels in panel._box_labels.values() for label in labels if label.isVisible()]
    assert all(label.sceneBoundingRect().width() - 8 <= column for label in names), column
