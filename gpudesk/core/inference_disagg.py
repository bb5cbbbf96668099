"""Disaggregated serving: a prefill pool and a decode pool, each of its own instances.

A disaggregated deployment runs prompts on prefill instances and hands their KV cache to decode instances, which
then only decode (no prompt shares their iterations). The two pools need not share a layout: NVIDIA's MLPerf
Inference v5.1 GB200 NVL72 Llama 3.1 405B Interactive run fed 2 generation servers of TP8 from 14 context servers
of TP4 (closed/NVIDIA/code/llama3_1-405b/tensorrt/run_disagg_405B/README.md, github.com/mlcommons/
inference_results_v5.1). A plan states:

* ``prefill_tp``: each prefill instance's tensor parallel degree (0 = the plan's ``tp``, the decode instances');
  pipeline and expert parallel are the plan's for both;
* ``prefill_pool_gpus`` and ``decode_pool_gpus``: one block of the deployment, repeated whole until the rate is
  served (both 0: each pool is sized from the rate on its own). Each must hold a whole number of its instances (the
  plan layer refuses one that does not, core/plan_workload.py; a search's layout that does not gets no block: NaN).

A request's first token (NVIDIA Dynamo, "SGLang Disaggregated Serving", docs.nvidia.com/dynamo/latest/backends/sglang/
sglang-disaggregation.html: the prefill worker runs the prompt and writes its KV cache into the decode worker's
memory, which polls for it and then decodes, streaming tokens to the client; TensorRT-LLM "Disaggregated Serving",
nvidia.github.io/TensorRT-LLM/features/disagg-serving.html: a context-only request, then a generation-only request
reading the KV cache the context executor kept; both read 2026-12-04) waits in the prefill instance's queue, runs
its prefill, crosses to the decode instance and leaves with the decode instance's first iteration:

    TTFT = prefill queue wait + prefill iteration + KV transfer + first decode iteration.

* **Prefill batched.** A prefill instance packs the waiting prompts into one iteration up to the engine's tokens
  per iteration M (``PREFILL_CHUNK_TOKENS``, 8192: vLLM's max_num_batched_tokens; TensorRT-LLM's max_num_tokens
  packs prompts the same way, "Tuning Max Batch Size and Max Num Tokens", nvidia.github.io/TensorRT-LLM/
  performance/performance-tuning-guide/tuning-max-batch-size-and-max-num-tokens.html, default 8192): b =
  max(1, ⌊M / I⌋) prompts of mean length I. A full iteration T(b) = prefill(b·I) serves b prompts, so the
  instance's capacity is b / T(b) and each prompt's share of it S = T(b)/b (a short prompt's prefill streams the
  weights once for b prompts; with pp pipeline stages T is one stage's time, ``ReplicaModel.prefill_service``: the
  instance starts an iteration every stage time, while each prompt's own prefill passes every stage). An iteration
  of n prompts takes T(1) + (n − 1)·d (d = (T(b) − T(1))/(b − 1), the
  chord), and while the instance is busy each iteration takes the prompts that came during the last: n =
  λ·T(n), n = λ·(T(1) − d)/(1 − λ·d) within [1, b].
* **Its queue.** A prompt waits at least for the iteration in progress (busy a share u = min(1, λ·T(n)/n) of the
  time, its remainder uniform: at exceedance q, T(n)·(1 − q/u) where u > q) and at least for the work ahead of it,
  an M/G/1 queue of the prompts' shares S (core/inference_queue.wait_quantile, one server, Allen-Cunneen (1 +
  (sd(I)/I)²)/2), whose wait holds the residual of the share in service: the wait is the longer of the two (b = 1:
  the M/G/1 queue of whole prefills, exact; between, the iteration in progress while iterations grow with the
  load, the queue as n nears b). Then it runs with the n − 1 prompts of its iteration: prefill(I_x) + (n − 1)·d.
* **KV transfer.** KV bytes of the prompt over the link between the instances: NVLink-class scale-up where one
  prefill and one decode instance (a stated block: both pools) fit one scale-up domain, else the scale-out
  network; each GPU of the smaller instance carries its share.
* **Decode pool.** TPOT is the decode instance's iteration alone; a transferred request must find a free slot at
  once (no TTFT budget is left to wait for one): the sequences in flight are Poisson(n) (M/G/∞, as the Server
  scenario's slots, core/inference_server.py), n + z_p·√n ≤ C, so a decode instance serves n / ((O + 1)·TPOT).
  Every TTFT and end-to-end budget goes to the prefill queue.

Reads nothing but its arguments (core/inference.py and core/inference_load.py call it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core.branched_bisection import branch_midpoints, follow
from gpudesk.core.constants import PREFILL_CHUNK_TOKENS, QUEUE_VARIABILITY_FACTOR
from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_queue import law_at, law_quantile, queue_terms
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.model_math import kv_cache_bytes

if TYPE_CHECKING:
    from gpudesk.core.inference_inputs import InferenceInputs


def pools_stated(inp: InferenceInputs) -> bool:
    """Whether the plan states one block's two pools (both sizes above 0)."""
    return float(inp.prefill_pool_gpus) > 0 and float(inp.decode_pool_gpus) > 0


def prefill_instance(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], decode: ReplicaModel,
                     build: Callable[[np.ndarray], ReplicaModel]) -> ReplicaModel:
    """The prefill pool's instance (``build`` at its tensor parallel degree; the decode instance itself where the
    degree is the same), its inputs and its GPUs recorded."""
    tp = np.where(np.asarray(inp.prefill_tp, dtype=float) > 0, np.asarray(inp.prefill_tp, dtype=float), a["tp"])
    fs.input("infer.in.prefill_tp", np.asarray(inp.prefill_tp, dtype=float) * np.ones_like(a["tp"]), "GPUs",
             "tensor parallel of each prefill instance (0 = the decode instances')")
    fs.input("infer.in.prefill_pool_gpus", float(inp.prefill_pool_gpus), "GPUs",
             "prefill pool of one block (0 = sized from the rate)")
    fs.input("infer.in.decode_pool_gpus", float(inp.decode_pool_gpus), "GPUs",
             "decode pool of one block (0 = sized from the rate)")
    pre = decode if np.array_equal(tp, a["tp"]) else build(tp)
    fs.add("infer.prefill_gpus_per_instance", pre.gpus * np.ones_like(a["tp"]), "GPUs", "GPUs per prefill instance",
           "max(prefill t, e) · p (prefill t = the decode instances' t where not stated)",
           ["infer.in.prefill_tp", "infer.in.tp", "infer.in.ep", "infer.in.pp"])
    return pre


def pool_sizes(fs: FigureSet, inp: InferenceInputs, rate: np.ndarray, pre_rate: np.ndarray, lam_max: np.ndarray,
               pre_gpus: np.ndarray, dec_gpus: np.ndarray, deps: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(prefill instances, decode instances) serving ``rate``: whole blocks of the stated pools, else each pool on
    its own; the pools' GPUs as figures."""
    fs.add("infer.max_prefill_rate_per_instance", pre_rate, "requests/s", "highest rate per prefill instance",
           "largest λ whose first tokens meet every target: wait(λ) at P50 / the percentile (iteration in progress "
           "+ M/G/1 queue of the prompts' shares) + prefill(I_x) + (n(λ) − 1)·d + KV transfer(I_x) + first decode "
           "iteration ≤ TTFT target (P50: median I; percentile: I_p), + O_p·TPOT ≤ E2E target (bisection on λ < "
           "b/T(b))", ["infer.prefill_batch_prompts", "infer.prefill_share_s", "infer.prefill_s",
                       "infer.kv_transfer_s", "infer.tpot_s", *deps])
    deps = [*deps, "infer.max_prefill_rate_per_instance"]
    with np.errstate(divide="ignore", invalid="ignore"):
        if pools_stated(inp):
            n_pre, n_dec = float(inp.prefill_pool_gpus) / pre_gpus, float(inp.decode_pool_gpus) / dec_gpus
            whole = (n_pre == np.floor(n_pre)) & (n_dec == np.floor(n_dec))  # else no such block (the plan refuses it)
            block = fs.add("infer.disagg_block_rate", np.where(whole, np.minimum(n_pre * pre_rate, n_dec * lam_max),
                                                               np.nan), "requests/s",
                           "highest rate one block of the stated pools serves",
                           "min(prefill pool / GPUs per prefill instance · max prefill rate per instance, decode "
                           "pool / GPUs per replica · max rate per decode replica)",
                           [*deps, "infer.max_rate_per_replica", "infer.in.prefill_pool_gpus", "infer.in.decode_pool_gpus",
                            "infer.prefill_gpus_per_instance", "infer.gpus_per_replica"])
            blocks = np.where(rate > 0, np.ceil(rate / block), 1.0)
            pre_inst, dec_inst = blocks * n_pre, blocks * n_dec
            how = "⌈rate / block rate⌉ · {} pool of a block"
        else:
            pre_inst = np.where(rate > 0, np.ceil(rate / pre_rate), 1.0)
            dec_inst = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
            how = ""
    fs.add("infer.disagg_prefill_gpus", pre_inst * pre_gpus, "GPUs", "prefill pool (disaggregated)",
           how.format("prefill") or "⌈rate / max prefill rate per instance⌉ · GPUs per prefill instance",
           [*deps, "infer.prefill_gpus_per_instance"])
    fs.add("infer.disagg_decode_gpus", dec_inst * dec_gpus, "GPUs", "decode pool (disaggregated)",
           how.format("decode") or "⌈rate / max rate per decode replica⌉ · GPUs per replica", deps)
    return pre_inst, dec_inst


def kv_transfer_gpus(pre: ReplicaModel, decode: ReplicaModel) -> Any:
    """GPUs whose links carry one prompt's KV cache: the smaller instance's."""
    return np.minimum(pre.gpus, decode.gpus)


def kv_link_inside(inp: InferenceInputs, pre: ReplicaModel, decode: ReplicaModel) -> np.ndarray:
    """Whether the KV cache crosses an NVLink-class scale-up link: a stated block (both pools), else one prefill and
    one decode instance, fits one scale-up domain that is not PCIe."""
    together = float(inp.prefill_pool_gpus) + float(inp.decode_pool_gpus) if pools_stated(inp) \
        else pre.gpus + decode.gpus
    return np.asarray((together <= decode.links.scaleup_domain) & ~np.asarray(decode.hw.scaleup_is_pcie, dtype=bool))


def kv_transfer_s(inp: InferenceInputs, pre: ReplicaModel, decode: ReplicaModel, tokens: np.ndarray) -> np.ndarray:
    """Seconds to move the KV cache of a prompt of ``tokens`` from a prefill to a decode instance."""
    kv_bytes = kv_cache_bytes(inp.model, inp.kv_dtype, tokens, 1.0, decode.tp) * decode.tp
    bw = np.where(kv_link_inside(inp, pre, decode), decode.links.scaleup_bw, decode.links.scaleout_bw)
    return np.asarray(kv_bytes / (bw * kv_transfer_gpus(pre, decode)))


def prefill_queue(pre: ReplicaModel, prompt: np.ndarray, prompt_sd: np.ndarray) -> dict[str, np.ndarray]:
    """A prefill instance's batched service (module docstring): ``batch`` b, ``first`` T(1), ``slope`` d,
    ``share`` S = T(b)/b, ``k`` the work queue's Allen-Cunneen factor."""
    b = np.maximum(np.floor(PREFILL_CHUNK_TOKENS.value / np.maximum(prompt, 1.0)), 1.0)
    first = pre.prefill_service(prompt, prompt)  # with pp stages the instance takes an iteration every stage time
    full = pre.prefill_service(b * prompt, prompt)
    with np.errstate(divide="ignore", invalid="ignore"):
        slope = np.where(b > 1, (full - first) / (b - 1.0), 0.0)
        cs2 = np.where(prompt > 0, (prompt_sd / prompt) ** 2, 0.0)
    return {"batch": b, "first": first, "slope": slope, "share": full / b,
            "k": QUEUE_VARIABILITY_FACTOR.value + cs2 / 2.0}


def iteration_prompts(q: dict[str, np.ndarray], lam: np.ndarray) -> np.ndarray:
    """Prompts n in a busy prefill iteration at ``lam`` per instance: n = λ·T(n) within [1, b]."""
    d = q["slope"]
    room = 1.0 - lam * d
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        n = np.where(room > 0, lam * (q["first"] - d) / room, np.inf)
    return np.clip(n, 1.0, q["batch"])


def _busy_iteration(q: dict[str, np.ndarray], lam: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """((n − 1)·d, T(n), busy share u) of a prefill instance at ``lam``: the n − 1 other prompts' part of an
    iteration of n, the iteration, and the share of the time it is busy."""
    n = iteration_prompts(q, lam)
    others = (n - 1.0) * q["slope"]
    t_it = q["first"] + others
    with np.errstate(divide="ignore", invalid="ignore"):
        return others, t_it, np.minimum(lam * t_it / n, 1.0)


def _wait(law: tuple[np.ndarray, np.ndarray], exceed: float | np.ndarray, t_it: np.ndarray,
          busy: np.ndarray) -> np.ndarray:
    """The wait at ``exceed`` (:func:`prefill_wait`; an array of them: one wait each, stacked), the work queue's
    ``law`` (inference_queue.law_at) read once for every exceedance at one rate."""
    with np.errstate(divide="ignore", invalid="ignore"):
        residual = np.where(busy > exceed, t_it * (1.0 - exceed / busy), 0.0)
    return np.asarray(np.maximum(residual, law_quantile(law, exceed)))


def _queue_terms(q: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
    """The work queue's rate-free terms (inference_queue.queue_terms): M/G/1 of the prompts' shares."""
    return queue_terms(q["share"], 1.0, q["k"])


def prefill_wait(q: dict[str, np.ndarray], lam: np.ndarray, exceed: float) -> np.ndarray:
    """Wait at exceedance ``exceed`` before a prompt's iteration starts, at ``lam`` per prefill instance: the longer
    of the iteration in progress and the work queue of the prompts' shares (M/G/1; with one prompt per iteration,
    b = 1, the whole wait, its own residual included); infinite at or past capacity."""
    _others, t_it, busy = _busy_iteration(q, lam)
    return _wait(law_at(lam, _queue_terms(q)), exceed, t_it, busy)


def own_iteration(q: dict[str, np.ndarray], lam: np.ndarray, prefill_x: np.ndarray) -> np.ndarray:
    """A prompt's own prefill iteration at ``lam``: its prefill and the n − 1 prompts beside it."""
    return np.asarray(prefill_x + (iteration_prompts(q, lam) - 1.0) * q["slope"])


BISECTION_STEPS = 30
"""Halvings of the prefill rate's bracket [0, b/T(b)): 2⁻³⁰ (1e-9) of the capacity, far below any figure shown."""

PAIRED_ROWS = 256
"""Up to this many rows, :func:`prefill_rate` makes two halvings a pass: the midpoint and both midpoints the second
halving may take, read in one pass, then the one the first verdict picks (the same rates and verdicts as one
halving a pass; a third rate's work, half the passes). A pass costs ~50 µs of numpy calls whatever its rows, so it
pays where the rows are few (a priced configuration: one). Measured (three checks, CPU): two halvings a pass against
one, 0.66x at 1 row, 0.74x at 64, 0.86x at 256, 1.53x at 1,024."""

BRANCHED_ROWS = ((4, 6), (16, 5))
"""(most rows, k): up to this many rows :func:`prefill_rate` makes k halvings a pass instead of two, reading every
midpoint the k halvings may take (2^k − 1 rates a row) in one pass and following each row's verdicts down them
(core/branched_bisection.py): the same rates and verdicts, 30/k passes. Measured (three checks, CPU,
random one-row to 16-row queues against two halvings a pass): k = 6 0.69x at 1 row, 0.75x at 4;
k = 5 0.86x at 16; at 64 rows no k is faster (k = 3 1.01x), and more rates a pass cost more than they save."""


Check = tuple[np.ndarray, float, np.ndarray, np.ndarray]
"""(target s, exceedance, the prompt's own prefill s, the first token's fixed rest s) of one first-token check."""


def _halfway(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.asarray(0.5 * (lo + hi))


def prefill_rate(q: dict[str, np.ndarray], checks: list[Check]) -> np.ndarray:
    """Highest rate per prefill instance with wait(λ, exceedance) + own iteration(λ) + rest ≤ target for every
    check (a target of 0 is none); with none, its capacity b/T(b). The first token's time rises with λ: bisection."""
    cap = 1.0 / q["share"]
    active = [(np.where(np.asarray(t) > 0, t, np.inf), e, px, rest) for t, e, px, rest in checks
              if np.any(np.asarray(t) > 0)]
    if not active:
        return np.where(np.isfinite(cap), cap, 0.0)
    shape = np.shape(cap)
    # the checks stacked (checks × rates read × the rows' shape), each pass reading them all, elementwise as one alone
    target, px, rest = (np.stack([np.broadcast_to(np.asarray(c[k], dtype=np.float64), shape) for c in active])[:, None]
                        for k in (0, 2, 3))
    exceed = np.array([c[1] for c in active], dtype=np.float64).reshape((len(active), 1) + (1,) * len(shape))
    terms = _queue_terms(q)  # the queue's rate-free terms, once for every pass

    def met(lam: np.ndarray) -> np.ndarray:
        """Whether every check holds at each of the rates ``lam`` (rates read × the rows' shape)."""
        others, t_it, busy = _busy_iteration(q, lam)
        law = law_at(lam, terms)  # the same at every check: read once a pass
        return np.asarray(np.logical_and.reduce(_wait(law, exceed, t_it, busy) + px + others + rest <= target, axis=0))

    lo, hi = np.zeros_like(cap), np.where(np.isfinite(cap), cap, 0.0)
    left, paired = BISECTION_STEPS, np.size(cap) <= PAIRED_ROWS
    branched = next((k for rows, k in BRANCHED_ROWS if np.size(cap) <= rows), 0)
    while left >= branched > 0:
        mids = branch_midpoints(lo, hi, branched, _halfway)
        lo, hi = follow(met(mids), mids, lo, hi, branched)
        left -= branched
    while left:
        mid = 0.5 * (lo + hi)
        if paired and left >= 2:  # the second halving's midpoint is one of these two, as the first verdict picks
            below, above = 0.5 * (lo + mid), 0.5 * (mid + hi)
            ok, ok_below, ok_above = met(np.stack([mid, below, above]))
            lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
            mid, ok = np.where(ok, above, below), np.where(ok, ok_above, ok_below)
            left -= 1
        else:
            ok = met(mid[None])[0]
        lo, hi = np.where(ok, mid, lo), np.where(ok, hi, mid)
        left -= 1
    meets = np.ones(np.shape(cap), dtype=bool)
    for t, _exceed, x, r in active:  # not even an idle instance meets it: no rate
        meets &= x + r <= t
    return np.where(meets, lo, 0.0)


def decode_rate(c1: np.ndarray, service: np.ndarray, z: float) -> np.ndarray:
    """Highest rate per decode instance whose sequences in flight (Poisson, M/G/∞) find a slot at the percentile:
    n + z·√n ≤ C, rate n / service (service (O + 1)·TPOT)."""
    n = np.minimum((0.5 * (np.sqrt(z * z + 4.0 * c1) - z)) ** 2, c1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(np.isfinite(service) & (service > 0), n / service, 0.0)
