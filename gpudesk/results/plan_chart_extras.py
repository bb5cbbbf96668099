"""Charts that need a sweep of their own: scaling efficiency and serving curves."""

from __future__ import annotations

import math

import numpy as np

from gpudesk.catalog.store import Catalog
from gpudesk.core.explain import FigureSet
from gpudesk.core.inference import estimate_inference
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, resolve_model
from gpudesk.core.plan_workload import phase_hardware
from gpudesk.core.serving_load import serving_inputs
from gpudesk.project.model import Phase
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.sizing import BOTTLENECK
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS

CONCURRENCIES = 2.0 ** np.arange(0, 11)  # 1 … 1024 sequences in flight
SCALING_NOTE = ("Each point: per-GPU throughput over that at {base} GPUs, the smallest count the layout fits. "
                "Communication inside that group (tensor and pipeline parallel) is paid at every count: 100% means "
                "more data-parallel replicas add no cost, not a step without communication.")
SCALING_EXPOSED = "At the chosen layout, communication not hidden by compute: {exposed} s of each {step} s step."
"""What the scaling chart measures, beside the exposed communication the network page states (the bank pilot read
5.23 s of exposed communication per 34 s step beside a curve at ~100%: both right, measuring different things)."""
KV_FULL = "KV cache full at {value} sequences"
"""The serving chart's line where the engine can hold no more sequences per replica (``infer.max_concurrency_kv``)."""


def scaling_chart(phase: Phase, r: ResolvedPhase, figures: FigureSet,
                  sweep: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> ChartSpec | None:
    """Per-GPU throughput against GPU count for the plan's layout, from the sizing sweep (no second sweep)."""
    w = phase.workloads[0]
    if sweep is None or "train.tokens_per_s_per_gpu" not in figures:
        return None
    counts, per_gpu, codes = sweep
    valid = np.isfinite(per_gpu) & (per_gpu > 0)
    if valid.sum() < 2:
        return None
    base = per_gpu[valid][0]
    eff = 100.0 * per_gpu / base
    chosen = figures.number("train.in.n_gpus")
    chosen_eff = 100.0 * figures.number("train.tokens_per_s_per_gpu") / base
    tips = [f"{counted(int(n), 'GPU')}: {e:,.1f}% of per-GPU throughput at {counted(int(counts[valid][0]), 'GPU')}; "
            f"largest overhead {BOTTLENECK.name_of(str(c), 'en')}"
            for n, e, c in zip(counts[valid], eff[valid], codes[valid])]
    markers = [Marker(chosen, chosen_eff, "chosen layout", counted(int(chosen), "GPU"))] if math.isfinite(chosen) else []
    exposed, step = figures.number("train.exposed_comm_s"), figures.number("train.step_time_s")
    note = SCALING_NOTE.format(base=f"{int(counts[valid][0]):,}")
    if math.isfinite(exposed) and math.isfinite(step) and exposed > 0:
        note += "\n" + SCALING_EXPOSED.format(exposed=f"{exposed:,.3g}", step=f"{step:,.3g}")
    return ChartSpec(
        kind="scaling", title="Scaling efficiency", x_label="GPUs", y_label="Efficiency", y_unit="%", log_x=True,
        notes=note,
        series=[Series(f"{r.accelerator.name} TP{w.parallel.tp}×PP{w.parallel.pp}", list(counts[valid]),
                       list(eff[valid]), style="line", color_role="scaling", tooltips=tips)],
        hlines=[RefLine(80.0, "80% target", "target")], markers=markers,
    )


def _repeats(run: np.ndarray) -> list[int]:
    """Indices of the points that repeat an earlier point's sequences in flight (asked past the KV limit)."""
    return [i for i in range(1, run.size) if run[i] <= run[:i].max()]


def inference_chart(phase: Phase, r: ResolvedPhase, figures: FigureSet, catalog: Catalog) -> ChartSpec | None:
    w = phase.workloads[0]
    if w.kind not in LLM_SERVING_KINDS or "infer.tokens_per_s" not in figures:
        return None
    try:
        model = resolve_model(catalog, w, "")
    except PlanInputError:
        return None
    hw = phase_hardware(r, phase).take(
        np.zeros(CONCURRENCIES.size, dtype=int))
    sweep = estimate_inference(serving_inputs(  # the chart draws unloaded latencies: no queueing, no fewest-GPU search
        model, w, hw, 0.0, concurrency=CONCURRENCIES, tpot_target_s=0.0, e2e_target_s=0.0, queue=False,
        layout_search=False))
    tput = np.asarray(sweep["infer.tokens_per_s"], dtype=float)
    tpot = np.asarray(sweep["infer.tpot_s"], dtype=float) * 1000
    ttft_key = "infer.ttft_unloaded_s" if "infer.ttft_unloaded_s" in sweep else "infer.ttft_s"
    ttft = np.asarray(sweep[ttft_key], dtype=float) * 1000
    # sequences in flight: the asked count, or the KV limit where the cache holds fewer; past the limit the engine
    # runs no more sequences, so each curve ends at the limit (drawn at 128 … 1,024 asked, the bank launch's
    # throughput ran flat to 1,000 sequences where its KV cache holds 115)
    run = np.asarray(sweep["infer.concurrency"], dtype=float)
    ok = np.isfinite(tput) & np.isfinite(tpot) & (run >= 1) & ~np.isin(np.arange(run.size), _repeats(run))
    if ok.sum() < 2:
        return None
    x = list(run[ok])
    full = run < CONCURRENCIES - 0.5
    capped = [RefLine(float(run[full][0]), KV_FULL.format(value=f"{run[full][0]:,.0f}"), "capacity")] if full.any() else []
    planned = figures.number("infer.concurrency", 0.0)
    at = figures.number("infer.tokens_per_s")  # unknown where the replica cannot serve: no marker then
    # latency on a log scale: TPOT (tens of ms) and TTFT (up to seconds) share the panel, and on a linear axis the
    # bank launch's TPOT ran flat along the bottom under its 4,000 ms TTFT target, its own 60 ms target unreadable
    latency = np.concatenate([tpot[ok], ttft[ok]])
    return ChartSpec(
        kind="inference", title="Throughput and latency against concurrency", x_label="Concurrent sequences",
        y_label="Throughput", y_unit="tokens/s", y2_label="Latency", y2_unit="ms", log_x=True,
        log_y2=bool(np.all(np.isfinite(latency) & (latency > 0))),
        # each curve named as the figure tables name its figure (the legend read 'Tokens/s per replica', 'TPOT' and
        # 'TTFT' beside 'Output throughput per replica' … in the step's table)
        series=[Series(sweep.label("infer.tokens_per_s"), x, list(tput[ok]), style="line", color_role="throughput",
                       figure="infer.tokens_per_s"),
                Series(sweep.label("infer.tpot_s"), x, list(tpot[ok]), style="line", color_role="tpot", panel=1,
                       figure="infer.tpot_s"),
                Series(sweep.label(ttft_key), x, list(ttft[ok]), style="line", color_role="ttft", panel=1,
                       figure=ttft_key)],
        hlines=[RefLine(ms, f"{name} target {ms:,g} ms", "target", panel=1)  # 0: no target set
                for name, ms in (("TPOT", w.tpot_ms), ("TTFT", w.ttft_ms)) if ms > 0], vlines=capped,
        markers=[Marker(planned, at, "planned",
                        f"engine batch {planned:g}")] if 0 < planned <= CONCURRENCIES[-1] and math.isfinite(at) else [],
    )
