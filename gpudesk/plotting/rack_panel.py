"""The rack elevation drawing: each rack a column of boxes, labelled with the
device name and its kW, headed by the rack's total against its limit."""

from __future__ import annotations

from dataclasses import dataclass

import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from gpudesk.core.explain import format_value
from gpudesk.plotting.bars import Bars
from gpudesk.plotting.palette import Theme
from gpudesk.results.rack_layout_spec import RackBox, RackColumn, RackLayoutSpec

RACK_WIDTH = 0.8
LABEL_MIN_UNITS = 2
"""Boxes shorter than this many rack units carry no printed label (hover shows it)."""


@dataclass(frozen=True)
class PlacedBox:
    rack: RackColumn
    box: RackBox
    column: int
    start_u: int


class RackPanel:
    """Draws a :class:`RackLayoutSpec` into a ``PlotItem``, reusing items."""

    def __init__(self, plot: pg.PlotItem) -> None:
        self.plot = plot
        self.role_items: dict[str, pg.BarGraphItem] = {}
        self.boxes: list[PlacedBox] = []
        self._frames = Bars(x0=[], y0=[], width=[], height=[])
        self._frames.setZValue(-1)
        plot.addItem(self._frames)
        self._box_labels: dict[str, list[pg.TextItem]] = {}
        self._headers: list[pg.TextItem] = []
        self._spec: RackLayoutSpec | None = None
        plot.vb.sigResized.connect(lambda _vb: self.fit_texts())

    def render(self, spec: RackLayoutSpec, theme: Theme, hidden: set[str]) -> list[tuple[str, pg.BarGraphItem]]:
        """Draw ``spec``; return (legend text, item) per colour role in use."""
        self._spec = spec
        plot = self.plot
        plot.setLogMode(x=False, y=False)
        plot.showGrid(x=False, y=False)
        n = len(spec.racks)
        self._frames.setOpts(
            x0=[i - RACK_WIDTH / 2 for i in range(n)],
            y0=[0.0] * n,
            width=[RACK_WIDTH] * n,
            height=[float(spec.rack_units)] * n,
            brush=pg.mkBrush(theme.label_fill),
            pen=pg.mkPen(theme.foreground, width=1.5),
        )
        self._frames.setVisible(True)
        plot.getAxis("bottom").setTicks([[(i, r.name) for i, r in enumerate(spec.racks)]])
        plot.getAxis("left").setTicks([[(u, str(u)) for u in range(0, spec.rack_units + 1, 6)]])
        plot.setLabel("left", "U", color=theme.foreground)
        plot.setLabel("bottom", "", color=theme.foreground)
        for name in ("left", "bottom"):
            plot.getAxis(name).setPen(theme.foreground)
            plot.getAxis(name).setTextPen(theme.foreground)

        self.boxes = [
            PlacedBox(rack, box, column, start)
            for column, rack in enumerate(spec.racks)
            for start, box in rack.placed_boxes()
        ]
        roles = list(dict.fromkeys(p.box.color_role for p in self.boxes))
        for index, role in enumerate(roles):
            self._draw_role(role, index, [p for p in self.boxes if p.box.color_role == role], theme, hidden, spec)
        for role, item in self.role_items.items():
            if role not in roles:
                item.setOpts(x0=[], y0=[], width=[], height=[])
                item.setVisible(False)
                for label in self._box_labels.get(role, []):
                    label.setVisible(False)
        self._draw_headers(spec, theme)
        return [(spec.role_labels.get(role, role), self.role_items[role]) for role in roles]

    def _draw_role(self, role, index, placed: list[PlacedBox], theme: Theme, hidden, spec) -> None:
        item = self.role_items.get(role)
        if item is None:
            item = Bars(x0=[], y0=[], width=[], height=[])
            self.plot.addItem(item)
            self.role_items[role] = item
        colour = theme.colour(role, index)
        item.setOpts(
            x0=[p.column - RACK_WIDTH / 2 + 0.03 for p in placed],
            y0=[p.start_u - 1.0 for p in placed],
            width=[RACK_WIDTH - 0.06] * len(placed),
            height=[float(p.box.units) for p in placed],
            brush=colour,
            pen=pg.mkPen(theme.background, width=1),
        )
        item.setVisible(spec.role_labels.get(role, role) not in hidden)
        labels = self._box_labels.setdefault(role, [])
        text_colour = "#FFFFFF" if colour.lightnessF() < 0.62 else "#111111"
        for i, p in enumerate(placed):
            if i < len(labels):
                label = labels[i]
            else:
                label = pg.TextItem(anchor=(0.5, 0.5))
                label.setParentItem(item)
                labels.append(label)
            label.setText(f"{p.box.label} · {format_value(p.box.kw)} kW", color=text_colour)
            label.setPos(p.column, p.start_u - 1.0 + p.box.units / 2)
            label.gpudesk_tall = p.box.units >= LABEL_MIN_UNITS  # shown where it also fits the rack's width
            label.setVisible(label.gpudesk_tall)
        for label in labels[len(placed) :]:
            label.setVisible(False)

    def _draw_headers(self, spec: RackLayoutSpec, theme: Theme) -> None:
        for i, rack in enumerate(spec.racks):
            if i < len(self._headers):
                header = self._headers[i]
            else:
                header = pg.TextItem(anchor=(0.5, 1.0))
                self.plot.addItem(header, ignoreBounds=True)
                self._headers.append(header)
            over = rack.limit_kw is not None and rack.power_kw > rack.limit_kw
            limit = f" / {format_value(rack.limit_kw)}" if rack.limit_kw is not None else ""
            colour = theme.colour("limit") if over else QtGui.QColor(theme.foreground)
            header.setText(f"{format_value(rack.power_kw)}{limit} kW", color=colour)
            header.gpudesk_texts = (f"{format_value(rack.power_kw)}{limit} kW", f"{format_value(rack.power_kw)} kW")
            header.setPos(i, spec.rack_units + 0.5)
            header.setVisible(True)
        for header in self._headers[len(spec.racks) :]:
            header.setVisible(False)

    def fit_texts(self) -> None:
        """Each rack's words within its width: seven racks in a 1366 x 768 step 7 tab printed their totals
        '7.27 / 8.4 kW' over each other and their servers' names across the next rack. A header too wide for its
        rack drops the limit ('7.27 kW'), then is left out; a box's label too wide is left out (hovering the box
        names it)."""
        if self._spec is None or not self._spec.racks:
            return
        vb = self.plot.vb
        room = vb.width() * RACK_WIDTH / (len(self._spec.racks) + 0.2) - 2  # the range ``reset_range`` shows
        for header in self._headers[: len(self._spec.racks)]:
            fits = [t for t in getattr(header, "gpudesk_texts", ()) if _width(header, t) <= room]
            if fits and header.toPlainText() != fits[0]:
                header.setText(fits[0])
            header.setVisible(bool(fits))
        for labels in self._box_labels.values():
            for label in labels:
                if getattr(label, "gpudesk_tall", False):
                    label.setVisible(_width(label, label.toPlainText()) <= room)

    def texts(self) -> list[str]:
        """The words the drawing shows: each labelled box (device name and kW), each rack's total and name."""
        if self._spec is None:
            return []
        shown = [label.toPlainText() for labels in self._box_labels.values() for label in labels if label.isVisible()]
        shown += [header.toPlainText() for header in self._headers if header.isVisible()]
        return shown + [rack.name for rack in self._spec.racks]

    def reset_range(self) -> None:
        if self._spec is None:
            return
        n = max(len(self._spec.racks), 1)
        self.plot.vb.setRange(xRange=(-0.6, n - 0.4), yRange=(0, self._spec.rack_units * 1.1), padding=0)
        self.fit_texts()

    def box_at(self, scene_pos: QtCore.QPointF) -> PlacedBox | None:
        vb = self.plot.vb
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        view = vb.mapSceneToView(scene_pos)
        for p in self.boxes:
            item = self.role_items.get(p.box.color_role)
            if item is None or not item.isVisible():
                continue
            left = p.column - RACK_WIDTH / 2
            if left <= view.x() <= left + RACK_WIDTH and p.start_u - 1 <= view.y() <= p.start_u - 1 + p.box.units:
                return p
        return None

    @staticmethod
    def describe(p: PlacedBox) -> str:
        end = p.start_u + p.box.units - 1
        lines = [p.box.label, f"{p.rack.name}: U{p.start_u}–U{end}", f"{format_value(p.box.kw)} kW", p.box.tooltip]
        return "\n".join(line for line in lines if line)

    def clear(self) -> None:
        self._spec = None
        self.boxes = []
        self._frames.setOpts(x0=[], y0=[], width=[], height=[])
        self._frames.setVisible(False)
        for item in self.role_items.values():
            item.setVisible(False)
        for header in self._headers:
            header.setVisible(False)


def _width(item: pg.TextItem, text: str) -> float:
    """Pixels ``text`` takes in ``item``'s font."""
    return QtGui.QFontMetricsF(item.textItem.font()).horizontalAdvance(text)
