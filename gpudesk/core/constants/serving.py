"""Tuning constants of the serving step model (core/inference_step.py), each with its source.

The four below describe mechanisms the pure roofline leaves out. Their values
were fitted on the fit half of the validation corpus only (tests/validation/
fit_constants.py; split by tests/validation/validation_split.py) and are judged
on the held-out half in docs/validation.md. One value per mechanism (per
precision where the mechanism is precision-specific), never per case, model or
GPU.
"""

from __future__ import annotations

from gpudesk.core.constants.base import Constant

_FIT = ("fitted on the fit half of the validation corpus (tests/validation/fit_constants.py, 2026-12-01: "
        "{n}); judged on the held-out half in docs/validation.md")

SERVING_ROOFLINE_SHARPNESS = Constant(
    "SERVING_ROOFLINE_SHARPNESS", 1.0, "exponent",
    "roofline transition sharpness p: t = (t_compute^p + t_memory^p)^(1/p) for a decode GEMM",
    "A GEMM near the ridge point neither saturates the tensor cores nor streams at full bandwidth "
    "(tile quantisation, wave tails, epilogues), so max(compute, memory) is optimistic there; the generalised "
    "mean keeps both limits far from the ridge (p = 1: no overlap, the larger p, the nearer the plain roofline). "
    + _FIT.format(n="serving and static-batch throughput cases"),
)
SERVING_DECODE_KV_BW_EFFICIENCY = Constant(
    "SERVING_DECODE_KV_BW_EFFICIENCY", 0.80, "fraction",
    "achieved HBM bandwidth of paged decode attention / datasheet",
    "Decode attention reads the KV cache in pages of 16-64 tokens per sequence, with one query token per "
    "KV head group; FlashInfer (Ye et al. 2025, arXiv 2501.01005, Fig. 7) reports 45-80% of peak bandwidth for "
    "batch decode attention depending on page size and context, below a streaming copy. "
    + _FIT.format(n="serving and static-batch throughput cases"),
)
SERVING_PREFILL_GEMM_SHARE = Constant(
    "SERVING_PREFILL_GEMM_SHARE", 0.80, "fraction", "share of a serving engine's prefill spent in GEMM + attention",
    "Serving engines fuse normalisation, rotary and activation kernels into the GEMM epilogues (TensorRT-LLM, "
    "vLLM), so less time goes to non-GEMM kernels than in a training step (FRAMEWORK_GEMM_TIME_SHARE 0.61, "
    "Ivanov et al. 2021). " + _FIT.format(n="prefill-heavy serving cases and batch-1 first-token latency"),
)
MATMUL_EFFICIENCY_FP4 = {
    "nvidia-blackwell": Constant(
        "MAMF_FP4_BLACKWELL", 0.50, "fraction", "achieved NVFP4 prefill (large-M) matmul / dense FP4 peak (Blackwell)",
        "No published MAMF for NVFP4. Block-scaled FP4 GEMMs dequantise a scale per 16 values and B200 "
        "throttles its clock at 1,000 W under FP4 load, so FP4 does not reach twice the FP8 rate; the issue's "
        "measured B200 FP4 / H200 FP8 ratio on a 70B model is 2.3x where the datasheet ratio predicts 3.3x. "
        "Decode-step GEMMs take MAMF_FP4_DECODE_RELATIVE_BLACKWELL of it (0.40 for both until the split). "
        + _FIT.format(n="Blackwell FP4 serving cases, prefill and decode GEMM efficiencies split").replace(
            "2026-12-01", "2026-12-03")),
}
MATMUL_EFFICIENCY_FP4_DECODE = {
    "nvidia-blackwell": Constant(
        "MAMF_FP4_DECODE_RELATIVE_BLACKWELL", 0.70, "x",
        "NVFP4 decode-step GEMM efficiency / prefill GEMM efficiency (Blackwell)",
        "A decode step's GEMMs carry one token per sequence (M = the batch, tens to a few thousand rows) where a "
        "prefill's carry thousands; NVFP4 kernels reach less of the FP4 peak at small M than the smooth roofline "
        "gives: vLLM's SM100 CUTLASS NVFP4 GEMM (vllm-project/vllm PR 20646, 2025-07-08, N = 6,144, K = 4,096, "
        "no quantisation) 1,102 / 2,188 / 2,895 / 3,411 TFLOP/s at M = 256 / 512 / 1,024 / 2,048 against 3,904 at "
        "16,384. That table is one kernel and one shape, so it sets the direction, not the value; "
        + _FIT.format(n="Blackwell FP4 serving cases, prefill and decode GEMM efficiencies split; refitted with "
                      "the NVFP4 block scales and NVFP4_GEMM_FIXED_S_BLACKWELL on the fit half's Blackwell FP4 rows "
                      "(fit_constants.py fp4, a 5 x 6 grid: 0.50 -> 0.70, their median |log error| 0.0865 -> 0.0644; 0.0804 "
                      "before either)").replace(
            "2026-12-01", "2026-12-03")),
}
_VLLM_NVFP4 = ("vLLM's SM100 CUTLASS NVFP4 GEMM (vllm-project/vllm PR 20646, 2025-07-08, "
               "benchmarks/kernels/bench_nvfp4_gemm.py, nvfp4-noquant; the PR does not name the GPU, an SM100 part)")
NVFP4_GEMM_FIXED_S = {
    "nvidia-blackwell": Constant(
        "NVFP4_GEMM_FIXED_S_BLACKWELL", 7.0e-6, "s",
        "fixed time of one NVFP4 decode GEMM beyond its weight stream and kernel boundary (Blackwell)",
        f"{_VLLM_NVFP4}: at M = 1 to 256 rows the kernel takes 11.3-11.7 us for N x K = 6,144 x 4,096 (4.44 / 71.2 / "
        "282 / 550 / 1,102 TFLOP/s at M = 1 / 16 / 64 / 128 / 256) and 11.3 us for 4,096 x 4,096 (2.96 TFLOP/s at "
        "M = 1): flat in M and in the weight bytes, where the same table's BF16 GEMM at M = 1 streams its 50 MB at "
        "5.9 TB/s (8.5 us). 11.3 us less the larger shape's weight stream (13.4 MB with its block scales at 0.85 of "
        "B200's 8 TB/s: 2.0 us) and one kernel boundary (KERNEL_BOUNDARY_S, 2.3 us) leaves 7.0 us per GEMM: block-scaled "
        "tiles of 128 rows, the scale-factor loads and the pipeline fill and drain a decode GEMM does not hide. One "
        "kernel's measurement, not TensorRT-LLM's; paid by each of DECODE_GEMMS_PER_LAYER GEMMs per layer of a "
        "decode step with FP4 math [M]",
    ),
}
DECODE_GEMMS_PER_LAYER = Constant(
    "DECODE_GEMMS_PER_LAYER", 4.0, "kernels", "GEMM kernels of one decoder layer in a fused serving engine",
    "the GEMMs among DECODE_KERNELS_PER_LAYER's nine: fused QKV, output projection, fused gate/up and down "
    "(TensorRT-LLM use_fused_mlp; an MoE layer's routed experts run as grouped GEMMs, gate/up and down) [D]",
)
MATMUL_EFFICIENCY_FP4_UNMEASURED = Constant(
    "MAMF_FP4_UNMEASURED", 0.40, "fraction", "achieved FP4 matmul / dense FP4 peak (family not measured)",
    "the Blackwell NVFP4 value fitted before prefill and decode were split (0.40, one efficiency for both; "
    "MAMF_FP4_BLACKWELL is now the prefill's); no other family has a published FP4 measurement",
)
FP4_SM100_OVER_FP8 = Constant(
    "FP4_SM100_OVER_FP8", 2.0, "x", "dense NVFP4 rate over the dense FP8 rate of the SM100 family's FP4 MMA",
    "the datasheets of the parts that have only that form: B200 9,000 / 4,500, GB200 10,000 / 5,000, RTX 5090 "
    "1,676 / 838 dense TFLOP/s (catalog); Blackwell Ultra's own block-scaled MMA (SM103, CUTLASS "
    "KernelTmaWarpSpecialized*BlockScaledMxNvf4UltraVs16Sm103, NVIDIA/cutlass issue #3358) gives B300 and GB300 "
    "3x ('peak dense NVFP4 throughput up to 15 petaFLOPS, 3x that of FP8 on the same GPUs', NVIDIA technical blog "
    "'3 Ways NVFP4 Accelerates AI Training and Inference', developer.nvidia.com/blog/?p=112492); an engine release "
    "without that MMA runs SM100 kernels there (ENGINE_RELEASE fp4_ultra) [D]",
)
_ONE_SIDED = ("NVIDIA TensorRT-LLM tech blog 18, 'Optimizing MoE Communication with One-Sided AlltoAll Over NVLink' "
              "(docs/source/blogs/tech_blog/blog18_..., 2026; NVLinkOneSided kernels, DeepSeek-V3 profile, hidden "
              "7,168, top-8, BF16, ep_size 8 on GB200 NVL72, 900 GB/s per direction)")
MOE_DISPATCH_LATENCY_S = Constant(
    "MOE_DISPATCH_LATENCY_S", 21e-6, "s", "fixed time of one MoE dispatch kernel inside an NVLink domain",
    f"{_ONE_SIDED}: dispatch 18-19 us for 1-32 tokens per rank; the line through 1,024 and 2,048 tokens (166.3 and "
    "311.8 us) meets zero tokens at 20.8 us: the kernel's flag barrier and routing, paid per MoE layer",
)
MOE_COMBINE_LATENCY_S = Constant(
    "MOE_COMBINE_LATENCY_S", 29e-6, "s", "fixed time of one MoE combine kernel inside an NVLink domain",
    f"{_ONE_SIDED}: combine 31-33 us for 1-32 tokens per rank (the top-k reduction and the second barrier); the "
    "line through 1,024 and 2,048 tokens (175.6 and 322.6 us) meets zero tokens at 28.6 us",
)
MOE_ALLTOALL_LINK_FRACTION = Constant(
    "MOE_ALLTOALL_LINK_FRACTION", 0.78, "fraction", "NVLink bytes per second of MoE dispatch/combine / link rate",
    f"{_ONE_SIDED}: 1,024 more tokens per rank add 145.5 us (dispatch) and 147.0 us (combine), i.e. 799-807 GB/s "
    "logical (8 copies of 14,336 B per token, the local one included), 7/8 of it over NVLink: 0.78 of 900 GB/s. "
    "DeepEP's normal intranode kernels on H800 agree: 153-158 GB/s of ~200 (deepseek-ai/DeepEP docs/legacy.md)",
)
MOE_EXPERT_LOAD_CV = Constant(
    "MOE_EXPERT_LOAD_CV", 1.28, "x", "spread of routed tokens across experts: standard deviation / mean",
    "NVIDIA TensorRT-LLM tech blog 4, 'Scaling Expert Parallelism in TensorRT-LLM (Part 1)' (docs/source/blogs/"
    "tech_blog/blog4_Scaling_Expert_Parallelism_in_TensorRT-LLM.md, 2025), Table 1: DeepSeek R1 on 32 GB200 "
    "(EP 32, 8 experts per rank, no EPLB), machine-translation data, averaged over layers and iterations: per "
    "expert slot mean 128 routed tokens, standard deviation 164.1 (1.28 of the mean); per rank mean 1,024, "
    "standard deviation 491.6 (0.48: experts loaded independently would give 1.28/sqrt(8) = 0.45), the hottest "
    "rank 2.56x the mean",
)
ADP_HOST_ITERATION_S = Constant(
    "ADP_HOST_ITERATION_S", 0.012, "s",
    "host time per iteration of an attention data-parallel replica, engine releases before TensorRT-LLM 1.2",
    "TensorRT-LLM tech blog 8 ('Scaling Expert Parallelism in TensorRT LLM, Part 2', Host Overhead Optimization) "
    "names the cost: with attention data-parallel the batch of one iteration scales with the GPUs, and its requests "
    "and responses keep the GPU waiting for the Python host threads; it gives no figure. The MLPerf Inference v6.0 "
    "submissions (TensorRT-LLM 1.2 line) no longer show it. Paid by the releases ENGINE_RELEASE marks adp_host. "
    "Fitted on the fit half of the validation corpus (tests/validation/fit_constants.py adp, 2026-12-03: the 19 "
    "attention data-parallel MoE rows of the TensorRT-LLM 1.0 perf overview, median |log error| 0.316 at 0 and "
    "0.103 at 12 ms; a fixed time per iteration beat a time per request of the replica, per request of one rank "
    "and per MoE layer); judged on the held-out half in docs/validation.md",
)
SYNC_HOST_PER_SEQUENCE_S = Constant(
    "SYNC_HOST_PER_SEQUENCE_S", 21e-6, "s",
    "host time per sequence in flight per iteration, vLLM V1 with synchronous scheduling",
    "vLLM issue #10634 ('Initial Idea and Design for Asynchronous Scheduling', 2024-11-25): the V1 engine "
    "(AsyncLLM, pull request #9826) on Llama 2 7B at batch 256 leaves 5-6 ms between two decode steps, the "
    "scheduler, input preparation and output processing the GPU waits for; its pull request #11133 (2024-12-12) "
    "overlapped them with the step and measured the gap at 150-170 µs. (5.5 - 0.16) ms / 256 = 21 µs a sequence; "
    "read as proportional to the batch (each scheduled request is walked by the scheduler, the worker's input "
    "preparation and the output update every iteration). vLLM overlaps it only with --async-scheduling (pull "
    "request #19970, 2025-06-23, opt-in). Paid by the releases ENGINE_RELEASE marks seq_host [M]",
)
_AMD_RUNS = (
    "AMD, 'Performance Results' (amd.com/en/developer/resources/rocm-hub/dev-ai/performance-results.html, vLLM "
    "0.9.1 on ROCm 6.4.1, container rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715): 8 in-flight throughput runs of Llama "
    "3.1 70B and 405B (FP8, TP8, every request in flight) on 8 MI300X, measured / gpudesk's output tokens/s "
    "0.66-0.86 with the engine release they ran stated, vllm-v1-sync, the page's figure read as output tokens/s "
    "(405B 128 + 4,096 the lowest, 405B 2,048 + 2,048 the highest; tests/validation/"
    "validation_cases_vendor_inference.py, held-out, nothing fitted on them; "
    "0.27-0.53 until 2026-12-04, when CDNA3 collectives took AMD's usable xGMI share BUSBW_EFF_XGMI_CDNA3 instead "
    "of NVLink5's, then 0.29-0.57 until MI300X's FP8 matmul and HBM shares took Azure's measurements, "
    "MAMF_FP8_CDNA3 and HBM_EFF_MI300X, then 0.32-0.62 until the runs stated their synchronous vLLM V1 engine, "
    "SYNC_HOST_PER_SEQUENCE_S, then 0.39-0.74 until CDNA3 collectives took AMD's measured RCCL all-reduce, "
    "BUSBW_EFF_XGMI_CDNA3 0.75 -> 0.712, then 0.40-0.74 until the page's figure was read as output tokens/s, "
    "not prompt + output, as Azure's runs of the same workloads on MI300X say it is). Too few runs (8) for a split-conformal 80% band (n >= 9): this range is "
    "what a serving plan on CDNA3 is told"
)
AMD_CDNA3_SERVING_RUNS = 8  # the published runs _AMD_RUNS names (a count, not a tuning constant)
AMD_CDNA3_SERVING_MEASURED_LOW = Constant(
    "AMD_CDNA3_SERVING_MEASURED_LOW", 0.66, "x",
    "lowest measured / gpudesk serving throughput of the published AMD CDNA3 (MI300X) runs", _AMD_RUNS,
)
AMD_CDNA3_SERVING_MEASURED_HIGH = Constant(
    "AMD_CDNA3_SERVING_MEASURED_HIGH", 0.86, "x",
    "highest measured / gpudesk serving throughput of the published AMD CDNA3 (MI300X) runs", _AMD_RUNS,
)
_GROUPED = ("H200 run of 2026-12-04: benchmarks/gpu/moe_experts.py (tests/validation/data/"
            "h200_moe_experts_2026-12-04.json; torch 2.11 torch._grouped_mm, BF16, 128 experts of Qwen3-235B-A22B, "
            "256-4,096 tokens each, weights from HBM) against the dense BF16 GEMMs of the same machine and day "
            "(benchmarks/gpu/kernel_classes.py, h200_kernels_2026-12-04.json: median 788 TFLOP/s over M >= 256). "
            "Grouped / dense: gate_up whole expert (N 3,072, K 4,096) 0.842, down whole (N 4,096, K 1,536) 0.814, "
            "gate_up 1/8 slice (N 384) 0.677, down 1/8 slice (K 192) 0.443; derived in "
            "tests/validation/test_h200_moe_report.py")
MOE_GROUPED_GEMM_K_HALF = Constant(
    "MOE_GROUPED_GEMM_K_HALF", 209.0, "elements",
    "reduction depth at which a grouped expert GEMM loses half its rate: factor K/(K + K0)",
    f"{_GROUPED}: the two down GEMMs share N, so their ratio 0.443/0.814 fixes K0 in K/(K + K0) at K = 192 and "
    "1,536 (each tile's fill and epilogue weigh against fewer K steps)",
)
MOE_GROUPED_GEMM_N_HALF = Constant(
    "MOE_GROUPED_GEMM_N_HALF", 110.0, "elements",
    "output width at which a grouped expert GEMM loses half its rate: factor N/(N + N0)",
    f"{_GROUPED}: the two gate_up GEMMs share K, so their ratio 0.677/0.842 fixes N0 in N/(N + N0) at N = 384 "
    "and 3,072 (fewer output tiles per expert to fill the machine)",
)
MOE_GROUPED_GEMM_SHARE = {
    "nvidia-hopper": Constant(
        "MOE_GROUPED_GEMM_SHARE_HOPPER", 0.933, "fraction",
        "grouped expert GEMM rate / dense GEMM rate, large experts (Hopper)",
        f"{_GROUPED}: the median of 0.842 and 0.814 each divided by its shape's K/(K + K0)·N/(N + N0); the law "
        "then reads the four shapes within 2% (0.857, 0.800, 0.689, 0.435). Measured on Hopper only: other "
        "families keep the dense rate for their experts until a grouped-GEMM run of theirs is recorded",
    ),
}
