"""Where a PDF chart's labels go: the names of its vertical reference lines (the roadmap's phases) and its
markers' labels, each inside the chart and clear of the labels placed before it.

A vertical line's name sits beside the line, in the room before the next line, on up to two lines; only where
that room is too narrow for a few words does it take the room up to the chart's edge, one line further down than
what it would cover. A marker's label goes beside its point, above or below it, clear of the lines' names and the
other markers' labels (the roadmap's "+2 个节点" was printed over the phase name "（W8A8）", and the first phase's
name ran under the second phase's line and marker).
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui

from gpudesk.pdf.styles import Metrics, wrap

MIN_ROOM_PT = 60.0  # narrower than this before the next line, a name takes the room to the chart's edge instead


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


def marker_label_box(m: Metrics, text: str, x: float, y: float, r: QtCore.QRectF,
                     taken: list[QtCore.QRectF]) -> QtCore.QRectF:
    """Where a marker's label goes: beside its point (right, else left), above it, else below it, inside the chart
    and clear of ``taken``; where every such place is taken, a line higher up (two points in the bottom corner, the
    bank proposal's 推荐 and 方案, were printed over each other), else further down past what it would cover."""
    w, h = m.width(text), m.line_height
    sides = [x + 5, x - 5 - w] if x + 5 + w < r.right() else [x - 5 - w, x + 5]
    tops = [y - h - 1, y + 3] if y - h - 1 > r.top() else [y + 3, y - h - 1]
    tops += [y - h - 1 - n * h for n in range(1, 4)]
    for ly in tops:
        for lx in sides:
            box = QtCore.QRectF(lx, ly, w, h)
            if r.contains(box) and not any(box.intersects(t) for t in taken):
                return box
    return _clear_below(QtCore.QRectF(sides[0], tops[0], w, h), taken, h, r.bottom())
