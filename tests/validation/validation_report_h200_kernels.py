"""docs/validation.md, "H200 kernel classes measured here against gpudesk's constants" (run of 2026-12-04).

The run (``benchmarks/gpu/kernel_classes.py``, raw output ``data/h200_kernels_2026-12-04.json``) times single
kernels: the four GEMMs of a Llama-3.1-70B layer at TP1 and TP8 in BF16 and FP8, an HBM copy and sum, decode
attention (one query token) and causal prefill attention through PyTorch's flash SDPA. Each is set here beside what
gpudesk assumes for that kernel on the catalog's H200 row, read through gpudesk's own lookups
(``Efficiencies.for_hardware``, ``HardwareArrays``) and the constants they name:

* GEMM at M rows: gpudesk's time of one GEMM is its smooth roofline (t_c^p + t_m^p)^(1/p) with t_c = 2·M·N·K /
  (peak · η_mm), t_m = weight bytes / (HBM bw · η_hbm), p = SERVING_ROOFLINE_SHARPNESS, plus one
  KERNEL_BOUNDARY_S (a decode step pays one per kernel; the run's back-to-back graph replay has the same gaps);
* HBM: η_hbm · HBM bw; decode attention: KV bytes read at UNFUSED_DECODE_KV_BW_EFFICIENCY · HBM bw (plain
  PyTorch, the kernel measured) — engines' own decode kernels are assumed at SERVING_DECODE_KV_BW_EFFICIENCY;
* prefill attention: ATTENTION_EFFICIENCY (Hopper) · the 16-bit attention peak, causal FLOPs at one half.

Ratio = measured / gpudesk's at the shipped constants. Nothing is fitted here (kernel_roofline_fit.py fits the
roofline sharpness p on the run's GEMMs; validation_report_kernel_sharpness.py reports it).
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path

from validation_cases_measured import MEASURED_ACCELERATOR, MEASURED_ENVIRONMENT

from gpudesk.core.constants import (
    ATTENTION_EFFICIENCY,
    HBM_EFFICIENCY,
    KERNEL_BOUNDARY_S,
    MATMUL_EFFICIENCY_BF16,
    MATMUL_EFFICIENCY_FP8_PART,
    SERVING_DECODE_KV_BW_EFFICIENCY,
    SERVING_ROOFLINE_SHARPNESS,
    UNFUSED_DECODE_KV_BW_EFFICIENCY,
    Constant,
)
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

KERNELS_DATA = Path(__file__).resolve().parent / "data" / "h200_kernels_2026-12-04.json"
KERNEL_RUN = json.loads(KERNELS_DATA.read_text(encoding="utf-8"))
DISAGREES = 0.15  # |ratio − 1| above this is reported as a disagreement
PREFILL_ROWS = 4096  # GEMMs from this many rows up stand for a prefill's (MAMF)
STREAM_ROWS = 16  # GEMMs up to this many rows stand for a decode step's weight stream (t_c < 8% of t_m)
RIDGE_ROWS = (128, 1024)  # the rows around the roofline's ridge point on the H200
MATMUL = {"bf16": MATMUL_EFFICIENCY_BF16["nvidia-hopper"], "fp8_e4m3": MATMUL_EFFICIENCY_FP8_PART["h200-sxm"],
          "fp8_e4m3_fast_accum": MATMUL_EFFICIENCY_FP8_PART["h200-sxm"]}
PRECISION_NAMES = {"bf16": "BF16", "fp8_e4m3": "FP8 e4m3", "fp8_e4m3_fast_accum": "FP8 e4m3, fast accumulation"}
# what each constant compared here feeds (validation groups of this file)
FEEDS = {
    "MAMF_BF16_HOPPER": "every Hopper BF16 GEMM: training and training step time, inference throughput and latency, "
                        "measured here (η_mm 0.80)",
    "MAMF_FP8_H200": "H200 FP8 GEMMs: MLPerf inference throughput and serving throughput, in-flight batching (H200 "
                     "rows)",
    "HBM_EFFICIENCY": "every weight stream and optimizer update on parts without their own HBM share: every decode "
                      "group, training step time (Adam update)",
    "SERVING_ROOFLINE_SHARPNESS": "every serving GEMM near the ridge point: serving throughput, in-flight batching; "
                                  "MLPerf inference throughput; inference throughput and latency; measured here: "
                                  "decode / prefill (both)",
    "UNFUSED_DECODE_KV_BW_EFFICIENCY": "plain PyTorch decode: measured here: decode / prefill (both groups)",
    "ATTN_EFF_HOPPER": "every Hopper prefill and training attention: training step time, first-token latency, "
                       "measured here (η_attn 0.75)",
}


@dataclass(frozen=True)
class H200Assumed:
    """What gpudesk assumes on the catalog's H200 row (FLOP/s, B/s, fractions)."""

    peak: dict[str, float]  # dense GEMM peak per precision of the run
    attention_peak: float
    hbm_bw: float
    matmul: dict[str, float]
    hbm: float
    attention: float


def assumed() -> H200Assumed:
    hw = HardwareArrays.from_accelerators([MEASURED_ACCELERATOR])
    bf16, fp8 = Efficiencies.for_hardware(hw, "bf16"), Efficiencies.for_hardware(hw, "fp8")
    peaks = {"bf16": float(hw.peak("bf16")[0]), "fp8": float(hw.peak("fp8")[0])}
    return H200Assumed(
        peak={p: peaks["bf16" if p == "bf16" else "fp8"] for p in MATMUL},
        attention_peak=float(hw.attention_peak("bf16")[0]), hbm_bw=float(hw.hbm_bw[0]),
        matmul={p: float((bf16 if p == "bf16" else fp8).matmul[0]) for p in MATMUL},
        hbm=float(bf16.hbm[0]), attention=float(bf16.attention[0]))


def gemm_predicted_s(row: dict, a: H200Assumed) -> float:
    """gpudesk's seconds for one GEMM of the run: smooth roofline plus one kernel boundary."""
    p = SERVING_ROOFLINE_SHARPNESS.value
    t_c = row["flops"] / (a.peak[row["precision"]] * a.matmul[row["precision"]])
    t_m = row["weight_bytes"] / (a.hbm_bw * a.hbm)
    return (t_c ** p + t_m ** p) ** (1.0 / p) + KERNEL_BOUNDARY_S.value


def _ok(section: str) -> list[dict]:
    return [r for r in KERNEL_RUN[section] if r["status"] == "ok"]


def _gemms(precision: str, low: int, high: int, shapes: str = "") -> list[dict]:
    return [r for r in _ok("gemm") if r["precision"] == precision and low <= r["m"] <= high
            and r["shape"].endswith(shapes)]


@dataclass(frozen=True)
class KernelRow:
    kernel: str
    precision: str
    size: str
    measured: list[float]  # the points' rates, in ``unit``
    assumed: float  # gpudesk's rate for them (the median of its per-point rates where they differ)
    unit: str
    constant: Constant

    @property
    def median(self) -> float:
        return statistics.median(self.measured)

    @property
    def ratio(self) -> float:
        return self.median / self.assumed


def kernel_rows(a: H200Assumed | None = None) -> list[KernelRow]:
    a = a or assumed()
    tb, tf = "TB/s", "TFLOP/s"
    stream = a.hbm_bw * a.hbm / 1e12
    rows = []
    for p in MATMUL:
        big = _gemms(p, PREFILL_ROWS, 1 << 30)
        rows.append(KernelRow("GEMM, prefill-sized", PRECISION_NAMES[p], f"M {PREFILL_ROWS:,}-16,384, 8 shapes",
                              [r["tflops"] for r in big], a.peak[p] * a.matmul[p] / 1e12, tf, MATMUL[p]))
    for p in ("bf16", "fp8_e4m3"):
        for tp in ("tp1", "tp8"):
            small = _gemms(p, 1, STREAM_ROWS, tp)
            rows.append(KernelRow("GEMM weight stream, decode-sized", PRECISION_NAMES[p],
                                  f"M 1-{STREAM_ROWS}, 4 shapes at {tp.upper()}", [r["weight_tbs"] for r in small],
                                  statistics.median(r["weight_bytes"] / gemm_predicted_s(r, a) / 1e12 for r in small),
                                  tb, HBM_EFFICIENCY))
    for p in ("bf16", "fp8_e4m3"):
        ridge = _gemms(p, *RIDGE_ROWS)
        rows.append(KernelRow("GEMM near the ridge point", PRECISION_NAMES[p],
                              f"M {RIDGE_ROWS[0]:,}-{RIDGE_ROWS[1]:,}, 8 shapes", [r["tflops"] for r in ridge],
                              statistics.median(r["flops"] / gemm_predicted_s(r, a) / 1e12 for r in ridge), tf,
                              SERVING_ROOFLINE_SHARPNESS))
    for r in _ok("hbm"):
        what = "copy (read + write)" if r["kind"] == "copy" else "sum (read only)"
        rows.append(KernelRow(f"HBM {what}", "BF16", f"{r['tensor_bytes'] / 2**30:.0f} GiB", [r["tbs"]], stream, tb,
                              HBM_EFFICIENCY))
    for batch in KERNEL_RUN["plan"]["decode_batches"]:
        points = [r for r in _ok("decode_attention") if r["batch"] == batch]
        contexts = [r["context"] for r in points]
        rows.append(KernelRow("decode attention KV read, PyTorch flash SDPA", "BF16 KV",
                              f"batch {batch}, context {min(contexts):,}-{max(contexts):,}",
                              [r["kv_tbs"] for r in points],
                              a.hbm_bw * UNFUSED_DECODE_KV_BW_EFFICIENCY.value / 1e12, tb,
                              UNFUSED_DECODE_KV_BW_EFFICIENCY))
    for r in _ok("prefill_attention"):
        rows.append(KernelRow("prefill attention, causal flash SDPA", "BF16", f"batch 1, sequence {r['seq']:,}",
                              [r["tflops"]], a.attention_peak * a.attention / 1e12, tf,
                              ATTENTION_EFFICIENCY["nvidia-hopper"]))
    return rows


def _rate(values: list[float], unit: str) -> str:
    if len(values) == 1:
        return f"{values[0]:,.2f} {unit}" if unit == "TB/s" else f"{values[0]:,.0f} {unit}"
    med, lo, hi = statistics.median(values), min(values), max(values)
    if unit == "TB/s":
        return f"{med:,.2f} {unit} ({lo:,.2f}-{hi:,.2f})"
    return f"{med:,.0f} {unit} ({lo:,.0f}-{hi:,.0f})"


def _short_source(c: Constant) -> str:
    text = c.source.split(" [")[0]
    return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + " …"


def gemm_by_rows(a: H200Assumed) -> list[str]:
    """Median over the 8 shapes at each M: measured TFLOP/s, gpudesk's, ratio, per precision."""
    head = "| M |" + "".join(f" {PRECISION_NAMES[p]} measured | gpudesk | ratio |" for p in MATMUL)
    lines = [head, "|---:|" + "---:|---:|---:|" * len(MATMUL)]
    for m in KERNEL_RUN["plan"]["gemm_rows"]:
        cells = []
        for p in MATMUL:
            rows = _gemms(p, m, m)
            measured = statistics.median(r["tflops"] for r in rows)
            model = statistics.median(r["flops"] / gemm_predicted_s(r, a) / 1e12 for r in rows)
            cells.append(f" {measured:,.1f} | {model:,.1f} | {measured / model:.2f} |")
        lines.append(f"| {m:,} |" + "".join(cells))
    return lines


def decode_attention_grid(a: H200Assumed) -> list[str]:
    plan = KERNEL_RUN["plan"]
    lines = ["| context \\ batch |" + "".join(f" {b} |" for b in plan["decode_batches"]),
             "|---:|" + "---:|" * len(plan["decode_batches"])]
    for ctx in plan["decode_contexts"]:
        cells = []
        for b in plan["decode_batches"]:
            r = next((x for x in _ok("decode_attention") if x["batch"] == b and x["context"] == ctx), None)
            cells.append(" not measured |" if r is None else
                         f" {r['kv_tbs']:.2f} TB/s ({r['kv_tbs'] * 1e12 / a.hbm_bw:.2f}) |")
        lines.append(f"| {ctx:,} |" + "".join(cells))
    return lines


def disagreements(rows: list[KernelRow]) -> list[str]:
    """One line per constant some row disagrees with by more than DISAGREES."""
    out: dict[str, list[KernelRow]] = {}
    for r in rows:
        if abs(r.ratio - 1.0) > DISAGREES:
            out.setdefault(r.constant.name, []).append(r)
    lines = []
    for name, bad in out.items():
        parts = "; ".join(f"{r.kernel} {r.precision} {r.size}: {_rate(r.measured, r.unit)} against "
                          f"{_rate([r.assumed], r.unit)} ({r.ratio:.2f}x)" for r in bad)
        lines.append(f"* **{name}** ({bad[0].constant.value:g}) disagrees: {parts}. It feeds {FEEDS[name]}.")
    return lines


def kernel_section() -> list[str]:
    a = assumed()
    env, plan = KERNEL_RUN["environment"], KERNEL_RUN["plan"]
    rows = kernel_rows(a)
    copy = next(r for r in _ok("hbm") if r["kind"] == "copy")
    first_copy = MEASURED_ENVIRONMENT["ceilings"]["copy_read_plus_write_tbs"]
    lines = [
        "## H200 kernel classes measured here against gpudesk's constants",
        "",
        f"One {env['gpu']} ({env['nvidia_smi']}; L2 {env['l2_cache_bytes'] / 2**20:.0f} MiB), PyTorch "
        f"{env['torch']}, {env['date']}: `benchmarks/gpu/kernel_classes.py` (raw output "
        "`tests/validation/data/h200_kernels_2026-12-04.json`, "
        f"{env['elapsed_s']:.0f} s of GPU work). Each point's calls are captured into one CUDA graph and replayed "
        f"{plan['replays']} times (median, CUDA events); GEMM weights and KV caches rotate over copies of at least "
        f"{plan['rotate_bytes'] / 2**20:.0f} MiB together, so every call reads them from HBM as a decode step does. "
        "GEMMs: y = x·Wᵀ for the fused QKV, output, fused gate+up and down projections of Llama-3.1-70B at TP1 "
        "and TP8; BF16 through `torch.matmul`, FP8 e4m3 through `torch._scaled_mm` (per-tensor scales, BF16 out), "
        "default and fast accumulation. Attention: flash SDPA, 64 query heads over 8 KV heads (enable_gqa), head "
        "size 128; prefill FLOPs 4·s²·heads·d counted at one half (causal). gpudesk's figures are the catalog's "
        f"H200 row (dense BF16 {a.peak['bf16'] / 1e12:,.0f} and FP8 {a.peak['fp8_e4m3'] / 1e12:,.0f} TFLOP/s, HBM "
        f"{a.hbm_bw / 1e12:.1f} TB/s) through gpudesk's own efficiencies; a GEMM's time is its smooth roofline "
        f"(p = {SERVING_ROOFLINE_SHARPNESS.value:g}) plus one kernel boundary ({KERNEL_BOUNDARY_S.value * 1e6:.1f} "
        "µs); for the weight-stream rows gpudesk's figure is the weight bytes over that time. Decode attention at "
        "batch 1 and short contexts is a few microseconds of kernel, not a stream. Ratio = measured / gpudesk's, at the "
        "shipped constants; the roofline sharpness p fitted on this run's GEMMs, and whether it was adopted, follow "
        "the tables below.",
        "",
        "| kernel class | precision | size | measured (median, range) | gpudesk assumes | ratio | constant (source) |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(f"| {r.kernel} | {r.precision} | {r.size} | {_rate(r.measured, r.unit)} | "
                     f"{_rate([r.assumed], r.unit)} | {r.ratio:.2f} | {r.constant.name} = {r.constant.value:g} "
                     f"({_short_source(r.constant)}) |")
    lines += ["", "GEMMs by rows M (median over the 8 shapes; gpudesk: smooth roofline + one kernel boundary):", "",
              *gemm_by_rows(a), "",
              "Decode attention (one query token): KV bytes read per second (share of the datasheet's "
              f"{a.hbm_bw / 1e12:.1f} TB/s); gpudesk assumes {UNFUSED_DECODE_KV_BW_EFFICIENCY.value:.2f} for plain "
              f"PyTorch and {SERVING_DECODE_KV_BW_EFFICIENCY.value:.2f} for engines' own decode kernels (not this "
              "kernel):", "", *decode_attention_grid(a), "",
              f"Constants more than {DISAGREES:.0%} from what the kernels reach here:", "", *disagreements(rows), "",
              f"How to read them. The copy moved {copy['tbs']:.2f} TB/s over {copy['tensor_bytes'] / 2**30:.0f} GiB, "
              f"where the first run's eager copy of 2 GiB moved {first_copy} TB/s; the cause is not isolated here "
              "(a same-type device copy is a cudaMemcpyAsync, in this run a memcpy node of a CUDA graph; the tensor "
              "has 2³¹ elements), so the read-only sum is the cleaner read of HBM. PyTorch's flash SDPA is "
              "FlashAttention-2's kernel, not FlashAttention-3's that ATTN_EFF_HOPPER cites: serving engines on "
              "Hopper run FA3-class kernels and plain PyTorch does not, so the prefill-attention rows speak for the "
              "'measured here' groups, not against the constant for engines. The decode attention is the kernel "
              "UNFUSED_DECODE_KV_BW_EFFICIENCY describes; its value was fitted on whole steps at context 2,048 "
              "(the held-out serving run's steps imply a larger share, see its paragraph). The near-ridge GEMM rows "
              "are where p = 1 (compute and weight stream added, no overlap) is furthest from one kernel; that "
              "constant was fitted on whole serving steps, whose other costs it also absorbs.", ""]
    return lines
