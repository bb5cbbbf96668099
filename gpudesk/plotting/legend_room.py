"""The room a chart's legend takes, measured as pyqtgraph lays it out: each label's text as its text document sets it
in the legend's font (so a Chinese name drawn by the fallback family is measured in it), each entry's sample, the
legend grid's spacing and margins. Counting 21 px a row where the rows were drawn 24 px apart and 18 px of margins
around them, a legend of three rows below the plot took 27 px more than planned and the plot lost them; columns as
wide as the widest label each put two delivery modes ('public cloud, on demand', 'public cloud, monthly
subscription') on two rows of a 497 px chart where one row held them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6 import QtGui

SAMPLE = 20.0
"""Pixels of a legend entry's sample, wide and high (pyqtgraph's ``ItemSample.boundingRect``)."""
MEASURED_KEPT = 1024
"""Label sizes kept per process (a few charts' entries at a few widths)."""
_MEASURED: dict[tuple, tuple[float, float]] = {}


@dataclass(frozen=True)
class LegendBox:
    """A legend's frame as its grid lays it out, read from the legend and its chart (``arrange.legend_box``)."""

    font: QtGui.QFont
    """The labels' font (10 pt)."""
    spacing: float = 16.0
    """Pixels between the grid's columns: a sample and its label, an entry and the next."""
    row_gap: float = 0.0
    frame_width: float = 18.0
    """The legend's own margins, left and right together."""
    frame_height: float = 18.0
    chart_frame: float = 20.0
    """The chart's margins, left and right together: a legend below the plot spans the rest."""
    chart_gap: float = 6.0
    """Pixels between the plot and a legend beside it."""


def label_size(box: LegendBox, text: str, width: float = 0.0) -> tuple[float, float]:
    """(width, height) of a legend label ``text`` as its text document lays it out, within ``width`` pixels when
    given (its lines wrapped: the widest line's width, which may exceed ``width`` where one word is longer)."""
    font = box.font
    key = (font.key(), tuple(font.families()), text, round(width, 2))
    size = _MEASURED.get(key)
    if size is None:
        document = QtGui.QTextDocument()
        document.setDefaultFont(font)
        document.setHtml(text)
        natural = document.size().width()
        if 0 < width < natural:
            document.setTextWidth(width)
            margins = 2 * document.documentMargin()
            size = (max(width, document.idealWidth() + margins), document.size().height())
        else:
            size = (natural, document.size().height())
        if len(_MEASURED) >= MEASURED_KEPT:
            _MEASURED.clear()
        _MEASURED[key] = size
    return size


def legend_size(box: LegendBox, sizes: list[tuple[float, float]], columns: int) -> tuple[float, float]:
    """(width, height) of a legend of labels of ``sizes`` in ``columns`` columns: pyqtgraph fills its grid row by row,
    each column as wide as its widest label and each row as high as its highest entry."""
    columns = max(1, min(columns, len(sizes)))
    rows = math.ceil(len(sizes) / columns)
    widths = [max(sizes[i][0] for i in range(c, len(sizes), columns)) for c in range(columns)]
    heights = [max(SAMPLE, *(h for _w, h in sizes[r * columns:(r + 1) * columns])) for r in range(rows)]
    width = box.frame_width + sum(SAMPLE + box.spacing + w for w in widths) + box.spacing * (columns - 1)
    return width, box.frame_height + sum(heights) + box.row_gap * (rows - 1)


def most_columns(box: LegendBox, sizes: list[tuple[float, float]], room: float) -> int:
    """The most columns whose legend fits ``room`` pixels across (1 when even one does not)."""
    return next((c for c in range(len(sizes), 1, -1) if legend_size(box, sizes, c)[0] <= room), 1)


def text_room(box: LegendBox, legend_width: float) -> float:
    """Pixels of a label's text box in a one-column legend ``legend_width`` pixels wide."""
    return legend_width - box.frame_width - SAMPLE - box.spacing


def legend_box(legend, chart_layout) -> LegendBox:
    """The measured frame of ``legend`` (a pyqtgraph ``LegendItem``, labels at 10 pt) in a chart laid out by
    ``chart_layout`` (its ``QGraphicsGridLayout``)."""
    font = QtGui.QFont(legend.font())
    font.setPointSizeF(10)  # the labels' size (``labelTextSize``)
    left, top, right, bottom = legend.layout.getContentsMargins()
    chart_left, _top, chart_right, _bottom = chart_layout.getContentsMargins()
    return LegendBox(font, legend.layout.horizontalSpacing(), legend.layout.verticalSpacing(), left + right, top + bottom,
                     chart_left + chart_right, chart_layout.horizontalSpacing())


def wrap_labels(legend, box: LegendBox, text_width: float) -> None:
    """Give each label of ``legend`` wider than ``text_width`` pixels that width, its lines wrapped (0: every label
    on its own lines, as drawn before)."""
    for _sample, label in legend.items:
        wanted = text_width if 0 < text_width < label_size(box, label.text)[0] else -1.0
        if label.item.textWidth() != wanted:
            label.item.setTextWidth(wanted)
            label.updateMin()


def pin_spacing(grid) -> None:
    """Store the style's spacing in a chart's ``QGraphicsGridLayout`` (``GraphicsLayout.layout``) as its own: left
    to the style, ``legend_box``'s read of it went through the layout's cached style, and on a theme change after
    another window had replaced the application's style that read crashed the process (segmentation fault in
    ``horizontalSpacing``, tests/ui/test_window_fits.py run alone, 2026-12-04). Same values, so the same layout."""
    grid.setHorizontalSpacing(grid.horizontalSpacing())
    grid.setVerticalSpacing(grid.verticalSpacing())
