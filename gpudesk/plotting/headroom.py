"""Room at the top of a plot for what is drawn along its top edge: the labels of upright reference lines (the
roadmap's phase names), marker symbols, and the labels of level lines near the top (a rack limit or a target),
which ``fit_ref_labels`` puts above their line when it has the room: without it the label went under the line,
over the bars ('rack limit 8.4 kW' printed across the manufacturer's 8 kW rack bar).

A plot's value range ends a few per cent above its highest value (``PlotPanel.reset_range``): in the Roadmap dock's
GPU panel, 50-60 px high, that is 4 px, and the phase names drawn along the top edge lay over the GPU line (the
guided start's 1-GPU line hidden behind "Dedicated inference in production"; the startup pilot's 4-GPU line behind
its phase name) while a trigger's star at the highest value was cut by the edge (gov). The range's top is raised, in
the plot's pixels, until the highest values sit below the labels' band and a marker's symbol fits whole; a plot with
room to spare (a step page's chart) keeps its range. Charts without such labels or markers are not touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.plotting.plot_panel import PlotPanel

MARKER_ROOM = 10.0
"""Pixels above a marker's point: half its symbol (``symbolSize`` 18) and a pixel."""
LABEL_AIR = 2.0
"""Pixels between an upright line's label and the highest value drawn under it."""
UPRIGHT_LABEL_AT = 0.96
"""Where along an upright line its label sits, as a share of the plot's height from the bottom."""
LEAST_DATA_HEIGHT = 12.0
"""Pixels the values keep under the room taken at the top; a plot smaller than that is left as it was."""


def label_band(panel: PlotPanel, height: float) -> float:
    """Pixels from the plot's top edge to the bottom of its upright reference lines' labels (0: none shown)."""
    band = 0.0
    for line in panel._vlines if not panel.horizontal else ():
        if line.isVisible() and getattr(line, "gpudesk_text", ""):
            label_height = line.label.textItem.boundingRect().height()
            band = max(band, (1.0 - UPRIGHT_LABEL_AT) * height + label_height + LABEL_AIR)
    return band


LEVEL_ROOM_SHARE = 1 / 3
"""The most of a plot's height the labels above level lines may take: a smaller plot keeps its values' range and
the labels go under their lines (the Roadmap dock's and the laptop's serving latency panel, ~45 px high, read
'100万 ms' at its top when it made room for two target labels)."""


def level_rooms(panel: PlotPanel, height: float) -> list[tuple[float, float]]:
    """(value, pixels) for each labelled level line: its label's height above it, so the label sits over the line and
    off what is drawn under it; none where they would take more than ``LEVEL_ROOM_SHARE`` of ``height``."""
    rooms = [(line.value(), line.label.textItem.boundingRect().height() + LABEL_AIR)
             for line in panel._hlines if line.isVisible() and getattr(line, "gpudesk_text", "")]
    return rooms if sum(room for _value, room in rooms) <= LEVEL_ROOM_SHARE * height else []


def category_room(panel: PlotPanel, count: int) -> float:
    """Empty category slots before the first of ``count`` categories of a horizontal chart, where its value lines'
    labels run along the top (the first rows of the bank launch's 24 racks lay under 'rack limit 8.4 kW'); 0 when
    no labelled line is shown or the plot is too small to give the room."""
    labels = [line.label.textItem.boundingRect().height() for line in panel._hlines
              if line.isVisible() and getattr(line, "gpudesk_text", "")] if panel.horizontal else []
    height = float(panel.plot.vb.height())
    if not labels or count <= 0 or height <= 0:
        return 0.0
    room = top_band(height, max(labels))
    if height - room < LEAST_DATA_HEIGHT:
        return 0.0
    return room * (count + 0.2) / (height - room)


def top_band(height: float, label_height: float) -> float:
    """Pixels at the top of a horizontal chart's plot ``height`` pixels high that its value lines' labels take (where
    ``reference_marks.draw_reflines`` puts them)."""
    return (1.0 - UPRIGHT_LABEL_AT + 0.02) * height + label_height + LABEL_AIR


def rows_room(count: int, labelled_lines: bool, height: float, label_height: float) -> float:
    """Pixels of a horizontal chart's plot ``height`` pixels high that its ``count`` rows of category labels get: less
    the band its value lines' labels take at the top (``category_room``), over the rows' share of the range (0.6 of a
    row beyond the first and the last). The what-if chart's three drivers in a 109 px plot under its '方案' line got
    77 px, not 109, and their six lines were drawn over each other."""
    band = top_band(height, label_height) if labelled_lines else 0.0
    rows = height - band if height - band >= LEAST_DATA_HEIGHT else height
    return rows * count / (count + 0.2) if count > 0 else rows


def with_headroom(panel: PlotPanel, value_range: tuple[float, float], tops: list[float],
                  marker_values: list[float]) -> tuple[float, float]:
    """``value_range`` (view coordinates), its top raised so that each of ``tops`` (the highest values drawn) sits
    below the upright labels' band and each of ``marker_values`` a marker's symbol below that; as it was when the
    values have that room already, the chart is horizontal (its value axis runs along the bottom) or the plot has no
    room to give."""
    panel.headroom_for = None
    height = float(panel.plot.vb.height())
    levels = [] if panel.horizontal else level_rooms(panel, height)
    if panel.horizontal or not (tops or marker_values or levels):
        return value_range
    band = label_band(panel, height)
    if band <= 0 and not (marker_values or levels):
        return value_range
    low, high = value_range
    rooms = [(v, band) for v in tops] + [(v, band + MARKER_ROOM) for v in marker_values]
    for value, room in rooms + [(v, band + room) for v, room in levels]:
        if room > 0 and height - room >= LEAST_DATA_HEIGHT and value > low:
            high = max(high, value + (value - low) * room / (height - room))  # ``value`` ``room`` px below the top
    panel.headroom_for = (height, value_range, tops, marker_values, (low, high))
    return low, high


def keep_headroom(panel: PlotPanel) -> None:
    """The room again for the plot's new height (a Roadmap dock made smaller), unless the user zoomed or panned it
    (its range is no longer the one set): checked where the reference labels are fitted to the plot's new box. A
    horizontal chart's empty slots above its first row likewise (``category_room``)."""
    kept = panel.headroom_for
    vb = panel.plot.vb
    count = len(panel._categories)
    if panel.horizontal and count:  # the empty slots above a horizontal chart's first row, at its height now
        (start, end), wanted = vb.state["targetRange"][1], -0.6 - category_room(panel, count)
        if abs(end - (count - 0.4)) < 1e-9 and start <= -0.6 + 1e-9 and abs(start - wanted) > 1e-3:  # not zoomed
            vb.setYRange(wanted, end, padding=0)
    if kept is None or abs(vb.height() - kept[0]) < 1 or vb.state["targetRange"][1] != list(kept[4]):
        return
    shown = with_headroom(panel, *kept[1:4])
    if shown != kept[4]:
        panel.value_range = shown
        vb.setYRange(*shown, padding=0)
