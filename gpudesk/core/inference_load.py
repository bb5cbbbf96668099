"""What the request rate changes in a serving estimate: the queueing figures (rate per replica, replicas and GPUs
needed, waits, loaded latencies) from the replica's figures and what the queue reads that no rate changes
(:func:`queue_kept`; core/inference.py keeps both per input but the rate within an active PassMemo)."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_disagg import kv_transfer_gpus, pool_sizes
from gpudesk.core.inference_lengths import lognormal_quantile
from gpudesk.core.inference_queue import max_rate_for, wait_quantile
from gpudesk.core.inference_server import add_server_figures, server_rate
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.model_math import kv_cache_bytes

if TYPE_CHECKING:
    from gpudesk.core.inference import InferenceInputs


@dataclass(frozen=True)
class KeptState:
    """What the rate's part of a serving estimate (core/inference._rate_part) reads of the kept replica besides its
    figures: the queue's rate-free part (:func:`queue_kept`; None without a queue) and the replica's arrays."""

    queue: dict[str, Any] | None
    gpus: np.ndarray  # GPUs per replica
    valid: np.ndarray
    service: np.ndarray
    c1: np.ndarray
    out_tail: np.ndarray
    tpot: np.ndarray
    code: np.ndarray  # infer.bottleneck's index into SERVING_CODES


def queue_kept(inp: InferenceInputs, a: dict[str, np.ndarray], rep: ReplicaModel, service: np.ndarray,
               c1: np.ndarray, valid: np.ndarray, prompt: np.ndarray, prompt_tail: np.ndarray, prefill_tail: np.ndarray,
               out_tail: np.ndarray, tpot: np.ndarray, k: np.ndarray, z: float,
               parts: dict[str, np.ndarray] | None = None, pre: ReplicaModel | None = None) -> dict[str, Any]:
    """What the queueing figures read that no request rate changes, kept with the replica (core/inference.py
    ``_kept_replica``): the unloaded first-token times, the waiting budgets, the highest rate per replica (the Server
    scenario's result), a disaggregated prefill instance's highest rate, the P99 prompt's first token. Reads nothing
    of ``a["request_rate"]`` (the kept replica's ``a`` holds the rate it was first estimated at).
    ``prefill_tail`` is the prefill of the input length at the percentile (I_p); ``parts``: the Server scenario's
    (core/inference_server.py), else each request queues whole for C slots; ``pre``: the instance prompts are
    prefilled on (a disaggregated prefill pool's; else the replica)."""
    pre = rep if pre is None else pre
    q_tail = 1.0 - float(inp.percentile)
    median_prompt = lognormal_quantile(prompt, a["prompt_sd"], 0.0)
    prefill_med = pre.prefill(median_prompt, median_prompt)
    ttft0_med = prefill_med + tpot
    ttft0_tail = prefill_tail + tpot
    kv_transfer = np.zeros_like(service)
    if inp.disaggregated:
        kv_bytes = kv_cache_bytes(inp.model, inp.kv_dtype, prompt_tail, 1.0, rep.tp) * rep.tp
        kv_transfer = kv_bytes / (rep.links.scaleout_bw * kv_transfer_gpus(pre, rep))
    budgets = wait_budgets(a, ttft0_med, ttft0_tail, out_tail, tpot, q_tail)
    kept: dict[str, Any] = {"q_tail": q_tail, "ttft0_med": ttft0_med, "ttft0_tail": ttft0_tail,
                            "kv_transfer": kv_transfer, "server": None}
    if parts is not None:
        parts = {**parts, "prefill_median": prefill_med}
        targets = {"ttft": a["ttft_target_s"], "ttft_tail": a["ttft_tail_target_s"], "tpot": a["tpot_target_s"],
                   "e2e": a["e2e_target_s"]}
        kept["server"] = server_rate(parts, targets, z, q_tail)
        kept["wait"] = (parts["prefill"], 1.0, parts["k"])  # the prefill queue
    else:
        kept["lam_max"] = np.where(valid, max_rate_for(service, c1, budgets, k), 0.0)
        kept["wait"] = (service, c1, k)  # one of C slots holding a whole request
    if inp.disaggregated:
        t_pre = pre.prefill(prompt, prompt)
        pre_budgets = [(b - kv_transfer, q) for b, q in budgets[:2]]
        kept["pre_rate"] = max_rate_for(t_pre, 1.0, pre_budgets, k)
        kept["pre_gpus"] = pre.gpus
    p99_prompt = np.minimum(lognormal_quantile(prompt, a["prompt_sd"], NormalDist().inv_cdf(0.99)),
                            float(inp.model.max_context) if inp.model.max_context else np.inf)
    kept["ttft0_p99"] = pre.prefill(p99_prompt, p99_prompt) + tpot
    return kept


def queue_figures(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], kept: dict[str, Any], gpus: np.ndarray,
                  valid: np.ndarray, service: np.ndarray, c1: np.ndarray, out_tail: np.ndarray,
                  tpot: np.ndarray) -> None:
    """The queueing figures at the request rate ``a["request_rate"]``, from what :func:`queue_kept` kept."""
    rate = a["request_rate"]
    out = np.maximum(a["output_tokens"], 1.0)
    q_tail, ttft0_med, ttft0_tail, kv_transfer = kept["q_tail"], kept["ttft0_med"], kept["ttft0_tail"], kept["kv_transfer"]
    deps = ["infer.in.request_rate", "infer.in.ttft_target_s", "infer.in.ttft_tail_target_s",
            "infer.in.e2e_target_s", "infer.ttft_unloaded_s", "infer.requests_per_s", "infer.queue_variability",
            "infer.in.scenario"]  # offline: no latency target; interactive: the median TTFT at the percentile
    if kept["server"] is not None:
        lam_max = add_server_figures(fs, kept["server"], valid, [*deps[1:4], "infer.in.tpot_target_s", deps[-1]])
    else:
        lam_max = kept["lam_max"]
        fs.add("infer.max_rate_per_replica", lam_max, "requests/s",
               "highest rate per replica meeting the latency targets",
               "largest ρ·C/S whose waits stay within every budget: P50 ≤ TTFT target − TTFT₀(median I); at the "
               "percentile ≤ TTFT target − TTFT₀(I_p) and ≤ E2E target − (TTFT₀(I_p) + O_p·TPOT) (M/G/c: Sakasegawa "
               "× Allen-Cunneen, Newton on ρ)", deps[1:])
    with np.errstate(divide="ignore", invalid="ignore"):
        replicas = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
    replicas = np.where(np.isfinite(replicas), np.maximum(replicas, 1.0), np.nan)
    fs.add("infer.kv_transfer_s", kv_transfer, "s", "KV cache transfer prefill → decode",
           "KV bytes of the tail prompt / (scale-out bw per GPU · GPUs of the smaller instance)" if inp.disaggregated
           else "0: not disaggregated", ["hw.scaleout_bw", "infer.prompt_tokens_tail"])
    pool_gpus = None
    if inp.disaggregated:
        pre_inst, dec_inst = pool_sizes(fs, inp, rate, kept["pre_rate"], lam_max, kept["pre_gpus"], gpus, deps)
        replicas, pool_gpus = pre_inst + dec_inst, pre_inst * kept["pre_gpus"] + dec_inst * gpus
    fs.add("infer.replicas_needed", replicas, "replicas", "replicas to serve the rate",
           "⌈request rate / max rate per replica⌉ (disaggregated: prefill + decode instances)",
           ["infer.max_rate_per_replica", "infer.in.request_rate"])
    if pool_gpus is None:
        fs.add("infer.gpus_needed", replicas * gpus, "GPUs", "GPUs to serve the rate", "replicas · GPUs per replica",
               ["infer.replicas_needed", "infer.gpus_per_replica"])
    else:
        fs.add("infer.gpus_needed", pool_gpus, "GPUs", "GPUs to serve the rate",
               "prefill pool + decode pool (disaggregated)", ["infer.disagg_prefill_gpus", "infer.disagg_decode_gpus"])
    per_rep = np.where(rate > 0, rate / replicas, 0.0)
    wait = kept["wait"]
    w50, w99, w_tail = (wait_quantile(per_rep, wait[0], wait[1], q, wait[2]) for q in (0.5, 0.01, q_tail))
    ttft0_p99 = kept["ttft0_p99"]
    wait_deps = ["infer.ttft_unloaded_s", "infer.replicas_needed", "infer.kv_transfer_s", "infer.queue_variability"]
    fs.add("infer.ttft_s", ttft0_med + w50 + kv_transfer, "s", "time to first token (P50)",
           "prefill(median I) + one iteration + P50 wait + KV transfer", wait_deps)
    fs.add("infer.ttft_p99_s", ttft0_p99 + w99 + kv_transfer, "s", "time to first token (P99)",
           "prefill(I at P99) + one iteration + P99 wait + KV transfer", wait_deps)
    ttft_tail = fs.add("infer.ttft_at_percentile_s", ttft0_tail + w_tail + kv_transfer, "s",
                       "time to first token at the latency percentile",
                       "prefill(I_p) + one iteration + wait at the percentile + KV transfer",
                       [*wait_deps, "infer.prompt_tokens_tail", "infer.in.percentile"])
    fs.add("infer.e2e_latency_s", ttft0_med + w50 + kv_transfer + out * tpot, "s", "end-to-end latency (P50)",
           "TTFT (P50) + O · TPOT", ["infer.ttft_s", "infer.tpot_s", "infer.in.output_tokens"])
    fs.add("infer.e2e_at_percentile_s", ttft_tail + out_tail * tpot, "s", "end-to-end latency at the percentile",
           "TTFT at the percentile + O_p · TPOT (a sum of quantiles: an upper bound)",
           ["infer.ttft_at_percentile_s", "infer.tpot_s", "infer.output_tokens_tail"])
    fs.add("infer.utilisation", per_rep * service / c1, "fraction", "replica utilisation ρ",
           "rate per replica · service time / C", ["infer.replicas_needed", "infer.requests_per_s"])
    fs.add("infer.in_flight", rate * (ttft0_med + w50 + kv_transfer + out * tpot), "requests",
           "requests in flight at the peak (all replicas)", "Little's law: peak rate × mean end-to-end latency",
           ["infer.in.request_rate", "infer.e2e_latency_s"])


def wait_budgets(a: dict[str, np.ndarray], ttft0_med: np.ndarray, ttft0_tail: np.ndarray, out_tail: np.ndarray,
             tpot: np.ndarray, q_tail: float) -> list[tuple[np.ndarray, float]]:
    """(waiting budget, exceedance) per latency target; a target of 0 is no constraint (infinite budget)."""
    def budget(target: np.ndarray, fixed: np.ndarray) -> np.ndarray:
        return np.where(target > 0, target - fixed, np.inf)

    return [(budget(a["ttft_target_s"], ttft0_med), 0.5),
            (budget(a["ttft_tail_target_s"], ttft0_tail), q_tail),
            (budget(a["e2e_target_s"], ttft0_tail + out_tail * tpot), q_tail)]

