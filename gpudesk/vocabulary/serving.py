"""Serving settings and targets: how the engine batches requests, the load scenario the plan is sized for, the
percentile latency targets hold at, and the precisions a configuration search tries."""

from __future__ import annotations

from statistics import NormalDist

from gpudesk.vocabulary.terms import Term, Vocabulary

SERVING_BATCHING: Vocabulary[Term] = Vocabulary("serving batching mode", (
    Term("continuous", "Continuous batching, prefill mixed into decode steps", "连续批处理（预填充并入解码步）"),
    Term("separate_prefill", "Continuous batching, prefill as its own steps", "连续批处理（预填充单独成步）"),
    Term("static", "Static batches", "静态批处理"),
    Term("disaggregated", "Disaggregated prefill / decode", "预填充/解码分离部署"),
))

SERVING_SCENARIO: Vocabulary[Term] = Vocabulary("serving scenario", (
    Term("server", "Server: requests arrive over time, TTFT/TPOT targets", "在线服务：请求陆续到达，满足 TTFT/TPOT 目标"),
    Term("offline", "Offline: batch jobs, throughput only", "离线批处理：只看吞吐"),
    Term("interactive", "Interactive: the median TTFT target met at the latency percentile",
         "交互式：首字延迟中位数目标在时延分位上也须满足"),
))


def _percentile(code: str, level: float) -> Term:
    name = code.upper()
    return Term(code, name + (" (median)" if level == 0.5 else ""), name + ("（中位数）" if level == 0.5 else ""),
                {"level": level, "exceedance": round(1.0 - level, 6), "z": NormalDist().inv_cdf(level)})


PERCENTILE: Vocabulary[Term] = Vocabulary("latency percentile", (
    _percentile("p50", 0.50), _percentile("p90", 0.90), _percentile("p95", 0.95), _percentile("p99", 0.99),
))

# The lowest precision a search may *recommend* (lower ones are still evaluated and shown, with their caveat).
QUANTIZATION: Vocabulary[Term] = Vocabulary("quantisation allowed", (
    Term("as_planned", "The plan's own precision only", "仅限方案中的精度", {"min_bits": 16}),
    Term("8bit", "Down to 8-bit (FP8, INT8)", "可降至 8 位（FP8、INT8）", {"min_bits": 8}),
    Term("4bit", "Down to 4-bit (INT4, FP4)", "可降至 4 位（INT4、FP4）", {"min_bits": 4}),
))


def _option(code: str, en: str, zh: str, weight: str, kv: str, compute: str | None, bits: int) -> Term:
    return Term(code, en, zh, {"weight": weight, "kv": kv, "compute": compute, "bits": bits})


# Precision options of the serving search: weights, KV cache and the format the GEMMs run in (None: the
# weights' own). "bf16" runs FP16 on parts without a BF16 figure (Ascend 910B, T4).
SEARCH_PRECISION: Vocabulary[Term] = Vocabulary("search precision", (
    _option("bf16", "BF16 weights and KV cache", "BF16 权重与 KV 缓存", "bf16", "bf16", None, 16),
    _option("fp8", "FP8 weights, activations and KV cache", "FP8 权重、激活与 KV 缓存", "fp8", "fp8", "fp8", 8),
    _option("int8", "INT8 weights and activations (W8A8), INT8 KV cache", "INT8 权重与激活（W8A8）、INT8 KV 缓存",
            "int8", "int8", "int8", 8),
    _option("int4", "INT4 weights (W4A16), 16-bit KV cache", "INT4 权重（W4A16）、16 位 KV 缓存", "int4", "bf16",
            None, 4),
    _option("fp4", "FP4 weights and activations, FP8 KV cache", "FP4 权重与激活、FP8 KV 缓存", "fp4", "fp8",
            "fp4", 4),
))

# TensorRT-LLM's attention data-parallel balancer (attention_dp_config: enable_balance, timeout_iters,
# batching_wait_iters; core/adp_hold.py): its defaults, the plan's when balancing is on and nothing else is stated.
# Source: NVIDIA/TensorRT-LLM tensorrt_llm/llmapi/llm_args.py, class AttentionDpConfig (enable_balance False,
# timeout_iters 50, batching_wait_iters 10; the same in the three stored versions read 2026-12-04, e.g. commit
# fcd3f316); what the two do: tensorrt_llm/_torch/pyexecutor/py_executor.py, _balance_adp_requests. The MLPerf
# Inference DeepSeek-R1 configs set their own (9 / 3 and 6 / 2, tests/validation/mlperf_server_bounds.py BALANCER).
ADP_BALANCE_TIMEOUT_ITERS = 50
ADP_BALANCE_BATCHING_WAIT_ITERS = 10

_TRTLLM_NOTES = "NVIDIA TensorRT-LLM docs/source/release-notes.md (commit 001eaec)"


def _release(code: str, en: str, zh: str, published: str, source: str, adp_host: bool, stack: str = "fused",
             fp4_ultra: bool = True, seq_host: bool = False, kv_of_free: bool = False) -> Term:
    return Term(code, en, zh, {"published": published, "source": source, "adp_host": adp_host, "stack": stack,
                               "fp4_ultra": fp4_ultra, "seq_host": seq_host, "kv_of_free": kv_of_free})


# The serving engine release a plan says ran (or will run). ``adp_host``: the release pays a host-side cost on every
# iteration of an attention data-parallel replica (TensorRT-LLM tech blog 8, 'Scaling Expert Parallelism in TensorRT
# LLM, Part 2', Host Overhead Optimization: the batch of one iteration scales with the GPUs and its requests and
# responses put 'huge pressure on Python threads'; the GPU 'could be idle waiting for the CPU'), which NVIDIA's
# MLPerf Inference v6.0 submissions no longer show ('Optimized Attention Data Parallel' among the software changes
# of the round, and release 1.2's host-side items: NUMA-aware CPU affinity, TorchSampler and batched sampling).
# Each release is dated by the first published build of its line found (empty: no date found in the stored sources)
# and known by the TensorRT and CUDA it ships with, which the MLPerf systems' descriptions state.
# ``stack``: "fused" (an engine's fused decoder layer, DECODE_KERNELS_PER_LAYER kernels, decode steps replayed from
# CUDA graphs); "unfused_graph" (plain PyTorch layers, every RMSNorm, rotary, residual add, SiLU·mul and KV-cache copy
# its own kernel (UNFUSED_DECODER_KERNELS_PER_LAYER), decode steps replayed from a CUDA graph and the prefill run
# eager, as gpt-fast-style scripts and benchmarks/gpu/measure_transformer.py do); "unfused_eager" (the same layers,
# every step eager: the host launches each kernel, EAGER_HOST_OP_S apiece). core/engine_release.py.
# ``fp4_ultra``: the release's NVFP4 GEMMs can issue Blackwell Ultra's (SM103: B300, GB300) own block-scaled MMA, which
# the parts' datasheet NVFP4 rate (3x FP8) needs; without it they run the SM100 form at the SM100 family's 2x FP8
# (core/engine_release.py gemm_peak). That MMA came to CUTLASS in 4.2.0 (NVIDIA/cutlass release v4.2.0, 2025-09-18:
# 'Support for Blackwell SM103 kernels for B300 GPUs', block-scaled dense GEMM mainloop); TensorRT-LLM added SM103
# devices on 2025-09-08 with the CUTLASS update 'delayed, will do in a later PR' (NVIDIA/TensorRT-LLM pull request
# #7568), so the lines first built before it (0.x, 1.0, 1.1, whose first builds and MLPerf Inference v5.1 runs
# predate it) do not; 1.2 and later (and plain PyTorch, whose cuBLASLt picks the part's kernels) do.
# ``seq_host``: the release schedules synchronously, so every iteration waits for host work on each sequence in
# flight (scheduler, input preparation, output update; SYNC_HOST_PER_SEQUENCE_S each): vLLM's V1 engine without
# --async-scheduling (vLLM pull request #19970, 2025-06-23, opt-in; the V1 engine the default from the 0.8 line).
# ``kv_of_free``: the plan's serving memory fraction is a share of the memory left free once the model has loaded and
# the engine has profiled its activation peak, and all of that share goes to the KV cache (KV budget
# f · (capacity − fixed)): TensorRT-LLM's KvCacheConfig.free_gpu_memory_fraction, default 0.9 ('TensorRT LLM will try
# to allocate 90% of free GPU memory for KV cache', docs 'How to Change KV Cache Behavior'; NVIDIA/TensorRT-LLM
# tensorrt_llm/_torch/pyexecutor/_util.py, KvCacheCreator._cal_max_memory: available_kv_mem = (total_gpu_memory −
# peak_memory + allocated_bytes) × fraction, commit 00043967). Otherwise the fraction is a share of the device total
# that weights, activations and KV cache share (KV budget f · capacity − fixed): vLLM's gpu_memory_utilization and
# SGLang's mem_fraction_static, as gpudesk reads "current" and plain PyTorch.
ENGINE_RELEASE: Vocabulary[Term] = Vocabulary("serving engine release", (
    _release("current", "Current engine (as gpudesk models it: TensorRT-LLM 1.2, vLLM, SGLang)",
             "当前版本（按 TensorRT-LLM 1.2、vLLM、SGLang 建模）", "", "", False),
    _release("trtllm-1.2", "TensorRT-LLM 1.2", "TensorRT-LLM 1.2", "2025-11-07",
             f"{_TRTLLM_NOTES}, Release 1.2 (base image pytorch:25.12, TensorRT 10.14); v1.2.0rc2 "
             "triton-inference-server/tensorrtllm_backend pull request #819, 2025-11-07", False, kv_of_free=True),
    _release("trtllm-1.1", "TensorRT-LLM 1.1", "TensorRT-LLM 1.1", "2025-09-10",
             f"{_TRTLLM_NOTES}, Release 1.1 (base image pytorch:25.10; B300/GB300 support); TensorRT 10.13.3, "
             "CUDA 13.0: tensorrtllm_backend pull request #820; v1.1.0rc4: pull request #796, 2025-09-10", True,
             fp4_ultra=False, kv_of_free=True),
    _release("trtllm-1.0", "TensorRT-LLM 1.0", "TensorRT-LLM 1.0", "",
             f"{_TRTLLM_NOTES}, Release 1.0 (base image pytorch:25.06; TensorRT 10.11, CUDA 12.9: "
             "tensorrtllm_backend pull request #820, the lines it replaces)", True, fp4_ultra=False, kv_of_free=True),
    _release("trtllm-0", "TensorRT-LLM before 1.0 (0.x)", "TensorRT-LLM 1.0 之前版本（0.x）", "",
             f"{_TRTLLM_NOTES}, Releases 0.5 to 0.21", True, fp4_ultra=False, kv_of_free=True),
    _release("vllm-v1-sync", "VLLM V1 engine, synchronous scheduling (no --async-scheduling)",
             "vLLM V1 引擎，同步调度（未开启异步调度）", "2025-01-27",
             "vLLM blog, 'vLLM V1: A Major Upgrade to vLLM's Core Architecture' (2025-01-27); async scheduling opt-in "
             "from vLLM pull request #19970 (2025-06-23)", False, seq_host=True),
    _release("pytorch-cudagraph", "Plain PyTorch (unfused layers), decode replayed from CUDA graphs, prefill eager",
             "原生 PyTorch（算子未融合），解码步由 CUDA 图重放，预填充逐算子执行", "",
             "torch.cuda.CUDAGraph (PyTorch documentation, 'CUDA Graphs'); benchmarks/gpu/measure_transformer.py",
             False, "unfused_graph"),
    _release("pytorch-eager", "Plain PyTorch (unfused layers), eager: the host launches every kernel",
             "原生 PyTorch（算子未融合），逐算子即时执行：每个内核由主机单独发起", "",
             "PyTorch eager mode; benchmarks/gpu/measure_transformer.py (eager_step_s)", False, "unfused_eager"),
))
