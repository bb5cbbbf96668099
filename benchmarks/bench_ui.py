"""From an edit to updated figures and charts on screen, with a new value every time.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_ui.py [--edits 40] [--no-profile] [--sample bank]
[--step 2]
(or: .venv/bin/python -m benchmarks ui)

For each sample plan in resources/samples/ it opens the real ``MainWindow`` (offscreen, shown at
1400×860 on step 2, whose memory-fit, inference and Pareto charts are on screen) with a private
``GPUDESK_HOME`` (the default layout, not one a user saved), then types into a step-1 spin box through
the widget: ``setValue`` with a value the plan has never had (current ± 1, ± 2, ... units of the box's
last decimal), so the edited phase is never in the estimate cache — each edit re-estimates it, as a
user's does. Each edit is timed from ``setValue`` until ``PlanController.estimated`` has fired (the
window's slot updates the visible page: figure tables, checks, charts, Explain panel, summary) and the
events that queued (layout, repaints of the window's pixels) are delivered (``sendPostedEvents``, no
timers). Not included: the time until the compositor shows the pixels, pages not on screen (refreshed
when shown) and the work the window defers to idle time (slices between events, shown as pending until
done; e.g. the step-5 layout search), which is timed apart: "idle work done" is the median from the edit
until the controller has none left. ``--step N`` shows another step, ``--sample`` measures some samples;
``--against TREE`` measures TREE (an export of another commit) and this tree, each sample in its own process,
alternating (``--rounds``), and prints both.

Baseline, in the same process right after each sample: a bare window of the same size with a spin box
and one ``pyqtgraph.PlotWidget`` (a step page shows at most one chart: the others are tabs) that gets new
data (``setData``, 64 points) on each edit, timed the same way. Prints per sample the median and 90th percentile of the edit,
the median of the estimate alone (``estimate_plan``, the part the core and pipeline own; wall and CPU time), the median
against one 60 Hz frame (16 ms) and against the bare window; then (unless ``--no-profile``) the gpudesk
functions with the most cumulative time per edit (cProfile over 10 more edits), and the medians with
the Roadmap dock open (closed by default; it redraws the plan's timeline on every edit).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QCoreApplication, QEventLoop  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QDoubleSpinBox,
    QSpinBox,
)

import gpudesk.ui  # noqa: E402,F401 - applies the PySide6 refcount guard before any Qt import
from benchmarks._common import median, p90, parse_result, result, samples, times  # noqa: E402
from benchmarks.bare_window import TIMEOUT_S, WARM_UP, bare_baseline  # noqa: E402
from gpudesk.catalog.store import Catalog  # noqa: E402
from gpudesk.plotting import ChartView  # noqa: E402
from gpudesk.ui.main_window import MainWindow  # noqa: E402

EDITS = 40
FRAME_MS = 16.0
PROFILED_EDITS = 10
TOP_FUNCTIONS = 40
STEP_SHOWN = 2
CLOCK: EstimateClock | None = None  # set by main()
SpinBox = QSpinBox | QDoubleSpinBox


class FreshValues:
    """Values a spin box has not held yet: current ± 1, ± 2, ... units of its last decimal, within its range."""

    def __init__(self, editor: SpinBox) -> None:
        self.editor = editor
        self.start = editor.value()
        self.unit = 1 if isinstance(editor, QSpinBox) else 10.0 ** -editor.decimals()
        self.used = {self._key(self.start)}
        self.k = 0

    def _key(self, value: float) -> int:
        return round(value / self.unit)

    def next(self) -> float:
        while self.k < 100_000:
            self.k += 1
            offset = (self.k + 1) // 2 * self.unit * (1 if self.k % 2 else -1)
            value = self.start + offset
            if isinstance(self.editor, QSpinBox):
                value = round(value)
            if self.editor.minimum() <= value <= self.editor.maximum() and self._key(value) not in self.used:
                self.used.add(self._key(value))
                return value
        raise LookupError(f"no fresh value left for {self.editor.objectName() or 'the spin box'}")


def pick_editor(window: MainWindow) -> tuple[str, SpinBox]:
    """The first spin box on step 1 (else step 2) holding a positive value: (field path, editor)."""
    assert window.pages is not None
    for page in window.pages[:2]:
        for path, editor in page.form.editors.items():
            if isinstance(editor, (QSpinBox, QDoubleSpinBox)) and editor.value() > 0:
                return path, editor
    raise LookupError("no spin box on steps 1-2 to change")


def settle(app: QApplication, window: MainWindow, start: float) -> None:
    """Process events until the controller has no idle work left (deferred parts of the estimate) and the frame
    that work left is painted: the events it posted (layout, repaints) delivered. Without that last step the
    repaint of the idle search's results was delivered inside the next edit's span and counted as that edit's
    (1.4-1.8 ms of CPU per bank edit at load 8-10, 2026-12-02); a user's next keystroke comes after that frame."""
    controller = window.controller
    while getattr(controller, "searching", False):
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        if time.perf_counter() - start > TIMEOUT_S:
            raise RuntimeError(f"idle work still running {TIMEOUT_S:g} s after the edit")
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    for _ in range(2):  # what the last slices posted, and what that posted
        QCoreApplication.sendPostedEvents()


class EstimateClock:
    """The CPU time of the window's estimates: wraps ``estimate_plan``, which the controller looks up at each
    estimate (``last_cpu_ms``: the latest one's)."""

    def __init__(self) -> None:
        import gpudesk.results.pipeline as pipeline

        self.last_cpu_ms = float("nan")
        inner = pipeline.estimate_plan

        def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
            start = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self.last_cpu_ms = (time.process_time() - start) * 1e3

        pipeline.estimate_plan = timed


def time_edits(app: QApplication, window: MainWindow, editor: SpinBox, values: FreshValues,
               count: int, cpu: list[float] | None = None,
               settled: list[float] | None = None,
               profile: cProfile.Profile | None = None,
               estimate_cpu: list[float] | None = None) -> tuple[list[float], list[float]]:
    """(edit ms, estimate ms) for ``count`` edits, each to a fresh value; ``cpu`` receives each edit's CPU ms,
    ``estimate_cpu`` its estimate's (``CLOCK``),
    ``settled`` the ms until the idle work the edit left (deferred parts, marked pending on screen) is done.

    The edit ends when the estimate has been shown and the events it posted (layout, the repaint of the window)
    are delivered (``sendPostedEvents``): the frame the user sees. Timers do not run in that span, so idle work
    (the window's deferred parts, in slices between events) is not counted in it; it is timed to ``settled``."""
    fired: list[float] = []
    failed: list[str] = []
    window.controller.estimated.connect(lambda _estimate: fired.append(time.perf_counter()))
    window.controller.failed.connect(failed.append)
    edits, estimates = [], []
    for _ in range(count):
        settle(app, window, time.perf_counter())  # the previous edit's idle work is not this edit's
        fired.clear()
        value = values.next()
        if profile is not None:
            profile.enable()
        start, start_cpu = time.perf_counter(), time.process_time()
        editor.setValue(value)
        while not fired and not failed:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"no estimate {TIMEOUT_S:g} s after setting {value}")
        if failed:
            raise RuntimeError(f"the estimate failed after setting {value}: {failed[-1]}")
        for _ in range(2):  # what the slots queued (layout, repaints) and what that queued; no timers: no idle work
            QCoreApplication.sendPostedEvents()
        edits.append((time.perf_counter() - start) * 1e3)
        if profile is not None:
            profile.disable()
        if cpu is not None:
            cpu.append((time.process_time() - start_cpu) * 1e3)
        estimates.append(window.controller.last_duration_s * 1e3)
        if estimate_cpu is not None:
            estimate_cpu.append(CLOCK.last_cpu_ms if CLOCK is not None else float("nan"))
        if settled is not None:
            settle(app, window, start)
            settled.append((time.perf_counter() - start) * 1e3)
    return edits, estimates


def where_time_goes(app: QApplication, window: MainWindow, editor: SpinBox, values: FreshValues) -> list[tuple[str, float]]:
    """Per edit: cumulative ms of the gpudesk functions that take the most, from cProfile over real edits."""
    profile = cProfile.Profile()  # the edits only: the idle work between them is not profiled
    time_edits(app, window, editor, values, PROFILED_EDITS, profile=profile)
    rows = []
    for (file, line, name), (_cc, calls, _tt, cumtime, _callers) in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        if "/gpudesk/" in file and "refcount_guard" not in file:
            short = file[file.rindex("/gpudesk/") + 1:]
            rows.append((f"{short}:{line} {name} ({calls / PROFILED_EDITS:g}/edit)", cumtime * 1e3 / PROFILED_EDITS))
    return sorted(rows, key=lambda row: -row[1])


def measure_sample(app: QApplication, catalog: Catalog, sample: Path, edits: int, profile: bool,
                   step: int = STEP_SHOWN) -> dict[str, float]:
    window = MainWindow(catalog, lang="en")
    window.resize(1400, 860)
    window.show()
    window.open_plan(sample)
    window.go_to_step(step)
    app.processEvents()
    path, editor = pick_editor(window)
    values = FreshValues(editor)
    time_edits(app, window, editor, values, WARM_UP)
    cpu_ms: list[float] = []
    settled_ms: list[float] = []
    estimate_cpu: list[float] = []
    edit_ms, estimate_ms = time_edits(app, window, editor, values, edits, cpu_ms, settled_ms,
                                      estimate_cpu=estimate_cpu)
    charts = sum(1 for view in window.findChildren(ChartView) if view.isVisible())
    bare_ms, bare_cpu = bare_baseline(app, 1, edits)
    found = {"median": median(edit_ms), "p90": p90(edit_ms), "estimate": median(estimate_ms),
             "estimate_cpu": median(estimate_cpu), "bare": bare_ms,
             "cpu": median(cpu_ms), "cpu_p90": p90(cpu_ms), "bare_cpu": bare_cpu, "settled": median(settled_ms),
             "charts": charts}
    print(f"{sample.name}: {edits} edits of {path} (from {values.start:g}, each to a new value): "
          f"median {found['median']:.1f} ms (CPU time of the process {found['cpu']:.1f} ms), p90 {found['p90']:.1f} ms (CPU {found['cpu_p90']:.1f} ms), estimate alone {found['estimate']:.1f} ms (CPU {found['estimate_cpu']:.1f} ms); "
          f"{found['median'] / FRAME_MS:.2f}× a {FRAME_MS:.0f} ms frame; idle work done after {found['settled']:.1f} ms; "
          f"{charts} chart(s) on screen; bare window "
          f"with one pyqtgraph plot {bare_ms:.1f} ms ({found['median'] / bare_ms:.1f}×; CPU {bare_cpu:.1f} ms, "
          f"{found['cpu'] / bare_cpu:.1f}×)")
    if profile:
        print(f"  where the time goes (cProfile over {PROFILED_EDITS} edits, cumulative ms per edit):")
        for name, ms in where_time_goes(app, window, editor, values)[:TOP_FUNCTIONS]:
            print(f"    {ms:7.2f} ms  {name}")
    window.roadmap_dock.show()
    app.processEvents()
    time_edits(app, window, editor, values, WARM_UP)
    found["roadmap"] = median(time_edits(app, window, editor, values, edits)[0])
    window.roadmap_dock.hide()  # closing saves the layout: the next sample starts from the default again
    window.document.mark_saved()  # no unsaved-changes question on close
    window.close()
    window.deleteLater()
    app.processEvents()
    return found


FIGURE = re.compile(r"^(?P<wall>[\d.]+) ms, p90 (?P<wall_p90>[\d.]+) ms \(CPU (?P<cpu>[\d.]+) ms, p90 (?P<cpu_p90>[\d.]+) ms; "
                    r"estimate (?P<estimate>[\d.]+) ms(?:, CPU (?P<estimate_cpu>[\d.]+) ms)?")


def against(trees: list[str], edits: int, step: int, rounds: int, only: str) -> int:
    """Each sample in a process per tree (``--against``: another checkout or export, and this one), the trees
    alternating within each round so that the machine's load falls on both alike; per tree and sample the medians
    and p90s of each run (CPU and wall) and the load average before and after."""
    labels = [*trees, "this tree"]
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    print(f"load average at the start: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    for round_ in range(rounds):
        for sample in (s for s in samples() if only in s.name):
            for tree, label in zip([*trees, str(ROOT)], labels, strict=True):
                done = subprocess.run(
                    [sys.executable, str(Path(tree) / "benchmarks" / "bench_ui.py"), "--sample", sample.name,
                     "--edits", str(edits), "--step", str(step), "--no-profile"],
                    capture_output=True, text=True, check=False, cwd=tree, env={**os.environ, "PYTHONPATH": tree})
                found = [r for r in map(parse_result, done.stdout.splitlines()) if r is not None]
                if done.returncode != 0 or not found or (match := FIGURE.match(found[0].figure)) is None:
                    raise RuntimeError(f"{label}, {sample.name}: no result\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
                runs.setdefault((sample.stem, label), []).append(
                    {k: float("nan") if v is None else float(v) for k, v in match.groupdict().items()})
                print(f"round {round_ + 1}, {sample.stem}, {label}: {found[0].figure}", flush=True)
    print(f"load average at the end: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    print("sample | tree | CPU median (p90) per run, ms | estimate CPU median per run, ms | wall median (p90) per run, ms")
    for (stem, label), found_runs in runs.items():
        cpu = ", ".join(f"{r['cpu']:.1f} ({r['cpu_p90']:.1f})" for r in found_runs)
        estimate = ", ".join(f"{r['estimate_cpu']:.1f}" for r in found_runs)
        wall = ", ".join(f"{r['wall']:.1f} ({r['wall_p90']:.1f})" for r in found_runs)
        print(f"{stem} | {label} | {cpu} | {estimate} | {wall}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=EDITS, help=f"timed edits per sample (default {EDITS})")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile listing")
    parser.add_argument("--sample", default="", help="only the samples whose file name contains this")
    parser.add_argument("--step", type=int, default=STEP_SHOWN, help=f"the step on screen (default {STEP_SHOWN})")
    parser.add_argument("--against", action="append", default=[], metavar="TREE",
                        help="also measure the source tree TREE (an export of another commit), each sample in a "
                             "process per tree, alternating; prints both trees' figures")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: rounds of alternation (default 2)")
    args = parser.parse_args(argv)
    if args.against:
        return against(args.against, args.edits, args.step, args.rounds, args.sample)
    global CLOCK
    CLOCK = EstimateClock()
    with tempfile.TemporaryDirectory(prefix="gpudesk-bench-ui-") as home:
        os.environ["GPUDESK_HOME"] = home  # default window layout and settings, not the user's
        app = QApplication.instance() or QApplication(sys.argv[:1])
        catalog = Catalog.open()
        found = {s.name: measure_sample(app, catalog, s, args.edits, not args.no_profile, args.step) for s in samples()
                 if args.sample in s.name}
    print("with the Roadmap dock open (not the default layout), medians: "
          + "; ".join(f"{name} {f['roadmap']:.1f} ms" for name, f in found.items()))
    includes = (f"setValue on a step-1 spin box, a new value each time → estimate → step {args.step} page, charts, "
                "Explain panel and summary updated and repainted (offscreen; the events the update posted delivered, "
                "no timers: parts deferred to idle time, shown pending, are timed apart as 'idle work done'); median of "
                f"{args.edits} edits (wall time; CPU: the process's CPU time over the same span, close to the wall time a machine "
                "not shared with other work would show); bare window: spin box + one pyqtgraph plot given new data")
    for name, f in found.items():
        result("bench_ui", f"edit → updated step page, {name.removesuffix('.gpudesk')}",
               f"{f['median']:.1f} ms, p90 {f['p90']:.1f} ms (CPU {f['cpu']:.1f} ms, p90 {f['cpu_p90']:.1f} ms; "
               f"estimate {f['estimate']:.1f} ms, CPU {f['estimate_cpu']:.1f} ms; idle work done {f['settled']:.0f} ms)",
               f"{times(f['median'] / FRAME_MS, 'a 16 ms frame')} (CPU {f['cpu'] / FRAME_MS:.1f}×); "
               f"{f['median'] / f['bare']:.1f}× bare window (CPU {f['cpu'] / f['bare_cpu']:.1f}×)",
               f"≤ {FRAME_MS:.0f} ms", f["median"] <= FRAME_MS, includes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
