"""Many windows in one process (issue 21): a session that opens, re-estimates and closes plan after plan.

A native crash after many windows in one test process was seen three times (QListWidget.clear in the roadmap
checks, pyqtgraph's ViewBoxMenu being built, a teardown flush). Whatever a window did, a closed window must do
nothing more: its idle configuration search ran on between its close and its deletion, redrawing the hidden
pages and the roadmap of a window on its way out, and its autosave timer could write again the plan the user had
just discarded. Here windows are closed in the middle of their idle search, with the roadmap's checks list
cleared and refilled by repeated re-estimates, and collected between windows; a crash ends the pytest process.
"""

from __future__ import annotations

import gc

from test_shell_support import SAMPLES, catalog, flush, settings  # noqa: F401

from gpudesk.paths import autosave_dir
from gpudesk.project.autosave import AutosaveStore

WINDOWS = 4
RE_ESTIMATES = 2


def test_windows_closed_while_they_search_stop_and_go(qapp, catalog, settings):  # noqa: F811
    """About 4.5 CPU s: four windows is the fewest that churn pages, charts and the roadmap list through more than
    one window's lifetime in one process; the smallest samples keep each estimate short."""
    from gpudesk.ui.main_window import MainWindow

    small = [p for p in SAMPLES if p.stem.startswith(("startup", "manufacturer", "ecommerce"))]
    for round_ in range(WINDOWS):
        store = AutosaveStore(autosave_dir())
        window = MainWindow(catalog, autosave=store, settings=settings)
        window.open_plan(small[round_ % len(small)])
        window.show()
        window.roadmap_dock.show()
        for _ in range(RE_ESTIMATES):  # each estimate clears and refills the roadmap's checks list
            window.controller.run_now()
            flush()
        window.go_to_step(5 if round_ % 2 else 2)
        window.controller.run_now()  # the idle search starts again: the window closes in the middle of it
        flush()
        assert window.controller.searching
        arrived: list[object] = []
        window.controller.searched.connect(arrived.append)
        window.document.mark_saved()
        window.close()
        assert not window.controller.searching, "a closed window keeps searching in idle time"
        assert not window.files._timer.isActive(), "a closed window's autosave timer still runs"
        flush()
        assert arrived == [], "a closed window still received search results"
        window.deleteLater()
        store.close()
        flush()
        gc.collect()  # its Python side goes now, not at some later allocation inside another window's drawing


def test_a_window_closed_while_its_what_if_sweeps_stops_the_sweep(qapp, catalog, settings):  # noqa: F811
    """Step 6's what-if re-estimates the phase across its ranges in idle-time slices (about 0.2 s in all): a window
    closed in the middle of a sweep went on sweeping and drawing its hidden panel until it was deleted. About 2
    CPU s: one window of the smallest sample with a what-if."""
    from gpudesk.ui.main_window import MainWindow

    store = AutosaveStore(autosave_dir())
    window = MainWindow(catalog, autosave=store, settings=settings)
    window.open_plan(next(p for p in SAMPLES if p.stem.startswith("startup")))
    window.show()
    window.controller.run_now()
    window.go_to_step(6)
    flush()
    panel = window.current_page().decision
    task = panel.start_sweep()
    assert task is not None and task.running
    window.document.mark_saved()
    window.close()
    assert task.outcome == "cancelled", "a closed window keeps sweeping its what-if"
    assert not panel._timer.isActive()
    window.deleteLater()
    store.close()
    flush()
