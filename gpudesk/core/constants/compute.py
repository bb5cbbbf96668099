"""Tuning constants: Compute efficiency, communication and inference serving. Each has its source."""

from __future__ import annotations

from gpudesk.core.constants.base import GB, GIB, Constant  # noqa: F401

# ---------------------------------------------------------------------------
# Compute efficiency (core/efficiency.py, core/training.py, core/inference.py,
# core/workloads_other.py)
# ---------------------------------------------------------------------------
# Measured achievable matmul (MAMF) as a fraction of dense datasheet peak, per
# hardware family. Source of every value: stas00/ml-engineering
# compute/accelerator/README.md "Maximum Achievable Matmul FLOPS" (mean of 100
# iterations after 50 warm-up, best shape of a brute-force search), reproduced in
# shared/reference/hardware-facts.md section 4B. Families without a measurement
# use the median of the measured table, labelled as such.
_MAMF = "ml-engineering compute/accelerator/README.md MAMF table (hardware-facts.md 4B) [M]"
_AZURE = ("Azure AI-benchmarking-guide, Azure_Results (copy samuel-bohman/AI-benchmarking-guide, ND_MI300X_v5_results.md "
          "commit 3de0c29, ND_H100_v5 26d18e9, ND_H200_v5 0de7d01)")
MATMUL_EFFICIENCY_BF16 = {
    "nvidia-ampere": Constant("MAMF_BF16_AMPERE", 0.869, "fraction", "achievable BF16 matmul / peak (Ampere)",
                              f"{_MAMF}: A100 SXM 271.2 of 312 TFLOPS (A100 PCIe 81.1%)"),
    "nvidia-hopper": Constant("MAMF_BF16_HOPPER", 0.803, "fraction", "achievable BF16 matmul / peak (Hopper)",
                              f"{_MAMF}: H100 SXM 794.5 of 989 TFLOPS (GH200 83.8%; H200 'the same')"),
    "nvidia-blackwell": Constant("MAMF_BF16_BLACKWELL", 0.776, "fraction",
                                 "achievable BF16 matmul / peak (Blackwell)",
                                 f"{_MAMF}: B200 SXM 1,745 of 2,250 TFLOPS (B300 78.6%, GB200 72.9%)"),
    "amd-cdna3": Constant("MAMF_BF16_CDNA3", 0.514, "fraction", "achievable BF16 matmul / peak (CDNA3)",
                          f"{_MAMF}: MI300X 668.4 of 1,300 TFLOPS (MI325X 60.4%)"),
    "amd-cdna4": Constant("MAMF_BF16_CDNA4", 0.680, "fraction", "achievable BF16 matmul / peak (CDNA4)",
                          f"{_MAMF}: MI355X 1,565 of 2,300 TFLOPS"),
    "intel-gaudi": Constant("MAMF_BF16_GAUDI", 0.677, "fraction", "achievable BF16 matmul / peak (Gaudi)",
                            f"{_MAMF}: Gaudi 3 1,243.0 TFLOPS measured, of the 1,835 datasheet peak the catalog "
                            "holds (the table divides by 1,677, the MME at the 1,600 MHz it ran at; stas00/ml-engineering PR "
                            "#118, 2025-09-01: the clock drops under load, BF16 more than FP8) (Gaudi 2: 96.9%)"),
}
MATMUL_EFFICIENCY_BF16_UNMEASURED = Constant(
    "MAMF_BF16_UNMEASURED", 0.781, "fraction", "achievable BF16 matmul / peak (family not measured)",
    f"median of the 12 BF16 rows of the {_MAMF} (77.6% and 78.6% middle pair); no measurement for this family",
)
MATMUL_EFFICIENCY_FP8 = {
    "nvidia-hopper": Constant("MAMF_FP8_HOPPER", 0.709, "fraction", "achievable FP8 matmul / peak (Hopper)",
                              f"{_MAMF}: H100 SXM 1,402.6 of 1,979 TFLOPS (H200 73.4%)"),
    "nvidia-blackwell": Constant("MAMF_FP8_BLACKWELL", 0.763, "fraction", "achievable FP8 matmul / peak (Blackwell)",
                                 f"{_MAMF}: B200 SXM 3,432.5 of 4,500 TFLOPS"),
    "intel-gaudi": Constant("MAMF_FP8_GAUDI", 0.703, "fraction", "achievable FP8 matmul / peak (Gaudi)",
                            f"{_MAMF}: Gaudi 3 1,289.5 TFLOPS measured, of the 1,835 datasheet peak the catalog "
                            "holds (the table divides by 1,677, the MME at the 1,600 MHz it ran at; stas00/ml-engineering PR "
                            "#118, 2025-09-01: the clock drops under load, BF16 more than FP8) (Gaudi 2: 95.5%)"),
    "amd-cdna3": Constant("MAMF_FP8_CDNA3", 0.443, "fraction", "achievable FP8 matmul / peak (CDNA3)",
                          f"{_AZURE}, ND MI300X v5: hipBLASLt FP8 1,159.5 TFLOPS at m 6,144, n 12,288, k 12,288 "
                          "(1,159.2 at 8,192 cubed) of the MI300X's 2,614.9 peak; the same harness's cuBLASLt FP8 "
                          "reads ND H100 v5 and ND H200 v5 at 1,382.2 and 1,366.3 TFLOPS, 1.5% and 6.0% under their "
                          "MAMF (1,402.6 and 1,453.4). Before: MI300X's BF16 MAMF fraction (668.4 of 1,300 TFLOPS) "
                          "stood in for FP8"),
    "amd-cdna4": Constant("MAMF_FP8_CDNA4", 0.680, "fraction", "achievable FP8 matmul / peak (CDNA4)",
                          "no FP8 MAMF is published for CDNA4; the family's measured BF16 fraction is used "
                          f"({_MAMF}: MI355X 1,565 of 2,300 TFLOPS BF16)"),
}
MATMUL_EFFICIENCY_FP8_UNMEASURED = Constant(
    "MAMF_FP8_UNMEASURED", 0.754, "fraction", "achievable FP8/FP4 matmul / peak (family not measured)",
    f"median of the 8 FP8 rows of the {_MAMF}; FP4 has no published MAMF and uses the family's FP8 value",
)
# The same table measured several parts of one family, and they differ by their clock and power limit, not by
# their architecture: MI325X (1,000 W) reaches 60.4% where MI300X (750 W) reaches 51.4%, Gaudi 2 96.9% where
# Gaudi 3 67.7%, GB200 72.9% where B200 77.6%. A part the table measured uses its own fraction; other parts use
# their family's (core/efficiency.py matmul_efficiency).
MATMUL_EFFICIENCY_BF16_PART = {
    "a100-pcie-40gb": Constant("MAMF_BF16_A100_PCIE", 0.811, "fraction", "achievable BF16 matmul / peak (A100 PCIe)",
                               f"{_MAMF}: A100 PCIe 252.9 of 312 TFLOPS"),
    "a100-pcie-80gb": Constant("MAMF_BF16_A100_PCIE", 0.811, "fraction", "achievable BF16 matmul / peak (A100 PCIe)",
                               f"{_MAMF}: A100 PCIe 252.9 of 312 TFLOPS"),
    "gb200": Constant("MAMF_BF16_GB200", 0.729, "fraction", "achievable BF16 matmul / peak (GB200)",
                      f"{_MAMF}: GB200 1,822 of 2,500 TFLOPS"),
    "b300": Constant("MAMF_BF16_B300", 0.786, "fraction", "achievable BF16 matmul / peak (B300)",
                     f"{_MAMF}: B300 SXM 1,769 of 2,250 TFLOPS"),
    "mi325x": Constant("MAMF_BF16_MI325X", 0.604, "fraction", "achievable BF16 matmul / peak (MI325X)",
                       f"{_MAMF}: MI325X (1,000 W) 784.9 of 1,300 TFLOPS"),
    "gaudi2": Constant("MAMF_BF16_GAUDI2", 0.969, "fraction", "achievable BF16 matmul / peak (Gaudi 2)",
                       f"{_MAMF}: Gaudi 2 418.7 of 432 TFLOPS"),
}
_NO_FP8 = ("no FP8 MAMF is published for {p}; its measured BF16 fraction is used ({f}): the part's clock under its "
           "power limit, not the format, sets the fraction (the parts measured in both keep it within -14% to +4%: "
           "H100 70.9/80.3, B200 76.3/77.6, Gaudi 3 70.3/67.7, MI300X 44.3/51.4)")
MATMUL_EFFICIENCY_FP8_PART = {
    "h200-sxm": Constant("MAMF_FP8_H200", 0.734, "fraction", "achievable FP8 matmul / peak (H200)",
                         f"{_MAMF}: H200 SXM 1,453.4 of 1,979 TFLOPS"),
    "gb200": Constant("MAMF_FP8_GB200", 0.723, "fraction", "achievable FP8 matmul / peak (GB200)",
                      f"{_MAMF}: GB200 3,615.6 of 5,000 TFLOPS"),
    "b300": Constant("MAMF_FP8_B300", 0.745, "fraction", "achievable FP8 matmul / peak (B300)",
                     f"{_MAMF}: B300 SXM 3,353.3 of 4,500 TFLOPS"),
    "gaudi2": Constant("MAMF_FP8_GAUDI2", 0.955, "fraction", "achievable FP8 matmul / peak (Gaudi 2)",
                       f"{_MAMF}: Gaudi 2 826.5 of 865 TFLOPS"),
    "mi325x": Constant("MAMF_FP8_MI325X", 0.604, "fraction", "achievable FP8 matmul / peak (MI325X)",
                       _NO_FP8.format(p="MI325X", f=f"{_MAMF}: 784.9 of 1,300 TFLOPS BF16")),
}
ATTENTION_EFFICIENCY = {
    "nvidia-ampere": Constant("ATTN_EFF_AMPERE", 0.615, "fraction", "fused attention FLOP/s / peak (Ampere)",
                              "Dao 2023, FlashAttention-2 (arXiv 2307.08691) abstract: 50-73% of theoretical "
                              "maximum FLOP/s on A100; midpoint"),
    "nvidia-hopper": Constant("ATTN_EFF_HOPPER", 0.75, "fraction", "fused attention FLOP/s / peak (Hopper)",
                              "Shah et al. 2024, FlashAttention-3 (arXiv 2407.08608) abstract: up to 740 TFLOP/s "
                              "BF16 on H100, 75% utilisation"),
}
# FP8 context (prefill) attention, an engine option (TensorRT-LLM use_fp8_context_fmha): Q·Kᵀ and P·V at the FP8
# rate. Only Hopper has a published FP8 attention rate; elsewhere the option keeps the 16-bit attention rate
# (core/context_attention.py says why).
ATTENTION_EFFICIENCY_FP8 = {
    "nvidia-hopper": Constant("ATTN_EFF_FP8_HOPPER", 0.606, "fraction", "fused FP8 attention FLOP/s / FP8 peak (Hopper)",
                              "Shah et al. 2024, FlashAttention-3 (arXiv 2407.08608) abstract: FP8 close to 1.2 "
                              "PFLOP/s on H100, of its 1,979 TFLOP/s dense FP8 peak (the BF16 figure of the same "
                              "abstract, 740 TFLOP/s, is ATTN_EFF_HOPPER)"),
}
# Blackwell Ultra (B300, GB300) doubled the special-function units that evaluate the softmax exponential, which B200
# and GB200 had left at Hopper's rate per SM while doubling the tensor cores: the part's own attention value.
_BW_ULTRA_ATTN = (
    "derived: a fused attention forward does 4·d FLOPs on the tensor cores per exponential on the special-function "
    "units (MUFU.EX2), 512 at head size 128. Hopper's tensor cores do 4,096 dense 16-bit FLOPs per SM per clock "
    "(989 TFLOP/s over 132 SMs), so they need 8 exponentials per SM per clock of the 16 the SFUs give; B200/GB200 "
    "doubled the tensor rate (8,192, 16 needed) but not the SFUs, and Blackwell Ultra doubles the SFUs again "
    "(NVIDIA Technical Blog 'Inside NVIDIA Blackwell Ultra: The Chip Powering the AI Factory Era', 2025-08: "
    "attention-layer acceleration, SFU throughput doubled; 'Making Softmax More Efficient with NVIDIA Blackwell "
    "Ultra', 2026-02: MUFU.EX2 throughput 2x GB200's, ~35% faster FP8 attention forward on GB300 than GB200). The "
    "exponentials then have Hopper's twofold headroom, so the attention kernel reaches Hopper's measured share of "
    "its 16-bit peak (ATTN_EFF_HOPPER, FlashAttention-3: 75%), 1.22x the Blackwell value, below the 1.35x measured "
    "for FP8 attention (more exponential-bound)")
ATTENTION_EFFICIENCY_PART = {
    part: Constant(f"ATTN_EFF_{part.upper()}", 0.75, "fraction", f"fused attention FLOP/s / peak ({part.upper()})",
                   _BW_ULTRA_ATTN)
    for part in ("b300", "gb300")
}
ATTENTION_EFFICIENCY_UNMEASURED = Constant(
    "ATTN_EFF_UNMEASURED", 0.615, "fraction", "fused attention FLOP/s / peak (family not measured)",
    "FlashAttention-2 A100 range midpoint (arXiv 2307.08691) used for families without a published figure",
)
HBM_EFFICIENCY = Constant(
    "HBM_EFFICIENCY", 0.85, "fraction", "achievable memory bandwidth / datasheet",
    "domain guide: decode is bound by bytes / (HBM bandwidth x 0.8-0.9), midpoint; Azure ND GB200 v6 blog "
    "(techcommunity.microsoft.com, 2025) measured 7.35 of 8 TB/s = 92% on GB200 [M]",
)
# A part whose achieved HBM bandwidth is measured on the same harness as a part the shared value fits: its own share.
HBM_EFFICIENCY_PART = {
    "mi300x": Constant("HBM_EFF_MI300X", 0.783, "fraction", "achievable memory bandwidth / datasheet (MI300X)",
                       f"{_AZURE}, ND MI300X v5, HBM bandwidth: copy 4.11, mul 4.26, add 4.14, triad 4.09 TB/s, mean "
                       "4.15 of the 5.3 TB/s datasheet; the same test on ND H200 v5 reads 4.01, 4.00, 4.15, 4.15 of "
                       "4.8 TB/s, mean 85.0%, the shared HBM_EFFICIENCY; decode's paged KV-cache reads take the same "
                       "share of theirs (efficiency.hbm_part_share)"),
}
FRAMEWORK_GEMM_TIME_SHARE = Constant(
    "FRAMEWORK_GEMM_TIME_SHARE", 0.61, "fraction", "share of a transformer step spent in tensor contractions",
    "Ivanov et al. 2021, 'Data Movement Is All You Need' (MLSys, arXiv 2007.00072) Table 1: tensor contractions "
    "are 99.8% of FLOPs but 61.0% of runtime of a BERT-large training step (normalisation 25.5%, element-wise "
    "13.5%); applied identically to every training and prefill estimate",
)
JOB_GOODPUT = Constant(
    "JOB_GOODPUT", 0.90, "fraction", "effective training time of a long job (failures, restarts, checkpoints)",
    "Llama Team 2024, 'The Llama 3 Herd of Models' (arXiv 2407.21783) section 3.3.4: higher than 90% effective "
    "training time during the 54-day 405B snapshot; applied to whole-run time and GPU-hours",
)
ADAM_UPDATE_BYTES_PER_PARAM = Constant(
    "ADAM_UPDATE_BYTES_PER_PARAM", 30.0, "B/param", "HBM traffic of one mixed-precision Adam update",
    "derived: reads fp32 grad, master, m, v (16 B) and writes master, m, v (12 B) and the bf16 weight (2 B) per "
    "parameter (Micikevicius et al. 2018 mixed precision; Rajbhandari et al. 2020 ZeRO: 12 B optimizer state) [D]",
)
ACTIVATION_COMM_BYTES = Constant(
    "ACTIVATION_COMM_BYTES", 2.0, "B/value", "bytes per activation value on the wire (TP, PP, CP, EP)",
    "Megatron-LM / Transformer Engine keep activations and their collectives in bf16 even with FP8 GEMMs "
    "(Transformer Engine FP8 primer: only GEMM inputs are cast to FP8)",
)
GRAD_REDUCE_BYTES = Constant(
    "GRAD_REDUCE_BYTES", 4.0, "B/value", "bytes per gradient value in the data-parallel reduction",
    "Megatron-LM arguments.py: with --bf16, accumulate_allreduce_grads_in_fp32 is set so gradients are "
    "accumulated and reduced in fp32; PyTorch FSDP MixedPrecision recipes use reduce_dtype=float32",
)
_RN50 = ("ResNet-50 v1.5 at 224 px: 8.2 GFLOP forward (4.1 GMAC), x3 for a training step (forward + 2x "
         "backward)")
_DLE_RN50 = ("NVIDIA/DeepLearningExamples PyTorch/Classification/ConvNets/resnet50v1.5/README.md "
             "(pytorch-21.03 NGC container, AMP, DALI)")
CONV_EFFICIENCY = {
    "nvidia-ampere": Constant(
        "CONV_EFF_AMPERE", 0.195, "fraction", "end-to-end FLOP/s / dense peak for CNNs (Ampere)",
        f"{_DLE_RN50} 'Training performance: NVIDIA DGX A100 (8x A100 80GB)': 1 GPU mixed precision 2,470 img/s; "
        f"{_RN50}: 2,470 x 24.6 GFLOP / 312 TFLOPS = 19.5% [M] (timm issue #1491: 2,600 img/s, 20.5%)"),
    "nvidia-hopper": Constant(
        "CONV_EFF_HOPPER", 0.113, "fraction", "end-to-end FLOP/s / dense peak for CNNs (Hopper)",
        "MLPerf Training v3.0 closed, ResNet-50, Dell on the same 4-CPU platform: 16x H100-SXM5-80GB 7.8 min vs "
        "16x A100-SXM-80GB 14.4 min (silvertonconsulting.com 'MLperf results show H100 v A100', 2023-07-12), so an "
        "H100 trains ResNet-50 1.85x as fast as an A100 at equal count, not the 3.17x of their bf16 peaks; applied "
        "to the Ampere figure: 2,470 x 1.846 = 4,560 img/s x 24.6 GFLOP / 989 TFLOPS = 11.3% [D]"),
    "nvidia-turing": Constant(
        "CONV_EFF_TURING", 0.151, "fraction", "end-to-end FLOP/s / dense peak for CNNs (Turing)",
        f"{_DLE_RN50} 'Inference performance: NVIDIA T4', mixed precision, batch 256: 1,198 img/s x 8.2 GFLOP / "
        "65 TFLOPS fp16 = 15.1% [M]; no published T4 training figure, the inference fraction is used for both"),
    "huawei-ascend": Constant(
        "CONV_EFF_ASCEND", 0.203, "fraction", "end-to-end FLOP/s / dense peak for CNNs (Ascend)",
        "MindSpore r0.5 benchmarks (mindspore.cn/docs/en/r0.5/benchmark.html): ResNet-50 v1.5, 1x Ascend 910, "
        f"mixed, batch 256: 2,115 img/s; {_RN50}; Ascend 910 fp16 peak 256 TFLOPS (Huawei launch, pureai.com "
        "2019-09-03): 2,115 x 24.6 GFLOP / 256 TFLOPS = 20.3% [M]; measured on the 910, assumed for the 910B"),
}
CONV_EFFICIENCY_UNMEASURED = Constant(
    "CONV_EFF_UNMEASURED", 0.113, "fraction", "end-to-end FLOP/s / dense peak for CNNs (family not measured)",
    "no published ResNet-50 result for this family in the collected sources (MLPerf Training dropped ResNet-50 "
    "after v3.1); the lowest measured family value (Hopper, CONV_EFF_HOPPER) is used so a newer part is not "
    "assumed to turn its peak into CNN throughput better than the measured ones",
)

# ---------------------------------------------------------------------------
# Communication (core/collectives.py)
# ---------------------------------------------------------------------------
_NCCL_TUNING = "NVIDIA/nccl src/graph/tuning.cc (commit 01afd20) latency model, LL protocol, ring"
NCCL_BASE_LATENCY_S = Constant(
    "NCCL_BASE_LATENCY_S", 3.6e-6, "s", "collective launch latency",
    f"{_NCCL_TUNING}: baseLat Ring/LL = 3.6 us",
)
NCCL_HOP_LATENCY_S = {
    "scaleup": Constant("NCCL_HOP_LATENCY_NVLINK_S", 0.47e-6, "s", "per-step latency over the scale-up link",
                        f"{_NCCL_TUNING}: hwLat NVLINK Ring/LL = 0.47 us"),
    "pcie": Constant("NCCL_HOP_LATENCY_PCIE_S", 1.0e-6, "s", "per-step latency over PCIe",
                     f"{_NCCL_TUNING}: hwLat PCI Ring/LL = 1.0 us"),
    "net": Constant("NCCL_HOP_LATENCY_NET_S", 2.7e-6, "s", "per-step latency over the scale-out network",
                    f"{_NCCL_TUNING}: hwLat NET Ring/LL = 2.7 us"),
}
_NCCL_SIMPLE = "NVIDIA/nccl src/graph/tuning.cc (commit 01afd20) latency model, Simple protocol, ring"
NCCL_SIMPLE_BASE_LATENCY_S = Constant(
    "NCCL_SIMPLE_BASE_LATENCY_S", 8.4e-6, "s", "launch latency of a gradient-bucket collective (Simple protocol)",
    f"{_NCCL_SIMPLE}: baseLat Ring/Simple = 8.4 us; NCCL's tuner picks the Simple protocol for buffers of "
    "megabytes, as a gradient bucket is, and LL only for small ones",
)
NCCL_SIMPLE_HOP_LATENCY_S = {
    "scaleup": Constant("NCCL_SIMPLE_HOP_LATENCY_NVLINK_S", 3.4e-6, "s",
                        "per-step latency of a Simple-protocol ring over the scale-up link",
                        f"{_NCCL_SIMPLE}: hwLat NVLINK Ring/Simple = 3.4 us"),
    "pcie": Constant("NCCL_SIMPLE_HOP_LATENCY_PCIE_S", 5.7e-6, "s",
                     "per-step latency of a Simple-protocol ring over PCIe",
                     f"{_NCCL_SIMPLE}: hwLat PCI Ring/Simple = 5.7 us"),
    "net": Constant("NCCL_SIMPLE_HOP_LATENCY_NET_S", 9.6e-6, "s",
                    "per-step latency of a Simple-protocol ring over the scale-out network",
                    f"{_NCCL_SIMPLE}: hwLat NET Ring/Simple = 9.6 us"),
}
NCCL_LL_ALLREDUCE_BW_SHARE = Constant(
    "NCCL_LL_ALLREDUCE_BW_SHARE", 0.25, "fraction", "bus bandwidth of a ring all-reduce in the LL protocol / Simple's",
    "NVIDIA/nccl src/graph/tuning.cc (commit 01afd20), ncclTopoTuneModel: 'if (a == NCCL_ALGO_RING && p == "
    "NCCL_PROTO_LL) busBw *= ... coll == ncclCollAllReduce ... ? 1.0/4.0'; ncclTopoGetAlgoTime gives each protocol "
    "time = latency + bytes / bandwidth and NCCL runs the fastest, so an all-reduce of megabytes (a serving step's "
    "TP all-reduce at hundreds of sequences) takes the Simple protocol's latency (8.4 us + 3.4 us per NVLink step, "
    "56 us on 8 GPUs) where LL's 10 us holds only for small buffers. A published curve agrees: TensorRT-LLM's "
    "all-reduce on 4 H100 (ai-dynamo/aiconfigurator src/aiconfigurator/systems/data/h100_sxm/trtllm/1.2.0rc1/"
    "custom_allreduce_perf.txt.bak, commit 302edbc) takes 30 us + bytes / rate from 8 to 537 MB, the model's Simple "
    "latency 28.8 us (aiconfigurator: NVIDIA's collector of TensorRT-LLM kernel times; the stored copy gives no date)",
)
_DDP_BUCKET = ("NVIDIA/Megatron-LM megatron/core/distributed/distributed_data_parallel.py (commit 0011998): "
               "bucket_size = max(40000000, 1000000 * data-parallel size) when no bucket size is given, 'to ensure "
               "that chunks used in NCCL ring-reduce implementations are large enough to remain bandwidth-bound "
               "rather than latency-bound'; one reduce-scatter (and with the distributed optimizer one all-gather) "
               "per bucket")
DDP_BUCKET_MIN_PARAMS = Constant("DDP_BUCKET_MIN_PARAMS", 40e6, "parameters",
                                 "smallest default gradient bucket (Megatron DDP)", _DDP_BUCKET)
DDP_BUCKET_PARAMS_PER_RANK = Constant("DDP_BUCKET_PARAMS_PER_RANK", 1e6, "parameters",
                                      "default gradient bucket per data-parallel rank (Megatron DDP)", _DDP_BUCKET)
SCALEUP_BUSBW_EFFICIENCY = {
    "nvidia-ampere": Constant("BUSBW_EFF_NVLINK3", 0.783, "fraction", "NCCL bus bandwidth / NVLink3 per direction",
                              "NVIDIA/nccl tuning.cc caps A100 (compCap 80) busBw at 235 GB/s of 300 GB/s; "
                              "nccl-tests reports of 230-250 GB/s on 8xA100 SXM (docs.alayanew.com) [M/S]"),
    "nvidia-hopper": Constant("BUSBW_EFF_NVLINK4", 1.07, "fraction", "NCCL bus bandwidth / NVLink4 per direction",
                              "ml-engineering network/benchmarks: 8xH200 all-reduce peak busbw 482.26 GB/s vs "
                              "450 GB/s NVLink4 (NVLink SHARP in-switch reduction) [M]"),
    "nvidia-blackwell": Constant("BUSBW_EFF_NVLINK5", 0.94, "fraction", "NCCL bus bandwidth / NVLink5 per direction",
                                 "ml-engineering network/benchmarks: 1 node B200 all-reduce 16 GiB busbw "
                                 "845.67 GB/s vs 900 GB/s [M]"),
    "amd-cdna3": Constant("BUSBW_EFF_XGMI_CDNA3", 0.712, "fraction", "RCCL bus bandwidth / xGMI per direction (CDNA3)",
                          "AMD ROCm blog 'Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X' "
                          "(J. Kolla, P. Alizadeh, G. Lee, 2025-03-02), rccl-tests all_reduce_perf on 8 MI300X "
                          "(RCCL 2.22.3, ROCm 6.3): busbw 318.98 GB/s at 16 GiB, of the 448 GB/s of 7 xGMI links "
                          "rated 64 GB/s per direction: 318.98 / 448 = 0.712 (the blog: CRC and protocol overhead "
                          "leave about 48 GB/s per link usable, and the slowest link caps RCCL at 310-330 GB/s). "
                          "With the Simple protocol's latency the model reads the same table's times from 16 MiB to "
                          "16 GiB within 2% (148.8 us at 16 MiB, 429.1 us at 64 MiB); 0.75, the link's usable 48 of "
                          "64 GB/s, read them 5% fast until 2026-12-04 [M]"),
}
SCALEUP_RING_BUSBW_CAP = Constant(
    "SCALEUP_RING_BUSBW_CAP", 0.94, "fraction", "highest bus bandwidth / scale-up link without in-switch reduction",
    "NVIDIA nccl-tests doc/PERFORMANCE.md bus-bandwidth definitions: all-gather, reduce-scatter, all-to-all and "
    "point-to-point move every byte over the links, so only an in-network reduction (NVLink SHARP / NVLS, "
    "all-reduce only) lifts busbw above the link rate; the cap is the NVLink5 fraction measured without that gain "
    "(ml-engineering network/benchmarks: 1 node B200 all-reduce 16 GiB busbw 845.67 of 900 GB/s) [M]",
)
SCALEUP_BUSBW_EFFICIENCY_UNMEASURED = Constant(
    "BUSBW_EFF_SCALEUP_UNMEASURED", 0.94, "fraction", "bus bandwidth / scale-up link (family not measured)",
    "no HCCS/Gaudi/CDNA2/CDNA4 measurement in the collected sources; the NVLink5 measured fraction (845.67/900) is used",
)
PCIE_BUSBW_EFFICIENCY = Constant(
    "PCIE_BUSBW_EFFICIENCY", 0.63, "fraction", "NCCL bus bandwidth / PCIe per direction",
    "docs.alayanew.com nccl-tests guide: 8xH100 PCIe (no NVSwitch) busbw 35-45 GB/s vs 63 GB/s PCIe Gen5 x16 "
    "[S]; midpoint 40/63",
)
SCALEOUT_BUSBW_EFFICIENCY = Constant(
    "SCALEOUT_BUSBW_EFFICIENCY", 0.955, "fraction", "NCCL bus bandwidth / NIC line rate across nodes",
    "ml-engineering network/benchmarks: 4 nodes B200 all-reduce 16 GiB busbw 381.80 GB/s vs 8 x 400 Gb/s "
    "= 400 GB/s per node [M]",
)

# ---------------------------------------------------------------------------
# Inference serving (core/inference.py)
# ---------------------------------------------------------------------------
QUEUE_VARIABILITY_FACTOR = Constant(
    "QUEUE_VARIABILITY_FACTOR", 0.5, "", "Allen-Cunneen factor (ca² + cs²) / 2 for the request queue",
    "Allen-Cunneen G/G/c approximation (Allen 1990, Probability, Statistics and Queueing Theory): Wq ≈ "
    "Wq(M/M/c)·(ca²+cs²)/2; Poisson arrivals ca²=1, near-deterministic service cs²≈0 -> 0.5 (M/D/c)",
)


