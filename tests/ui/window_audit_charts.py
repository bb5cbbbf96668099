"""The window audit's chart checks (no tests here): an axis title cut short, a marker or reference-line label cut
by its plot's edge, a chart drawn wider or taller than its view."""

from __future__ import annotations

import html
import math
from collections.abc import Iterator

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPicture
from PySide6.QtWidgets import QWidget
from tick_notations import two_notations
from window_audit_finding import Finding

from gpudesk.plotting.view import ChartView

SAMPLES_PER_SEGMENT = 40
"""Points read along each segment of a drawn line: a label a few pixels wide over a month-long step is met."""
TICK_OVERLAP = 3
"""Pixels two tick labels' boxes down a vertical axis may overlap before their words touch: a line's box holds air
above and below its glyphs (the Roadmap dock's '800' and '600' boxes overlap by 2 px and read apart)."""
TICK_SPACE = 3
"""Pixels two tick labels along a horizontal axis keep between them (their boxes are as wide as their words): closer,
'80' and '100' read as '80100' (a value axis 100 px long under eight accelerators' names at 300 px)."""


def chart_views(root: QWidget, with_root: bool = True) -> list[ChartView]:
    """The charts of ``root``'s tree (``root`` too when it is one and ``with_root``). One typed search instead of
    asking each of a window's ~1,300 widgets whether it has a chart's attributes (PySide looks a missing
    attribute up slowly): ChartView is the only widget with ``panels``, ``graphics`` and ``visible_texts``."""
    return [*([root] if with_root and isinstance(root, ChartView) else []), *root.findChildren(ChartView)]


def shown_axes(root: QWidget, with_root: bool = True) -> Iterator[tuple[ChartView, str, object]]:
    """(chart, "left" or "bottom", axis) for every axis on screen: a shown chart's shown panel's shown axis, the walk
    every axis check of this module makes."""
    for view in chart_views(root, with_root):
        if not view.isVisible():
            continue
        for panel in view.panels:
            if not panel.plot.isVisible():
                continue
            for name in ("left", "bottom"):
                axis = panel.plot.getAxis(name)
                if axis.isVisible():
                    yield view, name, axis


def chart_defects(root: QWidget) -> list[Finding]:
    """Every chart check of this module on ``root``'s charts: what the window audit and the dialogs' audit run."""
    return cut_axis_titles(root) + labels_outside_plots(root) + charts_wider_than_their_view(root) \
        + tick_labels_over_each_other(root) + axes_in_two_notations(root) + legends_over_plots_or_cut(root) \
        + cut_chart_titles(root)


def cut_axis_titles(root: QWidget) -> list[Finding]:
    """Charts whose axis title is shortened with "…" ("Mont…" for "Monthly spend (CNY)" in the roadmap dock):
    a title that does not fit its axis breaks before its unit onto a second line, and is cut only when even that
    does not fit."""
    found = []
    for view, name, axis in shown_axes(root, with_root=False):
        full, shown = getattr(axis, "gpudesk_full_title", None), getattr(axis, "gpudesk_shown_title", None)
        if full and shown and shown != full and shown.endswith("…"):
            found.append(Finding(f"{type(view).__name__}#{view.objectName()} {name} axis", f"{shown} ({full})",
                                 "an axis title cut short"))
    return found


def cut_chart_titles(root: QWidget) -> list[Finding]:
    """Charts whose title is shortened with "…" or drawn past the chart's edges: the English what-if chart at 1366 × 768
    read 'What moves cost of t… (plan: 34,912 USD)' (2026-12-04). A title that does not fit on one line takes two."""
    found = []
    for view in chart_views(root):
        title = view._title
        if not (view.isVisible() and title.isVisible() and title.text):
            continue
        full = getattr(title, "gpudesk_full_title", "") or title.text
        shown = html.unescape(title.text.replace("<br>", " "))
        where = f"{type(view).__name__}#{view.objectName()}"
        if "…" in shown and "…" not in full:
            found.append(Finding(where, full, "a chart title cut short", shown))
        rect = title.item.sceneBoundingRect()
        if rect.left() < -1 or rect.right() > view.graphics.width() + 1:
            found.append(Finding(where, full, "a chart title past its chart's edges",
                                 f"{rect.left():.0f}–{rect.right():.0f} in {view.graphics.width()}"))
    return found


def labels_outside_plots(root: QWidget) -> list[Finding]:
    """Charts whose marker or reference-line label reaches past its plot, which clips it (step 5's "当前切分" above a
    point at the top of the scaling chart was cut in half under the title). A label's glyphs sit its text
    document's margin (4 px) inside its bounding box: only a box past the edge by more than that cuts the text."""
    found = []
    for view in chart_views(root):
        if not view.isVisible():
            continue
        for panel in view.panels:
            plot = panel.plot.vb.sceneBoundingRect()
            if not panel.plot.isVisible() or plot.width() <= 2 or plot.height() <= 2:
                continue
            labels = [*panel._marker_labels, *(line.label for line in (*panel._hlines, *panel._vlines))]
            for item in labels:
                text, rect = item.toPlainText(), item.sceneBoundingRect()
                margin = item.textItem.document().documentMargin()
                if item.isVisible() and text and not plot.adjusted(-margin, -margin, margin, margin).contains(rect):
                    found.append(Finding(f"{type(view).__name__}#{view.objectName()}", text,
                                         "a chart label cut by its plot's edge",
                                         f"{rect.left():.0f},{rect.top():.0f}–{rect.right():.0f},{rect.bottom():.0f} "
                                         f"outside {plot.left():.0f},{plot.top():.0f}–{plot.right():.0f},{plot.bottom():.0f}"))
            found += labels_over_lines(view, panel) + markers_cut_at_the_top(view, panel) \
                + labels_nearer_another_marker(view, panel) + labels_over_other_markers(view, panel)
    return found


def labels_over_lines(view: ChartView, panel) -> list[Finding]:
    """An upright reference line's label drawn over a line the plot draws (the Roadmap dock's 1-GPU line hidden
    behind the phase name "Dedicated inference in production"; the label's fill hides what is under it)."""
    found = []
    vb = panel.plot.vb
    for line in panel._vlines:
        if not (line.isVisible() and line.label.isVisible() and line.label.toPlainText()):
            continue
        box = vb.mapSceneToView(line.label.sceneBoundingRect().adjusted(1, 1, -1, -1)).boundingRect()  # view units
        for drawn in panel.drawn:
            if not drawn.item.isVisible() or drawn.series.style not in ("line", "step"):
                continue
            xs, ys = [float(v) for v in drawn.x], [float(v) for v in drawn.top]
            # a step holds y[i] from x[i] to x[i + 1] and rises there to y[i + 1]; a line runs from point to point
            ends = [(xs[i], ys[i], xs[i + 1], ys[i if drawn.series.style == "step" else i + 1])
                    for i in range(len(xs) - 1)]
            if drawn.series.style == "step":
                ends += [(xs[i + 1], ys[i], xs[i + 1], ys[i + 1]) for i in range(len(xs) - 2)]
            left, right, top, bottom = box.left(), box.right(), box.top(), box.bottom()
            over = [(x0, y0) for x0, y0, x1, y1 in ends if any(
                left <= x0 + (x1 - x0) * k / SAMPLES_PER_SEGMENT <= right
                and top <= y0 + (y1 - y0) * k / SAMPLES_PER_SEGMENT <= bottom for k in range(SAMPLES_PER_SEGMENT + 1))]
            if over:
                found.append(Finding(f"{type(view).__name__}#{view.objectName()}", line.label.toPlainText(),
                                     f"a reference line's label over the line {drawn.series.name!r}",
                                     f"{drawn.series.name} {over[0][1]:g} from {over[0][0]:g}"))
    return found


def markers_cut_at_the_top(view: ChartView, panel) -> list[Finding]:
    """A marker's symbol (18 px) cut by its plot's top edge (the roadmap's phase stars at the highest GPU count)."""
    plot, vb = panel.plot.vb.sceneBoundingRect(), panel.plot.vb
    found = []
    for marker in panel.markers:
        x, y = (math.log10(v) if on and v > 0 else v for v, on in zip((marker.x, marker.y), panel._log, strict=True))
        at = vb.mapViewToScene(QPointF(*panel._view_xy(x, y)))
        if plot.left() <= at.x() <= plot.right() and at.y() - 9 < plot.top() - 0.5:
            found.append(Finding(f"{type(view).__name__}#{view.objectName()}", marker.label,
                                 "a marker cut by its plot's top edge", f"{at.y() - plot.top():.1f} px below it"))
    return found


def charts_wider_than_their_view(root: QWidget) -> list[Finding]:
    """Charts whose drawing is wider or taller than the view that shows it, which then shows its top-left part only
    (the English step-6 cost chart at 1366 × 768 kept the width its legend beside the plot once needed, and lost its
    last month and its legend past the right edge)."""
    found = []
    for view in chart_views(root):
        graphics = view.graphics
        if not view.isVisible() or not graphics.isVisible():
            continue
        drawn = graphics.ci.geometry()
        if drawn.width() > graphics.width() + 1 or drawn.height() > graphics.height() + 1:
            found.append(Finding(f"{type(view).__name__}#{view.objectName()}", view.spec.title if view.spec else "",
                                 "a chart drawn wider or taller than its view",
                                 f"{drawn.width():.0f}×{drawn.height():.0f} in {graphics.width()}×{graphics.height()}"))
    return found


def legends_over_plots_or_cut(root: QWidget) -> list[Finding]:
    """Charts whose legend is drawn over a plot (its axes included) or past the chart's edges, or whose entries are
    squeezed below their text's height or width: planned at 21 px a row where pyqtgraph draws 24 px and 18 px of
    margins, a legend below the plot took 27 px more than its room (2026-12-04)."""
    found = []
    for view in chart_views(root):
        legend = view.legend
        if not (view.isVisible() and legend.isVisible() and legend.items):
            continue
        where, rect = f"{type(view).__name__}#{view.objectName()}", legend.sceneBoundingRect()
        title = view.spec.title if view.spec else ""
        drawn = QRectF(0, 0, view.graphics.width(), view.graphics.height())
        if not drawn.adjusted(-1, -1, 1, 1).contains(rect):
            found.append(Finding(where, title, "a legend past its chart's edges", _box(rect) + " in " + _box(drawn)))
        for panel in view.panels:
            plot = panel.plot.sceneBoundingRect().adjusted(1, 1, -1, -1)
            if panel.plot.isVisible() and plot.intersects(rect):
                found.append(Finding(where, title, "a legend over its plot", f"{_box(rect)} over {_box(plot)}"))
        for _sample, label in legend.items:
            text, box = label.item.boundingRect(), label.geometry()
            if box.height() < text.height() - 0.5 or box.width() < text.width() - 0.5:
                found.append(Finding(where, label.text, "a legend entry squeezed below its text",
                                     f"{box.width():.0f}×{box.height():.0f} for {text.width():.0f}×{text.height():.0f}"))
    return found


def _box(rect: QRectF) -> str:
    return f"{rect.left():.0f},{rect.top():.0f}–{rect.right():.0f},{rect.bottom():.0f}"


def untyped_charts(root: QWidget) -> list[str]:
    """Widgets of ``root``'s tree with a chart's attributes that :func:`chart_views` does not find (none while
    ChartView is the only one): the audit's walks check this once per window, so the typed search checks the
    widgets the attribute test checked."""
    typed = {id(view) for view in chart_views(root)}
    return [f"{type(w).__name__}#{w.objectName()}" for w in (root, *root.findChildren(QWidget))
            if id(w) not in typed and (hasattr(w, "panels") or hasattr(w, "graphics")
                                       or callable(getattr(w, "visible_texts", None)))]



def tick_labels_over_each_other(root: QWidget) -> list[Finding]:
    """Charts whose tick labels are drawn over each other: the words pyqtgraph places along each shown axis
    (``AxisItem.generateDrawSpecs``, as its paint calls it) overlap their neighbours by more than a pixel. The gov
    sample's memory-fit chart at 1366 × 768 in Chinese drew six two-line accelerator names down a 95 px plot over
    each other (2026-12-04)."""
    found = []
    for view, name, axis in shown_axes(root):
        if view.spec is not None and axis.style["showValues"]:
            found += [Finding(f"{type(view).__name__}#{view.objectName()} {name} axis", view.spec.title,
                              "tick labels drawn over each other", detail)
                      for detail in overlapping_ticks(axis)[:1]]
    return found


def axes_in_two_notations(root: QWidget) -> list[Finding]:
    """Charts with an axis whose tick labels mix grouped digits and count words: the English startup plan's log cost
    axis read '100,000' under '1M' (2026-12-04). One notation per axis, chosen by its range."""
    found = []
    for view, name, axis in shown_axes(root):
        texts = [text for _rect, text in drawn_tick_labels(axis)] if view.spec is not None else []
        if axis.style["showValues"] and two_notations(texts):
            found.append(Finding(f"{type(view).__name__}#{view.objectName()} {name} axis", view.spec.title,
                                 "an axis in two notations", " ".join(dict.fromkeys(texts))))
    return found


def drawn_tick_labels(axis) -> list[tuple[QRectF, str]]:
    """(rectangle, text) of every tick label ``axis`` paints now: ``AxisItem.generateDrawSpecs`` on a scratch
    painter in the axis's tick font, as its own paint calls it."""
    picture = QPicture()
    painter = QPainter(picture)
    try:
        if axis.style["tickFont"]:
            painter.setFont(axis.style["tickFont"])
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(rect, text) for rect, _flags, text in (specs[2] if specs else ())]


def overlapping_ticks(axis) -> list[str]:
    """The tick labels of ``axis`` drawn over their neighbour along it, as "'a' over 'b' by n px"."""
    # pyqtgraph keeps 0.8 of a label's height ("boundingRect is usually just a bit too large") and centres the whole
    # text on it: two lines of Chinese overran that by 7 px above and below
    along = (lambda r: (r.center().y() - r.height() / 1.6, r.center().y() + r.height() / 1.6)) \
        if axis.orientation in ("left", "right") else (lambda r: (r.left(), r.right()))
    # a value at a tick of both levels (a log axis's 1M) is drawn twice in one place: one label
    texts = sorted({(along(rect), text) for rect, text in drawn_tick_labels(axis)}, key=lambda t: t[0])
    allowed = TICK_OVERLAP if axis.orientation in ("left", "right") else -TICK_SPACE
    return [f"{a!r} over {b!r} by {end - start:.1f} px".replace("\\n", " ")
            for ((_s, end), a), ((start, _e), b) in zip(texts, texts[1:]) if end - start > allowed]


ATTRIBUTION_MARGIN = 4
"""Pixels by which another marker may be nearer a marker's label than its own before a reader takes the label for the
other's (two markers a few pixels apart are told apart by their symbols, not their labels' places)."""


def marker_points(panel) -> list[QPointF]:
    """Where each of ``panel``'s markers is drawn, in scene pixels."""
    vb, points = panel.plot.vb, []
    for marker in panel.markers:
        x, y = (math.log10(v) if on and v > 0 else v for v, on in zip((marker.x, marker.y), panel._log, strict=True))
        points.append(vb.mapViewToScene(QPointF(*panel._view_xy(x, y))))
    return points


MARKER_HALF = 9
"""Half a marker's symbol (18 px)."""


def labels_over_other_markers(view: ChartView, panel) -> list[Finding]:
    """A marker's label drawn over another marker's symbol, hiding part of it and read as its label (the startup plan's
    '推荐配置' slid left over the plan's diamond beside its star at 1366 × 768, 2026-12-04), or over its own (the
    startup roadmap's '+1 node when items per day exceed 1,000,000' over its star, step 7 at 1920 × 1080)."""
    points, found = marker_points(panel), []
    for i, text in enumerate(panel._marker_labels[: len(points)]):
        if not (text.isVisible() and text.toPlainText()):
            continue
        margin = text.textItem.document().documentMargin()
        rect = text.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)
        over = [j for j, p in enumerate(points) if rect.intersects(
            QRectF(p.x() - MARKER_HALF, p.y() - MARKER_HALF, 2 * MARKER_HALF, 2 * MARKER_HALF))]
        if over:
            whose = "its own marker" if over[0] == i else "another marker"
            found.append(Finding(f"{type(view).__name__}#{view.objectName()}", text.toPlainText(),
                                 f"a marker's label over {whose}", f"over '{panel.markers[over[0]].label}'"))
    return found


def labels_nearer_another_marker(view: ChartView, panel) -> list[Finding]:
    """A marker's label nearer another marker than its own, which a reader then takes for the other's (the startup
    plan's trade-off chart put '推荐配置' over the plan's diamond beside the recommended star)."""
    found = []
    points = marker_points(panel)
    for i, text in enumerate(panel._marker_labels[: len(points)]):
        if not (text.isVisible() and text.toPlainText()):
            continue
        margin = text.textItem.document().documentMargin()
        rect = text.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)
        own = _distance(rect, points[i])
        for j, point in enumerate(points):
            if j != i and _distance(rect, point) + ATTRIBUTION_MARGIN < own:
                found.append(Finding(f"{type(view).__name__}#{view.objectName()}", text.toPlainText(),
                                     "a marker's label nearer another marker than its own",
                                     f"{own:.0f} px from its marker, {_distance(rect, point):.0f} px from "
                                     f"'{panel.markers[j].label}'"))
                break
    return found


def _distance(rect, point) -> float:
    dx = max(rect.left() - point.x(), 0.0, point.x() - rect.right())
    dy = max(rect.top() - point.y(), 0.0, point.y() - rect.bottom())
    return math.hypot(dx, dy)
