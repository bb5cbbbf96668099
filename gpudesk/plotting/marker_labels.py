"""Marker labels inside their plot (``keep_marker_labels_inside``), after ``arrange.fit_ref_labels`` has moved them
off the reference lines' labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui

if TYPE_CHECKING:
    from gpudesk.plotting.plot_panel import PlotPanel

MARKER_GAP = 10.0
"""Pixels between a marker's point and its label moved below it: half the marker symbol (18 px) and a little air."""


def keep_marker_labels_inside(panel: PlotPanel) -> None:
    """Keep every marker's label inside its plot, which clips what reaches past its edges (step 5's "当前切分" above
    a point at the top of the scaling chart was cut in half under the title): a label that would leave the top is
    shown below its point, one that would leave a side extends the other way, and one wider than the plot is
    shortened with "…" (its whole text in its tool tip)."""
    box = panel.plot.vb.sceneBoundingRect()
    if box.width() <= 0 or box.height() <= 0:
        return
    for text in panel._marker_labels:
        if not text.isVisible():
            continue
        full = getattr(text, "gpudesk_text", None) or text.toPlainText()
        text.gpudesk_text = full
        metrics = QtGui.QFontMetricsF(text.textItem.font())
        room = box.width() - 8
        shown = full if metrics.horizontalAdvance(full) <= room else metrics.elidedText(
            full, QtCore.Qt.TextElideMode.ElideRight, room)
        text.setPlainText(shown)
        text.setToolTip(full if shown != full else "")
        # where the label lands, from its point and its size: a text item places itself only when it is painted
        point = panel.plot.vb.mapViewToScene(text.pos())
        size = text.textItem.boundingRect().size()
        ax, ay = text.anchor.x(), text.anchor.y()
        left, top = point.x() - ax * size.width(), point.y() - ay * size.height()
        if (left < box.left() or left + size.width() > box.right()) and size.width() > 0:
            left = max(box.left() + 1, min(left, box.right() - 1 - size.width()))  # slid along, over its point
            ax = (point.x() - left) / size.width()
        if top < box.top() and size.height() > 0:
            ay = -MARKER_GAP / size.height()  # below the point, clear of its symbol
        elif top + size.height() > box.bottom():
            ay = 1.0
        if (ax, ay) != (text.anchor.x(), text.anchor.y()):
            text.setAnchor((ax, ay))

