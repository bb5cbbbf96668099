"""A chart item's bounding rectangle kept between changes: its data bounds padded by ``pixelPadding()`` pixels.

pyqtgraph's items measure that padding through the item's device transform (``pixelVectors``, ~40 µs) each time Qt
asks for the rectangle, several times per paint. The rectangle changes only with the item's data or pen (the item
sets ``_bounds`` / ``_pad`` to None) or with the view's transform (range or size: ``viewTransformChanged``, the
signal pyqtgraph's own curves use to drop their cached bounds); the padding depends on the transform and the pen
only, so it is kept across new data. Shared by ``bars.Bars`` and ``ticks.Ticks``.
"""

from __future__ import annotations

from typing import Any

from PySide6 import QtCore


class PaddedBounds:
    """Mixed into a pyqtgraph item (before its base class) that offers ``dataBounds(ax)`` and ``pixelPadding()``."""

    _bounds: QtCore.QRectF | None = None
    _pad: tuple[float, float] | None = None  # the padding in data units (x, y): the view's transform and the pen

    def viewTransformChanged(self) -> None:  # noqa: N802 - pyqtgraph API
        """The view's range or size changed: the pixel padding is another length in data units."""
        super().viewTransformChanged()  # type: ignore[misc]  # pyqtgraph's GraphicsItem drops its view cache
        self._bounds = None
        self._pad = None
        self.prepareGeometryChange()  # type: ignore[attr-defined]

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 - Qt override
        if self._bounds is None:
            self._bounds = self._measure()
        return QtCore.QRectF(self._bounds)  # a copy: Qt and pyqtgraph callers may adjust what they get

    def _measure(self) -> QtCore.QRectF:
        """pyqtgraph's ``boundingRect`` (``BarGraphItem``, ``PlotCurveItem``), the padding measured once per
        transform and pen."""
        item: Any = self
        xmn, xmx = item.dataBounds(0)
        ymn, ymx = item.dataBounds(1)
        if xmn is None or xmx is None or ymn is None or ymx is None:
            return QtCore.QRectF()
        pads = self._pad
        if pads is None:
            px = py = 0.0
            pad = item.pixelPadding()
            measured = True
            if pad > 0:
                x_vector, y_vector = item.pixelVectors()
                px = 0.0 if x_vector is None else x_vector.length() * pad
                py = 0.0 if y_vector is None else y_vector.length() * pad
                measured = x_vector is not None and y_vector is not None
            pads = (px, py)
            self._pad = pads if measured else None  # no view yet: measured again when asked next
        px, py = pads
        return QtCore.QRectF(xmn - px, ymn - py, (2 * px) + xmx - xmn, (2 * py) + ymx - ymn)
