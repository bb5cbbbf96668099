"""BackgroundTask and run_with_progress: results on the UI thread, progress, cancel, failures, no leaked threads."""

from __future__ import annotations

import threading
import time

import pytest

from gpudesk.ui.background import BackgroundError, BackgroundTask, CancelToken, TaskCancelled, run_with_progress
from PySide6.QtCore import QThread, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton, QWidget


@pytest.fixture
def pool():
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    yield pool
    assert pool.waitForDone(5000), "a background worker is still running at test end"
    assert pool.activeThreadCount() == 0


def _sum_squares(token: CancelToken, n: int, offset: int = 0) -> tuple[int, int]:
    total = 0
    for i in range(n):
        total += (i + offset) ** 2
        if i % 100 == 0:
            token.report(100 * i // n, f"{i} of {n}")
    token.report(100, "done")
    return total, threading.get_ident()


def _spin_until_cancelled(token: CancelToken, ticks: list[int]) -> str:
    for i in range(100_000):  # 100 s at most; cancel must stop it within a few milliseconds
        ticks.append(i)
        token.report(i % 101, "spinning")
        time.sleep(0.001)
    return "ran to the end"


def test_result_and_progress_arrive_on_the_ui_thread(qtbot, pool) -> None:
    task = BackgroundTask(_sum_squares, 5000, pool=pool, offset=1)
    received: list[tuple[str, object, bool]] = []
    ui_thread = QApplication.instance().thread()
    task.progress.connect(lambda pct, text: received.append(("progress", pct, QThread.currentThread() == ui_thread)))
    task.finished.connect(lambda value: received.append(("finished", value, QThread.currentThread() == ui_thread)))
    with qtbot.waitSignal(task.finished, timeout=5000):
        task.start()
    total, worker_ident = task.result
    assert total == sum(i * i for i in range(1, 5001))
    assert worker_ident != threading.get_ident(), "fn must run off the UI thread"
    assert all(on_ui for _, _, on_ui in received)
    percents = [pct for kind, pct, _ in received if kind == "progress"]
    assert percents[0] == 0 and percents[-1] == 100 and percents == sorted(percents)
    assert received[-1][0] == "finished" and task.outcome == "finished"


def test_cancel_stops_a_long_loop(qtbot, pool) -> None:
    ticks: list[int] = []
    task = BackgroundTask(_spin_until_cancelled, ticks, pool=pool)
    outcomes: list[str] = []
    task.finished.connect(lambda _v: outcomes.append("finished"))
    task.cancelled.connect(lambda: outcomes.append("cancelled"))
    with qtbot.waitSignal(task.progress, timeout=5000):
        task.start()
    started = time.perf_counter()
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        task.cancel()
    assert time.perf_counter() - started < 2.0
    assert outcomes == ["cancelled"] and task.outcome == "cancelled" and task.result is None
    stopped_at = len(ticks)
    assert stopped_at < 100_000
    qtbot.wait(30)
    assert len(ticks) == stopped_at, "the worker kept running after it was cancelled"


def test_exception_becomes_failed_with_its_message(qtbot, pool) -> None:
    def broken(token: CancelToken, size: int) -> None:
        token.report(10, "reading")
        raise ValueError(f"size {size} is not a power of two")

    task = BackgroundTask(broken, 12, pool=pool)
    finished: list[object] = []
    task.finished.connect(finished.append)
    with qtbot.waitSignal(task.failed, timeout=5000) as blocker:
        task.start()
    assert blocker.args == ["ValueError: size 12 is not a power of two"]
    assert task.error == blocker.args[0] and task.outcome == "failed" and not finished


def test_wait_blocks_until_done_and_a_task_runs_once(qtbot, pool) -> None:
    task = BackgroundTask(_sum_squares, 300, pool=pool).start()
    assert task.wait(5000) and task.done
    assert task.result[0] == sum(i * i for i in range(300))
    with pytest.raises(RuntimeError, match="runs once"):
        task.start()
    idle = BackgroundTask(_sum_squares, 1, pool=pool)
    assert not idle.wait(10) and idle.outcome == ""


def test_token_clamps_progress_and_raises_after_cancel() -> None:
    seen: list[tuple[int, str]] = []
    token = CancelToken(lambda pct, text: seen.append((pct, text)))
    token.report(-5, "a")
    token.report(250, "b")
    assert seen == [(0, "a"), (100, "b")] and not token.cancelled
    token.cancel()
    assert token.cancelled
    with pytest.raises(TaskCancelled):
        token.raise_if_cancelled()
    with pytest.raises(TaskCancelled):
        token.report(50)


def test_run_with_progress_returns_the_result(qtbot, pool) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    total, _ = run_with_progress(parent, "Summing", _sum_squares, 2000, pool=pool)
    assert total == sum(i * i for i in range(2000))
    assert parent.findChildren(QProgressDialog) == [] or all(not d.isVisible() for d in parent.findChildren(
        QProgressDialog))


def test_run_with_progress_raises_when_fn_fails(qtbot, pool) -> None:
    def broken(token: CancelToken) -> None:
        raise KeyError("phase 3")

    parent = QWidget()
    qtbot.addWidget(parent)
    with pytest.raises(BackgroundError, match="KeyError: 'phase 3'"):
        run_with_progress(parent, "Rendering", broken, pool=pool)


def test_cancel_button_of_the_progress_dialog_cancels(qtbot, pool) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    ticks: list[int] = []
    clicked: list[bool] = []

    def press_cancel() -> None:
        dialog = parent.findChild(QProgressDialog)
        if dialog is None or not ticks:
            QTimer.singleShot(5, press_cancel)
            return
        button = dialog.findChild(QPushButton)
        button.click()
        clicked.append(True)

    QTimer.singleShot(5, press_cancel)
    started = time.perf_counter()
    assert run_with_progress(parent, "Sweeping", _spin_until_cancelled, ticks, pool=pool) is None
    assert clicked and time.perf_counter() - started < 5.0 and len(ticks) < 100_000
