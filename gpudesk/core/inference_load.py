"""What the request rate changes in a serving estimate: the queueing figures (rate per replica, replicas and GPUs
needed, waits, loaded latencies) from the replica's figures and what the queue reads that no rate changes
(:func:`queue_kept`; core/inference.py keeps both per input but the rate within an active PassMemo)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core.adp_hold import hold_survival, survival_quantile
from gpudesk.core.batch_server import BatchServer, first_tokens, max_rate
from gpudesk.core.explain import FigureSet
from gpudesk.core.held_first_token import COMPOSED, held_wait_quantiles
from gpudesk.core.inference_disagg import (
    decode_rate,
    kv_transfer_s,
    own_iteration,
    pool_sizes,
    prefill_queue,
    prefill_rate,
    prefill_wait,
)
from gpudesk.core.inference_lengths import lognormal_quantile
from gpudesk.core.inference_queue import max_rate_for, wait_law, wait_quantile
from gpudesk.core.inference_server import add_server_figures, server_rate, tpot_at_rate
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.token_budget import (
    BUDGET_SPAN,
    BUDGET_WAIT,
    budgeted_first_token,
    budgeted_rate,
    record_idle_first_token,
)

if TYPE_CHECKING:
    from gpudesk.core.inference_inputs import InferenceInputs


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


STATIC_FIRST_PREFILL = ("prefill(b̄·I), b̄ the mean batch at the rate (on the chord between prefill(I) and prefill(C·I)): a "
                        "static batch's first tokens come after its whole prefill")
STATIC_WAIT = ("the batch server at the rate per replica, each replica queueing an even share of the requests as random "
               "or round-robin routing sends them (M/G^(1,C)/1: a request waits for the batch in progress to end, then for "
               "the full batches ahead of it; mean u·(T/2 + W_q(M/D/C)), u the share of time a batch runs)")

def queue_kept(inp: InferenceInputs, a: dict[str, np.ndarray], rep: ReplicaModel, service: np.ndarray,
               c1: np.ndarray, valid: np.ndarray, prompt: np.ndarray, prompt_tail: np.ndarray, prefill_tail: np.ndarray,
               out_tail: np.ndarray, tpot: np.ndarray, k: np.ndarray, z: float,
               parts: dict[str, np.ndarray] | None = None, pre: ReplicaModel | None = None,
               batch: BatchServer | None = None) -> dict[str, Any]:
    """What the queueing figures read that no request rate changes, kept with the replica (core/inference.py
    ``_kept_replica``): the prefills of the median, tail and P99 prompts, the highest rate per replica (the Server
    scenario's result; a disaggregated decode instance's), a disaggregated prefill instance's batched queue, highest
    rate and KV transfers. Reads nothing of ``a["request_rate"]`` (the kept replica's ``a`` holds the rate it was
    first estimated at). ``prefill_tail`` is the prefill of the input length at the percentile (I_p); ``parts``: the
    Server scenario's (core/inference_server.py), else each request queues whole for C slots; ``pre``: the instance
    prompts are prefilled on (a disaggregated prefill pool's; else the replica); ``batch``: a static replica's batch
    server (core/batch_server.py), whose waits, batch and prefill the first token reads at the rate."""
    pre = rep if pre is None else pre
    q_tail = 1.0 - float(inp.percentile)
    median_prompt = lognormal_quantile(prompt, a["prompt_sd"], 0.0)
    p99_prompt = np.minimum(lognormal_quantile(prompt, a["prompt_sd"], NormalDist().inv_cdf(0.99)),
                            float(inp.model.max_context) if inp.model.max_context else np.inf)
    prefill_med, prefill_p99 = pre.prefill(median_prompt, median_prompt), pre.prefill(p99_prompt, p99_prompt)
    kept: dict[str, Any] = {"q_tail": q_tail, "prefills": (prefill_med, prefill_tail, prefill_p99), "server": None,
                            "batch": batch,
                            "disagg": None, "hold": None, "chord": None,
                            "prompts": (median_prompt, prompt_tail, p99_prompt)}
    if inp.disaggregated:  # the decode instance admits at once; the first-token budgets go to the prefill queue
        queue = prefill_queue(pre, prompt, a["prompt_sd"])
        moves = tuple(kv_transfer_s(inp, pre, rep, t) for t in (median_prompt, prompt_tail, p99_prompt))
        checks = [(a["ttft_target_s"], 0.5, prefill_med, moves[0] + tpot),
                  (a["ttft_tail_target_s"], q_tail, prefill_tail, moves[1] + tpot),
                  (a["e2e_target_s"], q_tail, prefill_tail, moves[1] + tpot + out_tail * tpot)]
        kept["disagg"] = {"queue": queue, "moves": moves, "pre_gpus": pre.gpus,
                          "pre_rate": np.where(valid, prefill_rate(queue, checks), 0.0)}
        kept["lam_max"] = np.where(valid, decode_rate(c1, service, z), 0.0)
    elif parts is not None:
        parts = {**parts, "prefill_median": prefill_med, "prompt_median": median_prompt}
        targets = {"ttft": a["ttft_target_s"], "ttft_tail": a["ttft_tail_target_s"], "tpot": a["tpot_target_s"],
                   "e2e": a["e2e_target_s"]}
        kept["hold"] = balancer_hold(inp, rep)
        kept["chord"] = (parts, z)
        kept["server"] = budgeted_rate(parts, targets, z, q_tail, server_rate(parts, targets, z, q_tail, kept["hold"],
                                                                             inp.server_ttft_tail))
        kept["wait"] = (parts["prefill"], 1.0, parts["k"])  # the prefill queue
    elif batch is not None:  # static batching: a batch server, its first tokens after the batch's prefill
        bounds = [(a["ttft_target_s"], 0.5, "first"), (a["ttft_tail_target_s"], q_tail, "first"),
                  (a["e2e_target_s"], q_tail, "last")]
        kept["lam_max"] = np.where(valid, max_rate(batch, tpot, bounds), 0.0)
    else:  # the offline scenario: the hold (if any) shows in the first token, binds nothing
        kept["hold"] = balancer_hold(inp, rep)
        budgets = wait_budgets(a, prefill_med + tpot, prefill_tail + tpot, out_tail, tpot, q_tail)
        kept["lam_max"] = np.where(valid, max_rate_for(service, c1, budgets, k), 0.0)
        kept["wait"] = (service, c1, k)  # one of C slots holding a whole request
    return kept


def balancer_hold(inp: InferenceInputs, rep: ReplicaModel) -> tuple[np.ndarray, int, int] | None:
    """What the ADP balancer's hold reads of the plan (core/adp_hold.py): (attention ranks G, timeout T, batching
    wait W iterations); None where the engine holds nothing (balancing off, or no attention data-parallel)."""
    groups = np.asarray(rep.attention_groups, dtype=np.float64)
    if not inp.prompts_aligned or not np.any(groups > 1):
        return None
    return groups, int(inp.adp_timeout_iters), int(inp.adp_batching_wait_iters)


def holds_at(args: tuple[np.ndarray, int, int], rate: np.ndarray, in_flight: np.ndarray, iteration: np.ndarray,
             exceeds: tuple[float, ...], survival: np.ndarray | None = None) -> tuple[np.ndarray, ...]:
    """The balancer's holds (s) that each share of ``exceeds`` of first tokens exceeds (``args``:
    :func:`balancer_hold`), from one survival of the hold (adp_hold.hold_quantile's, read at each share; ``survival``
    where the caller has it, :func:`hold_law`)."""
    shape = np.broadcast_shapes(*(np.shape(x) for x in (rate, iteration, args[0], in_flight)))
    survival = hold_law(args, rate, in_flight, iteration) if survival is None else survival
    t = np.broadcast_to(np.asarray(iteration, dtype=np.float64), shape).ravel()
    return tuple(survival_quantile(survival, t, q).reshape(shape) for q in exceeds)


def hold_law(args: tuple[np.ndarray, int, int], rate: np.ndarray, in_flight: np.ndarray,
             iteration: np.ndarray) -> np.ndarray:
    """The hold's survival (adp_hold.hold_survival) at ``rate``, one row a cell of the inputs' broadcast shape."""
    groups, timeout, wait = args
    return hold_survival(rate, iteration, groups, in_flight, timeout, wait)


def _holds(fs: FigureSet, kept: dict[str, Any], per_rep: np.ndarray, tpot: np.ndarray, out: np.ndarray,
           shares: tuple[float, ...]) -> tuple[tuple[Any, ...], tuple[np.ndarray, np.ndarray, np.ndarray] | None]:
    """The balancer's hold of the median, tail and P99 first token at the rate per replica (zeros where the engine
    holds nothing; ``shares`` the shares of first tokens exceeding each, the P99's left out where nothing reads it),
    and the (iteration, sequences in flight, the hold's survival) it was read at (None there); the median's and the
    tail's recorded as figures where it holds."""
    args = kept["hold"]
    if args is None:
        return (0.0,) * len(shares), None
    if kept["chord"] is not None:  # the Server scenario: the iteration at the rate, t = A / (1 − λ·O·B)
        iteration = tpot_at_rate(kept["chord"][0], per_rep, kept["chord"][1])[0]
        iteration = np.where(np.isfinite(iteration), iteration, tpot)
        it_how = "the iteration at the rate, t(n) = A + B·n (Server scenario)"
    else:
        iteration, it_how = tpot, "the engine batch's iteration (TPOT)"
    in_flight = per_rep * out * iteration  # Little's law
    survival = hold_law(args, per_rep, in_flight, iteration)  # read again by the held waits (_held_waits)
    holds = holds_at(args, per_rep, in_flight, iteration, shares, survival)
    deps = ["infer.in.adp_timeout_iters", "infer.in.adp_batching_wait_iters", "infer.in.prompts_aligned",
            "infer.in.tp", "infer.in.ep", "infer.replicas_needed", "infer.in.request_rate", "infer.tpot_s"]
    how = ("w with P(hold > w) = q: the attention data-parallel balancer holds new prompts until every one of the "
           "G = max(t, e)/t attention ranks has one, then W iterations more, or T iterations (its timeout) while "
           "some rank has none: a cycle of L = K + W iterations for K ≤ T, else T, P(K ≤ k) = (1 − e^(−m·k))^G, m "
           "= λ·t/G prompts per rank per iteration; P(hold > w) = (1 − e^(−n/G))^G · Σ P(L)·(L − w)⁺ / E[L] (a "
           "prompt waits the rest of its cycle, and only while every rank decodes, n = λ·O·t sequences in flight); "
           "t " + it_how)
    fs.add("infer.ttft_hold_s", holds[0], "s", "first token's hold in the attention data-parallel balancer (P50)",
           how + "; q = 0.5", deps)
    fs.add("infer.ttft_hold_tail_s", holds[1], "s",
           "first token's hold in the attention data-parallel balancer at the percentile", how + "; q = 1 − p",
           [*deps, "infer.in.percentile"])
    return holds, (iteration, in_flight, survival)


def _held_waits(kept: dict[str, Any], per_rep: np.ndarray, at: tuple[np.ndarray, np.ndarray, np.ndarray],
                waits: tuple[Any, ...], holds: tuple[Any, ...]) -> tuple[np.ndarray, ...]:
    """Hold + wait of the median, tail and P99 first token (as many as ``waits`` and ``holds`` give), each the
    percentile of the sum (core/held_first_token.py), the hold read at ``at`` (iteration, sequences in flight, the
    hold's survival there; :func:`_holds`)."""
    groups, timeout, wait = kept["hold"]
    iteration, in_flight, survival = at
    shape = np.broadcast_shapes(np.shape(per_rep), np.shape(iteration), np.shape(waits[0]), np.shape(holds[0]))

    def flat(x: Any) -> np.ndarray:
        return np.broadcast_to(np.asarray(x, dtype=np.float64), shape).ravel()

    if survival.shape[0] != math.prod(shape):  # the waits' cells span more than the holds' (one row a cell)
        survival = hold_survival(flat(per_rep), flat(iteration), flat(groups), flat(in_flight), timeout, wait)
    p_wait, mu = (flat(x) for x in wait_law(per_rep, *kept["wait"]))
    both = held_wait_quantiles((0.5, kept["q_tail"], 0.01)[:len(waits)], survival, flat(iteration), p_wait, mu,
                               [flat(h) for h in holds], [flat(w) for w in waits])
    return tuple(np.reshape(x, shape) for x in both)


def _transfers(fs: FigureSet, kept: dict[str, Any], tpot: np.ndarray) -> None:
    """The KV transfers of the median and the tail prompts, as figures (0 where not disaggregated)."""
    dis = kept["disagg"]
    moves = dis["moves"] if dis is not None else (np.zeros_like(tpot),) * 3
    link = ["hw.scaleup_bw", "hw.scaleup_domain", "hw.scaleout_bw", "infer.prefill_gpus_per_instance",
            "infer.gpus_per_replica"] if dis else []
    for key, label, i, who in (("infer.kv_transfer_median_s", "KV cache transfer prefill → decode (median prompt)", 0,
                                "median prompt"),
                               ("infer.kv_transfer_s", "KV cache transfer prefill → decode", 1, "prompt at the percentile")):
        fs.add(key, moves[i], "s", label,
               f"KV bytes of the {who} / (link bandwidth per GPU · GPUs of the smaller instance): NVLink where one "
               "prefill and one decode instance (a stated block: both pools) fit one scale-up domain, else the "
               "scale-out network" if dis else f"0: not disaggregated ({who})",
               [*link, "infer.in.prompt_tokens" if i == 0 else "infer.prompt_tokens_tail"])


def _first_token(fs: FigureSet, kept: dict[str, Any], rate: np.ndarray, replicas: np.ndarray,
                 pre_inst: np.ndarray | None, tpot: np.ndarray) -> tuple[Any, ...]:
    """The first token's parts at the rate: (waits, prefills, KV transfers), each of the median, tail and P99 prompts,
    and the first iteration; the median's and the tail's recorded as figures."""
    dis = kept["disagg"]
    waits: tuple[np.ndarray, ...]
    prefills: tuple[np.ndarray, ...]
    if kept["batch"] is not None:
        per_rep = np.where(rate > 0, rate / replicas, 0.0)
        law, waits, prefill = first_tokens(kept["batch"], per_rep, (0.5, kept["q_tail"], 0.01))
        fs.add("infer.batch_at_rate", law.batch, "sequences", "mean static batch at the rate per replica",
               "b̄ = min(C, λ·T(b̄) + e^(−λ·T(b̄))): a batch takes the requests waiting when it starts, at most C, and "
               "one when it finds none (e^(−λT): the chance of that); T(b) on the chord between T(1) and T(C)",
               ["infer.concurrency", "infer.batch_time_one_s", "infer.requests_per_s", "infer.replicas_needed",
                "infer.in.request_rate"])
        prefills, moves = (prefill,) * 3, (np.zeros_like(tpot),) * 3
        how, own = STATIC_WAIT, STATIC_FIRST_PREFILL
    elif dis is None:
        per_rep = np.where(rate > 0, rate / replicas, 0.0)
        wait = kept["wait"]
        waits = tuple(wait_quantile(per_rep, wait[0], wait[1], q, wait[2]) for q in (0.5, kept["q_tail"], 0.01))
        prefills, moves = kept["prefills"], (np.zeros_like(tpot),) * 3
        how = ("the prefill queue at the rate per replica (M/G/1, one prompt at a time)" if kept["server"] is not None
               else "one of C slots holding a whole request, at the rate per replica (M/G/c)")
        own = "prefill({})"
        budgeted = kept["chord"] is not None and "budget_tokens" in kept["chord"][0]
        if budgeted:  # the engine's token budget serves the queue and spreads each prompt over its chunks
            waits, prefills = budgeted_first_token(kept["chord"][0], per_rep, (0.5, kept["q_tail"], 0.01),
                                                   kept["prompts"], prefills, waits)
            how += "; " + BUDGET_WAIT
            own += "; " + BUDGET_SPAN
    else:
        queue = dis["queue"]
        per_pre = np.where(rate > 0, rate / pre_inst, 0.0)
        waits = tuple(prefill_wait(queue, per_pre, q) for q in (0.5, kept["q_tail"], 0.01))
        prefills = tuple(own_iteration(queue, per_pre, p) for p in kept["prefills"])
        moves = dis["moves"]
        how = ("a prefill instance at the rate per prefill instance: the iteration in progress + the M/G/1 queue of "
               "the prompts' shares of a full iteration")
        own = "prefill({}) + (n − 1)·d: the n − 1 prompts of its iteration at the rate per prefill instance"
    static = ["infer.batch_at_rate", "infer.batch_time_one_s", "infer.requests_per_s"] if kept["batch"] else []
    deps = ["infer.replicas_needed", "infer.in.request_rate", *(static or ["infer.queue_variability"]),
            *(["infer.prefill_batch_prompts", "infer.prefill_share_s", "infer.disagg_prefill_gpus"] if dis else [])]
    for i, (suffix, label, who) in enumerate((("", "(P50)", "median I"), ("_tail", "at the percentile", "I_p"))):
        fs.add(f"infer.ttft_wait{suffix}_s", waits[i], "s", f"first token's wait {label}",
               f"{'P50 wait' if i == 0 else 'wait at the percentile'} for {how}",
               [*deps, "infer.in.percentile"])
        fs.add(f"infer.ttft_prefill{suffix}_s", prefills[i], "s", f"first token's prefill {label}", own.format(who),
               ["infer.prefill_s", "infer.ttft_unloaded_s", "infer.batch_at_rate", "infer.concurrency"] if static
               else ["infer.prefill_s", "infer.prompt_tokens_tail", *deps[:2], *deps[3:]])
    first = fs.add("infer.ttft_first_step_s", tpot, "s", "first token's iteration",
                   "the decode instance's first iteration (TPOT), once the KV cache is there" if dis
                   else "one iteration (TPOT)", ["infer.tpot_s"])
    return waits, prefills, moves, first


def queue_figures(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], kept: dict[str, Any], gpus: np.ndarray,
                  valid: np.ndarray, service: np.ndarray, c1: np.ndarray, out_tail: np.ndarray,
                  tpot: np.ndarray) -> None:
    """The queueing figures at the request rate ``a["request_rate"]``, from what :func:`queue_kept` kept."""
    rate = a["request_rate"]
    out = np.maximum(a["output_tokens"], 1.0)
    dis = kept["disagg"]
    deps = ["infer.in.request_rate", "infer.in.ttft_target_s", "infer.in.ttft_tail_target_s",
            "infer.in.e2e_target_s", "infer.ttft_unloaded_s", "infer.requests_per_s", "infer.queue_variability",
            "infer.in.scenario"]  # offline: no latency target; interactive: the median TTFT at the percentile
    if kept["server"] is not None:
        lam_max = add_server_figures(fs, kept["server"], valid, [*deps[1:4], "infer.in.tpot_target_s", deps[-1]],
                                     held=kept["hold"] is not None, budgeted="infer.token_budget_sequences" in fs,
                                     ttft_tail=inp.server_ttft_tail)
        if "budget_tokens" in kept["chord"][0]:
            record_idle_first_token(fs, kept["chord"][0], kept["q_tail"], valid,
                                    {"ttft": a["ttft_target_s"], "ttft_tail": a["ttft_tail_target_s"],
                                     "e2e": a["e2e_target_s"]})
    elif dis is not None:
        lam_max = fs.add("infer.max_rate_per_replica", kept["lam_max"], "requests/s",
                         "highest rate per decode instance", "n / ((O + 1) · TPOT), n the most sequences in flight "
                         "with n + z_p·√n ≤ C (Poisson, M/G/∞: a request whose KV cache arrives finds a slot at the "
                         "percentile)", ["infer.requests_per_s", "infer.concurrency", "infer.in.percentile"])
        fs.add("infer.prefill_batch_prompts", dis["queue"]["batch"], "prompts", "prompts in a full prefill iteration",
               "max(1, ⌊M / I⌋), M the engine's tokens per iteration", ["infer.in.prompt_tokens", "mem.c.prefill_chunk"])
        fs.add("infer.prefill_share_s", dis["queue"]["share"], "s", "each prompt's share of a full prefill iteration",
               "prefill(b·I) / b", ["infer.prefill_batch_prompts", "infer.prefill_s"])
    else:
        lam_max = kept["lam_max"]
        fs.add("infer.max_rate_per_replica", lam_max, "requests/s",
               "highest rate per replica meeting the latency targets",
               "largest λ < C / T(C) whose waits in the batch server (M/G^(1,C)/1) stay within every target: P50 "
               "and at the percentile, wait + prefill(b̄·I) + one iteration ≤ the TTFT target; at the percentile, "
               "wait + T(b̄) ≤ the E2E target (bisection on λ)" if kept["batch"] is not None else
               "largest ρ·C/S whose waits stay within every budget: P50 ≤ TTFT target − TTFT₀(median I); at the "
               "percentile ≤ TTFT target − TTFT₀(I_p) and ≤ E2E target − (TTFT₀(I_p) + O_p·TPOT) (M/G/c: Sakasegawa "
               "× Allen-Cunneen, Newton on ρ)", deps[1:])
    with np.errstate(divide="ignore", invalid="ignore"):
        replicas = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
    replicas = np.where(np.isfinite(replicas), np.maximum(replicas, 1.0), np.nan)
    _transfers(fs, kept, tpot)
    pool_gpus = pre_inst = None
    per_rep = np.where(rate > 0, rate / replicas, 0.0)
    if dis is not None:
        pre_inst, dec_inst = pool_sizes(fs, inp, rate, dis["pre_rate"], lam_max, dis["pre_gpus"], gpus, deps)
        replicas, pool_gpus = pre_inst + dec_inst, pre_inst * dis["pre_gpus"] + dec_inst * gpus
        per_rep = np.where(rate > 0, rate / dec_inst, 0.0)
    # worded by what the plan is: an aggregated plan's formula read "(disaggregated: prefill + decode instances)"
    fs.add("infer.replicas_needed", replicas, "replicas", "replicas to serve the rate",
           "prefill instances + decode instances: prefill pool / GPUs per prefill instance + decode pool / GPUs per "
           "replica" if dis is not None else "⌈request rate / max rate per replica⌉",
           ["infer.disagg_prefill_gpus", "infer.prefill_gpus_per_instance", "infer.disagg_decode_gpus",
            "infer.gpus_per_replica"] if dis is not None else ["infer.max_rate_per_replica", "infer.in.request_rate"])
    if pool_gpus is None:
        fs.add("infer.gpus_needed", replicas * gpus, "GPUs", "GPUs to serve the rate", "replicas · GPUs per replica",
               ["infer.replicas_needed", "infer.gpus_per_replica"])
    else:
        fs.add("infer.gpus_needed", pool_gpus, "GPUs", "GPUs to serve the rate",
               "prefill pool + decode pool (disaggregated)", ["infer.disagg_prefill_gpus", "infer.disagg_decode_gpus"])
    waits, prefills, moves, first = _first_token(fs, kept, rate, replicas, pre_inst, tpot)
    shares = (0.5, kept["q_tail"], 0.01)[:3 if inp.ttft_p99 else 2]  # the P99's only reader is infer.ttft_p99_s
    holds, hold_at_rate = _holds(fs, kept, per_rep, tpot, out, shares) if dis is None else ((0.0, 0.0, 0.0), None)
    held_waits = waits if hold_at_rate is None else _held_waits(kept, per_rep, hold_at_rate, waits[:len(shares)],
                                                                 holds)
    ttft = [hw + p + m + first for hw, p, m in zip(held_waits, prefills, moves)]
    held = kept.get("hold") is not None and dis is None
    split = ["infer.ttft_wait_s", "infer.ttft_prefill_s", "infer.kv_transfer_median_s", "infer.ttft_first_step_s",
             *(["infer.ttft_hold_s"] if held else [])]
    tail_split = ["infer.ttft_wait_tail_s", "infer.ttft_prefill_tail_s", "infer.kv_transfer_s",
                  "infer.ttft_first_step_s", *(["infer.ttft_hold_tail_s"] if held else [])]
    fs.add("infer.ttft_s", ttft[0], "s", "time to first token (P50)",
           ("P50 of (wait + balancer hold) + prefill (median I) + KV transfer + first iteration; " + COMPOSED if held
            else "P50 wait + prefill (median I) + KV transfer + first iteration"), split)
    if inp.ttft_p99:
        fs.add("infer.ttft_p99_s", ttft[2], "s", "time to first token (P99)",
               ("P99 of (wait + balancer hold) + prefill (I at P99) + KV transfer + first iteration; " + COMPOSED
                if held else "P99 wait + prefill (I at P99) + KV transfer + first iteration"),
               [*tail_split, "infer.ttft_unloaded_s"])
    ttft_tail = fs.add("infer.ttft_at_percentile_s", ttft[1], "s", "time to first token at the latency percentile",
                       ("(wait + balancer hold) at the percentile + prefill (I_p) + KV transfer + first iteration; "
                        + COMPOSED if held else "wait at the percentile + prefill (I_p) + KV transfer + first iteration"),
                       [*tail_split, "infer.in.percentile"])
    if kept["batch"] is None:
        e2e = fs.add("infer.e2e_latency_s", ttft[0] + out * tpot, "s", "end-to-end latency (P50)",
                     "TTFT (P50) + O · TPOT", ["infer.ttft_s", "infer.tpot_s", "infer.in.output_tokens"])
        fs.add("infer.e2e_at_percentile_s", ttft_tail + out_tail * tpot, "s", "end-to-end latency at the percentile",
               "TTFT at the percentile + O_p · TPOT (a sum of quantiles: an upper bound)",
               ["infer.ttft_at_percentile_s", "infer.tpot_s", "infer.output_tokens_tail"])
    else:  # a static batch returns when its longest output ends
        run = kept["batch"].time_of(np.asarray(fs["infer.batch_at_rate"], dtype=np.float64))
        split = ["infer.batch_at_rate", "infer.batch_time_one_s", "infer.requests_per_s"]
        e2e = fs.add("infer.e2e_latency_s", waits[0] + run, "s", "end-to-end latency (P50)",
                     "P50 wait + T(b̄), the batch's time on the chord between T(1) and T(C)",
                     ["infer.ttft_wait_s", *split])
        fs.add("infer.e2e_at_percentile_s", waits[1] + run, "s", "end-to-end latency at the percentile",
               "wait at the percentile + T(b̄), the batch's time on the chord between T(1) and T(C)",
               ["infer.ttft_wait_tail_s", *split, "infer.in.percentile"])
    fs.add("infer.utilisation", per_rep * service / c1, "fraction", "replica utilisation ρ",
           "rate per replica · service time / C" if dis is None else "rate per decode instance · service time / C",
           ["infer.replicas_needed", "infer.requests_per_s"])
    fs.add("infer.in_flight", rate * e2e, "requests",
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

