"""What the pointer does on a chart: hovering names the nearest point (series, x, y with units and its formula) or
the rack box under it in a box kept inside the plot; a left click on a point emits its key (``pointClicked``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6 import QtCore

from gpudesk.plotting.hover import describe, find_hit, place_inside
from gpudesk.plotting.palette import Theme
from gpudesk.plotting.rack_panel import RackPanel
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.rack_layout_spec import RackLayoutSpec

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView


class HoverBox:
    """The hover box of one chart: the text it shows ("" hidden) and the plot it sits in (one at a time)."""

    def __init__(self, theme: Theme) -> None:
        self.label = pg.TextItem(anchor=(0, 1), border=pg.mkPen(theme.foreground))
        self.label.setZValue(100)
        self.label.hide()
        self.plot: pg.PlotItem | None = None
        self.text = ""

    def show(self, text: str | None, plot: pg.PlotItem | None, x: float, y: float, theme: Theme) -> bool:
        """Show ``text`` beside (x, y) of ``plot``, or hide the box (``text`` or ``plot`` None); whether the text
        shown changed."""
        label = self.label
        if text is None or plot is None:
            label.hide()
            changed = self.text != ""
            self.text = ""
            return changed
        view_box = plot.vb
        if self.plot is not plot:
            if self.plot is not None:
                self.plot.removeItem(label)
            plot.addItem(label, ignoreBounds=True)
            self.plot = plot
        label.fill = pg.mkBrush(theme.label_fill)
        label.border = pg.mkPen(theme.foreground)
        label.setText(text, color=theme.foreground)
        place_inside(label, view_box, x, y)
        label.show()
        changed = text != self.text
        self.text = text
        return changed


def hover_at(view: ChartView, scene_pos: QtCore.QPointF) -> str:
    """Hover at ``scene_pos`` (scene coordinates); return the text shown ("" for nothing)."""
    spec = view._spec
    if isinstance(spec, RackLayoutSpec):
        placed = view.racks.box_at(scene_pos)
        if placed is None:
            return view._hover(None)
        at = view.plot(0).vb.mapSceneToView(scene_pos)
        return view._hover(RackPanel.describe(placed), view.plot(0), at.x(), at.y())
    if spec is None:
        return view._hover(None)
    hit = find_hit(spec, view.panels[: 1 + view._second_shown], scene_pos)
    if hit is None:
        return view._hover(None)
    plot = view.plot(hit.panel)
    at = plot.vb.mapSceneToView(scene_pos)
    return view._hover(describe(spec, hit), plot, at.x(), at.y())


def click_at(view: ChartView, scene_pos: QtCore.QPointF) -> str:
    """A left click at ``scene_pos``: emits ``pointClicked`` for the point under it and returns its key ("" for no
    point, or a point without a key)."""
    spec = view._spec
    if not isinstance(spec, ChartSpec):
        return ""
    hit = find_hit(spec, view.panels[: 1 + view._second_shown], scene_pos)
    if hit is None or hit.series is None:
        return ""
    key = hit.series.key(hit.index)
    view.pointClicked.emit(hit.series.name, hit.index, key)
    return key
