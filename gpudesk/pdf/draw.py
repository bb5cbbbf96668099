"""The painter side of a page: text, boxes, rules, charts and link areas in points.

Each page is drawn from what the layout placed on it and nothing else, so no line of a neighbouring page
ever reaches the text layer. Link areas and anchors are collected for the PDF post-pass (outline, internal
links, URLs), which QPainter cannot write.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PySide6 import QtCore, QtGui

from gpudesk.pdf import styles as S
from gpudesk.pdf.styles import Metrics
from gpudesk.plotting.palette import ROLE_COLOURS


@lru_cache(maxsize=64)
def colour(hex_: str) -> QtGui.QColor:
    return QtGui.QColor(hex_)


def role_colour(role: str, fallback: str = "#D55E00") -> str:
    """A colour role's colour on paper (the light palette's, ``plotting.palette.ROLE_COLOURS``), else ``fallback``."""
    return ROLE_COLOURS.get(role, (fallback,))[0]


@dataclass
class LinkArea:
    page: int  # page number from 1
    rect: tuple[float, float, float, float]  # x, y, w, h in points from the top-left corner
    target: str  # "#anchor" or a URL


@dataclass
class Marks:
    """What the post-pass needs: link areas and where each anchor landed."""

    links: list[LinkArea] = field(default_factory=list)
    anchors: dict[str, tuple[int, float]] = field(default_factory=dict)


Q = S.SCALE  # the painter works in quarter points: fonts have whole pixel sizes, nothing is rescaled per word


class PageCanvas:
    """Draws in points; the painter's transform maps quarter points to the device."""

    def __init__(self, painter: QtGui.QPainter, page: int, marks: Marks, chart: Any) -> None:
        self.p = painter
        self.page = page
        self.marks = marks
        self._chart = chart  # callable(painter, spec, rect) drawing in points
        self._font: QtGui.QFont | None = None
        self._pen = ""

    def _set(self, font: QtGui.QFont | None, pen: str) -> None:
        if font is not None and font is not self._font:
            self.p.setFont(font)
            self._font = font
        if pen != self._pen:
            self.p.setPen(colour(pen))
            self._pen = pen

    def text(self, m: Metrics, x: float, y: float, text: str, color: str = S.INK, align: str = "left",
             width: float = 0.0) -> None:
        if not text:
            return
        if align != "left" and width:
            w = m.width(text)
            x = x + width - w if align == "right" else x + (width - w) / 2
        baseline = y + (m.line_height - m.size * 1.12) / 2 + m.ascent
        self._set(m.qfont, color)
        self.p.drawText(QtCore.QPointF(x * Q, baseline * Q), text)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "", stroke: str = "",
             line: float = 0.5) -> None:
        p = self.p
        p.setPen(QtGui.QPen(colour(stroke), line * Q) if stroke else QtCore.Qt.PenStyle.NoPen)
        self._pen = "?"
        p.setBrush(colour(fill) if fill else QtCore.Qt.BrushStyle.NoBrush)
        p.drawRect(QtCore.QRectF(x * Q, y * Q, w * Q, h * Q))

    def line(self, x1: float, y1: float, x2: float, y2: float, color: str = S.RULE, width: float = 0.5) -> None:
        self.p.setPen(QtGui.QPen(colour(color), width * Q))
        self._pen = "?"
        self.p.drawLine(QtCore.QPointF(x1 * Q, y1 * Q), QtCore.QPointF(x2 * Q, y2 * Q))

    def image(self, image: QtGui.QImage, x: float, y: float, w: float, h: float) -> None:
        self.p.drawImage(QtCore.QRectF(x * Q, y * Q, w * Q, h * Q), image)

    def chart(self, spec: Any, x: float, y: float, w: float, h: float) -> None:
        self.p.save()
        self.p.scale(Q, Q)
        self._chart(self.p, spec, QtCore.QRectF(x, y, w, h))
        self.p.restore()
        self._font, self._pen = None, ""

    def link(self, x: float, y: float, w: float, h: float, target: str) -> None:
        self.marks.links.append(LinkArea(self.page, (x, y, w, h), target))

    def anchor(self, name: str, y: float) -> None:
        self.marks.anchors[name] = (self.page, y)
