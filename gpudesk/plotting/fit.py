"""How a chart fits the room it has: where its legend goes, whether its categories run down the side, how
long an axis title or a reference line's label may be.

A chart on a 1366×768 laptop may be 380 px wide and 300 px tall; on a 4K monitor 1500 × 700. The view asks
these functions after each resize, so that nothing is cut off or printed over:

* the legend sits beside the plot when the chart is wide enough, below it in as many columns as fit when it
  takes little height, beside it with its longer labels on two lines, and is otherwise folded away behind the
  chart's "Legend" button (hovering a series still names it);
* categories whose labels do not fit side by side under the plot (eight accelerators in 380 px) are drawn as
  horizontal bars, with the labels down the left;
* an axis title longer than its axis puts its unit on a second line, or takes the chart's shorter title, and is
  shortened with "…" only when neither fits (two stacked panels each have half the height);
* a reference line's label is shortened to the room before the next line and the plot's edge.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from PySide6 import QtCore, QtGui

from gpudesk.plotting.legend_room import LegendBox, label_size, legend_size, most_columns, text_room

BESIDE, BELOW, HIDDEN = "beside", "below", "hidden"
PLOT_MIN_WIDTH = 222
"""Pixels of plot (axes included) a legend beside it must leave, as drawn. Each entry counted 28 px narrower than
pyqtgraph draws it (34 px of sample and gap where it takes 20 + 16 + the label's 8 px of margins + the legend's 18),
the rule said 260 and left 222: the plot width the window's charts were reviewed with (stop 21), now stated as it is."""
PLOT_MIN_HEIGHT = 130
"""Pixels of plot the notes under a chart must leave unfolded (``chart_notes.wrap_notes``, above ``CHROME_HEIGHT``)."""
BELOW_PLOT_MIN_HEIGHT = 90
"""Pixels of plot (``plot_height``) a legend below it must leave, as drawn: the 130 px the rule asked with legend rows
counted 21 px high and 44 px of chrome left 96, 93 and 90 px of plot under one, two and three rows drawn 24 px high
with 18 px of margins and 57 px of chrome, the plots the window's charts were reviewed with (stop 21; the gov sample's
memory-fit chart at 1366 × 768: six names on one line each beside a 90 px plot under three rows)."""
PANEL_MIN_HEIGHT = 63
"""Pixels each of two stacked panels (the serving chart's throughput over its latency) keeps when a legend goes below
them, as drawn (80 px in the frame of ``BELOW_PLOT_MIN_HEIGHT``'s old count); less and the legend folds away behind its
button (hovering a line names it): at 1366×768 the serving chart's three entries in one column took a third of its
tab and left each panel 44 px, its throughput axis title cut to '吞吐…' and its two latency targets' labels printed
over each other."""
LEGEND_MAX_SHARE = 0.4
"""At most this share of the chart's height goes to a legend below the plot, as drawn (0.3 of rows counted 21 px high:
five rows, 105 px counted, 138 drawn, needed a 350 px chart; 0.4 of 138 px asks 345); more and it folds away."""
CHROME_HEIGHT = 44
"""Pixels above and around the plot: the title and the layout's margins."""
PLOT_FRAME = 57
"""Pixels of a chart's height beside its plot, its legend, notes and bottom axis: a title's line (27 px) and the
layout's margins and spacing (30 px), measured on the window's charts at 1366 × 768, zh and en (280 px memory-fit
chart: 94.6 px of plot under a 90 px legend and a 38 px axis)."""
CATEGORY_GAP = 10
"""Pixels between two category labels on a horizontal axis."""


@dataclass(frozen=True)
class LegendPlan:
    mode: str  # beside | below | hidden
    columns: int = 1
    width: float = 0.0  # pixels the legend takes (beside) or 0
    height: float = 0.0  # pixels the legend takes (below) or 0
    text_width: float = 0.0  # pixels a label's text box may take before its lines wrap (beside); 0: as it is


KEPT_WIDTHS = 4096
"""Texts whose widths one font's ``KeptWidths`` remembers before it starts again (category words, tick labels and
titles of the charts shown: a few hundred)."""


class KeptWidths(QtGui.QFontMetricsF):
    """Font metrics that measure each text once: an edit asks the width of the same category words four times per
    chart update (does the new word fit down the side, how wide is the axis), each a text layout in Qt."""

    def __init__(self, font: QtGui.QFont) -> None:
        super().__init__(font)
        self._widths: dict[str, float] = {}

    def horizontalAdvance(self, text, *args) -> float:  # noqa: N802 - Qt API
        if args or not isinstance(text, str):
            return super().horizontalAdvance(text, *args)
        width = self._widths.get(text)
        if width is None:
            if len(self._widths) >= KEPT_WIDTHS:
                self._widths.clear()
            width = self._widths[text] = super().horizontalAdvance(text)
        return width


_KEPT: dict[tuple[str, tuple[str, ...], float], KeptWidths] = {}


def kept_metrics(font: QtGui.QFont) -> QtGui.QFontMetricsF:
    """The metrics of ``font`` (as ``QFontMetricsF(font)`` gives them), measuring each text once
    (``KeptWidths``); a font of another family, size, weight or style, or a screen of another density, has its own."""
    screen = QtGui.QGuiApplication.primaryScreen()
    # the families too: a font's key names its first family only, and with the Chinese fallback family 'H100 ×8' is
    # 53.4 px wide, without it 44.6 (its '×' drawn by another font), so kept widths crossed a language switch
    key = (font.key(), tuple(font.families()), screen.logicalDotsPerInch() if screen is not None else 0.0)
    kept = _KEPT.get(key)
    if kept is None:
        kept = _KEPT[key] = KeptWidths(font)
    return kept


def label_width(metrics: QtGui.QFontMetricsF, labels: list[str]) -> float:
    return max((metrics.horizontalAdvance(label) for label in labels), default=0.0)


def plan_legend(labels: list[str], box: LegendBox, width: float, height: float, wanted: bool | None = None,
                panels: int = 1) -> LegendPlan:
    """Where the legend of ``labels`` goes in a chart of ``width`` × ``height`` pixels with ``panels`` stacked plots,
    its room measured as drawn (``legend_room``): beside the plot as it is; else below it in as many columns as fit
    (each as wide as its own labels); else beside it with the longer labels on two lines, where that leaves the plot
    its minimum width (two delivery modes in a 497 px step-6 cost chart on a 1920 × 1080 screen); else folded away.
    ``wanted``: None lets the room decide; True shows it (below, when it fits nowhere); False folds it away."""
    if not labels or wanted is False:
        return LegendPlan(HIDDEN)
    sizes = [label_size(box, label) for label in labels]
    plot_room = max(BELOW_PLOT_MIN_HEIGHT, panels * PANEL_MIN_HEIGHT)
    beside_room = width - box.chart_frame - box.chart_gap - PLOT_MIN_WIDTH  # the legend's width beside the plot
    across, tall = legend_size(box, sizes, 1)
    if across <= beside_room and tall <= height - CHROME_HEIGHT:  # beside the plot's rows, under the title
        return LegendPlan(BESIDE, 1, across + box.chart_gap)
    columns = most_columns(box, sizes, width - box.chart_frame)
    below = LegendPlan(BELOW, columns, 0.0, legend_size(box, sizes, columns)[1])
    if below.height <= LEGEND_MAX_SHARE * height and plot_height(height, below) >= plot_room:
        return below
    room = text_room(box, beside_room)
    # one series is told apart from nothing: its name (the title's, and on hover) does not narrow the plot
    wrapped = [label_size(box, label, room) for label in labels] if room > 0 and len(labels) > 1 else []
    if wrapped and max(w for w, _h in wrapped) <= room:
        across, tall = legend_size(box, wrapped, 1)
        if tall <= height - CHROME_HEIGHT:
            return LegendPlan(BESIDE, 1, across + box.chart_gap, 0.0, room)
    return below if wanted else LegendPlan(HIDDEN)


def plot_height(height: float, plan: LegendPlan) -> float:
    """Pixels of plot height a chart keeps under ``plan`` of the ``height`` its notes and bottom axis leave."""
    return height - PLOT_FRAME - (plan.height if plan.mode == BELOW else 0.0)


CATEGORY_AXIS_SHARE = 0.45
"""At most this share of a chart's width goes to the category labels down the side of a transposed chart; longer
labels break onto two lines ("Huawei Ascend<br>910C 128GB ×16") so that the plot keeps the rest."""
CATEGORY_AXIS_PAD = 24
"""Pixels of the category axis beside its widest label: tick marks and margins."""


def two_lines(label: str, width: int = 14) -> str:
    """A long category label broken at the space nearest its middle (two lines at most)."""
    if len(label) <= width or " " not in label or "\n" in label:
        return label
    middle = len(label) // 2
    cut = min((i for i, ch in enumerate(label) if ch == " "), key=lambda i: abs(i - middle))
    return label[:cut] + "\n" + label[cut + 1:]


CATEGORY_AXIS_WIDE_SHARE = 0.55
"""At most this share of a chart's width goes to category labels kept on one line down the side where, each on two
lines, they would not fit the plot's height: the gov sample's six accelerators at 1366 × 768 in Chinese took twelve
lines (169 px) in a 95 px plot and were drawn over each other; on one line they take 84 px and 47% of the 478 px
chart, leaving the plot 230 px."""


def rows_height(labels: list[str], metrics: QtGui.QFontMetricsF) -> float:
    """Pixels ``labels`` take stacked down the side, one line of ``metrics`` each of their lines: the plot's height
    they need so that none is drawn over the next (each sits centred on its bar)."""
    return sum(1 + label.count("\n") for label in labels) * metrics.height()


def side_labels(categories: list[str], metrics: QtGui.QFontMetricsF, chart_width: float,
                rows_room: float = math.inf) -> list[str]:
    """The category labels down the side of a transposed chart ``chart_width`` pixels wide whose plot is ``rows_room``
    pixels high: as they are, or each on two lines when the widest would take more than ``CATEGORY_AXIS_SHARE`` of the
    chart (six searched accelerators took 224 of a 300 px chart on a laptop at 150%, leaving 48 px of plot), unless
    their lines would not fit the plot's height (a what-if driver's range on its second line too): then one line
    each, within ``CATEGORY_AXIS_WIDE_SHARE`` of the chart, shortened in the middle where longer ("Huawei As…64GB
    ×24": the vendor and the count stay; hovering a bar names its category whole)."""
    key = ((tuple(categories), id(metrics), chart_width, rows_room, "labels") if isinstance(metrics, KeptWidths)
           else None)
    kept = _SIDE_WIDTHS.get(key) if key is not None else None
    if kept is not None:
        return list(cast("tuple[str, ...]", kept))
    widest = label_width(metrics, [line for c in categories for line in c.split("\n")]) + CATEGORY_AXIS_PAD
    labels = list(categories) if chart_width <= 0 or widest <= CATEGORY_AXIS_SHARE * chart_width else [
        two_lines(c) for c in categories]
    if chart_width > 0 and rows_height(labels, metrics) > rows_room:  # one line each, shortened in the middle if need be
        flat = [" ".join(c.split("\n")) for c in categories]
        room = CATEGORY_AXIS_WIDE_SHARE * chart_width - CATEGORY_AXIS_PAD
        labels = [c if metrics.horizontalAdvance(c) <= room
                  else metrics.elidedText(c, QtCore.Qt.TextElideMode.ElideMiddle, room) for c in flat]
    if key is not None:
        _keep(key, tuple(labels))
    return labels


def side_axis_width(categories: list[str], metrics: QtGui.QFontMetricsF, chart_width: float,
                    rows_room: float = math.inf) -> float:
    """Pixels of the category axis down the side of a transposed chart (a label on two lines is as wide as its
    longer line). Kept, as ``side_labels``, for the last few categories asked about in kept metrics (``kept_metrics``,
    which live as long as the app): an edit asks for a memory-fit chart's pending and searched words, the same at
    each edit (issue 24)."""
    key = (tuple(categories), id(metrics), chart_width, rows_room) if isinstance(metrics, KeptWidths) else None
    width = _SIDE_WIDTHS.get(key) if key is not None else None
    if width is None:
        labels = side_labels(categories, metrics, chart_width, rows_room)
        width = label_width(metrics, [line for c in labels for line in c.split("\n")]) + CATEGORY_AXIS_PAD
        if key is not None:
            _keep(key, width)
    return width  # type: ignore[return-value]  # a width under a width's key


SIDE_KEPT = 32
"""Category labels and axis widths kept (``side_labels``, ``side_axis_width``): a few charts' words of two states."""
_SIDE_WIDTHS: dict[tuple, object] = {}


def _keep(key: tuple, value: object) -> None:
    if len(_SIDE_WIDTHS) >= SIDE_KEPT:
        del _SIDE_WIDTHS[next(iter(_SIDE_WIDTHS))]
    _SIDE_WIDTHS[key] = value


def categories_fit(categories: list[str], metrics: QtGui.QFontMetricsF, plot_width: float) -> bool:
    """Whether the category labels fit side by side under a plot ``plot_width`` pixels wide (each label on at
    most two lines: ``wrap_category`` breaks long ones at a space)."""
    if not categories:
        return True
    slot = plot_width / len(categories)
    widest = 0.0
    for label in categories:
        lines = label.split("\n")
        if len(lines) == 1 and " " in label and len(label) > 14:
            middle = len(label) // 2
            cut = min((i for i, ch in enumerate(label) if ch == " "), key=lambda i: abs(i - middle))
            lines = [label[:cut], label[cut + 1:]]
        widest = max(widest, label_width(metrics, lines))
    return widest + CATEGORY_GAP <= slot


UNIT_PART = re.compile(r"^(.+?)\s*([（(][^（()）]+[)）])$")  # "Monthly spend (CNY)", "月度支出（元）"
LINE_BREAK = "<br>"  # an axis title is rich text: the second line of a title broken before its unit


def axis_title_in(title: str, metrics: QtGui.QFontMetricsF, room: float, two_lines: bool, shorter: str = "") -> str:
    """An axis title in ``room`` pixels along its axis: whole; else (a vertical axis, which grows sideways for a
    second line) its unit on a second line, "月度支出<br>（元）"; else the chart's ``shorter`` title the same two ways
    ("支出<br>（元）"), its unit in narrower half-width brackets if need be ("支出<br>(美元)"); else shortened with "…"
    (its tool tip says it whole). Two stacked panels share the chart's height, so in the roadmap dock a value axis
    is about 50 px long."""
    for candidate in (title, shorter):
        if not candidate:
            continue
        if metrics.horizontalAdvance(candidate) <= room:
            return candidate
        parts = UNIT_PART.match(candidate)
        if not (two_lines and parts):
            continue
        name, unit = parts.groups()
        for shown_unit in (unit, unit.replace("（", "(").replace("）", ")")):  # "(美元)": half-width brackets
            if max(metrics.horizontalAdvance(name), metrics.horizontalAdvance(shown_unit)) <= room:
                return f"{name}{LINE_BREAK}{shown_unit}"
    return elide(title, metrics, room)


def elide(text: str, metrics: QtGui.QFontMetricsF, room: float) -> str:
    """``text`` shortened with "…" to ``room`` pixels ("" when not even "…" fits)."""
    if metrics.horizontalAdvance(text) <= room:
        return text
    if metrics.horizontalAdvance("…") > room:
        return ""
    return metrics.elidedText(text, QtCore.Qt.TextElideMode.ElideRight, room)


def spaced_levels(levels: list, words: Callable[[list[float], float], list[str]], metrics: QtGui.QFontMetricsF,
                  low: float, high: float, size: float, gap: float) -> list:
    """pyqtgraph's tick ``levels`` (``[(spacing, values), ...]``) for a horizontal axis ``size`` pixels long showing
    ``low`` to ``high``, with the first level's ``words`` (which pyqtgraph always draws) ``gap`` pixels apart: where
    two would come closer, the first level keeps every other value at twice its spacing and the rest go to the
    second level, which pyqtgraph draws only where its words have room. Below eight accelerators' names down the
    side of a 300 px chart the value axis had 108 px and drew "20 40 60 80100"."""
    if not levels or size <= 0 or high <= low:
        return levels
    levels = [(spacing, list(values)) for spacing, values in levels]
    for _ in range(3):
        spacing, values = levels[0]
        centres = [(v - low) / (high - low) * size for v in values]
        widths = [metrics.horizontalAdvance(word) for word in words(values, spacing)]
        if all(c1 - c0 - (w0 + w1) / 2 >= gap for c0, c1, w0, w1 in zip(centres, centres[1:], widths, widths[1:])):
            break
        kept = [v for v in values if abs(v / (2 * spacing) - round(v / (2 * spacing))) < 1e-6]
        minor = sorted([v for v in values if v not in kept] + (levels[1][1] if len(levels) > 1 else []))
        levels = [(2 * spacing, kept), (levels[1][0] if len(levels) > 1 else spacing, minor), *levels[2:]]
    return levels
