"""LLM serving: TTFT, TPOT, throughput, KV limit, queueing and replicas.

Step times: :mod:`gpudesk.core.inference_step`; queueing: :mod:`gpudesk.core.inference_queue`.

* continuous batching at concurrency C: one iteration decodes C sequences at the mean context (prompt + output/2)
  and, on average, prefills C/O new prompts (chunked prefill shares the weight stream): t_iter = t_decode(C) +
  (C/O)·t_prefill_compute(prompt) + the TP/EP collectives of the C·I/O prefill tokens the step carries beside its C
  decode tokens. TPOT = t_iter, tokens/s = C / t_iter.
* static batching (TensorRT-LLM's gptSessionBenchmark): B·O / (t_prefill(B·prompt) + O_max·t_decode(B)), the
  batch running until its longest output ends (O_max = E[max of B outputs], core/inference_batch.py).
* C, the engine's maximum batch, is given or derived: the largest C whose KV cache fits at the latency percentile
  (``mem.max_concurrency`` with the length spread, core/inference_lengths.py) and whose iteration meets the TPOT
  target and leaves the end-to-end target reachable.
* replicas = ⌈request rate / highest rate per replica meeting the TTFT targets (median and at the percentile) and
  the end-to-end target⌉; GPUs = replicas × GPUs per replica. Disaggregated serving sizes a prefill pool and a
  decode pool separately and adds the KV-cache transfer over the scale-out network to TTFT. An attention
  data-parallel engine that balances its ranks holds new prompts (core/adp_hold.py): the hold joins the first token.
* Request lengths have a mean and a spread (log-normal): means size the throughput, the tail lengths at the
  percentile size latency and the KV cache, and the spread widens the queue (core/inference_lengths.py).
"""

from __future__ import annotations

from dataclasses import replace
from statistics import NormalDist

import numpy as np

from gpudesk.core.adp_hold import record_hold_inputs
from gpudesk.core.adp_release import RELEASE_FORMULA, UNALIGNED_FORMULA
from gpudesk.core.constants import QUEUE_VARIABILITY_FACTOR as QV
from gpudesk.core.context_attention import record_context_attention
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.engine_release import record_gemm_peak, record_layer_stack, scores_clause, unfused
from gpudesk.core.engine_release import record_host as record_engine_host
from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_batch import batch_server, bound_shares, static_batch
from gpudesk.core.inference_concurrency import largest_concurrency, static_ttft_batch
from gpudesk.core.inference_disagg import prefill_instance
from gpudesk.core.inference_inputs import (
    BATCHING,
    FIELDS,
    LABELS,
    LENGTH_INPUTS,
    SCENARIOS,
    UNITS,
    InferenceInputs,
    serving_math,
)
from gpudesk.core.inference_lengths import concurrency_with_spread, record_lengths, service_cv2
from gpudesk.core.inference_load import KeptState, queue_figures, queue_kept
from gpudesk.core.inference_server import server_parts
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.pass_memo import fields_key, memoised_by
from gpudesk.core.step_constants import record_step_constants
from gpudesk.core.token_budget import record_token_budget, server_budget_parts
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import ENGINE_RELEASE, SERVING_BATCHING, SERVING_SCENARIO
from gpudesk.vocabulary.sizing import BOTTLENECK, SERVING_BOTTLENECKS

SERVING_CODES = np.asarray(SERVING_BOTTLENECKS)  # infer.bottleneck codes by the index the model assigns

def _memory(inp: InferenceInputs, a: dict[str, np.ndarray], groups: np.ndarray, batch: np.ndarray,
            search: bool = True) -> FigureSet:
    """The replica's memory at ``batch`` sequences; ``search``: with mem.min_gpus (when ``inp.layout_search``)."""
    hw = inp.hardware
    return estimate_memory(MemoryInputs(
        model=inp.model, mode="inference", weight_dtype=inp.weight_dtype, kv_dtype=inp.kv_dtype,
        seq_len=a["prompt_tokens"] + a["output_tokens"], micro_batch=np.maximum(batch / groups, 1.0),
        tp=a["tp"], pp=a["pp"], ep=a["ep"], serving_fraction=inp.serving_fraction, search=inp.layout_search and search,
        engine_release=inp.engine_release, **hw.memory_fields()))


def estimate_inference(inp: InferenceInputs) -> FigureSet:
    """Every infer.* figure for each candidate. Within an active PassMemo the replica's figures are kept per input
    but the request rate (:func:`_kept_replica`): an edit of the rate runs only the queue (core/inference_load.py)."""
    if inp.batching not in BATCHING or inp.scenario not in SCENARIOS:
        raise ValueError(f"unknown batching {inp.batching!r} or scenario {inp.scenario!r}; known: "
                         f"{', '.join(BATCHING)} / {', '.join(SCENARIOS)}")
    if inp.scenario == "offline":  # throughput only: no latency target binds
        inp = replace(inp, ttft_target_s=0.0, ttft_tail_target_s=0.0, tpot_target_s=0.0, e2e_target_s=0.0)
    if inp.scenario == "interactive":  # every user's first token: the median target must hold at the percentile
        median = np.asarray(inp.ttft_target_s, dtype=np.float64)
        tail = np.asarray(inp.ttft_tail_target_s, dtype=np.float64)
        inp = replace(inp, ttft_tail_target_s=np.where((median > 0) & ((tail <= 0) | (median < tail)), median, tail))
    if inp.batching == "disaggregated":
        inp = replace(inp, disaggregated=True)
    kept, a, state = _kept_replica(inp)
    fs = kept.without()  # the kept set is never changed: the rate's input and the queue go into a copy
    a = {**a, "request_rate": np.broadcast_to(np.asarray(inp.request_rate, dtype=np.float64), a["tp"].shape)}
    fs.input("infer.in.request_rate", a["request_rate"], UNITS["request_rate"], LABELS["request_rate"])
    return _rate_part(fs, inp, a, state)


@memoised_by(lambda inp: fields_key(inp, shape_only="request_rate"))
def _kept_replica(inp: InferenceInputs) -> tuple[FigureSet, dict[str, np.ndarray], KeptState]:
    """The replica's figures (none reads the rate), its inputs ``a`` and what the rate's part reads (KeptState)."""
    m, hw = inp.model, inp.hardware
    math = serving_math(inp.weight_dtype, inp.compute_dtype)
    arrays = np.broadcast_arrays(*(np.asarray(getattr(inp, f), dtype=np.float64) for f in FIELDS), np.zeros(hw.size))
    a = dict(zip(FIELDS, arrays[:-1]))
    fs = FigureSet()
    lengths = LENGTH_DATASET.term(inp.length_dataset)  # "none": the plan's own lengths, "user input"
    for f in FIELDS:
        fs.input(f"infer.in.{f}", a[f], UNITS[f], LABELS.get(f, f.replace("_", " ")),
                 str(lengths.source) if f in LENGTH_INPUTS else "user input")
    if inp.length_dataset != "none":
        fs.input("infer.in.length_dataset", inp.length_dataset, "", "data set the request lengths follow",
                 str(lengths.source), vocabulary=LENGTH_DATASET)
    level = float(inp.percentile)
    z = NormalDist().inv_cdf(level)
    fs.input("infer.in.percentile", level, "fraction", "level the tail targets hold at (0.95 = P95)")
    fs.input("infer.in.batching", inp.batching, "", "batching mode", vocabulary=SERVING_BATCHING)
    fs.input("infer.in.scenario", inp.scenario, "", "serving scenario (offline: no latency target; interactive: "
             "the median TTFT target holds at the percentile)", vocabulary=SERVING_SCENARIO)
    fs.input("infer.in.prompts_aligned", "yes" if inp.prompts_aligned else "no", "",
             "engine holds new prompts until every attention group has one (the plan's attention data-parallel balance)")
    eff = Efficiencies.for_hardware(hw, math, inp.calibration)  # calibration: scaled efficiencies
    hw.record(fs, math)
    eff.record(fs, math)
    stated = inp.engine_release != "current"  # a plan that names no release keeps its figures and their record
    if stated:
        fs.input("infer.in.engine_release", inp.engine_release, "", "serving engine release that runs the plan",
                 vocabulary=ENGINE_RELEASE)
        record_gemm_peak(fs, inp.engine_release, hw, math)
    eager_share = record_layer_stack(fs, inp, m, hw) if unfused(inp.engine_release) else None
    context_rate = record_context_attention(fs, hw, eff, math) if inp.fp8_context_attention else None
    def build(tp: np.ndarray) -> ReplicaModel:
        return replace(ReplicaModel.build(m, hw, eff, tp, a["pp"], a["ep"], inp.weight_dtype, inp.kv_dtype, math,
                                          inp.engine_release, eager_share, inp.flash_attention),
                       prefill_attention=context_rate)

    rep = build(a["tp"])
    record_hold_inputs(fs, inp, rep.attention_groups)
    disagg = inp.disaggregated  # the prompts run on the prefill pool's instances (``pre``), the replica only decodes
    pre = prefill_instance(fs, inp, a, rep, build) if disagg else rep
    if stated:
        record_engine_host(fs, inp.engine_release, rep.host, hw.size)
    static = inp.batching == "static"
    prompt, out, read, limit, prompt_tail, out_tail = record_lengths(fs, a, static, m.max_context, z)
    hw_deps = record_step_constants(fs, rep, hw, math, inp.engine_release, inp.flash_attention, stated)

    groups = rep.attention_groups  # expert parallel wider than TP: attention runs data-parallel
    given = a["concurrency"]
    # a derived batch sizes the memory figures again at that batch (``redo``): the first estimate then only bounds the
    # batch by the KV cache, and leaves the fewest GPUs of one replica to the second
    redo = inp.derive_batch and bool(np.any(given <= 0))
    mem = _memory(inp, a, groups, np.where(given > 0, given, 1.0), search=not redo)
    length = prompt + out
    per_token = np.asarray(mem["mem.per_sequence"], dtype=float) / length
    length_sd = np.hypot(a["prompt_sd"], a["output_sd"])
    kv_cap = concurrency_with_spread(mem["mem.kv_budget"], mem["mem.per_sequence"], per_token, length_sd, z)
    kv_cap = np.where(np.isfinite(kv_cap), kv_cap * groups, 0.0) * np.ones(hw.size)
    upper = np.where(given > 0, np.minimum(given, kv_cap), kv_cap)
    fed = record_token_budget(fs, inp.max_tokens_per_iteration, a, groups, prompt, out)  # inf: no budget
    slots, upper = upper, np.minimum(upper, fed)
    prefill_tail = pre.prefill(prompt_tail, prompt_tail)
    e2e_iter = np.where(a["e2e_target_s"] > 0, (a["e2e_target_s"] - prefill_tail) / (out_tail + 1.0), np.inf)
    target = np.minimum(np.where(a["tpot_target_s"] > 0, a["tpot_target_s"], np.inf), e2e_iter)
    # prompts start unaligned across the attention groups unless the engine's balancer holds them (its releases'
    # imbalance instead: core/adp_release.py) or identical requests fed at once keep them in step (no TTFT target)
    unsync = ((a["ttft_target_s"] > 0) | (a["ttft_tail_target_s"] > 0)) if inp.identical_requests else \
        np.full(a["tp"].shape, not inp.prompts_aligned)
    if inp.prompts_aligned and not inp.identical_requests and np.any(np.asarray(groups) > 1):
        rep = replace(rep, adp_balancer=(int(inp.adp_timeout_iters), int(inp.adp_batching_wait_iters)))
    if inp.derive_batch:
        finite = np.isfinite(target)  # no target (the inference chart's sweep): the limits alone, nothing to search
        conc = np.where(finite, largest_concurrency(rep, upper, read, out, prompt, target, unsync, not disagg), upper) \
            if finite.any() else upper
        formula = ("largest C ≤ min(engine maximum, KV limit) whose iteration meets min(TPOT target, (E2E target − "
                   "prefill(I_p)) / (O_p + 1)); the engine maximum is the input when set")
        if static:  # a static batch's first tokens wait for its whole prefill: the batch meets the TTFT targets
            ttft = np.minimum(*(np.where(a[k] > 0, a[k], np.inf) for k in ("ttft_target_s", "ttft_tail_target_s")))
            conc = np.minimum(conc, static_ttft_batch(rep, conc, prompt, read, ttft))
            formula += "; static batching: at most the largest C whose prefill(C·I) + decode(C) meets the TTFT targets"
    else:
        conc = upper
        formula = "min(given batch, KV limit) (the search checks the latency targets itself)"
    if redo:  # the memory figures describe the derived batch
        mem = _memory(inp, a, groups, np.where(given > 0, given, np.maximum(conc, 1.0)))
    fs.merge(mem)
    fs.add("infer.max_concurrency_kv", kv_cap, "sequences", "sequences whose KV cache fits per replica",
           "largest C with C·A + z_p·sd(L)·a·√C ≤ F (F KV budget, A per sequence at the mean length L = I + O, "
           "a per token; sd 0: ⌊F/A⌋ = mem.max_concurrency) × attention groups max(t, e)/t",
           ["mem.kv_budget", "mem.per_sequence", "mem.max_concurrency", "infer.in.prompt_sd", "infer.in.output_sd",
            "infer.in.percentile", "infer.in.tp", "infer.in.ep"])
    budgeted = "infer.token_budget_sequences" in fs
    fs.add("infer.concurrency", conc, "sequences", "sequences in flight per replica (engine batch)",
           formula + ("; at most the sequences the token budget per iteration feeds" if budgeted else ""),
           ["infer.in.concurrency", "infer.max_concurrency_kv", "infer.in.tpot_target_s", "infer.in.e2e_target_s",
            *(["infer.token_budget_sequences"] if budgeted else [])])
    c1 = np.maximum(conc, 1.0)
    dec = rep.decode_step(c1, read)
    fs.add("infer.decode_step_s", dec["total"], "s", "decode step (batch C)",
           "((2·" + ("(N − N_routed + w·N_routed/r_moe)" if rep.model.is_moe else "N")  # a dense model routes none
           + "·C/(g·peak·η_mm))^p + (weight bytes/(bw·η_hbm))^p)^(1/p) + max(attention "
           "FLOPs/(peak·η_attn), KV bytes/(bw·η_kv)) + TP/EP collectives + L · kernels per layer · kernel boundary + L · GEMMs per layer · NVFP4 GEMM fixed time (FP4 "
           "math on a family with a kernel measurement, else none)" + (" + host time per iteration + C · host time per sequence" if stated else "")
           + ("; plain PyTorch: infer.kernels_per_pass kernels, and eager at least infer.launch_s (the host issues "
              "them one by one; the step takes the longer)" if unfused(inp.engine_release) else "")
           + scores_clause(inp.flash_attention)
           + ("; pp pipeline stages: pp micro-batches of C/pp sequences in flight, each stage streaming its weights "
              "once per micro-batch (pp times an iteration) and running the collectives at C/pp tokens, with pp − 1 "
              "hand-offs between stages" if np.any(np.asarray(a["pp"]) > 1) else ""),
           [*hw_deps, "infer.concurrency", "infer.context_read", "infer.in.tp", "infer.in.pp", "eff.kernel_boundary",
            *(["infer.expert_wait", "infer.routed_gemm_share"] if rep.model.is_moe else []),
            *(["infer.host_iteration_s", "infer.host_per_sequence_s"] if stated else []),
            *(["infer.kernels_per_pass", "infer.launch_s", "eff.unfused_kv_bw"] if unfused(inp.engine_release)
              else [])])
    if disagg:  # the decode instances prefill nothing
        pre_share = np.zeros_like(c1)
    elif inp.batching == "separate_prefill":
        pre_share = c1 / out * rep.prefill_service(prompt, prompt)
    else:  # the prefill tokens mixed into a step ride its TP/EP collectives with the C decode tokens
        held = rep.adp_balancer is not None
        wait = fs.add("infer.prefill_wait_s", rep.prefill_wait(c1, prompt, out, unsync), "s",
                      "wait per iteration for the attention group that prefills the most",
                      RELEASE_FORMULA if held else UNALIGNED_FORMULA,
                      ["infer.concurrency", "infer.in.prompt_tokens", "infer.in.output_tokens", "infer.in.tp",
                       "infer.in.ep", "infer.in.prompts_aligned",
                       *(["infer.in.adp_timeout_iters", "infer.in.adp_batching_wait_iters"] if held else []),
                       *(["infer.in.ttft_tail_target_s"] if inp.identical_requests else [])])
        pre_share = rep.mixed_prefill(c1, prompt, out, wait=wait)
    run = None  # a static batch's (time, longest output, prefill)
    if static:  # the batch runs until its longest output ends; only the C·O real tokens count
        run = static_batch(fs, rep, c1, prompt, out, a["output_sd"], dec["total"], limit)
        total, tpot = run[0], dec["total"]
        tokens_s = c1 * out / total
        formula = "C · O / (prefill(C·I) + O_max · decode(C, I + O/2)), O_max = infer.output_tokens_batch_max"
    else:
        tpot = dec["total"] + pre_share
        tokens_s = c1 / tpot
        formula = ("C / decode(C): disaggregated, the decode instances prefill nothing" if disagg else
                   "C / (decode(C) + (C/O) · prefill(I)/pp): prefills as their own steps, a pipeline of pp stages taking a new one every stage time" if inp.batching ==
                   "separate_prefill" else "C / (decode(C) + (C/O) · prefill compute(I) + comm(C·(1 + I/O)) − "
                   "comm(C) + infer.prefill_wait_s): prefill mixed into steps, its tokens in each step's TP/EP "
                   "collectives")
    supported = np.isfinite(rep.compute_peak) & np.isfinite(rep.attention_peak)
    valid = supported & (conc >= 1)
    # unknown (NaN) where the catalog lacks the precision's peak; 0 where no concurrency meets the TPOT target
    tokens_s = np.where(valid, tokens_s, np.where(supported, 0.0, np.nan))
    fs.add("infer.tpot_s", np.where(valid, tpot, np.nan), "s", "time per output token", "one batching iteration",
           ["infer.decode_step_s", "infer.in.prompt_tokens", "infer.in.output_tokens"])
    if inp.power_shares:
        bound_shares(fs, rep, c1, read, prompt, pre_share, tpot, run, valid)
    fs.add("infer.tokens_per_s", tokens_s, "tokens/s", "output tokens/s per replica", formula,
           ["infer.decode_step_s", "infer.concurrency", "infer.in.output_tokens", "infer.in.batching"]
           + (["infer.prefill_wait_s"] if "infer.prefill_wait_s" in fs else []))
    gpus = rep.gpus
    fs.add("infer.gpus_per_replica", gpus, "GPUs", "GPUs per replica", "max(t, e) · p",
           ["infer.in.tp", "infer.in.ep", "infer.in.pp"])
    fs.add("infer.tokens_per_s_per_gpu", tokens_s / gpus, "tokens/s/GPU", "output tokens/s per GPU",
           "tokens/s / GPUs per replica", ["infer.tokens_per_s", "infer.gpus_per_replica"])
    fs.add("infer.tokens_per_s_per_user", np.where(valid, 1.0 / tpot, np.nan), "tokens/s", "output tokens/s one "
           "user sees", "1 / TPOT", ["infer.tpot_s"])
    prefill1 = fs.add("infer.prefill_s", pre.prefill(prompt, prompt), "s", "prefill of one prompt",
                      "max(GEMM + attention FLOPs / (peak·η) / serving GEMM share, weight stream) + collectives"
                      + ("; pp pipeline stages one after another: the prompt passes each in turn"
                         if np.any(np.asarray(a["pp"]) > 1) else "")
                      + (" (plain PyTorch: the eager stack's GEMM share eff.eager_share; the prefill runs eager, so "
                         "at least infer.launch_s)" if unfused(inp.engine_release) else "")
                      + ("; disaggregated: on a prefill instance" if disagg else "") + scores_clause(inp.flash_attention)
                      + ("; the prompt's attention at infer.context_attention_rate (FP8 context attention)"
                         if context_rate is not None else ""),
                      [*hw_deps, "infer.in.prompt_tokens", "infer.in.tp", "infer.in.pp",
                       *(["infer.context_attention_rate"] if context_rate is not None else []),
                       *(["infer.prefill_gpus_per_instance"] if disagg else []),
                       *(["eff.eager_share", "infer.launch_s"] if unfused(inp.engine_release) else [])])
    first = prefill1 if run is None else run[2]  # static: every first token waits for the whole batch's prefill
    ttft0 = first + tpot
    fs.add("infer.ttft_unloaded_s", ttft0, "s", "TTFT without queueing", "prefill(I) + one iteration" if run is None
           else "prefill(C·I) + one iteration: a static batch's first tokens come after its whole prefill",
           ["infer.prefill_s", "infer.tpot_s"] + ([] if run is None else ["infer.concurrency"]))
    service = (tpot if disagg else ttft0) + out * tpot  # a decode instance holds a slot from the first token on
    if run is not None:  # static: a request holds its slot until the batch's longest output ends, C requests a batch
        service = run[0] * np.ones_like(service)
    rps_cap = c1 / service if run is None else c1 / run[0]  # static: C requests a batch
    fs.add("infer.requests_per_s", np.where(valid, rps_cap, np.where(supported, 0.0, np.nan)), "requests/s",
           "request capacity per replica", ("C / ((O + 1) · TPOT): disaggregated, a decode replica" if disagg else
                                             "C / (TTFT + O · TPOT)") if run is None else
           "C / (prefill(C·I) + O_max · decode(C)): a static batch serves its C requests at once",
           ["infer.concurrency", "infer.ttft_unloaded_s", "infer.tpot_s"]
           + ([] if run is None else ["infer.output_tokens_batch_max"]))
    cv2 = service_cv2(service, tpot, a["output_sd"], prefill1, prompt, a["prompt_sd"])
    k = fs.add("infer.queue_variability", QV.value + cv2 / 2.0, "", "Allen-Cunneen factor (ca² + cs²)/2",
               "(1 + cs²)/2 with cs² = ((TPOT·sd(O))² + (prefill/I · sd(I))²) / S² (Poisson arrivals)",
               ["infer.tpot_s", "infer.prefill_s", "infer.in.output_sd", "infer.in.prompt_sd"])
    # the Server scenario of in-flight batching: the prefill queue and the per-query TPOT bound the rate (its parts
    # read no rate)
    parts = None if not inp.queue or static or inp.disaggregated or inp.scenario == "offline" else server_parts(
        rep, dec, pre_share, c1, np.maximum(slots, 1.0), conc >= slots,
        {"prompt": prompt, "prompt_sd": a["prompt_sd"], "output": out, "output_sd": a["output_sd"],
         "output_tail": out_tail},
        {"prefill": pre.service_of(prefill1), "prefill_tail": prefill_tail})
    if parts is not None and np.any(np.isfinite(fed)):
        parts.update(server_budget_parts(inp.max_tokens_per_iteration, a["pp"] * groups, prompt, prompt_tail, fed))
    code = np.where(dec["weights_bound"], 0.0, 2.0)
    code = np.where(dec["attention"] > dec["linear"], 1.0, code)
    code = np.where(dec["comm"] > np.maximum(dec["linear"], dec["attention"]), 3.0, code)
    code = np.where((given > 0) & (conc < given) | (given <= 0),
                    np.where(conc >= kv_cap, 4.0, np.where(np.isfinite(target), 5.0, code)), code)
    code = np.where(np.isfinite(fed) & (conc >= fed) & (fed < slots), 7.0, code)
    code = np.where(supported, code, 6.0)

    server = None if run is None or not inp.queue else batch_server(fs, rep, c1, read, out, prefill1, run)
    queue = queue_kept(inp, a, rep, service, c1, valid, prompt, prompt_tail, prefill_tail, out_tail, tpot, k, z,
                       parts, pre, server) if inp.queue else None

    return fs, a, KeptState(queue, rep.gpus, valid, service, c1, out_tail, tpot, code)


def _rate_part(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], kept: KeptState) -> FigureSet:
    """The figures that read the request rate (the queue's), and the bottleneck, added to ``fs``."""
    if kept.queue is not None:
        queue_figures(fs, inp, a, kept.queue, kept.gpus, kept.valid, kept.service, kept.c1, kept.out_tail, kept.tpot)
    fs.add("infer.bottleneck", SERVING_CODES[kept.code.astype(int)], "", "what limits throughput",
           "weights_bandwidth when the decode step reads weights longer than it computes, else compute; "
           "kv_bandwidth when attention outweighs the linear layers; communication when it outweighs both; "
           "kv_capacity or tpot_target when either caps the concurrency below the plan's; "
           "unsupported_precision where the part lacks the precision"
           + ("; token_budget where the engine's token budget per iteration feeds fewer sequences than the slots"
              if "infer.token_budget_sequences" in fs else ""),
           ["infer.decode_step_s", "infer.concurrency", "infer.max_concurrency_kv",
            *(["infer.token_budget_sequences"] if "infer.token_budget_sequences" in fs else [])], vocabulary=BOTTLENECK)
    return fs
