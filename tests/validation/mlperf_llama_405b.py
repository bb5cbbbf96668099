"""Where gpudesk's time goes in the MLPerf Inference Llama 3.1 405B cases, against what the runs' logs and configs say.

Run from the repository root:  .venv/bin/python tests/validation/mlperf_llama_405b.py

Per case it prints the replica-seconds one request costs in gpudesk's continuous-batching step (core/inference.py:
an iteration of C sequences takes decode(C) + (C/O)·prefill(I) + the prefill tokens' TP all-reduces, so a request
costs O·TPOT/C replica-seconds), split into prefill GEMMs, prefill attention, the prefill tokens' all-reduces and
its share of the decode steps, beside what the measured rate implies (O / (tokens/s per GPU × GPUs per replica)).
Two published sources are read:

* The stored engine configs (``SUBMITTED_DENSE``: NVIDIA's v5.0 and v5.1, Nebius's, Google's): each iteration
  carries at most ``max_num_tokens`` tokens per pipeline micro-batch (chunked context, first come first served).
  Offline, a request's prompt and output pass through the iterations once each, so C decode sequences need
  C·(1 + I/O) tokens per iteration to keep their prompts coming: the budget caps C at pp·max_num_tokens / (1 + I/O)
  (core/token_budget.py).
* The v5.0 Server logs (``SERVER_LOGS``, mlperf_log_summary.txt): the P99 first-token and per-output-token
  latencies against the round's targets, and by Little's law the sequences in flight (completed samples/s × mean
  latency), which gpudesk's Server point (the largest C whose iteration meets the TPOT target) can be set against.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from validation_cases_mlperf_inference import MLPerfInferenceCase

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

_V50_LOG = ("MLPerf Inference v5.0 closed, NVIDIA, github.com/mlcommons/inference_results_v5.0 (copy "
            "ntuhpc/mlperf_inference_results_v5.0, commit cf35411): closed/NVIDIA/results/{system}/llama3_1-405b/"
            "Server/performance/run_1/mlperf_log_summary.txt")
_V51_NEBIUS_LOG = ("MLPerf Inference v5.1 closed, Nebius, github.com/mlcommons/inference_results_v5.1 (copy "
                   "ntuhpc/inference_results_v5.1, commit a634ab7): closed/Nebius/results/{system}/llama3.1-405b/"
                   "Server/performance/run_1/mlperf_log_summary.txt")
# case id -> the Server run's summary: completed samples/s and tokens/s, query latency mean / P50 / P90 / P99,
# first-token mean / P50 / P99 and time per output token mean / P99 (s), the targets (s)
SERVER_LOGS = {
    "mlperf-i50-llama31-405b-b200x8-server": dict(
        citation=_V50_LOG.format(system="B200-SXM-180GBx8_TRT"), samples_per_s=1.29, latency=58.626457416,
        latency_p50=62.593433687, latency_p90=83.376167601, latency_p99=101.878471169, tokens_per_s=845.82,
        ttft=1.860083007, ttft_p50=1.853367569, ttft_p99=4.296681261, tpot=0.087022478, tpot_p99=0.113518660,
        ttft_target=6.0, tpot_target=0.175),
    "mlperf-i50-llama31-405b-h200x8-server": dict(
        citation=_V50_LOG.format(system="H200-SXM-141GBx8_TRT"), samples_per_s=0.45, latency=36.013135335,
        latency_p50=35.910111960, latency_p90=56.021532858, latency_p99=75.560332225, tokens_per_s=291.37,
        ttft=1.830994317, ttft_p50=1.521553248, ttft_p99=5.636870909, tpot=0.053873926, tpot_p99=0.100731357,
        ttft_target=6.0, tpot_target=0.175),
    "mlperf-i51-nebius-llama31-405b-b200x8-server": dict(
        citation=_V51_NEBIUS_LOG.format(system="B200-SXM-180GBx8_TRT"), samples_per_s=1.95, latency=71.098521913,
        latency_p50=75.460661685, latency_p90=103.343953659, latency_p99=129.435425648, tokens_per_s=1279.53,
        ttft=1.740977739, ttft_p50=1.461214421, ttft_p99=5.552222773, tpot=0.106047275, tpot_p99=0.143316958,
        ttft_target=6.0, tpot_target=0.175),
    "mlperf-i51-nebius-llama31-405b-h200x8-server": dict(
        citation=_V51_NEBIUS_LOG.format(system="H200-SXM-141GBx8_TRT"), samples_per_s=0.45, latency=38.038254686,
        latency_p50=38.119468497, latency_p90=58.575160986, latency_p99=76.263264018, tokens_per_s=295.36,
        ttft=1.826286556, ttft_p50=1.536918879, ttft_p99=5.642674656, tpot=0.056181492, tpot_p99=0.103435731,
        ttft_target=6.0, tpot_target=0.175),
}


def in_flight(log: dict) -> float:
    """Sequences in the whole system during the run (Little's law: completed samples/s × mean latency)."""
    return float(log["samples_per_s"] * log["latency"])


def output_lengths(log: dict) -> dict[str, float]:
    """Output length at the mean and at P50 / P90 / P99 from a Server log, (latency − mean TTFT) / mean TPOT (the
    reading mlperf_deepseek_r1 makes of DeepSeek-R1's logs; here TPOT spreads more, P99 1.3-1.9x the mean, so
    the upper levels are rough), the log's own tokens per query, and the spread sd = (P90 − P50) / 1.2816."""
    def at(latency: float) -> float:
        return (latency - log["ttft"]) / log["tpot"]

    p50, p90 = at(log["latency_p50"]), at(log["latency_p90"])
    return dict(mean=at(log["latency"]), p50=p50, p90=p90, p99=at(log["latency_p99"]),
                logged=log["tokens_per_s"] / log["samples_per_s"], sd=(p90 - p50) / 1.2816)


def breakdown(case: MLPerfInferenceCase) -> dict[str, float]:
    """gpudesk's replica-seconds per request at the case's layout and batch, split by what spends them, and the
    measured rate's (Offline: the replica's whole time; Server: the rate it sustained)."""
    from mlperf_inference_prediction import mlperf_figures, predict_mlperf_inference

    from gpudesk.core.efficiency import Efficiencies
    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.inference_inputs import serving_math
    from gpudesk.core.inference_step import ReplicaModel

    _, tp = predict_mlperf_inference(case)
    fs = mlperf_figures(case, tp)

    def v(key: str) -> float:
        return float(np.ravel(fs.value_at(key, 0))[0])

    c, out, gpus = max(v("infer.concurrency"), 1.0), case.output, v("infer.gpus_per_replica")
    tpot, decode = v("infer.tpot_s"), v("infer.decode_step_s")
    hw = HardwareArrays.from_accelerators([case.accelerator()])
    math = serving_math(case.weight_dtype, None)
    one = np.ones(1)
    rep = ReplicaModel.build(case.model(), hw, Efficiencies.for_hardware(hw, math, None), one * tp,
                             one * (case.pp or 1), one * (case.ep or (tp if case.moe else 1)), case.weight_dtype,
                             case.kv_dtype, math, case.release)
    prompt = one * case.prompt
    gemm, attn = (float(np.ravel(x)[0]) for x in rep._prefill_parts(prompt, prompt))
    prefill = out * (tpot - decode) / c  # the request's prefill, its tokens' all-reduces included
    measured_rate = case.measured * gpus / out  # requests/s per replica
    return dict(tp=float(tp), pp=float(case.pp or 1), gpus=gpus, c=c, tpot=tpot, gemm=gemm, attention=attn,
                comm=prefill - gemm - attn, decode=out * decode / c, total=out * tpot / c,
                measured=1.0 / measured_rate, capacity=v("infer.requests_per_s"),
                rate=v("infer.max_rate_per_replica") if case.scenario != "offline" else v("infer.requests_per_s"),
                measured_rate=measured_rate)


# the Interactive run whose log is stored (Nebius v5.1, 8 B200): the same fields, at its own targets
INTERACTIVE_LOGS = {
    "mlperf-i51-nebius-llama31-405b-b200x8-interactive": dict(
        citation=_V51_NEBIUS_LOG.replace("/Server/", "/Interactive/").format(system="B200-SXM-180GBx8_TRT"),
        samples_per_s=1.18, latency=42.190788040, latency_p50=44.935011980, latency_p90=60.402463461,
        latency_p99=74.606114383, tokens_per_s=770.67, ttft=1.008648482, ttft_p50=0.991624458,
        ttft_p99=2.567975250, tpot=0.063142047, tpot_p99=0.078790749, ttft_target=4.5, tpot_target=0.080),
}


def log_check(case: MLPerfInferenceCase, log: dict) -> dict[str, float]:
    """gpudesk's Server model (core/inference_server.py) at the rate a stored log ran, against the log's own latencies:
    the rate per replica gpudesk allows and what bounds it; at the log's rate (completed samples/s ÷ replicas) the
    first token at P50 and P99 (the prefill queue's wait + prefill + one iteration, as ``infer.ttft_s`` /
    ``infer.ttft_p99_s`` compute it) and the time per output token, mean and P99 (``tpot_at_rate``). Nothing here
    is fitted to the logs."""
    from mlperf_inference_prediction import mlperf_figures, predict_mlperf_inference

    from gpudesk.core.efficiency import Efficiencies
    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.inference_inputs import serving_math
    from gpudesk.core.inference_queue import wait_quantile
    from gpudesk.core.inference_server import server_parts, tpot_at_rate
    from gpudesk.core.inference_step import ReplicaModel

    _, tp = predict_mlperf_inference(case)
    fs = mlperf_figures(case, tp)

    def v(key: str) -> float:
        return float(np.ravel(fs.value_at(key, 0))[0])

    one = np.ones(1)
    hw = HardwareArrays.from_accelerators([case.accelerator()])
    math = serving_math(case.weight_dtype, None)
    rep = ReplicaModel.build(case.model(), hw, Efficiencies.for_hardware(hw, math, None), one * tp,
                             one * (case.pp or 1), one * (case.ep or (tp if case.moe else 1)), case.weight_dtype,
                             case.kv_dtype, math)
    c, prompt, out = one * v("infer.concurrency"), one * case.prompt, one * case.output
    service = float(rep.service_of(one * v("infer.prefill_s"))[0])  # the prefill queue's service
    pre_share = rep.mixed_prefill(c, prompt, out, True)
    parts = server_parts(rep, rep.decode_step(c, one * v("infer.context_in_flight")), pre_share, c, c, one > 0,
                         {"prompt": prompt, "prompt_sd": one * 0.0, "output": out, "output_sd": one * case.output_sd,
                          "output_tail": one * v("infer.output_tokens_tail")},
                         {"prefill": one * service, "prefill_tail": one * v("infer.prefill_s")})
    lam = log["samples_per_s"] * v("infer.gpus_per_replica") / case.gpus
    tpot, tpot_p99 = (float(x[0]) for x in tpot_at_rate(parts, one * lam, 2.3263))
    pre, step = v("infer.prefill_s"), v("infer.tpot_s")
    ttft50, ttft99 = (float(wait_quantile(one * lam, service, 1.0, q, 0.5)[0]) + pre + step for q in (0.5, 0.01))
    return dict(rate=v("infer.max_rate_per_replica"), bound=str(np.ravel(fs.value_at("infer.rate_bound", 0))[0]),
                lam=lam, ttft_p50=ttft50, ttft_p99=ttft99, tpot=tpot, tpot_p99=tpot_p99)


def token_budget(case: MLPerfInferenceCase) -> tuple[float, float] | None:
    """(the config's max_num_tokens, the decode sequences it can feed offline: pp · max_num_tokens / (1 + I/O), one
    budget per pipeline micro-batch) for a case whose config is stored (mlperf_submitted_configs.SUBMITTED_DENSE);
    None elsewhere."""
    from mlperf_submitted_configs import SUBMITTED_DENSE

    if case.id not in SUBMITTED_DENSE:
        return None
    tokens = float(SUBMITTED_DENSE[case.id][4])
    return tokens, (case.pp or 1) * tokens / (1.0 + case.prompt / case.output)


def budget_feed(case: MLPerfInferenceCase, log: dict | None = None) -> tuple[float, float]:
    """A Server case whose config is stored: the prompts/s per replica its chunked-context budget M (max_num_tokens
    per micro-batch, pp micro-batches) can feed, (pp·M − C) / (I · t): each iteration carries its C decode tokens and
    at most pp·M − C prompt tokens; first at gpudesk's Server point (C sequences, iteration t), then at the run's own
    (C by Little's law per replica, t the log's mean TPOT; 0 without a log)."""
    tokens = (case.pp or 1) * token_budget(case)[0]
    b = breakdown(case)
    at_gpudesk = (tokens - b["c"]) / (case.prompt * b["tpot"])
    if log is None:
        return at_gpudesk, 0.0
    held = in_flight(log) * b["gpus"] / case.gpus
    return at_gpudesk, (tokens - held) / (case.prompt * log["tpot"])


def ratios(cases: list[MLPerfInferenceCase]) -> list[tuple[str, float, float]]:
    """(round and system, measured Server / Offline tokens/s, gpudesk's) for every pair of one round and system."""
    from mlperf_inference_prediction import predict_mlperf_inference

    by = {c.id: c for c in cases if c.task == "llama3.1-405b"}
    out = []
    for cid, c in by.items():
        if c.scenario == "server" and cid.replace("-server", "-offline") in by:
            off = by[cid.replace("-server", "-offline")]
            out.append((cid[len("mlperf-"):-len("-server")], c.measured / off.measured,
                        predict_mlperf_inference(c)[0] / predict_mlperf_inference(off)[0]))
    return out


def main() -> None:
    from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES

    for case in MLPERF_INFERENCE_CASES:
        if case.task != "llama3.1-405b":
            continue
        b = breakdown(case)
        budget = token_budget(case)
        fed = f", max_num_tokens {budget[0]:,.0f} feeds {budget[1]:.0f} decodes" if budget else ""
        print(f"{case.id}: TP{b['tp']:.0f} PP{b['pp']:.0f} C {b['c']:.0f} iteration {b['tpot'] * 1e3:.0f} ms; "
              f"per request {b['total']:.3f} s = GEMM {b['gemm']:.3f} + attention {b['attention']:.3f} + all-reduce "
              f"{b['comm']:.3f} + decode {b['decode']:.3f}; measured {b['measured']:.3f} s ({b['measured_rate']:.3f} "
              f"req/s per replica; gpudesk capacity {b['capacity']:.3f}, rate {b['rate']:.3f}){fed}")
    for name, m, g in ratios(MLPERF_INFERENCE_CASES):
        print(f"Server / Offline {name}: measured {m:.2f}, gpudesk {g:.2f}")
    for cid, log in SERVER_LOGS.items():
        print(f"{cid}: {in_flight(log):.1f} in flight; P99 TTFT {log['ttft_p99']:.2f} s, P99 TPOT "
              f"{log['tpot_p99'] * 1e3:.0f} ms ({log['citation']})")


if __name__ == "__main__":
    main()
