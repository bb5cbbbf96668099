"""Windows and dialogs sized to the screen they open on: a 1366×768 laptop, a projector or a 4K monitor at 200%.

Every top-level window asks for the size it reads best at and gets at most what the screen it opens on
(its parent's screen, for a dialog) has available, less room for the window frame, centred over its parent
or the screen. A window restored from saved geometry is pulled back inside the screen when the saved size
no longer fits (the laptop that saved it now drives a projector). Qt never shrinks a window below its
layout's minimum, so the dialogs keep their minimum small: long content scrolls inside.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

FRAME_ALLOWANCE = QSize(16, 40)
"""Room for the window manager's frame (borders and title bar) before a window is shown: Qt knows the real
frame only once the window is on screen. Generous for the common desktops (KDE and GNOME title bars are
30–38 px at 100%, Windows 11 31 px), so a sized window never pushes its title bar off the top."""


def screen_of(widget: QWidget) -> QScreen:
    """The screen ``widget`` opens on: its parent window's, its own, or the primary screen."""
    parent = widget.parentWidget()
    for candidate in (parent.window() if parent is not None else None, widget):
        if candidate is not None:
            screen = candidate.screen()
            if screen is not None:
                return screen
    return QGuiApplication.primaryScreen()


def available_area(widget: QWidget) -> QRect:
    return screen_of(widget).availableGeometry()


def _frame_margins(widget: QWidget) -> QSize:
    if widget.isVisible():
        frame, inner = widget.frameGeometry(), widget.geometry()
        measured = QSize(frame.width() - inner.width(), frame.height() - inner.height())
        if measured.width() > 0 or measured.height() > 0:
            return measured
    return FRAME_ALLOWANCE


def largest_size(widget: QWidget) -> QSize:
    """The largest client size a window of ``widget`` can have on its screen (the frame included)."""
    area, frame = available_area(widget), _frame_margins(widget)
    return QSize(max(200, area.width() - frame.width()), max(150, area.height() - frame.height()))


def fit_to_screen(widget: QWidget, width: int, height: int) -> QSize:
    """Resize top-level ``widget`` to ``width``×``height`` or as much of it as its screen holds, and centre it
    over its parent (or the screen) without leaving the screen. Returns the size given."""
    largest = largest_size(widget)
    size = QSize(min(width, largest.width()), min(height, largest.height()))
    widget.resize(size)
    place_inside(widget)
    return widget.size()


def place_inside(widget: QWidget) -> None:
    """Move top-level ``widget`` so that its frame lies inside its screen, centred over its parent if any."""
    area, frame = available_area(widget), _frame_margins(widget)
    outer = QSize(widget.width() + frame.width(), widget.height() + frame.height())
    parent = widget.parentWidget()
    centre = parent.window().frameGeometry().center() if parent is not None else area.center()
    top_left = QPoint(centre.x() - outer.width() // 2, centre.y() - outer.height() // 2)
    x = min(max(top_left.x(), area.left()), max(area.left(), area.right() + 1 - outer.width()))
    y = min(max(top_left.y(), area.top()), max(area.top(), area.bottom() + 1 - outer.height()))
    widget.move(x, y)


def keep_on_screen(widget: QWidget) -> None:
    """After restoring saved geometry: shrink to the screen and move inside it if the saved frame leaves it."""
    if widget.isMaximized() or widget.isFullScreen():
        return
    area = available_area(widget)
    frame = widget.frameGeometry() if widget.isVisible() else QRect(widget.pos(), widget.size() + FRAME_ALLOWANCE)
    if area.contains(frame):
        return
    largest = largest_size(widget)
    widget.resize(min(widget.width(), largest.width()), min(widget.height(), largest.height()))
    place_inside(widget)
