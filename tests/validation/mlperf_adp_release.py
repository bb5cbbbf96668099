"""The ADP balancer's releases (core/adp_release.py) on the MLPerf DeepSeek-R1 cases: what an iteration waits for the
busiest attention rank, with the balancer every stored config sets and as if prompts went as they came.

Run from the repository root:  .venv/bin/python tests/validation/mlperf_adp_release.py

``release_rows`` reads each DeepSeek-R1 Server and Offline case at the engine batch gpudesk gives it: the prompts a
rank receives an iteration (m = C/(O·G)), the share of releases the timeout forces (P(K > T) = 1 − (1 −
e^(−m·T))^G), the busiest rank's excess prompts an iteration under the balancer and as they come (the wait a Server
case paid until 2026-12-04, when its TTFT target was taken to forbid the holding), and ``infer.prefill_wait_s``;
``release_findings`` writes docs/validation.md's paragraph.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

GROUPS = 8  # every DeepSeek-R1 case runs attention data-parallel over 8 GPUs x EP8 (mlperf_deepseek_r1)


def release_rows(by: dict) -> dict[str, dict[str, float]]:
    """DeepSeek-R1 case id -> C, m, forced share, excess held / as they come (prompts an iteration), wait (s)."""
    from mlperf_deepseek_r1 import ADP_BALANCER
    from mlperf_inference_prediction import mlperf_figures

    from gpudesk.core.adp_release import release_excess
    from gpudesk.core.busiest_rank import expected_busiest

    out = {}
    for i, case in by.items():
        if case.task != "deepseek-r1" or not case.adp_balance:
            continue
        fs = mlperf_figures(case, case.tp)
        c = float(fs.value_at("infer.concurrency", 0))
        rate = c / case.output  # new prompts an iteration, the replica
        m = rate / GROUPS
        timeout, wait = case.adp_iters
        held = float(release_excess(np.array([rate]), np.array([float(GROUPS)]), np.array([c]), timeout, wait)[0])
        placed = float(GROUPS * expected_busiest(np.array([m]), np.array([float(GROUPS)]))[0] - rate)
        out[i] = {"stored": i in ADP_BALANCER, "c": c, "m": m, "forced": 1.0 - (1.0 - np.exp(-m * timeout)) ** GROUPS, "held": held,
                  "placed": placed, "wait": float(fs.value_at("infer.prefill_wait_s", 0)), "iters": case.adp_iters}
    return out


def blog_check(concurrency: float = 2048.0) -> dict[str, float]:
    """gpudesk's throughput on TensorRT-LLM tech blog 10's run ('ADP Balance Strategy': DeepSeek-V3 on 8 GB200, ADP8 x
    EP8, 16,000 requests of 803 + 3,653 tokens on average; baseline 25,664 tokens/s, context wait timeout_iters 50
    33,499, full strategy 50 / 10 34,140), each with the balancer over the baseline's (its batch is not published:
    ``concurrency`` sequences, 256 a rank)."""
    from dataclasses import replace

    from validation_catalog import catalog

    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.inference import estimate_inference
    from gpudesk.core.inference_inputs import InferenceInputs

    cat = catalog()
    base = InferenceInputs(model=cat.model("deepseek-v3"),
                           hardware=HardwareArrays.from_accelerators([cat.accelerator("gb200")]), weight_dtype="fp8",
                           kv_dtype="fp8", prompt_tokens=803, output_tokens=3653, concurrency=concurrency, tp=1, ep=8,
                           scenario="offline", request_rate=1.0)
    rate = {name: float(estimate_inference(replace(base, **kw)).value_at("infer.tokens_per_s", 0)) for name, kw in (
        ("baseline", {}), ("50 / 0", dict(prompts_aligned=True, adp_timeout_iters=50, adp_batching_wait_iters=0)),
        ("50 / 10", dict(prompts_aligned=True, adp_timeout_iters=50, adp_batching_wait_iters=10)))}
    return {name: value / rate["baseline"] for name, value in rate.items() if name != "baseline"}


def _name(i: str) -> str:
    """'v5.1 GB200 Server' for 'mlperf-i51-deepseek-r1-gb200x72-server'."""
    round_, system, scenario = i.split("-")[1], i.split("-")[-2], i.split("-")[-1]
    return f"v{round_[1]}.{round_[2]} {system.split('x')[0].upper()} {scenario.capitalize()}"


def release_findings(by: dict) -> str:
    """docs/validation.md's paragraph on the ADP balancer's releases."""
    rows = release_rows(by)
    blog = blog_check()
    detail = "; ".join(
        f"{_name(i)} ({r['iters'][0]} / {r['iters'][1]}{'' if r['stored'] else ', no config stored'}): {r['c']:,.0f} sequences, m {r['m']:.3f}, {r['forced']:.0%} "
        f"forced, excess {r['held']:.2f} against {r['placed']:.2f} prompts an iteration, wait {r['wait'] * 1e3:.1f} ms"
        for i, r in rows.items())
    return (
        "* **The ADP balancer's releases** (2026-12-04, `core/adp_release.py`, "
        "`tests/validation/mlperf_adp_release.py`): with the balancer on, an iteration of attention data-parallel "
        "serving was charged no wait for the busiest rank offline (prompts taken to prefill in step) and, under a "
        "TTFT target, the whole wait of prompts placed as they come (the target taken to forbid the holding), though "
        "since the hold was modelled (above) the same plans pay the hold in their first token. Neither is what the "
        "engine does: `_balance_adp_requests` (tensorrt_llm/_torch/pyexecutor/py_executor.py, NVIDIA/TensorRT-LLM) "
        "releases every rank's scheduled prompts at once, W iterations after every rank has one, or when its "
        "timeout counter reaches T with some rank still at none (`balanced_context_requests = context_requests`). "
        "Each rank then prefills what it gathered over the cycle, and every rank waits for the one that gathered "
        "the most. gpudesk now charges that: the busiest rank's excess per iteration, (G·E[max at release] − "
        "G·m·E[L]) / E[L], summed exactly over the cycle's first iteration K by which every rank has a prompt and "
        "over the forced releases (K > T, some rank at none); a direct run of the release rule agrees within 4% "
        "(`tests/core/test_adp_release.py`). At the MLPerf rates the timeout forces almost every release, as the "
        "hold's analysis found, but a release gathered over T iterations is far more even than prompts placed as "
        "they come, so the wait falls under a TTFT target and appears offline. Per case, at gpudesk's engine batch "
        "(excess with the balancer against prompts as they come; `python tests/validation/mlperf_adp_release.py`): "
        + detail + ". Against the one published measurement of the balancer's gain (TensorRT-LLM tech blog 10, DeepSeek-V3 "
        "on 8 GB200, ADP8 x EP8, 803 + 3,653 tokens: 25,664 tokens/s with prompts placed as they came, 1.31x with "
        "timeout_iters 50, 1.33x with 50 / 10) gpudesk gives " + " and ".join(
            f"{v:.2f}x at {k}" for k, v in blog.items()) + " (`blog_check`, 256 sequences a rank, the run's batch not "
        "published): the balancer's gain is understated, as the wait of prompts placed as they come already was (0.89 "
        "of the synchronised throughput against the blog's 0.75, `prefill_imbalance`). Nothing fitted; no constant added (T and W are the stored configs'). What moved: the six "
        "DeepSeek-R1 Server rows read faster (their TPOT target lets more sequences in), v5.1 B200 +119.6% → "
        "+132.2%, GB200 +140.8% → +154.4%, GB300 +111.5% → +119.5% (now bound by the engine's slots), v6.0 Google "
        "B200 +23.9% → +30.9%, Dell B300 +34.6% → +39.3% (now bound by the slots), Nebius GB300 +4.7% → +8.3%; the "
        "six Offline rows slower by 0.7-1.4 points, each now with its own config's T / W (500 / 10, 50 / 10 and 6 / "
        "2 iterations, `mlperf_deepseek_r1.ADP_BALANCER`; they were not read while Offline paid nothing; v5.1 B200 "
        "+15.3% → +14.5%, GB200 +22.5% → +21.8%, GB300 +16.2% → +14.8%; v6.0 B200 −6.7% → −7.7%, B300 +2.3% → "
        "+1.5%, GB300 −4.7% → −5.9%). Held-out MLPerf Inference "
        "p90 37.4% → 38.5% (Blackwell 38.8% → 39.3%), medians unchanged (8.9%, Blackwell 10.5%). The trtllm-bench "
        "rows (perf overview, DeepSeek-R1 recipes) set no balancer: their identical requests fed at once keep every "
        "rank in step (`identical_requests`, no wait), as before, and no longer carry a hold either. So the "
        "v5.1 Server rows' gap is not this mechanism, which widens it: it remains the engine's longer iteration "
        "(above)."
    )


def main() -> None:
    from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES

    print(release_findings({c.id: c for c in MLPERF_INFERENCE_CASES}))


if __name__ == "__main__":
    main()
