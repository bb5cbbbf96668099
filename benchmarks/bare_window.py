"""The UI benchmark's baseline (benchmarks/bench_ui.py): a bare window of the step page's size with a spin box and
pyqtgraph plots that get new data (64 points) on every edit, timed as the real window's edits are, from
``setValue`` until the redraw and the events it queued are delivered (:func:`process_until`)."""

from __future__ import annotations

import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication, QGridLayout, QMainWindow, QSpinBox, QWidget

from benchmarks._common import median

TIMEOUT_S = 60.0  # wall seconds: at load 14-15 on two cores the idle search took over 20 s
WARM_UP = 3  # edits before the timed ones (the real window's and the bare one's)


def process_until(app: QApplication, done: list[float], start: float, what: str) -> None:
    while not done:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        if time.perf_counter() - start > TIMEOUT_S:
            raise RuntimeError(f"no {what} {TIMEOUT_S:g} s after the edit")
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)  # what the slots queued: layout, repaints


class BareCharts(QMainWindow):
    """The baseline: a spin box and ``charts`` bare pyqtgraph plots that get new data on every edit."""

    def __init__(self, charts: int) -> None:
        super().__init__()
        central = QWidget()
        grid = QGridLayout(central)
        self.spin = QSpinBox()
        self.spin.setRange(0, 1_000_000)
        grid.addWidget(self.spin, 0, 0)
        self.curves = []
        for index in range(charts):
            plot = pg.PlotWidget()
            self.curves.append(plot.plot(np.arange(64.0), np.zeros(64)))
            grid.addWidget(plot, 1 + index // 2, index % 2)
        self.setCentralWidget(central)
        self.drawn: list[float] = []
        self.spin.valueChanged.connect(self.redraw)

    def redraw(self, value: int) -> None:
        y = np.sin(np.arange(64.0) / 8.0 + value) * value
        for curve in self.curves:
            curve.setData(np.arange(64.0), y)
        self.drawn.append(time.perf_counter())

    def time_edits(self, app: QApplication, count: int, cpu: list[float] | None = None) -> list[float]:
        samples_ms = []
        for _ in range(count):
            self.drawn.clear()
            start, start_cpu = time.perf_counter(), time.process_time()
            self.spin.setValue(self.spin.value() + 1)
            process_until(app, self.drawn, start, "redraw")
            samples_ms.append((time.perf_counter() - start) * 1e3)
            if cpu is not None:
                cpu.append((time.process_time() - start_cpu) * 1e3)
        return samples_ms


def bare_baseline(app: QApplication, charts: int, edits: int) -> tuple[float, float]:
    """(median wall ms, median CPU ms) of the bare window's edits."""
    bare = BareCharts(charts)
    bare.resize(1400, 860)
    bare.show()
    app.processEvents()
    bare.time_edits(app, WARM_UP)
    cpu: list[float] = []
    found = median(bare.time_edits(app, edits, cpu)), median(cpu)
    bare.close()
    bare.deleteLater()
    app.processEvents()
    return found
