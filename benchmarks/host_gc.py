"""Python's cyclic garbage collector on a serving engine's host: what a collection costs per tracked object, and
what it costs an engine's loop per iteration as the live requests grow (issue 18, the attention data-parallel gap).

Run: .venv/bin/python benchmarks/host_gc.py [--iterations 300] [--base 1000000]

Why: NVIDIA's MLPerf Inference v6.0 DeepSeek-R1 configs set TRTLLM_SERVER_DISABLE_GC (tensorrt_llm/commands/serve.py:
``gc.disable()`` in the trtllm-serve process; TRTLLM_WORKER_DISABLE_GC does the same in the executor's worker), and
the per-iteration gap their Server logs show is 3-11 ms against v5.1's 33-36 ms. Were that gap the collector, it
would be the cost measured here: a full (generation-2) collection visits every tracked container of the process,
so its pause grows with the live objects, and a young collection runs every ``threshold0`` net allocations of
tracked objects.

Method (one thread, nothing else allocating; CPU time of the process by ``time.process_time``, so the load of a
shared machine does not enter):

1. A full collection per tracked object. Request-like records are made and kept (an instance and its token list;
   CPython does not track a dict of atomic values, and ``gc.get_objects()`` counts what it does track);
   ``gc.collect()`` is timed, best of 5, at 75,000 to 1.1 M tracked objects. The least-squares slope of the pause
   against the tracked objects is the cost per object; the intercept is the interpreter's own.
2. An engine loop. B long-lived tracked objects stand for the engine process's modules, model and caches (B is a
   parameter: no published count of a TensorRT-LLM worker's objects was found), and L requests are live. Each
   iteration every live request appends a token; with streaming it also makes a response (R tracked objects, 10
   by default: PR #5141 found "tens of thousands of allocations" for "thousands of responses" and sized its threshold
   of 20,000 to "handle 2k responses") that lives until the iteration's responses are sent, as TensorRT-LLM's
   create_responses does for every request it streams; L/O requests end (a final response with their tokens) and
   as many arrive, O the output length. Thresholds (700, 10, 10), CPython's default and trtllm-serve's process,
   and (20000, 10, 10), TensorRT-LLM's executor loop since PR #5141 (py_executor.py wraps its event loop in
   ``customized_gc_thresholds(garbage_collection_gen0_threshold)``, llm_args.py default 20000). ``gc.callbacks``
   time every collection by generation; printed per iteration: collections, the mean pause, the longest pause.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
from collections import deque

_SIZES = (100_000, 200_000, 400_000, 800_000, 1_600_000)
_LIVE = (256, 1024, 4096)
_OUTPUT_LEN = 1000


class _Request:
    """A live request: its id, its tokens (a list that grows), a small dict of state."""

    def __init__(self, rid: int) -> None:
        self.rid = rid
        self.tokens = [1000 + rid % 7] * 8
        self.state = {"rid": rid, "generated": 0}


class _Response:
    """One iteration's response for one request: ``per_response`` tracked containers (the instance, its token list,
    a list of parts and the parts)."""

    def __init__(self, rid: int, tokens: list[int], final: bool, per_response: int) -> None:
        self.rid = rid
        self.tokens = tokens
        self.parts = [[final] for _ in range(per_response - 3)]


def _tracked() -> int:
    return len(gc.get_objects())


def full_collection_cost() -> tuple[float, float, list[tuple[int, float]]]:
    """(seconds per tracked object, intercept s, [(tracked objects, best pause s)]) of ``gc.collect()``."""
    points = []
    for n in _SIZES:
        kept = [_Request(i) for i in range(n // 3)]
        for r in kept:
            r.state["generated"] = 1  # the dicts are materialised and tracked, as in a live request
        gc.collect()
        tracked = _tracked()
        best = float("inf")
        for _ in range(5):
            t0 = time.process_time()
            gc.collect()
            best = min(best, time.process_time() - t0)
        points.append((tracked, best))
        del kept
        gc.collect()
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return slope, my - slope * mx, points


class _Pauses:
    """Every collection's pause by generation, through ``gc.callbacks``."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.total = [0.0, 0.0, 0.0]
        self.longest = 0.0
        self._t0 = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t0 = time.process_time()
            return
        pause = time.process_time() - self._t0
        g = info["generation"]
        self.count[g] += 1
        self.total[g] += pause
        self.longest = max(self.longest, pause)


def engine_loop(live: int, iterations: int, streaming: bool, threshold0: int, per_response: int) -> _Pauses:
    """The collector's pauses over ``iterations`` of a loop holding ``live`` requests (module docstring, 2)."""
    gc.collect()
    requests = deque(_Request(i) for i in range(live))
    for r in requests:
        r.state["generated"] = 0
    next_rid, ending = live, 0.0
    pauses = _Pauses()
    old = gc.get_threshold()
    gc.set_threshold(threshold0, old[1], old[2])
    gc.callbacks.append(pauses)
    try:
        for it in range(iterations):
            responses = []
            for r in requests:
                token = 100_000 + it  # a new int object each step: not tracked, as token ids > 256 are not
                r.tokens.append(token)
                r.state["generated"] += 1
                if streaming:
                    responses.append(_Response(r.rid, [token], False, per_response))
            ending += live / _OUTPUT_LEN
            while ending >= 1.0:
                done = requests.popleft()
                responses.append(_Response(done.rid, done.tokens, True, per_response))
                fresh = _Request(next_rid)
                fresh.state["generated"] = 0
                requests.append(fresh)
                next_rid += 1
                ending -= 1.0
            responses.clear()  # sent
    finally:
        gc.callbacks.remove(pauses)
        gc.set_threshold(*old)
    return pauses


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--base", type=int, default=1_000_000, help="long-lived tracked objects of the process")
    parser.add_argument("--per-response", type=int, default=10, help="tracked objects a response makes (>= 4)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({sys.implementation.name}), {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.1f}, thresholds {gc.get_threshold()}")

    per_object, intercept, points = full_collection_cost()
    print("\n1. Full (generation-2) collection, best of 5:")
    for tracked, pause in points:
        print(f"   {tracked:>10,} tracked objects: {pause * 1e3:7.2f} ms")
    print(f"   least squares: {per_object * 1e9:.1f} ns per tracked object (intercept {intercept * 1e3:.2f} ms); "
          f"a process of 1 M tracked objects: {per_object * 1e9:.1f} ms per full collection")

    base = [_Request(i) for i in range(args.base // 3)]
    for r in base:
        r.state["generated"] = 1
    gc.collect()
    print(f"\n2. Engine loop, {args.iterations} iterations, {_tracked():,} tracked objects at the start "
          f"(--base {args.base:,}), {args.per_response} tracked objects per response, output length {_OUTPUT_LEN}:")
    print("   live  streaming  threshold0 | collections per 100 it. (g0/g1/g2) | pause ms/it. | longest ms | "
          "µs per live request per it.")
    for live in _LIVE:
        for streaming in (False, True):
            for threshold0 in (700, 20_000):
                p = engine_loop(live, args.iterations, streaming, threshold0, args.per_response)
                per_it = sum(p.total) / args.iterations
                rate = "/".join(f"{c * 100 / args.iterations:.1f}" for c in p.count)
                print(f"   {live:>5}  {'yes' if streaming else 'no':>9}  {threshold0:>10} | {rate:>36} | "
                      f"{per_it * 1e3:12.3f} | {p.longest * 1e3:10.2f} | {per_it / live * 1e6:8.3f}")
    del base


if __name__ == "__main__":
    main()
