"""A PDF chart's reference lines and marked points (``chart_paint``): level lines across the plot named at their
right end, upright lines named beside them, markers as dots with labels kept off the lines and off each other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui

from gpudesk.pdf import styles as S
from gpudesk.pdf.chart_labels import hline_label_box, label_room, leader, marker_label_box, vline_label_boxes
from gpudesk.pdf.draw import colour, role_colour

if TYPE_CHECKING:
    from gpudesk.pdf.chart_paint import Frame, _Chart


def paint_refs(chart: _Chart, f: Frame, panel: int) -> None:
    """The panel's reference lines with their names on white, then its marked points with their labels, each label
    beside its own line or point and clear of the others and of the lines drawn (chart_labels.py)."""
    p = chart.p
    r = f.rect
    room = label_room(r)  # the lines run across the whole chart; their names and the markers' stay off the axes
    for h in (h for h in chart.spec.hlines if h.panel == panel):
        if not (f.y.low <= h.value <= f.y.high):
            continue
        y = f.py(h.value)
        pen = QtGui.QPen(colour(role_colour(h.color_role)), 1.0, QtCore.Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawLine(QtCore.QPointF(r.left(), y), QtCore.QPointF(r.right(), y))
        box = hline_label_box(chart.label, h.label, y, room, chart.drawn)
        p.fillRect(box, colour("#ffffff"))
        chart.text(chart.label, box.right() - 2, box.top(), h.label, role_colour(h.color_role), "right")
    shown = sorted((v for v in chart.spec.vlines if v.panel == panel and f.x.low <= v.value <= f.x.high),
                   key=lambda v: v.value)
    for v in shown:
        x = f.px(v.value)
        p.setPen(QtGui.QPen(colour(role_colour(v.color_role, "#7F7F7F")), 0.8, QtCore.Qt.PenStyle.DashLine))
        p.drawLine(QtCore.QPointF(x, r.top()), QtCore.QPointF(x, r.bottom()))
    # each line's name beside it, on white (the roadmap's GPU line at 664 ran through '扩容：第二条业务线'),
    # drawn after every line so that no later line runs through an earlier name (chart_labels.py)
    taken = []  # labels already placed: a marker's label moves clear of them
    for lines, box in vline_label_boxes(chart.label, [(f.px(v.value), v.label) for v in shown], room):
        p.fillRect(box, colour("#ffffff"))
        for n, line in enumerate(lines):
            chart.text(chart.label, box.left() + 1, box.top() + n * chart.label.line_height, line, S.MUTED)
        taken.append(box)
    shown_markers = [m for m in chart.spec.markers
                     if m.panel == panel and f.x.low <= m.x <= f.x.high and f.y.low <= m.y <= f.y.high]
    points = [(f.px(m.x), f.py(m.y)) for m in shown_markers]
    # only lines are drawn (chart.drawn): a white box would hide no bar, area or scattered point
    lines_only = all(s.style in ("line", "step") for s in chart.visible if s.panel == panel)
    for m, (x, y) in zip(shown_markers, points, strict=True):
        col = colour(role_colour(m.color_role, "#CC79A7"))
        p.setPen(QtGui.QPen(colour("#ffffff"), 0.8))
        p.setBrush(col)
        p.drawEllipse(QtCore.QPointF(x, y), 3.2, 3.2)
    for m, (x, y) in zip(shown_markers, points, strict=True):  # each label beside its own point (chart_labels.py)
        box = marker_label_box(chart.label, m.label, x, y, room, taken, chart.drawn, points)
        taken.append(box)
        if lines_only and not any(path.intersects(box) for path in chart.drawn):  # on white where it hides no
            p.fillRect(box, colour("#ffffff"))  # data: the roadmap's first label crosses the next phase's line
        joining = leader(box, x, y)
        if joining is not None:
            p.setPen(QtGui.QPen(colour(S.MUTED), 0.5))
            p.drawLine(joining)
        chart.text(chart.label, box.left(), box.top(), m.label, S.INK)
