"""Exporting a chart view: a PNG as shown, or an image at a given size for proposals (the view stays as it is)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pyqtgraph.exporters import ImageExporter
from PySide6 import QtCore, QtGui

from gpudesk.plotting import arrange

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

EXPORT_LEGEND = True
"""Exports and proposal images always carry their legend (beside or below the plot): paper cannot hover."""

def export_png(view: ChartView, path: str | Path, scale: float = 2) -> Path:
    """Write the chart as shown, at ``scale`` times its on-screen size, as PNG."""
    target = Path(path)
    view._hover(None)
    exporter = ImageExporter(view.graphics.ci)
    rect = view.graphics.ci.boundingRect()
    exporter.parameters()["width"] = int(round(rect.width() * scale))
    exporter.parameters()["height"] = int(round(rect.height() * scale))
    exporter.parameters()["background"] = QtGui.QColor(view._theme.background)
    exporter.export(str(target))
    return target


def render_to_image(view: ChartView, width: int, height: int, scale: float = 2) -> QtGui.QImage:
    """Render at ``width``×``height`` logical pixels into an image ``scale`` times larger
    (for proposals), without resizing the widget on screen."""
    view._hover(None)
    ci = view.graphics.ci
    old = ci.geometry()
    view_ranges = [p.plot.vb.viewRange() for p in view.panels]
    ci.setGeometry(QtCore.QRectF(0, 0, width, height))
    view._arrange(width, height, EXPORT_LEGEND)
    ci.setGeometry(QtCore.QRectF(0, 0, width, height))
    ci.layout.activate()
    view.reset_view()
    arrange.settle_axes(view)
    view._fit_labels()
    try:
        exporter = ImageExporter(ci)
        exporter.parameters()["width"] = int(round(width * scale))
        exporter.parameters()["height"] = int(round(height * scale))
        exporter.parameters()["background"] = QtGui.QColor(view._theme.background)
        image = exporter.export(toBytes=True)
    finally:
        ci.setGeometry(old)
        view._arrange()
        ci.layout.activate()
        for panel, (xr, yr) in zip(view.panels, view_ranges):
            panel.plot.vb.setRange(xRange=xr, yRange=yr, padding=0)
    return image

