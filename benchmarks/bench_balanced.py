"""How long an edit to a serving plan with the ADP balancer takes: the phase's estimate and its configuration search.

Run: .venv/bin/python benchmarks/bench_balanced.py [--rounds N] [--tree PATH]
     (or: .venv/bin/python -m benchmarks balanced)

The plan: DeepSeek-V3 on H200 (FP8, attention data-parallel 8 x EP8), 1,000 + 1,000 tokens, TTFT 1 s at P50 and
3 s at P99, TPOT 50 ms, with ``attention_dp_balance`` on. Each round is an edit as the window makes it: the peak
rate takes a value the plan has not held (2 + round/1000 requests/s: no estimate or search is a cache hit), then
``results.pipeline.estimate_plan(search=False)`` and ``run_search`` (the search every accelerator × precision ×
layout × batch goes through, the balanced rate search in it: core/server_held_rate.py) run; CPU time of the process
(``time.process_time``, numpy single-threaded), median of the rounds after one warm-up. Measured at the balancer's
timeout / batching wait 500 / 10 (the v5.1 B200 Offline config's), 50 / 10 (TensorRT-LLM's defaults) and 6 / 2,
against the same plan with the balancer off in the same run (the ratio: what the hold costs the edit). Target
(speed-23): < 2 s at 500 / 10. ``--tree PATH``: import gpudesk from another source tree (to time a commit before).
Not included: opening the catalog, pricing what the search shows, drawing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 2.0
SETTINGS = ((500, 10), (50, 10), (6, 2), None)  # None: the balancer off (the baseline)


def _plan(project_cls: type, balancer: tuple[int, int] | None, rate: float) -> object:
    project = project_cls()
    phase = project.phases[0]
    w = phase.workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.ep = "llm_inference", "deepseek-v3", 1, 8
    w.prompt_tokens, w.output_tokens, w.peak_requests_per_s = 1000, 1000, rate
    w.ttft_ms, w.ttft_p50_ms, w.tpot_ms, w.latency_percentile = 3000.0, 1000.0, 50.0, "p99"
    w.compute_dtype = w.weight_dtype = w.kv_dtype = "fp8"
    w.attention_dp_balance = balancer is not None
    if balancer is not None:
        w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters = balancer
    phase.hardware.accelerator_id = "h200-sxm"
    return project


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    sys.path[:0] = [str(args.tree.resolve()), str(ROOT)]
    from benchmarks._common import result
    from gpudesk.catalog.store import Catalog
    from gpudesk.project.model import Project
    from gpudesk.results.pipeline import estimate_plan, run_search

    catalog = Catalog.open()
    edits = iter(range(1, 10_000))
    medians: dict[object, float] = {}
    for balancer in SETTINGS:
        cpu = []
        for _ in range(args.rounds + 1):  # the first a warm-up
            project = _plan(Project, balancer, 2.0 + next(edits) / 1000)
            started = time.process_time()
            found = run_search(estimate_plan(project, catalog, search=False).phases[0], catalog)
            cpu.append(time.process_time() - started)
        medians[balancer] = statistics.median(cpu[1:])
        assert found is not None and found.recommended is not None
        name = "balancer off" if balancer is None else f"balancer {balancer[0]}/{balancer[1]}"
        print(f"{name}: CPU median {medians[balancer]:.2f} s (min {min(cpu[1:]):.2f}) over {args.rounds} edits, "
              f"{found.total:,} configurations, {found.feasible:,} feasible; recommended "
              f"{found.recommended.accelerator_name} × {found.recommended.gpus}", flush=True)
    off = medians[None]
    for balancer in SETTINGS[:-1]:
        figure = medians[balancer]
        result("bench_balanced", f"edit → estimate + search, balancer {balancer[0]}/{balancer[1]}",
               f"{figure:.2f} s CPU", f"{figure / max(off, 1e-9):.1f}× the balancer off ({off:.2f} s)",
               "< 2 s" if balancer == (500, 10) else "", figure < TARGET_S if balancer == (500, 10) else None,
               f"median of {args.rounds} edits (a new peak rate each), estimate_plan + run_search, CPU time; "
               "without the catalog, pricing and drawing")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
