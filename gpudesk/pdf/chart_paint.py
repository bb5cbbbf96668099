"""Charts of a proposal drawn as vectors straight onto the PDF page (no raster, no widget).

Draws every :class:`~gpudesk.results.chart_model.ChartSpec` (bars, stacked bars, capacity ticks, lines,
steps, areas, scatter, a second panel sharing the x axis, reference lines, markers) and the rack elevation
(:mod:`gpudesk.pdf.rack_paint`). Each series gets its own colour from the colour-blind-safe palette of
``gpudesk.plotting.palette``: a role's colour when no other series of the chart has it, else the next free
one. Labels stay inside the chart; words and numbers are in the document's language.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6 import QtCore, QtGui

from gpudesk.pdf import styles as S
from gpudesk.pdf.chart_axes import Axis, duration_axis, linear_axis, log_axis, tick_labels
from gpudesk.pdf.chart_labels import (
    two_lines,
)
from gpudesk.pdf.chart_refs import paint_refs
from gpudesk.pdf.draw import colour
from gpudesk.pdf.styles import Metrics
from gpudesk.plotting import palette
from gpudesk.plotting.palette import LIGHT
from gpudesk.report.chart_text import axis_title, localise_spec
from gpudesk.report.durations import DURATION_AXES, duration_text
from gpudesk.results.chart_model import ChartSpec, Series
from gpudesk.results.rack_layout_spec import RackLayoutSpec

FROM_ZERO_KINDS = ("memory_fit", "power_per_rack", "cost_over_time", "timeline", "inference", "scaling", "generic")
LABEL_PT = 7.0
VERTEX_DOTS = 40  # a line of at most this many points among a chart's scattered points marks each of them
LEGEND_PT = 7.5


def series_colours(spec: ChartSpec) -> dict[str, str]:
    """One colour per series, as the window colours the chart in its light theme (``plotting.palette.series_colours``:
    its role's colour unless a series before it took it, then the first free one of ``CYCLE``), as hex."""
    return {name: chosen.name() for name, chosen in palette.series_colours(LIGHT, spec.series).items()}


@dataclass
class Frame:
    rect: QtCore.QRectF
    x: Axis
    y: Axis

    def px(self, value: float) -> float:
        return self.rect.left() + self.x.to_unit(value) * self.rect.width()

    def py(self, value: float) -> float:
        return self.rect.bottom() - self.y.to_unit(value) * self.rect.height()


def paint_chart(painter: QtGui.QPainter, spec: object, rect: QtCore.QRectF, family: str, lang: str) -> None:
    if isinstance(spec, RackLayoutSpec):
        from gpudesk.pdf.rack_paint import paint_racks

        paint_racks(painter, localise_spec(spec, lang, tooltips=False), rect, family, lang)
        return
    if isinstance(spec, ChartSpec):
        _Chart(painter, localise_spec(spec, lang, tooltips=False), rect, family, lang).paint()


class _Chart:
    def __init__(self, painter: QtGui.QPainter, spec: ChartSpec, rect: QtCore.QRectF, family: str, lang: str):
        self.p, self.spec, self.rect, self.lang = painter, spec, rect, lang
        self.label = Metrics(family, LABEL_PT)
        self.legend_m = Metrics(family, LEGEND_PT)
        self.colours = series_colours(spec)
        # a series with nothing to show (a liquid-cooled share of zero) takes no colour and no legend entry
        self.visible = [s for s in spec.series if s.visible and s.x and any(v != 0 for v in s.y)]
        self.drawn: list[QtGui.QPainterPath] = []  # the panel's lines as drawn (outlines): labels keep clear of them

    # -- text ---------------------------------------------------------------
    def text(self, m: Metrics, x: float, y: float, text: str, color: str = S.MUTED, align: str = "left") -> float:
        w = m.width(text)
        if align == "right":
            x -= w
        elif align == "center":
            x -= w / 2
        self.p.setFont(m.qfont)
        self.p.setPen(colour(color))
        self.p.save()
        self.p.scale(1 / S.SCALE, 1 / S.SCALE)
        self.p.drawText(QtCore.QPointF(x * S.SCALE, (y + m.ascent) * S.SCALE), text)
        self.p.restore()
        return w

    # -- layout -------------------------------------------------------------
    def paint(self) -> None:
        r = self.rect
        self.p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        legend_h = self._legend(r.left() + 4, r.top(), r.width() - 8, draw=False)
        self._legend(r.left() + 4, r.top(), r.width() - 8, draw=True)
        # every line of the note, wrapped to the chart's width (a two-line note says what each cost means)
        notes = S.wrap(self.label, self.spec.notes, r.width() - 8) if self.spec.notes else []
        notes_h = self.label.line_height * len(notes)
        top = r.top() + legend_h + 6
        bottom = r.bottom() - notes_h
        second = self.spec.has_second_panel
        x_axis = self._x_axis()
        # a time axis labels each tick with its unit ("23 s", "1.8 h"): its title names no unit
        x_unit = "" if self._durations else self.spec.x_unit
        x_title = axis_title(self.spec.x_label, x_unit, self.lang) if self.spec.categories is None else ""
        bottom_h = self.label.line_height * (2.2 if x_title or self.spec.categories is not None else 1.3)
        panels = [(0, top, bottom - bottom_h if not second else top + (bottom - bottom_h - top) * 0.58)]
        if second:
            panels.append((1, panels[0][2] + 10, bottom - bottom_h))
        y_axes = [self._y_axis(panel, b - t) for panel, t, b in panels]
        left = r.left() + 14 + max(self.label.width(text) for a in y_axes for text in tick_labels(a, self.lang)) + 4
        frames = []
        for (panel, t, b), y_axis in zip(panels, y_axes):
            frame = Frame(QtCore.QRectF(left, t, r.right() - 8 - left, b - t), x_axis, y_axis)
            frames.append(frame)
            self._grid(frame, panel, show_x=(panel == panels[-1][0]))
            self._series(frame, panel)
            paint_refs(self, frame, panel)
        last = frames[-1]
        if x_title:
            self.text(self.label, last.rect.center().x(), last.rect.bottom() + self.label.line_height + 2, x_title,
                      align="center")
        for number, line in enumerate(notes):
            self.text(self.label, r.left() + 4, r.bottom() - notes_h + number * self.label.line_height, line)

    @property
    def _durations(self) -> bool:
        """A log time axis in days, ticked at round durations each in its own unit (report.durations)."""
        return self.spec.log_x and self.spec.categories is None and self.spec.x_unit in DURATION_AXES

    def _legend(self, x: float, y: float, width: float, draw: bool) -> float:
        m = self.legend_m
        entries = [(s.name, self.colours[s.name], "scatter" if _single_point(s) else s.style) for s in self.visible]
        if len(entries) <= 1 and not self.spec.has_second_panel:
            entries = entries if len(entries) == 1 and self.spec.kind not in ("scaling",) else []
        cx, cy = x, y
        for name, col, style in entries:
            w = 14 + m.width(name) + 10
            if cx + w > x + width and cx > x:
                cx, cy = x, cy + m.line_height
            if draw:
                self._swatch(cx, cy + m.line_height / 2, col, style)
                self.text(m, cx + 14, cy, name, S.INK)
            cx += w
        return (cy - y + m.line_height) if entries else 0.0

    def _swatch(self, x: float, ymid: float, col: str, style: str) -> None:
        p = self.p
        if style in ("bar", "area"):
            p.setPen(QtCore.Qt.PenStyle.NoPen)
            p.setBrush(colour(col))
            p.drawRect(QtCore.QRectF(x, ymid - 3.5, 10, 7))
        elif style == "scatter":
            p.setPen(QtGui.QPen(colour(col), 0.8))
            p.setBrush(colour(col))
            p.drawEllipse(QtCore.QPointF(x + 5, ymid), 2.5, 2.5)
        else:
            p.setPen(QtGui.QPen(colour(col), 1.8 if style != "tick" else 1.4))
            p.drawLine(QtCore.QPointF(x, ymid), QtCore.QPointF(x + 10, ymid))

    # -- axes ---------------------------------------------------------------
    def _x_axis(self) -> Axis:
        spec = self.spec
        if spec.categories is not None:
            n = len(spec.categories)
            return Axis(-0.5, n - 0.5, False, tuple(float(i) for i in range(n)))
        xs = [v for s in self.visible for v in s.x] + [v.value for v in spec.vlines] + [m.x for m in spec.markers]
        if spec.log_x:
            return duration_axis(xs) if self._durations else log_axis(xs)
        return linear_axis(xs, from_zero=spec.kind in ("cost_over_time", "timeline"), months=spec.x_in_months)

    def _y_axis(self, panel: int, height: float) -> Axis:
        spec = self.spec
        values: list[float] = []
        stacks: dict[tuple[str, float], float] = {}
        for s in self.visible:
            if s.panel != panel:
                continue
            if s.style == "bar" and (spec.stacked or s.stack_group):
                for x, y in zip(s.x, s.y):
                    key = (s.stack_group or "", x)
                    stacks[key] = stacks.get(key, 0.0) + max(y, 0.0)
            else:
                values += list(s.y)
        values += list(stacks.values())
        values += [h.value for h in spec.hlines if h.panel == panel]
        values += [m.y for m in spec.markers if m.panel == panel]
        if any(v.label for v in spec.vlines if v.panel == panel) and not spec.y_log(panel):
            # room above the data for the lines' names (two text lines): the roadmap's phase names hid its GPU line
            top = max((v for v in values if math.isfinite(v)), default=0.0)
            share = min((2 * self.label.line_height + 4) / max(height, 1.0), 0.5)
            if top > 0:
                values.append(top / (1 - share))
        if spec.y_log(panel):
            return log_axis(values)
        bars = any(s.style == "bar" for s in self.visible if s.panel == panel)
        positive = all(v >= 0 for v in values if math.isfinite(v))
        return linear_axis(values, from_zero=positive and (bars or spec.kind in FROM_ZERO_KINDS),
                           whole=spec.y_counts and panel == 0)

    def _grid(self, f: Frame, panel: int, show_x: bool) -> None:
        p = self.p
        r = f.rect
        grid = QtGui.QPen(colour("#e1e5ea"), 0.4)
        for t, text in zip(f.y.ticks, tick_labels(f.y, self.lang), strict=True):
            y = f.py(t)
            p.setPen(grid)
            p.drawLine(QtCore.QPointF(r.left(), y), QtCore.QPointF(r.right(), y))
            self.text(self.label, r.left() - 3, y - self.label.line_height / 2, text, align="right")
        p.setPen(QtGui.QPen(colour("#8c959f"), 0.6))
        p.drawLine(r.bottomLeft(), r.bottomRight())
        p.drawLine(r.bottomLeft(), r.topLeft())
        title = axis_title(*self.spec.axis_text(panel), self.lang)
        if title:
            p.save()
            p.translate(self.rect.left() + 2, r.center().y())
            p.rotate(-90)
            self.text(self.label, 0, 0, title, align="center")
            p.restore()
        if not show_x:
            return
        if self.spec.categories is not None:
            names = self.spec.categories
            slot = r.width() / max(len(names), 1)
            for i, name in enumerate(names):
                for k, line in enumerate(two_lines(self.label, name, slot - 3)):
                    self.text(self.label, f.px(i), r.bottom() + 2 + k * self.label.line_height, line, align="center")
            return
        labels = [duration_text(t, self.lang) for t in f.x.ticks] if self._durations else tick_labels(f.x, self.lang)
        for t, label in zip(f.x.ticks, labels, strict=True):
            x = f.px(t)
            p.setPen(QtGui.QPen(colour("#8c959f"), 0.6))
            p.drawLine(QtCore.QPointF(x, r.bottom()), QtCore.QPointF(x, r.bottom() + 2.5))
            self.text(self.label, x, r.bottom() + 3, label, align="center")

    # -- data ---------------------------------------------------------------
    def _series(self, f: Frame, panel: int) -> None:
        p = self.p
        p.save()
        p.setClipRect(f.rect.adjusted(-1, -1, 1, 1))
        mine = [s for s in self.visible if s.panel == panel]
        self.drawn = []
        bars = [s for s in mine if s.style == "bar"]
        groups = list(dict.fromkeys((s.stack_group or s.name) if (self.spec.stacked or s.stack_group) else s.name
                                    for s in bars))
        slot = f.rect.width() / max(len(self.spec.categories or [1]), 1) if self.spec.categories else 14.0
        bar_w = min(slot * 0.62, 46.0) / max(len(groups), 1)
        base: dict[tuple[str, float], float] = {}
        for s in mine:
            col = colour(self.colours[s.name])
            if s.style == "bar":
                key_group = (s.stack_group or s.name) if (self.spec.stacked or s.stack_group) else s.name
                offset = (groups.index(key_group) - (len(groups) - 1) / 2) * bar_w
                p.setPen(QtGui.QPen(colour("#ffffff"), 0.4))
                p.setBrush(col)
                for x, y in zip(s.x, s.y):
                    start = base.get((key_group, x), 0.0)
                    top = start + y
                    base[(key_group, x)] = top
                    cx = f.px(x) + offset
                    p.drawRect(QtCore.QRectF(cx - bar_w / 2, f.py(top), bar_w, f.py(start) - f.py(top)))
            elif s.style == "tick":
                p.setPen(QtGui.QPen(col, 1.6))
                half = max(bar_w * len(groups), 8.0) / 2 + 3
                for x, y in zip(s.x, s.y):
                    p.drawLine(QtCore.QPointF(f.px(x) - half, f.py(y)), QtCore.QPointF(f.px(x) + half, f.py(y)))
            elif s.style == "scatter":
                p.setPen(QtGui.QPen(col, 0.6))
                p.setBrush(col)
                for x, y in zip(s.x, s.y):
                    p.drawEllipse(QtCore.QPointF(f.px(x), f.py(y)), 2.2, 2.2)
            else:
                self._line(f, s, col)
        p.restore()

    def _line(self, f: Frame, s: Series, col: QtGui.QColor) -> None:
        points = [(f.px(x), f.py(y)) for x, y in zip(s.x, s.y) if math.isfinite(x) and math.isfinite(y)
                  and (not f.x.log or x > 0) and (not f.y.log or y > 0)]
        if not points:
            return
        p = self.p
        if len(points) == 1:  # a line through one point (a Pareto front of one configuration) is drawn as a dot
            p.setPen(QtGui.QPen(col, 0.6))
            p.setBrush(col)
            p.drawEllipse(QtCore.QPointF(*points[0]), 2.6, 2.6)
            return
        path = QtGui.QPainterPath(QtCore.QPointF(*points[0]))
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            if s.style == "step":
                path.lineTo(x1, y0)
            path.lineTo(x1, y1)
        if s.style == "area":
            fill = QtGui.QPainterPath(path)
            fill.lineTo(points[-1][0], f.rect.bottom())
            fill.lineTo(points[0][0], f.rect.bottom())
            c = QtGui.QColor(col)
            c.setAlphaF(0.25)
            p.fillPath(fill, c)
        p.setPen(QtGui.QPen(col, 1.5))
        p.setBrush(QtCore.Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        stroke = QtGui.QPainterPathStroker()
        stroke.setWidth(1.5)
        self.drawn.append(stroke.createStroke(path))
        if s.style == "line" and len(points) <= VERTEX_DOTS and any(v.style == "scatter" for v in self.visible):
            p.setPen(QtGui.QPen(col, 0.6))  # a front among scattered points: each configuration on it is a dot
            p.setBrush(col)
            for point in points:
                p.drawEllipse(QtCore.QPointF(*point), 1.9, 1.9)


def _single_point(s: Series) -> bool:
    """A line series with one finite point (nothing to draw a line through)."""
    if s.style not in ("line", "step", "area"):
        return False
    return sum(1 for x, y in zip(s.x, s.y) if math.isfinite(x) and math.isfinite(y)) == 1
