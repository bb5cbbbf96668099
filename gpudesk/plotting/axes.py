"""Axis and legend items tuned for proposal charts.

Tick labels stay short and readable at any magnitude: below one million
they carry thousands separators (``250,000``); from one million up the
whole axis switches to a suffix (``0.5M``, ``1.5M``, ``2B``), chosen from
the axis range so that every label on an axis uses the same one (a log axis:
one notation; the words are ``report.tick_words``', as the printed charts'). The axis
reserves the width its labels need as soon as its range changes, so a chart
exported right after ``set_spec`` (before Qt lays it out again) still prints
every tick label; pyqtgraph alone widens the axis only after a paint that
already dropped the labels that did not fit.

A log axis with few values ticks at the values themselves (``set_data_ticks``): each label carries two
significant digits (``0.077``, never a ``0`` beside another ``0``), and a tick whose label would overlap the
one before it, or repeat it, is left out at the axis's length. A time axis in days (``durations``) labels
each tick in the unit that reads best: ``23 s``, ``1.8 h``, ``1.7 days`` (秒/分钟/小时/天).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import cast

import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from gpudesk.plotting.axis_images import AxisImages
from gpudesk.plotting.fit import kept_metrics, spaced_levels, two_lines
from gpudesk.report.durations import duration_text
from gpudesk.report.tick_words import SUFFIXES, count_words, data_tick, format_tick, is_decade, log_tick

LINEAR_TICK_LEVELS = 0
"""Highest tick level drawn on a linear axis: major ticks only (3-6 labels on a chart-sized axis). The grid
follows the ticks, and pyqtgraph's two finer grid levels cost about half the time of an update after an
input change (benchmarks/bench_ui.py) while adding lines a proposal reader does not need."""
LOG_TICK_LEVELS = 1
"""A log axis keeps its first minor level (2..9 within a decade), else a range inside one decade has no label."""
TICK_GAP_PX = 8.0
"""Pixels kept free between two tick labels; a data tick closer to the one before is left out."""
LABEL_OVERHANG_PX = 24.0
"""Pixels a bottom axis's data-tick label may reach past the axis's ends (into the corner below the value axis
and the chart's right margin): the view pads its range by a few per cent only, so the label of a point at either
end (often the recommended one) was left out."""


PICTURES_KEPT = 4
"""Axis pictures kept for playing again (``NumberAxis.paint``): a pending chart's and its searched one's, and a
resize's."""
LABEL_NUDGE = 5.0
"""Pixels pyqtgraph places a vertical axis's title outside the axis (``AxisItem.resizeEvent``'s ``nudge``)."""


class NumberAxis(pg.AxisItem):
    """Plain numbers with thousands separators or a k/M/B suffix; never an SI prefix or ``1e+07``."""

    def __init__(self, orientation: str, **kwargs) -> None:
        super().__init__(orientation, **kwargs)
        self.suffixes: tuple[tuple[float, str], ...] = SUFFIXES
        self.integer = False  # whole counts (GPUs, servers): no tick between two whole numbers
        self.durations = False  # values are days, labelled as durations ("23 s", "1.8 h", "1.7 days")
        self.language = "en"
        self.data_ticks: tuple[float, ...] = ()  # tick at these positions (view coordinates) instead of a scale
        self.pictures: dict[tuple, QtGui.QPicture] = {}  # drawn before, by ``picture_key``, the latest last
        self._keyed: tuple[QtGui.QPicture | None, tuple] = (None, ())  # the picture shown and its key
        self.images = AxisImages()  # the pictures drawn on screen as images
        self.enableAutoSIPrefix(False)
        self.setStyle(maxTickLevel=LINEAR_TICK_LEVELS)
        self._title_ready = True  # pyqtgraph typeset the (empty) title 8 times while it built the axis: once here
        self._updateLabel()

    def _updateLabel(self) -> None:  # noqa: N802 - pyqtgraph's: the title laid out and the axis sized for it
        if getattr(self, "_title_ready", False):  # a plot's 32 typesettings took 4.3 of its 17.7 ms CPU
            super()._updateLabel()

    def set_language(self, lang: str) -> None:
        """Tick suffixes of the reader's language: 万/亿 in Chinese, M/B/T otherwise."""
        suffixes = count_words(lang)
        if suffixes is not self.suffixes or lang != self.language:
            self.suffixes, self.language = suffixes, lang
            self.picture = None  # re-draw the labels
            self.update()

    def set_data_ticks(self, positions: Sequence[float], durations: bool = False) -> None:
        """Tick at ``positions`` (view coordinates: log10 of the values on a log axis; none = a scale), the values
        in days when ``durations``. Replaces ticks set with ``setTicks``."""
        ticks = tuple(float(p) for p in positions)
        if self.style["textFillLimits"] is not DEFAULT_TEXT_FILL:  # numbers again after categories
            self.setStyle(textFillLimits=DEFAULT_TEXT_FILL)
        if ticks != self.data_ticks or durations != self.durations or getattr(self, "_tickLevels", None) is not None:
            self.prepareGeometryChange()  # the bounding rectangle reaches past the ends with data ticks
            self.data_ticks, self.durations = ticks, durations
            self._tickLevels = None
            self.picture = None
            self.update()

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 - Qt override
        """pyqtgraph draws no tick label outside this rectangle: a bottom axis with data ticks lets a label at either
        end overhang by ``LABEL_OVERHANG_PX``."""
        rect = super().boundingRect()
        if self.data_ticks and self.orientation in ("top", "bottom"):
            return rect.adjusted(-LABEL_OVERHANG_PX, 0.0, LABEL_OVERHANG_PX, 0.0)
        return rect

    def setLogMode(self, *args, **kwargs) -> None:  # noqa: N802 - pyqtgraph API
        super().setLogMode(*args, **kwargs)
        if self.style["maxTickLevel"] != (levels := LOG_TICK_LEVELS if self.logMode else LINEAR_TICK_LEVELS):
            self.setStyle(maxTickLevel=levels)

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:  # noqa: N802,N803 - pyqtgraph API
        if self.logMode and max(abs(minVal), abs(maxVal)) > sys.float_info.max_10_exp:  # a range left from a linear chart
            return []  # this view showed before, read as exponents until the new spec's range is set: no ticks
        if self.data_ticks:
            return [(1.0, self._spaced_data_ticks(minVal, maxVal, size))]
        levels = super().tickValues(minVal, maxVal, size)
        levels = levels if not self.integer or self.logMode else whole_ticks(levels, minVal, maxVal)
        if self.logMode or self.orientation not in ("top", "bottom"):
            return levels
        words = lambda values, spacing: self.tickStrings(values, self.autoSIPrefixScale * self.scale, spacing)  # noqa: E731
        metrics = kept_metrics(self.font() if self.style["tickFont"] is None else self.style["tickFont"])
        return spaced_levels(levels, words, metrics, minVal, maxVal, size, TICK_GAP_PX)

    def _spaced_data_ticks(self, low: float, high: float, size: float) -> list[float]:
        """The data ticks inside the range whose labels fit: left to right, a tick whose label would overlap the
        last one kept (or read the same), or reach past the axis's ends (pyqtgraph drops such a label, and with it
        the room it would have left its neighbour), is left out."""
        low, high = sorted((low, high))
        inside = [v for v in self.data_ticks if low - 1e-9 <= v <= high + 1e-9]
        if len(inside) < 2 or size <= 0 or high <= low:
            return inside
        metrics = kept_metrics(self.font() if self.style["tickFont"] is None else self.style["tickFont"])
        along = self.orientation in ("top", "bottom")
        kept: list[float] = []
        edge, last = -math.inf, None
        for value, label in zip(inside, self.tickStrings(inside, 1.0, 1.0), strict=True):
            centre = (value - low) / (high - low) * size
            half = ((metrics.horizontalAdvance(label) if along else metrics.height()) + TICK_GAP_PX) / 2.0
            reach = half - TICK_GAP_PX / 2.0 - LABEL_OVERHANG_PX
            inside_axis = centre - reach >= 0 and centre + reach <= size
            if label and label != last and centre - half >= edge and (inside_axis or not along):
                kept.append(value)
                edge, last = centre + half, label
        return kept

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802 - pyqtgraph API
        if self.data_ticks or self.durations:
            shown = [10.0**v if self.logMode else v * scale for v in values]
            if self.durations:
                dense = self.logMode and not self.data_ticks and len(values) > 12
                return [duration_text(v, self.language) if not dense or is_decade(v) else "" for v in shown]
            return [data_tick(v, self.suffixes, self.top_value(scale)) for v in shown]
        if self.logMode:
            return [log_tick(v, len(values), self.suffixes, self.top_value(scale)) for v in values]
        magnitude = self.top_value(scale)
        return [format_tick(v * scale, spacing * scale, magnitude, self.suffixes) for v in values]

    def top_value(self, scale: float) -> float:
        """The largest absolute value the axis shows: its notation's choice (``report.tick_words``)."""
        if self.logMode:
            return 10.0 ** min(max(self.range), sys.float_info.max_10_exp)
        return max((abs(v) * scale for v in self.range), default=0.0)

    def setRange(self, mn: float, mx: float) -> None:  # noqa: N802 - pyqtgraph API
        super().setRange(mn, mx)
        self.reserve_label_space()

    def resizeEvent(self, ev=None) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(ev)
        self.reserve_label_space()

    def _updateMaxTextSize(self, x: int) -> None:  # noqa: N802 - pyqtgraph API
        """Paint reports the room its labels took: it may widen the axis, never narrow it. The room is set when the
        range changes (``reserve_label_space``, which narrows it too); a paint that narrowed it re-laid out the
        chart and painted it a second time on every update (the reserve counts one more tick level than paint
        draws, so paint found it 10 px too wide and took the room back, and the next update reserved it again)."""
        if x > (self.textWidth if self.orientation in ("left", "right") else self.textHeight):
            super()._updateMaxTextSize(x)

    def paint(self, p: QtGui.QPainter, *args) -> None:
        """pyqtgraph's paint, but a picture drawn for the same ticks, words, range, size, pens and scale before is
        played again instead of being generated anew (``picture_key``): a memory-fit chart's categories go from the
        alternatives' names to "Searching…" at every edit and back when the search lands, and its category axis
        regenerated each (0.8-1.1 ms of every edit on bank and gov, issue 24)."""
        widget = args[1] if len(args) > 1 else None
        if self.picture is not None:
            if self._keyed[0] is not self.picture or not self.images.play(p, self.picture, self._keyed[1],
                                                                          self.boundingRect(), widget):
                self.picture.play(p)
            return
        key = self.picture_key(p)
        kept = self.pictures.pop(key, None)
        if kept is None:
            super().paint(p, *args)  # draws the new picture (on screen too: its image is made at the next paint)
            if self.picture is not None:
                self.pictures[key] = self.picture
                self._keyed = (self.picture, key)
            while len(self.pictures) > PICTURES_KEPT:
                self.pictures.pop(next(iter(self.pictures)))
            return
        self.pictures[key] = kept  # the latest last
        self.picture = kept  # type: ignore[assignment]  # pyqtgraph declares it None until drawn
        self._keyed = (kept, key)
        if not self.images.play(p, kept, key, self.boundingRect(), widget):  # on screen: its image (axis_images.py)
            kept.play(p)

    def picture_key(self, painter: QtGui.QPainter) -> tuple:
        """Everything ``generateDrawSpecs`` and ``drawPicture`` read: the ticks (set or from the range, size and
        scale), their words (``tickStrings``' settings), the style and font, the pens, the axis's and the linked
        view's geometry (the grid's length) and the painter's scale to device pixels. Read at every paint of the
        chart, so each part is read the cheapest way (``_frozen`` by type, the pens as set, no ``mkPen`` copies):
        0.21 -> 0.06 ms per axis and paint on bank's memory-fit chart (issue 24)."""
        view = self.linkedView()
        transform = painter.transform()
        levels = None if self._tickLevels is None else tuple(tuple(map(tuple, level)) for level in self._tickLevels)
        pens = tuple(_pen_key(pen) for pen in (self._pen, self._textPen, self._tickPen))
        style = tuple((k, _frozen(v)) for k, v in sorted(self.style.items()))
        return (self.orientation, tuple(self.range), self.logMode, levels, self.grid, style, self.font().key(),
                pens, _rect(self.geometry()), _rect(self.boundingRect()), None if view is None else _rect(view.geometry()),
                (transform.m11(), transform.m12(), transform.m21(), transform.m22()), self.scale,
                self.autoSIPrefixScale, getattr(self, "_tickSpacing", None), getattr(self, "_tickDensity", None),
                self.integer, self.durations, self.language, self.suffixes, self.data_ticks)

    def natural_width(self) -> float:
        """The width a vertical axis needs for its tick labels and its title, whole: pyqtgraph counts 0.8 of the
        title's height and places it 5 px outside (``LABEL_NUDGE``), which a title on two lines overran."""
        width = float(self.textWidth if self.style["autoExpandTextSpace"] else self.style["tickTextWidth"])
        width += self.style["tickTextOffset"][0] + max(0, self.style["tickLength"]) if self.style["showValues"] else 0
        if self.label.isVisible():
            width += self.label.boundingRect().height() - LABEL_NUDGE
        return width

    def showEvent(self, ev) -> None:  # noqa: N802 - Qt override
        super().showEvent(ev)
        self.reserve_label_space()

    def reserve_label_space(self) -> None:
        """Size the axis for the labels of its current range now, not after the next paint. A hidden axis (the
        plots' top and right ones, a hidden second plot's) waits until it is shown (``showEvent``): its labels take
        no room, and a chart's update asked the hidden ones for 16 of its 27 (memory fit) to 42 of its 70 (inference)
        tick computations."""
        if not self.style["showValues"] or self._tickLevels is not None or not self.isVisible():
            return
        length = self.geometry().height() if self.orientation in ("left", "right") else self.geometry().width()
        if length <= 0:
            return
        low, high = sorted(self.range)
        levels = self.tickValues(low, high, length)
        strings = [s for spacing, values in levels[:2] for s in self.tickStrings(list(values), self.scale, spacing)]
        if not strings:
            return
        metrics = QtGui.QFontMetricsF(self.font() if self.style["tickFont"] is None else self.style["tickFont"])
        if self.orientation in ("left", "right"):
            needed = max(metrics.boundingRect(QtCore.QRectF(0, 0, 400, 100), 0, s).width() for s in strings)
            pg.AxisItem._updateMaxTextSize(self, int(math.ceil(needed)) + 2)  # wider, or > 10 px narrower
        else:
            needed = max(metrics.boundingRect(QtCore.QRectF(0, 0, 400, 100), 0, s).height() for s in strings) * 0.8
            pg.AxisItem._updateMaxTextSize(self, int(math.ceil(needed)))


def _rect(rect: QtCore.QRectF) -> tuple[float, float, float, float]:
    return rect.x(), rect.y(), rect.width(), rect.height()


def _frozen(value: object) -> object:
    """A style value as a part of a key: a font by its description, a list as a tuple (by exact type: an
    ``isinstance`` against a Qt class costs microseconds in PySide6)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(map(_frozen, cast("list[object]", value)))
    return cast(QtGui.QFont, value).key() if kind is QtGui.QFont else value


def _pen_key(pen: QtGui.QPen | None) -> tuple:
    """What a pen pyqtgraph keeps (a ``QPen`` set, or None: the configured foreground) draws with."""
    if pen is None:
        return ("foreground", repr(pg.getConfigOption("foreground")))
    return pen.color().rgba(), pen.widthF(), pen.style(), pen.isCosmetic()


def align_widths(axes: list[pg.AxisItem], minimum: float) -> bool:
    """Give vertical axes one width, at least ``minimum`` and as wide as the widest needs (``natural_width``): a
    fixed 72 px put the roadmap's second title line '（元）' over its '2,000万' ticks at 1366 x 768. True when a
    width changed (the plots' layout is then stale)."""
    if not all(isinstance(axis, NumberAxis) for axis in axes):
        return False
    width = math.ceil(max([minimum] + [axis.natural_width() for axis in axes if axis.isVisible()]))
    changed = [axis for axis in axes if axis.fixedWidth != width]
    for axis in changed:
        axis.setWidth(width)
    return bool(changed)


def number_plot() -> pg.PlotItem:
    """A plot with a ``NumberAxis`` on each side, the top and right ones hidden (pyqtgraph's own axes there re-typeset
    their hidden SI-prefixed titles on every range change), and no context menu (no ``ViewBoxMenu``:
    tests/ui/test_chart_menus.py)."""
    plot = pg.PlotItem(axisItems={side: NumberAxis(side) for side in ("left", "bottom", "top", "right")},
                       enableMenu=False)
    plot.hideAxis("top")
    plot.hideAxis("right")
    return plot


def whole_ticks(levels: list, low: float, high: float) -> list:
    """pyqtgraph's tick levels with every tick between two whole numbers dropped (a count axis never reads
    1.5 GPUs); a level finer than 1 becomes one tick per whole number in range."""
    out: list[tuple[float, list[float]]] = []
    for spacing, values in levels:
        if spacing < 1:
            first, last = math.ceil(low - 1e-9), math.floor(high + 1e-9)
            whole = [float(v) for v in range(first, last + 1)] if last - first <= 50 else []
            if not any(s == 1.0 for s, _v in out):
                out.append((1.0, whole))
            continue
        out.append((spacing, [v for v in values if abs(v - round(v)) < 1e-9]))
    return out


CATEGORIES_ALL_LABELLED = 8
"""Up to this many categories every one is labelled on the first tick level; more (24 racks down a laptop's rack
chart, their names 'R01'…'R24' printed over each other) label every few on the first level and the rest on a second,
which pyqtgraph draws only where its labels have the room."""

DEFAULT_TEXT_FILL = [(0, 0.8), (2, 0.6), (4, 0.4), (6, 0.2)]  # pyqtgraph's AxisItem default
CATEGORY_TEXT_FILL = [(0, 0.9)]
"""pyqtgraph's ``textFillLimits`` for a category axis: the second level's labels are drawn while all the labels
take at most 90% of the axis's length (its default stops at 20-40% once four or six labels are drawn)."""


def set_category_ticks(axis: pg.AxisItem, labels: Sequence[str]) -> None:
    """Tick ``axis`` at category ``labels``: one level up to ``CATEGORIES_ALL_LABELLED``; else every few and the last
    (half a step past them or more) on the first level, always drawn, and the rest on a second, drawn where they fit."""
    every = 1 if len(labels) <= CATEGORIES_ALL_LABELLED else math.ceil(len(labels) / (CATEGORIES_ALL_LABELLED - 2))
    ticks = list(enumerate(labels))
    if axis.style["textFillLimits"] != CATEGORY_TEXT_FILL:
        axis.setStyle(textFillLimits=CATEGORY_TEXT_FILL)
    first = ticks[::every] + ([ticks[-1]] if every > 1 and (len(ticks) - 1) % every >= every / 2 else [])  # gov's R20
    axis.setTicks([first, [t for t in ticks if t not in first]] if every > 1 else [ticks])


def wrap_category(label: str, width: int = 14) -> str:
    """Break a long category label at the space nearest its middle (two lines at most)."""
    return two_lines(label, width)


class ChartLegend(pg.LegendItem):
    """A legend laid out in the chart's grid (not floating over the data).

    Clicking an entry's sample toggles its series, as in pyqtgraph; dragging
    does nothing, because the legend has a fixed place in the layout."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # pyqtgraph's floating legend ignores transformations; laid out in the
        # grid it must scale with the scene, or image exports print it tiny.
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations, False)

    def mouseDragEvent(self, ev) -> None:  # noqa: N802 - Qt override
        ev.ignore()
