"""One way for a widget to do work after the frame: a single-shot timer of interval 0, which Qt runs once the
events of the current turn (the edit's repaint among them) are delivered, where a posted call would run inside
that turn (issue 24: what the user does not see at once leaves the edit's frame)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


def after_frame_timer(parent: QObject, slot: Callable[[], object]) -> QTimer:
    """A stopped single-shot timer owned by ``parent`` (deleted with it) that calls ``slot`` after the frame each
    time it is started; starting it again before it fires calls ``slot`` once."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(slot)
    return timer
