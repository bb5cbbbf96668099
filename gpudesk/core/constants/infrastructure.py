"""Tuning constants: Host, storage, network fabric, power, facility and cost. Each has its source."""

from __future__ import annotations

from gpudesk.core.constants.base import GB, GIB, Constant  # noqa: F401

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
VCPUS_PER_CORE = Constant(
    "VCPUS_PER_CORE", 2.0, "vCPUs/core", "vCPUs a rented instance gives per physical CPU core",
    "AWS EC2 API reference, CpuOptions / AwsEc2LaunchTemplateDataCpuOptionsDetails: ThreadsPerCore 'the default "
    "value is 2' (each vCPU a hardware thread; docs.aws.amazon.com/securityhub/1.0/APIReference/API_AwsEc2"
    "LaunchTemplateDataCpuOptionsDetails.html, read 2026-12-03); the host model counts physical cores, as the "
    "catalog's servers give them (cpu_cores_total). Azure's ND A100 v4 and ND H100 v5 VMs give their 96 vCPUs as "
    "96 physical cores (Microsoft Learn size pages): there the count is half the real one, on the safe side",
)
DATALOADER_PREFETCH_FACTOR = Constant(
    "DATALOADER_PREFETCH_FACTOR", 2.0, "batches/worker", "batches prefetched per loader worker",
    "PyTorch torch.utils.data.DataLoader documentation: prefetch_factor default 2",
)
LOADER_BATCHES_BEYOND_PREFETCH = Constant(
    "LOADER_BATCHES_BEYOND_PREFETCH", 2.0, "batches", "loader batches held per GPU besides the prefetched ones",
    "PyTorch torch/utils/data/dataloader.py, _MultiProcessingDataLoaderIter._try_put_index: at most "
    "prefetch_factor x num_workers batches are outstanding, each held once (in a worker's shared memory until the "
    "pin-memory thread copies it into page-locked memory and drops the shared copy); besides them the batch the "
    "training step is using and, while it is copied, one batch held twice [C]",
)
LOADER_BYTES_PER_TOKEN = Constant(
    "LOADER_BYTES_PER_TOKEN", 28.0, "B/token", "host bytes of one token in a text training batch",
    "Megatron-LM megatron/core/datasets/gpt_dataset.py (core v0.7.0) GPTDataset.__getitem__: tokens and labels "
    "int64 (8 + 8 B), loss_mask float32 (4 B), position_ids int64 (8 B) per token; the attention mask is off "
    "(create_attention_mask=False) [C]",
)
DECODED_IMAGE_CHANNELS = Constant(
    "DECODED_IMAGE_CHANNELS", 3.0, "channels", "colour channels of a decoded training image (RGB)",
    "torchvision references/classification/presets.py ClassificationPresetTrain: images are converted to RGB "
    "tensors of shape 3 x H x W [C]",
)
DECODED_IMAGE_BYTES_PER_VALUE = Constant(
    "DECODED_IMAGE_BYTES_PER_VALUE", 4.0, "B", "bytes of one pixel channel of a decoded, normalised image",
    "torchvision references/classification/presets.py: PILToTensor, then ConvertImageDtype(torch.float) and "
    "Normalize in the loader workers: float32 (4 B) per value, not the compressed file size [C]",
)
SERVING_CPU_SWAP_PER_GPU = Constant(
    "SERVING_CPU_SWAP_PER_GPU", 4.0 * GIB, "B/GPU", "host memory an LLM server reserves per GPU for swapped KV blocks",
    "vLLM engine arguments (docs.vllm.ai/en/latest/models/engine_args.html, read 2026-12-01): --swap-space, "
    "'CPU swap space size (GiB) per GPU', default 4 [D]",
)
SERVING_WEIGHT_STAGING_FRACTION = Constant(
    "SERVING_WEIGHT_STAGING_FRACTION", 1.0, "x", "share of each GPU's weight shard held in host memory while loading",
    "vLLM LoadConfig (docs.vllm.ai/en/latest/api/vllm/config/load/, read 2026-12-01): the default 'auto' format "
    "loads safetensors; Hugging Face safetensors documentation: files are memory-mapped, so every shard a server's "
    "GPUs load passes through its page cache (the whole shard, once) [D]",
)
HOST_SYSTEM_RESERVED = Constant(
    "HOST_SYSTEM_RESERVED", 9.32 * GIB, "B", "host memory the OS, container runtime and agents keep on a server",
    "Google Kubernetes Engine 'Plan node sizes' (cloud.google.com/kubernetes-engine/docs/concepts/plan-node-sizes, "
    "read 2026-12-01): reserves 25% of the first 4 GiB, 20% of the next 4, 10% of the next 8 and 6% of the next "
    "112 GiB; for a 128 GiB node 1 + 0.8 + 0.8 + 6.72 = 9.32 GiB [D]",
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
    "W_TO_BTU_PER_H", 3600.0 / 1055.05585262,  # 1 Btu_IT = 1 055.055 852 62 J exactly
    "BTU/h per W", "heat per watt",
    "NIST SP 811 (2008 ed.), Guide for the Use of the SI, Appendix B.8: 1 Btu_IT/h = 0.293 071 1 W, the "
    "International Table Btu being 1 055.055 852 62 J exactly; 1 W = 3 600 / 1 055.055 852 62 = 3.412 141 633 "
    "Btu_IT/h",
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

