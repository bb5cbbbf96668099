"""Every tuning constant of the estimation core, each with its source.

This module is the one place where efficiencies, overheads and defaults
live. Code elsewhere refers to a constant by its Python name; the
FigureSet records it with its source so the UI can show where a number
came from. A constant is never tuned to make a single validation case
pass: the source says what measurement or publication it reflects.

Sections: memory overheads; compute efficiency (per hardware family and
operation class); communication; inference serving; host and storage;
power and facility; cost. Each area's module adds its constants in its
own section below and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    label: str
    source: str

    def __float__(self) -> float:
        return float(self.value)


GIB = 1024.0**3
GB = 1e9

# ---------------------------------------------------------------------------
# Memory overheads (runtime, per GPU)
# ---------------------------------------------------------------------------
CUDA_CONTEXT_BYTES = Constant(
    "CUDA_CONTEXT_BYTES", 0.75 * GIB, "B", "CUDA/ROCm context and kernels",
    "domain guide: CUDA context ~0.5–1 GB per process (midpoint); PyTorch issue reports of 500–900 MiB on Hopper",
)
COMM_BUFFER_BYTES = Constant(
    "COMM_BUFFER_BYTES", 0.35 * GIB, "B", "NCCL/RCCL communication buffers",
    "domain guide: NCCL buffers ~0.3–0.4 GB per process when more than one GPU communicates",
)
ALLOCATOR_FRAGMENTATION = Constant(
    "ALLOCATOR_FRAGMENTATION", 0.05, "fraction", "allocator reserve / fragmentation",
    "PyTorch caching allocator: reserved exceeds allocated by ~5–10% in steady training "
    "(torch.cuda.memory_stats reserved vs allocated); lower bound used",
)
SERVING_MEMORY_FRACTION = Constant(
    "SERVING_MEMORY_FRACTION", 0.90, "fraction", "serving engine memory fraction",
    "vLLM default gpu_memory_utilization=0.9 (vLLM engine arguments documentation)",
)

# ---------------------------------------------------------------------------
# Host and storage (core/host.py, core/storage.py)
# ---------------------------------------------------------------------------
JPEG_DECODE_AUG_IMAGES_PER_CORE_S = Constant(
    "JPEG_DECODE_AUG_IMAGES_PER_CORE_S", 100.0, "images/s/core", "JPEG decode + augmentation rate per CPU core",
    "systemoverflow.com 'Production Data Pipeline Design and Throughput': one core decodes 50-200 JPEG images/s "
    "depending on resolution [S]; 100 taken for ImageNet-size images (~110 KB) with crop/flip; NVIDIA DALI blog "
    "(developer.nvidia.com/blog/loading-data-fast-with-dali-and-new-jpeg-decoder-in-a100) names JPEG decode the "
    "most time-consuming preprocessing step",
)
TOKENIZE_TOKENS_PER_CORE_S = Constant(
    "TOKENIZE_TOKENS_PER_CORE_S", 162_000.0, "tokens/s/core", "on-the-fly BPE tokenisation rate per CPU core",
    "b0o/tiktoken-bench README (tiktoken 1.0.7, Threadripper 1950X): 161,998 tokens/s per worker thread with 32 "
    "workers [M]; conservative versus native Rust tiktoken",
)
TRAIN_PROCESS_CORES_PER_GPU = Constant(
    "TRAIN_PROCESS_CORES_PER_GPU", 1.0, "cores/GPU", "cores for the training process that drives each GPU",
    "PyTorch DistributedDataParallel documentation: one process per GPU; that process keeps one core busy "
    "launching kernels and collectives",
)
DATALOADER_PREFETCH_FACTOR = Constant(
    "DATALOADER_PREFETCH_FACTOR", 2.0, "batches/worker", "batches prefetched per loader worker",
    "PyTorch torch.utils.data.DataLoader documentation: prefetch_factor default 2",
)
PCIE_X16_GBS_BY_GEN = {
    3: Constant("PCIE_GEN3_X16_GBS", 15.75, "GB/s", "PCIe Gen3 x16 bandwidth, one direction",
                "PCIe 3.0: 8 GT/s x 16 lanes x 128/130 encoding / 8 bits = 15.75 GB/s [D]"),
    4: Constant("PCIE_GEN4_X16_GBS", 31.0, "GB/s", "PCIe Gen4 x16 bandwidth, one direction",
                "shared/reference/hardware-facts.md 4C (ml-engineering network/README.md): 31 GB/s uni"),
    5: Constant("PCIE_GEN5_X16_GBS", 63.0, "GB/s", "PCIe Gen5 x16 bandwidth, one direction",
                "shared/reference/hardware-facts.md 4C (ml-engineering network/README.md): 63 GB/s uni"),
    6: Constant("PCIE_GEN6_X16_GBS", 121.0, "GB/s", "PCIe Gen6 x16 bandwidth, one direction",
                "shared/reference/hardware-facts.md 4C (ml-engineering network/README.md): 121 GB/s uni"),
}
PCIE_LANES_PER_DEVICE = Constant(
    "PCIE_LANES_PER_DEVICE", 16.0, "lanes", "PCIe lanes per GPU or scale-out NIC",
    "SXM/OAM GPUs and ConnectX-7/8 NICs attach at x16 (NVIDIA H100 PCIe product brief PB-11133-001: PCIe Gen5 x16; "
    "ConnectX-7 user manual: PCIe Gen5 x16 host interface)",
)
CPU_PCIE_LANES_PER_SOCKET = Constant(
    "CPU_PCIE_LANES_PER_SOCKET", 80.0, "lanes", "PCIe lanes per CPU socket in a dual-socket server",
    "ServeTheHome 'PCIe Lanes and Bandwidth Increase Over a Decade for Intel Xeon and AMD EPYC' (2023): 4th Gen "
    "Xeon 80 lanes/socket; EPYC 9004 2P 160 lanes (80/socket) with three xGMI links",
)
CHECKPOINT_BYTES_PER_PARAM = Constant(
    "CHECKPOINT_BYTES_PER_PARAM", 14.0, "B/param", "checkpoint bytes per parameter (bf16 weights + Adam states)",
    "domain guide: mixed-precision Adam = 2 B weights + 12 B optimizer (fp32 master, m, v); gradients are not saved",
)
RAW_TEXT_BYTES_PER_TOKEN = Constant(
    "RAW_TEXT_BYTES_PER_TOKEN", 4.0, "B/token", "raw English text bytes per token",
    "OpenAI help center 'What are tokens and how to count them': 1 token is about 4 characters of English text",
)
PRETOKENIZED_BYTES_PER_TOKEN = Constant(
    "PRETOKENIZED_BYTES_PER_TOKEN", 4.0, "B/token", "pre-tokenised dataset bytes per token",
    "Megatron-LM indexed dataset stores token ids as int32 when the vocabulary exceeds 65,500 (uint16 below); "
    "modern 128k+ vocabularies take the int32 path",
)
IMAGE_BYTES_PER_SAMPLE = Constant(
    "IMAGE_BYTES_PER_SAMPLE", 117e3, "B/image", "JPEG bytes per ImageNet-class training image",
    "NVIDIA DALI blog: ImageNet occupies ~150 GB; ImageNet-1k train has 1,281,167 images -> ~117 KB each [D]",
)

CHECKPOINT_STALL_LIMIT = Constant(
    "CHECKPOINT_STALL_LIMIT", 0.035, "fraction", "acceptable share of training time lost to checkpointing",
    "Mohan et al., 'CheckFreq: Frequent, Fine-Grained DNN Checkpointing', USENIX FAST 2021: checkpoint runtime "
    "overhead bounded within 3.5%",
)

# ---------------------------------------------------------------------------
# Network fabric (core/fabric.py)
# ---------------------------------------------------------------------------
SWITCH_HOP_LATENCY_S = Constant(
    "SWITCH_HOP_LATENCY_S", 400e-9, "s", "switch port-to-port latency per hop",
    "NDR InfiniBand (Quantum-2) port-to-port latency quoted 150-400 ns by secondary sources (router-switch.com "
    "<150 ns, yobitel.com ~330 ns, systemspecbase.com <400 ns) [S]; the upper end is used for latency budgets",
)
FIBRE_DELAY_S_PER_M = Constant(
    "FIBRE_DELAY_S_PER_M", 5e-9, "s/m", "propagation delay in optical fibre",
    "light in glass (refractive index ~1.47) travels ~2.04e8 m/s -> ~4.9 ns/m [D]",
)
CABLE_RUN_M = Constant(
    "CABLE_RUN_M", 30.0, "m", "typical cable run node-leaf or leaf-spine",
    "NVIDIA QM97xx user manual lists NDR multimode transceivers for runs up to 50 m (MMA4Z00-NS); 30 m taken as a "
    "row-scale run within that reach",
)
FAT_TREE_TIERS_NOTE = (
    "Al-Fares, Loukissas, Vahdat, 'A Scalable, Commodity Data Center Network Architecture', SIGCOMM 2008: "
    "a k-port fat tree supports k^2/2 hosts in two tiers and k^3/4 in three at full bisection"
)

# ---------------------------------------------------------------------------
# Power and facility (core/power.py)
# ---------------------------------------------------------------------------
PUE_UPTIME_2023 = Constant(
    "PUE_UPTIME_2023", 1.58, "", "industry average PUE 2023",
    "Uptime Institute Intelligence Update 221 (Nov 2023): industry average PUE 1.58 in 2023 [M survey]",
)
PUE_DEFAULT = Constant(
    "PUE_DEFAULT", 1.56, "", "industry average PUE (default when none is given)",
    "Uptime Institute Global Data Center Survey 2024 (via Statista/Google Dataset Search): average PUE 1.56 at "
    "respondents' largest data center [M survey]",
)
W_TO_BTU_PER_H = Constant(
    "W_TO_BTU_PER_H", 3.412, "BTU/h per W", "heat per watt", "domain guide: BTU/h = W x 3.412 (1 W = 3.412 BTU/h)",
)
KW_PER_COOLING_TON = Constant(
    "KW_PER_COOLING_TON", 3.517, "kW/ton", "kW per refrigeration ton",
    "domain guide: cooling tons = kW / 3.517 (1 ton = 12,000 BTU/h = 3.517 kW)",
)
HOURS_PER_YEAR = Constant("HOURS_PER_YEAR", 8760.0, "h", "hours per year", "365 days x 24 h")
RACK_USABLE_U = Constant(
    "RACK_USABLE_U", 42.0, "U", "usable rack units per rack",
    "EIA-310 19-inch rack, 1U = 1.75 in; 42U is the common full-height data-center rack",
)
PDU_VOLTAGE_V = Constant(
    "PDU_VOLTAGE_V", 415.0, "V", "rack PDU line-to-line voltage",
    "IEC 60309 3-phase 400/415 V rack feeds (common outside North America)",
)
PDU_CURRENT_A = Constant("PDU_CURRENT_A", 32.0, "A", "rack PDU breaker rating", "IEC 60309 32 A 3-phase connector")
PDU_CONTINUOUS_DERATE = Constant(
    "PDU_CONTINUOUS_DERATE", 0.8, "", "continuous-load derating of a PDU",
    "NEC 210.19/210.20: continuous loads limited to 80% of the branch-circuit rating",
)
PDU_FEEDS_PER_RACK = Constant(
    "PDU_FEEDS_PER_RACK", 2.0, "feeds", "independent power feeds per rack (A+B)",
    "Uptime Institute Tier III/IV: dual-corded IT equipment on two independent distribution paths",
)

# ---------------------------------------------------------------------------
# Cost (core/delivery.py, core/tco.py)
# ---------------------------------------------------------------------------
HOURS_PER_MONTH = Constant(
    "HOURS_PER_MONTH", 730.0, "h", "billing hours per month",
    "AWS Pricing Calculator convention: 730 hours per month (8,760 / 12)",
)

# ---------------------------------------------------------------------------
# Memory model (gpudesk/core/memory*.py, model_math.py; docs/memory-model.md)
# ---------------------------------------------------------------------------
MASTER_WEIGHT_BYTES = Constant(
    "MASTER_WEIGHT_BYTES", 4.0, "B/param", "fp32 master copy of 16-bit weights",
    "Rajbhandari et al. 2020 (ZeRO, arXiv:1910.02054) §3.1: mixed-precision Adam keeps an fp32 copy of the "
    "parameters (4Ψ of the K=12 optimizer bytes)",
)
ADAM_STATE_BYTES = Constant(
    "ADAM_STATE_BYTES", 8.0, "B/param", "Adam/AdamW moments m and v (fp32)",
    "Rajbhandari et al. 2020 (ZeRO) §3.1: fp32 momentum and variance, 4Ψ + 4Ψ of K=12",
)
ADAM_8BIT_STATE_BYTES = Constant(
    "ADAM_8BIT_STATE_BYTES", 2.0, "B/param", "8-bit Adam moments (block-wise quantised)",
    "Dettmers et al. 2022, '8-bit Optimizers via Block-wise Quantization' (arXiv:2110.02861): two 8-bit states "
    "per parameter (bitsandbytes Adam8bit); per-block fp32 absmax ignored (<1%)",
)
SGD_MOMENTUM_STATE_BYTES = Constant(
    "SGD_MOMENTUM_STATE_BYTES", 4.0, "B/param", "SGD momentum buffer (fp32)",
    "torch.optim.SGD keeps one momentum_buffer per parameter when momentum > 0 (PyTorch documentation)",
)
ADAFACTOR_FACTORED_BYTES = Constant(
    "ADAFACTOR_FACTORED_BYTES", 8.0, "B·h/param", "Adafactor factored second moment, per param × h",
    "Shazeer & Stern 2018 (arXiv:1804.04235): row and column second-moment vectors, (n+m) fp32 values per n×m "
    "matrix, i.e. ≤ 4·(1/n+1/m) ≤ 8/h B per parameter when both sides ≥ h; no first moment (beta1=None default)",
)
MIN_GRADIENT_BYTES = Constant(
    "MIN_GRADIENT_BYTES", 2.0, "B/param", "smallest gradient storage",
    "ZeRO paper §3.1 (fp16 gradients, 2Ψ); Megatron-LM/Transformer Engine keep gradients in bf16 or fp32 even "
    "with fp8 compute (Megatron distributed-optimizer docs)",
)
QLORA_NF4_BITS_PER_PARAM = Constant(
    "QLORA_NF4_BITS_PER_PARAM", 4.127, "bit/param", "NF4 base weight incl. double-quantised constants",
    "Dettmers et al. 2023, QLoRA (arXiv:2305.14314) §3: 4-bit NormalFloat, blocksize 64; double quantisation "
    "brings constants from 0.5 to 8/64 + 32/(64·256) = 0.127 bit/param",
)
INT4_GROUP_SCALE_BITS = Constant(
    "INT4_GROUP_SCALE_BITS", 20.0 / 128.0, "bit/param", "int4 group-wise scale + zero point",
    "GPTQ/AWQ default group_size 128 with one fp16 scale and one packed 4-bit zero point per group "
    "(AutoGPTQ/AutoAWQ qweight/qzeros/scales layout): 20 bits / 128 values",
)
CROSS_ENTROPY_LOGIT_BYTES = Constant(
    "CROSS_ENTROPY_LOGIT_BYTES", 4.0, "B/value", "output logits kept for the loss (fp32)",
    "Korthikanti et al. 2022 (arXiv:2205.05198) §4.3: output layer and cross-entropy store 4·s·b·V/t bytes",
)
DROPOUT_MASK_BYTES = Constant(
    "DROPOUT_MASK_BYTES", 1.0, "B/value", "dropout mask per value",
    "Korthikanti et al. 2022 §4.1: masks stored as one byte per element (sbh per dropout, a·s²·b for attention); "
    "kept although many recipes train without dropout (over-estimates those by ~2·sbh per layer)",
)
ZERO3_LIVE_LAYERS = Constant(
    "ZERO3_LIVE_LAYERS", 2.0, "layers", "layers of gathered parameters live under ZeRO-3/FSDP",
    "PyTorch FSDP docs (BackwardPrefetch / forward_prefetch): the current unit's unsharded parameters plus the "
    "prefetched next unit are held at once; DeepSpeed ZeRO-3 prefetch bucket behaves alike",
)
PREFILL_CHUNK_TOKENS = Constant(
    "PREFILL_CHUNK_TOKENS", 8192.0, "tokens", "tokens per prefill step the engine reserves activations for",
    "vLLM engine/arg_utils.py: default max_num_batched_tokens 8192 for the OpenAI server on GPUs ≥ 70 GiB "
    "(2048 on smaller); vLLM profiles peak activation memory at this many tokens",
)

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
    "intel-gaudi": Constant("MAMF_BF16_GAUDI", 0.741, "fraction", "achievable BF16 matmul / peak (Gaudi)",
                            f"{_MAMF}: Gaudi 3 1,243 of 1,677 TFLOPS (Gaudi 2: 96.9%)"),
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
    "intel-gaudi": Constant("MAMF_FP8_GAUDI", 0.769, "fraction", "achievable FP8 matmul / peak (Gaudi)",
                            f"{_MAMF}: Gaudi 3 1,289.5 of 1,677 TFLOPS (Gaudi 2: 95.5%)"),
}
MATMUL_EFFICIENCY_FP8_UNMEASURED = Constant(
    "MAMF_FP8_UNMEASURED", 0.754, "fraction", "achievable FP8/FP4 matmul / peak (family not measured)",
    f"median of the 8 FP8 rows of the {_MAMF}; FP4 has no published MAMF and uses the family's FP8 value",
)
ATTENTION_EFFICIENCY = {
    "nvidia-ampere": Constant("ATTN_EFF_AMPERE", 0.615, "fraction", "fused attention FLOP/s / peak (Ampere)",
                              "Dao 2023, FlashAttention-2 (arXiv 2307.08691) abstract: 50-73% of theoretical "
                              "maximum FLOP/s on A100; midpoint"),
    "nvidia-hopper": Constant("ATTN_EFF_HOPPER", 0.75, "fraction", "fused attention FLOP/s / peak (Hopper)",
                              "Shah et al. 2024, FlashAttention-3 (arXiv 2407.08608) abstract: up to 740 TFLOP/s "
                              "BF16 on H100, 75% utilisation"),
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
CONV_EFFICIENCY = Constant(
    "CONV_EFFICIENCY", 0.205, "fraction", "end-to-end FLOP/s / dense peak for CNN training and inference",
    "huggingface/pytorch-image-models issue #1491: ResNet-50 AMP channels-last training on one A100 runs at "
    "2,600 images/s (benchmark.py); 2,600 x 3 x 8.2 GFLOP (4.1 GMAC forward at 224 px) / 312 TFLOP/s = 20.5% [D]; "
    "used for every CNN (conv, norm and pooling layers are partly memory-bound)",
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
}
SCALEUP_BUSBW_EFFICIENCY_UNMEASURED = Constant(
    "BUSBW_EFF_SCALEUP_UNMEASURED", 0.94, "fraction", "bus bandwidth / scale-up link (family not measured)",
    "no XGMI/HCCS/Gaudi measurement in the collected sources; the NVLink5 measured fraction (845.67/900) is used",
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


# ---------------------------------------------------------------------------
# Calibration from a pilot run (gpudesk/calibration; docs/calibration.md)
# ---------------------------------------------------------------------------
CALIBRATION_WARMUP_FRACTION = Constant(
    "CALIBRATION_WARMUP_FRACTION", 0.10, "fraction", "share of logged training records dropped as warm-up",
    "gpudesk rule (docs/calibration.md): Megatron-LM skips its first iterations when averaging "
    "(--log-avg-skip-iterations, megatron/training/training.py); torchtitan's published debug-model log shows "
    "step 1 at 0.19% MFU and step 2 at 9.72%; the first ~10% of a pilot's logged records span compilation, "
    "NCCL set-up and allocator growth",
)
CALIBRATION_WARMUP_MIN_RECORDS = Constant(
    "CALIBRATION_WARMUP_MIN_RECORDS", 1, "records", "logged training records always dropped as warm-up",
    "the first logged record includes one-time start-up work (torch.compile / CUDA graph capture / NCCL "
    "communicator init): torchtitan debug-model log, step 1 at 0.19% MFU vs 9.72% at step 2",
)
CALIBRATION_SCALE_MIN = Constant(
    "CALIBRATION_SCALE_MIN", 0.2, "x", "lowest fitted multiple of a catalog efficiency constant",
    "calibration issue ('bounded, e.g. 0.2–3x'); well-tuned large runs reach 35–55% MFU (domain guide), so a "
    "pilot at under a fifth of the catalog default points at a broken run, not an efficiency",
)
CALIBRATION_SCALE_MAX = Constant(
    "CALIBRATION_SCALE_MAX", 3.0, "x", "highest fitted multiple of a catalog efficiency constant",
    "calibration issue ('bounded, e.g. 0.2–3x'); domain guide: 100%-efficiency rooflines are 1.4–2.3x off "
    "(LLM-Viewer issue #4), so 3x covers the worst published miss with margin",
)
CALIBRATION_SCALE_SIGMA_FLOOR = Constant(
    "CALIBRATION_SCALE_SIGMA_FLOOR", 0.037, "fraction", "smallest relative 1-sigma of a fitted constant",
    "domain guide: Calculon's average error on Megatron iteration time is ~3.7%; a constant fitted through a "
    "performance model is never known better than the model's own form error",
)
CALIBRATION_MAX_PLAUSIBLE_MFU = Constant(
    "CALIBRATION_MAX_PLAUSIBLE_MFU", 0.87, "fraction", "highest plausible model-FLOPs utilisation",
    "domain guide: achieved matrix-multiply throughput is 70–87% of datasheet peak on NVIDIA parts; "
    "ml-engineering MAMF: H100 SXM BF16 794.5 of 989 TFLOPS (80.3%) — an end-to-end MFU above the best GEMM "
    "means the log counts FLOPs differently (recompute, sparsity) or used another peak",
)

# ---------------------------------------------------------------------------
# Plan assembly (core/plan_*.py): how a workload loads the hardware
# ---------------------------------------------------------------------------
TRAINING_POWER_LOAD = Constant(
    "TRAINING_POWER_LOAD", 0.8, "fraction", "training load between idle (0) and max power (1)",
    "DGX H100 typical draw 6.5–8.5 kW against 10.2 kW maximum input (shared/reference/hardware-facts.md 4D: "
    "0.64–0.83 of max); upper part of that range because training keeps GPUs near TDP",
)
SERVING_PEAK_POWER_LOAD = Constant(
    "SERVING_PEAK_POWER_LOAD", 0.7, "fraction", "serving load at the sized peak",
    "gpudesk assumption, low confidence: LLM decode is memory-bandwidth-bound and draws below TDP; "
    "no cited measurement of serving power as a share of maximum was found in the stored sources. "
    "The yearly mean scales it by average/peak traffic. Calibrate with nvidia-smi power from a pilot",
)
DLRM_LOOKUPS_PER_SAMPLE = Constant(
    "DLRM_LOOKUPS_PER_SAMPLE", 214.0, "rows/sample", "embedding rows read per recommendation sample",
    "MLCommons DLRM-DCNv2 reference (Criteo 1TB multi-hot): 26 categorical features with multi-hot sizes "
    "3,2,1,2,6,1,1,1,1,7,3,8,1,6,9,5,1,1,1,12,100,27,10,3,1,1 (sum 214)",
)
DLRM_EMBEDDING_DIM = Constant(
    "DLRM_EMBEDDING_DIM", 128.0, "values", "values per embedding row",
    "MLCommons DLRM-DCNv2 reference: embedding dimension 128",
)
AGENT_CALL_PROMPT_TOKENS = Constant(
    "AGENT_CALL_PROMPT_TOKENS", 2000.0, "tokens", "prompt tokens per agent model call",
    "gpudesk assumption: tool-using agents resend instructions, tool schemas and history with each call; "
    "edit the workload's prompt tokens to override",
)
ESTIMATE_ACCURACY_BAND = Constant(
    "ESTIMATE_ACCURACY_BAND", 0.20, "fraction", "accuracy band of an uncalibrated estimate",
    "docs/validation.md: the validation suite's targets (median |error| ≤ 15% training, ≤ 20% inference "
    "throughput); the larger is quoted until a pilot calibration narrows it",
)
GPU_SHARE_OF_SERVER_MAX_POWER = Constant(
    "GPU_SHARE_OF_SERVER_MAX_POWER", 0.55, "fraction", "GPUs' share of a GPU server's maximum input power",
    "derived from catalog rows: DGX H100 8 × 700 W = 5.6 kW of 10.2 kW maximum (0.55); DGX B200 "
    "8 × 1,000 W = 8.0 kW of 14.3 kW (0.56)",
)
SERVER_IDLE_SHARE_OF_MAX = Constant(
    "SERVER_IDLE_SHARE_OF_MAX", 0.25, "fraction", "GPU server idle power as a share of its maximum",
    "gpudesk estimate, low confidence: H100 SXM idles near 70 W of its 700 W TDP in nvidia-smi readings; "
    "CPUs, memory, fans and NICs keep drawing, so a GPU server idles near a quarter of its maximum input. "
    "Replace with measured idle power (nvidia-smi / PDU) from a pilot",
)
SERVER_PLATFORM_OVERHEAD = Constant(
    "SERVER_PLATFORM_OVERHEAD", 0.35, "fraction", "server platform cost over its GPUs' cost",
    "derived: DGX H100 ≈ $270,000 (Epoch AI citing SemiAnalysis) against 8 × $25,000 H100 (Raymond James "
    "low estimate) = 35% for CPUs, memory, NVSwitch board, NICs, chassis and margin",
)

# ---------------------------------------------------------------------------
# What-if sensitivity (core/whatif.py; docs/whatif.md)
# ---------------------------------------------------------------------------
WHATIF_DEFAULT_SWING = Constant(
    "WHATIF_DEFAULT_SWING", 0.5, "fraction", "default what-if range either side of the plan (±)",
    "wizard issue 'The seven-step wizard, complete' (what-if: 'e.g. −50 %…+50 % in 5 steps'); wider than the "
    "±20% accuracy band of an uncalibrated estimate (ESTIMATE_ACCURACY_BAND), so a driver's swing is seen "
    "beyond the model's own error",
)
WHATIF_DEFAULT_STEPS = Constant(
    "WHATIF_DEFAULT_STEPS", 5, "steps", "default points per what-if sweep",
    "wizard issue 'The seven-step wizard, complete' ('in 5 steps'): low end, midpoint, plan, midpoint, high end",
)
WHATIF_MIN_CHANGE = Constant(
    "WHATIF_MIN_CHANGE", -0.95, "fraction", "largest fall a what-if driver may be swept to",
    "gpudesk rule: a fall of 100% makes no sense for any driver — an electricity price of 0 means 'catalog "
    "default' in the plan file (project model facility.electricity_per_kwh) and an efficiency of 0 divides "
    "the work by zero",
)
