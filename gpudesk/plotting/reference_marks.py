"""Reference lines (a level at a y value, a limit at an x value) and marked points with their labels, drawn in one
plot panel (``PlotPanel``) reusing their items from one render to the next, transposed where the chart is horizontal.
Their labels are fitted to their room afterwards (``marker_labels.fit_ref_labels``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6 import QtCore

from gpudesk.plotting.headroom import UPRIGHT_LABEL_AT
from gpudesk.plotting.marker_labels import LABEL_MARGIN
from gpudesk.plotting.palette import Theme
from gpudesk.results.chart_model import Marker, RefLine

if TYPE_CHECKING:
    from gpudesk.plotting.plot_panel import PlotPanel


def on_axis(value: float, on: bool) -> float:
    """``value`` where a log axis (``on``) draws it: its log10; a linear axis as it is."""
    return math.log10(value) if on and value > 0 else value


def draw_reflines(panel: PlotPanel, pool: list[pg.InfiniteLine], lines: list[RefLine], angle: int, theme: Theme) -> None:
    """``angle`` 0: lines at a y value (``hlines``); 90: at an x value. Transposed when horizontal."""
    log_on = panel._log[1] if angle == 0 else panel._log[0]
    angle = 90 - angle if panel.horizontal else angle
    for i, ref in enumerate(lines):
        if i < len(pool):
            line = pool[i]
        else:
            line = pg.InfiniteLine(angle=angle, movable=False, label="", labelOpts={"movable": False})
            # over the bars (z 1) and curves (10), with its label: a horizontal rack chart hid '机柜上限 8.4 kW'
            # behind the rows' bars but for 'kW'
            line.setZValue(20)
            panel.plot.addItem(line, ignoreBounds=True)
            pool.append(line)
        colour = theme.colour(ref.color_role, i)
        line.setAngle(angle)
        line.setPen(pg.mkPen(colour, width=2, style=QtCore.Qt.PenStyle.DashLine))
        line.setPos(on_axis(ref.value, log_on))
        line.gpudesk_text = ref.label  # fit_ref_labels shortens what is shown to the room it has
        line.label.setFormat(ref.label.replace("{", "{{").replace("}", "}}"))
        line.label.setColor(colour)
        line.label.fill = pg.mkBrush(theme.label_fill)
        # Level lines' labels staggered (``fit_ref_labels`` moves one off another); upright ones along the top, each
        # shortened to the room before the next line, over the room ``headroom`` keeps (a horizontal chart: low end)
        along = 0.97 - 0.12 * (i % 4) if angle == 0 else UPRIGHT_LABEL_AT
        line.gpudesk_along = 1.0 - along + 0.02 if panel.horizontal and angle == 90 else along
        line.label.setPosition(line.gpudesk_along)
        line.label.anchors = [(1, 1), (1, 1)] if angle == 0 else [(1, 0), (1, 0)]
        line.label.updatePosition()
        line.setVisible(True)
    for line in pool[len(lines) :]:
        line.setVisible(False)


def draw_markers(panel: PlotPanel, markers: list[Marker], theme: Theme) -> None:
    """The panel's marked points (a star for the chosen one) with their labels above them."""
    panel.markers = markers
    log_x, log_y = panel._log
    brushes = [theme.colour(m.color_role, i) for i, m in enumerate(markers)]
    panel._marker_item.setData(*panel._view_xy([m.x for m in markers], [m.y for m in markers]), pen=None,
                              symbol=["star" if m.color_role == "chosen" else "d" for m in markers], symbolSize=18,
                              symbolBrush=brushes, symbolPen=pg.mkPen(theme.foreground, width=1))
    for i, marker in enumerate(markers):
        if i < len(panel._marker_labels):
            text = panel._marker_labels[i]
        else:
            text = pg.TextItem(anchor=(0, 1))
            text.textItem.document().setDocumentMargin(LABEL_MARGIN)
            text.setZValue(21)
            panel.plot.addItem(text, ignoreBounds=True)
            panel._marker_labels.append(text)
        text.setText(marker.label, color=theme.foreground)
        text.fill, text.gpudesk_text = pg.mkBrush(theme.label_fill), marker.label  # see keep_marker_labels_inside
        text.setAnchor((0, 1))  # above the point; fit_ref_labels moves it below when a line's label is there
        text.setPos(*panel._view_xy(on_axis(marker.x, log_x), on_axis(marker.y, log_y)))
        text.setVisible(bool(marker.label))
    for text in panel._marker_labels[len(markers) :]:
        text.setVisible(False)
