"""Tuning constants of the training runtime model: pipeline schedules, overlap, GEMM shapes, low-precision
recipes, GPU power limits and measured power draw. Each has its source; [D] = derived from the mechanism,
[M] = measured, [F] = fitted on the fit half of the validation corpus (tests/validation/fit_constants.py).
"""

from __future__ import annotations

from gpudesk.core.constants.base import Constant

_FIT = ("fitted on the fit half of the validation corpus (tests/validation/fit_constants.py, 2026-12-01); "
        "judged on the held-out half in docs/validation.md [F]")

# ---------------------------------------------------------------------------
# Pipeline schedules (core/training_parts.py)
# ---------------------------------------------------------------------------
ZERO_BUBBLE_FACTOR = Constant(
    "ZERO_BUBBLE_FACTOR", 1.0 / 3.0, "fraction", "zero-bubble (ZB-H1) bubble / 1F1B bubble",
    "Qi et al. 2024, Zero Bubble Pipeline Parallelism (arXiv 2401.10241, ICLR 2024) 3.1: splitting the "
    "backward into input-gradient B and weight-gradient W and scheduling W into the cool-down shrinks the "
    "1F1B bubble (p−1)(T_F+T_B) to (p−1)(T_F+T_B−T_W), one third of it when T_F = T_B = T_W (ZB-H1, same "
    "memory as 1F1B) [D]",
)
DUALPIPE_BUBBLE_FACTOR = Constant(
    "DUALPIPE_BUBBLE_FACTOR", 2.0 / 3.0, "fraction", "DualPipe bubble per half-depth stage / 1F1B bubble",
    "DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437) Table 2: DualPipe bubble "
    "(p/2 − 1)(F&B + B − 3W) against 1F1B (p − 1)(F + B); with F = W = 1/3 and B = 2/3 of a chunk's "
    "forward+backward (F&B ≈ F + B) that is (p/2 − 1)·(2/3) chunk-times; DualPipe keeps two copies of the "
    "parameters [D]",
)

# ---------------------------------------------------------------------------
# Attention in training (core/training.py)
# ---------------------------------------------------------------------------
ATTENTION_BACKWARD_RELATIVE = Constant(
    "ATTENTION_BACKWARD_RELATIVE", 0.40, "fraction",
    "fused attention backward FLOP/s relative to its forward",
    "The backward of a fused attention kernel recomputes the scores and writes dQ, dK, dV with atomics or "
    "extra passes, so it reaches a lower share of peak than the forward (Dao 2023, FlashAttention-2, "
    "arXiv 2307.08691 section 4; Shah et al. 2024, FlashAttention-3, arXiv 2407.08608 section 4.1). The "
    "forward share is ATTENTION_EFFICIENCY; training spends 2/3 of attention FLOPs in the backward. " + _FIT,
)

FUSED_STACK_GEMM_TIME_SHARE = Constant(
    "FUSED_STACK_GEMM_TIME_SHARE", 0.85, "fraction",
    "share of a Megatron / Transformer Engine training step spent in GEMMs and fused attention",
    "Megatron-LM and Transformer Engine fuse normalisation with the following cast or GEMM, bias + activation, "
    "rotary embedding, softmax and cross-entropy, so fewer non-GEMM kernels run than in the eager BERT step "
    "behind FRAMEWORK_GEMM_TIME_SHARE (0.61, Ivanov et al. 2021). " + _FIT,
)
ATTENTION_SCORE_BYTES_FORWARD = Constant(
    "ATTENTION_SCORE_BYTES_FORWARD", 13.0, "B", "HBM bytes per attention score, forward, without a fused kernel",
    "derived from the kernels an unfused attention runs per score value (16-bit, dropout on; the tensors Korthikanti et al. 2022 (arXiv 2205.05198) §4 lists: QKᵀ output, softmax output, dropout mask and dropout output): the batched QKᵀ writes S (2 B), the fused scale-mask-softmax reads S and writes P (2 + 2), dropout reads P and writes its output and mask (2 + 2 + 1), the product with V reads the output (2): 13 B [D]",
)
ATTENTION_SCORE_BYTES_BACKWARD = Constant(
    "ATTENTION_SCORE_BYTES_BACKWARD", 19.0, "B", "HBM bytes per attention score, backward, without a fused kernel",
    "derived like ATTENTION_SCORE_BYTES_FORWARD for the backward: dV reads the dropout output (2 B), dP is written (2), dropout's backward reads dP and the mask and writes its gradient (2 + 1 + 2), softmax's backward reads P and that gradient and writes dS (2 + 2 + 2), and dQ and dK each read dS (2 + 2): 19 B [D]",
)
ATTENTION_SCORE_BYTES_SERVING = Constant(
    "ATTENTION_SCORE_BYTES_SERVING", 8.0, "B", "HBM bytes per attention score of a serving pass without a fused kernel",
    "derived like ATTENTION_SCORE_BYTES_FORWARD without dropout (a serving pass runs none): the batched QKᵀ writes S "
    "(2 B, 16-bit), the scale-mask-softmax reads S and writes P (2 + 2), the product with V reads P (2): 8 B; the "
    "unfused QKᵀ and PV also compute the masked half of a causal prompt [D]",
)
TORCH_COMPILE_FUSED_SHARE = Constant(
    "TORCH_COMPILE_FUSED_SHARE", 0.135, "fraction", "share of an eager training step torch.compile fuses away",
    "Ivanov et al. 2021, 'Data Movement Is All You Need' (arXiv 2007.00072) Table 1: element-wise operators are "
    "13.5% of a BERT-large training step's runtime (tensor contractions 61.0%, normalisation 25.5%); a compiler "
    "that fuses element-wise chains into their producers removes that share, so the GEMM share becomes "
    "FRAMEWORK_GEMM_TIME_SHARE / (1 − 0.135) [D]",
)
EAGER_NON_GEMM_REFERENCE_TFLOPS = Constant(
    "EAGER_NON_GEMM_REFERENCE_TFLOPS", 750.0, "TFLOP/s",
    "16-bit matmul rate at which an eager step's GEMM share is FRAMEWORK_GEMM_TIME_SHARE",
    "torchtitan's eager FSDP2 steps spend about the same time outside the GEMMs and attention per token, hidden "
    "unit and layer on A100 and on H100: 0.46-0.64 ns on 64 A100 (Llama 2 13B and 70B, Llama 3 8B; pytorch/"
    "torchtitan docs/performance.md) and 0.49-0.53 ns on 8 and 128 H100 at 500 W (Llama 3.1 8B; benchmarks/"
    "llama3_h100_202412_torchtitan.md), though the H100's achieved 16-bit matmul rate is 2.4x the A100's (656 "
    "against 271 TFLOP/s) and its HBM 1.2x. The non-GEMM time does not shrink with the tensor cores, so its share "
    "of the step grows with the part's achieved 16-bit matmul rate R: non-GEMM / GEMM time = (1/s − 1) · R / this "
    "rate, s = FRAMEWORK_GEMM_TIME_SHARE. " + _FIT.replace("2026-12-01", "2026-12-02"),
)

OVERLAP_COMPUTE_SLOWDOWN = Constant(
    "OVERLAP_COMPUTE_SLOWDOWN", 0.189, "fraction",
    "slowdown of compute that runs beside a hidden data-parallel collective",
    "Characterizing Compute-Communication Overlap in GPU-Accelerated Distributed Deep Learning: Performance "
    "and Power Implications (arXiv 2507.03114, 2025-07-03) abstract: overlapping computation and "
    "communication slows the computation by 18.9% on average (40.0% at most) against the same computation "
    "with no communication beside it, measured with GPT and LLaMA models on 4 A100, H100, MI250 and MI210. "
    "Mechanism: the collective's kernels hold SMs and HBM bandwidth, so GEMMs sized for the whole GPU run a "
    "second, mostly idle wave (NVIDIA developer forum, 'Compute-Communication Overlap Causes Severe GEMM "
    "Performance Degradation because of Tail Effect', 2025: an all-gather's 24 CTAs on a 132-SM H100) [M]",
)

# ---------------------------------------------------------------------------
# Low-precision training recipes (core/training_gemm.py)
# ---------------------------------------------------------------------------
_TE_GEMM = ("NVIDIA Transformer Engine docs/examples/gemm_profiling/gemm_profiling.rst (benchmarks/gemm/benchmark_gemm.py "
            "on a B300 SXM6, --pre-quantize: GEMM kernels only, CUDA events, 100 timed iterations): a layer of "
            "hidden 4,096, intermediate 16,384, 15,872 tokens (QKV 4,096×12,288, output 4,096×4,096, MLP "
            "4,096×16,384 and back; fprop + dgrad + wgrad, 19.17 TFLOP) takes 3.764 ms in NVFP4, 6.812 ms in FP8 "
            "(current scaling) and 13.102 ms in BF16")
MATMUL_EFFICIENCY_FP4_TRAINING = {
    "nvidia-blackwell": Constant(
        "MAMF_FP4_TRAINING_BLACKWELL", 0.458, "fraction",
        "achieved NVFP4 training GEMM / dense FP4 peak, before the GEMM shape factor (Blackwell)",
        f"{_TE_GEMM}: NVFP4 5.09 PFLOP/s = 38.8% of the B300's 13,125 TFLOP/s; gpudesk's GEMM shape factor at those "
        "shapes is 1.181, so the compute-bound fraction is 0.388 × 1.181 = 0.458 [M]. The same run gives "
        "0.716 (BF16) and 0.714 (FP8) against the shipped 0.786 and 0.745 (MAMF, best shape), within 4-9%, so "
        "those stay; NVFP4 had no measurement (serving keeps its own fitted MAMF_FP4_BLACKWELL). The "
        "quantisation is counted apart (CAST_BYTES_NVFP4)"),
}
MXFP8_GEMM_RELATIVE = Constant(
    "MXFP8_GEMM_RELATIVE", 0.951, "x", "MXFP8 training GEMM rate / tensor-wise FP8 GEMM rate (same shapes)",
    f"{_TE_GEMM}; the same pre-quantized layer takes 7.161 ms in MXFP8 against 6.812 ms in FP8 current scaling "
    "(fprop 2.365 / 2.158, dgrad 2.397 / 2.329, wgrad 2.400 / 2.325 ms): 6.812 / 7.161 = 0.951. The E8M0 scale "
    "of every 32 values is read by the block-scaled kernel; the FP8 MAMF was measured with one scale per tensor. "
    "Megatron-Bridge's own pairs agree in sign: the same layout runs 3.6-5.6% slower with FP8-MX than FP8-CS "
    "(docs/performance-summary.md, 25.11: Llama 3 8B on DGX-B200 30,624 / 29,521, GB200 31,508 / 29,789, GB300 "
    "37,556 / 36,108; Llama 3.1 405B on DGX-B200 661 / 624 tokens/s/GPU) [M]",
)
_CAST = ("derived: a cast reads the 16-bit value (2 B) and writes the 8-bit copy and its transpose for the "
         "other GEMM of the backward (1 + 1 B)")
LOW_PRECISION_CAST_BYTES = {
    "delayed": Constant("CAST_BYTES_DELAYED", 4.0, "B/value", "HBM bytes to cast one activation (delayed scaling)",
                        f"{_CAST}; the scale comes from the amax history (Transformer Engine DelayedScaling) [D]"),
    "tensorwise": Constant("CAST_BYTES_TENSORWISE", 6.0, "B/value",
                           "HBM bytes to cast one activation (current / tensor-wise scaling)",
                           f"{_CAST}; current scaling reads the tensor once more for its amax (+2 B) "
                           "(Transformer Engine Float8CurrentScaling; torchao float8 tensorwise) [D]"),
    "blockwise": Constant("CAST_BYTES_BLOCKWISE", 4.0625, "B/value",
                          "HBM bytes to cast one activation (1×128 / 128×128 block scales)",
                          f"{_CAST}; the amax of each 1×128 tile is taken in the same pass and one fp32 scale is "
                          "written per 128 values (+0.03 B) (DeepSeek-V3 report 3.3.2) [D]"),
    "mxfp8": Constant("CAST_BYTES_MXFP8", 4.0625, "B/value", "HBM bytes to cast one activation (MXFP8, 1×32 blocks)",
                      f"{_CAST}; one 8-bit E8M0 scale per 32 values (+0.03 B) in the same pass (OCP MX "
                      "specification v1.0) [D]"),
    "nvfp4": Constant("CAST_BYTES_NVFP4", 3.125, "B/value", "HBM bytes to cast one activation (NVFP4, 1×16 blocks)",
                      "derived: read 2 B, write the 4-bit copy and its transpose (0.5 + 0.5 B) and one FP8 scale "
                      "per 16 values (+0.06 B ×2) (NVIDIA NVFP4 format: E2M1 values, E4M3 scale per 16) [D]"),
}
LOW_PRECISION_RECIPES = tuple(LOW_PRECISION_CAST_BYTES)
MOE_PERMUTE_BYTES_PER_VALUE = Constant(
    "MOE_PERMUTE_BYTES_PER_VALUE", 16.0, "B/value", "HBM bytes moved by MoE token permutation per routed value",
    "derived: the dispatch permutes each routed token copy (read 2 B + write 2 B) and the combine un-permutes "
    "and sums it (read 2 + write 2); the backward repeats both for the gradients: 4 × 4 B per hidden value of "
    "each of the k copies (Megatron-Core MoE token dispatcher, permute/unpermute kernels) [D]",
)
MOE_EXPERT_GEMM_CALL_S = Constant(
    "MOE_EXPERT_GEMM_CALL_S", 24.75e-6, "s",
    "time each local expert's GEMM adds when the expert GEMMs run as one cuBLASLt call per expert",
    "NVIDIA Transformer Engine pull request #3134 ('Single-launch CUTLASS grouped GEMM for per-tensor NVFP4', "
    "2026-06-17), SM100, benchmarks/linear/benchmark_grouped_linear.py, fprop of 8 experts × 128 tokens "
    "(N = K = 2,048), GEMM kernels only ('pure'): Transformer Engine's per-expert loop of cuBLASLt GEMMs on "
    "several streams 0.267 ms, one grouped CUTLASS launch for the same 8 GEMMs 0.069 ms: (0.267 − 0.069) / 8 = "
    "24.75 µs per expert GEMM. The loop is GroupedLinear's path (nvte_multi_stream_cublas_gemm, TE pull request "
    "#853), which Megatron-Core's TEGroupedMLP uses; an MXFP8 grouped GEMM through cuBLAS was still to be written "
    "on 2025-12-03 (TE issue #2454), and Megatron-Bridge issue #2885 (2026-03-18) names 'unfused expert GEMMs "
    "and cast functions' as the MoE cost removed in its 26.06 release. Measured with NVFP4; the per-call cost "
    "of tiny GEMMs is taken to be the same in FP8 [M]",
)

# ---------------------------------------------------------------------------
# Serving: per-kernel cost of a decode step (core/inference_step.py)
# ---------------------------------------------------------------------------
DECODE_KERNELS_PER_LAYER = Constant(
    "DECODE_KERNELS_PER_LAYER", 9.0, "kernels", "kernels of one decoder layer in a fused serving engine",
    "derived from a fused decoder layer as TensorRT-LLM and vLLM run it: fused QKV GEMM, rotary + KV-cache "
    "write, attention, output GEMM, all-reduce + residual + norm, gate/up GEMM, activation, down GEMM, "
    "all-reduce + residual + norm (9; without TP the two all-reduces become the fused residual-norm) [D]",
)
KERNEL_BOUNDARY_S = Constant(
    "KERNEL_BOUNDARY_S", 2.3e-6, "s", "time between dependent kernels replayed from a CUDA graph",
    "measured here on the H200 (docs/validation.md 'Measured here, decode'): the time beyond streaming the "
    "weights at batch 1 was 2.1 ms for 1B and 4.1 ms for 8B (CUDA graph replay, 2026-11-30), read as ~2.3 µs per "
    "kernel over the ~880 and ~1,760 kernels a CPU profile then counted per step (~55 a layer); the count derived "
    "since from the measured decoder (UNFUSED_DECODER_KERNELS_PER_LAYER, 52 a layer, + "
    "UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS, 14: 846 and 1,678) gives 2.5 and 2.4 µs. Scored on the fit half of "
    "serving and training (tests/validation/fit_constants.py boundary, 2026-12-04) 2.0 µs reads best (0.0746 against "
    "0.0760), an objective without the measured steps: not adopted, the measurement stands [M]",
)
UNFUSED_DECODER_KERNELS_PER_LAYER = Constant(
    "UNFUSED_DECODER_KERNELS_PER_LAYER", 52.0, "kernels", "kernels of one Llama decoder layer written in plain PyTorch",
    "counted from the layer as benchmarks/gpu/decoder_model.py writes it (bf16 tensors, one kernel per tensor op): "
    "each RMSNorm 9 (cast to fp32, square, mean, + ε, rsqrt, multiply, cast the weight, multiply, cast back; two "
    "per layer: 18), the Q, K, V and output projections 4, rotary embedding on Q and on K 10 each (two casts of the "
    "halves, four products, a difference, a sum, a concatenation, a cast: 20), the K and V cache writes 2, "
    "attention 1 (one flash kernel through scaled_dot_product_attention), two residual adds 2, gate, up and down "
    "projections 3, SiLU 1 and the product 1: 52 (a fused engine runs 9: DECODE_KERNELS_PER_LAYER). Views, "
    "transposes and slices launch none; a split-KV flash decode adds a combine kernel at small batches (not "
    "counted) [D]",
)
UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS = Constant(
    "UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS", 14.0, "kernels", "kernels of one plain-PyTorch step outside the layers",
    "counted from benchmarks/gpu/decoder_model.py's decode step: token embedding 1, the rotary tables' rows at the "
    "position 2, the final RMSNorm 9, the LM head 1, the greedy argmax 1: 14 (the prefill slices the rotary "
    "tables without a kernel: 12; not told apart) [D]",
)
UNFUSED_DECODE_KV_BW_EFFICIENCY = Constant(
    "UNFUSED_DECODE_KV_BW_EFFICIENCY", 0.40, "fraction",
    "achieved HBM bandwidth of plain PyTorch's decode attention (scaled_dot_product_attention) / datasheet",
    "a one-token query through PyTorch's flash kernel, which parallelises over sequences and heads rather than "
    "splitting the cache as serving engines' decode kernels do (Dao, Haziza, Massa, Sizov, 'Flash-Decoding for "
    "long-context inference', PyTorch blog, 2023-10-13: FlashAttention-2 leaves the GPU under-used in decoding); "
    "engines reach SERVING_DECODE_KV_BW_EFFICIENCY (0.80), FlashInfer measured 45-80% for batch decode attention "
    "(arXiv 2501.01005, Fig. 7). Chosen from 0.8, 0.7, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3 on the fit half of the "
    "'measured here: decode / prefill' cases (tests/validation/fit_constants.py eager, 2026-12-03); judged on the "
    "held-out half in docs/validation.md [F]",
)
EAGER_HOST_OP_S = Constant(
    "EAGER_HOST_OP_S", 13.9e-6, "s", "host time eager PyTorch takes to issue one kernel-launching op",
    "measured here (benchmarks/gpu/measure_transformer.py, torch 2.11, H200 host, 2026-11-30): the eager decode "
    "steps of the fit half's decode cases (tests/validation/fit_constants.py eager, 2026-12-03), each host-bound (eager step "
    "4-6x its CUDA-graph replay), took 13.5-21.7 µs per kernel counted by UNFUSED_DECODER_KERNELS_PER_LAYER and "
    "UNFUSED_DECODER_KERNELS_OUTSIDE_LAYERS; the median 13.9 µs is shipped. It includes the Python, dispatcher and "
    "launch work of the views around each kernel. A third-party walk through the dispatch chain puts the CPU-side "
    "work per op at ~5-25 µs (jiahuanglin.xyz, 'From PyTorch op to kernel launch', GPU kernel serving lesson 18) "
    "[M/F]",
)

# ---------------------------------------------------------------------------
# GPU power limit (core/power_limit.py) and measured power draw (core/power.py, plan sizing)
# ---------------------------------------------------------------------------
GPU_STATIC_POWER_SHARE = Constant(
    "GPU_STATIC_POWER_SHARE", 0.10, "fraction", "GPU power that does not scale with clock, share of TDP",
    "H100 SXM idles near 70 W of its 700 W TDP in nvidia-smi readings (constant SERVER_IDLE_SHARE_OF_MAX's "
    "source); the idle draw is taken as the clock-independent part [M/S]",
)
DVFS_POWER_EXPONENT = Constant(
    "DVFS_POWER_EXPONENT", 2.0, "exponent", "dynamic GPU power ∝ clock^n under DVFS",
    "CMOS dynamic power P = C·V²·f: with the supply voltage scaled linearly with the clock P ∝ f³, at the "
    "voltage floor P ∝ f, so the exponent lies between 1 and 3 (Mei et al. 2017, 'A Survey and Measurement Study "
    "of GPU DVFS on Energy Conservation', Digital Communications and Networks; Tang et al. 2019, 'The Impact of "
    "GPU DVFS on the Energy and Performance of Deep Learning', arXiv 1905.11012); a power cap L sustains the "
    "clock fraction ((L − P_static) / (TDP − P_static))^(1/n). The value 2 was chosen from 1, 1.25, 1.5, 2, 3 on "
    "the fit half of the power-limited cases (torchtitan H100 at 500 W). " + _FIT,
)
TRAINING_NODE_DRAW_SHARE = Constant(
    "TRAINING_NODE_DRAW_SHARE", 0.76, "fraction", "GPU server draw during LLM training / its maximum input power",
    "Newkirk et al. 2025, 'Empirically-Calibrated H100 Node Power Models for Reducing Uncertainty in AI "
    "Training Energy Estimation' (arXiv 2506.14551) abstract: even computationally intensive training runs "
    "at 76% of the 8×H100 node's 10.2 kW rating; Latif et al. 2024 (arXiv 2412.08602): maximum observed "
    "draw 8.4 kW during Llama2-13B and ResNet training, 18% below the rating [M]",
)
GPU_BUSY_POWER_SHARE = Constant(
    "GPU_BUSY_POWER_SHARE", 0.87, "fraction", "GPU draw while it computes a training step, share of its TDP (at most its power limit)",
    "two published measurements of 8 × H100 SXM nodes, neither a validation case: Newkirk et al. 2025 (arXiv "
    "2506.14551) measured computationally intensive training at 76% of the node's 10.2 kW rating (7.75 kW; "
    "constant TRAINING_NODE_DRAW_SHARE), and Latif et al. 2024 (arXiv 2412.08602) the rest of the node at "
    "2.88 kW (constant SERVER_HOST_POWER_SHARE), leaving 4.87 kW for 8 GPUs = 609 W = 0.87 of the 700 W limit: a "
    "training step mixes GEMMs (at the power limit under gpu-burn) with attention, norms and element-wise kernels "
    "that draw less [M/D]",
)
SERVER_HOST_POWER_SHARE = Constant(
    "SERVER_HOST_POWER_SHARE", 0.28, "fraction", "a GPU server's draw besides its GPUs (CPUs, memory, fans, NICs, "
    "conversion) under GPU load, share of its maximum input",
    "Latif et al. 2024 (arXiv 2412.08602): the 8 × H100 node under gpu-burn drew 8.48 kW with its GPUs at "
    "8 × 700 W = 5.6 kW, so the rest of the node drew 2.88 kW = 0.28 of the 10.2 kW rating (fans at full speed "
    "for the GPUs' heat); not fitted on any validation case [M/D]",
)
SERVER_FAN_POWER_SHARE = Constant(
    "SERVER_FAN_POWER_SHARE", 0.10, "fraction", "an air-cooled GPU server's fans under GPU load, share of its maximum "
    "input (part of SERVER_HOST_POWER_SHARE)",
    "server fans draw 10 to 15 percent or more of a server's power (J. Neudorfer, 'Server Fans: How to Optimize the "
    "Power Used', eWeek 2009-03-05); 12.5% (the middle) of the 8.48 kW an air-cooled 8 × H100 node draws under "
    "gpu-burn (Latif et al. 2024, arXiv 2412.08602; constant SERVER_HOST_POWER_SHARE) = 1.06 kW = 0.10 of its "
    "10.2 kW rating. Fans move the heat that air carries out of the server: a server whose heat goes to liquid "
    "keeps the fans of the rest (power.air_heat_share), an immersed one none; not fitted on any validation case [D]",
)
DIRECT_LIQUID_HEAT_SHARE = Constant(
    "DIRECT_LIQUID_HEAT_SHARE", 0.87, "fraction", "share of a direct-liquid-cooled server's heat its cold plates "
    "carry, where the catalog records none",
    "GB200 NVL72: about 115 of 132 kW per rack to liquid, 17 kW to air (catalog gb200-nvl72 liquid_heat_share "
    "0.871, citation seed-ai-lifecycle); Lenovo Neptune direct water cooling removes up to 90% of the heat "
    "(ThinkSystem SD650, Network World 2018-02-26 'Lenovo introduces new water-cooled server technology'); "
    "not fitted on any validation case [S]",
)
GPU_MEMORY_BOUND_POWER_SHARE = Constant(
    "GPU_MEMORY_BOUND_POWER_SHARE", 0.43, "fraction", "GPU draw while a memory-bound kernel streams HBM (LLM "
    "decode: weights and KV cache), share of its TDP (at most its power limit)",
    "published per-phase measurements, none a validation case: LLM decode on the 700 W H200 draws 137-300 W "
    "(Ma, Afzal, Eitzinger, Wellein 2026, 'The Illusion of Power Capping in LLM Decode', arXiv 2605.11999: "
    "memory-bound decode saturates HBM bandwidth and leaves power headroom, so no cap ever triggers); the "
    "ML.ENERGY Benchmark v3.0 H100 SXM anchor at batch 1 (weights streamed at the bandwidth roofline) is 300 W of "
    "700 W (vLLM Semantic Router fleet-sim power model reference, 'Power Model Reference', 2026); Splitwise "
    "(Patel et al., ISCA 2024, arXiv 2311.18677): the prompt (prefill) phase draws near the power limit while the "
    "token phase underuses compute and runs at lower power. 300 / 700 = 0.43, the top of the measured range: the "
    "bandwidth roofline, the state the time model puts a memory-bound step in [M]",
)
