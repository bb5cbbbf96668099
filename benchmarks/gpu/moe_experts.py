"""Achieved rates of a MoE layer's expert GEMMs at Qwen3-235B-A22B's shapes, on one GPU (pure torch, no gpudesk).

    python3 benchmarks/gpu/moe_experts.py --out DIR            # the GPU run (~1 min of GPU work on an H200)
    python3 benchmarks/gpu/moe_experts.py --dry-run --out DIR  # tiny shapes on the CPU, seconds

Issue 18: gpudesk's serving rows for Qwen3-235B-A22B on TensorRT-LLM read slow with short prompts and fast with long
ones, which points at the split of the expert GEMMs' cost between prefill and decode. This measures the two expert
GEMMs of one MoE layer (hidden 4,096, 128 experts, expert intermediate 1,536; catalog qwen3-235b-a22b):

* gate_up: y = x · Wᵀ, W (experts, 2·I/tp, hidden) as a checkpoint holds it (gate and up fused);
* down:    y = x · Wᵀ, W (experts, hidden, I/tp);

at tensor parallel 1 (I/tp = 1,536) and 8 (each GPU holds a 192-wide slice of every expert), with M tokens routed
to each of E experts (uniform routing), E = 128 at M = 1 .. 4,096 and the decode subsets E = 8 and 32 at M = 1.
One call is one grouped GEMM over the E experts: torch._grouped_mm (BF16) and torch._scaled_grouped_mm (FP8 e4m3,
row-wise scales, BF16 out), the kernels PyTorch ships for MoE; where torch lacks _grouped_mm the BF16 rows are a
loop of torch.matmul, one per expert (recorded per row in "implementation"). The weights rotate over enough copies
(ROTATE_BYTES, > 4x a 60 MB L2) that each call reads its experts' weights from HBM, as a serving step does.
FLOPs 2·E·M·N·K; weight bytes E·N·K·(2 or 1). Each row is written to DIR/moe_experts.json as it is measured; rows
past the time budget are marked skipped.

Timing as kernel_classes.py: the calls are captured into a CUDA graph and replayed, the median replay divided by
the calls per replay.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kernel_classes import KernelRecorder, calls_per_replay, measure, start  # noqa: E402

HIDDEN, EXPERTS, TOP_K, EXPERT_FFN = 4096, 128, 8, 1536  # Qwen3-235B-A22B (catalog qwen3-235b-a22b)


def qwen3_expert_gemms(tp: int) -> dict[str, tuple[int, int]]:
    """(N, K) of one expert's two GEMMs on one of ``tp`` tensor-parallel ranks (gate+up column, down row parallel)."""
    return {f"gate_up tp{tp}": (2 * EXPERT_FFN // tp, HIDDEN), f"down tp{tp}": (HIDDEN, EXPERT_FFN // tp)}


ROWS_PER_EXPERT = (1, 4, 16, 64, 256, 1024, 4096)
POINTS = [(EXPERTS, m) for m in ROWS_PER_EXPERT] + [(8, 1), (32, 1)]  # (experts in the call, rows per expert)
PRECISIONS = ("bf16", "fp8_e4m3")
PLAN = {"gemm_shapes": {**qwen3_expert_gemms(1), **qwen3_expert_gemms(8)}, "points": POINTS,
        "precisions": list(PRECISIONS), "rotate_bytes": 256 * 2**20, "replays": 7, "min_replay_s": 2e-3,
        "max_calls": 256, "budget_s": 150.0, "hidden": HIDDEN, "experts": EXPERTS, "top_k": TOP_K,
        "expert_ffn": EXPERT_FFN}
DRY_PLAN = {"gemm_shapes": {"gate_up tiny": (48, 64), "down tiny": (64, 24)}, "points": [(8, 1), (8, 4), (2, 1)],
            "precisions": list(PRECISIONS), "rotate_bytes": 64 * 2**10, "replays": 3, "min_replay_s": 0.0,
            "max_calls": 8, "budget_s": 60.0, "hidden": 64, "experts": 8, "top_k": 2, "expert_ffn": 24}
GUESS_FLOPS = {"bf16": 6e14, "fp8_e4m3": 1.1e15}  # rough rates for sizing a replay only (never reported)
GUESS_BYTES = 4e12


def grouped_call(precision: str, x: torch.Tensor, w: torch.Tensor, offs: torch.Tensor, scales: tuple):
    """One grouped GEMM: x (E·M, K) by w (E, K, N) (a transposed view of (E, N, K)), group ends ``offs``."""
    if precision == "bf16":
        if hasattr(torch, "_grouped_mm"):
            return lambda: torch._grouped_mm(x, w, offs=offs)
        bounds = [0] + offs.tolist()
        return lambda: [torch.matmul(x[bounds[e]:bounds[e + 1]], w[e]) for e in range(w.shape[0])]
    scale_a, scale_b = scales
    return lambda: torch._scaled_grouped_mm(x, w, scale_a, scale_b, offs=offs, out_dtype=torch.bfloat16)


def implementation(precision: str) -> str:
    if precision != "bf16":
        return "torch._scaled_grouped_mm (row-wise scales)"
    return "torch._grouped_mm" if hasattr(torch, "_grouped_mm") else "loop of torch.matmul per expert"


def run_experts(rec: KernelRecorder, plan: dict, device: torch.device) -> None:
    for precision in plan["precisions"]:
        dtype = torch.bfloat16 if precision == "bf16" else torch.float8_e4m3fn
        size = 2 if precision == "bf16" else 1
        for shape, (n, k) in plan["gemm_shapes"].items():
            for experts, m in plan["points"]:
                w_bytes = float(experts * n * k * size)
                copies = max(2, math.ceil(plan["rotate_bytes"] / w_bytes))
                flops = 2.0 * experts * m * n * k
                row = {"shape": shape, "precision": precision, "experts": experts, "m": m, "n": n, "k": k,
                       "copies": copies, "flops": flops, "weight_bytes": w_bytes, "implementation": implementation(
                           precision), "bytes": w_bytes + experts * m * (k * size + 2.0 * n)}  # x in, BF16 out

                def build(experts=experts, m=m, n=n, k=k, copies=copies, flops=flops, w_bytes=w_bytes):
                    weights = [(torch.randn(experts, n, k, device=device, dtype=torch.bfloat16) * 0.05).to(dtype)
                               .transpose(-2, -1) for _ in range(copies)]
                    x = torch.randn(experts * m, k, device=device, dtype=torch.bfloat16).to(dtype)
                    offs = torch.arange(m, experts * m + 1, m, device=device, dtype=torch.int32)
                    scales = (torch.ones(experts * m, device=device, dtype=torch.float32),
                              torch.ones(experts, n, device=device, dtype=torch.float32))
                    est = max(flops / GUESS_FLOPS[precision], w_bytes / GUESS_BYTES) + 5e-6
                    n_calls = calls_per_replay(copies, est, plan)
                    return [grouped_call(precision, x, weights[i % copies], offs, scales) for i in range(n_calls)], {}

                try:  # measure records OOM and RuntimeError; a kernel refusing its arguments is recorded too
                    measure(rec, "experts", row, build, device,
                            lambda t, row=row: {"tflops": row["flops"] / t / 1e12,
                                                "weight_tbs": row["weight_bytes"] / t / 1e12,
                                                "tbs": row["bytes"] / t / 1e12})
                except (TypeError, ValueError) as exc:
                    rec.add("experts", {**row, "status": "error", "error": str(exc).splitlines()[0][:300]})


def summary(data: dict) -> str:
    env = data["environment"]
    lines = [f"{env.get('gpu', 'cpu')} torch {env['torch']} cuda {env['cuda']} elapsed {env.get('elapsed_s')} s"]
    for r in data["experts"]:
        extra = (f"{r['tflops']:8.1f} TFLOP/s  weights {r['weight_tbs']:5.2f} TB/s  {r['per_call_s'] * 1e6:9.1f} us"
                 if r["status"] == "ok" else r["status"])
        lines.append(f"{r['precision']:9s} {r['shape']:12s} E {r['experts']:3d} M {r['m']:5d}  {extra}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    rec, device = start(argv, __doc__, (PLAN, DRY_PLAN), "moe_experts", "moe_experts.json", ("experts",))
    run_experts(rec, rec.data["plan"], device)
    print(summary(rec.data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
