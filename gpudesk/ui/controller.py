"""Re-estimates the plan whenever the document changes, and says why it can't.

Edits arrive in bursts (typing); a zero-delay single-shot timer coalesces
them into one estimate per event-loop turn. An estimate that cannot be
made (unknown model, impossible parameter) becomes a message, never an
exception dialog; so does any other failure of the estimate (logged with
its traceback by ``gpudesk.logs.internal_error``), and the plan stays open
and unchanged.

The estimate comes first, without the step-5 layout search and the
configuration search; the layout search of each phase, then its
configuration search (the active phase first), run in slices between events
(gpudesk/ui/background.py) and ``searched`` fires as each result is attached.
Until then the phase marks them pending (``PhaseEstimate.layout_done``,
``search_done``) and the pages say so. A new edit cancels a search still
running.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.logs import internal_error
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.widgets.session_text import error_words, session_language

if TYPE_CHECKING:
    from gpudesk.results.phase_cache import PhaseCache
    from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
    from gpudesk.ui.background import BackgroundTask

log = logging.getLogger("gpudesk.ui")

FIRST_ESTIMATE_FALLBACK_MS = 250
"""Start-up estimates after the window's first paint; this long at most, if the window is never painted."""


Returned = TypeVar("Returned")


def _at_full_bar(steps: Generator[tuple[int, str], None, Returned]) -> Generator[tuple[int, str], None, Returned]:
    """``steps``' texts, each at 100 per cent (the pricing runs once the search has filled the bar); what they return."""
    while True:
        try:
            _, text = next(steps)
        except StopIteration as stop:
            return stop.value
        yield 100, text


class PlanController(QObject):
    estimated = Signal(object)  # PlanEstimate
    failed = Signal(str)
    searched = Signal(object)  # PlanEstimate, after a phase's configuration search was attached
    search_progress = Signal(int, str)  # percent and what is being searched

    def __init__(self, catalog: Catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.document: ProjectDocument | None = None
        self.estimate: PlanEstimate | None = None
        self.last_error = ""
        self.refused_field = ""  # the plan path the last refusal names (its editor shows the refusal inline)
        self.last_duration_s = 0.0
        self._cache: PhaseCache | None = None
        self._painting: QWidget | None = None  # the window whose first paint the first estimate waits for
        self._results_paint: QWidget | None = None  # that window, once painted: it paints the first estimate
        self._search_waits: QWidget | None = None  # before the search's first slice runs (see run_now)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.run_now)
        self.focus_phase = 0  # the phase the window shows: searched first
        self.chart_on_screen: Callable[[], str] = lambda: ""  # the window's open chart: never left to idle time
        # figures of results.pipeline.DEFERRED_FIGURES an edit's estimate leaves to idle time (PhaseEstimate
        # .pending_figures): set by a window whose surfaces show a pending figure as being computed
        self.defer_figures: tuple[str, ...] = ()
        # whether a surface shows the roadmap (its dock): if not, and the open chart is not the timeline, the roadmap
        # is left to idle time (PlanEstimate.roadmap_done); a controller without a window never leaves it
        self.roadmap_on_screen: Callable[[], bool] = lambda: True
        # whether a surface on screen shows a phase's costs (steps 3-7, the what-if list, the bill of materials …): if
        # not, an edit's estimate leaves them to idle time where it may (results/deferred_costs.py, ``costs_done``);
        # a controller without a window never leaves them
        self.costs_on_screen: Callable[[], bool] = lambda: True
        self._search_task: BackgroundTask | None = None  # the running search

    @property
    def cache(self) -> PhaseCache:
        """Phase results reused while only other phases change (created with the first estimate)."""
        if self._cache is None:
            from gpudesk.results.phase_cache import PhaseCache

            self._cache = PhaseCache()
        return self._cache

    def set_document(self, document: ProjectDocument, after_paint_of: QWidget | None = None) -> None:
        """Follow ``document`` and estimate it: now, or once ``after_paint_of`` (the main window at start-up)
        has painted, so that the window shows the plan's inputs before the estimation core is even loaded
        (at the latest ``FIRST_ESTIMATE_FALLBACK_MS`` later, should the window never paint)."""
        if self.document is not None:
            self.document.unsubscribe(self._on_change)
        self.document = document
        document.subscribe(self._on_change)
        if after_paint_of is None:
            self.run_now()
            return
        after_paint_of.installEventFilter(self)
        self._painting = after_paint_of
        QTimer.singleShot(FIRST_ESTIMATE_FALLBACK_MS, self, self._estimate_after_paint)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self._painting and event.type() == QEvent.Type.Paint:
            # The window's first paint pass has begun (an earlier UpdateRequest may paint nothing, before the
            # window is exposed); the zero-delay timer fires after the pass, at a later turn of the event loop.
            self._estimate_after_paint()
        elif watched is self._search_waits and event.type() == QEvent.Type.Paint:
            self._search_after_paint()  # the search's timer, too, fires after this pass
        return False

    def _estimate_after_paint(self) -> None:
        if self._painting is None:
            return
        self._painting.removeEventFilter(self)
        self._results_paint, self._painting = self._painting, None
        if self.estimate is None:
            self._timer.start()

    def stop(self) -> None:
        """Nothing more in idle time: no pending estimate, no search (the window closed)."""
        self._timer.stop()
        self.cancel_search()

    def release(self) -> None:
        """Stop following the document (another window took it over)."""
        self.stop()
        if self.document is not None:
            self.document.unsubscribe(self._on_change)
        self.document = None

    def _on_change(self, _paths: tuple[str, ...]) -> None:
        self.cancel_search()
        self._timer.start()

    def run_now(self) -> PlanEstimate | None:
        self._timer.stop()
        if self.document is None:
            return None
        # The core is imported at the first estimate, not with the window (see set_document).
        from gpudesk.results.pipeline import DEFERRED_CHARTS, PlanInputError, estimate_plan
        from gpudesk.results.plan_result import TIMELINE

        self.cancel_search()
        started = time.perf_counter()
        try:
            # what the step on screen needs now; the layout searches and the configuration searches follow in
            # idle time (each phase marks them pending until then)
            shown = self.chart_on_screen()
            self.estimate = estimate_plan(self.document.project, self.catalog, self.cache, search=False, layout=False,
                                          defer_charts=[c for c in DEFERRED_CHARTS if c != shown],
                                          defer_figures=self.defer_figures,
                                          defer_roadmap=shown != TIMELINE and not self.roadmap_on_screen(),
                                          defer_costs=not self.costs_on_screen())
        except (PlanInputError, CatalogError) as exc:
            self.last_error = error_words(exc)  # "阶段 1 · 服务器型号：…", in the session's language
            refusal = getattr(exc, "refusal", None)
            self.refused_field = str(refusal.values.get("field", "")) if refusal is not None else ""
            self.failed.emit(self.last_error)
            return None
        except Exception as exc:  # noqa: BLE001 - last-resort guard: a line and a log entry; the plan stays open
            line = internal_error("estimating the plan", exc, session_language(), "测算方案")
            self.last_error = self.tr("The estimate failed: {0}").format(line)
            self.failed.emit(self.last_error)
            return None
        finally:
            self.last_duration_s = time.perf_counter() - started
        self.last_error = self.refused_field = ""
        self.estimated.emit(self.estimate)
        window, self._results_paint = self._results_paint, None
        if window is None:
            self.start_search()
        else:  # start-up: a search slice queued ahead of the window's update would delay the first results
            window.installEventFilter(self)
            self._search_waits = window
            QTimer.singleShot(FIRST_ESTIMATE_FALLBACK_MS, self, self._search_after_paint)
        return self.estimate

    def _search_after_paint(self) -> None:
        """Start the search once the window paints the first estimate (or FIRST_ESTIMATE_FALLBACK_MS after it)."""
        if self._search_waits is not None:
            self._search_waits.removeEventFilter(self)
            self._search_waits = None
            self.start_search()

    # -- the configuration search, in slices --------------------------------------------------------
    @property
    def searching(self) -> bool:
        return self._search_task is not None and self._search_task.running

    def cancel_search(self) -> None:
        if self._search_waits is not None:
            self._search_waits.removeEventFilter(self)
            self._search_waits = None
        task, self._search_task = self._search_task, None
        if task is not None and task.running:
            task.cancel()

    def start_search(self) -> None:
        """Search every phase not searched yet, the focused phase first, a slice at a time."""
        from gpudesk.ui.background import BackgroundTask

        estimate = self.estimate
        if estimate is None or (estimate.roadmap_done and all(_complete(p) for p in estimate.phases)):
            return
        self.cancel_search()
        task = BackgroundTask(self._search_steps(estimate), parent=self)
        task.progress.connect(self.search_progress)
        task.failed.connect(lambda reason: log.warning("configuration search failed: %s", reason))
        self._search_task = task
        task.start()

    def _search_steps(self, plan: PlanEstimate):
        from gpudesk.results.pipeline import (
            attach_charts,
            attach_costs,
            attach_figures,
            attach_layout,
            attach_roadmap,
            attach_search,
            pricing_steps_for,
            search_steps_for,
        )

        order = sorted(range(len(plan.phases)), key=lambda i: (i != self.focus_phase, i))
        # the costs, the roadmap, the pending figures, the deferred charts, the layout searches: a slice each, before
        # searches
        for i in order:
            phase = plan.phases[i]
            if not phase.costs_done or phase.pending_figures or phase.deferred_charts:  # one slice, one update
                attach_costs(phase, self.catalog)
                if not plan.roadmap_done:  # (the timeline chart of every phase: one slice of the focused phase)
                    for other in plan.phases:  # the roadmap reads every phase's ledger
                        attach_costs(other, self.catalog)
                    attach_roadmap(plan)
                attach_figures(phase, self.catalog)
                attach_charts(phase, self.catalog)
                if plan is self.estimate:
                    self.searched.emit(plan)
                yield 0, ""
            if not phase.layout_done:
                attach_layout(phase, self.catalog)
                if plan is self.estimate:
                    self.searched.emit(plan)
                yield 0, ""
        for i in order:
            phase = plan.phases[i]
            if phase.search_done:
                continue
            found = yield from search_steps_for(phase, self.catalog, chunk=2)
            priced = yield from _at_full_bar(pricing_steps_for(phase, self.catalog, found))  # each row through the ledger
            attach_search(phase, self.catalog, found, priced=priced)
            if plan is self.estimate:
                self.searched.emit(plan)
            yield 100, ""
        return plan

    def finish_search(self, timeout_ms: int = 30_000) -> bool:
        """Let a search in progress run to its end between events (tests): True when every phase is searched
        (and its layout search attached)."""
        task = self._search_task
        if task is not None and task.running:
            task.wait(timeout_ms)
        return self.estimate is not None and self.estimate.roadmap_done and all(_complete(p) for p in self.estimate.phases)

    def complete_search(self) -> PlanEstimate | None:
        """Every phase searched now, without the event loop (the proposal needs the searches and the layouts)."""
        from gpudesk.results.pipeline import complete_search

        self.cancel_search()
        estimate = self.estimate
        if estimate is None:
            return None
        pending = not (estimate.roadmap_done and all(_complete(p) for p in estimate.phases))
        complete_search(estimate, self.catalog)
        if pending:
            self.searched.emit(estimate)
        return estimate


def _complete(phase: PhaseEstimate) -> bool:
    """Nothing of the phase is left to idle time: its costs, pending figures, deferred charts, layout search and
    configuration search."""
    return phase.search_done and phase.layout_done and phase.costs_done and not phase.deferred_charts \
        and not phase.pending_figures
