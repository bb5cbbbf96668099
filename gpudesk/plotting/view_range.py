"""The range a plot panel shows after it draws: everything visible in it, padded, amounts from zero, headroom above
the highest value for the labels, and a frame kept while a part is pending (``PlotPanel.held_range``) only widened."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from gpudesk.plotting.headroom import category_room, with_headroom
from gpudesk.plotting.reference_marks import on_axis
from gpudesk.results.chart_model import ChartSpec

if TYPE_CHECKING:
    from gpudesk.plotting.plot_panel import PlotPanel


def reset_range(plot_panel: PlotPanel, spec: ChartSpec, panel: int) -> None:
    """The panel's view range: every visible series, reference line and marker, padded (categories at their fixed
    places), an amount's axis from 0, room above for the labels (``headroom``); a kept frame only widened."""
    log_x, log_y = spec.log_x, spec.y_log(panel)
    xs: list[float] = []
    ys: list[float] = []
    floor_zero = False
    for d in plot_panel.drawn:
        if not d.item.isVisible() or not len(d.x):
            continue
        if spec.categories is None:  # categories take a fixed range: their positions are not read
            xs += [float(d.x.min() - d.width / 2), float(d.x.max() + d.width / 2)]
        base, top = d.base[np.isfinite(d.base)], d.top[np.isfinite(d.top)]  # an unknown level is not in range
        ys += ([float(base.min())] if len(base) else []) + ([float(top.max()), float(top.min())] if len(top) else [])
        floor_zero |= d.series.style in ("bar", "area", "step")  # amounts (GPUs, spend): the axis from 0
    xs += [r.value for r in spec.vlines if r.panel == panel]
    ys += [r.value for r in spec.hlines if r.panel == panel]
    xs += [m.x for m in plot_panel.markers]
    ys += [m.y for m in plot_panel.markers]
    if spec.categories is not None:
        x_range = (-0.6 - category_room(plot_panel, len(spec.categories)), len(spec.categories) - 0.4)
    else:
        x_range = _padded([on_axis(v, log_x) for v in xs if v > 0 or not log_x], 0.03)
    if floor_zero and not log_y:
        ys.append(0.0)
    y_range = _padded(logged := [on_axis(v, log_y) for v in ys if v > 0 or not log_y], 0.08)
    if floor_zero and not log_y and y_range[0] < 0 <= min(ys, default=0.0):
        y_range = (0.0, y_range[1])
    shown = [v for v in logged if math.isfinite(v)]
    y_range = with_headroom(plot_panel, y_range, shown and [max(shown)], [on_axis(m.y, log_y) for m in plot_panel.markers])
    held = plot_panel.held_range or y_range  # a kept frame: wider where the values shown need it, never narrower
    plot_panel.value_range = y_range = (min(y_range[0], held[0]), max(y_range[1], held[1]))
    view_x, view_y = plot_panel._view_xy(x_range, y_range)
    vb = plot_panel.plot.vb  # the range shown is not set again: pyqtgraph's setRange took 0.2-0.3 ms to find so (issue 24)
    if vb.state["targetRange"] != [list(view_x), list(view_y)] or vb.autoRangeEnabled() != [False, False]:
        vb.setRange(xRange=view_x, yRange=view_y, padding=0)
    # Marker labels in the right half of the chart extend leftwards, so they are not cut off.
    middle = (view_x[0] + view_x[1]) / 2
    for text in plot_panel._marker_labels[: len(plot_panel.markers)]:
        text.setAnchor((1, 1) if text.pos().x() > middle else (0, 1))


def _padded(values: list[float], fraction: float) -> tuple[float, float]:
    if not (finite := [v for v in values if math.isfinite(v)]):
        return (0.0, 1.0)
    low, high = min(finite), max(finite)
    span = high - low or abs(high) or 1.0
    return (low - span * fraction, high + span * fraction)
