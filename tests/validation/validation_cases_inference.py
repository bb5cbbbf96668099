"""Published inference measurements: configuration, measured value, citation.

Source: NVIDIA TensorRT-LLM ``docs/source/performance.md`` (repository
NVIDIA/TensorRT-LLM, commit 138f96d45f90b9667426f7c47297d8c06bafac73):
static-batch throughput (gptSessionBenchmark, fixed batch, every sequence
runs the full input and output length) and batch-1 first-token latency.
H100 rows are v0.6.1 in output tokens/s per GPU; L40S and A100 rows are
the v0.5 / v0.6.1 tables in output tokens/s (single-GPU rows only, so per
GPU is unambiguous). H100 and L40S use FP8 weights and FP8 KV cache, A100
FP16.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_releases import PERFORMANCE_MD_RELEASE
from validation_hardware import A100_80, FALCON_180B, GPTJ_6B, H100, L40S, LLAMA2_7B, LLAMA2_70B

from gpudesk.catalog.records import Accelerator, ModelArch

_TRT = ("NVIDIA TensorRT-LLM docs/source/performance.md (commit 138f96d), "
        "https://github.com/NVIDIA/TensorRT-LLM/blob/138f96d/docs/source/performance.md")


@dataclass(frozen=True)
class InferenceCase:
    id: str
    citation: str
    model: ModelArch
    accelerator: Accelerator
    tp: int
    batch: int
    prompt: int
    output: int
    measured: float
    metric: str = "tokens_per_s_per_gpu"  # or "ttft_s"
    weight_dtype: str = "fp8"
    kv_dtype: str = "fp8"
    note: str = ""
    release: str = PERFORMANCE_MD_RELEASE[0]  # the serving engine release of the page's tables (engine_releases.py)
    kv_bucket: int = 0  # the run read a static KV cache in buckets of this many tokens (InferenceInputs.kv_bucket_tokens)
    flash_attention: bool = True  # False: the run's attention had no fused kernel (InferenceInputs.flash_attention)


def _rows(prefix: str, acc: Accelerator, dtype: str, table: str, rows: list[tuple]) -> list[InferenceCase]:
    return [
        InferenceCase(id=f"trtllm-{prefix}-{m.id}-tp{tp}-b{b}-{i}-{o}", citation=f"{_TRT}, {table}", model=m,
                      accelerator=acc, tp=tp, batch=b, prompt=i, output=o, measured=v, weight_dtype=dtype,
                      kv_dtype=dtype, note="static batch: output tokens/s per GPU; engine "
                      f"{PERFORMANCE_MD_RELEASE[0]} ({PERFORMANCE_MD_RELEASE[1]}, table {table})")
        for m, b, tp, i, o, v in rows
    ]


H100_ROWS = _rows("h100-fp8", H100, "fp8", "Peak Throughput, H100 GPUs (FP8), v0.6.1", [
    (GPTJ_6B, 1024, 1, 128, 128, 26150), (GPTJ_6B, 120, 1, 128, 2048, 8011),
    (GPTJ_6B, 64, 1, 2048, 128, 2551), (GPTJ_6B, 64, 1, 2048, 2048, 3327),
    (LLAMA2_7B, 768, 1, 128, 128, 19694), (LLAMA2_7B, 112, 1, 128, 2048, 6818),
    (LLAMA2_7B, 80, 1, 2048, 128, 2244), (LLAMA2_7B, 48, 1, 2048, 2048, 2740),
    (LLAMA2_70B, 1024, 2, 128, 128, 2657), (LLAMA2_70B, 480, 4, 128, 2048, 1486),
    (LLAMA2_70B, 96, 2, 2048, 128, 306), (LLAMA2_70B, 64, 2, 2048, 2048, 547),
    (FALCON_180B, 1024, 4, 128, 128, 987), (FALCON_180B, 1024, 8, 128, 2048, 724),
    (FALCON_180B, 64, 4, 2048, 128, 112), (FALCON_180B, 64, 4, 2048, 2048, 264),
])
L40S_ROWS = _rows("l40s-fp8", L40S, "fp8", "Peak Throughput, L40S GPUs (FP8), v0.5", [
    (GPTJ_6B, 64, 1, 128, 128, 3630), (GPTJ_6B, 64, 1, 128, 2048, 1859),
    (GPTJ_6B, 32, 1, 2048, 128, 616), (GPTJ_6B, 32, 1, 2048, 2048, 757),
    (LLAMA2_7B, 64, 1, 128, 128, 3240), (LLAMA2_7B, 64, 1, 128, 2048, 1622),
    (LLAMA2_7B, 32, 1, 2048, 128, 581), (LLAMA2_7B, 16, 1, 2048, 2048, 531),
])
A100_ROWS = _rows("a100-fp16", A100_80, "fp16", "Peak Throughput, A100 GPUs (FP16), TP 1 rows", [
    (GPTJ_6B, 512, 1, 128, 128, 6374), (GPTJ_6B, 60, 1, 2048, 128, 670),
    (LLAMA2_7B, 384, 1, 128, 128, 5586), (LLAMA2_7B, 60, 1, 128, 2048, 1928),
    (LLAMA2_7B, 52, 1, 2048, 128, 591),
])


def _ttft(acc: Accelerator, dtype: str, table: str, rows: list[tuple]) -> list[InferenceCase]:
    return [
        InferenceCase(id=f"trtllm-ttft-{acc.id}-{m.id}-tp{tp}-{i}", citation=f"{_TRT}, {table}", model=m,
                      accelerator=acc, tp=tp, batch=1, prompt=i, output=1, measured=ms / 1000.0, metric="ttft_s",
                      weight_dtype=dtype, kv_dtype=dtype, note="batch 1 first-token latency (prefill); engine "
                      f"{PERFORMANCE_MD_RELEASE[0]} ({PERFORMANCE_MD_RELEASE[1]}, table {table})")
        for m, tp, i, ms in rows
    ]


TTFT_ROWS = _ttft(H100, "fp8", "Low Latency, H100 GPUs (FP8), v0.5", [
    (GPTJ_6B, 1, 128, 7), (GPTJ_6B, 1, 2048, 29), (LLAMA2_7B, 1, 128, 7), (LLAMA2_7B, 1, 2048, 36),
    (LLAMA2_70B, 4, 128, 26), (LLAMA2_70B, 4, 2048, 109), (FALCON_180B, 8, 128, 27), (FALCON_180B, 8, 2048, 205),
]) + _ttft(A100_80, "fp16", "Low Latency, A100 GPUs (FP16), v0.5", [
    (GPTJ_6B, 1, 128, 12), (GPTJ_6B, 1, 2048, 129), (LLAMA2_7B, 1, 128, 16), (LLAMA2_7B, 1, 2048, 133),
    (LLAMA2_70B, 4, 128, 47), (LLAMA2_70B, 4, 2048, 377),
])

INFERENCE_THROUGHPUT_CASES = H100_ROWS + L40S_ROWS + A100_ROWS
INFERENCE_LATENCY_CASES = TTFT_ROWS
