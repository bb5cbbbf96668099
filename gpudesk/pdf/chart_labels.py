"""Where a PDF chart's labels go: the names of its vertical reference lines (the roadmap's phases) and its
markers' labels, each inside the chart and clear of the labels placed before it.

A vertical line's name sits beside the line, in the room before the next line, on up to two lines; only where
that room is too narrow for a few words does it take the room up to the chart's edge, one line further down than
what it would cover. A marker's label goes beside its point, above or below it, clear of the lines' names and the
other markers' labels (the roadmap's "+2 个节点" was printed over the phase name "（W8A8）", and the first phase's
name ran under the second phase's line and marker).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6 import QtCore, QtGui

from gpudesk.pdf.styles import Metrics, wrap

MIN_ROOM_PT = 60.0  # narrower than this before the next line, a name takes the room to the chart's edge instead
AXIS_CLEAR_PT = 4.0
"""Labels keep this far inside the chart's axes (its left and bottom edges), so 7 pt from the tick labels printed 3 pt
outside them: the gov roadmap's "+2 nodes when requests per day exceed 3,000,000", clamped to the chart's left edge,
began on the GPU axis right after its '200'."""


def label_room(r: QtCore.QRectF) -> QtCore.QRectF:
    """The part of a chart's plotting area ``r`` its labels (lines' names, markers' labels) may fill: clear of the
    axes and their tick labels by ``AXIS_CLEAR_PT``."""
    return r.adjusted(AXIS_CLEAR_PT, 0, 0, -AXIS_CLEAR_PT)


def elide(m: Metrics, text: str, width: float) -> str:
    """``text`` shortened with "…" to ``width`` (empty where not even one letter and "…" fit)."""
    if m.width(text) <= width:
        return text
    while text and m.width(text + "…") > width:
        text = text[:-1]
    return text + "…" if text else ""


def two_lines(m: Metrics, text: str, width: float) -> list[str]:
    """``text`` on at most two lines of ``width`` (the second shortened only when two lines cannot hold it)."""
    lines = wrap(m, text, width)
    if len(lines) <= 2:
        return lines
    return [lines[0], elide(m, " ".join(lines[1:]), width)]


def _clear_below(box: QtCore.QRectF, taken: list[QtCore.QRectF], step: float, bottom: float) -> QtCore.QRectF:
    while any(box.intersects(t) for t in taken) and box.bottom() + step <= bottom:
        box.moveTop(box.top() + step)
    return box


def vline_label_boxes(m: Metrics, lines: list[tuple[float, str]], r: QtCore.QRectF
                      ) -> list[tuple[list[str], QtCore.QRectF]]:
    """For each vertical line (its x on the page and its name, sorted by x) the text lines of its name and the box
    they fill, in order; a line with an empty name gets none."""
    out: list[tuple[list[str], QtCore.QRectF]] = []
    taken: list[QtCore.QRectF] = []
    for i, (x, name) in enumerate(lines):
        if not name:
            continue
        room = (lines[i + 1][0] if i + 1 < len(lines) else r.right()) - x - 6
        before = x - (lines[i - 1][0] if i > 0 else r.left()) - 6  # the last line at the chart's right edge
        if room >= MIN_ROOM_PT or room >= before:
            text = two_lines(m, name, room) if room >= MIN_ROOM_PT else [elide(m, name, max(r.right() - x - 4, 30.0))]
            width = max(m.width(t) for t in text) + 2
            left = min(x + 1, r.right() - width)
        else:  # named to its left ("KV cache full at 115 sequences" ended a serving curve as 'KV cac…')
            text = two_lines(m, name, before) if before >= MIN_ROOM_PT else [elide(m, name, max(before, 30.0))]
            width = max(m.width(t) for t in text) + 2
            left = max(x - 1 - width, r.left())
        box = _clear_below(QtCore.QRectF(left, r.top() + 1, width, m.line_height * len(text)), taken,
                           m.line_height, r.bottom())
        taken.append(box)
        out.append((text, box))
    return out


def hline_label_box(m: Metrics, text: str, y: float, r: QtCore.QRectF,
                    drawn: list[QtGui.QPainterPath]) -> QtCore.QRectF:
    """Where a horizontal line's name goes: at the chart's right end above the line (below it at the top edge), else
    where it covers no drawn line (right below, left above, left below): its white box hid the serving curve's last
    segments under "TPOT target 60 ms". Where every place covers one (the serving chart's two latency lines run
    within a label's height of the TPOT target), the first moved away from its line until it covers none."""
    w, h = m.width(text) + 3, m.line_height
    tops = [y - h - 0.5, y + 1] if y - h - 1 > r.top() else [y + 1, y - h - 0.5]
    places = [QtCore.QRectF(left, top, w, h) for left in (r.right() - w - 1, r.left() + 2) for top in tops]
    inside = [box for box in places if r.contains(box)] or places[:1]
    clear = next((box for box in inside if not any(path.intersects(box) for path in drawn)), None)
    if clear is not None:
        return clear
    box, step = QtCore.QRectF(inside[0]), (-1.0 if inside[0].top() < y else 1.0)
    while r.contains(box.translated(0, step)) and any(path.intersects(box) for path in drawn):
        box.translate(0, step)
    return box if not any(path.intersects(box) for path in drawn) else inside[0]


NEAR_PT = 6.0
"""A marker's label within this distance of its point reads as that point's; one placed further away is joined to its
point by a leader line (``leader``)."""
DOT_PT = 4.0  # half the side of the square a marker's dot keeps free of labels


def distance(box: QtCore.QRectF, x: float, y: float) -> float:
    """From the point (x, y) to the nearest edge of ``box`` (0 inside it)."""
    dx = max(box.left() - x, 0.0, x - box.right())
    dy = max(box.top() - y, 0.0, y - box.bottom())
    return math.hypot(dx, dy)


def leader(box: QtCore.QRectF, x: float, y: float) -> QtCore.QLineF | None:
    """The line from a marker's point to its label placed away from it (None when the label is beside its point)."""
    if distance(box, x, y) <= NEAR_PT:
        return None
    return QtCore.QLineF(x, y, min(max(x, box.left()), box.right()), min(max(y, box.top()), box.bottom()))


def _places(x: float, y: float, w: float, h: float) -> list[QtCore.QRectF]:
    """Where a marker's label may go, nearest first: right of the point, left of it, above and below (right, left,
    centred), then further up and down a line at a time."""
    near = [(x + 5, y - h / 2), (x - 5 - w, y - h / 2), (x + 2, y - h - 5), (x - 2 - w, y - h - 5),
            (x - w / 2, y - h - 5), (x + 2, y + 5), (x - 2 - w, y + 5), (x - w / 2, y + 5)]
    far = [(left, top) for n in range(1, 7) for left, top in
           ((x - w / 2, y - h - 5 - n * h), (x - w / 2, y + 5 + n * h), (x + 2, y - h - 5 - n * h),
            (x - 2 - w, y - h - 5 - n * h))]
    return [QtCore.QRectF(left, top, w, h) for left, top in near + far]


def marker_label_box(m: Metrics, text: str, x: float, y: float, r: QtCore.QRectF, taken: list[QtCore.QRectF],
                     drawn: Sequence[QtGui.QPainterPath] = (), points: Sequence[tuple[float, float]] = ()
                     ) -> QtCore.QRectF:
    """Where a marker's label goes: the nearest place beside its point (``_places``) inside the chart, clear of the
    labels placed before (``taken``), of the drawn lines (``drawn``) and of every marker's dot (``points``, its own
    included), and nearer its own point than any other marker's; where no place is clear of the lines, one that is
    clear of the rest. The bank proposal's trade-off chart printed 方案 over 推荐 above and left of two points 30 pt
    apart, neither beside its own point, and 推荐 across the Pareto front: a reader could not tell which label named
    which point. A label that ends up away from its point is joined to it by a line (``leader``)."""
    w, h = m.width(text), m.line_height
    others = [(px, py) for px, py in points if abs(px - x) > 0.01 or abs(py - y) > 0.01]
    dots = [QtCore.QRectF(px - DOT_PT, py - DOT_PT, 2 * DOT_PT, 2 * DOT_PT) for px, py in [*others, (x, y)]]

    def clear(box: QtCore.QRectF, of_lines: bool) -> bool:
        return (r.contains(box) and not any(box.intersects(t) for t in [*taken, *dots])
                and all(distance(box, x, y) < distance(box, px, py) for px, py in others)
                and not (of_lines and any(path.intersects(box) for path in drawn)))

    places = [box.translated(min(max(box.left(), r.left()), r.right() - w) - box.left(), 0)  # inside, left-right
              for box in _places(x, y, w, h)]
    for of_lines in (True, False):
        found = next((box for box in places if clear(box, of_lines)), None)
        if found is not None:
            return found
    return _clear_below(places[0] if r.contains(places[0]) else QtCore.QRectF(x - w / 2, y - h - 4, w, h),
                        taken, h, r.bottom())
