"""Bar items that are cheap to update and to paint again.

pyqtgraph's ``BarGraphItem.boundingRect`` pads the bars by half a pen width in pixels, which it measures through the
item's device transform (``pixelVectors``, ~40 µs) each time Qt asks: four to five times per bar item and paint (the
scene's index, the view's update region, the paint itself), 28 times per edit on a stacked memory-fit chart. The
rectangle changes only with the bars (``setOpts``) or with the view's transform (range or size:
``viewTransformChanged``, the signal pyqtgraph's own curves use to drop their cached bounds), so it is kept between
those (``padded_bounds.PaddedBounds``, shared with the chart's tick marks); the padding, which depends on the
transform and the pen only, is kept across new values.

``BarGraphItem.setOpts`` normalises its inputs with a dozen numpy calls on arrays of a few bars (~65 µs per item, seven
items per memory-fit update); ``Bars.set_bars`` takes bars whose centres, bases and lengths the chart computed and
places the same rectangles (the same arithmetic, so the same pixels) with a few list operations. Also where bar
groups stand in a category (``bar_layout``).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from gpudesk.plotting.padded_bounds import PaddedBounds
from gpudesk.results.chart_model import ChartSpec, Series

BAR_SLOT_WIDTH = 0.7
"""Share of a category's width taken by its bars (side-by-side groups split it)."""


class Bars(PaddedBounds, pg.BarGraphItem):
    """A ``BarGraphItem`` that keeps its bounding rectangle until its bars or the view's transform change, and whose
    bars a chart sets without pyqtgraph's normalisation (``set_bars``)."""

    def setOpts(self, **opts) -> None:  # noqa: N802 - pyqtgraph API
        self._bounds = None  # before the base class asks for the new rectangle (prepareGeometryChange)
        self._pad = None
        super().setOpts(**opts)

    def set_bars(self, centres: list[float], bases: list[float], lengths: list[float], width: float,
                 horizontal: bool, **style) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Bars at ``centres`` along the category axis, ``width`` wide, from ``bases`` by ``lengths`` (negative:
        downwards or leftwards) along the value axis; ``style``: a new ``brush`` and ``pen`` (none: as they are).
        The options read as ``setOpts`` with the same bars would leave them (``x``/``y0``/``height``/``width`` upright,
        ``y``/``x0``/``width``/``height`` lying), and so do the rectangles: pyqtgraph's arithmetic (a centre less
        half the width; a base plus its length), each rectangle from its smaller corner. Returns the centres, bases
        and lengths as arrays (the ones the options hold)."""
        centre_array, base_array, length_array = (np.asarray(v, dtype=float) for v in (centres, bases, lengths))
        if horizontal:
            self.opts.update(x=None, y=centre_array, x0=base_array, y0=None, width=length_array, height=width, **style)
        else:
            self.opts.update(x=centre_array, y=None, x0=None, y0=base_array, height=length_array, width=width, **style)
        corners = []  # (x0, y0, x1, y1) of each bar, smaller corner first
        for centre, base, length in zip(centres, bases, lengths, strict=True):
            low = centre - width / 2.0
            high = low + width
            end = base + length
            start, stop = (base, end) if end >= base else (end, base)
            corners.append((start, low, stop, high) if horizontal else (low, start, high, stop))
        self.picture = None
        self._shape = None
        self._bounds = None
        if style:
            self._pad = None
            self._updateColors(style)
        self._rectarray.resize(len(corners))
        if corners:
            self._dataBounds: tuple[tuple[float | None, float | None], tuple[float | None, float | None]] = (
                (min(c[0] for c in corners), max(c[2] for c in corners)),
                (min(c[1] for c in corners), max(c[3] for c in corners)))
            self._rectarray.ndarray()[:] = [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in corners]
        else:
            self._dataBounds = (None, None), (None, None)
        self.prepareGeometryChange()
        self.update()
        self.informViewBoundsChanged()
        return centre_array, base_array, length_array


def bar_group(spec: ChartSpec, s: Series) -> str:
    """Bars of one group stack; groups stand side by side."""
    if s.stack_group is not None:
        return s.stack_group
    return "" if spec.stacked else s.name


def bar_layout(spec: ChartSpec, series: list[Series]) -> tuple[dict[str, float], float]:
    """Offsets of side-by-side bar groups around each category, and bar width."""
    groups: list[str] = []
    for s in series:
        if s.style != "bar":
            continue
        group = bar_group(spec, s)
        if group not in groups:
            groups.append(group)
    if not groups:
        return {}, BAR_SLOT_WIDTH
    width = BAR_SLOT_WIDTH / len(groups)
    offsets = {g: (i - (len(groups) - 1) / 2) * width for i, g in enumerate(groups)}
    return offsets, width * 0.92 if len(groups) > 1 else width
