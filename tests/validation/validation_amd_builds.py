"""What AMD's MI300X serving rows say beyond the 0.9.1 container the validation cases cite
(validation_cases_vendor_inference.py ``AMD_MI300X_SERVING``): the same page's figures from AMD's other vLLM
containers, the stack the 0.9.1 container ran, and where the time of its runs goes. Nothing here is a validation
case and nothing is fitted: the figures are read to decide what the model could key a term on.

**Other builds** of the page's eight throughput rows (same server, same settings, ``benchmark_throughput`` with every
prompt in flight; the page's figure, output tokens/s (validation_amd_reading.py), in the cases' row order):

* ``rocm6.4.1_vllm_0.9.0.1_20250605`` (released 2025-06-18): AMD 'Performance Results', stored copy of
  https://www.amd.com/en/developer/resources/rocm-hub/dev-ai/performance-results.html of that build. It predates
  the ROCm vLLM build notes' '20250620_aiter: V1 on by default (use VLLM_USE_V1=0 to override)' (ROCm/vllm
  docs/dev-docker/README.md, Changelog).
* ``rocm6.4.1_vllm_0.10.0_20250812``: ROCm/vllm docs/dev-docker/README.md (commit 040de12d), 'What is New: AITER
  FP8 KV cache, vLLM v0.10.0, AITER full graph capture'; its changelog: 'kv-cache-dtype fp8 now works with AITER
  enabled'.
* ``rocm6.4.1_vllm_0.10.1_20250909`` (2025-09-09): the page's stored copy at .../fr/developer/... .
* ``rocm7.0.0_vllm_0.10.2_20251006`` (ROCm 7.0.0, 2025-10-06): the page's stored copy at .../zh-cn/developer/... .
* ``rocm7.0.0_vllm_0.11.1_20251103`` (2025-11-03): the page's stored copy at .../ja/developer/...; the build's
  README (ROCm/vllm docs/dev-docker/README.md, 'What is new'): 'Enabled AITER by default'.

**The 0.9.1 container's stack** (``rocm6.4.1_vllm_0.9.1_20250715``): ROCm docs, 'vLLM inference performance testing'
for that build (ROCm/ROCm docs/how-to/rocm-for-ai/inference/benchmark-docker/previous-versions/
vllm-0.9.1-20250715.rst): 'Known issues and workarounds: AITER does not support FP8 KV cache yet', and 'For best
performance, it's recommend to run with VLLM_V1_USE_PREFILL_DECODE_ATTENTION=1' (vLLM's split prefill / decode ROCm
attention; on by default in the docker only from 0.10.1, the README's changelog); vLLM's ROCm FP8 per-tensor linear
layer (vllm/model_executor/layers/quantization/utils/w8a8_utils.py, ``rocm_per_tensor_w8a8_scaled_mm``) calls
``torch._scaled_mm`` (hipBLASLt) for every batch of more than one row. AITER is off unless VLLM_ROCM_USE_AITER is set.

**Latency table**: the page's 'Latency Measurements' for the 0.9.1 container (``benchmark_latency``, 128 + 2,048
tokens, TP8; batch 1 and 2 read from the stored copy: 17.236 s, 18.057 s) as AMD repeated it unchanged in the 0.10.0
README above (batches 1 to 128).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from validation_cases_serving import ServingCase

from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_step import ReplicaModel


@dataclass(frozen=True)
class Build:
    tag: str
    released: str
    what: str  # what the build notes say changed (see the module docstring for the sources)
    totals: tuple[float, ...]  # the page's figure (output tokens/s) of the eight rows, in AMD_MI300X_SERVING's order


CITED = "rocm6.4.1_vllm_0.9.1_20250715"
BUILDS = (
    Build("rocm6.4.1_vllm_0.9.0.1_20250605", "2025-06-18", "before the V1 engine was the default",
          (16581.5, 13667.3, 13367.1, 8352.6, 4275.0, 3356.7, 3201.4, 2179.7)),
    Build(CITED, "2025-07-16", "V1 engine, AITER off (no FP8 KV cache in AITER yet)",
          (12638.9, 10756.8, 10691.7, 7354.9, 3912.8, 3084.7, 2935.9, 2191.5)),
    Build("rocm6.4.1_vllm_0.10.0_20250812", "2025-08-12", "AITER FP8 KV cache, AITER full graph capture",
          (13383.3, 11203.6, 10963.3, 7560.9, 3867.7, 3043.3, 2905.6, 2174.1)),
    Build("rocm6.4.1_vllm_0.10.1_20250909", "2025-09-09", "split prefill/decode attention on by default",
          (13818.7, 11612.0, 11408.7, 7800.5, 4134.0, 3177.6, 3034.1, 2214.2)),
    Build("rocm7.0.0_vllm_0.10.2_20251006", "2025-10-06", "ROCm 7.0.0",
          (13212.5, 11312.8, 11376.7, 7252.1, 4201.7, 3176.3, 2992.0, 2153.7)),
    Build("rocm7.0.0_vllm_0.11.1_20251103", "2025-11-03", "AITER on by default",
          (13279.6, 11449.7, 11347.4, 7651.7, 3816.8, 3099.6, 3026.1, 2196.4)),
)
# the same page's latency table (0.9.1 container; repeated in the 0.10.0 README): seconds for 128 + 2,048 tokens
LATENCY_S = {
    "llama-3.1-70b": {1: 17.236, 2: 18.057, 4: 18.450, 8: 19.677, 16: 22.072, 32: 24.932, 64: 33.287, 128: 46.484},
    "llama-3.1-405b": {1: 48.453, 2: 49.268, 4: 51.136, 8: 54.226, 16: 57.274, 32: 68.901, 64: 88.631,
                       128: 117.027},
}


def cited() -> Build:
    return next(b for b in BUILDS if b.tag == CITED)


def ratios(build: Build) -> list[float]:
    """The build's figure over the cited 0.9.1 container's, row by row."""
    return [x / y for x, y in zip(build.totals, cited().totals, strict=True)]


def later(builds: tuple[Build, ...] = BUILDS) -> list[Build]:
    """The builds after the cited one."""
    return [b for b in builds if b.released > cited().released]


def error_against(build: Build, cases: list[ServingCase], predicted: dict[str, float]) -> list[float]:
    """gpudesk's error on each row read against ``build``'s figure instead of the cited one (same reading)."""
    return [predicted[c.id] / (c.measured * r) - 1.0 for c, r in zip(cases, ratios(build), strict=True)]


def latency_ratios(case: ServingCase) -> list[float]:
    """Measured / gpudesk's time of each batch of the page's latency table for ``case``'s model (128 + 2,048 tokens;
    gpudesk's in-flight rate at that batch, its prefill amortised over the outputs as in the throughput rows)."""
    from validation_runner import serving_at
    table = LATENCY_S[case.model_id]
    one = replace(case, prompt=128, output=2048, requests=0)
    rates = serving_at(one, *(float(b) for b in table))[0]
    return [s / (b * 2048 / (r * one.tp)) for (b, s), r in zip(table.items(), rates, strict=True)]


def _replica(case: ServingCase) -> ReplicaModel:
    hw = HardwareArrays.from_accelerators([case.accelerator()])
    one = np.ones(1)
    return ReplicaModel.build(case.model(), hw, Efficiencies.for_hardware(hw, case.weight_dtype, None),
                              case.tp * one, one, one, case.weight_dtype, case.kv_dtype, case.weight_dtype,
                              case.release)


def measured_step(case: ServingCase, figure: float) -> float:
    """Seconds per output step of a row run with all its prompts in flight at ``figure`` output tokens/s."""
    return case.requests / figure


def v1_over_v0_per_sequence(cases: list[ServingCase]) -> list[float]:
    """Seconds per sequence in flight that each row's step took more under the cited V1 build than under the V0 one
    (BUILDS[0]: vLLM's V0 engine, which the page's MAD config ran with 10 scheduler steps per host pass)."""
    v0, v1 = BUILDS[0], cited()
    return [(measured_step(c, b) - measured_step(c, a)) / c.requests
            for c, a, b in zip(cases, v0.totals, v1.totals, strict=True)]


def prefill_residual(case: ServingCase, predicted: float) -> tuple[float, float]:
    """(seconds of the whole run gpudesk misses, the run's causal prefill-attention work per GPU: layers x query
    heads per GPU x prompts x prompt length squared) of a row."""
    m = case.model()
    missed = case.requests * case.output / case.tp * (1.0 / case.measured - 1.0 / predicted)
    return missed, float(m.n_layers * m.n_heads / case.tp * case.requests * case.prompt ** 2)


def prompt_token_cost(long: ServingCase, short: ServingCase) -> tuple[float, float, float]:
    """(seconds per prompt token the measured runs imply, gpudesk's, prompt tokens per step more) from two rows with
    the same sequences in flight: the measured step difference less gpudesk's own decode-step difference (the longer
    context), over the extra prompt tokens each step carries (C·I/O: every prompt is prefilled once per O steps)."""
    assert long.max_batch == short.max_batch
    c = np.array([float(long.max_batch)])
    rep = _replica(long)

    def step(case: ServingCase) -> float:  # measured seconds per step with all C in flight
        return case.max_batch / (case.measured * case.tp)

    def prompts(case: ServingCase) -> float:
        return case.max_batch * case.prompt / case.output

    extra = prompts(long) - prompts(short)
    implied = (step(long) - step(short) - _decode_gap(rep, long, short)) / extra
    ours = float(rep.mixed_prefill(c, np.array([float(long.prompt)]), np.array([float(long.output)]),
                                   wait=np.zeros(1))[0]) / prompts(long)
    return implied, ours, extra


def per_sequence(case: ServingCase, predicted: float) -> tuple[float, float, int]:
    """(measured, gpudesk's) seconds a step gains per sequence added from the latency table's largest batch to the
    throughput row's ``case.max_batch`` sequences in flight (same lengths, 128 + 2,048), and that batch."""
    from validation_runner import serving_at
    table = LATENCY_S[case.model_id]
    small = max(table)
    small_rate = float(serving_at(replace(case, requests=0), float(small))[0][0])
    measured = (case.max_batch / (case.measured * case.tp) - table[small] / case.output) / (case.max_batch - small)
    ours = (case.max_batch / (predicted * case.tp) - small / (small_rate * case.tp)) / (case.max_batch - small)
    return measured, ours, small


def _span(values: list[float], fmt: str = "+.0%") -> str:
    return f"{min(values):{fmt}} … {max(values):{fmt}}"


def where_it_goes(results: list, cases: list[ServingCase]) -> str:
    """Items (2) to (6) of the 'Where it goes' paragraph of docs/validation.md on AMD's MI300X rows, from this run's
    ``results`` (gpudesk's predictions of ``cases``, AMD_MI300X_SERVING, and of the MLPerf LoRA runs on MI300X)."""
    by = {r.id: r for r in results}
    predicted = {c.id: by[c.id].predicted for c in cases}
    first, latest, steps = BUILDS[0], BUILDS[-1], later()
    r0 = ratios(first)
    moved = [r - 1.0 for b in steps for r in ratios(b)]
    thr = [predicted[c.id] / c.measured for c in cases]
    lat70, lat405 = latency_ratios(cases[0]), latency_ratios(cases[4])
    row = cases[0]  # 70B, 128 + 2,048, 3,200 in flight
    seq_meas, seq_ours, small = per_sequence(row, predicted[row.id])
    rep = _replica(row)
    c = np.array([float(row.max_batch)])
    parts = rep.decode_step(c, np.array([row.prompt + row.output / 2.0]))
    gemm_rate = rep.compute_peak[0] * rep.decode_matmul[0]
    long, short = cases[3], cases[1]  # 70B 2,048 + 2,048 and 128 + 4,096: 1,500 in flight each
    implied, ours, extra = prompt_token_cost(long, short)
    flops = 2.0 * rep.n_gemm / row.tp  # one token's linear-layer FLOPs on one GPU
    lora = [by[i].error for i in ("mlperf-t51-lora-8xmi300x", "mlperf-t50-lora-8xmi300x") if i in by]
    az = azure_errors()
    rel = [(1.0 + m) / (1.0 + h) for m, h in zip(az["mi300x"], az["h200-sxm"], strict=True)]
    return (
        "(2) six builds of the page, 2025-06 to 2025-11 (`tests/validation/validation_amd_builds.py`, each from the "
        f"page's stored copies or AMD's build README): the {first.tag.split('_vllm_')[1].split('_')[0]} container "
        f"(released {first.released}, before the V1 engine became the default) read the 70B rows "
        f"{min(r0[:4]):.2f}-{max(r0[:4]):.2f}x and the 405B rows {min(r0[4:]):.2f}-{max(r0[4:]):.2f}x the cited "
        f"0.9.1 ones; the {len(steps)} builds after it (0.10.0 with AITER's FP8-KV attention and full graph capture, "
        "0.10.1, 0.10.2 on ROCm 7.0, 0.11.1 with AITER on by default) read "
        f"{_span(moved, '+.1%')} against them, so gpudesk reads the latest "
        f"{_span(error_against(latest, cases, predicted))} and the fastest {_span(error_against(first, cases, predicted))}: "
        "the gap is not one release's, and moving vLLM's ROCm attention to AITER's (2.7-4.4x the throughput of the "
        "ROCM_ATTN backend on MHA models, Qwen3-235B, in vLLM's post on its ROCm attention backends, "
        f"blog.vllm.ai, 2026-02-20) moved these runs by at most {max(abs(m) for m in moved):.1%}. Oracle's 405B "
        "run of 2024-10-10 on 8 MI300X (blogs.oracle.com, 'Serving Llama 3.1 405B model with AMD Instinct MI300X "
        "Accelerators', vLLM benchmark_throughput) made 2,794 output tokens/s at 128 + 2,048 where the 0.9.1 "
        f"container makes {cited().totals[4]:,.0f}; (3) what the cited container ran: the V1 engine with AITER off (its build notes: "
        "'AITER does not support FP8 KV cache yet'), so vLLM's own ROCm attention kernels on the FP8 cache and, for "
        "every batch of more than one row, torch._scaled_mm (hipBLASLt) for the FP8 linear layers (vLLM's "
        "w8a8_utils.py, rocm_per_tensor_w8a8_scaled_mm). AMD's FP8 GEMM tuning for Llama 70B/405B on MI300X "
        "(ROCm/aiter pull request 1092, 2025-09-26) times AITER's kernels, which later builds run: the 70B TP8 QKV "
        "projection (N 1,280, K 8,192) for 1,024 rows at 186 µs with CK's a8w8 kernel and 53 µs with its "
        f"pre-shuffled-weight kernel, 115 and 403 TFLOP/s, where gpudesk's rate ({gemm_rate / 1e12:,.0f} TFLOP/s, "
        f"`MAMF_FP8_CDNA3` {gemm_rate / rep.compute_peak[0]:.3f} of the FP8 peak) gives "
        f"{2.0 * 1024 * 1280 * 8192 / gemm_rate * 1e6:.0f} µs; no per-shape timing of hipBLASLt's FP8 GEMMs on MI300X "
        "at these shapes was found; (4) the collectives: AMD's RCCL/xGMI blog (2025-03-02) gives about 48 of 64 GB/s "
        "per link usable, which CDNA3 collectives took (`BUSBW_EFF_XGMI_CDNA3` 0.75; 0.712, the same blog's measured "
        "all-reduce, since the all-reduce record below) instead of NVLink5's "
        "measured 0.94: the rows moved from +87% … +264% to +76% … +239%; (5) the gap grows "
        "with the batch: gpudesk reads the page's latency table (batches 1 to 128, 128 + 2,048 tokens, the same "
        f"container) {min(lat70):.2f}-{max(lat70):.2f}x fast on 70B and {min(lat405):.2f}-{max(lat405):.2f}x on "
        f"405B, the throughput rows {min(thr):.2f}-{max(thr):.2f}x: from batch {small} to the {row.max_batch:,} "
        f"sequences of the 70B 128 + 2,048 row each sequence (its 128-token prompt included) adds "
        f"{seq_meas * 1e6:.0f} µs to the measured step and "
        f"{seq_ours * 1e6:.0f} µs to gpudesk's (its FP8 GEMMs {parts['linear'][0] / c[0] * 1e6:.0f} µs at "
        f"{gemm_rate / 1e12:,.0f} TFLOP/s, its all-reduces {parts['comm'][0] / c[0] * 1e6:.0f} µs, its KV reads "
        f"{parts['attention'][0] / c[0] * 1e6:.0f} µs, its host work {parts['host'][0] / c[0] * 1e6:.0f} µs since the "
        "entry below); (6) a prompt token: the 70B rows at "
        f"{long.prompt:,} + {long.output:,} and {short.prompt:,} + {short.output:,} hold the same "
        f"{long.max_batch:,} sequences, the first carrying {extra:,.0f} more prompt tokens a step (every prompt is "
        "prefilled once in its output's steps) and taking "
        f"{(long.max_batch / (long.measured * long.tp) - short.max_batch / (short.measured * short.tp)) * 1e3:.0f} ms "
        "more a step, of which gpudesk's own decode step gives the longer context "
        f"{_decode_gap(rep, long, short) * 1e3:.1f} ms: {implied * 1e6:.0f} µs per prompt "
        f"token, {implied / ours:.1f}x gpudesk's {ours * 1e6:.0f} µs (177 µs, 5.4x, with the figure read as prompt + "
        "output until 2026-12-04); were it all GEMM time the prefill's GEMMs "
        f"would run at {flops / implied / 1e12:.0f} TFLOP/s a GPU, {flops / implied / rep.compute_peak[0]:.0%} of "
        "the FP8 peak, where gpudesk's error on AMD's MLPerf Training LoRA steps on the same part (FP8 GEMMs of "
        f"8,192-token rows through Transformer Engine) is {_span(lora)}; (7) one harness, three parts: Azure's AI "
        "benchmarking guide ran one workload (1,000 requests of 128 + 2,048, 500 + 2,000 and 2,048 + 2,048 tokens, "
        "FP8, Llama 3.1 8B on one GPU, 70B and 405B on eight) on H200 and H100 with TensorRT-LLM 0.15 and on MI300X "
        "with a vLLM build of 2024-11 (rocm/vllm-dev:20241121-tuned; `AZURE`, read as output tokens/s with every "
        f"request in flight): gpudesk reads H200 {_span(az['h200-sxm'])}, H100 {_span(az['h100-sxm'])} and MI300X "
        f"{_span(az['mi300x'])}: what is MI300X's own on that harness (the part and its 2024 stack) is "
        f"{min(rel):.2f}-{max(rel):.2f}x over H200's miss on the same row, and the rest gpudesk misses on the NVIDIA "
        "parts too (not studied here: an older TensorRT-LLM, eight-way tensor parallel, every request at once; "
        "the perf-overview rows of the serving group read far closer). What stays is a cost per sequence and per "
        "step of vLLM on MI300X that six builds, two ROCm releases and AITER on or off all share: not one "
        "engine release's, so no release term (until the synchronous V1 scheduling below, which five of the six "
        "builds share); no published timing of the kernels these runs took says which "
        "kernel it is, and no fit-half run ran vLLM or ROCm, so nothing is fitted. **MI300X's FP8 matmul and HBM "
        "shares** (2026-12-04): Azure's AI benchmarking guide measured the part on one harness with H100 and H200 "
        "(hipBLASLt / cuBLASLt FP8 GEMMs at fixed shapes, a STREAM-like HBM test): MI300X's best FP8 GEMM 1,159.5 "
        "TFLOPS, 0.443 of its 2,614.9 peak, where the harness reads H100 and H200 within 1.5% and 6.0% of their MAMF, "
        "and its HBM 4.15 of 5.3 TB/s (0.783), where H200 reads 85.0%, the shared `HBM_EFFICIENCY`. The FP8 "
        "share had been MI300X's BF16 MAMF fraction (0.514); the part now takes both (`MAMF_FP8_CDNA3`, "
        "`HBM_EFF_MI300X`), and decode's KV-cache reads scale by the same 0.783/0.85 (a paged read cannot outrun the "
        "part's streaming copy, which `SERVING_DECODE_KV_BW_EFFICIENCY` 0.80 of 5.3 TB/s would). AMD's rows "
        "+76% … +239% (median |error| 122%) → +61% … +216% (median |error| 105%); "
        "held-out serving in-flight p90 72.4% → 60.3% (median 9.0% unchanged); AMD's MLPerf Training LoRA steps on "
        f"MI300X +17.5% / +22.5% → {_span(lora, '+.1%')} (held-out CDNA3 training median 10.1% → 4.6%); MI325X keeps its BF16 fraction for FP8 and the shared HBM share (nothing "
        "measured on it), and no other part moves. What it does not explain: the per-sequence costs above. "
    )


def _decode_gap(rep: ReplicaModel, long: ServingCase, short: ServingCase) -> float:
    """gpudesk's decode-step difference between two rows at the same sequences in flight (their context)."""
    c = np.array([float(long.max_batch)])
    steps = [float(rep.decode_step(c, np.array([x.prompt + x.output / 2.0]))["total"][0]) for x in (long, short)]
    return steps[0] - steps[1]


# Azure's AI benchmarking guide (Azure_Results, copy samuel-bohman/AI-benchmarking-guide; ND_H100_v5 commit 26d18e9,
# ND_H200_v5 0de7d01, ND_MI300X_v5 3de0c29) ran one workload on three parts: 1,000 requests of fixed lengths, FP8,
# H100 and H200 with TensorRT-LLM v0.15.0 (Benchmarks/NVIDIA/LLMBenchmark.py: trtllm-bench build and throughput on a
# prepare_dataset.py token-norm-dist set, stdev 0), MI300X with vLLM in rocm/vllm-dev:20241121-tuned
# (Benchmarks/AMD/LLMBenchmark.py: benchmark_throughput, --num-scheduler-steps 10, chunked prefill off, FP8 weights
# and KV cache; the script keeps the 'output tokens/s' field of vLLM's Throughput line). Output tokens/s of the run,
# (input, output, tokens/s) per (part, model, TP); the max batch each engine held is not in the stored copies, so
# every request is taken in flight at once (the larger batch: gpudesk's most optimistic reading).
AZURE_RELEASE = {"h100-sxm": "trtllm-0", "h200-sxm": "trtllm-0", "mi300x": "current"}
AZURE = {
    ("h200-sxm", "llama-3.1-8b", 1): ((128, 2048, 21255), (500, 2000, 18357), (2048, 2048, 9736)),
    ("h200-sxm", "llama-3.1-70b", 8): ((128, 2048, 18219), (500, 2000, 15911), (2048, 2048, 10371)),
    ("h200-sxm", "llama-3.1-405b", 8): ((128, 2048, 5098), (500, 2000, 4447), (2048, 2048, 2859)),
    ("h100-sxm", "llama-3.1-8b", 1): ((128, 2048, 15014), (500, 2000, 13047), (2048, 2048, 8026)),
    ("h100-sxm", "llama-3.1-70b", 8): ((128, 2048, 12910), (500, 2000, 11594), (2048, 2048, 7908)),
    ("mi300x", "llama-3.1-8b", 1): ((128, 2048, 19579), (500, 2000, 13559), (2048, 2048, 7356)),
    ("mi300x", "llama-3.1-70b", 8): ((128, 2048, 12204), (500, 2000, 10877), (2048, 2048, 7421)),
    ("mi300x", "llama-3.1-405b", 8): ((128, 2048, 3902), (500, 2000, 3407), (2048, 2048, 1840)),
}


def azure_errors() -> dict[str, list[float]]:
    """gpudesk's error on the Azure rows of each part (output tokens/s, all 1,000 requests in flight)."""
    from validation_runner import predict_serving
    out: dict[str, list[float]] = {}
    for (part, model, tp), rows in AZURE.items():
        for isl, osl, total in rows:
            case = ServingCase(id=f"azure-{part}-{model}-{isl}-{osl}", citation="", model_id=model,
                               accelerator_id=part, tp=tp, prompt=isl, output=osl, measured=total / tp,
                               weight_dtype="fp8", kv_dtype="fp8", max_batch=1000, requests=1000,
                               release=AZURE_RELEASE[part])
            out.setdefault(part, []).append(predict_serving(case) / case.measured - 1.0)
    return out
