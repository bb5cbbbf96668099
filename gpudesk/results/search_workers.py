"""A plan's pending configuration searches completed in forked worker processes, a phase per process, for the
headless commands (``gpudesk report``, ``compare`` and ``estimate``) on a machine with a core to spare.

Each phase's search and the ledger pricing of what it shows (``results.pipeline.run_search`` and
``pricing_steps_for``) read only that phase's estimate and the catalog, so the phases run side by side: a forked
child inherits the estimated plan and the catalog, runs both, and sends back the search and the priced rows, which
the parent attaches exactly as :func:`results.pipeline.complete_search` would (the same functions run; pickling
only moves their results). The work is the same, plus a fork and a few megabytes pickled per phase: the CPU time
does not drop, the wall time does where cores are free. Runs in one process (``complete_search``) off Linux, where
threads are running (a fork would copy their locks), with one pending phase and nothing else to do (``busy``:
``gpudesk report`` sets up its writer meanwhile), or where no core is free
(:func:`default_workers`: on a machine whose other processes keep every core busy the workers would wait for the
same cores and only add their forks' CPU). ``GPUDESK_WORKERS=N`` sets the processes (1: never fork).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Hashable
from typing import Any

from gpudesk.catalog.store import Catalog
from gpudesk.core.pass_memo import PassMemo
from gpudesk.core.stepwise import run_through
from gpudesk.results.pipeline import (
    attach_all_but_searches,
    attach_search,
    complete_search,
    pricing_steps_for,
    run_search,
)
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate

_FORKED: tuple[PlanEstimate, Catalog] | None = None  # what a forked worker inherits (set only around the fork)


def can_fork() -> bool:
    """Whether worker processes can start as forks of this one: Linux (macOS forks, but its system frameworks are
    not safe to use in a forked child, which is why Python spawns there) and no other thread running."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class WorkersSettingError(ValueError):
    """``GPUDESK_WORKERS`` holds something other than a whole number: the command stops with this one-line message
    rather than guess what the user meant."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_workers() -> int:
    """The worker processes to fork: ``GPUDESK_WORKERS`` when set, else the cores the rest of the machine leaves
    free, counting this process's own share of the one-minute load average (a quiet two-core machine: 2; the same
    machine with five other busy processes: 1, this process alone)."""
    given = os.environ.get("GPUDESK_WORKERS", "").strip()
    if given:
        if not given.isdigit():
            raise WorkersSettingError(f"GPUDESK_WORKERS={given!r} is not a whole number of search processes (1 runs "
                                      "everything in one process; leave it unset to use the free cores)")
        return max(int(given), 1)
    try:
        others = max(os.getloadavg()[0] - 1.0, 0.0)
    except (AttributeError, OSError):  # no load average on this platform
        others = 0.0
    return max(min(cores(), int(cores() - others + 0.5)), 1)


def _searched(phase: PhaseEstimate, catalog: Catalog, memo: PassMemo | None = None) -> tuple[Any, Any]:
    found = run_search(phase, catalog)
    return found, run_through(pricing_steps_for(phase, catalog, found, memo))


def _group_searched(plan: PlanEstimate, catalog: Catalog, group: tuple[int, ...]) -> list[tuple[Any, Any]]:
    """The phases of ``group`` searched and priced one after another under one pass memo (as complete_search
    prices a plan's phases)."""
    memo = PassMemo()
    return [_searched(plan.phases[i], catalog, memo) for i in group]


def _in_worker(group: tuple[int, ...]) -> list[tuple[Any, Any]]:
    """``group``'s searches and prices, sent back without the table each search's why and levers were worded from
    (``PhaseSearch.explained_from``: about 3 of a phase's 3.1-5.2 MB pickled): they were worded again with the
    ledger's prices here (``explain_priced``), and the parent only attaches and shows them."""
    assert _FORKED is not None, "a search worker runs only as a fork of the process that set the plan"
    plan, catalog = _FORKED
    searched = _group_searched(plan, catalog, group)
    for found, _priced in searched:
        if found is not None:
            found.explained_from = ()
    return searched


def sharing_key(phase: PhaseEstimate) -> Hashable:
    """What a phase's pricing shares with another's: the kind and model of each workload and the accelerators it
    may use. A serving plan's launch and growth phases (the same workload at two request rates) price the same
    configurations, and under one pass memo the later phase reuses each one's replica figures
    (core/inference._kept_replica; bank: its growth phase's pricing 0.35 -> 0.18 s of CPU, gov's 0.28 -> 0.12). Only
    where to run a phase depends on it, never what the phase's search or pricing gives."""
    context = getattr(phase, "context", None)
    own = getattr(context, "phase", None)
    if own is None:
        return ("phase", phase.index)
    hardware = own.hardware
    return (tuple((w.kind, w.model_id) for w in own.workloads), hardware.accelerator_id, tuple(hardware.candidates))


def task_groups(plan: PlanEstimate, pending: list[int], cores: int) -> list[tuple[int, ...]]:
    """The pending phases as the tasks of the search processes, in plan order: a phase each where the cores are
    enough for them all, else phases with the same :func:`sharing_key` together (one process searches and prices
    them in turn under one pass memo: bank's three phases on two cores run as its pilot and its two serving phases,
    0.40 and about 0.68 s of CPU, where three processes took 0.40, 0.39 and 0.46 on two cores)."""
    if len(pending) <= cores:
        return [(i,) for i in pending]
    groups: dict[Hashable, list[int]] = {}
    for i in pending:
        groups.setdefault(sharing_key(plan.phases[i]), []).append(i)
    return [tuple(group) for group in groups.values()]


def complete_search_in_workers(plan: PlanEstimate, catalog: Catalog, workers: int | None = None) -> PlanEstimate:
    """``complete_search(plan, catalog)``, each pending phase's search and pricing in a process of its own (this
    one takes the last task of :func:`task_groups`; at most ``workers`` forked besides it, the cores by default:
    phases that price the same configurations share a process where the phases outnumber the cores)."""
    return start_search_in_workers(plan, catalog, workers)()


def start_search_in_workers(plan: PlanEstimate, catalog: Catalog, workers: int | None = None,
                            busy: bool = False) -> Callable[[], PlanEstimate]:
    """Fork the workers of :func:`complete_search_in_workers` now and return what finishes it (this process's own
    phase, then the workers' results attached): the caller may do other work in between, such as importing the
    PDF writer, while the workers run. ``busy``: the caller has such work, so every task goes to a worker (as many
    search processes as without it: the cores plus one, at most a task each) and this process searches none; a
    single task is then forked too. Without it this process would search its phase after that work, alone on a core
    once the workers are done: on two free cores the bank report's parent (0.2 CPU-s of writer set-up, then a phase
    of about 0.3) ended about 0.1 s after its two workers (an estimate from the processes' CPU times)."""
    global _FORKED
    pending = [i for i, phase in enumerate(plan.phases) if not phase.search_done]
    workers = default_workers() if workers is None else workers
    if workers < 2 or len(pending) < (1 if busy else 2) or not can_fork():
        return lambda: complete_search(plan, catalog)
    groups = task_groups(plan, pending, workers)
    if len(groups) < (1 if busy else 2):  # one task and nothing to do meanwhile: no process to fork for
        return lambda: complete_search(plan, catalog)
    attach_all_but_searches(plan, catalog)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    others, own = (groups, None) if busy else (groups[:-1], groups[-1])
    _FORKED = (plan, catalog)
    try:  # forked at the first submit, every worker at once (the pool forks no more once its thread runs)
        pool = ProcessPoolExecutor(max_workers=min(workers + (1 if busy else 0), len(others)),
                                   mp_context=multiprocessing.get_context("fork"))
        futures = {group: pool.submit(_in_worker, group) for group in others}
    finally:
        _FORKED = None

    def finish() -> PlanEstimate:
        with pool:
            results = [] if own is None else [(own, _group_searched(plan, catalog, own))]
            results += [(group, future.result()) for group, future in futures.items()]
        done = {i: got for group, found in results for i, got in zip(group, found)}
        for i in pending:
            found, priced = done[i]
            attach_search(plan.phases[i], catalog, found, priced=priced)
        return plan

    return finish
