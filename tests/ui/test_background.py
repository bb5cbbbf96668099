"""BackgroundTask and run_with_progress: work in slices between events, progress, cancel, failures."""

from __future__ import annotations

import time
from collections.abc import Generator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QProgressDialog, QPushButton, QWidget

from gpudesk.ui.background import SLICE_BUDGET_MS, BackgroundError, BackgroundTask, run_with_progress


def _sum_squares(n: int, offset: int = 0) -> Generator[tuple[int, str], None, int]:
    total = 0
    for i in range(n):
        total += (i + offset) ** 2
        if i % 100 == 0:
            yield 100 * i // n, f"{i} of {n}"
    yield 100, "done"
    return total


def _spin(ticks: list[int], closed: list[bool], slice_s: float = 0.002) -> Generator[tuple[int, str], None, str]:
    try:
        for i in range(100_000):  # 200 s at most; cancel must stop it at once
            ticks.append(i)
            time.sleep(slice_s)
            yield i % 101, "spinning"
        return "ran to the end"
    finally:
        closed.append(True)


def test_result_and_progress_arrive_in_order(qtbot) -> None:
    task = BackgroundTask(_sum_squares(5000, offset=1))
    percents: list[int] = []
    task.progress.connect(lambda pct, _text: percents.append(pct))
    with qtbot.waitSignal(task.finished, timeout=5000) as finished:
        task.start()
    assert finished.args == [sum(i * i for i in range(1, 5001))] and task.result == finished.args[0]
    assert percents[0] == 0 and percents[-1] == 100 and percents == sorted(percents)
    assert task.outcome == "finished" and task.slices == len(percents)


def test_the_event_loop_runs_between_batches_of_slices(qtbot) -> None:
    ticks: list[int] = []
    timer_fired: list[float] = []
    task = BackgroundTask(_spin(ticks, []))
    timer = QTimer()
    timer.timeout.connect(lambda: timer_fired.append(time.perf_counter()))
    timer.start(1)
    task.start()
    qtbot.waitUntil(lambda: len(timer_fired) >= 10, timeout=5000)
    timer.stop()
    gaps = [b - a for a, b in zip(timer_fired, timer_fired[1:])]
    assert ticks and max(gaps) < (SLICE_BUDGET_MS + 40) / 1000.0  # a batch never holds the loop much past its budget
    task.cancel()


def test_cancel_closes_the_generator_at_its_yield(qtbot) -> None:
    ticks: list[int] = []
    closed: list[bool] = []
    task = BackgroundTask(_spin(ticks, closed))
    outcomes: list[str] = []
    task.finished.connect(lambda _v: outcomes.append("finished"))
    task.cancelled.connect(lambda: outcomes.append("cancelled"))
    with qtbot.waitSignal(task.progress, timeout=5000):
        task.start()
    task.cancel()
    assert outcomes == ["cancelled"] and task.outcome == "cancelled" and task.result is None
    assert closed == [True]  # the generator's finally ran
    stopped_at = len(ticks)
    qtbot.wait(30)
    assert len(ticks) == stopped_at, "slices kept running after the cancel"
    task.cancel()  # a second cancel is a no-op
    assert outcomes == ["cancelled"]


def test_exception_becomes_failed_with_its_message(qtbot) -> None:
    def broken(size: int) -> Generator[tuple[int, str], None, None]:
        yield 10, "reading"
        raise ValueError(f"size {size} is not a power of two")

    task = BackgroundTask(broken(12))
    finished: list[object] = []
    task.finished.connect(finished.append)
    with qtbot.waitSignal(task.failed, timeout=5000) as blocker:
        task.start()
    assert blocker.args == ["ValueError: size 12 is not a power of two"]
    assert task.error == blocker.args[0] and task.outcome == "failed" and not finished


def test_wait_blocks_until_done_and_a_task_runs_once(qtbot) -> None:
    task = BackgroundTask(_sum_squares(300)).start()
    assert task.wait(5000) and task.done
    assert task.result == sum(i * i for i in range(300))
    with pytest.raises(RuntimeError, match="runs once"):
        task.start()
    idle = BackgroundTask(_sum_squares(1))
    assert not idle.wait(10) and idle.outcome == ""


def test_run_with_progress_returns_the_result(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    assert run_with_progress(parent, "Summing", _sum_squares(2000)) == sum(i * i for i in range(2000))
    assert all(not d.isVisible() for d in parent.findChildren(QProgressDialog))


def test_run_with_progress_raises_when_a_slice_fails(qtbot) -> None:
    def broken() -> Generator[tuple[int, str], None, None]:
        yield 0, ""
        raise KeyError("phase 3")

    parent = QWidget()
    qtbot.addWidget(parent)
    with pytest.raises(BackgroundError, match="KeyError: 'phase 3'"):
        run_with_progress(parent, "Rendering", broken())


def test_cancel_button_of_the_progress_dialog_cancels(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    ticks: list[int] = []
    closed: list[bool] = []
    clicked: list[bool] = []

    def press_cancel() -> None:
        dialog = parent.findChild(QProgressDialog)
        if dialog is None or not ticks:
            QTimer.singleShot(5, press_cancel)
            return
        dialog.findChild(QPushButton).click()
        clicked.append(True)

    QTimer.singleShot(5, press_cancel)
    started = time.perf_counter()
    assert run_with_progress(parent, "Sweeping", _spin(ticks, closed)) is None
    assert clicked and closed == [True] and time.perf_counter() - started < 5.0 and len(ticks) < 100_000
