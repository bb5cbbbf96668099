"""Bar items whose bounding rectangle is computed once per change, not on every paint.

pyqtgraph's ``BarGraphItem.boundingRect`` pads the bars by half a pen width in pixels, which it measures through the
item's device transform (``pixelVectors``) each time Qt asks: four to five times per bar item and paint (the scene's
index, the view's update region, the paint itself), 28 times per edit on a stacked memory-fit chart. The rectangle
changes only with the bars (``setOpts``) or with the view's transform (range or size: ``viewTransformChanged``, the
signal pyqtgraph's own curves use to drop their cached bounds), so it is kept between those.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtCore


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
