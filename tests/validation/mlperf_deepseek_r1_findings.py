"""The DeepSeek-R1 paragraphs of docs/validation.md's MLPerf Inference findings, from this run's results and the
runs' logs (mlperf_deepseek_r1.py): the output spread, the Offline drains, the per-iteration gap, and what limited
the v5.1 Server runs."""

from __future__ import annotations

import numpy as np
from mlperf_deepseek_r1 import (
    DELL_SERVER,
    NEBIUS_SERVER,
    OFFLINE_TAILS,
    RECIPE,
    RUNS,
    SERVER_LIMITS,
    output_cv,
    output_moments,
    output_quantiles,
    server_gaps,
    tokens_per_query,
)

from gpudesk.core.inference_drain import decode_steps


def _systems(by: dict, ids: list[str]) -> str:
    """'v6.0 Google B200'-style names of the cases' systems, each once."""
    names = (f"v{i[8]}.{i[9]} {by[i].citation.split(', ')[1]} {by[i].accelerator_id.upper()}" for i in ids)
    return ", ".join(dict.fromkeys(names))



def _errors(rows: list, by: dict, ids: list[str]) -> str:
    errs = {r.id: r.error for r in rows}
    return ", ".join(f"{by[i].accelerator_id.upper()} {by[i].scenario} {errs[i]:+.0%}" for i in ids if i in errs)



def _drains(by: dict, ids: list[str]) -> dict[str, tuple[float, float, float, float]]:
    """Offline case id -> (gpudesk's steady iteration ms, the drain's cost as a share of the run, the run's
    samples per instance, the share of the run after its P95 completion) at the case's layout
    (core/inference_drain.py via the runner)."""
    from mlperf_inference_prediction import mlperf_figures, offline_run  # it imports this module's cases

    out = {}
    for i in ids:
        c = by[i]
        fs = mlperf_figures(c, c.tp)
        run = offline_run(c, c.tp, fs)
        if run:
            per = c.queries * float(fs.value_at("infer.gpus_per_replica", 0)) / c.gpus
            out[i] = (float(fs.value_at("infer.tpot_s", 0)) * 1e3, 1.0 - run.factor, per,
                      run.time_after(per, 0.95) / run.seconds)
    return out



def _tails(by: dict, drains: dict) -> str:
    """The share of each logged Offline run spent after its P95 completion: the log's against gpudesk's drain."""
    return ", ".join(f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {(RUNS[i][3] - t[1]) / RUNS[i][3]:.0%} "
                     f"(gpudesk {drains[i][3]:.0%})" for i, t in OFFLINE_TAILS.items() if i in drains)



def deepseek_findings(rows: list, by: dict) -> str:
    """The DeepSeek-R1 paragraph of docs/validation.md's MLPerf Inference findings, from this run's results."""
    q = output_quantiles(DELL_SERVER)
    mean, sd = output_moments(DELL_SERVER)
    cv, cv_nebius = sd / mean, output_cv(NEBIUS_SERVER)
    out, prompt = 3880.0, 800.0
    context = prompt + (out * out + (cv * out) ** 2) / (2.0 * out)
    ds = {i: c for i, c in by.items() if c.task == "deepseek-r1"}
    recipe = [i for i, c in ds.items() if RECIPE in c.note]
    v51 = [i for i in ds if i.startswith("mlperf-i51") and i not in recipe]
    v60 = [i for i in ds if i.startswith("mlperf-i60") and i not in recipe]
    drains = _drains(by, [i for i, c in ds.items() if c.queries])
    means = sorted(c.output for i, c in ds.items() if i in RUNS)
    err = {r.id: r.error for r in rows}
    b200, b300 = "mlperf-i51-deepseek-r1-b200x8-offline", "mlperf-i60-deepseek-r1-b300x8-offline"
    m51 = 4096 / (by[b200].measured * 8) * 1e3
    m60 = 8192 / (by[b300].measured * 8) * 1e3
    share = sorted(d[1] for d in drains.values())
    from mlperf_inference_prediction import mlperf_inputs  # it imports this module's cases

    one = float(decode_steps(mlperf_inputs(by[b200], 1))(np.ones(1), np.full(1, context))[0]) * 1e3
    gaps = server_gaps(by)

    def gap(rnd: int) -> str:
        ms = sorted(t - g for i, (_, t, g) in gaps.items() if i.startswith(f"mlperf-i{rnd}"))
        return f"{ms[0]:.0f}-{ms[-1]:.0f}"
    return (
        "* **DeepSeek-R1 in MLPerf Inference** (`tests/validation/mlperf_deepseek_r1.py`). Layout: NVIDIA's v5.1 "
        "configs (closed/NVIDIA/configs/<system>/<scenario>/deepseek-r1.py, copy ykamiset/inference_results_v5.1, "
        "commit e9ccad4) run attention data-parallel over 8 GPUs x EP8 with 512 sequences per rank (4,096 per "
        "instance; GB300 Offline 1,536), FP4 weights, an FP8 KV cache and ADP balancing (waiting 3-9 iterations for "
        "Server, 2-6 on GB300, 10-50 or 10-500 for Offline, 2-6 on GB300), as do Dell's and Nebius's v6.0 configs "
        "(640 sequences per rank for Server, 1,024 and 1,536 for Offline); those cases take that layout (since "
        "2026-12-02; v5.1 GB300's since 2026-12-03, when its configs were found in the folder with the results' _TRT "
        "suffix, closed/NVIDIA/configs/GB300-NVL72_GB300-288GB_aarch64x72_TRT/: it read +45% offline and +195% server "
        f"in the recipe's layout). The runs whose config is not stored ({_systems(by, recipe)}) take {RECIPE}, its "
        "batch capped by the KV cache (since 2026-12-03); they took gpudesk's best tensor-parallel layout (TP4, ep = "
        "tp) before, where B200 read -52% (offline) and -41% (server) and GB300 -19% and +48%. **The output spread** "
        "(2026-12-03): "
        "MLCommons publishes the data set's mean output, not its spread, and the cases stated none, so gpudesk took "
        "every request at the mean. A Server log prints each query's latency at its percentiles, and in Dell's v6.0 "
        f"run ({DELL_SERVER['citation']}) the time per output token barely varies (P50 58.9 ms, P99 60.2 ms), so "
        "the latency percentiles are the output length's, (latency − mean TTFT) / mean TPOT: median "
        f"{q[0.5]:,.0f} tokens, P90 {q[0.9]:,.0f}, P95 {q[0.95]:,.0f}, P99 at the 20,000-token cap; over the data "
        f"set's 4,388 positions that is a mean of {mean:,.0f} (the log's own tokens per query: "
        f"{tokens_per_query(DELL_SERVER):,.0f}, so the reconstruction holds) and a standard deviation of "
        f"{sd:,.0f}, {cv:.2f}x the mean (Nebius's GB300 log: {cv_nebius:.2f}x; its TPOT spreads more). The cases "
        f"now state that spread ({cv:.2f}x the mean output). Under in-flight batching a sequence stays in the batch "
        "in proportion to its output, so a decode step reads a mean context of I + (O² + sd²)/(2·O) (the law was in "
        f"the model; core/inference_lengths.py): {context:,.0f} tokens, not {prompt + out / 2:,.0f}, and the KV "
        "cache holds fewer sequences at the percentile. Nothing was fitted. **Each run's own output** (2026-12-03): "
        f"where a stored copy holds the run's log, the case takes its tokens per sample ({means[0]:,.0f} to "
        f"{means[-1]:,.0f}, not the blog's 3,880, which only v5.1 B200, whose logs are not stored, keeps). **The "
        "end of an Offline run** (2026-12-03, core/inference_drain.py): LoadGen issues every sample at once and the "
        "run ends with its last completion; once the last sample is admitted the batch only shrinks, each slot "
        "finishing the rest of its request (the renewal excess, mean E[O²]/(2·E[O])), the longest up to the 20,000-"
        "token cap, at decode steps that cost nearly as much at a few sequences as at thousands (every step reads "
        "every expert), and the survivors are the long requests late in their output, whose context grows (from "
        "I + E[O²]/(2·E[O]) to twice that and more). The samples per run are the logs' (210,624 to 658,200: whole passes over the data set, "
        "shared by the system's 8-GPU instances) or, for v5.1 B200, its config's min_query_count (26,328); at "
        f"gpudesk's own step the drain costs {share[0]:.0%} to {share[-1]:.0%} of a run ("
        + ", ".join(f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {d[1]:.0%} at "
                    f"{d[2]:,.0f} samples" for i, d in drains.items()) + "). Nothing was fitted. The logs time the drains: every sample is "
        "issued at t = 0, so a latency percentile of an Offline log is the time by which that share of the run had "
        "ended, and after its P95 completion each run spent " + _tails(by, drains) + " of its time: the real drains "
        "are longer than gpudesk's, their iterations at a few sequences slower against the full batch's than "
        f"gpudesk's step, which there is the weight stream and the kernel boundaries ({one:.0f} ms on 8 B200), most of all "
        "in v5.1: a cost per iteration that does not shrink with the batch, the additive gap the DeepSeek-R1 recipes' "
        "and Qwen3 rows' iterations also show (above), which no published figure sets; not modelled. The Server logs "
        "measure it at a known batch: an instance held completed tokens/s x median TPOT sequences (Little's law), and "
        "the logged median TPOT exceeds gpudesk's iteration at that batch by " + ", ".join(
            f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {t - g:.0f} ms ({t:.1f} against {g:.1f} at {n:,.0f})"
            for i, (n, t, g) in gaps.items()) + f": {gap(51)} ms in the v5.1 engine, {gap(60)} ms in the v6.0 one, a "
        "per-iteration cost of the engine release that no input of a plan names. Now: v5.1 as "
        f"configured (NVIDIA, 8 B200, 72 GB200 and 72 GB300): {_errors(rows, by, v51)}; v6.0 as configured (Dell 8 "
        f"B300, Nebius 72 GB300): {_errors(rows, by, v60)}; the recipe's layout ({_systems(by, recipe)}): "
        f"{_errors(rows, by, recipe)}. What is left is the v5.1 engine: at its 4,096 sequences the B200 Offline "
        f"run averages {m51:.0f} ms per iteration over its whole run where gpudesk's steady iteration is "
        f"{drains[b200][0]:.0f} ms (its run {err[b200]:+.0%} with the drain), while Dell's v6.0 B300 run holds "
        f"8,192 sequences in {m60:.0f} ms on average (gpudesk {drains[b300][0]:.0f} ms, run {err[b300]:+.0%}): "
        "the v6.0 engine ran twice the batch in the same iteration on a part of the same HBM bandwidth (8 TB/s; "
        "B300's FP4 peak is 1.5x B200's). Its config "
        "changes the MoE backend (WIDEEP -> CUTEDSL), captures CUDA graphs from 1 to 1,024 sequences (v5.1: 128-512) "
        "and sets TRTLLM_SERVER_DISABLE_GC (the host's Python garbage collector off), and NVIDIA credits the round's "
        "DeepSeek-R1 gains to software, faster fused kernels and attention data-parallel load balancing ('NVIDIA "
        "Extreme Co-Design Delivers New MLPerf Inference Records', NVIDIA, 2026-04-01, in the summary at "
        "aissential.tech; GB300 Server 2,907 -> 7,994 tokens/s per GPU on the same hardware): software a plan cannot "
        "name. At the Server scenario's 80 ms TPOT the v5.1 B200 run held at most about 1,500 sequences (18,592 "
        "tokens/s x 80 ms), its full-batch iteration being slower than the target, while gpudesk's iteration at "
        "4,096 meets it. The busiest-group wait a TTFT target forces (TensorRT-LLM tech blog 10, 'ADP Balance "
        "Strategy': 25,664 against 34,140 tokens/s on 8 GB200 with the MLPerf-like 803/3,653-token mix) is "
        "modelled (0.89 of the synchronised rate on the blog's setup, against 0.75 measured), and the band of MoE "
        f"attention data-parallel serving holds the {len(ds)} cases of that layout."
    )



def server_limit_findings(rows: list, by: dict) -> str:
    """What limited the v5.1 DeepSeek-R1 Server runs, read from their logs, against what bounds gpudesk's rate."""
    from mlperf_inference_prediction import mlperf_figures  # it imports this module's cases

    err = {r.id: r.error for r in rows}
    gaps = server_gaps(by)
    parts = []
    for i, (qps, scheduled, p50, p99, tpot99, timeout) in SERVER_LIMITS.items():
        c = by[i]
        instances = c.gpus // max(c.ep, c.tp, 1)
        held, tpot_ms, step = gaps[i]
        fs = mlperf_figures(c, c.tp)
        bound = str(np.ravel(fs.value_at("infer.rate_bound", 0))[0])
        flight = float(fs.value_at("infer.server_in_flight", 0))
        ttft = float(fs.value_at("infer.server_ttft_tail_s", 0))
        arrivals, hold = scheduled / instances * tpot_ms / 1e3, timeout * tpot_ms / 1e3
        ttft_target, tpot_target = c.targets
        parts.append(
            f"{c.accelerator_id.upper()} NVL72 ({err[i]:+.0%}) scheduled {scheduled:g} queries/s for LoadGen's "
            f"target_qps {qps:g} ({scheduled / instances:.1f} per 8-GPU instance) with its first token at P99 "
            f"{p99:.2f} s of {ttft_target:g} s and TPOT at P99 {tpot99 * 1e3:.1f} ms of {tpot_target * 1e3:g}; an "
            f"instance held {held:,.0f} sequences at a median TPOT of {tpot_ms:.1f} ms, where gpudesk's iteration "
            f"at that batch is {step:.1f} ms, so gpudesk raises the rate until {bound} binds at {flight:,.0f} in "
            f"flight, with a P99 first token of {ttft:.2f} s (the balancer's hold included); of its median first "
            f"token, {p50:.2f} s, the ADP "
            f"balancer's hold can be {hold:.2f} s: at {arrivals:.2f} new prompts per iteration per instance the 8 "
            f"ranks wait past its timeout of {timeout} iterations for one each")
    b200, gb200 = (by[f"mlperf-i51-deepseek-r1-{s}-server"] for s in ("b200x8", "gb200x72"))
    asked = 5.0 * gb200.output / 8  # the configs' server_target_qps, 5 per 8-GPU instance, x GB200's log's output
    return (
        "* **What limits the v5.1 DeepSeek-R1 Server runs** (2026-12-03, their summary logs in RUNS; v5.1 B200's is "
        "not stored, its config asks 5 queries/s): " + "; ".join(parts) + ". Neither target bound the GB200 run: "
        "its rate is the one its submitter asked for (server_target_qps 5 per instance) below what its TPOT target "
        f"allowed, and 8 B200, whose config asks the same 5, served {b200.measured:,.0f} tokens/s per GPU against "
        f"GB200's {gb200.measured:,.0f} (5 queries/s of its log's {gb200.output:,.0f} tokens: {asked:,.0f}): both "
        "measure the asked rate, not the engine's limit. The GB300 run met its first-token target with 3% to spare. "
        "In both logged runs the latencies name the v5.1 "
        "engine's iteration at the batch held (the per-iteration cost above, graphs captured) and the balancer's "
        "hold, not the rate gpudesk's bound reaches; the balancer's hold, modelled since 2026-12-04 (**The ADP "
        "balancer's hold**, below), leaves gpudesk's rates where they are (its P99 first token stays under 2 s and "
        "the TPOT target binds)."
    )
