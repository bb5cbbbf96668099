"""The engine's token budget per iteration (chunked prefill): what it caps in in-flight serving.

An in-flight batching engine schedules each iteration's tokens against one budget M (TensorRT-LLM
``max_num_tokens``, vLLM ``max_num_batched_tokens``). TensorRT-LLM's MicroBatchScheduler
(cpp/tensorrt_llm/batch_manager/microBatchScheduler.cpp, ``operator()``) first takes the generation requests, one
token each (beam width + draft tokens), while the running count stays ≤ maxNumTokens, then chunks the waiting
prompts into what is left (``ctxTokensCapacity = maxNumTokens − batchNumTokens``, ``setCtxRequestsChunkSize``;
first come first served takes the oldest prompt's tokens first). With pipeline parallel the engine keeps
``mNumMicroBatches = getPipelineParallelism()`` micro-batches in flight (trtGptModelInflightBatching.cpp), each
scheduled on its own against M, and its CapacityScheduler admits ``getMaxBatchSize() * mNumMicroBatches``
requests. vLLM's scheduler charges decode tokens against ``max_num_batched_tokens`` the same way.

The PyTorch backend builds the same scheduler (BindMicroBatchScheduler(max_batch_size, max_num_tokens, ...)) in
each rank's executor, and with attention data-parallel each rank schedules its own requests, so every attention
rank has its own M (trtllm-bench: 'Max batch size in each rank').

gpudesk's iteration t(n) is one token of every sequence in flight, so a replica of p pipeline stages and G
attention ranks runs s = p·G schedules an iteration, each against M (the plan's M is per schedule, as the engines
set it: per micro-batch and rank), a budget of s·M tokens:

* **Sequences in flight.** In steady in-flight serving each sequence brings I prompt tokens and O decode tokens,
  so an iteration carrying n decode tokens carries n·I/O prompt tokens on average: n·(1 + I/O) ≤ s·M, the most
  sequences the budget feeds, ⌊s·M / (1 + I/O)⌋ (``infer.token_budget_sequences``). It caps the engine batch C
  (offline and in-flight) like the KV cache does.
* **Server scenario.** At a rate λ the prompts bring λ·I·t(n) tokens an iteration against the s·M − n the decode
  tokens leave; by Little's law (λ·t = n/O) this is the same cap, so the prompts' queue is served at
  s·M − n tokens per iteration: a prompt's share of that server is S_b = I·t(n) / (s·M − n), and the prompts'
  M/G/1 queue (core/inference_server.py) is served in max(P, S_b) (P the prefill's own compute time). The prompt
  itself, in one schedule, takes ⌈I / (M − n/s)⌉ iterations: its prefill spans max(P, ⌈I / (M − n/s)⌉·t(n)),
  which enters the first token in place of P. The highest rate meeting the first-token, end-to-end and capacity
  (λ·max(P, S_b) < 1) targets so is found by bisection below the rate without the budget (every quantity rises
  with λ); where it is lower, the budget bounds the rate (``infer.rate_bound`` token_budget). With the ADP
  balancer's hold the bisection reads the first token without the hold (the hold's own rate stays the bound
  below it).
* A config that turns chunking off (TensorRT-LLM enable_chunked_context False) admits a prompt only whole, within
  what the decodes leave: the same mean budget, read here as if chunked.

Unset (0) there is no budget: no figure is added and nothing moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_queue import wait_quantile
from gpudesk.core.inference_server import BOUND_CODES, chord

BISECTIONS = 60
"""Bisection steps of the budgeted Server rate (2^-60 of the rate without the budget: below float precision)."""

TOKEN_BUDGET_BOUND = int(np.flatnonzero(BOUND_CODES == "token_budget")[0])

BUDGET_WAIT = ("the queue served in max(P, I·t(n)/(s·M − n)) under the engine's token budget, n = λ·O·t(n) at the "
               "rate per replica (core/token_budget.py)")
BUDGET_SPAN = "under the engine's token budget at least ⌈I/(M − n/s)⌉ iterations t(n) (core/token_budget.py)"


def budget_sequences(tokens: np.ndarray, schedules: np.ndarray, prompt: np.ndarray, out: np.ndarray) -> np.ndarray:
    """⌊s·M / (1 + I/O)⌋ (at least 1), the sequences in flight a budget of M tokens per schedule (micro-batch and
    attention rank) and iteration feeds; inf where M is 0 (no budget)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        fed = np.maximum(np.floor(schedules * tokens / (1.0 + prompt / np.maximum(out, 1.0))), 1.0)
    return np.where(tokens > 0, fed, np.inf)


def record_token_budget(fs: FigureSet, tokens: Any, a: dict[str, np.ndarray], groups: Any, prompt: np.ndarray,
                        out: np.ndarray) -> np.ndarray:
    """The plan's budget as an input and ``infer.token_budget_sequences`` (only where some row states one; ``groups``
    the attention ranks); returns the sequences it feeds (inf: no budget)."""
    m = np.broadcast_to(np.asarray(tokens, dtype=np.float64), a["tp"].shape)
    if not np.any(m > 0):
        return np.full(a["tp"].shape, np.inf)
    fs.input("infer.in.max_tokens_per_iteration", m, "tokens",
             "engine's token budget per iteration, micro-batch and attention rank (0 = none)")
    fed = budget_sequences(m, a["pp"] * groups, prompt, out)
    fs.add("infer.token_budget_sequences", np.where(np.isfinite(fed), fed, np.nan), "sequences",
           "sequences in flight the token budget per iteration feeds",
           "⌊s·M / (1 + I/O)⌋, s = p · max(t, e)/t schedules (a micro-batch per pipeline stage, each attention "
           "data-parallel rank its own): each carries its n/s decode tokens and, on average, their n/s·I/O prompt "
           "tokens within M (TensorRT-LLM --max_num_tokens, MicroBatchScheduler: decode tokens first, prompt chunks in "
           "what is left)",
           ["infer.in.max_tokens_per_iteration", "infer.in.pp", "infer.in.tp", "infer.in.ep", "infer.in.prompt_tokens",
            "infer.in.output_tokens"])
    return fed


def server_budget_parts(tokens: Any, schedules: np.ndarray, prompt: np.ndarray, prompt_tail: np.ndarray,
                        fed: np.ndarray) -> dict[str, Any]:
    """What :func:`budgeted_rate` reads besides the Server parts: ``budget_tokens`` s·M per iteration (inf: none),
    ``schedules`` s, ``prompt`` and ``prompt_tail`` (tokens), ``fed`` (the sequences the budget feeds, which cap
    the engine batch C)."""
    m = np.broadcast_to(np.asarray(tokens, dtype=np.float64), np.shape(schedules))
    return {"budget_tokens": np.where(m > 0, schedules * m, np.inf), "schedules": schedules, "prompt": prompt,
            "prompt_tail": prompt_tail, "fed": fed}


def prefill_span(tokens: np.ndarray, prefill: np.ndarray, per_schedule: np.ndarray, t: np.ndarray) -> np.ndarray:
    """max(P, ⌈I / (M − n/s)⌉·t): a prompt of I tokens chunked into what its schedule's budget leaves."""
    with np.errstate(divide="ignore", invalid="ignore"):
        iters = np.where(per_schedule > 0, np.ceil(tokens / per_schedule), np.inf)
    return np.asarray(np.maximum(prefill, iters * t))


def _steady(parts: dict[str, Any], lam: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """At ``lam`` requests/s per replica: n = λ·O·t(n) on the chord t = A + B·n, t, the prompt tokens per iteration
    the decodes leave (s·M − n, all schedules) and the prompts' service max(P, S_b) (inf n where λ·O·B ≥ 1)."""
    a, b = chord(parts)
    out = parts["output"]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        room = 1.0 - lam * out * b
        n = np.where(room > 0, lam * out * a / room, np.inf)
        t = a + b * n
        free = parts["budget_tokens"] - n
        service = np.maximum(parts["prefill"], np.where(free > 0, parts["prompt"] * t / free, np.inf))
    return n, t, free, service


def budgeted_at(parts: dict[str, Any], lam: np.ndarray, q_tail: float) -> dict[str, np.ndarray]:
    """At ``lam`` requests/s per replica: n, t(n), the prompts' service max(P, S_b), the first token's P50 and
    percentile with the budget's prefill spans, and whether the budget keeps up (λ·service < 1)."""
    n, t, free, service = _steady(parts, lam)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        per_schedule = free / parts["schedules"]
        fits = (lam * service < 1.0) & np.isfinite(t)
        med = wait_quantile(lam, service, 1.0, 0.5, parts["k"]) + prefill_span(
            parts["prompt_median"], parts["prefill_median"], per_schedule, t) + parts["step"]
        tail = wait_quantile(lam, service, 1.0, q_tail, parts["k"]) + prefill_span(
            parts["prompt_tail"], parts["prefill_tail"], per_schedule, t) + parts["step"]
    return {"n": n, "t": t, "fits": fits, "ttft": med, "ttft_tail": tail}


def _meets(parts: dict[str, Any], targets: dict[str, np.ndarray], lam: np.ndarray, q_tail: float,
           at: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """Whether the budgeted replica at ``lam`` keeps up and meets every target (``at``: budgeted_at there, if read)."""
    at = budgeted_at(parts, lam, q_tail) if at is None else at
    ok = at["fits"] | (lam <= 0)
    ok &= (targets["ttft"] <= 0) | (at["ttft"] <= targets["ttft"]) | (lam <= 0)
    ok &= (targets["ttft_tail"] <= 0) | (at["ttft_tail"] <= targets["ttft_tail"]) | (lam <= 0)
    whole = at["ttft_tail"] + parts["output_tail"] * parts["step"]
    return np.asarray(ok & ((targets["e2e"] <= 0) | (whole <= targets["e2e"]) | (lam <= 0)))


def budgeted_rate(parts: dict[str, Any], targets: dict[str, np.ndarray], z: float, q_tail: float,
                  res: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``res`` (core/inference_server.server_rate's result) with the token budget: where the rate found misses a
    target once the budget is counted (module docstring), the highest rate below it that meets them, by bisection,
    bound by ``token_budget``; other rows, and every row without a budget, are returned unchanged."""
    if "budget_tokens" not in parts or not np.any(np.isfinite(parts["budget_tokens"])):
        return res
    shape = np.shape(res["rate"])
    parts = {k: np.broadcast_to(np.asarray(v, dtype=np.float64), shape) if not isinstance(v, float) else v
             for k, v in parts.items()}
    targets = {k: np.broadcast_to(np.asarray(v, dtype=np.float64), shape) for k, v in targets.items()}
    rate = np.asarray(res["rate"], dtype=np.float64)
    # the engine batch C the budget caps bounds n like the slots (_server_rate reads it as throughput or tpot)
    at_cap = (res["in_flight"] >= parts["fed"] * (1.0 - 1e-12)) & (parts["fed"] < parts["slots"])
    res = {**res, "bound": np.where(at_cap & np.isin(res["bound"], (1, 3)), TOKEN_BUDGET_BOUND, res["bound"])}
    at_rate = budgeted_at(parts, rate, q_tail)
    budgeted = np.isfinite(parts["budget_tokens"])
    moved = ~_meets(parts, targets, rate, q_tail, at_rate) & budgeted
    # where the rate stands, the first token at it still spans the budget's chunks
    res = {**res, "ttft_tail": np.where(budgeted & (rate > 0), np.maximum(res["ttft_tail"], at_rate["ttft_tail"]),
                                        res["ttft_tail"])}
    if not np.any(moved):
        return res
    lo, hi = np.zeros(shape), rate
    for _ in range(BISECTIONS):
        mid = 0.5 * (lo + hi)
        ok = _meets(parts, targets, mid, q_tail)
        lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
    at = budgeted_at(parts, lo, q_tail)
    n = np.where(lo > 0, at["n"], 0.0)
    t = np.where(lo > 0, at["t"], parts["step"])
    out = {**res}
    out["rate"] = np.where(moved, lo, res["rate"])
    out["in_flight"] = np.where(moved, n, res["in_flight"])
    out["tpot"] = np.where(moved, t, res["tpot"])
    out["tpot_tail"] = np.where(moved, t + z * np.sqrt(np.maximum(n / parts["output"] * parts["tpot_var"], 0.0)),
                                res["tpot_tail"])
    out["ttft_tail"] = np.where(moved, at["ttft_tail"], res["ttft_tail"])
    out["bound"] = np.where(moved, TOKEN_BUDGET_BOUND, res["bound"])
    return out


def budgeted_first_token(parts: dict[str, Any], lam: np.ndarray, exceed: tuple[float, ...],
                         prompts: tuple[np.ndarray, ...], prefills: tuple[np.ndarray, ...],
                         waits: tuple[np.ndarray, ...]) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """The first token's waits (exceeded by each share in ``exceed``) and prefills of ``prompts`` at ``lam``
    requests/s per replica with the token budget (the prompts' queue served in max(P, S_b), each prompt's prefill
    over its chunks: module docstring); ``waits`` and ``prefills`` (without it) stand where a row has no budget or
    the rate is past what the budget feeds (no steady state: the waits without it, already infinite there or not)."""
    budget = np.broadcast_to(parts["budget_tokens"], np.shape(lam))
    _n, t, free, service = _steady(parts, lam)
    steady = np.isfinite(budget) & np.isfinite(t) & (free > 0)
    new_waits = tuple(np.where(steady, wait_quantile(lam, np.where(steady, service, parts["prefill"]), 1.0, q,
                                                     parts["k"]), w) for q, w in zip(exceed, waits, strict=True))
    new_prefills = tuple(np.where(steady, prefill_span(i, p, np.where(steady, free / parts["schedules"], 1.0), t), p)
                         for i, p in zip(prompts, prefills, strict=True))
    return new_waits, new_prefills


def idle_budget_floor(parts: dict[str, Any], targets: dict[str, Any]) -> np.ndarray:
    """The smallest budget M at which an idle replica's first token meets the first-token targets (P50 with the
    median prompt, the percentile with I_p) and the end-to-end one (E2E − O_p·TPOT for the first token, as
    :func:`_meets` reads it): it spans max(P, ⌈I/M⌉·t(0)) + one iteration, so the target T leaves
    k = ⌊(T − TPOT)/t(0)⌋ iterations for the prompt's chunks and M ≥ ⌈I/k⌉. NaN where the prefill alone misses T
    (no budget helps: pitfall.latency_target_unreachable, e2e_target_unreachable) or no target binds."""
    t0, _b = chord(parts)
    step = parts["step"]
    need = np.full(np.shape(parts["budget_tokens"]), np.nan)
    whole = targets["e2e"] - parts["output_tail"] * step  # the end-to-end target less the percentile's outputs
    for target, prompt, prefill in ((targets["ttft"], parts["prompt_median"], parts["prefill_median"]),
                                    (targets["ttft_tail"], parts["prompt_tail"], parts["prefill_tail"]),
                                    (np.where(targets["e2e"] > 0, whole, 0.0), parts["prompt_tail"],
                                     parts["prefill_tail"])):
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            chunks = np.floor((target - step) / t0)
            floor = np.where((prefill + step <= target) & (chunks >= 1), np.maximum(np.ceil(prompt / chunks), 1.0),
                             np.inf)
        need = np.where(target > 0, np.fmax(need, floor), need)
    return np.where(np.isfinite(need), need, np.nan)


def record_idle_first_token(fs: FigureSet, parts: dict[str, Any], q_tail: float, valid: np.ndarray,
                            targets: dict[str, Any]) -> None:
    """``infer.token_budget_idle_ttft_s`` (and ``_p50_s``): an idle replica's first token at the percentile (P50)
    under the budget (no queue, no decodes: the prompt over ⌈I / M⌉ iterations of t(0), or its own prefill where
    longer, + one iteration), what a first-token target below it can never be met by, and
    ``infer.token_budget_min_tokens``, the least budget that meets them (core/plan_pitfalls.py)."""
    idle = budgeted_at(parts, np.zeros(np.shape(parts["budget_tokens"])), q_tail)
    budgeted = valid & np.isfinite(parts["budget_tokens"])
    fs.add("infer.token_budget_idle_ttft_s", np.where(budgeted, idle["ttft_tail"], np.nan), "s",
           "idle replica's first token at the percentile under the token budget",
           "max(prefill(I_p), ⌈I_p / M⌉ · t(0)) + one iteration (TPOT): no prompt ahead, no sequence decoding",
           ["infer.in.max_tokens_per_iteration", "infer.prompt_tokens_tail", "infer.prefill_s", "infer.tpot_s"])
    fs.add("infer.token_budget_idle_ttft_p50_s", np.where(budgeted, idle["ttft"], np.nan), "s",
           "idle replica's first token (P50) under the token budget",
           "max(prefill(I), ⌈I / M⌉ · t(0)) + one iteration (TPOT), I the median prompt: no prompt ahead, no sequence "
           "decoding", ["infer.in.max_tokens_per_iteration", "infer.in.prompt_tokens", "infer.prefill_s",
                        "infer.tpot_s"])
    fs.add("infer.token_budget_min_tokens", np.where(budgeted, idle_budget_floor(parts, targets), np.nan), "tokens",
           "least token budget per iteration an idle replica meets the first-token targets with",
           "the larger over the first-token targets T (P50: median I; percentile: I_p; E2E target − O_p · TPOT: I_p) "
           "of ⌈I / ⌊(T − TPOT) / t(0)⌋⌉: "
           "the prompt's chunks of M tokens within what T leaves after one iteration; unknown where the prefill alone "
           "misses T",
           ["infer.token_budget_idle_ttft_s", "infer.token_budget_idle_ttft_p50_s", "infer.in.ttft_target_s",
            "infer.in.ttft_tail_target_s", "infer.in.e2e_target_s", "infer.output_tokens_tail"])
