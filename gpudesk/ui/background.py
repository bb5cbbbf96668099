"""Long work in slices between events: progress, Cancel, and a window that stays live.

``BackgroundTask(steps)`` drives a generator. Each ``next()`` is one slice of
the work (one re-estimate of a what-if sweep, one page of a PDF); a zero-delay
timer runs slices until ``SLICE_BUDGET_MS`` has passed, then lets the event loop
handle input and repaints before the next batch. The generator yields progress
as ``(percent, text)`` and returns its result. Signals, all on the UI thread:

* ``progress(int, str)`` — percent 0–100 and a short message;
* ``finished(object)`` — the generator's return value;
* ``failed(str)`` — ``"ExceptionType: message"`` when a slice raised;
* ``cancelled()`` — after :meth:`BackgroundTask.cancel`, which closes the
  generator at the yield it stopped at (its ``finally`` blocks run).

Exactly one of ``finished``, ``failed`` and ``cancelled`` fires, once.
``run_with_progress(parent, title, steps)`` shows a window-modal
:class:`QProgressDialog` with Cancel while the task runs and returns its result
(``None`` when cancelled; raises :class:`BackgroundError` when a slice raised).

Why slices and not a pool thread: with PySide6 6.12.0 on Python 3.11 the
garbage collector crashed (segfault or abort in 2 of 6 runs of
``tests/ui/test_main_window.py`` + ``tests/ui/test_panels.py``) while Python
code ran on a ``QThreadPool`` thread during the event loop; the same runs with
the work in slices never did (0 of 8). The estimation core is Python and numpy,
so a thread would have held the GIL for all but numpy's inner loops anyway: the
window is as responsive either way, and a slice of a few milliseconds is shorter
than the 5 ms GIL switch interval. See docs/background-work.md.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Generator
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

Steps = Generator[tuple[int, str], None, Any]

SLICE_BUDGET_MS = 12.0
"""Run slices for at most this long before the event loop gets a turn: inside a 60 Hz frame (16.7 ms) with
room for the repaint. A single slice longer than this still runs whole."""


class BackgroundError(RuntimeError):
    """A slice raised; the message is ``"ExceptionType: message"``."""


class BackgroundTask(QObject):
    """Runs ``steps`` in slices from the event loop; see the module docstring."""

    progress = Signal(int, str)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, steps: Steps, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._steps: Steps | None = steps
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._run_slices)
        self.outcome = ""  # "", then "running", then "finished" | "failed" | "cancelled"
        self.result: Any = None
        self.error = ""
        self.slices = 0

    @property
    def running(self) -> bool:
        return self.outcome == "running"

    @property
    def done(self) -> bool:
        return self.outcome in ("finished", "failed", "cancelled")

    def start(self) -> BackgroundTask:
        if self.outcome:
            raise RuntimeError("a BackgroundTask runs once; create a new one")
        self.outcome = "running"
        self._timer.start()
        return self

    def cancel(self) -> None:
        """Stop at the current yield: the generator is closed and ``cancelled`` fires (no-op once done)."""
        if not self.running:
            return
        self._timer.stop()
        steps, self._steps = self._steps, None
        if steps is not None:
            steps.close()
        self.outcome = "cancelled"
        self.cancelled.emit()

    def wait(self, timeout_ms: int = -1) -> bool:
        """Run a local event loop until the outcome has been delivered (tests, modal dialogs). False on timeout."""
        if self.running:
            loop = QEventLoop()
            for signal in (self.finished, self.failed, self.cancelled):
                signal.connect(loop.quit)
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            if timeout_ms >= 0:
                timer.start(timeout_ms)
            loop.exec()
            timer.stop()
            for signal in (self.finished, self.failed, self.cancelled):
                signal.disconnect(loop.quit)
        return self.done

    def _run_slices(self) -> None:
        deadline = time.perf_counter() + SLICE_BUDGET_MS / 1000.0
        while self.running and self._steps is not None:
            try:
                percent, text = next(self._steps)
            except StopIteration as stop:
                self._end("finished", stop.value)
                return
            except Exception as exc:  # noqa: BLE001 - every failure becomes the failed signal, with its type
                self._end("failed", "".join(traceback.format_exception_only(type(exc), exc)).strip())
                return
            self.slices += 1
            self.progress.emit(max(0, min(100, int(percent))), text)
            if time.perf_counter() >= deadline:
                return  # the timer fires again after the event loop has handled what is waiting

    def _end(self, outcome: str, payload: Any) -> None:
        self._timer.stop()
        self._steps = None
        self.outcome = outcome
        if outcome == "finished":
            self.result = payload
            self.finished.emit(payload)
        else:
            self.error = str(payload)
            self.failed.emit(self.error)


def run_with_progress(parent: QWidget | None, title: str, steps: Steps, label: str = "") -> Any:
    """Run ``steps`` behind a window-modal progress dialog with Cancel (shown after 300 ms, so short work never
    flashes it). Returns the result, ``None`` when the user cancelled; raises :class:`BackgroundError`."""
    cancel_text = QCoreApplication.translate("BackgroundTask", "Cancel")
    dialog = QProgressDialog(label or title, cancel_text, 0, 100, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    task = BackgroundTask(steps, parent=dialog)

    def show_progress(percent: int, text: str) -> None:
        dialog.setValue(percent)
        if text:
            dialog.setLabelText(text)

    task.progress.connect(show_progress)
    dialog.canceled.connect(task.cancel)
    task.start()
    task.wait()
    dialog.canceled.disconnect(task.cancel)
    dialog.close()
    dialog.deleteLater()
    if task.outcome == "failed":
        raise BackgroundError(task.error)
    return task.result if task.outcome == "finished" else None
