"""MLPerf Inference cases (docs/validation.md): cited per round, expressed as plans, held-out."""

from __future__ import annotations

import math
import re

import numpy as np
from mlperf_deepseek_r1 import (
    CONFIG_QUERIES,
    DELL_SERVER,
    NEBIUS_SERVER,
    OFFLINE_TAILS,
    RECIPE,
    RUNS,
    output_cv,
    output_moments,
    server_gaps,
    tokens_per_query,
)
from mlperf_deepseek_r1_findings import _drains
from mlperf_graphs import CAPTURED, graphs_off
from mlperf_inference_prediction import predict_mlperf_inference
from mlperf_llama_405b import (
    INTERACTIVE_LOGS,
    SERVER_LOGS,
    breakdown,
    in_flight,
    log_check,
    output_lengths,
    token_budget,
)
from mlperf_server_offline import (
    DISAGG_405B,
    DISAGG_CASE,
    DISAGG_LAYOUT,
    VLLM_STREAM,
    same_engine,
    steady_offline,
    stream_cost_readings,
    twins,
)
from mlperf_submitted_configs import SUBMITTED, SUBMITTED_DENSE, V50_TARGET_QPS
from validation_cases_mlperf_inference import GROUP_MLPERF_INFERENCE, MLPERF_INFERENCE_CASES, OUTPUT_CV, TASKS
from validation_runner import MEDIAN_LIMITS
from validation_split import frozen_split


def test_at_least_fifteen_results_across_rounds_scenarios_and_parts():
    cases = MLPERF_INFERENCE_CASES
    assert len(cases) >= 15 and len({c.id for c in cases}) == len(cases)
    assert {re.search(r"MLPerf Inference (v[\d.]+)", c.citation).group(1) for c in cases} >= {"v5.0", "v5.1", "v6.0"}
    assert {c.scenario for c in cases} >= {"offline", "server"}
    assert {c.accelerator().family for c in cases} >= {"nvidia-hopper", "nvidia-blackwell"}
    assert GROUP_MLPERF_INFERENCE in MEDIAN_LIMITS


def test_each_case_cites_its_log_or_results_table_and_states_its_assumptions():
    for c in MLPERF_INFERENCE_CASES:
        assert "closed" in c.citation and re.search(r"(mlperf_log_summary\.txt|summary\.html)", c.citation), c.id
        assert c.total_tokens_per_s > 0 and c.gpus in (4, 8, 16, 32, 72), c.id
        assert "mean input" in c.note and "assumed" in c.note, c.id
        if c.id in SUBMITTED:  # the layout its stored engine config sets, cited, and the graphs it captures
            assert c.tp and c.ep > c.tp and c.max_batch and "deepseek-r1.py" in c.note and "config" in c.note, c.id
            lo, hi = CAPTURED[c.id]
            assert f"CUDA graphs captured for {lo:,}-{hi:,} sequences per rank" in c.note, c.id
        elif c.id in SUBMITTED_DENSE:  # tensor x pipeline parallel, the engine's batch and use_graphs, from its config
            tp, pp, batch = SUBMITTED_DENSE[c.id][1:4]
            batch *= pp  # gpu_batch_size per micro-batch, one micro-batch per pipeline stage
            if c.pools[0]:  # served disaggregated (mlperf_server_offline.as_served): the harness's pools, not the file's
                d = DISAGG_LAYOUT
                tp, batch = d["generation_tp"], d["generation_batch"]
                assert c.prefill_tp == d["context_tp"] and c.pools == (56, 16) and sum(c.pools) == c.gpus, c.id
                assert DISAGG_405B in c.note and c.id == DISAGG_CASE, c.id
            assert (c.tp, c.pp, c.max_batch) == (tp, pp, batch) and c.gpus % (tp * pp) == 0, c.id
            assert "CUDA graphs off (use_graphs False" in c.note and graphs_off(c), c.id
            assert f"pipeline_parallelism {pp}" in c.note and not c.moe, c.id
            assert "llama3_1-405b.py" in c.note or "configs/llama3_1-405b/" in c.note, c.id
        elif c.moe:  # no stored config: TensorRT-LLM's own throughput recipe and its batch cap, cited
            assert (c.tp, c.ep, c.max_batch) == (1, 8, 8192) and RECIPE in c.note, c.id
        else:
            assert "gpudesk's best layout" in c.note and not c.tp and not graphs_off(c), c.id
        if c.id in RUNS:  # the run's own output mean from its log; an Offline run's samples: samples/s x duration
            where, tokens, samples, duration = RUNS[c.id]
            assert c.output == tokens / samples and 3600 < c.output < 3800 and where in c.note, c.id
            assert f"output spread sd {c.output_sd:,.0f} tokens" in c.note, c.id
            assert abs(c.queries - samples * duration) < 2 and c.queries % 4388 == 0, c.id
        assert bool(c.queries) == (c.scenario == "offline" and (c.id in RUNS or c.id in CONFIG_QUERIES)), c.id
        if "mlperf_log_summary" in c.citation:  # the run's own output length: tokens/s ÷ samples/s
            assert "(this log)" in c.note and 600 < c.output < 700, c.id
        assert c.id not in frozen_split()  # added after the freeze: held-out, never fitted on


def test_v50_configs_are_the_runs_own_and_their_engines_fill_the_system():
    """The v5.0 configs come from partners' copies of NVIDIA's files (mlperf_submitted_configs): each is taken as the
    run's own because its queries/s per engine x its engine count is the target_qps the run's log prints, and that
    engine count is the system's GPUs over the config's TP x PP."""
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    assert {i for i in by if i.startswith("mlperf-i50-")} == set(V50_TARGET_QPS)
    for i, (per_engine, engines, logged) in V50_TARGET_QPS.items():
        where, tp, pp = SUBMITTED_DENSE[i][:3]
        assert abs(per_engine * engines - logged) < 1e-9 and engines * tp * pp == by[i].gpus, i
        assert "closed/Cisco/configs/llama3_1-405b/" in where and "cf35411" in where and where in by[i].note, i


def test_server_targets_are_the_rounds_and_offline_has_none():
    for c in MLPERF_INFERENCE_CASES:
        ttft, tpot = c.targets
        if c.scenario == "offline":
            assert (ttft, tpot) == (0.0, 0.0)
        else:
            assert 0 < ttft <= TASKS[c.task][3] and 0 < tpot <= TASKS[c.task][4], c.id


def test_every_case_has_a_layout_that_serves():
    """gpudesk finds a tensor-parallel degree that holds the model and serves a positive rate for every system."""
    for c in MLPERF_INFERENCE_CASES[::3]:  # a third of the cases keeps this under a second
        value, tp = predict_mlperf_inference(c)
        assert value > 0 and c.gpus % tp == 0, c.id


def test_deepseek_output_spread_is_read_from_the_server_logs_and_reproduces_their_mean():
    """The latency percentiles of two v6.0 Server logs give DeepSeek-R1's output spread (mlperf_deepseek_r1); the
    reconstruction's mean must match each log's own tokens per query, which it is not fitted to."""
    for log, within in ((DELL_SERVER, 0.015), (NEBIUS_SERVER, 0.05)):
        mean, sd = output_moments(log)
        assert abs(mean / tokens_per_query(log) - 1) < within and 0.8 < sd / mean < 1.3
    assert abs(output_cv(NEBIUS_SERVER) / output_cv(DELL_SERVER) - 1) < 0.1
    for c in MLPERF_INFERENCE_CASES:
        if c.task == "deepseek-r1":
            assert c.output_sd == OUTPUT_CV["deepseek-r1"] * c.output and "mlperf_log_detail.txt" in c.note, c.id
        else:
            assert c.output_sd == 0 and "no spread published" in c.note, c.id


def test_llama_breakdown_adds_up_to_gpudesks_figure_and_the_logs_reproduce_their_own_tokens():
    """The diagnostic in docs/validation.md explains gpudesk's own Offline figure (its parts sum to it), and the
    output lengths read from the v5.0 Server logs' latency percentiles give back each log's tokens per query."""
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    case = by["mlperf-i51-llama31-405b-b200x8-offline"]
    b = breakdown(case)
    value, _ = predict_mlperf_inference(case)
    assert np.isclose(b["total"], case.output / (value * b["gpus"]), rtol=1e-9)
    assert np.isclose(b["gemm"] + b["attention"] + b["comm"] + b["decode"], b["total"], rtol=1e-9)
    assert min(b["gemm"], b["attention"], b["comm"], b["decode"]) > 0 and (b["tp"], b["pp"]) == (2, 2)
    tokens, fed = token_budget(case)
    # one budget per pipeline micro-batch (two here) feeds 207 decodes, fewer than the engine's 2 x 128 sequences
    assert tokens == 1536 and fed == 2 * 1536 / (1 + case.prompt / case.output) < case.max_batch == 256
    for cid, log in SERVER_LOGS.items():
        lengths = output_lengths(log)
        assert abs(lengths["mean"] / lengths["logged"] - 1) < 0.03 and lengths["p50"] < lengths["p99"], cid
        point = breakdown(by[cid])  # the runs held fewer sequences than gpudesk's TPOT-bound Server batch
        assert in_flight(log) * point["gpus"] / by[cid].gpus < point["c"] and log["tpot_p99"] < log["tpot_target"], cid


def test_offline_runs_end_with_a_drain_that_their_logs_time():
    """Every DeepSeek-R1 Offline case whose run length is known is estimated over its whole run (its drain costs
    gpudesk a few per cent to a few tenths); the logs' completion percentiles are ordered within the run."""
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    offline = [i for i, c in by.items() if c.task == "deepseek-r1" and c.scenario == "offline"]
    drains = _drains(by, offline)
    assert set(drains) == set(offline)
    for i, (_iteration, cost, per_instance, after_p95) in drains.items():
        assert 0.02 < cost < 0.3 and 0 < after_p95 < 0.5 and per_instance > 8 * 512, i
    for i, times in OFFLINE_TAILS.items():
        assert list(times) == sorted(times) and times[-1] < RUNS[i][3], i


def test_server_logs_place_their_median_step_at_a_batch_the_engine_could_hold():
    """Little's law on each Server log (completed tokens/s per instance x median TPOT) gives the sequences an
    instance held; that batch is within the engine's and the TPOT within the round's 80 ms target."""
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    for i, (held, tpot_ms, gpudesk_ms) in server_gaps(by).items():
        assert 500 < held < (by[i].max_batch or 8192) and tpot_ms < 80 and 0 < gpudesk_ms < 80, i


def test_the_server_model_at_each_logs_own_rate_gives_back_its_first_token_times():
    """gpudesk's Server model (core/inference_server.py) at the rate each stored Llama 3.1 405B Server or Interactive
    log ran: the P50 first token within 20% of the log's and the P99 within 40% where gpudesk's prefill speed is the
    run's (v5.1 and the H200 runs; the v5.0 B200 engine prefilled ~2x slower), a per-query TPOT whose P99 lies
    above its mean (the prefills a query meets), and the first-token target bounding gpudesk's rate (with the
    config's token budget spreading a prompt's prefill over its chunks: token_budget). Nothing is fitted to the
    logs."""
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    for cid, log in {**SERVER_LOGS, **INTERACTIVE_LOGS}.items():
        r = log_check(by[cid], log)
        assert r["bound"] in ("ttft", "token_budget") and r["tpot_p99"] > r["tpot"] > 0, cid
        if cid != "mlperf-i50-llama31-405b-b200x8-server":
            assert abs(r["ttft_p50"] / log["ttft_p50"] - 1) < 0.2 and abs(r["ttft_p99"] / log["ttft_p99"] - 1) < 0.4, cid


def test_a_server_figure_never_beats_its_engine_offline():
    """Offline is the Server's work without its latency targets: gpudesk's Server tokens/s per GPU for every Server
    and Interactive case is at most the same plan's steady Offline figure (engine batch full, no end drain) and at
    most its Offline twin's (same round, submitter, system, task). Until 2026-12-03 the Server chord left out the
    release's host time per iteration and the v5.1 DeepSeek-R1 Server figures read 4-7% above their own engines'."""
    server = {}
    for case in MLPERF_INFERENCE_CASES:
        if case.scenario != "offline":
            server[case.id], offline = same_engine(case)
            assert 0 < server[case.id] <= offline * (1 + 1e-9), (case.id, server[case.id], offline)
    pairs = twins(MLPERF_INFERENCE_CASES)
    assert len(pairs) >= 20
    for server_case, offline_case in pairs:
        assert server[server_case.id] <= steady_offline(offline_case) * (1 + 1e-9), server_case.id


def test_the_one_stream_interval_pair_read_both_ways_gives_back_its_throughputs():
    """vLLM's pair (VLLM_STREAM) read as host time per response added to the iteration: the iteration without
    streamed responses plus that time for every sequence (interval 1) or every tenth (interval 10) gives back the
    published 34,078.85 tokens/s and +57%; read as the API-server process's ceiling, its time per token is the
    reciprocal of the published rate."""
    added, ceiling = stream_cost_readings()
    n, rate = VLLM_STREAM["concurrency"], VLLM_STREAM["tokens_per_s"]
    bare = n / rate - added * n
    assert 0 < bare < n / rate
    assert math.isclose(n / (bare + added * n), rate, rel_tol=1e-12)
    streamed_tenth = bare + added * n / VLLM_STREAM["interval"]
    assert math.isclose(n / streamed_tenth, rate * (1 + VLLM_STREAM["gain"]), rel_tol=1e-12)
    assert math.isclose(ceiling * rate, 1.0, rel_tol=1e-12)
