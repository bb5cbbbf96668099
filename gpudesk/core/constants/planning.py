"""Tuning constants: Pilot calibration, plan assembly and what-if. Each has its source."""

from __future__ import annotations

from gpudesk.core.constants.base import GB, GIB, Constant  # noqa: F401

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
    "TRAINING_POWER_LOAD", 0.68, "fraction", "training load between idle (0) and max power (1)",
    "measured draw, not the nameplate: 8-GPU H100 nodes draw 76% of their 10.2 kW rating during LLM training "
    "(Newkirk et al. 2025, arXiv 2506.14551; constant TRAINING_NODE_DRAW_SHARE; Latif et al. 2024, arXiv "
    "2412.08602: 8.4 kW maximum observed), i.e. (0.76 − idle share 0.25) / (1 − 0.25) = 0.68 of the way from "
    "idle (SERVER_IDLE_SHARE_OF_MAX) to maximum [D]",
)
SERVING_PEAK_POWER_LOAD = Constant(
    "SERVING_PEAK_POWER_LOAD", 0.7, "fraction", "serving load at the sized peak (fallback)",
    "fallback only, low confidence: an LLM serving plan draws its power from its serving iteration "
    "(core/power_draw.py serving_draw: compute-bound share at GPU_BUSY_POWER_SHARE, memory-bound share "
    "at GPU_MEMORY_BOUND_POWER_SHARE, the rest near idle); this fixed share of the way from idle to "
    "maximum is used only where the iteration's shares are unknown (the catalog lacks the precision's "
    "peak) or the phase has no power figures. The yearly mean scales it by average/peak traffic. Calibrate with nvidia-smi power from a "
    "pilot",
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
MAX_VGPUS_PER_GPU = Constant(
    "MAX_VGPUS_PER_GPU", 32.0, "vGPUs/GPU", "most NVIDIA vGPUs one physical GPU hosts, whatever its profile",
    "NVIDIA/open-gpu-kernel-modules src/common/sdk/nvidia/inc/ctrl/ctrla081.h: NVA081_MAX_VGPU_PER_PGPU 32; "
    "src/nvidia/src/kernel/virtualization/kernel_vgpu_mgr.c: 'On 1GB profiles on 48GB board ... maxInstance is "
    "only 32' (read 2026-12-05): a 48 GB board (L40S, L40, RTX 6000 Ada, A40) hosts 32 1 GB vGPUs, not 48 [C]",
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
# Quotation lines: tax and licences (core/ledger_quote.py; docs/project-format.md "Quotation lines")
# ---------------------------------------------------------------------------
VAT_GOODS_PCT = {
    "cn": Constant(
        "VAT_GOODS_PCT.cn", 13.0, "%", "China VAT on goods (servers, network, storage, fit-out)",
        "财政部 税务总局 海关总署公告 2019 年第 39 号 (16% → 13% from 2019-04-01), kept by the VAT Law of the PRC "
        "(增值税法, in force 2026-01-01); Avalara VATlive, 'Chinese VAT rates' (13%, 9%, 6%), 2025-12-24, "
        "https://www.avalara.com/us/en/vatlive/country-guides/asia/china/chinese-vat-rates.html",
    ),
}
VAT_SERVICES_PCT = {
    "cn": Constant(
        "VAT_SERVICES_PCT.cn", 6.0, "%", "China VAT on modern services (cloud, IT services, support, licences)",
        "财税〔2016〕36 号 annex (information technology and other modern services at 6%), unchanged by the 2019 "
        "reform and the VAT Law of the PRC; Avalara VATlive, 'Chinese VAT rates', 2025-12-24, "
        "https://www.avalara.com/us/en/vatlive/country-guides/asia/china/chinese-vat-rates.html",
    ),
}
"""Standard VAT rates per market. A market without a row gets no VAT line unless the plan states a rate
(US sales tax differs by state and the EU's VAT by member state: the quote states the customer's)."""
NVIDIA_AI_ENTERPRISE_USD_PER_GPU_YEAR = Constant(
    "NVIDIA_AI_ENTERPRISE_USD_PER_GPU_YEAR", 4500.0, "USD/GPU/year", "NVIDIA AI Enterprise subscription list price",
    "NVIDIA Q3 FY2024 earnings call, 2023-11-21 (J. Huang: 'NVIDIA AI Enterprise is $4,500 per GPU per year'); "
    "NVIDIA AI Enterprise licensing guide (docs.nvidia.com/ai-enterprise, pricing); H100 PCIe and H200 NVL "
    "include a five-year subscription, which a user quote of 0 cannot express: state the licence as none there",
)

RANKING_COST_TIE = Constant(
    "RANKING_COST_TIE", 0.001, "fraction", "costs this close rank as equal in the configuration search",
    "gpudesk rule (docs/search.md, Ties): two layouts of the same GPUs differ in cost only through the energy their "
    "typical-load power draws, which falls as a layout waits longer on communication; the L40S alternative's layout "
    "was picked by $9 in $1.93 M (0.0005%), the slower one. 0.1% is below what the price inputs are known to (a "
    "quote's rounding, the electricity price, the PUE) and far below the cost of one server more (1/8 of an "
    "8-server phase): costs within it rank by the better performance, then fewer GPUs",
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
