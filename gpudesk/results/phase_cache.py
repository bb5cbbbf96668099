"""Phase estimates kept across edits (the window's cache): an edit re-estimates only the phases it touched, and a
kept estimate gets the parts left pending (costs, figures, charts, layout and configuration searches) when asked."""

from __future__ import annotations

from collections.abc import Collection
from contextlib import nullcontext

from gpudesk.catalog.store import Catalog
from gpudesk.core.pass_memo import PassMemo
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.project.model import Project
from gpudesk.results.deferred_costs import attach_costs, costs_deferrable
from gpudesk.results.deferred_figures import attach_figures, defers_figures
from gpudesk.results.phase_context import freeze
from gpudesk.results.pipeline import attach_charts, attach_layout, attach_search, estimate_phase, run_search
from gpudesk.results.plan_result import TIMELINE, PhaseEstimate
from gpudesk.results.workload_cache import WorkloadCache


class PhaseCache:
    """Phase estimates keyed by everything ``estimate_phase`` reads: an edit re-estimates only the phases it touched.

    The key is the phase's bytes (phase_context.freeze; the estimate's copy of the phase), the calibration's repr, the
    hardware handed over by the previous phase, and the catalog object with its revision (every user edit or import
    bumps it), so a catalog edit in the browser re-estimates instead of showing the old figures.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._store: dict[tuple[object, ...], PhaseEstimate] = {}
        self.workloads = WorkloadCache(size)  # an edited phase re-sizes only the workloads the edit touched
        # the hardware arrays and efficiencies an edit's sizing builds from the catalog rows the edit before used
        self.memo = PassMemo(size=16 * size)

    def get(self, project: Project, index: int, catalog: Catalog,
            carried: CarriedHardware | None = None, search: bool = False, layout: bool = True,
            defer_charts: Collection[str] = (), defer_figures: Collection[str] = (),
            defer_costs: bool = False) -> PhaseEstimate:
        """The cached estimate (searched now when ``search`` asks for it and it has not been; the same for the
        layout search, the costs and the other parts left to idle time)."""
        frozen = freeze(project.phases[index])  # the key's, and the estimate's copy of the phase (PhaseAlone)
        key = (id(catalog), getattr(catalog, "revision", 0), index, frozen, repr(project.calibration), carried)
        hit = self._store.get(key)
        if hit is not None:
            if not hit.costs_done and not costs_deferrable(defer_costs, index == len(project.phases) - 1, hit.config):
                attach_costs(hit, catalog)
            if hit.pending_figures and not defers_figures(defer_figures):
                attach_figures(hit, catalog)
            if any(c not in defer_charts and c != TIMELINE for c in hit.deferred_charts):  # the timeline: the roadmap's
                attach_charts(hit, catalog)
            if layout and not hit.layout_done:
                attach_layout(hit, catalog)
            if search and not hit.search_done:
                attach_search(hit, catalog, run_search(hit, catalog))
            return hit
        with self.memo.active() if not search else nullcontext():  # a search prices with a memo of its own
            estimate = estimate_phase(project, index, catalog, carried, search=search, layout=layout,
                                      defer_charts=defer_charts, workloads=self.workloads,
                                      defer_figures=defer_figures, defer_costs=defer_costs, frozen=frozen)
        if len(self._store) >= self.size:
            self._store.pop(next(iter(self._store)))
        self._store[key] = estimate
        return estimate
