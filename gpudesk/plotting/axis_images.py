"""An axis's drawing kept as an image for the screen (``NumberAxis.paint``).

pyqtgraph draws an axis (its line, ticks, grid lines and tick words) into a ``QPicture`` and plays it at each paint;
playing lays the words out and draws them again: 0.9-1.0 ms of each bank edit's frame for the memory-fit chart's two
axes, whose drawings the chart keeps (issue 24). On screen the picture is drawn once into a transparent image at the
painter's device position and the image is drawn thereafter: the same pixels (the picture's strokes and glyphs blended
into an image of nothing, then that image over the background, equal the strokes over the background; compared on
the samples' charts, light and dark, en and zh). Where that cannot hold, the picture is played as before: an export
(no widget: a PDF or SVG keeps its vector words), a painter that scales or turns, a screen of another pixel ratio.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

MARGIN_PX = 2.0
"""Pixels the image holds around the picture's and the item's rectangles: an antialiased stroke's edge."""
IMAGES_KEPT = 4
"""Images kept per axis, as ``axes.PICTURES_KEPT`` pictures: a pending chart's and its searched one's, and a resize's."""


class AxisImages:
    """The images of one axis's drawings, by what they draw (the picture's key) and where in a device pixel."""

    def __init__(self) -> None:
        self.kept: dict[tuple, QtGui.QImage] = {}  # the latest last

    def play(self, painter: QtGui.QPainter, picture: QtGui.QPicture, key: tuple, bounds: QtCore.QRectF,
             widget: QtWidgets.QWidget | None) -> bool:
        """Draw ``picture`` (drawn for ``key``, within ``bounds`` in the item's coordinates) through a kept image;
        False where it cannot be drawn so (see the module's text): the caller plays the picture."""
        if widget is None:
            return False
        transform = painter.combinedTransform()  # to the widget's pixels (the device's, less the backing store's offset)
        if transform.type().value > QtGui.QTransform.TransformationType.TxTranslate.value \
                or widget.devicePixelRatioF() != 1.0:
            return False
        # the picture's strokes may reach past the item's rectangle (an axis line's end: a pixel): the image holds both
        drawn_over = bounds.united(QtCore.QRectF(picture.boundingRect())).adjusted(-MARGIN_PX, -MARGIN_PX, MARGIN_PX,
                                                                                    MARGIN_PX)
        area = transform.mapRect(drawn_over).toAlignedRect()
        if area.isEmpty():
            return False
        offset = (transform.dx() - area.x(), transform.dy() - area.y())  # the item's origin in the image
        found = (key, offset, area.width(), area.height(), painter.font().key(), int(painter.renderHints().value))
        image = self.kept.pop(found, None)
        if image is None:
            image = QtGui.QImage(area.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0)
            drawn = QtGui.QPainter(image)
            drawn.setRenderHints(painter.renderHints())
            drawn.setFont(painter.font())
            drawn.setTransform(QtGui.QTransform.fromTranslate(*offset))
            picture.play(drawn)
            drawn.end()
        self.kept[found] = image
        while len(self.kept) > IMAGES_KEPT:
            self.kept.pop(next(iter(self.kept)))
        painter.save()
        painter.resetTransform()
        painter.drawImage(area.topLeft(), image)
        painter.restore()
        return True
