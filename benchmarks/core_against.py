"""bench_core's full chain on flat arrays in this tree and in another, alternating, one process per run.

Run: .venv/bin/python benchmarks/core_against.py TREE [--rounds 3]

TREE is another source tree of gpudesk (e.g. ``git archive <commit> | tar -x -C /tmp/before``, then
``python -m compileall -q /tmp/before`` where PYTHONDONTWRITEBYTECODE is set). Each round runs each tree in its
own process with ``OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1`` (one core) and prints, per tree: the CPU time of
``run_chain(build_sweep(), limits=True)`` (122,880 configurations: hardware, the complete memory estimate, step time,
scaling), best and median of 7 after one warm-up, as configurations per second (``--rows N``: a batch of N of them,
each timing repeating the call to cover 60,000 configurations); the page faults of the best-faulting
run and the user/system split of the CPU time; and one configuration at a time through the same chain (the 200
configurations bench_core samples), the median CPU time. The two trees alternate so both see the same load of a
shared machine; compare within a round.

Each run first makes the allocator setting the tree's search processes make (``gpudesk.process_heap
.keep_freed_memory``, called by ``gpudesk estimate|report|compare`` at start; a tree without it runs with glibc's
defaults, as its commands did) and prints whether it was made; ``--heap default`` leaves glibc's defaults in both.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_RUN = r"""
import resource, sys, time
sys.path.insert(0, sys.argv[1])
heap = "glibc defaults"
if sys.argv[2] == "product":
    import importlib.util, os
    spec = importlib.util.find_spec("gpudesk.process_heap")  # the venv's editable finder may offer this tree's
    if spec is not None and spec.origin and os.path.realpath(spec.origin).startswith(os.path.realpath(sys.argv[1])):
        from gpudesk.process_heap import keep_freed_memory
        heap = "freed memory kept" if keep_freed_memory() else heap
from benchmarks import bench_core as b
import numpy as np
s = b.build_sweep(); rows = int(sys.argv[3])
if rows < s["n"].size:  # a batch of the window's size: rows spread over the sweep, the same in every tree
    s = {k: v[np.linspace(0, v.size - 1, rows).astype(np.intp)] for k, v in s.items()}
n = s["n"].size; repeat = max(1, 60_000 // n)  # each timing covers at least 60,000 configurations
b.run_chain(s, limits=True)
cpu, faults, user, system = [], [], [], []
for _ in range(7):
    r0 = resource.getrusage(resource.RUSAGE_SELF); t = time.process_time()
    for _ in range(repeat):
        b.run_chain(s, limits=True)
    cpu.append((time.process_time() - t) / repeat); r1 = resource.getrusage(resource.RUSAGE_SELF)
    faults.append((r1.ru_minflt - r0.ru_minflt) // repeat)
    user.append((r1.ru_utime - r0.ru_utime) / repeat); system.append((r1.ru_stime - r0.ru_stime) / repeat)
pick = b.peer_sample(s, [a.id for a in b.ACCELERATORS], b.LLAMA2_7B.max_context); single = []
b.one_at_a_time(s, pick[:20])
b.one_at_a_time(s, pick, single)
best = cpu.index(min(cpu)); cpu_sorted = sorted(cpu); single.sort()
print(f"{n:,} rows: chain CPU best {cpu[best] * 1e3:.1f} ms = {n / cpu[best] / 1e6:.2f} M/s (user {user[best] * 1e3:.0f} + system "
      f"{system[best] * 1e3:.0f} ms, {faults[best]:,} page faults), median {cpu_sorted[3] * 1e3:.1f} ms = "
      f"{n / cpu_sorted[3] / 1e6:.2f} M/s; one configuration CPU median {single[len(single) // 2] * 1e3:.2f} ms ({heap})")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", help="another gpudesk source tree to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--heap", choices=("product", "default"), default="product",
                        help="product: the allocator setting each tree's search processes make (default); "
                             "default: glibc's defaults in both")
    parser.add_argument("--rows", type=int, default=122_880,
                        help="configurations per call: fewer (e.g. 1536, the window's largest search batch) take "
                             "rows spread over bench_core's sweep, each timing repeating the call")
    args = parser.parse_args()
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "QT_QPA_PLATFORM": "offscreen"}
    trees = {"this tree": str(ROOT), args.tree: str(Path(args.tree).resolve())}
    for round_ in range(1, args.rounds + 1):
        for name, path in trees.items():
            out = subprocess.run([sys.executable, "-c", _RUN, path, args.heap, str(args.rows)], capture_output=True, text=True, env=env,
                                 cwd=path, check=True)
            print(f"round {round_}, {name}: {out.stdout.strip()}", flush=True)


if __name__ == "__main__":
    main()
