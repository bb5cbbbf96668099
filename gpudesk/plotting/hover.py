"""What is under the mouse: the bar segment containing it, or the nearest
point (within a few pixels) of a visible series or marker."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore

from gpudesk.core.explain import format_value
from gpudesk.plotting.plot_panel import PlotPanel
from gpudesk.report.chart_text import unit_text
from gpudesk.results.chart_model import ChartSpec, Marker, Series

PICK_RADIUS_PX = 14.0
"""How far (screen pixels) the mouse may be from a point and still pick it."""


@dataclass(frozen=True)
class Hit:
    panel: int
    x: float
    y: float
    series: Series | None = None
    index: int = -1
    marker: Marker | None = None


def find_hit(spec: ChartSpec, panels: list[PlotPanel], scene_pos: QtCore.QPointF) -> Hit | None:
    for panel_index, panel in enumerate(panels):
        vb = panel.plot.vb
        if not panel.plot.isVisible() or not vb.sceneBoundingRect().contains(scene_pos):
            continue
        view = vb.mapSceneToView(scene_pos)
        px_w, px_h = vb.viewPixelSize()
        if px_w <= 0 or px_h <= 0:
            continue
        if panel.horizontal:  # drawn transposed: hit-test in the spec's own x/y
            return _hit_in_panel(spec, panel, panel_index, view.y(), view.x(), px_h, px_w)
        return _hit_in_panel(spec, panel, panel_index, view.x(), view.y(), px_w, px_h)
    return None


def _hit_in_panel(
    spec: ChartSpec, panel: PlotPanel, panel_index: int, vx: float, vy: float, px_w: float, px_h: float
) -> Hit | None:
    log_x, log_y = spec.log_x, spec.y_log(panel_index)
    best: tuple[float, Hit] | None = None
    for marker in panel.markers:
        mx, my = _to_view(np.array([marker.x]), log_x), _to_view(np.array([marker.y]), log_y)
        dist = math.hypot((mx[0] - vx) / px_w, (my[0] - vy) / px_h)
        if dist <= PICK_RADIUS_PX and (best is None or dist < best[0]):
            best = (dist, Hit(panel_index, marker.x, marker.y, marker=marker))
    if best is not None:
        return best[1]
    for drawn in reversed(panel.drawn):  # topmost first
        s = drawn.series
        if not drawn.item.isVisible() or not len(drawn.x):
            continue
        if s.style == "bar":
            inside = (
                (np.abs(drawn.x - vx) <= drawn.width / 2)
                & (vy >= np.minimum(drawn.base, drawn.top))
                & (vy <= np.maximum(drawn.base, drawn.top))
            )
            hits = np.flatnonzero(inside)
            if len(hits):
                i = int(hits[0])
                return Hit(panel_index, s.x[i], s.y[i], series=s, index=i)
            continue
        xs, ys = _to_view(drawn.x, log_x), _to_view(drawn.top, log_y)
        if s.style == "tick":
            dx = np.maximum(np.abs(xs - vx) - drawn.width / 2, 0.0) / px_w
        else:
            dx = (xs - vx) / px_w
        distances = np.hypot(dx, (ys - vy) / px_h)
        i = int(np.nanargmin(distances))
        if distances[i] <= PICK_RADIUS_PX and (best is None or distances[i] < best[0]):
            best = (float(distances[i]), Hit(panel_index, s.x[i], s.y[i], series=s, index=i))
    return best[1] if best is not None else None


def _to_view(values: np.ndarray, log: bool) -> np.ndarray:
    if not log:
        return values
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log10(values)


def describe(spec: ChartSpec, hit: Hit) -> str:
    """The hover text: series (or marker) name, x and y with units, and the tooltip."""
    y_label, y_unit = spec.axis_text(hit.panel)
    lang = spec.tick_language  # the units in the reader's language, as the axis titles have them
    x_line = _value_line(spec.x_label or "x", spec.x_text(hit.x), "" if spec.categories else unit_text(spec.x_unit, lang))
    y_line = _value_line(y_label or "y", format_value(hit.y), unit_text(y_unit, lang))
    if hit.marker is not None:
        lines = [hit.marker.label, x_line, y_line, hit.marker.tooltip]
    else:
        assert hit.series is not None
        lines = [hit.series.name, x_line, y_line, hit.series.tooltip(hit.index)]
    return "\n".join(line for line in lines if line)


def _value_line(label: str, value: str, unit: str) -> str:
    return f"{label}: {value} {unit}".rstrip()


def place_inside(label: pg.TextItem, view_box: pg.ViewBox, x: float, y: float) -> None:
    """The hover box beside the point (x, y), on the side with room, shifted inside the plot (it was cut there)."""
    (x_low, x_high), (y_low, y_high) = view_box.viewRange()
    ax, ay = (1 if x > (x_low + x_high) / 2 else 0), (0 if y > (y_low + y_high) / 2 else 1)
    label.setAnchor((ax, ay))
    size, area, at = label.textItem.boundingRect(), view_box.sceneBoundingRect(), view_box.mapViewToScene(QtCore.QPointF(x, y))
    left, top = at.x() - ax * size.width(), at.y() - ay * size.height()
    dx = max(area.left() - left, 0.0) or min(area.right() - left - size.width(), 0.0)
    dy = max(area.top() - top, 0.0) or min(area.bottom() - top - size.height(), 0.0)
    placed = view_box.mapSceneToView(at + QtCore.QPointF(dx, dy)) if area.width() > 0 else QtCore.QPointF(x, y)
    label.setPos(placed.x(), placed.y())
