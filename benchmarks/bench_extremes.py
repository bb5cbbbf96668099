"""Bounded cost: every valid plan estimates in under 2 s and 500 MB, however extreme its inputs.

Plans are generated from the declared bounds (``gpudesk/project/model.py`` field metadata), so a field added
to the model is pushed to its limits here without a change:

* ``values``: one workload of each kind (with a model that suits it) on several accelerators, every numeric
  workload and parallelism field at its maximum, or at its minimum, with ``hardware.nodes`` at 0 (sized by
  gpudesk) and at its maximum;
* ``shape``: the largest plan the bounds allow — the maximum number of phases, each with the maximum number of
  workloads of the most expensive kinds;
* ``mix``: seeded random plans whose every numeric field is its minimum, its maximum or their midpoint.

Each plan is estimated with ``estimate_plan`` (what opening a plan in the window does) and timed in CPU
seconds of this process (the machine is shared: wall time is printed beside it) and by wall clock; the peak
resident memory of the whole run bounds every plan's. Refused plans (a clear message: a model that cannot
serve a kind, a context the model lacks) are counted, not timed. The baseline is the largest shipped sample,
estimated in the same run. A missed bound is reported (``BENCH_RESULT``), as the other benchmarks do.

Run: ``python benchmarks/bench_extremes.py`` (or ``python -m benchmarks extremes``).
"""

from __future__ import annotations

import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._common import largest_sample, result, times  # noqa: E402

TARGET_CPU_S = 2.0
TARGET_RSS_MB = 500.0
ACCELERATORS = ("h100-sxm", "l40s", "mi300x", "gb200")
MODEL_FOR_KIND = {
    "pretrain": "llama-3.1-405b", "finetune_full": "llama-3.1-70b", "finetune_lora": "deepseek-v3",
    "finetune_qlora": "qwen3-235b-a22b", "llm_inference": "deepseek-v3", "vision_train": "vit-l-16",
    "vision_inference": "yolov8-l", "diffusion_inference": "flux-1-dev", "recsys_inference": "dlrm-dcnv2",
    "embedding_inference": "bert-large", "rendering_vdi": "llama-3.1-8b", "agent_hosting": "qwen3-235b-a22b",
}
HEAVY_KINDS = ("llm_inference", "pretrain", "finetune_full", "agent_hosting", "finetune_lora")
MIX_PLANS = 120


def _numeric_fields(cls: type) -> list[tuple[str, dict[str, Any], str]]:
    from gpudesk.project.field_shapes import fields_of

    return [(s.name, s.meta, s.shape.kind) for s in fields_of(cls) if s.shape.kind in ("int", "float")]


def _at(meta: dict[str, Any], kind: str, where: str) -> float | int:
    lo, hi = meta["min"], meta["max"]
    value = {"max": hi, "min": lo, "mid": (lo + hi) / 2}[where]
    return int(value) if kind == "int" else float(value)


def _workload(kind: str, where: str, context: dict[str, int], rng: random.Random | None = None) -> dict[str, Any]:
    """Every numeric field at ``where`` (or, with ``rng``, each at its min, max, midpoint or default); token
    counts within the model's context, the one bound that needs the model (at most half of it for the prompt)."""
    from gpudesk.project.field_shapes import fields_of
    from gpudesk.project.model import Parallelism, Workload

    defaults = {s.name: s.default for cls in (Workload, Parallelism) for s in fields_of(cls)}

    def value(name: str, meta: dict[str, Any], k: str) -> float | int:
        choice = rng.choice(("min", "max", "mid", "default")) if rng is not None else where
        return defaults[name] if choice == "default" else _at(meta, k, choice)

    model = MODEL_FOR_KIND[kind]
    out: dict[str, Any] = {"kind": kind, "model_id": model}
    out.update({name: value(name, meta, k) for name, meta, k in _numeric_fields(Workload)})
    out["parallel"] = {name: value(name, meta, k) for name, meta, k in _numeric_fields(Parallelism)}
    ctx = context.get(model, 0)
    if ctx > 1:
        out["prompt_tokens"] = max(1, min(out["prompt_tokens"], ctx // 2))
        out["output_tokens"] = max(1, min(out["output_tokens"], ctx - out["prompt_tokens"]))
        out["seq_len"] = max(1, min(out["seq_len"], ctx))
    return out


def _max_items(cls: type, name: str) -> int:
    from gpudesk.project.field_shapes import fields_of

    return int(next(s.meta["max_items"] for s in fields_of(cls) if s.name == name))


def generated_plans(context: dict[str, int]) -> list[tuple[str, str, dict[str, Any]]]:
    from gpudesk.project.model import WORKLOAD_KINDS, Hardware, Phase, Project

    nodes_max = int(next(m for n, m, _k in _numeric_fields(Hardware) if n == "nodes")["max"])
    plans = []
    for kind in WORKLOAD_KINDS:
        for acc in ACCELERATORS:
            for where in ("max", "min"):
                for nodes in (0, nodes_max):
                    phase = {"workloads": [_workload(kind, where, context)], "hardware": {"accelerator_id": acc, "nodes": nodes}}
                    plans.append(("values", f"{kind} on {acc}, all {where}, nodes {nodes}",
                                  {"schema_version": 2, "phases": [phase]}))
    phases, workloads = _max_items(Project, "phases"), _max_items(Phase, "workloads")
    for label, nodes in (("sized by gpudesk", 0), ("nodes at maximum", nodes_max)):
        body = [{"name": f"P{p + 1}", "start_month": 6 * p, "hardware": {"accelerator_id": "h100-sxm", "nodes": nodes},
                 "workloads": [{"kind": HEAVY_KINDS[(p + w) % len(HEAVY_KINDS)],
                                "model_id": MODEL_FOR_KIND[HEAVY_KINDS[(p + w) % len(HEAVY_KINDS)]], "agents": 1000}
                               for w in range(workloads)]} for p in range(phases)]
        plans.append(("shape", f"{phases} phases x {workloads} workloads, {label}", {"schema_version": 2, "phases": body}))
    rng = random.Random(20261201)
    for i in range(MIX_PLANS):
        count = rng.randint(1, 3)
        body = [{"workloads": [_workload(rng.choice(WORKLOAD_KINDS), "mid", context, rng)
                               for _ in range(rng.randint(1, 3))],
                 "hardware": {"accelerator_id": rng.choice(ACCELERATORS), "nodes": rng.choice((0, 1, 64, nodes_max))}}
                for _ in range(count)]
        plans.append(("mix", f"random extreme plan {i + 1}", {"schema_version": 2, "phases": body}))
    return plans


def main() -> int:
    from gpudesk.catalog.store import Catalog
    from gpudesk.project.errors import ProjectValidationError
    from gpudesk.project.io import load_project
    from gpudesk.project.schema import project_from_dict
    from gpudesk.results.pipeline import PlanInputError, estimate_plan

    catalog = Catalog.open()
    estimate_plan(project_from_dict({"schema_version": 2}), catalog)  # imports and caches are start-up cost
    sample = load_project(largest_sample()).project
    sample_cpu = []
    for _ in range(3):  # the baseline: the largest shipped sample, estimated in the same run
        started = time.process_time()
        estimate_plan(sample, catalog)
        sample_cpu.append(time.process_time() - started)
    baseline_cpu = min(sample_cpu)
    baseline_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    results: dict[str, list[tuple[float, float, str]]] = {}
    refused: dict[str, int] = {}
    plans = generated_plans({m.id: m.max_context for m in catalog.models()})
    for group, label, data in plans:
        try:
            project = project_from_dict(data)
        except ProjectValidationError as exc:  # a generated plan outside the bounds is a bug of this benchmark
            print(f"INVALID {label}: {exc.problems[0]}")
            return 1
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            estimate_plan(project, catalog)
        except PlanInputError:
            refused[group] = refused.get(group, 0) + 1
            continue
        results.setdefault(group, []).append((time.process_time() - cpu, time.perf_counter() - wall, label))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worst_cpu = 0.0
    print(f"{len(plans)} generated plans; peak RSS {peak_mb:.0f} MB for the whole run (after start-up: "
          f"{baseline_mb:.0f} MB)")
    for group in ("values", "shape", "mix"):
        rows = sorted(results.get(group, []), reverse=True)
        if not rows:
            continue
        worst_cpu = max(worst_cpu, rows[0][0])
        median = rows[len(rows) // 2][0]
        print(f"  {group:<7} {len(rows):>4} estimated, {refused.get(group, 0):>3} refused; CPU median {median:.3f} s, "
              f"max {rows[0][0]:.3f} s (wall {rows[0][1]:.3f} s): {rows[0][2]}")
    slowest = sorted((r for rows in results.values() for r in rows), reverse=True)[:3]
    for cpu_s, wall_s, label in slowest:
        project = project_from_dict(next(d for _g, lab, d in plans if lab == label))
        tracemalloc.start()
        estimate_plan(project, catalog)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  slowest: {cpu_s:.3f} s CPU, {wall_s:.3f} s wall, {peak / 1e6:.0f} MB allocated at peak: {label}")
    worst_wall = max((r[1] for rows in results.values() for r in rows), default=0.0)
    estimated = sum(len(rows) for rows in results.values())
    result("bench_extremes", f"estimate, worst of {estimated} extreme plans ({sum(refused.values())} refused)",
           f"{worst_cpu:.2f} s CPU ({worst_wall:.2f} s wall)",
           times(worst_cpu / baseline_cpu, f"the {largest_sample().stem} sample ({baseline_cpu:.3f} s CPU)"),
           f"< {TARGET_CPU_S:g} s", worst_cpu < TARGET_CPU_S,
           includes="estimate_plan only (what opening a plan does); excludes imports, parsing and the proposal")
    result("bench_extremes", "peak memory of the whole run", f"{peak_mb:.0f} MB",
           times(peak_mb / baseline_mb, f"after start-up ({baseline_mb:.0f} MB)"), f"< {TARGET_RSS_MB:g} MB",
           peak_mb < TARGET_RSS_MB, includes="resident set of the process at its peak, imports and catalog included")
    ok = worst_cpu < TARGET_CPU_S and peak_mb < TARGET_RSS_MB
    print(f"bench_extremes: worst {worst_cpu:.3f} s CPU (target < {TARGET_CPU_S:g} s), peak {peak_mb:.0f} MB "
          f"(target < {TARGET_RSS_MB:g} MB) — {'OK' if ok else 'OVER THE BOUND'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
