"""The Llama 3.1 405B part of docs/validation.md's MLPerf Inference findings, from this run's results and the runs'
logs and configs (mlperf_llama_405b.py): where gpudesk's time goes against the Server logs, the Server / Offline
ratios, and the GB300 rows."""

from __future__ import annotations

from mlperf_engine_options import engine_options_item
from mlperf_llama_405b import (
    INTERACTIVE_LOGS,
    SERVER_LOGS,
    breakdown,
    budget_feed,
    in_flight,
    log_check,
    output_lengths,
    ratios,
    token_budget,
)


def _fp4() -> tuple[float, float]:
    """The shipped Blackwell NVFP4 prefill GEMM share and the decode step's ratio to it."""
    from gpudesk.core.constants import serving as SV
    return (SV.MATMUL_EFFICIENCY_FP4["nvidia-blackwell"].value,
            SV.MATMUL_EFFICIENCY_FP4_DECODE["nvidia-blackwell"].value)


def _system(name: str) -> str:
    """'i51-llama31-405b-gb200x72' -> 'v5.1 72 GB200'; 'i51-nebius-…-h200x8' -> 'v5.1 8 H200 (Nebius)'."""
    rnd, system = name.split("-")[0], name.split("-")[-1]
    part, gpus = system.split("x")
    return f"v{rnd[1]}.{rnd[2]} {gpus} {part.upper()}" + (" (Nebius)" if "-nebius-" in name else "")



def _perf_overview(results: list) -> dict[str, list[float]]:
    """Errors of TensorRT-LLM's perf-overview Llama 3.1 405B NVFP4 rows on B200 and GB200 by shape: prefill-heavy up
    to 5,000-token prompts (input ≥ 10x output), the 20,000-token prompts, and long outputs (≥ 2,000 tokens from
    ≤ 1,000). The page's RTX 6000 Pro pipeline rows (validation_cases_pipeline.py) have their own paragraph."""
    out: dict[str, list[float]] = {"heavy": [], "long_prompt": [], "long_output": []}
    for r in results:
        if r.id.startswith(("trtllm-v1-llama-3.1-405b-b200-", "trtllm-v1-llama-3.1-405b-gb200-")) and "-fp4-" in r.id:
            i, o = (int(x) for x in r.id.rsplit("-", 2)[-2:])
            kind = ("long_prompt" if i >= 10 * o and i > 5000 else "heavy" if i >= 10 * o
                    else "long_output" if o >= 2000 and i <= 1000 else "")
            if kind:
                out[kind].append(r.error)
    return {k: sorted(v) or [float("nan")] for k, v in out.items()}



def llama_findings(results: list, by: dict) -> str:
    """The Llama 3.1 405B part of docs/validation.md's MLPerf Inference paragraph, from this run's figures."""
    from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE, MLPERF_INFERENCE_CASES

    rows = [r for r in results if r.group == GROUP_MLPERF_INFERENCE]
    po = _perf_overview(results)
    heavy, long_prompt, long_out = po["heavy"], po["long_prompt"], po["long_output"]
    lengths = output_lengths(SERVER_LOGS["mlperf-i50-llama31-405b-b200x8-server"])

    b200 = by["mlperf-i51-llama31-405b-b200x8-offline"]
    parts = breakdown(b200)
    tokens, fed = token_budget(b200) or (0.0, 0.0)
    logs = []
    for cid, log in SERVER_LOGS.items():
        point = breakdown(by[cid])
        logs.append(f"{_system(cid[len('mlperf-'):-len('-server')])}: P99 first token {log['ttft_p99']:.2f} s of "
                    f"{log['ttft_target']:g}, P99 TPOT {log['tpot_p99'] * 1e3:.0f} ms of {log['tpot_target'] * 1e3:g} "
                    f"(mean {log['tpot'] * 1e3:.0f} ms), {in_flight(log) * point['gpus'] / by[cid].gpus:.0f} "
                    f"sequences in flight per {point['gpus']:.0f} GPUs (Little's law), "
                    f"where gpudesk's Server point holds {point['c']:.0f} per TP{point['tp']:.0f} replica at a "
                    f"{point['tpot'] * 1e3:.0f} ms iteration")
    checks = []
    for cid, log in {**SERVER_LOGS, **INTERACTIVE_LOGS}.items():
        r = log_check(by[cid], log)
        checks.append(f"{_system(cid[len('mlperf-'):].rsplit('-', 1)[0])} {by[cid].scenario}: first token P50 "
                      f"{r['ttft_p50']:.2f} s (log {log['ttft_p50']:.2f}), P99 {r['ttft_p99']:.2f} s (log "
                      f"{log['ttft_p99']:.2f}), TPOT mean {r['tpot'] * 1e3:.0f} ms (log {log['tpot'] * 1e3:.0f}), "
                      f"P99 {r['tpot_p99'] * 1e3:.0f} ms (log {log['tpot_p99'] * 1e3:.0f}); gpudesk's highest rate "
                      f"{r['rate']:.2f} against the run's {r['lam']:.2f} requests/s per replica, bound by {r['bound']}")
    bounds = [r.note.rsplit("rate bound: ", 1)[-1] for r in rows
              if by[r.id].task == "llama3.1-405b" and by[r.id].scenario != "offline"]
    pairs = "; ".join(f"{_system(name)} {m:.2f} (gpudesk {g:.2f})" for name, m, g in ratios(MLPERF_INFERENCE_CASES))
    return (
        "**Why Llama 3.1 405B Offline reads slow and v5.0 Server fast** (`tests/validation/mlperf_llama_405b.py` "
        "prints every case): with 9,400-token prompts and ~680-token answers a request is mostly prefill. On 8 B200 "
        f"(v5.1 Offline, the config's TP2 x PP2, {parts['c']:.0f} sequences) gpudesk spends {parts['total']:.2f} "
        f"replica-seconds on a request: prefill GEMMs {parts['gemm']:.2f} s (NVFP4 at MAMF_FP4_BLACKWELL x "
        f"SERVING_PREFILL_GEMM_SHARE), prefill attention {parts['attention']:.2f} s, the prompt's TP all-reduces "
        f"{parts['comm']:.2f} s, its share of the decode steps {parts['decode']:.2f} s; the run took "
        f"{parts['measured']:.2f} s (gpudesk {parts['total'] / parts['measured'] - 1:+.0%}). TensorRT-LLM's perf "
        f"overview misses its prefill-heavy 405B NVFP4 rows the same way (2,048/128 and 5,000/500 on B200 and GB200: "
        f"{heavy[0]:+.0%} … {heavy[-1]:+.0%}; 20,000/2,000, where attention weighs more: {long_prompt[0]:+.0%} … "
        f"{long_prompt[-1]:+.0%}) while its long-output rows read fast ({len(long_out)} rows: {long_out[0]:+.0%} … "
        f"{long_out[-1]:+.0%}). Until 2026-12-03 one fitted NVFP4 GEMM share (0.40, which vLLM's SM100 kernel "
        "rates also give at large M) served prefill and decode alike and sat between the two regimes (Offline then "
        "-17% … -9%); now prefill GEMMs take MAMF_FP4_BLACKWELL "
        f"{_fp4()[0]:.2f} and decode-step GEMMs {_fp4()[0] * _fp4()[1]:.2f} of the FP4 peak "
        "(MAMF_FP4_DECODE_RELATIVE_BLACKWELL, both fitted on the fit half), and the figures above are with the split. "
        "Before the split, nothing found "
        f"in the runs makes gpudesk faster: the config's chunked context ({tokens:,.0f} tokens per iteration and "
        f"micro-batch, {b200.pp or 1} micro-batches) feeds at most {fed:.0f} decode sequences at I/O = "
        f"{b200.prompt / b200.output:.1f}, "
        + ("fewer than the batch, so if anything a smaller decode batch" if fed < b200.max_batch else
           f"more than the {b200.max_batch} the config allows, so it binds nothing (core/token_budget.py; "
           "until 2026-12-04 read here as one budget per engine, 104 sequences)")
        + "; the output spread read from the v5.0 B200 Server log's latency "
        f"percentiles (`output_lengths`: median {lengths['p50']:,.0f}, P90 {lengths['p90']:,.0f}, P99 "
        f"{lengths['p99']:,.0f} tokens at the mean TPOT, mean {lengths['mean']:.0f} against the log's own "
        f"{lengths['logged']:.0f}, sd ~{lengths['sd']:.0f}) adds {lengths['sd'] ** 2 / (2 * lengths['mean']):.0f} "
        "tokens to the mean context in flight (I + (O² + sd²)/(2O)); and a prompt spread would add attention "
        "(E[I²] > E[I]²) and cut the KV-cache batch. " + engine_options_item(by) + f" (they are {parts['comm']:.2f} s "
        "of the 8 B200 Offline request above). Server: the four stored Server logs show the runs met the TPOT target with "
        "room and held fewer sequences than the batch at which gpudesk's iteration reaches the TPOT target ("
        + "; ".join(logs) + "): the first-token P99 sits near the 6 s target in three of the four (v5.0 B200: "
        "4.3 s), so the rate was set by the wait for prefill: a 9,400-token prompt waits for the prompts ahead of "
        "it. Until 2026-12-03 gpudesk's Server rate came from C slots each holding a whole request (M/G/c), which "
        "does not see that wait. Since then (core/inference_server.py) it is the highest Poisson rate at which the "
        "first token at P99 (the prompts' one prefill queue, M/G/1, + the prefill + one iteration) and the "
        "per-query TPOT at P99 (the iteration at the sequences that rate holds in flight, Little's law, with the "
        "prefills arriving during the query) meet the round's targets; the first-token target bounds "
        f"{bounds.count('ttft')} of the {len(bounds)} Llama 3.1 405B Server and Interactive cases. At each stored "
        "log's own rate it gives (nothing fitted to the logs): " + "; ".join(checks) + ". The first token's median "
        "is within ~10% where gpudesk's prefill speed is the run's (v5.1, and the H200s); its P99 reads 15-30% long "
        "(the Allen-Cunneen tail of one server is conservative). The TPOT reads short: gpudesk's iteration at tens "
        "of sequences is faster than the runs' (v5.1 B200 Interactive: the log's P99 TPOT, 79 ms of 80, bound that "
        "run), the decode step's own error (the NVFP4 block scales and the small-M NVFP4 GEMM time narrowed it on "
        "2026-12-03, **NVFP4 block scales and small-M GEMM time** above; the Nebius B200 Server log's TPOT is now met "
        "within 4%, the Interactive one's still not by half), so on Blackwell the rate the first-token target allows "
        "is above the runs' (the v5.0 Server engines, next item, ran their iterations at about 1.6 times gpudesk's). Server / Offline tokens/s by round and system: " + pairs
        + ". The Hopper runs serve about half their Offline rate (0.52-0.54 on H200), and so does gpudesk now that a "
        "prompt waits for the prefills ahead of it; on Blackwell gpudesk's ratio sits above the runs' (v5.1 and v6.0 "
        "0.70-0.79, v5.0 0.55-0.64: that round's configs and engine, the same 8 B200 served 846 tokens/s in v5.0 and "
        "1,240 in v5.1, next item), so a Blackwell Server error is its Offline error plus the decode iteration that reads short at tens "
        "of sequences. " + gb300_ratios(rows, by))



def gb300_ratios(rows: list, by: dict) -> str:
    """GB300 against GB200 per GPU in v5.1, measured and gpudesk's, both tasks, and the record of the release's
    NVFP4 rate on Blackwell Ultra (llama_findings' last sentences)."""
    pred = {r.id: r.predicted for r in rows}
    err = {r.id: r.error for r in rows}

    def ratio(task: str, scenario: str) -> str:
        gb300, gb200 = (by[f"mlperf-i51-{task}-{s}-{scenario}"] for s in ("gb300x72", "gb200x72"))
        return (f"{scenario} {gb300.measured / gb200.measured:.2f}x (gpudesk "
                f"{pred[gb300.id] / pred[gb200.id]:.2f}x)")

    def now(task: str) -> str:
        return ", ".join(f"{s} {err[f'mlperf-i51-{task}-gb300x72-{s}']:+.0%}" for s in ("offline", "server"))
    return (
        "**GB300 against GB200** (v5.1, per GPU, each in its config's layout: 405B Offline TP2 x PP2 on GB200 and "
        "TP2 on GB300, Server TP4 and TP2): Llama 3.1 405B "
        f"{ratio('llama31-405b', 'offline')}, {ratio('llama31-405b', 'server')}; DeepSeek-R1 "
        f"{ratio('deepseek-r1', 'offline')}, {ratio('deepseek-r1', 'server')}. **Blackwell Ultra's NVFP4 "
        "instruction and the engine release** (2026-12-04, core/engine_release.py `gemm_peak`, figure "
        "`infer.gemm_peak`): until then gpudesk gave the prefill-heavy 405B 1.35x (offline) and 1.46x (server) "
        "where the runs got 1.05-1.09x, its NVFP4 GEMMs at GB300's datasheet peak, 1.5x GB200's (15 against 10 "
        "PFLOPS dense, catalog), while its FP8 rate, which the context attention runs at, is GB200's. That peak, "
        "3x the part's FP8 ('up to 15 petaFLOPS, 3x that of FP8 on the same GPUs', NVIDIA technical blog '3 Ways "
        "NVFP4 Accelerates AI Training and Inference'), needs Blackwell Ultra's own block-scaled MMA: CUTLASS's "
        "SM103 'Ultra' schedules lower to SM103-only MMA atoms, where a kernel built for SM100 issues the SM100 "
        "family's (NVIDIA/cutlass issue #3358, 2026-07-04), whose NVFP4 rate is 2x its FP8 on every part that has "
        "only it (B200 9 against 4.5, GB200 10 against 5 PFLOPS dense; `FP4_SM100_OVER_FP8`). The SM103 kernels "
        "first came to CUTLASS in 4.2.0 (release notes, 2025-09-18: 'Support for Blackwell SM103 kernels for B300 "
        "GPUs'), and TensorRT-LLM added SM103 devices on 2025-09-08 with its CUTLASS update 'delayed, will do in a "
        "later PR' (NVIDIA/TensorRT-LLM pull request #7568), the day before the v5.1 results were published "
        "(2025-09-09), by when its engines had long been built. NVIDIA may have held unreleased kernels; nothing "
        "published says its v5.1 engine issued them, and the runs' 1.05-1.09x on the prefill-heavy 405B is what "
        "the SM100 form gives, a check here, not the reason. The plan input naming the release now says so: under TensorRT-LLM 0.x, 1.0 "
        "and 1.1 (the v5.1 GB300 runs' line, tests/validation/engine_releases.py) an NVFP4 GEMM runs at min(FP4 "
        "peak, 2 x FP8 peak), 10 of GB300's 15 PFLOPS and 9 of B300's 13.1; 1.2, the current release and plain "
        "PyTorch keep the datasheet's, and no other part or precision moves. Kernels reaching the Ultra rate were "
        "still being written a year on (FlashInfer's trtllm-gen FP4 MoE cubins use the SM100 instruction K of 64 on "
        "SM103, not its 96, flashinfer-ai/flashinfer issue #3189, 2026-04-27; a ported SM103 CuTe DSL FP4 GEMM ran "
        "slower than the SM100 one on B300, pull request #4866, 2026-09-01), so 1.2 keeping the datasheet rate is "
        "an assumption the corpus does not test (its B300 and GB300 runs of 1.2, v6.0 DeepSeek-R1, are "
        "decode-bound). A rule read from the sources, nothing fitted; no fit-half row is a B300 or GB300 run of "
        "those releases, so no fitted constant moves. 405B GB300 offline +24% → " f"{now('llama31-405b')} (server "
        "+46% before); DeepSeek-R1 GB300 v5.1 +24% and +130% → " f"{now('deepseek-r1')}; held-out Blackwell MLPerf "
        "Inference median 15.3% → 10.5%, p90 46.2% → 38.8%, all MLPerf Inference 9.2% → 8.9% (p90 38.5% → "
        "37.4%); no other group moves. What it leaves: the 405B GB300 Server row now reads slow where its Offline "
        "twin is within a few percent: at the 175 ms TPOT target gpudesk's TP2 replica holds fewer sequences than "
        "at the datasheet rate (its decode GEMMs take the same slower instruction), and its Server / Offline ratio "
        "sits below the run's (above), the reverse of the B200 and GB200 rows; the DeepSeek-R1 Server rows stay "
        "the v5.1 engine's iteration (above).")


# v5.0 case id -> its error in gpudesk's best layout, before the cases took their configs (2026-12-04)
V50_BEST_LAYOUT = {"mlperf-i50-llama31-405b-h200x8-offline": (-0.155, "TP8"),
                   "mlperf-i50-llama31-405b-h200x8-server": (-0.092, "TP8"),
                   "mlperf-i50-llama31-405b-b200x8-offline": (-0.093, "TP4"),
                   "mlperf-i50-llama31-405b-b200x8-server": (0.379, "TP4"),
                   "mlperf-i50-llama31-405b-gb200x72-offline": (-0.016, "TP4"),
                   "mlperf-i50-llama31-405b-gb200x72-server": (0.388, "TP4")}


def v50_findings(rows: list, by: dict) -> str:
    """docs/validation.md's item on NVIDIA's v5.0 Llama 3.1 405B configs: where they were found, that they are the
    runs' own (their rates are the logs' target_qps), how the cases moved, and the chunked-context budget the Server
    point does not see (budget_feed)."""
    from mlperf_server_bounds import MORE_405B_LOGS
    from mlperf_submitted_configs import SUBMITTED_DENSE, V50_TARGET_QPS

    err = {r.id: r.error for r in rows}
    logs = {**SERVER_LOGS, **MORE_405B_LOGS}

    def name(cid: str) -> str:
        return _system(cid[len("mlperf-"):].rsplit("-", 1)[0]) + " " + by[cid].scenario

    asked = "; ".join(f"{name(i)} {per:g} x {n} = {qps:g}" for i, (per, n, qps) in V50_TARGET_QPS.items())
    moves = "; ".join(f"{name(i)} {was:+.0%} ({layout}) → {err[i]:+.0%} (TP{SUBMITTED_DENSE[i][1]} x "
                      f"PP{SUBMITTED_DENSE[i][2]})" for i, (was, layout) in V50_BEST_LAYOUT.items())
    feeds = []
    for cid in ("mlperf-i50-llama31-405b-b200x8-server", "mlperf-i50-llama31-405b-gb200x72-server"):
        b = breakdown(by[cid])
        at_gpudesk, at_run = budget_feed(by[cid], logs[cid])
        feeds.append(f"{name(cid)}: at gpudesk's point ({b['c']:.0f} sequences, a {b['tpot'] * 1e3:.0f} ms "
                     f"iteration, rate {b['rate']:.2f} queries/s per engine) it feeds {at_gpudesk:.2f}; at the run's "
                     f"({in_flight(logs[cid]) * b['gpus'] / by[cid].gpus:.0f} sequences, its log's "
                     f"{logs[cid]['tpot'] * 1e3:.0f} ms mean TPOT) {at_run:.2f}, where it ran {b['measured_rate']:.2f}")
    return (
        "* **NVIDIA's v5.0 Llama 3.1 405B configs** (2026-12-04, `mlperf_submitted_configs.V50_TARGET_QPS`): not in "
        "NVIDIA's stored folder, but Cisco's and Oracle's v5.0 submissions, which ran NVIDIA's harness, ship NVIDIA's "
        "config files whole, one class per system (copy ntuhpc/mlperf_inference_results_v5.0, commit cf35411: "
        "closed/Cisco/configs/llama3_1-405b/<scenario>/__init__.py, closed/Oracle/configs/llama3_1-405b/Server/"
        "__init__.py, the same values; the base closed/Oracle/configs/llama3_1-405b/__init__.py sets use_graphs "
        "False), and they are the runs' own: each class's queries/s per engine times its engine count is the "
        "target_qps its run's log prints (" + asked + "). The v5.0 cases run them since: 8 H200 Offline TP4 x PP2 "
        "with 512 sequences, Server TP8 with 64 (the runtime max_batch_size); 8 B200 and 72 GB200 TP2 x PP2 engines "
        "of 4 GPUs, at most 128 sequences each, with a chunked-context budget (max_num_tokens) of 1,536 tokens per "
        "iteration Offline and 1,024 Server (v5.1's Server configs: TP4, 256, 2,048). gpudesk's best layout → the "
        "config's: " + moves + ". The Offline rows move toward the runs, the Blackwell Server rows away. Those two "
        "runs asked one engine's rate times the engine count (0.65 and 0.75 queries/s per engine), sat below both "
        "targets (`mlperf_server_bounds`) and so are lower bounds, but at their own rate gpudesk's iteration is "
        "about 0.6 of their logs' (above; about half before its stages streamed their weights per micro-batch, "
        "Pipeline-parallel serving, below). The config's budget is per micro-batch: TensorRT-LLM schedules each of "
        "the pp micro-batches against max_num_tokens (trtGptModelInflightBatching.cpp, mNumMicroBatches = "
        "getPipelineParallelism(); MicroBatchScheduler: decode tokens first, prompt chunks in what is left), so an "
        "iteration of the whole engine carries pp·M tokens and feeds (pp·M − C) / (I · t) prompts/s per engine "
        "(`mlperf_llama_405b.budget_feed`; first read on 2026-12-04 as one M per engine, 0.55-0.60 at gpudesk's "
        "point): " + "; ".join(feeds) + ". Since 2026-12-04 the plan input max_tokens_per_iteration states it and "
        "the Server point counts it (core/token_budget.py: the prompts' queue served at pp·M − n tokens an "
        "iteration, a 9,400-token prompt over ⌈I/(M − n/pp)⌉ iterations); every stored config states it. It binds "
        "these two rows only a little (+52% → " + f"{err['mlperf-i50-llama31-405b-b200x8-server']:+.0%}, +49% → "
        f"{err['mlperf-i50-llama31-405b-gb200x72-server']:+.0%}" + "): their gap is the iteration, not the budget. "
        "The same reading of the engine corrected the batch (2026-12-04): gpu_batch_size is the engine's "
        "max_batch_size (NVIDIA's LLM harness, `mlperf_submitted_configs.HARNESS_BATCH`) and each of the pp "
        "micro-batches holds up to it (`MICRO_BATCHES`), so a TP2 x PP2 engine of 128 holds 256 sequences, where "
        "the cases had held 128: v5.0 B200 Offline -5% → " + f"{err['mlperf-i50-llama31-405b-b200x8-offline']:+.0%}"
        + ", GB200 Offline +1% → " + f"{err['mlperf-i50-llama31-405b-gb200x72-offline']:+.0%}" + ", v5.1 B200 "
        "Offline -9% → " + f"{err['mlperf-i51-llama31-405b-b200x8-offline']:+.0%}" + " (its two budgets, 207 "
        "decodes, now cap it). No constant was changed."
    )
