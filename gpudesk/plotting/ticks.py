"""Level marks (a chart's ``tick`` series: a memory-fit chart's capacity per column) drawn by one light item.

pyqtgraph's ``PlotDataItem`` draws them through a ``PlotCurveItem`` child: a new pair of levels costs a ``setData``
through both (dataset, display copy, style options, bounds, signals; ~0.3 ms per memory-fit update) and a paint that
builds the path again (~0.2 ms). ``Ticks`` keeps the segments' path, built once per new data, and its bounds; it reads
and draws as that curve did: ``setData``/``getData``/``opts`` as ``PlotDataItem`` has them (the legend's sample, hover
and tests read them), the same path (``moveTo``/``lineTo`` per pair) with the same pen, antialiased only in an export
(pyqtgraph's exporters' ``antialias``, as ``PlotCurveItem`` does).
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from gpudesk.plotting.padded_bounds import PaddedBounds


class Ticks(PaddedBounds, pg.GraphicsObject):
    """Segments between the points (x[0], y[0])-(x[1], y[1]), (x[2], y[2])-(x[3], y[3]), ... (``connect="pairs"``)."""

    def __init__(self) -> None:
        super().__init__()
        self.opts: dict = dict(pen=pg.mkPen(None), symbol=None, symbolSize=10, symbolBrush=None, symbolPen=None,
                               fillLevel=None, brush=None, fillBrush=None, connect="pairs", stepMode=None,
                               antialias=False, name=None)
        self.x = np.empty(0)
        self.y = np.empty(0)
        self._path = QtGui.QPainterPath()
        self._log = (False, False)
        self._given = (self.x, self.y)

    # -- what PlotDataItem offers the chart, its legend and its tests -----------------------------------------
    def setData(self, x, y, **style) -> None:  # noqa: N802 - pyqtgraph API
        """New points (pairs); ``style``: ``pen`` (made with ``mkPen``) and the other options set, as PlotDataItem."""
        if style:
            if "pen" in style:
                style["pen"] = pg.mkPen(style["pen"])
            if "brush" in style:
                style["fillBrush"] = style["brush"]
            self.opts.update(style)
            self._pad = None
        self._given = (np.asarray(x, dtype=float), np.asarray(y, dtype=float))
        self._place()

    def setLogMode(self, x: bool, y: bool) -> None:  # noqa: N802 - pyqtgraph API (PlotItem.setLogMode)
        """Log axes: the points drawn at their base-10 logarithms (none at a value <= 0), as PlotDataItem draws them."""
        if (x, y) != self._log:
            self._log = (x, y)
            self._place()

    def _place(self) -> None:
        x, y = self._given
        with np.errstate(divide="ignore", invalid="ignore"):
            self.x = np.where(x > 0, np.log10(x), np.nan) if self._log[0] else x
            self.y = np.where(y > 0, np.log10(y), np.nan) if self._log[1] else y
        path = QtGui.QPainterPath()
        for x0, y0, x1, y1 in zip(self.x[0::2].tolist(), self.y[0::2].tolist(), self.x[1::2].tolist(),
                                  self.y[1::2].tolist(), strict=False):
            if math.isfinite(x0 + y0 + x1 + y1):  # a level not known (or not on a log axis) draws no segment
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
        self._path = path
        self._bounds = None
        self.prepareGeometryChange()
        self.update()
        self.informViewBoundsChanged()

    def getData(self) -> tuple[np.ndarray | None, np.ndarray | None]:  # noqa: N802 - pyqtgraph API
        """The points as drawn (logarithms on a log axis)."""
        return (None, None) if not len(self.x) else (self.x, self.y)

    def getOriginalDataset(self) -> tuple[np.ndarray | None, np.ndarray | None]:  # noqa: N802 - pyqtgraph API
        """The points as given."""
        return (None, None) if not len(self._given[0]) else self._given

    def name(self) -> str | None:
        return self.opts.get("name")

    def dataBounds(self, ax: int, frac: float = 1.0, orthoRange=None) -> tuple[float | None, float | None]:  # noqa: N802
        values = self.x if ax == 0 else self.y
        finite = values[np.isfinite(values)]
        return (None, None) if not len(finite) else (float(finite.min()), float(finite.max()))

    def pixelPadding(self) -> float:  # noqa: N802 - pyqtgraph API
        pen = self.opts["pen"]
        return pen.widthF() * 0.7072 if pen.isCosmetic() and pen.style() != QtCore.Qt.PenStyle.NoPen else 0.0

    # -- Qt ---------------------------------------------------------------------------------------------------------
    def paint(self, p: QtGui.QPainter, *args) -> None:
        if not len(self.x):
            return
        antialias = self._exportOpts.get("antialias", True) if self._exportOpts is not False else self.opts["antialias"]
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, antialias)
        p.setPen(self.opts["pen"])
        p.drawPath(self._path)
