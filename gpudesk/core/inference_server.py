"""The Server scenario: the highest Poisson request rate one continuous-batching replica sustains within its targets.

MLPerf Inference's Server and Interactive scenarios (mlcommons/inference loadgen/mlperf.conf: ``*.Server`` issues
queries at Poisson times, ``target_latency_percentile = 99``; the LLM tasks check the P99 time to first token and
the P99 time per output token, ``ttft_latency`` / ``tpot_latency``, each per query: (latency − first token) /
(tokens − 1)) report the highest such rate. A replica serving a rate λ runs like this (in-flight batching with
prompts mixed into the decode iterations, TensorRT-LLM / vLLM):

* **Iteration and sequences in flight.** n sequences decode; each iteration also carries the prompts that arrived,
  so it takes t(n) = decode(n) + n/O · p (p: one prompt's share of a mixed iteration, ``ReplicaModel.mixed_prefill``
  per prompt), the same law as the engine's batch (``infer.tpot_s`` at C). By Little's law n = λ·O·t(n), so
  λ(n) = n / (O·t(n)) rises with n. decode(n) is taken from the step at C: its weight stream, collectives,
  kernel boundaries and the engine release's host time per iteration (core/engine_release.py) as at C, its GEMM compute (the smooth roofline's share above the weight stream) and attention
  in proportion to n, so t(n) = A + B·n, the chord from n = 0 to C (exact for the shipped roofline exponent p = 1,
  above the step below C for p > 1).
* **First token.** A prompt waits for the prompts ahead of it: the prefills form one queue served in arrival order
  (chunked prefill takes the oldest prompt's tokens first), an M/G/1 queue whose service is one prompt's prefill P
  (``infer.prefill_s``; with pp pipeline stages P/pp, the pipeline taking a new prompt every stage time), its P50 / percentile waits by core/inference_queue.wait_quantile with one server and the
  Allen-Cunneen factor (1 + cs²)/2, cs² the prompt length's (sd(I)/I)² (0 for one length: M/D/1). TTFT at the
  percentile = that wait + the prefill of the tail prompt + one iteration; at P50 the median prompt's. The one
  iteration, and the end-to-end target's O_p iterations, are the engine batch's (``infer.tpot_s``, an upper bound),
  as the loaded figures report them.
* **Time per output token of one query** is the mean iteration over its O tokens: t(n) with the prefills that arrive
  during its life spread over its tokens. Those arrivals are Poisson, λ·O·t of them, each P long, so one query's
  TPOT has mean t and variance λ·t·E[P²]/O; over the queries' output lengths (log-normal, E[1/O] = e^σ²/O) its
  percentile is t + z_p·√(λ·t·E[P²]·e^σ²/O) (normal approximation). On the v5.0 8 B200 Llama 3.1 405B Server log
  (λ 0.65 per TP4 replica, mean TPOT 87 ms, prefill 1.2 s from the log's own TPOT) this gives P90 / P99 of 101 /
  113 ms against the log's 99 / 114 ms (tests/validation/mlperf_llama_405b.py).
* **Sequence slots.** The sequences in flight of an M/G/∞ system are Poisson(n) (Palm's theorem), so the engine's
  slots U (the given batch, else the KV cache's limit) hold them at the percentile when n + z_p·√n ≤ U.
* **The prefill queue's capacity.** With no first-token target the prefills still need λ·P < 1 (ρ = 1 at most).

The rate is λ(n*) for the largest n* ≤ C meeting every target (``server_rate``: each target's own largest n in
closed form, the smallest wins); the target that gives it is what bounds the rate (``infer.rate_bound``): the
first-token target, the per-token target, the end-to-end target, or the replica's capacity (its slots). Where the
engine's ADP balancer holds new prompts (core/adp_hold.py) the first-token and end-to-end targets read hold + wait
composed (core/held_first_token.py) and the rate is searched below that one (core/server_held_rate.py).
Disaggregated, static and offline serving keep the whole-request queue (core/inference.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.constants import QUEUE_VARIABILITY_FACTOR
from gpudesk.core.constants import serving as SV
from gpudesk.core.explain import FigureSet
from gpudesk.core.held_first_token import COMPOSED
from gpudesk.core.inference_lengths import service_cv2
from gpudesk.core.inference_queue import max_rate_for, wait_quantile
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.server_held_rate import held_at_rate, held_rate
from gpudesk.vocabulary.sizing import BINDING

BOUND_CODES = np.asarray(("ttft", "tpot", "e2e", "throughput", "token_budget"))
"""infer.rate_bound codes (vocabulary BINDING) by the index ``server_rate`` assigns."""


def chord(parts: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(A, B) of the iteration t(n) = A + B·n: A the weight stream and the fixed costs at C (collectives, kernel
    boundaries, the release's host time), B the decode's GEMM
    compute above the weight stream and attention per sequence at C, plus one prompt's share per sequence."""
    p = SV.SERVING_ROOFLINE_SHARPNESS.value
    linear = (parts["gemm_compute"] ** p + parts["gemm_weights"] ** p) ** (1.0 / p)
    a = parts["gemm_weights"] + parts["fixed"]
    return a, (linear - parts["gemm_weights"] + parts["attention"]) / parts["batch"] + parts["per_prompt"]


def tpot_at_rate(parts: dict[str, np.ndarray], lam: np.ndarray, z: float) -> tuple[np.ndarray, np.ndarray]:
    """(mean TPOT t, per-query TPOT at standard-normal quantile z) at ``lam`` requests/s per replica (inf past the
    replica's capacity): t = A / (1 − λ·O·B), n = λ·O·t."""
    a, b = chord(parts)
    out = parts["output"]
    room = 1.0 - lam * out * b
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(room > 0, a / room, np.inf)
    return t, t + z * np.sqrt(np.maximum(lam * t * parts["tpot_var"], 0.0))


def server_rate(parts: dict[str, np.ndarray], targets: dict[str, np.ndarray], z: float, q_tail: float,
                balancer: tuple[Any, int, int] | None = None, ttft_tail: bool = True) -> dict[str, np.ndarray]:
    """:func:`_server_rate`; with ``balancer`` (attention ranks G, timeout T, batching wait W: the ADP balancer's
    hold, core/adp_hold.py) the highest rate at or below it whose first-token and end-to-end targets also hold with
    the hold (core/server_held_rate.py: a geometric scan below the rate without it, then bisection). In the result
    too: ``hold`` and ``hold_tail`` (the hold's P50 and percentile at the rate, s; 0 without). ``ttft_tail`` False
    (a caller that reads neither): with the balancer, ``ttft_tail``, ``hold`` and ``hold_tail`` are not computed
    (NaN), the rest the same."""
    res = _server_rate(parts, targets, z, q_tail)
    zero = np.zeros(np.shape(res["rate"]))
    res["hold"], res["hold_tail"] = zero, zero
    if balancer is None:
        return res
    ab = chord(parts)
    found = held_rate(parts, targets, q_tail, res["rate"], balancer, ab)
    at = held_at_rate(parts, targets, q_tail, found["rate"], balancer, ab, ttft_tail)
    moved = found["moved"]
    res["rate"] = found["rate"]
    res["bound"] = np.where(moved, found["bound"], res["bound"])
    res["in_flight"] = np.where(moved, at["n"], res["in_flight"])
    res["tpot"] = np.where(moved, at["t"], res["tpot"])
    res["tpot_tail"] = np.where(moved, at["t"] + z * np.sqrt(np.maximum(at["n"] / parts["output"] * parts["tpot_var"],
                                                                         0.0)), res["tpot_tail"])
    res["ttft_tail"] = at["held_wait_tail"] + parts["prefill_tail"] + parts["step"]
    res["hold"], res["hold_tail"] = at["hold"], at["hold_tail"]
    return res


def _server_rate(parts: dict[str, np.ndarray], targets: dict[str, np.ndarray], z: float,
                 q_tail: float) -> dict[str, np.ndarray]:
    """The highest rate per replica meeting every target (module docstring) and what holds there: ``rate``,
    ``in_flight`` (n*), ``tpot`` and ``tpot_tail`` (s), ``ttft_tail`` (s) and ``bound`` (index into BOUND_CODES).

    With t(n) = A + B·n, λ·t = n/O, so each target gives its own largest n in closed form: the TPOT target a
    quadratic in √n, B·n + z_p·√(V/O)·√n + A ≤ T (V = ``tpot_var``); the first-token and end-to-end targets the
    prefill queue's largest rate (core/inference_queue.max_rate_for, one server), n = λ·O·A / (1 − λ·O·B); the
    slots n + z_p·√n ≤ U. n* is the smallest of them and C; the target that gives it bounds the rate.

    ``parts`` (arrays over the rows): ``batch`` C; ``gemm_compute``, ``gemm_weights``, ``attention`` (the decode
    step's parts at C, s); ``fixed`` (its collectives, kernel boundaries and host time per iteration, s); ``per_prompt`` (one prompt's share
    of a mixed iteration / O, s per sequence); ``output`` O; ``output_tail`` O_p; ``prefill``, ``prefill_tail``,
    ``prefill_median`` (s); ``step`` (the iteration at C, s); ``k`` (the prefill queue's Allen-Cunneen factor);
    ``tpot_var`` (E[P²]·E[1/O], s²); ``slots`` U; ``capped`` (C is the engine's slots). ``targets``: ``ttft``
    (P50), ``ttft_tail``, ``tpot``, ``e2e`` (s; 0 = none)."""
    c, out = np.asarray(parts["batch"], dtype=np.float64), parts["output"]
    a, b = chord(parts)
    pre, step, k = parts["prefill"], parts["step"], parts["k"]

    def budget(target: np.ndarray, fixed: np.ndarray) -> np.ndarray:
        return np.where(target > 0, target - fixed, np.inf)

    first = max_rate_for(pre, 1.0, [(budget(targets["ttft"], parts["prefill_median"] + step), 0.5),
                                    (budget(targets["ttft_tail"], parts["prefill_tail"] + step), q_tail)], k)
    e2e = np.asarray(targets["e2e"])
    whole = max_rate_for(pre, 1.0, [(budget(e2e, parts["prefill_tail"] + step + parts["output_tail"] * step),
                                     q_tail)], k) if np.any(e2e > 0) else np.inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        def sequences(lam: np.ndarray | float) -> np.ndarray:  # n at rate λ: n = λ·O·t(n)
            room = 1.0 - lam * out * b
            return np.where(room > 0, lam * out * a / room, np.inf)

        slack = np.where(targets["tpot"] > 0, targets["tpot"] - a, np.inf)
        lin = z * np.sqrt(parts["tpot_var"] / out)
        root = 2.0 * slack / (lin + np.sqrt(lin * lin + 4.0 * b * slack))
        tpot_n = np.where(np.isinf(slack), np.inf, np.where(slack > 0, root * root, 0.0))
        slots = (0.5 * (np.sqrt(z * z + 4.0 * parts["slots"]) - z)) ** 2
        limits = (sequences(first), tpot_n, sequences(whole) if np.any(e2e > 0) else np.inf, np.minimum(c, slots))
    n, bound = limits[0], np.zeros(np.shape(limits[0]))
    for i, limit in enumerate(limits[1:], 1):  # the first smallest, in BOUND_CODES order
        bound, n = np.where(limit < n, i, bound), np.minimum(n, limit)
    bound = np.where((bound == 3) & ~np.asarray(parts["capped"]) & (slots > c), 1, bound)  # C set by the TPOT target
    n = np.maximum(n, 0.0) * np.ones(np.shape(c))
    t = a + b * n
    with np.errstate(divide="ignore", invalid="ignore"):
        lam = np.where(n > 0, n / (out * t), 0.0)
    ttft_tail = wait_quantile(lam, pre, 1.0, q_tail, k) + parts["prefill_tail"] + step
    tpot_tail = t + z * np.sqrt(np.maximum(n / out * parts["tpot_var"], 0.0))
    return {"rate": lam, "in_flight": n, "bound": bound, "tpot": t, "tpot_tail": tpot_tail, "ttft_tail": ttft_tail}


def server_parts(rep: ReplicaModel, dec: dict[str, np.ndarray], pre_share: np.ndarray, c1: np.ndarray,
                 slots: np.ndarray, capped: np.ndarray, lengths: dict[str, np.ndarray],
                 prefills: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``server_rate``'s parts from the decode step at the engine batch C (``dec``) and the prompts' share of its
    iteration (``pre_share``); ``lengths``: prompt, prompt_sd, output, output_sd, output_tail (tokens);
    ``prefills``: prefill (the prefill queue's service: one prompt's prefill / pp, ``ReplicaModel.prefill_service``),
    prefill_tail (the tail prompt's prefill, its latency through every stage) (s); core/inference.py adds
    prefill_median."""
    out = np.maximum(lengths["output"], 1.0)
    pre = prefills["prefill"]
    cs2 = service_cv2(pre, 0.0, 0.0, pre, lengths["prompt"], lengths["prompt_sd"])  # (sd(I)/I)²
    sigma2 = np.log1p((lengths["output_sd"] / out) ** 2)
    return {"batch": c1, "gemm_compute": dec["gemm_compute"], "gemm_weights": dec["gemm_weights"],
            "attention": dec["attention"], "fixed": dec["comm"] + dec["kernels"] + dec["host"],
            "per_prompt": pre_share / c1,
            "step": dec["total"] + pre_share,
            "output": out, "output_tail": lengths["output_tail"], "prefill": pre,
            "prefill_tail": prefills["prefill_tail"],
            "k": QUEUE_VARIABILITY_FACTOR.value + cs2 / 2.0, "tpot_var": pre * pre * (1.0 + cs2) * np.exp(sigma2) / out,
            "slots": slots, "capped": capped}


def add_server_figures(fs: FigureSet, res: dict[str, np.ndarray], valid: np.ndarray, deps: list[str],
                       held: bool = False, budgeted: bool = False, ttft_tail: bool = True) -> np.ndarray:
    """The Server scenario's figures (``server_rate``'s result; ``held``: with the ADP balancer's hold; ``ttft_tail``
    False: without infer.server_ttft_tail_s); returns the rate per replica (0 where invalid)."""
    lam = np.where(valid, res["rate"], 0.0)
    point = ["infer.prefill_s", "infer.tpot_s", "infer.concurrency", "infer.max_concurrency_kv",
             "infer.prompt_tokens_tail", "infer.output_tokens_tail", "infer.in.prompt_sd", "infer.in.output_sd"]
    fs.add("infer.max_rate_per_replica", lam, "requests/s", "highest rate per replica meeting the latency targets",
           "λ(n*) = n*/(O·t(n*)), t(n) = A + B·n the iteration at n sequences in flight (weight stream and fixed "
           "costs A, decode FLOPs, attention and n/O mixed prompts ∝ n), n* the most sequences ≤ C meeting every "
           "target; TTFT = prefill wait at λ (the prompts' one queue, M/G/1 served in prefill(I)/pp: Sakasegawa × "
           "Allen-Cunneen, (1 + (sd(I)/I)²)/2) + prefill(I_p) + TPOT ≤ TTFT target (P50: median I); per-query TPOT at the percentile "
           "t(n) + z_p·√(n/O·E[P²]·E[1/O]) ≤ TPOT target (the prefills arriving during a query, Poisson); TTFT + "
           "O_p·TPOT ≤ E2E target; n + z_p·√n ≤ the engine's slots (sequences in flight Poisson, M/G/∞)"
           + ("; the first-token and end-to-end targets also pay the attention data-parallel balancer's hold at the "
              "rate (infer.ttft_hold_s, infer.ttft_hold_tail_s, hold and wait composed): where the highest rate "
              "without it misses them, the highest rate below it meeting them, by a scan of 24 rates a decade over 6 "
              "decades and bisection between the last met and the first missed (a set of rates narrower than one "
              "step, 10%, between two scanned rates can be missed)" if held else ""),
           [*deps, *point, *(["infer.in.adp_timeout_iters", "infer.in.adp_batching_wait_iters"] if held else [])])
    fs.add("infer.server_in_flight", np.where(valid, res["in_flight"], np.nan), "sequences",
           "sequences in flight per replica at the highest rate",
           "the smallest of each target's largest n (closed forms in n, t(n) = A + B·n) and C; n = λ·O·t(n) "
           "(Little's law)", ["infer.max_rate_per_replica", "infer.concurrency"])
    if ttft_tail:
        fs.add("infer.server_ttft_tail_s", np.where(valid, res["ttft_tail"], np.nan), "s",
               "time to first token at the percentile, at the highest rate",
               ("(prefill wait, M/G/1 at λ, + balancer hold at λ) at the percentile + prefill(I_p) + TPOT; " + COMPOSED
                if held else "prefill wait at the percentile (M/G/1 at λ) + prefill(I_p) + TPOT"),
               ["infer.max_rate_per_replica", "infer.prefill_s", "infer.prompt_tokens_tail", "infer.tpot_s"])
    fs.add("infer.server_tpot_tail_s", np.where(valid, res["tpot_tail"], np.nan), "s",
           "time per output token at the percentile, at the highest rate",
           "t(n*) + z_p·√(n*/O·E[P²]·E[1/O]), E[P²] = P²·(1 + (sd(I)/I)²), E[1/O] = e^σ²/O (log-normal outputs)",
           ["infer.max_rate_per_replica", "infer.prefill_s", "infer.in.output_sd"])
    fs.add("infer.rate_bound", BOUND_CODES[res["bound"].astype(int)], "", "what bounds the rate per replica",
           "the target whose largest n is the smallest: ttft, tpot or e2e; throughput when the engine's sequence "
           "slots are" + ("; where the balancer's hold moves the rate below that one, the first-token (ttft) or "
                          "end-to-end (e2e) target that fails just above the rate found" if held else "")
           + ("; token_budget where the engine's token budget per iteration lowers it (core/token_budget.py: the "
              "prompts' queue served at s·M − n tokens an iteration, a prompt's prefill over ⌈I/(M − n/s)⌉ "
              "iterations)" if budgeted else ""),
           ["infer.max_rate_per_replica", *(["infer.token_budget_sequences"] if budgeted else [])], vocabulary=BINDING)
    return lam
