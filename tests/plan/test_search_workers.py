"""A plan's searches completed in worker processes (results/search_workers.py, what `gpudesk report` and `compare`
run) equal the one-process ``complete_search`` in every figure, row, search point, price and chart: the same
functions run, the processes only move their results."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from gpudesk.results import search_workers

SCRIPT = textwrap.dedent("""
    import json, resource, sys
    from gpudesk.catalog.store import Catalog
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.results.pipeline import complete_search, estimate_plan
    from gpudesk.results.plan_json import plan_to_json
    from gpudesk.results.search_workers import can_fork, complete_search_in_workers

    catalog = Catalog.open(user_db=None)
    project = load_project(samples_dir() / (sys.argv[1] + ".gpudesk")).project
    assert can_fork()
    one = json.dumps(plan_to_json(complete_search(estimate_plan(project, catalog), catalog)), sort_keys=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    split = complete_search_in_workers(estimate_plan(project, catalog), catalog, workers=2)
    forked = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    many = json.dumps(plan_to_json(split), sort_keys=True)
    print(json.dumps({"same": one == many, "forked_cpu": forked, "size": len(one)}))
""")


def test_the_workers_complete_the_plan_as_one_process_does() -> None:
    """Over 2 s: a fresh interpreter (a test process runs threads, and forks only from a single-threaded one), its
    imports, and the smallest two-phase sample estimated and searched twice."""
    if not sys.platform.startswith("linux"):
        pytest.skip("workers fork on Linux only: complete_search_in_workers is complete_search elsewhere")
    done = subprocess.run([sys.executable, "-c", SCRIPT, "startup-inspection"], capture_output=True, text=True,
                          timeout=120, check=True)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["size"] > 10_000 and got["same"]
    assert got["forked_cpu"] > 0  # a phase's search and pricing ran in a child process, not here


def test_one_core_or_one_pending_phase_runs_here(monkeypatch, searched_sample) -> None:
    plan, _project = searched_sample("startup-inspection")
    ran: list[object] = []
    monkeypatch.setattr(search_workers, "complete_search", lambda p, c: ran.append(p) or p)
    assert search_workers.complete_search_in_workers(plan, None, workers=1) is plan  # type: ignore[arg-type]
    assert ran == [plan]
    assert search_workers.complete_search_in_workers(plan, None, workers=4) is plan  # type: ignore[arg-type]
    assert ran == [plan, plan]  # nothing pending (already searched): nothing to fork for


def test_workers_only_where_cores_are_free(monkeypatch) -> None:
    monkeypatch.setattr(search_workers, "cores", lambda: 2)
    monkeypatch.delenv("GPUDESK_WORKERS", raising=False)
    for load, workers in ((0.2, 2), (1.0, 2), (1.8, 1), (7.0, 1)):  # this process counts for one of the load
        monkeypatch.setattr(search_workers.os, "getloadavg", lambda load=load: (load, load, load))
        assert search_workers.default_workers() == workers, load
    monkeypatch.setenv("GPUDESK_WORKERS", "3")
    assert search_workers.default_workers() == 3  # what the user asks, whatever the load
    monkeypatch.setenv("GPUDESK_WORKERS", "0")
    assert search_workers.default_workers() == 1
    monkeypatch.setenv("GPUDESK_WORKERS", "-2")
    with pytest.raises(search_workers.WorkersSettingError, match="GPUDESK_WORKERS='-2'"):
        search_workers.default_workers()


@pytest.mark.parametrize(("busy", "pending", "shared", "forked", "here", "processes"),
                         [(False, 3, (), [(0,), (1,)], [2], 2), (True, 3, (), [(0,), (1,), (2,)], [], 3),
                          (False, 1, (), [], None, 0), (True, 1, (), [(0,)], [], 1),
                          (True, 3, (1, 2), [(0,), (1, 2)], [], 2), (False, 3, (1, 2), [(0,)], [1, 2], 1),
                          (True, 2, (0, 1), [(0,), (1,)], [], 2), (False, 3, (0, 1, 2), [], None, 0)])
def test_a_busy_caller_leaves_every_phase_to_the_workers(monkeypatch, busy, pending, shared, forked, here,
                                                         processes) -> None:
    """``gpudesk report`` sets up its writer while the searches run (``busy``): every pending phase then goes to a
    worker, with as many search processes as otherwise (cores + 1), so the parent is not left searching a phase alone
    once the workers end; a single pending phase is forked too. Without ``busy`` this process searches the last.
    Phases that price the same configurations (``shared``: the same workloads and accelerators) are one task, searched
    in turn under one pass memo, where the phases outnumber the cores (two here); with as many cores as phases each
    has its own process."""
    from concurrent.futures import Future
    from types import SimpleNamespace

    submitted: list[int] = []
    pools: list[int] = []
    searched_here: list[int] = []
    attached: list[int] = []

    class Pool:
        def __init__(self, max_workers: int, mp_context: object) -> None:
            pools.append(max_workers)

        def submit(self, _fn: object, group: tuple[int, ...]) -> Future:
            submitted.append(group)
            future: Future = Future()
            future.set_result([(None, None)] * len(group))
            return future

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *_exc: object) -> None:
            return None

    def context(i: int) -> SimpleNamespace:  # the workloads and accelerators of phase i (sharing_key)
        served = [SimpleNamespace(kind="llm_inference", model_id="shared" if i in shared else f"model-{i}")]
        return SimpleNamespace(phase=SimpleNamespace(workloads=served, hardware=SimpleNamespace(
            accelerator_id="h100-sxm", candidates=[])))

    phases = [SimpleNamespace(index=i, search_done=False, layout_done=True, context=context(i))
              for i in range(pending)]
    plan = SimpleNamespace(phases=phases)
    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", Pool)
    monkeypatch.setattr(search_workers, "can_fork", lambda: True)
    monkeypatch.setattr(search_workers, "attach_all_but_searches", lambda *_args: None)
    monkeypatch.setattr(search_workers, "complete_search", lambda p, c: searched_here.append(-1) or p)
    monkeypatch.setattr(search_workers, "_searched",
                        lambda phase, c, memo: searched_here.append(phase.index) or (None, None))
    monkeypatch.setattr(search_workers, "attach_search", lambda phase, c, f, priced: attached.append(phase.index))
    finish = search_workers.start_search_in_workers(plan, None, workers=2, busy=busy)  # type: ignore[arg-type]
    assert finish() is plan
    if here is None:  # nothing to fork for: the one-process path
        assert searched_here == [-1] and not submitted and not pools
        return
    assert submitted == forked and searched_here == here and pools == [processes]
    assert sorted(attached) == list(range(pending))
