"""Sized workloads kept across edits: an edit of one workload re-sizes that workload only."""

from __future__ import annotations

from collections.abc import Callable

from gpudesk.core.plan_workload import WorkloadResult


class WorkloadCache:
    """Sized workloads keyed by everything ``workload_for`` reads: the workload, its place in the plan (which its
    checks name), the phase's hardware and duration and the catalog rows sizing reads
    (``core/plan_assembly.workload_inputs``), the calibration, the catalog and its revision.
    An edit of one workload re-sizes that workload only; the phase's others are served from here, and so are all of
    them after an edit of the phase's costs, storage, network, facility, delivery or compliance."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._store: dict[tuple[object, ...], WorkloadResult] = {}

    def get(self, key: tuple[object, ...], make: Callable[[], WorkloadResult]) -> WorkloadResult:
        hit = self._store.get(key)
        if hit is None:
            hit = make()
            if len(self._store) >= self.size:
                self._store.pop(next(iter(self._store)))
            self._store[key] = hit
        return hit
