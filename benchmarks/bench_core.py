"""How fast the estimation core sizes configurations: the full chain, in a batch and one at a time.

Run: .venv/bin/python benchmarks/bench_core.py [--no-peer]   (or: .venv/bin/python -m benchmarks core)

1. Builds a sweep of 122,880 training configurations (5 accelerators × GPU counts × tp × pp ×
   micro-batch × ZeRO stage × sequence length × global batch) for Llama 2 7B and pushes all of them
   through the full chain at once: hardware columns, the complete memory estimate (``estimate_memory``
   with ``limits=True``: fit, max micro-batch, max context and the ``mem.min_gpus`` layout search),
   step time (``estimate_training``) and the scaling view (per-GPU efficiency of each configuration
   against the best one at the same hardware and sequence length). Prints configurations per second
   on one core and the ratio to the 3,000,000/s target (issue 24). Not included: building the sweep's
   input arrays, reading a catalog (the records are built in code), checks and explanations
   (the FigureSet's formulas are built once per call, not per configuration), and the step's bottleneck codes (a flat
   batch chooses them when first read; no search reads them). The process first makes the
   allocator setting the search processes make (``gpudesk.process_heap.keep_freed_memory``: freed memory kept
   for the next batch, so its arrays are not faulted in again).
2. In the same run, interleaved round by round (the machine is noisy): the sweep fast path
   (``limits=False``: fit only, no limits or layout search; what a sweep that only needs the fit
   uses) and the layout search run on every candidate (the pre-de-duplication path), with the
   time ratios.
3. One configuration at a time through the same full chain (arrays of length 1), for the
   configurations sampled for the peer below: median time per configuration.
4. Times llm-analysis 0.2.2 (PyPI), installed in ``benchmarks/.venv-peers`` (created here when
   missing), on that sample (its ``train`` entry point, Llama 2 7B, A100/H100 SXM 80GB; only layouts
   it accepts: whole data-parallel degree and global batch, sequence below the model's 4,096
   context) and prints the per-configuration ratios llm-analysis / gpudesk, for one configuration
   and in a batch. When the peer cannot be installed (offline machine), says so and skips that part.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._common import median, p90, result  # noqa: E402
from benchmarks.core_peer import peer_python, peer_sample, time_peer  # noqa: E402
from gpudesk.catalog.records import Accelerator, ModelArch, Provenance  # noqa: E402
from gpudesk.core import memory as memory_module  # noqa: E402
from gpudesk.core.flat_keys import codes_shared  # noqa: E402
from gpudesk.core.hardware import HardwareArrays  # noqa: E402
from gpudesk.core.memory import MemoryInputs, estimate_memory  # noqa: E402
from gpudesk.core.memory_budget import search_min_gpus  # noqa: E402
from gpudesk.core.training import estimate_training  # noqa: E402
from gpudesk.core.training_inputs import TrainingInputs  # noqa: E402
from gpudesk.process_heap import freed_memory_kept, keep_freed_memory  # noqa: E402

TARGET_PER_S = 3_000_000  # issue 24: the full chain, per configuration in a batch, on one core
ROUNDS = 5
_FACTS = Provenance(source="shared/reference/hardware-facts.md 4A/4C")

ACCELERATORS = [
    Accelerator(id="a100-sxm-80gb", name="A100 SXM 80GB", vendor="nvidia", family="nvidia-ampere", memory_gb=80,
                memory_type="HBM2e", mem_bw_gbs=2039, bf16_tflops=312, scaleup_link="NVLink3", scaleup_bw_gbs=300,
                scaleup_domain=8, pcie_gen=4, provenance=_FACTS),
    Accelerator(id="h100-sxm", name="H100 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80,
                memory_type="HBM3", mem_bw_gbs=3350, bf16_tflops=989, fp8_tflops=1979, scaleup_link="NVLink4",
                scaleup_bw_gbs=450, scaleup_domain=8, pcie_gen=5, provenance=_FACTS),
    Accelerator(id="b200", name="B200", vendor="nvidia", family="nvidia-blackwell", memory_gb=180,
                memory_type="HBM3e", mem_bw_gbs=8000, bf16_tflops=2250, fp8_tflops=4500, scaleup_link="NVLink5",
                scaleup_bw_gbs=900, scaleup_domain=8, pcie_gen=5, provenance=_FACTS),
    Accelerator(id="mi300x", name="MI300X", vendor="amd", family="amd-cdna3", memory_gb=192, memory_type="HBM3",
                mem_bw_gbs=5300, bf16_tflops=1307.4, scaleup_link="XGMI", scaleup_bw_gbs=448, scaleup_domain=8,
                pcie_gen=5, provenance=_FACTS),
    Accelerator(id="l40s", name="L40S", vendor="nvidia", family="nvidia-ada", memory_gb=48, memory_type="GDDR6",
                mem_bw_gbs=864, bf16_tflops=362.05, scaleup_link="none", pcie_gen=4, provenance=_FACTS),
]
LLAMA2_7B = ModelArch(id="llama-2-7b", name="Llama 2 7B", kind="decoder", params_total=6.74e9, n_layers=32,
                      hidden=4096, n_heads=32, n_kv_heads=32, head_dim=128, ffn_hidden=11008, vocab=32000,
                      attention="mha", max_context=4096,
                      provenance=Provenance(source="meta-llama/Llama-2-7b-hf config.json"))


SWEEP_AXES = {  # the axis with the most values last: numpy's inner loops run along the last axis of a grid
    "hw": np.arange(len(ACCELERATORS)),
    "seq": np.array([2048, 4096, 8192], dtype=float),
    "zero": np.array([0, 1, 2, 3], dtype=float),
    "mb": np.array([1, 2, 4, 8], dtype=float),
    "pp": np.array([1, 2, 4, 8], dtype=float),
    "tp": np.array([1, 2, 4, 8], dtype=float),
    "gb": np.array([256, 512, 1024, 2048], dtype=float),
    "n": np.array([8, 16, 32, 64, 128, 256, 512, 1024], dtype=float),
}
SEQ_AXIS = list(SWEEP_AXES).index("seq")
RUNS_MIN_ROWS = 4096  # best_per_group by runs from this many rows (below, the runs' own calls cost more than they save)


def build_sweep() -> dict[str, np.ndarray]:
    """Every configuration as one row of flat arrays (any list of configurations looks like this)."""
    grids = np.meshgrid(*SWEEP_AXES.values(), indexing="ij")
    return {k: g.ravel() for k, g in zip(SWEEP_AXES, grids)}


def build_grid() -> dict[str, np.ndarray]:
    """The same configurations as a grid: each input on its own axis (``np.ix_``), so the chain computes each
    part on the axes it reads and broadcasts (the figures are the flat sweep's, reshaped)."""
    return dict(zip(SWEEP_AXES, np.ix_(*SWEEP_AXES.values())))


def run_chain(sweep: dict[str, np.ndarray], timings: dict[str, float] | None = None,
              limits: bool = False) -> dict[str, np.ndarray]:
    """Hardware + memory + time + scaling view for every configuration, as arrays (flat or grid, as given).

    ``limits=False`` is the sweep fast path (fit only); ``True`` adds the limit figures and ``mem.min_gpus``.
    """
    marks = [time.perf_counter()]
    hw = HardwareArrays.from_accelerators(ACCELERATORS).take(sweep["hw"])
    marks.append(time.perf_counter())
    dp = np.divide(sweep["n"], sweep["tp"] * sweep["pp"])  # d = max(⌊n / (t·p)⌋, 1): two new arrays, not four
    np.floor(dp, out=dp)
    np.maximum(dp, 1.0, out=dp)
    with codes_shared():  # as the search does: a column both models read is coded once (core/flat_keys.py)
        mem = estimate_memory(MemoryInputs(
            model=LLAMA2_7B, mode="train", gpu_memory_gb=hw.memory_gb, seq_len=sweep["seq"], micro_batch=sweep["mb"],
            tp=sweep["tp"], pp=sweep["pp"], dp=dp, zero_stage=sweep["zero"],
            recompute="selective", gpus_per_node=8, limits=limits))
        marks.append(time.perf_counter())
        train = estimate_training(TrainingInputs(
            model=LLAMA2_7B, hardware=hw, n_gpus=sweep["n"], tp=sweep["tp"], pp=sweep["pp"],
            micro_batch=sweep["mb"], global_batch=sweep["gb"], seq_len=sweep["seq"], zero_stage=sweep["zero"],
            recompute="selective", train_tokens=1e11,
            figures_in_blocks=not freed_memory_kept()))  # as the search processes decide (results/pipeline.py)
    marks.append(time.perf_counter())
    fits = np.asarray(mem["mem.fits"]) > 0.5
    per_gpu = np.where(fits, train["train.tokens_per_s_per_gpu"], np.nan)
    if per_gpu.ndim > 1:  # a grid: the best per accelerator and sequence length is a reduction over the other axes
        best = np.fmax.reduce(per_gpu, axis=tuple(a for a in range(per_gpu.ndim) if a not in (0, SEQ_AXIS)),
                              keepdims=True)
        efficiency = per_gpu / best
    else:
        efficiency = per_gpu / best_per_group(per_gpu, sweep["hw"], sweep["seq"])
    marks.append(time.perf_counter())
    if timings is not None:
        for name, a, b in zip(("hardware", "memory", "time", "scaling"), marks, marks[1:]):
            timings[name] = min(timings.get(name, float("inf")), b - a)
    result = {"fits": fits, "tokens_per_s_per_gpu": per_gpu, "scaling_efficiency": efficiency,
              "step_time_s": train["train.step_time_s"]}
    if limits:
        result["min_gpus"] = np.asarray(mem["mem.min_gpus"])
    return result


def best_per_group(per_gpu: np.ndarray, hw: np.ndarray, seq: np.ndarray) -> np.ndarray:
    """Each row's best ``per_gpu`` (NaN ignored) among the rows of its accelerator and sequence length, for flat rows in
    any order: taken in runs of rows of one (accelerator, sequence length) (a sweep's rows come in a few long runs),
    the best of each run (``np.fmax.reduceat``), then of each group over its runs, then each run's group best repeated
    along it (a copy, where a gather per row by its group cost ~4x: issue 24 part 24). A maximum is the same whatever
    the order it is taken in."""
    if per_gpu.size < RUNS_MIN_ROWS:  # a few rows: each row's group and a gather
        group = hw * 10  # + the sequence length's place among the sweep's (np.searchsorted's, by comparisons)
        for length in SWEEP_AXES["seq"][:-1]:
            group += seq > length
        best = np.full(group.max() + 1, np.nan)
        np.fmax.at(best, group, per_gpu)
        return np.asarray(best[group])
    change = hw[1:] != hw[:-1]
    change |= seq[1:] != seq[:-1]
    starts = np.flatnonzero(change)
    starts += 1
    starts = np.concatenate((np.zeros(1, dtype=starts.dtype), starts))
    group = hw[starts] * 10  # + the sequence length's place among the sweep's (np.searchsorted's, by comparisons)
    for length in SWEEP_AXES["seq"][:-1]:
        group += seq[starts] > length
    best = np.full(group.max() + 1, np.nan)
    np.fmax.at(best, group, np.fmax.reduceat(per_gpu, starts))
    return np.repeat(best[group], np.diff(starts, append=per_gpu.size))


@contextlib.contextmanager
def layout_search_on_every_candidate():
    """Swap estimate_memory's de-duplicated layout search for the search on every candidate (the old path)."""
    deduplicated = memory_module.min_gpus
    memory_module.min_gpus = search_min_gpus
    try:
        yield
    finally:
        memory_module.min_gpus = deduplicated


def time_variants(sweep: dict[str, np.ndarray], grid: dict[str, np.ndarray], rounds: int = ROUNDS
                  ) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Best wall time of each chain variant (``full_cpu``, ``grid_cpu``: the best CPU time of the process for the
    full chain on the flat sweep and on the grid); stage times of both. The flat variants run round-robin; the grid
    runs its rounds one after another afterwards, as a program sweeping grids would (after a flat run has freed
    its ~100 MB of figures, the allocator hands the grid's arrays fresh pages: a third more CPU time here)."""
    stages: dict[str, dict[str, float]] = {"full": {}, "grid": {}}
    best = {"full": float("inf"), "grid": float("inf"), "fast": float("inf"), "every": float("inf")}
    cpu = {"full": float("inf"), "grid": float("inf")}
    for name in [*[n for n in best if n != "grid"] * rounds, *["grid"] * (rounds + 1)]:
        start, start_cpu = time.perf_counter(), time.process_time()
        if name == "every":
            with layout_search_on_every_candidate():
                run_chain(sweep, limits=True)
        elif name == "grid":
            run_chain(grid, stages["grid"], limits=True)
        else:
            run_chain(sweep, stages["full"] if name == "full" else None, limits=name == "full")
        best[name] = min(best[name], time.perf_counter() - start)
        if name in cpu:
            cpu[name] = min(cpu[name], time.process_time() - start_cpu)
    return {**best, "full_cpu": cpu["full"], "grid_cpu": cpu["grid"]}, stages


def one_at_a_time(sweep: dict[str, np.ndarray], picks: np.ndarray, cpu: list[float] | None = None) -> list[float]:
    """Seconds per configuration, each through the full chain alone (arrays of length 1); ``cpu`` receives
    each one's CPU seconds."""
    seconds = []
    for i in picks:
        single = {key: values[i:i + 1] for key, values in sweep.items()}
        start, start_cpu = time.perf_counter(), time.process_time()
        run_chain(single, limits=True)
        seconds.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
    return seconds


def check_paths_agree(sweep: dict[str, np.ndarray], grid: dict[str, np.ndarray]) -> None:
    """The paths must give the same fit, throughput and layout search answers; the grid the flat sweep's."""
    fast = run_chain(sweep)
    full = run_chain(sweep, limits=True)
    on_grid = run_chain(grid, limits=True)
    with layout_search_on_every_candidate():
        every = run_chain(sweep, limits=True)
    for key in ("fits", "tokens_per_s_per_gpu", "scaling_efficiency"):
        assert np.array_equal(fast[key], full[key], equal_nan=True), key
    for key, flat in full.items():
        assert np.array_equal(np.broadcast_to(on_grid[key], flat_shape()).ravel(), flat, equal_nan=True), key
    assert np.array_equal(full["min_gpus"], every["min_gpus"], equal_nan=True), "min_gpus"


def flat_shape() -> tuple[int, ...]:
    return tuple(len(values) for values in SWEEP_AXES.values())


def main() -> None:
    # the chain as the search processes run it (gpudesk estimate|report|compare make this setting at start)
    kept = keep_freed_memory()
    print(f"allocator: {'freed memory kept (gpudesk.process_heap, as the search processes run)' if kept else 'defaults'}")
    sweep, grid = build_sweep(), build_grid()
    n = sweep["n"].size
    check_paths_agree(sweep, grid)  # also the warm-up
    best, stages = time_variants(sweep, grid)
    result_ = run_chain(sweep, limits=True)
    full = best["full"]
    rate, cpu_rate = n / full, n / best["full_cpu"]
    print(f"gpudesk full chain (hardware + complete memory estimate + time + scaling): {n:,} configurations in "
          f"{full:.3f} s = {rate:,.0f} configurations/s on one core ({int(result_['fits'].sum()):,} fit in memory); "
          f"CPU time of the process {best['full_cpu']:.3f} s = {cpu_rate:,.0f}/s")
    print(f"  against the {TARGET_PER_S:,}/s target: {rate / TARGET_PER_S:.2f}x (CPU time: {cpu_rate / TARGET_PER_S:.2f}x)")
    for name, secs in stages["full"].items():
        print(f"  {name:8s} {secs:.3f} s = {n / secs:,.0f} configurations/s ({secs / full:.0%} of the chain)")
    grid_rate, grid_cpu_rate = n / best["grid"], n / best["grid_cpu"]
    print(f"the same configurations as a grid (each input on its own axis; identical figures checked): "
          f"{best['grid']:.3f} s = {grid_rate:,.0f}/s; CPU {best['grid_cpu']:.3f} s = {grid_cpu_rate:,.0f}/s "
          f"({grid_cpu_rate / TARGET_PER_S:.2f}x the target in CPU time)")
    for name, secs in stages["grid"].items():
        print(f"  {name:8s} {secs:.3f} s ({secs / best['grid']:.0%} of the chain)")
    print(f"sweep fast path (limits=False: fit only, no limits or layout search): {best['fast']:.3f} s = "
          f"{n / best['fast']:,.0f}/s; the full chain takes {full / best['fast']:.2f}x as long")
    print(f"full chain with the layout search on every candidate (old path): {best['every']:.3f} s = "
          f"{n / best['every']:,.0f}/s; the de-duplicated search is {best['every'] / full:.1f}x faster "
          "(identical results checked)")
    pick = peer_sample(sweep, [a.id for a in ACCELERATORS], LLAMA2_7B.max_context)
    single_cpu: list[float] = []
    single = one_at_a_time(sweep, pick, single_cpu)
    print(f"one configuration at a time through the full chain ({len(pick)} configurations): median "
          f"{median(single) * 1e3:.3f} ms (CPU {median(single_cpu) * 1e3:.3f} ms), p90 {p90(single) * 1e3:.3f} ms = "
          f"{1 / median(single):,.0f}/s; "
          f"in the batch each takes {full / n * 1e6:.3f} µs ({median(single) / (full / n):,.0f}x less)")
    batch_ratio = single_ratio = ""
    python = peer_python() if "--no-peer" not in sys.argv else None
    peer = time_peer(python, sweep, pick, [a.id for a in ACCELERATORS]) if python is not None else None
    if peer is not None:
        peer_per = peer["seconds"] / peer["configs"]
        print(f"llm-analysis 0.2.2 train(): {peer['configs']} sampled configurations "
              f"({peer['failed']} raised) at {peer_per * 1e3:.3f} ms each")
        print(f"per-configuration time ratio llm-analysis / gpudesk: one configuration {peer_per / median(single):,.2f}x "
              f"(gpudesk takes {median(single) / peer_per:,.1f}x as long), in the batch {peer_per / (full / n):,.0f}x")
        single_ratio = f"{median(single) / peer_per:,.1f}× llm-analysis's {peer_per * 1e3:.2f} ms per configuration"
        batch_ratio = f"; llm-analysis takes {peer_per / (full / n):,.0f}× as long per configuration"
    chain = "hardware, complete memory estimate (fit, max batch, max context, min GPUs), step time, scaling view"
    result("bench_core", f"full chain, batch of {n:,} configurations",
           f"{rate / 1e6:.2f} M configurations/s (CPU time: {cpu_rate / 1e6:.2f} M/s)",
           f"{rate / TARGET_PER_S:.2f}× the 3 M/s target{batch_ratio}", "≥ 3 M/s on one core",
           rate >= TARGET_PER_S, f"{chain}; one vectorised call, Llama 2 7B; best of {ROUNDS} (wall; CPU time of the "
           "process beside it); excludes catalog reading and checks")
    result("bench_core", f"full chain, the same {n:,} configurations as a grid",
           f"{grid_rate / 1e6:.2f} M configurations/s (CPU time: {grid_cpu_rate / 1e6:.2f} M/s)",
           f"{grid_rate / TARGET_PER_S:.2f}× the 3 M/s target (CPU time: {grid_cpu_rate / TARGET_PER_S:.2f}×)",
           "≥ 3 M/s on one core", grid_rate >= TARGET_PER_S,
           f"{chain}; the sweep's inputs on separate axes (np.ix_), so each part is computed on the axes it reads; "
           f"figures identical to the flat batch; best of {ROUNDS}")
    result("bench_core", "full chain, one configuration",
           f"{median(single) * 1e3:.2f} ms (CPU {median(single_cpu) * 1e3:.2f} ms)",
           single_ratio or f"batch is {median(single) / (full / n):,.0f}× faster per configuration",
           includes=f"{chain}; arrays of length 1, median of {len(pick)}")


if __name__ == "__main__":
    main()
