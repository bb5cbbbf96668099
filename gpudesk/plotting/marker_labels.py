"""Reference lines' labels fitted to their room (``fit_ref_labels``), and marker labels inside their plot
(``keep_marker_labels_inside``), off the reference lines' labels."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from gpudesk.plotting.headroom import keep_headroom

if TYPE_CHECKING:
    from collections.abc import Callable

    from gpudesk.plotting.plot_panel import PlotPanel

MARKER_GAP = 10.0
"""Pixels between a marker's point and its label moved below it: half the marker symbol (18 px) and a little air."""


def keep_marker_labels_inside(panel: PlotPanel, taken: list[QtCore.QRectF] | None = None) -> None:
    """Place every marker's label inside its plot, which clips what reaches past its edges (step 5's "当前切分" above
    a point at the top of the scaling chart was cut in half under the title), and off the reference lines' labels
    in ``taken`` (the roadmap's "+2 个节点" was printed over a phase's name): above its point, else below it, else
    beside it, slid along the axis to stay inside; off the lines the plot draws where a place is (``LABELS_GIVE_WAY``);
    a label wider than the plot is shortened with "…" (its whole text in its tool tip). Where no place is free (the
    Roadmap dock's 47 px plot, "+2 个节点" at the start of a phase whose name runs along the top), the label is not
    shown: painted over the phase's name it hid the name's start ("…腾 910B 上私有化推理"); the marker's star stays,
    and hovering it shows the label. A resize with room again shows it."""
    box = panel.plot.vb.sceneBoundingRect()
    panel.labels_placed_for = _placement_key(panel.plot.vb)
    if box.width() <= 0 or box.height() <= 0:
        return
    taken = list(taken or ())
    labels = panel._marker_labels[: len(panel.markers)]
    points = [panel.plot.vb.mapViewToScene(text.pos()) for text in labels]  # each marker's point (its label's anchor)
    lines = drawn_segments(panel)
    for i, text in enumerate(labels):
        if not (text.isVisible() or getattr(text, "gpudesk_crowded", False)):
            continue
        full = getattr(text, "gpudesk_text", None) or text.toPlainText()
        text.gpudesk_text = full
        metrics = QtGui.QFontMetricsF(text.textItem.font())
        room = box.width() - 8
        shown = full if metrics.horizontalAdvance(full) <= room else metrics.elidedText(
            full, QtCore.Qt.TextElideMode.ElideRight, room)
        text.setPlainText(shown)
        text.setToolTip(full if shown != full else "")
        # where the label lands, from its point and its size: a text item places itself only when it is painted
        point, others = points[i], points[:i] + points[i + 1:]
        size = text.textItem.boundingRect().size()
        if size.width() <= 0 or size.height() <= 0:
            continue
        side = 1.0 if point.x() > box.center().x() else 0.0  # in the right half it extends leftwards
        margin = text.textItem.document().documentMargin()
        places = [_slid(point, size, box, ax, ay) for ax, ay in _candidates(side, size, margin)]
        inside = [(ax, ay, rect) for ax, ay, rect in places if box.contains(rect)] or places[:1]
        free = [place for place in inside if not any(place[2].intersects(other) for other in taken)
                and not _over_markers(place[2].adjusted(margin, margin, -margin, -margin), others)]
        clear = [place for place in free if not _over_lines(place[2], lines)]  # off the lines where it can be
        give_way = panel.kind in LABELS_GIVE_WAY
        free = clear if clear or give_way else free
        below = [place for place in _below_taken(point, size, box, places[1], taken)
                 if not (give_way and _over_lines(place[2], lines))]
        chosen = [place for place in free if _nearest_its_own(place[2], point, others)][:1] or free or below
        text.gpudesk_crowded = not chosen
        text.setVisible(bool(chosen))
        if not chosen:
            continue
        ax, ay, rect = chosen[0]
        taken.append(rect)
        if (ax, ay) != (text.anchor.x(), text.anchor.y()):
            text.setAnchor((ax, ay))


LABELS_GIVE_WAY = frozenset({"timeline"})
"""Chart kinds whose marker labels give way to the lines drawn where no place off them is free, as to the phase names:
a roadmap's trigger ('+2 nodes when …') is told by its star and its hover, and beside the star it hid the GPU line
running on from it (the gov plan's Roadmap dock, walk-23). Elsewhere a label keeps off the lines where it can and
covers one where it cannot (a label as wide as the scaling chart crosses its curve)."""
MARKER_HALF = 9.0
"""Half a marker's symbol (18 px): a label's text keeps off the square it is drawn in."""
LINE_CLEAR = 3.0
"""Pixels between a marker's point and the box of its label beside its symbol, above the line it sits on: the line
(2 px) stays in sight."""
LABEL_MARGIN = 2.0
"""Pixels of a marker label's fill around its text (Qt's document margin, 4 px by default): the Roadmap dock's GPU
plot has room for the label above its star, under the phase names, only with the tighter box."""
ATTRIBUTION_MARGIN = 4.0
"""Pixels by which another marker may be nearer a label than its own (as the window audit allows)."""


def _over_markers(text: QtCore.QRectF, points: list[QtCore.QPointF]) -> bool:
    """Whether a label's ``text`` (its box less the document's margin) covers one of the markers at ``points``."""
    return any(text.intersects(QtCore.QRectF(p.x() - MARKER_HALF, p.y() - MARKER_HALF, 2 * MARKER_HALF, 2 * MARKER_HALF))
               for p in points)


def drawn_segments(panel: PlotPanel) -> list[QtCore.QLineF]:
    """The straight pieces of every line the panel draws (its series' curves as painted: a step's treads and risers),
    in scene coordinates; a scatter's points and a hidden series draw none."""
    segments = []
    for item in panel._curves:
        curve = item.curve
        if not (item.isVisible() and curve.isVisible()) or curve.opts.get("pen") is None:
            continue
        path = curve.mapToScene(curve.getPath())
        last = None
        for i in range(path.elementCount()):
            element = path.elementAt(i)
            here = QtCore.QPointF(element.x, element.y)
            if last is not None and element.isLineTo() and here != last:
                segments.append(QtCore.QLineF(last, here))
            last = here
    return segments


def _over_lines(rect: QtCore.QRectF, segments: list[QtCore.QLineF]) -> bool:
    """Whether a label's box ``rect`` covers a piece of a drawn line (the gov roadmap's '+2 nodes …' beside its star
    lay over the GPU line running on from it, to its right)."""
    for segment in segments:
        p1, p2 = segment.p1(), segment.p2()
        if max(p1.x(), p2.x()) < rect.left() or min(p1.x(), p2.x()) > rect.right() \
                or max(p1.y(), p2.y()) < rect.top() or min(p1.y(), p2.y()) > rect.bottom():
            continue  # wholly to one side of the box
        if rect.contains(p1) or rect.contains(p2):
            return True
        corners = (rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft())
        if any(segment.intersects(QtCore.QLineF(corners[k], corners[(k + 1) % 4]))[0]
               == QtCore.QLineF.IntersectionType.BoundedIntersection for k in range(4)):
            return True
    return False


def _distance(rect: QtCore.QRectF, point: QtCore.QPointF) -> float:
    dx = max(rect.left() - point.x(), 0.0, point.x() - rect.right())
    dy = max(rect.top() - point.y(), 0.0, point.y() - rect.bottom())
    return math.hypot(dx, dy)


def _nearest_its_own(rect: QtCore.QRectF, point: QtCore.QPointF, others: list[QtCore.QPointF]) -> bool:
    """Whether a label at ``rect`` is nearer its own ``point`` than any of the ``others`` (within the margin): a
    reader takes a label for the nearest marker's."""
    own = _distance(rect, point)
    return all(_distance(rect, other) + ATTRIBUTION_MARGIN >= own for other in others)


def _candidates(ax: float, size: QtCore.QSizeF, margin: float) -> list[tuple[float, float]]:
    """Anchors to try, best first: above the point and below it, clear of its symbol, just above it past its symbol,
    to its right, to its left, then a line and two lines higher above it (past a neighbour's label: the bank plan's
    trade-off chart hid the label of the plan's own point, beside the recommended one in the corner, having no other
    free place), then a line and two lines lower (a point at the plot's top, another marker's label below it)."""
    # above its point the text (inside the box's ``margin``) clears its symbol by a pixel: right above it, the
    # roadmap's '+1 node when …' lay over its own star and, with its fill, over the GPU line the star sits on
    below, above = -MARKER_GAP / size.height(), 1.0 + max(MARKER_HALF + 1.0 - margin, 0.0) / size.height()
    # where that is not free (the Roadmap dock's GPU plot, phase names along its top, has few pixels to spare): just
    # above the line, starting past the symbol, on the side the label runs to
    past = -(MARKER_HALF + 2.0) / size.width() if ax == 0.0 else 1.0 + (MARKER_HALF + 2.0) / size.width()
    # and just under it (the gov roadmap's star on its GPU line, the phase names above: above, the label covered a
    # name; beside, the line running on from the star)
    return [(ax, above), (ax, below), (past, 1.0 + LINE_CLEAR / size.height()), (past, -LINE_CLEAR / size.height()),
            (-MARKER_GAP / size.width(), 0.5),
            (1.0 + MARKER_GAP / size.width(), 0.5),
            (ax, 2.0 + 2.0 / size.height()), (ax, 3.0 + 4.0 / size.height()), (ax, below - 1.0 - 2.0 / size.height()),
            (ax, below - 2.0 - 4.0 / size.height())]


def _slid(point: QtCore.QPointF, size: QtCore.QSizeF, box: QtCore.QRectF, ax: float,
          ay: float) -> tuple[float, float, QtCore.QRectF]:
    """The anchor and the rectangle of a label anchored ``(ax, ay)`` at ``point``, slid along the x axis into ``box``
    when it pokes out of a side (over its point). A label beside its point (``ay`` 0.5) is not slid: slid, it lay
    over its own marker (the roadmap's '+2 个节点' under its star at 1366 x 768); it stays outside and is passed over."""
    left, top = point.x() - ax * size.width(), point.y() - ay * size.height()
    if ay != 0.5 and (left < box.left() or left + size.width() > box.right()):
        left = max(box.left() + 1, min(left, box.right() - 1 - size.width()))
        ax = (point.x() - left) / size.width()
    return ax, ay, QtCore.QRectF(left, top, size.width(), size.height())


def _below_taken(point: QtCore.QPointF, size: QtCore.QSizeF, box: QtCore.QRectF,
                 below: tuple[float, float, QtCore.QRectF],
                 taken: list[QtCore.QRectF]) -> list[tuple[float, float, QtCore.QRectF]]:
    """The place under its point moved further down past the labels it would cover (the roadmap's "+2 nodes" under
    a phase name at the top of the plot), if it still fits inside the plot; else nothing."""
    ax, _ay, rect = below
    for _ in range(len(taken)):
        hit = [other for other in taken if rect.intersects(other)]
        if not hit:
            return [(ax, (point.y() - rect.top()) / size.height(), rect)] if box.contains(rect) else []
        rect = QtCore.QRectF(rect.left(), max(o.bottom() for o in hit) + 2.0, rect.width(), rect.height())
    return []


def _placement_key(vb: pg.ViewBox) -> tuple[float, ...]:
    """Where the plot's box sits and what range it shows: the labels placed for one key fit it."""
    box, ((x0, x1), (y0, y1)) = vb.sceneBoundingRect(), vb.viewRange()
    return box.x(), box.y(), box.width(), box.height(), x0, x1, y0, y1


def refit_when_the_plot_moves(panel: PlotPanel, refit: Callable[[PlotPanel], None]) -> None:
    """Place the labels again when the plot's box or range has moved since they were placed: an axis that widens
    once its ticks are drawn, or a pan or zoom, moved a point and its label with it, and a label placed to run
    rightwards from a point then in the left half ran past the right edge ('方案' on the bank plan's step 6
    search chart, cut 5 px by its plot at 1366 x 768 in a loaded test run). Checked once per turn of the event loop,
    after the change: a new chart's own range change is followed by its own placement, which the check then finds
    current, so an edit does not place its labels twice."""
    vb = panel.plot.vb
    timer = QtCore.QTimer(vb)  # deleted with the plot, so a check never reaches a closed chart
    timer.setSingleShot(True)
    timer.setInterval(0)

    def check() -> None:
        if panel.labels_placed_for != _placement_key(vb):
            refit(panel)

    timer.timeout.connect(check)
    vb.sigResized.connect(lambda _vb: timer.start())
    vb.sigRangeChanged.connect(lambda *_: timer.start())


def fit_ref_labels(panel: PlotPanel) -> None:
    """Keep every reference line's label inside the plot and off its neighbours: a line near the top is
    labelled below it, an upright line to the side with more room, each label shortened with "…" to the
    room before the next line or the edge (the whole text is its tool tip)."""
    keep_headroom(panel)  # the room above the values for the labels, at the plot's height now
    vb = panel.plot.vb
    box = vb.sceneBoundingRect()
    if box.width() <= 0 or box.height() <= 0:
        return
    shown = [line for line in (*panel._hlines, *panel._vlines) if line.isVisible() and hasattr(line, "gpudesk_text")]
    upright = sorted((line for line in shown if line.angle % 180 == 90),
                     key=lambda line: vb.mapViewToScene(QtCore.QPointF(line.value(), 0)).x())
    xs = [vb.mapViewToScene(QtCore.QPointF(line.value(), 0)).x() for line in upright]
    taken = 0.0  # what the previous line's label uses of the gap to this line (labelled to its right)
    for i, line in enumerate(upright):
        right = (xs[i + 1] if i + 1 < len(xs) else box.right()) - xs[i] - 6
        left = xs[i] - (xs[i - 1] if i > 0 else box.left()) - 6 - taken
        to_right = right >= min(left, 120) or right >= 80
        line.label.anchors = [(0, 0), (0, 0)] if to_right else [(1, 0), (1, 0)]
        used = _set_label_text(line, max(right if to_right else left, 0.0))
        taken = used + 10 if to_right else 0.0  # the label's fill reaches a few pixels past its text
    placed: list[QtCore.QRectF] = []
    for line in shown:
        if line.angle % 180 != 0:
            continue
        _place_level_label(line, box, placed)
        if line.label.isVisible():
            placed.append(line.label.sceneBoundingRect())
    keep_marker_labels_inside(panel, [line.label.sceneBoundingRect() for line in shown if line.label.isVisible()])


LEVEL_LABEL_LEFT = 0.03
"""Where along its line a level line's label goes when its own place (the right end, staggered) is taken: the
left end."""


def _place_level_label(line: pg.InfiniteLine, box: QtCore.QRectF, placed: list[QtCore.QRectF]) -> None:
    """A level line's label above its line where the plot has the room, else under it, off the labels ``placed``
    before it: at its own place near the right end, else on the other side of its line, else at the left end;
    where all are taken it is not shown and its line's tool tip says it (the serving chart's ~60 px latency panel at
    1366×768 printed 'TTFT target 4,000 ms' over 'TPOT target 60 ms')."""
    y = line.getViewBox().mapViewToScene(QtCore.QPointF(0, line.value())).y()
    height = QtGui.QFontMetricsF(line.label.textItem.font()).height() + 4
    above = y - box.top() >= height
    sides = [above, not above] if (box.bottom() - y if above else y - box.top()) >= height else [above]
    own = getattr(line, "gpudesk_along", line.label.orthoPos)  # where ``reference_marks.draw_reflines`` put it
    for along, edge in ((own, 1), (LEVEL_LABEL_LEFT, 0)):
        for side in sides:
            line.label.setPosition(along)
            line.label.anchors = [(edge, 1 if side else 0)] * 2
            if not _set_label_text(line, box.width() * 0.9):
                return
            rect = line.label.sceneBoundingRect().adjusted(2, 2, -2, -2)  # the text item's own margin
            if not any(rect.intersects(other) for other in placed):
                return
    line.label.setPosition(own)
    line.label.setVisible(False)
    line.setToolTip(line.gpudesk_text)


def _set_label_text(line: pg.InfiniteLine, room: float) -> float:
    """Show the label shortened to ``room`` pixels; its shown width. Where not even a letter and "…" fit, the label
    is hidden and its line carries the whole text as its tool tip: an empty label still painted its fill, a blank
    box at the roadmap's first phase (three months wide at 1366 x 768)."""
    full = line.gpudesk_text
    metrics = QtGui.QFontMetricsF(line.label.textItem.font())
    shown = full if metrics.horizontalAdvance(full) <= room else metrics.elidedText(
        full, QtCore.Qt.TextElideMode.ElideRight, room)
    line.label.setVisible(shown not in ("", "…"))
    line.setToolTip("" if line.label.isVisible() else full)
    if not line.label.isVisible():
        return 0.0
    line.label.setFormat(shown.replace("{", "{{").replace("}", "}}"))
    line.label.setToolTip(full if shown != full else "")
    line.label.updatePosition()
    return metrics.horizontalAdvance(shown)
