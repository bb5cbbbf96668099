"""The notes under a chart: wrapped to the chart's width, and folded to one line (their whole text its tool tip)
where, wrapped, they would leave the plot less than its minimum height (``arrange.arrange_view`` calls them)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6 import QtGui

from gpudesk.plotting import fit

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

NOTES_AXIS_HEIGHT = 40
"""Pixels of a bottom axis with its labels and title: what the plot loses below it, besides the notes."""


def wrap_notes(view: ChartView, width: float, height: float) -> bool:
    """Wrap the notes under the chart to its width, and fold them to one line (their whole text its tool tip)
    when, wrapped, they would leave the plot less than its minimum height; whether they changed. Unwrapped, their
    longest line set the chart's minimum width, and a chart in a narrower tab (step 2 at 1366×768) was cut on the
    right, its centred title with it; wrapped in full, five lines of notes left the plot 75 px."""
    notes = view._notes
    full = getattr(notes, "gpudesk_full_notes", None)
    if full is None or notes.text not in (full, getattr(notes, "gpudesk_folded_notes", None)):
        full = notes.text  # set anew by the renderer since the last fit
        notes.gpudesk_full_notes = full
    room = max(width - 28.0, 120.0)  # the layout's margins and a little air
    changed = abs(notes.item.textWidth() - room) >= 1.0
    if changed:
        notes.item.setTextWidth(room)
    colour = notes.opts.get("color")
    if notes.text != full:
        notes.setText(full, color=colour)
        changed = True
    folded = ""
    plot_room = height - fit.CHROME_HEIGHT - NOTES_AXIS_HEIGHT - notes.item.boundingRect().height()
    if full and plot_room < fit.PLOT_MIN_HEIGHT:
        plain = html.unescape(full.replace("<br>", " "))
        font = QtGui.QFont(view.font())
        font.setPointSizeF(8)
        one_line = fit.elide(plain, QtGui.QFontMetricsF(font), room - 8)
        if one_line != plain:
            folded = html.escape(one_line)
            notes.setText(folded, color=colour)
            changed = True
    notes.gpudesk_folded_notes = folded or None
    notes.setToolTip(html.unescape(full.replace("<br>", "\n")) if folded else "")
    if changed:
        notes.updateMin()
    return changed


def notes_height(view: ChartView) -> float:
    """Pixels the notes under the plot take (0 without notes)."""
    return view._notes.minimumHeight() if view._notes in view.graphics.ci.items else 0.0
