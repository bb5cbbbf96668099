"""LLM serving: TTFT, TPOT, throughput, KV limit, queueing and replicas.

Step times come from :mod:`gpudesk.core.inference_step` (roofline with
calibrated efficiencies); queueing from :mod:`gpudesk.core.inference_queue`.

* continuous batching at concurrency C: one iteration decodes C sequences
  at the mean context (prompt + output/2) and, on average, prefills C/O new
  prompts (chunked prefill shares the weight stream):
  t_iter = t_decode(C) + (C/O)·t_prefill_compute(prompt). TPOT = t_iter,
  tokens/s = C / t_iter.
* static batching (offline benchmarks such as TensorRT-LLM's
  gptSessionBenchmark): B·O / (t_prefill(B·prompt) + O·t_decode(B)).
* C is capped by the KV cache that fits (``mem.max_concurrency`` of the
  memory model) and, when a TPOT target is set, by the largest C meeting it.
* replicas = ⌈request rate / highest rate per replica meeting the TTFT P50
  and P99 targets⌉; GPUs = replicas × GPUs per replica. Disaggregated
  serving sizes a prefill pool and a decode pool separately and adds the
  KV-cache transfer over the scale-out network to TTFT.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.constants import DECODE_KERNELS_PER_LAYER, KERNEL_BOUNDARY_S
from gpudesk.core.constants import serving as SV
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_queue import max_rate, wait_quantile
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.model_math import kv_cache_bytes
from gpudesk.vocabulary.precision import serving_math as weights_math
from gpudesk.vocabulary.sizing import BOTTLENECK

BATCHING = ("continuous", "separate_prefill", "static", "disaggregated")
SCENARIOS = ("server", "offline", "interactive")


def serving_math(weight_dtype: str, compute_dtype: str | None) -> str:
    """The format a serving replica's GEMMs run in: the one given, else the weight format's (int4 weight-only: bf16)."""
    return compute_dtype or weights_math(weight_dtype)


@dataclass(frozen=True)
class InferenceInputs:
    model: ModelArch
    hardware: HardwareArrays
    weight_dtype: str = "bf16"
    kv_dtype: str = "bf16"
    compute_dtype: str | None = None  # None: the weight format's math (int4 weight-only runs bf16 math)
    prompt_tokens: Any = 1024
    output_tokens: Any = 256
    concurrency: Any = 32  # sequences in flight per replica (upper bound)
    tp: Any = 1
    pp: Any = 1
    ep: Any = 1
    request_rate: Any = 0.0  # requests/s at peak, all replicas together
    ttft_target_s: Any = 1.0  # P50
    ttft_p99_target_s: Any = 3.0
    tpot_target_s: Any = 0.0  # 0 = no TPOT target
    batching: str = "continuous"  # continuous | separate_prefill | static | disaggregated
    disaggregated: bool = False  # also set by batching = "disaggregated"
    scenario: str = "server"  # server | offline (no latency targets) | interactive (TPOT binds)
    serving_fraction: float | None = None  # memory share the engine may use; None = SERVING_MEMORY_FRACTION
    calibration: CalibrationScales | None = None  # pilot-fitted efficiency scales (core/calibration_hook.py)
    queue: bool = True  # False: no queueing figures (rates, replicas, loaded TTFT), for sweeps that read none
    layout_search: bool = True  # False: no mem.min_gpus (the fewest GPUs for one replica), for sweeps that read none


def _largest_concurrency(rep: ReplicaModel, upper: np.ndarray, ctx: np.ndarray, out: np.ndarray,
                         prompt: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Largest integer C ≤ upper with t_iter(C) ≤ target (0 when even C = 1 misses)."""
    lo, hi = np.zeros_like(upper), np.maximum(upper, 0.0)
    for _ in range(int(np.ceil(np.log2(max(float(np.nanmax(hi)) if hi.size else 1.0, 2.0)))) + 1):
        mid = np.ceil(0.5 * (lo + hi))
        t = rep.decode_step(np.maximum(mid, 1.0), ctx)["total"] + mid / out * rep.prefill_compute(prompt, prompt)
        ok = (t <= target) & (mid >= 1)
        lo = np.where(ok, mid, lo)
        hi = np.where(ok, hi, mid - 1.0)
    return lo


def estimate_inference(inp: InferenceInputs) -> FigureSet:
    """Every infer.* figure for each candidate."""
    if inp.batching not in BATCHING or inp.scenario not in SCENARIOS:
        raise ValueError(f"unknown batching {inp.batching!r} or scenario {inp.scenario!r}; known: "
                         f"{', '.join(BATCHING)} / {', '.join(SCENARIOS)}")
    if inp.scenario == "offline":  # throughput only: no latency target binds
        inp = replace(inp, ttft_target_s=np.inf, ttft_p99_target_s=np.inf, tpot_target_s=0.0)
    if inp.scenario == "interactive":  # every user's first token: the P50 target must hold at P99
        inp = replace(inp, ttft_p99_target_s=np.minimum(inp.ttft_target_s, inp.ttft_p99_target_s))
    if inp.batching == "disaggregated":
        inp = replace(inp, disaggregated=True)
    m, hw = inp.model, inp.hardware
    math = serving_math(inp.weight_dtype, inp.compute_dtype)
    fields = ("prompt_tokens", "output_tokens", "concurrency", "tp", "pp", "ep", "request_rate", "ttft_target_s",
              "ttft_p99_target_s", "tpot_target_s")
    arrays = np.broadcast_arrays(*(np.asarray(getattr(inp, f), dtype=np.float64) for f in fields), np.zeros(hw.size))
    a = dict(zip(fields, arrays[:-1]))
    fs = FigureSet()
    units = {"prompt_tokens": "tokens", "output_tokens": "tokens", "concurrency": "sequences", "tp": "GPUs",
             "pp": "stages", "ep": "GPUs", "request_rate": "requests/s", "ttft_target_s": "s",
             "ttft_p99_target_s": "s", "tpot_target_s": "s"}
    for f in fields:
        fs.input(f"infer.in.{f}", a[f], units[f], f.replace("_", " "))
    fs.input("infer.in.batching", inp.batching, "", "batching mode")
    fs.input("infer.in.scenario", inp.scenario, "", "serving scenario (offline: no latency target; interactive: "
             "the TTFT P50 target holds at P99)")
    eff = Efficiencies.for_hardware(hw, math, inp.calibration)  # calibration: scaled efficiencies
    hw.record(fs, math)
    eff.record(fs, math)
    rep = ReplicaModel.build(m, hw, eff, a["tp"], a["pp"], a["ep"], inp.weight_dtype, inp.kv_dtype, math)
    prompt, out = a["prompt_tokens"], np.maximum(a["output_tokens"], 1.0)
    ctx = prompt + out / 2.0
    for key, const in (("roofline_p", SV.SERVING_ROOFLINE_SHARPNESS), ("kv_bw", SV.SERVING_DECODE_KV_BW_EFFICIENCY),
                       ("prefill_share", SV.SERVING_PREFILL_GEMM_SHARE)):
        fs.constant(f"eff.serving_{key}", const)
    fs.constant("eff.kernel_boundary", KERNEL_BOUNDARY_S)
    fs.constant("eff.kernels_per_layer", DECODE_KERNELS_PER_LAYER)
    hw_deps = ["hw.peak_flops", "hw.hbm_bw", "eff.matmul", "eff.hbm", "eff.attention", "eff.framework",
               "eff.serving_roofline_p", "eff.serving_kv_bw", "eff.serving_prefill_share"]

    groups = rep.attention_groups  # expert parallel wider than TP: attention runs data-parallel
    mem = estimate_memory(MemoryInputs(
        model=m, mode="inference", weight_dtype=inp.weight_dtype,
        kv_dtype=inp.kv_dtype, seq_len=prompt + out, micro_batch=np.maximum(a["concurrency"] / groups, 1.0),
        tp=a["tp"], pp=a["pp"], ep=a["ep"], serving_fraction=inp.serving_fraction, search=inp.layout_search,
        **hw.memory_fields()))
    fs.merge(mem)
    kv_cap = np.where(np.isfinite(mem["mem.max_concurrency"]), mem["mem.max_concurrency"] * groups, 0.0) \
        * np.ones(hw.size)
    fs.add("infer.max_concurrency_kv", kv_cap, "sequences", "sequences whose KV cache fits per replica",
           "mem.max_concurrency at context prompt + output × attention groups max(t, e)/t",
           ["mem.max_concurrency", "infer.in.tp", "infer.in.ep"])
    upper = np.minimum(a["concurrency"], kv_cap)
    target = np.where(a["tpot_target_s"] > 0, a["tpot_target_s"], np.inf)
    limited = np.isfinite(target)
    conc = np.where(limited, _largest_concurrency(rep, upper, ctx, out, prompt, target), upper) if limited.any() \
        else upper  # no TPOT target: the bisection's answer would be discarded everywhere
    fs.add("infer.concurrency", conc, "sequences", "sequences in flight per replica",
           "min(requested, KV limit, largest C with TPOT ≤ target)",
           ["infer.in.concurrency", "infer.max_concurrency_kv", "infer.in.tpot_target_s"])
    c1 = np.maximum(conc, 1.0)
    dec = rep.decode_step(c1, ctx)
    fs.add("infer.decode_step_s", dec["total"], "s", "decode step (batch C)",
           "((2·N·C/(peak·η_mm))^p + (weight bytes/(bw·η_hbm))^p)^(1/p) + max(attention FLOPs/(peak·η_attn), "
           "KV bytes/(bw·η_kv)) + TP/EP collectives + L · kernels per layer · kernel boundary",
           [*hw_deps, "infer.concurrency", "infer.in.tp", "eff.kernel_boundary"])
    pre_share = c1 / out * (rep.prefill(prompt, prompt) if inp.batching == "separate_prefill"
                            else rep.prefill_compute(prompt, prompt))
    if inp.batching == "static":
        total = rep.prefill(c1 * prompt, prompt) + out * dec["total"]
        tpot = dec["total"]
        tokens_s = c1 * out / total
        formula = "C · O / (prefill(C·I) + O · decode(C, I + O/2))"
    else:
        tpot = dec["total"] + pre_share
        tokens_s = c1 / tpot
        formula = ("C / (decode(C) + (C/O) · prefill(I)): prefills as their own steps" if inp.batching ==
                   "separate_prefill" else "C / (decode(C) + (C/O) · prefill compute(I)): prefill mixed into steps")
    supported = np.isfinite(rep.compute_peak) & np.isfinite(rep.attention_peak)
    valid = supported & (conc >= 1)
    # unknown (NaN) where the catalog lacks the precision's peak; 0 where no concurrency meets the TPOT target
    tokens_s = np.where(valid, tokens_s, np.where(supported, 0.0, np.nan))
    fs.add("infer.tpot_s", np.where(valid, tpot, np.nan), "s", "time per output token", "one batching iteration",
           ["infer.decode_step_s", "infer.in.prompt_tokens", "infer.in.output_tokens"])
    fs.add("infer.tokens_per_s", tokens_s, "tokens/s", "output tokens/s per replica", formula,
           ["infer.decode_step_s", "infer.concurrency", "infer.in.output_tokens"])
    gpus = rep.gpus
    fs.add("infer.gpus_per_replica", gpus, "GPUs", "GPUs per replica", "max(t, e) · p",
           ["infer.in.tp", "infer.in.ep", "infer.in.pp"])
    fs.add("infer.tokens_per_s_per_gpu", tokens_s / gpus, "tokens/s/GPU", "output tokens/s per GPU",
           "tokens/s / GPUs per replica", ["infer.tokens_per_s", "infer.gpus_per_replica"])
    prefill1 = fs.add("infer.prefill_s", rep.prefill(prompt, prompt), "s", "prefill of one prompt",
                      "max(GEMM + attention FLOPs / (peak·η) / serving GEMM share, weight stream) + collectives",
                      [*hw_deps, "infer.in.prompt_tokens", "infer.in.tp"])
    ttft0 = prefill1 + tpot
    fs.add("infer.ttft_unloaded_s", ttft0, "s", "TTFT without queueing", "prefill(I) + one iteration",
           ["infer.prefill_s", "infer.tpot_s"])
    service = ttft0 + out * tpot
    e2e0 = service
    rps_cap = c1 / service
    fs.add("infer.requests_per_s", np.where(valid, rps_cap, np.where(supported, 0.0, np.nan)), "requests/s", "request capacity per replica",
           "C / (TTFT + O · TPOT)", ["infer.concurrency", "infer.ttft_unloaded_s", "infer.tpot_s"])
    if inp.queue:
        _queue(fs, inp, a, rep, service, ttft0, c1, valid, prompt, e2e0)
    code = np.where(dec["weights_bound"], "weights_bandwidth", "compute")
    code = np.where(dec["attention"] > dec["linear"], "kv_bandwidth", code)
    code = np.where(dec["comm"] > np.maximum(dec["linear"], dec["attention"]), "communication", code)
    code = np.where(conc < a["concurrency"], np.where(conc >= kv_cap, "kv_capacity", "tpot_target"), code)
    code = np.where(supported, code, "unsupported_precision")
    fs.add("infer.bottleneck", code, "", "what limits throughput",
           "weights_bandwidth when the decode step reads weights longer than it computes, else compute; "
           "kv_bandwidth when attention outweighs the linear layers; communication when it outweighs both; "
           "kv_capacity or tpot_target when either caps the concurrency below the plan's; unsupported_precision "
           "where the part lacks the precision",
           ["infer.decode_step_s", "infer.concurrency", "infer.max_concurrency_kv"], vocabulary=BOTTLENECK)
    return fs


def _queue(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], rep: ReplicaModel, service: np.ndarray,
           ttft0: np.ndarray, c1: np.ndarray, valid: np.ndarray, prompt: np.ndarray, e2e0: np.ndarray) -> None:
    rate = a["request_rate"]
    p50_budget = a["ttft_target_s"] - ttft0
    p99_budget = a["ttft_p99_target_s"] - ttft0
    lam_max = np.where(valid, max_rate(service, c1, p50_budget, p99_budget), 0.0)
    deps = ["infer.in.request_rate", "infer.in.ttft_target_s", "infer.in.ttft_p99_target_s",
            "infer.ttft_unloaded_s", "infer.requests_per_s"]
    fs.add("infer.max_rate_per_replica", lam_max, "requests/s", "highest rate per replica meeting TTFT targets",
           "bisection on ρ: P50 and P99 of M/D/c waiting (Sakasegawa + Allen-Cunneen) within TTFT target − TTFT₀",
           deps[1:])
    with np.errstate(divide="ignore", invalid="ignore"):
        replicas = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
    replicas = np.where(np.isfinite(replicas), np.maximum(replicas, 1.0), np.nan)
    gpus = rep.gpus
    kv_transfer = np.zeros_like(ttft0)
    if inp.disaggregated:
        kv_bytes = kv_cache_bytes(inp.model, inp.kv_dtype, prompt, 1.0, rep.tp) * rep.tp
        kv_transfer = kv_bytes / (rep.links.scaleout_bw * gpus)
        t_pre = rep.prefill(prompt, prompt)
        pre_rate = max_rate(t_pre, 1.0, p50_budget - kv_transfer, p99_budget - kv_transfer)
        with np.errstate(divide="ignore", invalid="ignore"):
            pre_inst = np.where(rate > 0, np.ceil(rate / pre_rate), 1.0)
            dec_inst = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
        fs.add("infer.disagg_prefill_gpus", pre_inst * gpus, "GPUs", "prefill pool (disaggregated)",
               "⌈rate / max prefill rate per instance⌉ · GPUs per instance", deps)
        fs.add("infer.disagg_decode_gpus", dec_inst * gpus, "GPUs", "decode pool (disaggregated)",
               "⌈rate / max rate per decode replica⌉ · GPUs per replica", deps)
        replicas = pre_inst + dec_inst
    fs.add("infer.kv_transfer_s", kv_transfer, "s", "KV cache transfer prefill → decode",
           "KV bytes of the prompt / (scale-out bw per GPU · GPUs)" if inp.disaggregated else "0: not disaggregated",
           ["hw.scaleout_bw", "infer.in.prompt_tokens"])
    fs.add("infer.replicas_needed", replicas, "replicas", "replicas to serve the rate",
           "⌈request rate / max rate per replica⌉ (disaggregated: prefill + decode instances)",
           ["infer.max_rate_per_replica", "infer.in.request_rate"])
    fs.add("infer.gpus_needed", replicas * gpus, "GPUs", "GPUs to serve the rate", "replicas · GPUs per replica",
           ["infer.replicas_needed", "infer.gpus_per_replica"])
    per_rep = np.where(rate > 0, rate / replicas, 0.0)
    w50 = wait_quantile(per_rep, service, c1, 0.5)
    w99 = wait_quantile(per_rep, service, c1, 0.01)
    fs.add("infer.ttft_s", ttft0 + w50 + kv_transfer, "s", "time to first token (P50)",
           "TTFT₀ + P50 wait + KV transfer", ["infer.ttft_unloaded_s", "infer.replicas_needed", "infer.kv_transfer_s"])
    fs.add("infer.ttft_p99_s", ttft0 + w99 + kv_transfer, "s", "time to first token (P99)",
           "TTFT₀ + P99 wait + KV transfer", ["infer.ttft_unloaded_s", "infer.replicas_needed", "infer.kv_transfer_s"])
    fs.add("infer.e2e_latency_s", e2e0 + w50 + kv_transfer, "s", "end-to-end latency (P50)",
           "TTFT (P50) + O · TPOT", ["infer.ttft_s", "infer.tpot_s", "infer.in.output_tokens"])
    fs.add("infer.utilisation", per_rep * service / c1, "fraction", "replica utilisation ρ",
           "rate per replica · service time / C", ["infer.replicas_needed", "infer.requests_per_s"])
