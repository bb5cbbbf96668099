"""Bar items whose bounding rectangle is computed once per change, not on every paint.

pyqtgraph's ``BarGraphItem.boundingRect`` pads the bars by half a pen width in pixels, which it measures through the
item's device transform (``pixelVectors``) each time Qt asks: four to five times per bar item and paint (the scene's
index, the view's update region, the paint itself), 28 times per edit on a stacked memory-fit chart. The rectangle
changes only with the bars (``setOpts``) or with the view's transform (range or size: ``viewTransformChanged``, the
signal pyqtgraph's own curves use to drop their cached bounds), so it is kept between those. Also where bar groups
stand in a category (``bar_layout``).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtCore

from gpudesk.results.chart_model import ChartSpec, Series

BAR_SLOT_WIDTH = 0.7
"""Share of a category's width taken by its bars (side-by-side groups split it)."""


class Bars(pg.BarGraphItem):
    """A ``BarGraphItem`` that keeps its bounding rectangle until its bars or the view's transform change."""

    _bounds: QtCore.QRectF | None = None

    def setOpts(self, **opts) -> None:  # noqa: N802 - pyqtgraph API
        self._bounds = None  # before the base class asks for the new rectangle (prepareGeometryChange)
        super().setOpts(**opts)

    def viewTransformChanged(self) -> None:  # noqa: N802 - pyqtgraph API
        """The view's range or size changed: the pixel padding is another length in data units."""
        super().viewTransformChanged()
        self._bounds = None
        self.prepareGeometryChange()

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 - Qt override
        if self._bounds is None:
            self._bounds = super().boundingRect()
        return QtCore.QRectF(self._bounds)  # a copy: Qt and pyqtgraph callers may adjust what they get


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
