"""How fast ChartView.set_spec updates a typical chart, against bare pyqtgraph.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_charts.py

For each chart (a memory-fit chart: 5 candidates × 5 stacked components +
capacity ticks; a scaling line chart with a marker and a target line) it
alternates between two specs with different numbers, timing
``set_spec`` alone and ``set_spec`` followed by a forced repaint. The
baseline is a bare ``pg.PlotWidget`` whose one curve gets ``setData`` with
the same number of points, timed the same two ways. Prints medians (ms) and
the median ratio ChartView / bare pyqtgraph. A wizard update must stay well
under one 60 Hz frame (16 ms).
"""

from __future__ import annotations

import ctypes
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6 import QtWidgets

from gpudesk.plotting import ChartView
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks._common import result, times  # noqa: E402

ROUNDS = 200
CANDIDATES = ["8× H100 ZeRO-1", "8× H100 ZeRO-3", "4× H200 ZeRO-1", "8× L40S ZeRO-3", "8× A100 ZeRO-3"]
PARTS = ("weights", "gradients", "optimizer", "activations", "overhead")


def memory_spec(seed: int) -> ChartSpec:
    rng = np.random.default_rng(seed)
    index = list(range(len(CANDIDATES)))
    series = [
        Series(part, index, rng.uniform(1, 20, len(index)), style="bar", color_role=part, stack_group="m",
               tooltips=[f"mem.{part}"] * len(index))
        for part in PARTS
    ]
    series.append(Series("capacity", index, [80, 80, 141, 48, 40], style="tick", color_role="capacity"))
    return ChartSpec("memory_fit", "Memory per GPU", y_label="Memory", y_unit="GB", series=series,
                     categories=CANDIDATES, stacked=True)


def scaling_spec(seed: int) -> ChartSpec:
    rng = np.random.default_rng(seed)
    gpus = [8, 16, 32, 64, 128, 256, 512, 1024]
    eff = np.sort(rng.uniform(50, 100, len(gpus)))[::-1]
    return ChartSpec("scaling", "Scaling", x_label="GPUs", y_label="Efficiency", y_unit="%",
                     series=[Series("model", gpus, eff, color_role="efficiency")],
                     hlines=[RefLine(85, "target")], markers=[Marker(64, float(eff[3]), "chosen")], log_x=True)


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1e3


def bench_chart(app: QtWidgets.QApplication, make, points: int) -> None:
    view = ChartView(theme="light")
    view.resize(800, 500)
    view.show()
    specs = [make(1), make(2)]
    bare = pg.PlotWidget()
    bare.resize(800, 500)
    bare.show()
    curve = bare.plot()
    data = [(np.arange(points, dtype=float), np.random.default_rng(s).uniform(0, 1, points)) for s in (1, 2)]
    app.processEvents()

    chart_update, chart_paint, bare_update, bare_paint = [], [], [], []
    for i in range(ROUNDS):
        spec = specs[i % 2]
        t0 = time.perf_counter()
        view.set_spec(spec)
        t1 = time.perf_counter()
        view.graphics.viewport().repaint()
        t2 = time.perf_counter()
        chart_update.append(t1 - t0)
        chart_paint.append(t2 - t0)
        x, y = data[i % 2]
        t0 = time.perf_counter()
        curve.setData(x, y)
        t1 = time.perf_counter()
        bare.viewport().repaint()
        t2 = time.perf_counter()
        bare_update.append(t1 - t0)
        bare_paint.append(t2 - t0)
    name = specs[0].kind
    print(f"{name}: set_spec median {_median_ms(chart_update):.2f} ms; bare setData {_median_ms(bare_update):.2f} ms; "
          f"ratio {statistics.median(chart_update) / statistics.median(bare_update):.1f}×")
    print(f"{name}: update+repaint median {_median_ms(chart_paint):.2f} ms; bare {_median_ms(bare_paint):.2f} ms; "
          f"ratio {statistics.median(chart_paint) / statistics.median(bare_paint):.1f}×")
    result("bench_charts", f"chart update + repaint, {name}", f"{_median_ms(chart_paint):.2f} ms",
           times(statistics.median(chart_paint) / statistics.median(bare_paint), "bare pyqtgraph setData + repaint"),
           includes=f"ChartView.set_spec alternating two specs + viewport repaint, 800×500, median of {ROUNDS}")
    view.close()
    bare.close()


def _keep_none_alive() -> None:
    """PySide6 6.12.0 on CPython 3.11 drops one reference to ``None`` on every
    call of a void method (measured: ``QPainter.setPen`` ×1000 lowers
    ``sys.getrefcount(None)`` by 1000); on 3.11 ``None`` is not immortal, so a
    few thousand repaints abort the process with "none_dealloc" (bool-returning
    methods do the same to True/False). Python 3.12+ (PEP 683, immortal
    singletons) is unaffected. Pad the counts so the benchmark can run; the
    application needs the same guard or Python >= 3.12."""
    if sys.version_info < (3, 12):
        for singleton in (None, True, False):
            for _ in range(1 << 20):
                ctypes.pythonapi.Py_IncRef(ctypes.py_object(singleton))


def main() -> None:
    _keep_none_alive()
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    bench_chart(app, memory_spec, points=len(CANDIDATES) * (len(PARTS) + 1))
    bench_chart(app, scaling_spec, points=8)


if __name__ == "__main__":
    main()
