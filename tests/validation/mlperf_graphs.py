"""Whether each MLPerf Inference engine captured CUDA graphs (its stored config), and what that does not explain.

The question (issue 18): an engine that does not capture CUDA graphs launches every kernel of an iteration from the
host, where gpudesk charges each kernel a captured graph's boundary (KERNEL_BOUNDARY_S, measured here on an H200
replaying a graph). If the rows gpudesk reads too fast were the graph-less ones, a plan input "the engine captures
CUDA graphs" would be the missing cost. Every stored config names the setting (``harness_fields.use_graphs``; for
the PyTorch-backend DeepSeek-R1 engines also ``cuda_graph_batch_sizes`` with ``cuda_graph_padding_enabled``):

* Llama 3.1 405B, TensorRT engines (``trtllm_build_flags``): ``use_graphs: False`` in all 24 stored configs, NVIDIA's
  v5.1 (8 B200, GB200 NVL72, GB300 NVL72; copy ykamiset/inference_results_v5.1, commit e9ccad4), Nebius's v5.1
  (8 B200, 8 H200, 4 GB200; copy ntuhpc/inference_results_v5.1, commit a634ab7), Quanta's v5.1 8 H200 Server (same
  copy) and Google's v6.0 8 B200 Server (copy
  gbeezybez/inference_results_v6.0, commit ab33b21), closed/<submitter>/configs/<system>/<scenario>/llama3_1-405b.py,
  and NVIDIA's v5.0 (8 H200, 8 B200, GB200 NVL72), whose base config closed/Oracle/configs/llama3_1-405b/__init__.py
  sets it (copy ntuhpc/mlperf_inference_results_v5.0, commit cf35411; mlperf_submitted_configs._V50_DENSE_CONFIG).
* DeepSeek-R1, PyTorch backend: ``use_graphs: True`` in all 10, the captured batch sizes per attention rank below.

Published launch costs: a raw cuLaunchKernel takes 3.0-3.3 µs of host time on GB200 (meta-pytorch/tritonbench pull
request #1017, 2026-04-14, 0 and 19 arguments), about 4-6 µs on an RTX 5070 Ti (susun-blog.com, 'pegainfer (3): From
Launch Overhead to CUDA Graph (Part 1)', driver 580.126.09, CUDA 13.0); eager PyTorch on this
workplace's H200 took 11.8 ms for the 846 kernels of a 1B decode step and 22.7-36.4 ms for the 1,678 of an 8B one
(16 or 32 layers × UNFUSED_DECODER_KERNELS_PER_LAYER + UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS; docs/validation.md,
'Measured here, decode / prefill': 13.5-21.7 µs per kernel, host-bound; EAGER_HOST_OP_S ships their median, 13.9 µs). The host issues
kernels ahead of the GPU, so an eager iteration takes the longer of the two sides, not their sum.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from mlperf_adp_hold import hold_findings
from mlperf_adp_release import release_findings
from mlperf_deepseek_r1_findings import server_limit_findings
from mlperf_llama_405b import INTERACTIVE_LOGS
from mlperf_server_bounds import bound_findings

from gpudesk.core.constants import (
    DECODE_KERNELS_PER_LAYER,
    EAGER_HOST_OP_S,
    KERNEL_BOUNDARY_S,
    UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS,
    UNFUSED_DECODER_KERNELS_PER_LAYER,
)
from gpudesk.core.inference_drain import decode_steps

# DeepSeek-R1 case id -> the smallest and largest batch per attention rank its config captures (cuda_graph_batch_sizes)
CAPTURED = {
    "mlperf-i51-deepseek-r1-b200x8-offline": (128, 512), "mlperf-i51-deepseek-r1-b200x8-server": (128, 512),
    "mlperf-i51-deepseek-r1-gb200x72-offline": (1, 512), "mlperf-i51-deepseek-r1-gb200x72-server": (1, 512),
    "mlperf-i51-deepseek-r1-gb300x72-offline": (128, 1280), "mlperf-i51-deepseek-r1-gb300x72-server": (128, 512),
    "mlperf-i60-deepseek-r1-b300x8-offline": (1, 1024), "mlperf-i60-deepseek-r1-b300x8-server": (1, 1024),
    "mlperf-i60-deepseek-r1-gb300x72-offline": (128, 1280), "mlperf-i60-deepseek-r1-gb300x72-server": (1, 1024),
}
# an upper bound on eager PyTorch's host time per kernel: the slowest of the eager decode steps EAGER_HOST_OP_S takes its
# median of (8B on the H200 measured here, 36.4 ms over its 32 layers' kernels: 21.7 µs; the median is 13.9 µs)
EAGER_SLOWEST_S = 36.4e-3 / (32 * UNFUSED_DECODER_KERNELS_PER_LAYER.value + UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS.value)
assert EAGER_SLOWEST_S > EAGER_HOST_OP_S.value
# The v5.1 8 B200 Interactive engine (NVIDIA's) at the load its twin's stored log ran (Nebius's, same config):
# completed tokens/s per TP4 engine x mean TPOT = sequences decoding (Little's law), at a mean context of I + O/2
INTERACTIVE, TWIN = "mlperf-i51-llama31-405b-b200x8-interactive", "mlperf-i51-nebius-llama31-405b-b200x8-interactive"


def graphs_off(case) -> bool:
    """The case's engine is a Llama 3.1 405B TensorRT engine whose stored config sets use_graphs False."""
    return case.task == "llama3.1-405b" and ("llama3_1-405b.py" in case.note or "configs/llama3_1-405b/" in case.note)


def with_graphs(case):
    """The case's note states its engine's CUDA-graph setting where its config is stored."""
    if graphs_off(case):
        return replace(case, note=case.note + ", CUDA graphs off (use_graphs False; not modelled: docs/validation.md "
                                              "'CUDA graphs in MLPerf Inference')")
    if case.id in CAPTURED:
        lo, hi = CAPTURED[case.id]
        return replace(case, note=case.note + f"; CUDA graphs captured for {lo:,}-{hi:,} sequences per rank "
                                              "(use_graphs True, cuda_graph_batch_sizes, padding on)")
    return case


def per_kernel(case) -> tuple[float, float, float, float]:
    """(sequences, gpudesk's decode step s, kernels per step, GPU s per kernel) at the twin log's load (INTERACTIVE)."""
    from mlperf_inference_prediction import mlperf_inputs  # it imports the cases, which import this module

    log = INTERACTIVE_LOGS[TWIN]
    seqs = log["tokens_per_s"] / (case.gpus // case.tp) * log["tpot"]
    inp = mlperf_inputs(case, case.tp)
    step = float(decode_steps(inp)(np.full(1, seqs), np.full(1, case.prompt + case.output / 2))[0])
    kernels = inp.model.n_layers * DECODE_KERNELS_PER_LAYER.value
    return seqs, step, kernels, step / kernels


def _span(errs: list[float]) -> str:
    return f"{min(errs):+.0%} to {max(errs):+.0%}"


def graph_findings(results: list, by: dict) -> list[str]:
    """The 'CUDA graphs in MLPerf Inference' paragraph of docs/validation.md, from this run's results, the one on
    what limited the v5.1 DeepSeek-R1 Server runs (mlperf_deepseek_r1.server_limit_findings) and the one on what
    bounded every logged Server run (mlperf_server_bounds.bound_findings), then the ADP balancer's hold and releases
    (mlperf_adp_hold, mlperf_adp_release)."""
    err = {r.id: r.error for r in results if r.id in by}
    off = sorted((err[i], i) for i, c in by.items() if i in err and graphs_off(c))
    fast = [e for e, _ in off if e > 0.30]
    ds51 = [err[i] for i in CAPTURED if i.startswith("mlperf-i51") and i in err]
    ds60 = [err[i] for i in CAPTURED if i.startswith("mlperf-i60") and i in err]
    seqs, step, kernels, gpu = per_kernel(by[INTERACTIVE])
    return [(
        "* **CUDA graphs in MLPerf Inference** (2026-12-03, `tests/validation/mlperf_graphs.py`). The hypothesis: an "
        "engine run without CUDA graphs launches every kernel of an iteration from the host, where gpudesk charges "
        f"each kernel a captured graph's boundary (KERNEL_BOUNDARY_S, {KERNEL_BOUNDARY_S.value * 1e6:.1f} µs), so the "
        "graph-less runs would be the ones gpudesk reads too fast. The stored configs rule it out. All "
        f"{len(off)} stored Llama 3.1 405B configs (TensorRT engines: NVIDIA's v5.0 and v5.1, Nebius's and Quanta's v5.1, Google's v6.0) set "
        f"use_graphs False, and their rows read {_span([e for e, _ in off])}: the {len(fast)} above +30% and the "
        f"{len(off) - len(fast)} others ran alike, Hopper's included. All "
        f"{len(CAPTURED)} DeepSeek-R1 configs (PyTorch backend) "
        "capture graphs (use_graphs True, cuda_graph_batch_sizes from 1 or 128 up to 512-1,280 sequences per rank, "
        f"padding on), the v5.1 rows ({_span(ds51)}) as well as the v6.0 ones ({_span(ds60)}); with attention "
        "data-parallel they replay a graph only in iterations where no rank prefills, but the engine's own H200 "
        "DeepSeek-R1 run replayed it in over 95% of its iterations (TensorRT-LLM issue #3486) and still ran some "
        "30-35 ms per iteration slower than gpudesk's step (MoE attention data-parallel, above), so eager iterations "
        "are not that "
        "gap either. What an eager launch "
        "costs: 3.0-3.3 µs of host time for a raw cuLaunchKernel on GB200 (meta-pytorch/tritonbench pull request "
        "#1017, 2026-04-14), 4-6 µs on an RTX 5070 Ti (susun-blog.com, 'pegainfer (3): From Launch Overhead to CUDA "
        "Graph', CUDA 13.0), 13.5-21.7 µs in eager PyTorch on this workplace's H200 (Measured here, "
        "decode), and the host issues kernels ahead of the GPU, so an eager iteration costs the longer of the two "
        f"sides. gpudesk's decode step of the v5.1 8 B200 Interactive engine at the {seqs:.0f} sequences "
        f"its Nebius twin's log held is {step * 1e3:.1f} ms over {kernels:,.0f} kernels, {gpu * 1e6:.0f} µs per "
        "kernel, five times a launch on GB200, so the longer side is the GPU's; even a host as slow per kernel as eager "
        f"PyTorch's slowest step measured here ({EAGER_SLOWEST_S * 1e6:.1f} µs, the top of the range whose median is "
        f"EAGER_HOST_OP_S, {EAGER_HOST_OP_S.value * 1e6:.1f} µs) would take {kernels * EAGER_SLOWEST_S * 1e3:.1f} ms, "
        "short of the ~35 ms its log "
        "implies (its 63 ms mean TPOT less the prompts' share of each iteration). As a "
        "sum instead (numbers only, 2026-12-03, not shipped; `python tests/validation/mlperf_graphs.py 5 20` "
        "prints every 405B row): 5 µs more per kernel moves the three fast rows 1.6-1.8 "
        "points (B200 Interactive +37.9% → +36.1%) and the Offline rows 1-4 points slower; 20 µs brings B200 "
        "Interactive to −12% but GB200 Interactive, also graph-less and TP4, from +8% to −35% and v5.1 B200 "
        "Offline "
        "from −7% to −18%: no launch cost per kernel reconciles two graph-less engines of one layout. Nothing is "
        "modelled and no plan input was added; the configs' setting is stated in each case's note."
    ), server_limit_findings([r for r in results if r.id in by], by),
        bound_findings([r for r in results if r.id in by], by), hold_findings(by), release_findings(by)]


def eager_sum(extra_s: float) -> list[tuple[str, float, float]]:
    """(case id, error, error if every graph-less 405B engine paid ``extra_s`` more per kernel, added to the kernel
    boundary): the sum form of an eager launch, an experiment for the paragraph above, not part of the model."""
    from mlperf_inference_prediction import predict_mlperf_inference
    from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES

    from gpudesk.core.inference_step import ReplicaModel

    base = ReplicaModel.kernel_boundaries
    rows = []
    try:
        for c in (c for c in MLPERF_INFERENCE_CASES if graphs_off(c)):
            ReplicaModel.kernel_boundaries = base
            before = predict_mlperf_inference(c)[0] / c.measured - 1
            ReplicaModel.kernel_boundaries = lambda self: base(self) * (1 + extra_s / KERNEL_BOUNDARY_S.value)
            rows.append((c.id, before, predict_mlperf_inference(c)[0] / c.measured - 1))
    finally:
        ReplicaModel.kernel_boundaries = base
    return rows


if __name__ == "__main__":
    import sys

    for us in sys.argv[1:] or ["5", "20"]:
        print(f"each graph-less 405B engine + {us} µs per kernel:")
        for cid, before, after in sorted(eager_sum(float(us) * 1e-6), key=lambda r: -r[1]):
            print(f"  {before:+7.1%} -> {after:+7.1%}  {cid}")
