"""Long work off the UI thread, with progress and cooperative cancellation.

``BackgroundTask(fn, *args, **kwargs)`` runs ``fn(token, *args, **kwargs)``
on a :class:`QThreadPool` worker. ``fn`` receives a :class:`CancelToken`:
it reports progress with ``token.report(percent, text)`` and stops early by
calling ``token.raise_if_cancelled()`` (or checking ``token.cancelled``) in
its loop. The task's signals are delivered on the thread that owns the task
(the UI thread when created there):

* ``progress(int, str)`` — percent 0–100 and a short message;
* ``finished(object)`` — the return value of ``fn``;
* ``failed(str)`` — ``"ExceptionType: message"`` when ``fn`` raised;
* ``cancelled()`` — ``fn`` stopped with :class:`TaskCancelled` (raised by
  ``token.raise_if_cancelled()`` or ``token.report(...)`` after
  :meth:`BackgroundTask.cancel`). A ``fn`` that sees ``token.cancelled`` and
  returns normally has *finished* with what it returned.

Exactly one of ``finished``, ``failed`` and ``cancelled`` fires, once.
``run_with_progress(parent, title, fn, ...)`` shows a modal
:class:`QProgressDialog` with a Cancel button while the task runs and
returns the result (``None`` when cancelled; raises :class:`BackgroundError`
when ``fn`` failed). See docs/background-work.md.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget


class TaskCancelled(Exception):
    """Raised inside the worker by :meth:`CancelToken.raise_if_cancelled` once cancel was requested."""


class BackgroundError(RuntimeError):
    """The background function raised; the message is ``"ExceptionType: message"``."""


class CancelToken:
    """Shared between the UI thread (which cancels) and the worker (which checks and reports)."""

    def __init__(self, report: Callable[[int, str], None] | None = None) -> None:
        self._event = threading.Event()
        self._report = report

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        self._event.set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise TaskCancelled()

    def report(self, percent: int, text: str = "") -> None:
        """Progress from the worker: percent is clamped to 0–100. Also a cancellation point."""
        self.raise_if_cancelled()
        if self._report is not None:
            self._report(max(0, min(100, int(percent))), text)


class _Relay(QObject):
    """Lives on the caller's thread; worker-thread emits arrive there as queued signals."""

    progress = Signal(int, str)
    done = Signal(str, object)  # outcome ("finished" | "failed" | "cancelled"), payload


class _Runnable(QRunnable):
    def __init__(self, fn: Callable[..., Any], token: CancelToken, relay: _Relay, args: tuple, kwargs: dict) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._fn, self._token, self._relay, self._args, self._kwargs = fn, token, relay, args, kwargs

    def run(self) -> None:
        try:
            result = self._fn(self._token, *self._args, **self._kwargs)
        except TaskCancelled:
            self._relay.done.emit("cancelled", None)
        except Exception as exc:  # noqa: BLE001 - every failure becomes the failed signal, with its type
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            self._relay.done.emit("failed", detail)
        else:
            self._relay.done.emit("finished", result)


class BackgroundTask(QObject):
    """One call of ``fn(token, *args, **kwargs)`` on a thread pool; see the module docstring."""

    progress = Signal(int, str)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, fn: Callable[..., Any], *args: Any, pool: QThreadPool | None = None,
                 parent: QObject | None = None, **kwargs: Any) -> None:
        super().__init__(parent)
        self._relay = _Relay(self)
        self._relay.progress.connect(self.progress)
        self._relay.done.connect(self._on_done)
        self.token = CancelToken(self._relay.progress.emit)
        self._runnable: _Runnable | None = _Runnable(fn, self.token, self._relay, args, kwargs)
        self._pool = pool or QThreadPool.globalInstance()
        self.outcome = ""  # "", then "running", then "finished" | "failed" | "cancelled"
        self.result: Any = None
        self.error = ""

    @property
    def running(self) -> bool:
        return self.outcome == "running"

    @property
    def done(self) -> bool:
        return self.outcome in ("finished", "failed", "cancelled")

    def start(self) -> BackgroundTask:
        if self._runnable is None:
            raise RuntimeError("a BackgroundTask runs once; create a new one")
        runnable, self._runnable = self._runnable, None
        self.outcome = "running"
        self._pool.start(runnable)
        return self

    def cancel(self) -> None:
        """Ask the worker to stop at its next cancellation point (cooperative: never kills the thread)."""
        self.token.cancel()

    def wait(self, timeout_ms: int = -1) -> bool:
        """Block until the worker is done and its outcome delivered (tests, shutdown). False on timeout."""
        if self.running:
            loop = QEventLoop()
            for signal in (self.finished, self.failed, self.cancelled):
                signal.connect(loop.quit)
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            if timeout_ms >= 0:
                timer.start(timeout_ms)
            loop.exec()  # outcome signals are emitted on this thread, after self.outcome is set: no lost wake-up
            timer.stop()
            for signal in (self.finished, self.failed, self.cancelled):
                signal.disconnect(loop.quit)
        return self.done

    def _on_done(self, outcome: str, payload: object) -> None:
        self.outcome = outcome
        if outcome == "finished":
            self.result = payload
            self.finished.emit(payload)
        elif outcome == "failed":
            self.error = str(payload)
            self.failed.emit(self.error)
        else:
            self.cancelled.emit()


def run_with_progress(parent: QWidget | None, title: str, fn: Callable[..., Any], *args: Any,
                      label: str = "", pool: QThreadPool | None = None, **kwargs: Any) -> Any:
    """Run ``fn(token, *args, **kwargs)`` in the background behind a modal progress dialog with Cancel.

    Returns ``fn``'s result, ``None`` when the user cancelled; raises :class:`BackgroundError` when ``fn`` raised.
    The UI stays responsive (the dialog runs a local event loop) and the dialog closes when the task ends.
    """
    cancel_text = QCoreApplication.translate("BackgroundTask", "Cancel")
    dialog = QProgressDialog(label or title, cancel_text, 0, 100, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    task = BackgroundTask(fn, *args, pool=pool, parent=dialog, **kwargs)
    loop = QEventLoop()

    def show_progress(percent: int, text: str) -> None:
        dialog.setValue(percent)
        if text:
            dialog.setLabelText(text)

    task.progress.connect(show_progress)
    dialog.canceled.connect(task.cancel)
    for signal in (task.finished, task.failed, task.cancelled):
        signal.connect(loop.quit)
    task.start()
    if not task.done:
        loop.exec()
    for signal in (task.finished, task.failed, task.cancelled):
        signal.disconnect(loop.quit)
    dialog.canceled.disconnect(task.cancel)
    dialog.close()
    dialog.deleteLater()
    if task.outcome == "failed":
        raise BackgroundError(task.error)
    return task.result if task.outcome == "finished" else None
