"""The rack elevation drawing on the page: racks as columns of rack units, every label inside its box.

A box's label is set in the largest type (up to 7 pt) its height allows and shortened to its width, so no
text runs off a server or a switch; each rack states its power against its limit below it.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui

from gpudesk.pdf import styles as S
from gpudesk.pdf.chart_labels import elide
from gpudesk.pdf.draw import colour, role_colour
from gpudesk.pdf.styles import Metrics
from gpudesk.report.number_format import format_number
from gpudesk.results.rack_layout_spec import RackLayoutSpec

RACK_GAP = 8.0
MAX_RACK_W = 70.0


def _text(p: QtGui.QPainter, m: Metrics, x: float, y: float, text: str, color: str, width: float) -> None:
    w = m.width(text)
    p.setFont(m.qfont)
    p.setPen(colour(color))
    p.save()
    p.scale(1 / S.SCALE, 1 / S.SCALE)
    p.drawText(QtCore.QPointF((x + (width - w) / 2) * S.SCALE, (y + m.ascent) * S.SCALE), text)
    p.restore()


VENDOR_WORDS = ("NVIDIA ", "Huawei ", "Generic ", "通用 ", "Supermicro ", "Dell ", "HPE ", "Lenovo ", "Inspur ", "AMD ",
                "Intel ", "Cambricon ")  # "通用 ": a generic chassis as named in Chinese (report.server_names)


def _fit_label(m: Metrics, label: str, width: float) -> str:
    """The box's name, shortened until it fits: without its parenthesis, then its vendor, then cut."""
    short = label.split(" (")[0]
    for candidate in (label, short, *(short.replace(v, "", 1) for v in VENDOR_WORDS if short.startswith(v))):
        if m.width(candidate) <= width:
            return candidate
    for v in VENDOR_WORDS:
        short = short.replace(v, "", 1) if short.startswith(v) else short
    return elide(m, short, width)


def paint_racks(p: QtGui.QPainter, spec: RackLayoutSpec, rect: QtCore.QRectF, family: str, lang: str) -> None:
    p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    small = Metrics(family, 7.0)
    roles = list(dict.fromkeys(b.color_role for rack in spec.racks for b in rack.boxes))
    x = rect.left() + 4
    for role in roles:  # legend
        p.setPen(QtCore.Qt.PenStyle.NoPen)
        p.setBrush(colour(role_colour(role, "#56B4E9")))
        p.drawRect(QtCore.QRectF(x, rect.top() + 2, 10, 7))
        name = spec.role_labels.get(role, role)
        _text(p, small, x + 13, rect.top(), name, S.INK, small.width(name))
        x += 13 + small.width(name) + 14
    limits = {rack.limit_kw for rack in spec.racks if rack.limit_kw}
    notes = [spec.notes] if spec.notes else []
    if len(limits) == 1:
        notes.append(("机柜功率上限 {0} kW" if lang == "zh" else "rack limit {0} kW").format(format_number(min(limits))))
    footer = (3 if notes else 2) * small.line_height + 4
    top = rect.top() + small.line_height + 6
    height = rect.bottom() - footer - top
    n = max(len(spec.racks), 1)
    rack_w = min(MAX_RACK_W, (rect.width() - RACK_GAP * (n + 1)) / n)
    start = rect.left() + (rect.width() - n * rack_w - (n - 1) * RACK_GAP) / 2
    unit_h = height / spec.rack_units
    for i, rack in enumerate(spec.racks):
        rx = start + i * (rack_w + RACK_GAP)
        p.setPen(QtGui.QPen(colour("#57606a"), 0.8))
        p.setBrush(colour("#f6f8fa"))
        p.drawRect(QtCore.QRectF(rx, top, rack_w, height))
        for start_u, box in rack.placed_boxes():
            by = top + height - (start_u - 1 + box.units) * unit_h
            bh = box.units * unit_h
            fill = role_colour(box.color_role, "#56B4E9")
            p.setPen(QtGui.QPen(colour("#ffffff"), 0.5))
            p.setBrush(colour(fill))
            inner = QtCore.QRectF(rx + 2, by + 0.3, rack_w - 4, max(bh - 0.6, 0.4))
            p.drawRect(inner)
            size = min(7.0, bh * 0.72)
            while size > 4.0 and Metrics(family, size).width(box.label.split(" (")[0]) > inner.width() - 3:
                size -= 0.5  # smaller type before any word is cut
            if size >= 3.2:
                m = Metrics(family, round(size * 2) / 2)
                label = _fit_label(m, box.label, inner.width() - 3)
                _text(p, m, inner.left(), inner.top() + (inner.height() - m.line_height) / 2, label, "#ffffff",
                      inner.width())
        _text(p, small, rx, top + height + 2, rack.name, S.INK, rack_w)
        power = f"{format_number(rack.power_kw)} kW"
        _text(p, small, rx - RACK_GAP / 2, top + height + 2 + small.line_height, elide(small, power, rack_w + 6),
              S.MUTED, rack_w + RACK_GAP)
    if notes:
        text = "；".join(notes) if lang == "zh" else "; ".join(notes)
        _text(p, small, rect.left(), rect.bottom() - small.line_height, text, S.MUTED, small.width(text))
