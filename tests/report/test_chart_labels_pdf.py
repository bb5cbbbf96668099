"""A printed chart's reference-line names and marker labels stay clear of each other and of the next line (the
gov proposal's roadmap printed '+2 个节点' over the phase name '（W8A8）', and the first phase's name ran under
the second phase's line and marker)."""

from __future__ import annotations

import itertools

from PySide6 import QtCore, QtGui

from gpudesk.pdf.chart_labels import (
    MIN_ROOM_PT,
    NEAR_PT,
    distance,
    hline_label_box,
    leader,
    marker_label_box,
    vline_label_boxes,
)
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.styles import Metrics

PHASE_1 = "上线：在寒武纪 MLU370-X8 上承载 72B 模型推理（W8A8）"
PHASE_2 = "扩容：在同一平台上增加第二条服务线"


def _metrics() -> Metrics:
    ensure_application()
    return Metrics(cjk_font_family(), 7.0)


def test_a_phase_name_stays_before_the_next_phase_line_and_a_marker_label_clear_of_both() -> None:
    m = _metrics()
    chart = QtCore.QRectF(40, 20, 460, 150)
    x1, x2 = 46.0, 200.0  # months 1 and 13 of 36: the name of phase 1 is wider than the 154 pt between them
    assert m.width(PHASE_1) > x2 - x1
    placed = vline_label_boxes(m, [(x1, PHASE_1), (x2, PHASE_2)], chart)
    (lines1, box1), (lines2, box2) = placed
    assert box1.right() <= x2 and len(lines1) == 2 and "".join(lines1).replace(" ", "") == PHASE_1.replace(" ", "")
    assert lines2 == [PHASE_2] and box2.left() >= x2
    taken = [box1, box2]
    marker = marker_label_box(m, "+2 个节点", x2 + 1, chart.top() + 4, chart, taken)  # the phase-2 point at the top
    assert chart.contains(marker)
    assert not any(marker.intersects(t) for t in taken)


def test_two_markers_in_the_bottom_corner_label_clear_of_each_other() -> None:
    """The bank proposal's trade-off chart put 推荐 and 方案 on two points 8 pt apart in its bottom right corner: with
    no room right of or below them, both labels went above-left and were printed over each other."""
    m = _metrics()
    chart = QtCore.QRectF(40, 20, 460, 150)
    taken: list[QtCore.QRectF] = []
    for x, text in ((chart.right() - 14, "推荐"), (chart.right() - 6, "方案")):
        box = marker_label_box(m, text, x, chart.bottom() - 2, chart, taken)
        assert chart.contains(box) and not any(box.intersects(t) for t in taken), (text, box, taken)
        taken.append(box)


def test_names_of_lines_too_close_for_a_few_words_move_down_instead_of_overlapping() -> None:
    m = _metrics()
    chart = QtCore.QRectF(0, 0, 400, 200)
    xs = [100.0, 100.0 + MIN_ROOM_PT / 3, 100.0 + 2 * MIN_ROOM_PT / 3]
    placed = vline_label_boxes(m, [(x, f"阶段 {i}：第二条业务线") for i, x in enumerate(xs)], chart)
    assert [len(lines) for lines, _ in placed] == [1, 1, 1]  # each on one line, up to the chart's edge
    for (_, a), (_, b) in itertools.combinations(placed, 2):
        assert not a.intersects(b)
    assert all(chart.contains(box) for _, box in placed)


def test_a_line_at_the_right_edge_is_named_to_its_left_and_a_target_name_hides_no_curve() -> None:
    """The serving chart's "KV cache full at 115 sequences" line ends the x axis: its name read 'KV cac…' in the few
    points right of it. The white box of "TPOT target 60 ms" hid the last segments of the two latency curves."""
    m = _metrics()
    chart = QtCore.QRectF(40, 20, 460, 80)
    name = "KV cache full at 115 sequences"
    ((lines, box),) = vline_label_boxes(m, [(chart.right() - 1, name)], chart)
    assert lines == [name] and box.right() <= chart.right() - 1 and chart.contains(box)
    curve = QtGui.QPainterPath(QtCore.QPointF(chart.left(), chart.bottom() - 6))
    curve.lineTo(chart.right(), chart.bottom() - 4)  # a latency curve just above its target line (2 pt high)
    stroke = QtGui.QPainterPathStroker()
    stroke.setWidth(1.5)
    drawn = [stroke.createStroke(curve)]
    target = hline_label_box(m, "TPOT target 60 ms", chart.bottom() - 2, chart, drawn)
    assert chart.contains(target) and not drawn[0].intersects(target)


def test_each_marker_label_names_its_own_point_clear_of_the_front() -> None:
    """The bank proposal's trade-off chart: the Pareto front runs down to the recommended point near the bottom right
    corner, the plan's point 30 pt right of it. Both labels went above-left of both points, 方案 over 推荐, and 推荐 across
    the front: nothing said which label named which point. Each label is now nearer its own point than the other,
    clear of the front, the other label and both dots, and joined to its point by a line when it is not beside it."""
    m = _metrics()
    chart = QtCore.QRectF(40, 20, 460, 150)
    rec, plan = (chart.right() - 44, chart.bottom() - 4), (chart.right() - 14, chart.bottom() - 4)
    front = QtGui.QPainterPath(QtCore.QPointF(chart.left() + 10, chart.top() + 5))
    front.lineTo(rec[0] - 60, rec[1] - 14)
    front.lineTo(*rec)
    stroke = QtGui.QPainterPathStroker()
    stroke.setWidth(1.5)
    drawn, points, taken = [stroke.createStroke(front)], [rec, plan], []
    for (x, y), text in ((rec, "推荐配置"), (plan, "当前方案")):
        box = marker_label_box(m, text, x, y, chart, taken, drawn, points)
        other = plan if (x, y) == rec else rec
        assert chart.contains(box) and not any(box.intersects(t) for t in taken), (text, box, taken)
        assert not drawn[0].intersects(box), (text, box)
        assert distance(box, x, y) < distance(box, *other), (text, box)
        assert not any(box.contains(QtCore.QPointF(*p)) for p in points)
        line = leader(box, x, y)
        assert (line is None) == (distance(box, x, y) <= NEAR_PT)
        taken.append(box)
