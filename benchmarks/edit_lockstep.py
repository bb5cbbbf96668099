"""The window's estimate after an edit, two trees side by side: CPU time per edit and the per-pair ratio.

Run: .venv/bin/python benchmarks/edit_lockstep.py OLD_TREE [--sample bank] [--pairs 30] [--edits 5] [--field PATH]

What is timed is what the window's controller runs after an edit, without Qt: ``ProjectDocument.set`` of a new value
(current ± 1, ± 2, ... steps: never a value the phase cache holds), then ``estimate_plan`` with the controller's
``PhaseCache`` and arguments (no configuration search, no layout search, every deferrable chart but the one step 2
opens on left to idle time, as each tree's own ``DEFERRED_CHARTS`` says; where the tree's ``estimate_plan`` takes
them, the roadmap (its dock hidden, as by default), the tree's ``DEFERRED_FIGURES``, which the window defers once
its figure table shows a pending figure, and the costs of steps 3-7 (``defer_costs``: the window leaves them while no
surface on screen reads them)). The idle work that follows is not timed (benchmarks/bench_ui.py times it
apart).

Each tree runs in a process of its own (its own ``gpudesk``, imported from the tree; the same interpreter), started
once and kept: a pair asks each for ``--edits`` edits in turn, ABBA, and compares the two medians, so both see the
same load (the machine is shared: a run's absolute figures move with the load, the pair's ratio much less). Prints
each tree's median of the pair medians and the new/old ratio's median and quartiles. OLD_TREE is an export of
another commit (``git archive <commit> | tar -x -C /tmp/old``); this file's tree is the new one.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"bank": "bank-llm-assistant", "gov": "gov-llm-domestic-accelerator", "ecommerce": "ecommerce-recsys",
           "manufacturer": "manufacturer-vision-private", "startup": "startup-inspection"}
FIELDS = {"bank": "phases[0].workloads[0].seq_len", "gov": "phases[0].workloads[0].requests_per_day",
          "ecommerce": "phases[0].workloads[0].peak_factor", "manufacturer": "phases[0].workloads[0].peak_factor",
          "startup": "phases[0].workloads[0].global_batch"}
"""The field bench_ui.py edits in each sample (the first step-1 spin box holding a positive value, 2026-12-03)."""
SHOWN = "memory_fit"  # the chart step 2 opens on: drawn with the edit

WORKER = r'''
import inspect, sys, time
sys.path.insert(0, ".")
from pathlib import Path
from gpudesk.catalog.store import Catalog
from gpudesk.project.io import load_project
from gpudesk.session.document import ProjectDocument
import gpudesk.results.pipeline as pipeline
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import DEFERRED_CHARTS, estimate_plan
sample, field, shown = sys.argv[1:4]
takes = inspect.signature(estimate_plan).parameters
more = {"defer_roadmap": True} if "defer_roadmap" in takes else {}
if "defer_figures" in takes:
    more["defer_figures"] = pipeline.DEFERRED_FIGURES
if "defer_costs" in takes:
    more["defer_costs"] = True
catalog = Catalog.open()
doc = ProjectDocument(load_project(Path("resources/samples") / f"{sample}.gpudesk").project)
cache, defer = PhaseCache(), [c for c in DEFERRED_CHARTS if c != shown]
estimate_plan(doc.project, catalog, cache, search=False, layout=False, defer_charts=defer, **more)
start = doc.get(field)
step = 1 if isinstance(start, int) else (abs(start) * 1e-4 or 1e-3)
k = 0
for line in sys.stdin:
    out = []
    for _ in range(int(line)):
        k += 1
        value = start + (k + 1) // 2 * step * (1 if k % 2 else -1)
        value = int(value) if isinstance(start, int) else value
        began = time.process_time()
        doc.set(field, value)
        estimate_plan(doc.project, catalog, cache, search=False, layout=False, defer_charts=defer, **more)
        out.append((time.process_time() - began) * 1e3)
    print(" ".join(f"{ms:.4f}" for ms in out), flush=True)
'''


class Worker:
    def __init__(self, tree: Path, sample: str, field: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, SAMPLES[sample], field, SHOWN], cwd=tree,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def median_ms(self, edits: int) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{edits}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the worker stopped (see its error above)")
        return statistics.median(float(x) for x in line.split())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, help="the other tree (an export of another commit)")
    parser.add_argument("--sample", action="append", choices=sorted(SAMPLES), help="default: all five")
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--edits", type=int, default=5, help="edits per turn (their median is the turn's)")
    parser.add_argument("--field", default="", help="the field to edit (default: the one bench_ui edits)")
    args = parser.parse_args()
    for sample in args.sample or sorted(SAMPLES):
        field = args.field or FIELDS[sample]
        workers = {"old": Worker(args.old.resolve(), sample, field), "new": Worker(ROOT, sample, field)}
        try:
            for worker in workers.values():
                worker.median_ms(args.edits)  # warm: first imports, caches
            medians: dict[str, list[float]] = {"old": [], "new": []}
            ratios = []
            for pair in range(args.pairs):
                order = ("old", "new") if pair % 2 == 0 else ("new", "old")
                got = {name: workers[name].median_ms(args.edits) for name in order}
                for name, ms in got.items():
                    medians[name].append(ms)
                ratios.append(got["new"] / got["old"])
        finally:
            for worker in workers.values():
                worker.close()
        q1, _, q3 = statistics.quantiles(ratios, n=4)
        print(f"{sample} ({field}): old {statistics.median(medians['old']):.2f} ms, new "
              f"{statistics.median(medians['new']):.2f} ms of CPU per edit (median of {args.pairs} pair medians, "
              f"{args.edits} edits each); new/old per pair: median {statistics.median(ratios):.3f} "
              f"(quartiles {q1:.3f}, {q3:.3f})", flush=True)


if __name__ == "__main__":
    main()
