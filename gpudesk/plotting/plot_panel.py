"""One plot of a chart: draws the series, reference lines and markers of a :class:`ChartSpec` that belong to one
panel, reusing its graphics items from one ``render`` to the next.

A spec with ``horizontal`` set (tornado and ranking charts) is drawn transposed: its x (the categories) runs down the
left axis, first category at the top, and its y values run along the bottom axis. Drawn positions (``DrawnSeries``)
stay in the spec's own x/y, so hit testing and hover text are the same in both orientations."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from gpudesk.plotting import bars, fit, ticks, view_range
from gpudesk.plotting.axes import NumberAxis, number_plot, set_category_ticks, wrap_category
from gpudesk.plotting.palette import Theme
from gpudesk.plotting.reference_marks import draw_markers, draw_reflines
from gpudesk.report.chart_text import axis_title
from gpudesk.report.durations import DURATION_AXES
from gpudesk.results.chart_model import ChartSpec, Marker, Series

T = TypeVar("T")  # a pooled chart item
LOG_TICKS_AT_DATA = 12
"""A log x axis with at most this many distinct x values gets one tick per value."""


@dataclass
class DrawnSeries:
    """A series as drawn: where its points landed, for hit testing."""

    series: Series
    item: pg.PlotDataItem | pg.BarGraphItem | ticks.Ticks
    x: np.ndarray  # drawn x (bar centres include the group offset)
    base: np.ndarray  # bar bottoms (stacked); y for other styles
    top: np.ndarray  # bar tops; y for other styles
    width: float  # bar or tick width in x units; 0 for points


def is_horizontal(spec: ChartSpec) -> bool:
    """Whether ``spec`` asks for horizontal bars (``ChartSpec.horizontal``; absent means vertical)."""
    return bool(getattr(spec, "horizontal", False))


class PlotPanel:
    """Owns one ``PlotItem`` and the items drawn in it."""

    def __init__(self, plot: pg.PlotItem) -> None:
        self.plot = plot
        self.drawn: list[DrawnSeries] = []
        self.markers: list[Marker] = []
        self._curves: list[pg.PlotDataItem] = []
        self._ticks: list[ticks.Ticks] = []
        self._bars: list[pg.BarGraphItem] = []
        self._hlines: list[pg.InfiniteLine] = []
        self._vlines: list[pg.InfiniteLine] = []
        self._marker_item = pg.PlotDataItem()
        self._marker_item.setZValue(22)  # the point over its own label's background
        plot.addItem(self._marker_item)
        self._marker_labels: list[pg.TextItem] = []
        self.labels_placed_for: tuple[float, ...] | None = None  # plot box and range its labels fit (marker_labels)
        self._log = (False, False)
        self.horizontal = False
        self.kind = ""  # the chart's kind (``ChartSpec.kind``): marker_labels.LABELS_GIVE_WAY reads it
        self._categories: list[str] = []
        # the value axis's range as last set (``reset_range``), and one kept while a part is pending (``set_spec``)
        self.value_range: tuple[float, float] | None = None
        self.held_range: tuple[float, float] | None = None
        self.headroom_for: tuple | None = None  # what ``headroom.with_headroom`` raised the value range for

    def _view_xy(self, x, y):
        """Spec (x, y) to view coordinates: swapped when the chart is horizontal."""
        return (y, x) if self.horizontal else (x, y)

    new_plot = staticmethod(number_plot)

    # -- drawing ----------------------------------------------------------
    def render(self, spec: ChartSpec, panel: int, theme: Theme, hidden: set[str],
               colours: dict[str, QtGui.QColor], restyle: bool = True) -> None:
        """Draw the panel's part of ``spec``; ``restyle`` False: only its values changed (``values_only_change``),
        so the log modes, orientation and axes (titles, ticks, categories, widths) stay as they are."""
        plot = self.plot
        self.kind = spec.kind
        if restyle:
            self._log = (spec.log_x, spec.y_log(panel))
            self.horizontal = is_horizontal(spec)
            log_x, log_y = self._view_xy(*self._log)
            plot.setLogMode(x=log_x, y=log_y)
            plot.vb.invertY(self.horizontal)  # first category at the top
            self._style_axes(spec, panel, theme)
        series = [s for s in spec.series if s.panel == panel]
        bar_layout = bars.bar_layout(spec, series)
        curves = iter(self._curves)
        tick_items = iter(self._ticks)
        bar_items = iter(self._bars)
        used_curves = used_ticks = used_bars = 0
        self.drawn = []
        stack_tops: dict[tuple[str, float], float] = {}
        for s in series:
            colour = colours[s.name]
            if s.style == "bar":
                item = _reused(bar_items, self._bars, plot, lambda: bars.Bars(x=[], height=[], width=1.0))
                used_bars += 1
                drawn = self._draw_bars(item, s, bars.bar_group(spec, s), bar_layout, stack_tops, colour, theme)
            elif s.style == "tick":  # level marks: one light item (plotting/ticks.py), not a PlotDataItem
                item = _reused(tick_items, self._ticks, plot, ticks.Ticks)
                used_ticks += 1
                drawn = self._draw_curve(item, s, colour, theme, bar_layout[1])
            else:
                item = _reused(curves, self._curves, plot, pg.PlotDataItem)
                used_curves += 1
                drawn = self._draw_curve(item, s, colour, theme, bar_layout[1])
            item.setVisible(s.visible if s.name not in hidden else False)
            z = 5 if s.style == "tick" else (1 if s.style in ("bar", "area") else 10)
            if item.zValue() != z:  # pyqtgraph's itemChange runs on every set, also of the same value
                item.setZValue(z)
            self.drawn.append(drawn)
        for item in (*self._curves[used_curves:], *self._ticks[used_ticks:]):
            item.setData([], [])
            item.setVisible(False)
        for item in self._bars[used_bars:]:
            item.set_bars([], [], [], 1.0, self.horizontal)
            item.setVisible(False)
        draw_reflines(self, self._hlines, [r for r in spec.hlines if r.panel == panel], 0, theme)
        draw_reflines(self, self._vlines, [r for r in spec.vlines if r.panel == panel], 90, theme)
        markers = [m for m in spec.markers if m.panel == panel and math.isfinite(m.x) and math.isfinite(m.y)]
        if restyle or markers != self.markers:  # the same markers (often none) on the same axes: drawn already
            draw_markers(self, markers, theme)
        self._categories = list(spec.categories or ())

    def _style_axes(self, spec: ChartSpec, panel: int, theme: Theme) -> None:
        plot = self.plot
        label, unit = spec.axis_text(panel)
        # as the printed chart titles its axes: the unit in the chart's language ("成本（美元/次）", not "(USD/run)")
        value_text = axis_title(label, unit, spec.tick_language)
        # a time axis labels each tick with its unit ("23 s", "1.8 h"): its title names no unit
        x_text = axis_title(spec.x_label, "" if spec.x_unit in DURATION_AXES else spec.x_unit, spec.tick_language)
        x_text = x_text if spec.categories is None or spec.x_label else ""
        position_axis, value_axis = ("left", "bottom") if self.horizontal else ("bottom", "left")
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            if isinstance(axis, NumberAxis):
                axis.set_language(spec.tick_language)
                counts = (spec.y_counts and panel == 0 and name == value_axis) or (  # GPUs, servers; months
                    spec.x_in_months and name == position_axis and spec.categories is None)
                if axis.integer != counts:
                    axis.integer = counts
                    axis.picture = None
        self._set_label(value_axis, value_text, theme.foreground)
        short = spec.y2_short_label if panel == 1 else spec.y_short_label
        # what fit_axis_titles shows where the title does not fit its axis (a value axis 50 px long in a dock)
        plot.getAxis(value_axis).gpudesk_short_title = axis_title(short, unit, spec.tick_language) if short else ""
        self._set_label(position_axis, x_text, theme.foreground)
        positions = plot.getAxis(position_axis)
        plot.getAxis(value_axis).setTicks(None)
        plot.getAxis(value_axis).set_data_ticks(())  # the bottom axis of a transposed chart held the x ticks
        data_x = sorted({v for s in spec.series for v in s.x})
        if spec.categories is not None:
            labels = (fit.side_labels(spec.categories, fit.kept_metrics(positions.font()), *self.side_room())
                      if self.horizontal else [wrap_category(c) for c in spec.categories])
            positions.set_data_ticks(())
            set_category_ticks(positions, labels)
        else:
            # Few x values on a log axis (GPU counts, concurrency, times to train): tick exactly at them.
            at_data = spec.log_x and 1 < len(data_x) <= LOG_TICKS_AT_DATA
            positions.set_data_ticks([math.log10(v) for v in data_x if v > 0] if at_data else (),
                                     durations=spec.x_unit in DURATION_AXES)
        colour = QtGui.QColor(theme.foreground).name()
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            if axis.pen().color().name() != colour or axis.textPen().color().name() != colour:
                axis.setPen(theme.foreground)
                axis.setTextPen(theme.foreground)
        grid_x, grid_y = self._view_xy(spec.categories is None, True)
        plot.showGrid(x=grid_x, y=grid_y, alpha=theme.grid_alpha)
        bottom = plot.getAxis("bottom")
        wrapped = (not self.horizontal and spec.categories is not None
                   and any("\n" in wrap_category(c) for c in spec.categories))
        line = QtGui.QFontMetricsF(bottom.font()).lineSpacing()
        bottom.setHeight(int(2 * line + 18) if wrapped else None)
        if self.horizontal and spec.categories is not None:
            metrics = fit.kept_metrics(positions.font())
            positions.setWidth(int(fit.side_axis_width(spec.categories, metrics, *self.side_room())))
        else:
            plot.getAxis("left").setWidth(None)

    def side_room(self) -> tuple[float, float]:
        """Pixels of the chart's width and of plot height for labels down the side (``arrange.legend_and_transpose``)."""
        views = self.plot.scene().views() if self.plot.scene() is not None else []
        return (float(views[0].width()), getattr(views[0], "gpudesk_rows_room", math.inf)) if views else (0.0, math.inf)

    def _set_label(self, axis: str, text: str, colour: str) -> None:
        """Set an axis title only when it differs from what the axis shows (whoever set it last, the rack
        renderer included): each set re-lays out the text and the plot around it."""
        item = self.plot.getAxis(axis)
        shown = QtGui.QColor(str(item.labelStyle.get("color", ""))).name()
        if item.labelText != text or item.labelUnits or shown != QtGui.QColor(colour).name():
            self.plot.setLabel(axis, text, color=colour)

    def _draw_bars(self, item, s: Series, group: str, layout, stack_tops, colour, theme: Theme) -> DrawnSeries:
        """Bars of one group stack by sign: positive values upwards from the positive top,
        negative ones downwards from the negative bottom (so a tornado's low and high bars
        meet at zero)."""
        offsets, width = layout
        offset = offsets.get(group, 0.0)
        centres = [float(v) + offset for v in s.x]
        values = [float(v) for v in s.y]
        values = [v if math.isfinite(v) else 0.0 for v in values]  # unknown (pending): no bar
        bases = []
        for xi, yi in zip(s.x, values):
            key = (group, xi, yi < 0)
            below = stack_tops.get(key, 0.0)
            bases.append(below)
            stack_tops[key] = below + yi
        # colours only when they change: each set rebuilds the item's pens and brushes
        look = (QtGui.QColor(colour).rgba(), QtGui.QColor(theme.background).rgba())
        style = {} if getattr(item, "gpudesk_look", None) == look else dict(brush=colour, pen=pg.mkPen(theme.background, width=1))
        item.gpudesk_look = look
        x, base, y = item.set_bars(centres, bases, values, width, self.horizontal, **style)
        return DrawnSeries(s, item, x, base, base + y, width)

    def _draw_curve(self, item: pg.PlotDataItem, s: Series, colour, theme: Theme, bar_width: float) -> DrawnSeries:
        x = np.asarray(s.x, dtype=float)
        y = np.asarray(s.y, dtype=float)
        draw_x, draw_y, width = x, y, 0.0
        if s.style == "step" and len(x) > 1 and not self.horizontal:
            draw_y = y[:-1]  # y[i] holds from x[i] to x[i+1]; the last point closes the line.
        elif s.style == "tick":
            width, half = bar_width, bar_width / 2  # an unknown level (a pending column) draws no tick
            known = [(v, level) for v, level in zip(s.x, s.y, strict=True) if math.isfinite(level)]
            draw_x = np.array([v + side for v, _level in known for side in (-half, half)], dtype=float)
            draw_y = np.array([level for _v, level in known for _side in (0, 1)], dtype=float)
        # the styles only when they change: each set rebuilds the item's pens, brushes and symbols (issue 24)
        look = (s.style, QtGui.QColor(colour).rgba(), QtGui.QColor(theme.background).rgba(), self.horizontal, width)
        if getattr(item, "gpudesk_look", None) == look:
            item.setData(*self._view_xy(draw_x, draw_y))
        else:
            item.setData(*self._view_xy(draw_x, draw_y), **self._curve_options(s, colour, theme, len(x)))
            item.gpudesk_look = look
        return DrawnSeries(s, item, x, y, y, width)

    def _curve_options(self, s: Series, colour, theme: Theme, points: int) -> dict:
        """The pens, brushes and symbols of a series drawn as a curve, scatter or tick marks."""
        options: dict = dict(pen=pg.mkPen(colour, width=2.5), symbol=None, fillLevel=None, brush=None, connect="all",
                             stepMode=None)
        if s.style == "scatter":
            options.update(pen=None, symbol="o", symbolSize=9, symbolBrush=colour, symbolPen=pg.mkPen(theme.background))
        elif s.style == "line":
            options.update(symbol="o", symbolSize=6, symbolBrush=colour, symbolPen=None)
        elif s.style == "area":
            fill = pg.mkColor(colour)
            fill.setAlpha(70)
            options.update(fillLevel=0.0, brush=fill)
        elif s.style == "step" and points > 1 and not self.horizontal:  # a step has no meaning along categories
            options.update(stepMode="center")
        elif s.style == "tick":
            options.update(connect="pairs", pen=pg.mkPen(colour, width=3, style=QtCore.Qt.PenStyle.DashLine))
        return options

    # -- view range -----------------------------------------------------------
    def reset_range(self, spec: ChartSpec, panel: int) -> None:
        """Show everything the panel drew (plotting/view_range.py)."""
        view_range.reset_range(self, spec, panel)

    def texts(self) -> list[str]:
        """The words this panel shows: axis titles, categories, reference and marker labels."""
        shown = []
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            if axis.isVisible() and axis.label.isVisible():
                shown.append(getattr(axis, "gpudesk_shown_title", None) or axis.labelText)
        shown += self._categories
        # a label shortened to its room says its whole text in its tool tip: the words are the whole text
        shown += [getattr(line, "gpudesk_text", line.label.toPlainText()) for line in (*self._hlines, *self._vlines)
                  if line.isVisible()]
        shown += [getattr(text, "gpudesk_text", text.toPlainText()) for text in self._marker_labels if text.isVisible()]
        return [t for t in shown if t]

    def clear(self) -> None:
        """Hide everything this panel drew (another renderer uses the plot)."""
        for item in (*self._curves, *self._ticks, *self._bars, *self._hlines, *self._vlines, *self._marker_labels):
            item.setVisible(False)
        self._marker_item.setData([], [])
        self.drawn = []
        self.markers = []


def _reused(free: Iterator[T], kept: list[T], plot: pg.PlotItem, make: Callable[[], T]) -> T:
    """The next item of ``kept`` not yet used in this update (``free``), else a new one added to ``plot`` and kept."""
    item = next(free, None)
    if item is None:
        item = make()
        plot.addItem(item)
        kept.append(item)
    return item
