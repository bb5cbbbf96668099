"""How long the app takes from an input change to updated results and charts.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_ui.py   (or: .venv/bin/python -m benchmarks ui)

For each sample plan in resources/samples/ it opens the real
``MainWindow`` (offscreen, shown, on step 2 so the memory-fit, inference and
Pareto charts are on screen) with a private ``GPUDESK_HOME``, so the window has
its default layout and not one a user saved, then changes a step-1 input through its real
spin box ``ROUNDS`` times (alternating between two valid values). Each
change is timed from ``setValue`` until ``PlanController.estimated`` has
fired (the window's own slot runs first and updates every page: figure
tables, checks, charts, decision panels, Explain panel, summary) and the
events that update queued (repaints included) are processed. Prints the
median and 90th percentile per sample and the ratio of the median to one
60 Hz frame (16 ms). It then repeats the changes with the Roadmap dock open
(View → Roadmap; closed by default): that layout redraws the plan's timeline
too, and its figures are printed for comparison, not against the target.

Then it profiles ``PROFILED_ROUNDS`` more changes per sample (cProfile)
and lists the gpudesk functions with the most cumulative time per change
(file:line, calls per change): where the time goes, and so who must
change what. Profiling slows Python code; the medians above are unprofiled.
"""

from __future__ import annotations

import cProfile
import pstats
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import gpudesk.ui  # noqa: E402,F401 - applies the PySide6 refcount guard before any Qt import
from PySide6.QtCore import QEventLoop  # noqa: E402
from PySide6.QtWidgets import QApplication, QDoubleSpinBox, QSpinBox  # noqa: E402

from gpudesk.catalog.store import Catalog  # noqa: E402
from gpudesk.ui.main_window import MainWindow  # noqa: E402

ROUNDS = 40
FRAME_MS = 16.0
TIMEOUT_S = 10.0
PROFILED_ROUNDS = 10
TOP_FUNCTIONS = 18
SAMPLES = ROOT / "resources" / "samples"


def pick_editor(window: MainWindow) -> tuple[str, QSpinBox | QDoubleSpinBox, float, float]:
    """The first step-1 (else step-2) spin box with room for a second value: (path, editor, a, b)."""
    for page in window.pages[:2]:
        for path, editor in page.form.editors.items():
            if isinstance(editor, (QSpinBox, QDoubleSpinBox)) and editor.value() > 0:
                a = editor.value()
                step = max(editor.singleStep(), abs(a) * 0.1)
                b = a + step if a + step <= editor.maximum() else a - step
                if isinstance(editor, QSpinBox):
                    b = round(b)
                if editor.minimum() <= b <= editor.maximum() and b != a:
                    return path, editor, a, b
    raise LookupError("no spin box on steps 1-2 to change")


def time_changes(app: QApplication, window: MainWindow, editor: QSpinBox | QDoubleSpinBox, values: tuple[float, float],
                 rounds: int) -> list[float]:
    fired: list[float] = []
    window.controller.estimated.connect(lambda _estimate: fired.append(time.perf_counter()))
    samples = []
    for _ in range(rounds):
        fired.clear()
        start = time.perf_counter()
        editor.setValue(values[1] if editor.value() == values[0] else values[0])
        while not fired:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            if window.controller.last_error:
                raise RuntimeError(f"estimate failed: {window.controller.last_error}")
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"no estimate {TIMEOUT_S:g} s after the change")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)  # updates queued by the slots, repaints
        samples.append((time.perf_counter() - start) * 1e3)
    return samples


def where_time_goes(app: QApplication, window: MainWindow, editor: QSpinBox | QDoubleSpinBox,
                    values: tuple[float, float], rounds: int = PROFILED_ROUNDS) -> list[tuple[str, float]]:
    """Per change: cumulative ms of the gpudesk functions that take the most, from cProfile over real changes."""
    profile = cProfile.Profile()
    profile.enable()
    time_changes(app, window, editor, values, rounds)
    profile.disable()
    stats = pstats.Stats(profile).stats  # {(file, line, name): (cc, nc, tottime, cumtime, callers)}
    rows = []
    for (file, line, name), (_cc, calls, _tt, cumtime, _callers) in stats.items():
        if "/gpudesk/" in file and "refcount_guard" not in file:
            short = file[file.rindex("/gpudesk/") + 1:]
            rows.append((f"{short}:{line} {name} ({calls / rounds:g}/change)", cumtime * 1e3 / rounds))
    return sorted(rows, key=lambda row: -row[1])


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="gpudesk-bench-ui-") as home:
        os.environ["GPUDESK_HOME"] = home  # default window layout and settings, not the user's
        return measure_all()


def measure_all() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    catalog = Catalog.open()
    worst = 0.0
    with_roadmap: list[str] = []
    for sample in sorted(SAMPLES.glob("*.gpudesk")):
        window = MainWindow(catalog, lang="en")
        window.resize(1400, 860)
        window.show()
        window.open_plan(sample)
        window.go_to_step(2)
        app.processEvents()
        path, editor, a, b = pick_editor(window)
        time_changes(app, window, editor, (a, b), 3)  # warm-up
        samples = time_changes(app, window, editor, (a, b), ROUNDS)
        median = statistics.median(samples)
        p90 = statistics.quantiles(samples, n=10)[-1]
        worst = max(worst, median)
        print(f"{sample.name}: change {path} ({a:g} <-> {b:g}) x{ROUNDS}: median {median:.1f} ms, p90 {p90:.1f} ms, "
              f"median / {FRAME_MS:.0f} ms = {median / FRAME_MS:.2f}x; estimate_plan alone "
              f"{window.controller.last_duration_s * 1e3:.1f} ms")
        print(f"  where the time goes (cProfile over {PROFILED_ROUNDS} changes, cumulative ms per change):")
        for name, ms in where_time_goes(app, window, editor, (a, b))[:TOP_FUNCTIONS]:
            print(f"    {ms:7.2f} ms  {name}")
        window.roadmap_dock.show()
        app.processEvents()
        time_changes(app, window, editor, (a, b), 3)
        docked = statistics.median(time_changes(app, window, editor, (a, b), ROUNDS))
        with_roadmap.append(f"{sample.name} {docked:.1f} ms ({docked / FRAME_MS:.2f}x)")
        window.roadmap_dock.hide()  # closing saves the layout: the next sample starts from the default again
        window.document.mark_saved()  # no unsaved-changes question on close
        window.close()
        window.deleteLater()
        app.processEvents()
    print(f"with the Roadmap dock open (not the default layout), medians: {'; '.join(with_roadmap)}")
    print(f"slowest sample median / {FRAME_MS:.0f} ms frame: {worst / FRAME_MS:.2f}x "
          f"({'within' if worst <= FRAME_MS else 'over'} the target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
