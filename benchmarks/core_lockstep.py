"""bench_core's full chain in this tree and in another, in lockstep: one chain of each in turn, many times.

Run: taskset -c 0 .venv/bin/python benchmarks/core_lockstep.py TREE [--pairs 40] [--rows N]

``core_against.py`` runs each tree's seven timings in a process of its own, one tree after the other: on the shared
development machine the load moves between the two (load averages of 8–15 from other agents' test suites), and a
round can favour either tree by 10–20 %. Here both trees run side by side, one process each (one core, the allocator
setting each tree's search processes make: ``gpudesk.process_heap.keep_freed_memory`` where the tree has it), and the
parent asks them in turn (ABBA order) for the CPU time of one ``run_chain(build_sweep(), limits=True)`` (122,880
configurations: hardware, the complete memory estimate, step time, scaling; ``--rows N``: a batch of N of them spread
over the sweep, each timing repeating the call to cover 60,000 configurations). Neighbouring timings see the same
load, so the ratio of each pair is the comparison; prints each tree's best and median, and the median and quartiles
of the pairs' ratios (this tree / TREE).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CHILD = r"""
import importlib.util, os, sys, time
sys.path.insert(0, sys.argv[1])
spec = importlib.util.find_spec("gpudesk.process_heap")  # the venv's editable finder may offer this tree's
if spec is not None and spec.origin and os.path.realpath(spec.origin).startswith(os.path.realpath(sys.argv[1])):
    from gpudesk.process_heap import keep_freed_memory
    keep_freed_memory()
from benchmarks import bench_core as b
import numpy as np
s = b.build_sweep(); rows = int(sys.argv[2])
if rows < s["n"].size:  # a batch of the window's size: rows spread over the sweep, the same in every tree
    s = {k: v[np.linspace(0, v.size - 1, rows).astype(np.intp)] for k, v in s.items()}
repeat = max(1, 60_000 // s["n"].size)
for _ in range(2):
    b.run_chain(s, limits=True)
print("ready", flush=True)
for _ in sys.stdin:
    t = time.process_time()
    for _ in range(repeat):
        b.run_chain(s, limits=True)
    print((time.process_time() - t) / repeat, flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", help="another gpudesk source tree to compare with")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--rows", type=int, default=122_880)
    args = parser.parse_args()
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "QT_QPA_PLATFORM": "offscreen"}
    trees = {"this tree": str(ROOT), args.tree: str(Path(args.tree).resolve())}
    procs = {name: subprocess.Popen([sys.executable, "-c", _CHILD, path, str(args.rows)], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, text=True, env=env, cwd=path)
             for name, path in trees.items()}
    times: dict[str, list[float]] = {name: [] for name in trees}
    try:
        for proc in procs.values():
            if proc.stdout is None or proc.stdout.readline().strip() != "ready":
                raise RuntimeError("a tree's chain did not start")
        names = list(trees)
        for i in range(args.pairs):
            for name in (names if i % 2 == 0 else names[::-1]):  # ABBA: neither tree always goes first
                proc = procs[name]
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write("go\n")
                proc.stdin.flush()
                times[name].append(float(proc.stdout.readline()))
    finally:
        for proc in procs.values():
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait()
    for name, values in times.items():
        ordered = sorted(values)
        mid = statistics.median(ordered)
        print(f"{name}: {args.rows:,} rows: chain CPU best {ordered[0] * 1e3:.1f} ms = "
              f"{args.rows / ordered[0] / 1e6:.2f} M/s, median {mid * 1e3:.1f} ms = {args.rows / mid / 1e6:.2f} M/s")
    mine, other = times["this tree"], times[args.tree]
    ratios = sorted(a / b for a, b in zip(mine, other))
    print(f"time ratio this tree / {args.tree}, per pair: median {statistics.median(ratios):.3f}, quartiles "
          f"{ratios[len(ratios) // 4]:.3f}–{ratios[3 * len(ratios) // 4]:.3f} ({len(ratios)} pairs)")


if __name__ == "__main__":
    main()
