"""Achieved rates of the kernel classes a serving step is made of, on one GPU (pure torch, no gpudesk).

    python3 benchmarks/gpu/kernel_classes.py --out DIR            # the GPU run (~1 min of GPU work on an H200)
    python3 benchmarks/gpu/kernel_classes.py --dry-run --out DIR  # tiny shapes on the CPU, seconds

Issue 18 asks for per-kernel measurements (achieved bandwidth and FLOP/s per kernel class, precision and batch
size) to check the per-kernel constants against. Four classes, each row written to DIR/kernels.json as it is
measured (a run cut short keeps what it measured; rows past the budget are marked skipped):

* gemm: the four GEMMs of a Llama-3.1-70B layer (fused QKV, output projection, fused gate+up, down) at tensor
  parallel 1 and 8, y = x · Wᵀ with W (N, K) as nn.Linear holds it, at M = 1 .. 16,384 rows; BF16
  (torch.matmul) and FP8 e4m3 (torch._scaled_mm, per-tensor scales, BF16 out; default accumulation and
  use_fast_accum). The weights rotate over enough copies (ROTATE_BYTES, > 4x a 60 MB L2) that every call reads
  its weights from HBM, as a decode step's GEMMs do. FLOPs 2·M·N·K; weight bytes N·K·(2 or 1).
* hbm: a device-to-device copy (read + write) and a sum (read only) over HBM_BYTES.
* decode_attention: flash SDPA, one query token per sequence, 64 query heads over 8 KV heads (enable_gqa), head
  dim 128, BF16 KV cache (B, 8, context, 128); bytes read = K and V, rotated over copies like the weights.
* prefill_attention: causal flash SDPA, batch 1, 64 heads over 8 KV heads, head dim 128; FLOPs
  4·s²·heads·d / 2: the causal mask halves QKᵀ and PV (counted at one half, as FlashAttention's papers do).

Timing: each point's calls are captured once into a CUDA graph and replayed (torch_timing.per_call_time), the
median of REPLAYS replays divided by the calls per replay; a replay lasts >= MIN_REPLAY_S where the point allows.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_transformer import environment  # noqa: E402
from torch_timing import flash_only, fresh_memory, per_call_time  # noqa: E402

HIDDEN, FFN, HEADS, KV_HEADS, HEAD_DIM = 8192, 28672, 64, 8, 128  # Llama-3.1-70B (catalog llama-3.1-70b)


def llama70b_gemms(tp: int) -> dict[str, tuple[int, int]]:
    """(N, K) of the layer's four GEMMs on one of ``tp`` tensor-parallel ranks (column / row parallel)."""
    qkv = (HEADS + 2 * KV_HEADS) * HEAD_DIM
    return {f"qkv tp{tp}": (qkv // tp, HIDDEN), f"o tp{tp}": (HIDDEN, HEADS * HEAD_DIM // tp),
            f"gate_up tp{tp}": (2 * FFN // tp, HIDDEN), f"down tp{tp}": (HIDDEN, FFN // tp)}


GEMM_ROWS = (1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)
PRECISIONS = ("bf16", "fp8_e4m3", "fp8_e4m3_fast_accum")
PLAN = {"gemm_shapes": {**llama70b_gemms(1), **llama70b_gemms(8)}, "gemm_rows": list(GEMM_ROWS),
        "precisions": list(PRECISIONS), "rotate_bytes": 256 * 2**20, "hbm_bytes": 4 * 2**30,
        "decode_batches": [1, 16, 64, 256], "decode_contexts": [1024, 4096, 16384, 32768],
        "prefill_seqs": [2048, 8192, 32768], "heads": HEADS, "kv_heads": KV_HEADS, "head_dim": HEAD_DIM,
        "replays": 7, "min_replay_s": 2e-3, "max_calls": 512, "kv_limit_bytes": 60 * 10**9, "budget_s": 150.0}
DRY_PLAN = {"gemm_shapes": {"qkv tiny": (80, 64), "down tiny": (64, 96)}, "gemm_rows": [1, 8, 32],
            "precisions": list(PRECISIONS), "rotate_bytes": 64 * 2**10, "hbm_bytes": 4 * 2**20,
            "decode_batches": [1, 2], "decode_contexts": [64, 128], "prefill_seqs": [64, 128], "heads": 8,
            "kv_heads": 2, "head_dim": 16, "replays": 3, "min_replay_s": 0.0, "max_calls": 8,
            "kv_limit_bytes": 2**30, "budget_s": 60.0}
# rough rates for sizing a replay only (never reported): FLOP/s per precision and bytes/s
GUESS_FLOPS = {"bf16": 7e14, "fp8_e4m3": 1.3e15, "fp8_e4m3_fast_accum": 1.3e15}
GUESS_BYTES = 4.5e12


class KernelRecorder:
    def __init__(self, out: Path, env: dict, plan: dict, file_name: str = "kernels.json",
                 sections: tuple[str, ...] = ("gemm", "hbm", "decode_attention", "prefill_attention")) -> None:
        self.path = out / file_name
        self.data = {"environment": env, "plan": plan, **{section: [] for section in sections}}
        self.t0 = time.perf_counter()

    def over_budget(self) -> bool:
        return time.perf_counter() - self.t0 > self.data["plan"]["budget_s"]

    def add(self, section: str, row: dict) -> None:
        self.data[section].append(row)
        self.data["environment"]["elapsed_s"] = round(time.perf_counter() - self.t0, 1)
        self.path.write_text(json.dumps(self.data, indent=1))
        keys = ("shape", "precision", "experts", "m", "kind", "batch", "context", "seq", "status", "tflops", "weight_tbs",
                "tbs", "kv_tbs")
        print(f"[{time.perf_counter() - self.t0:6.1f}s] {section}",
              {k: (round(row[k], 2) if isinstance(row[k], float) else row[k]) for k in keys if k in row}, flush=True)


def calls_per_replay(copies: int, est_s: float, plan: dict) -> int:
    """A whole number of rounds over the copies, long enough for min_replay_s, at most max_calls (>= 1 round)."""
    rounds = max(1, math.ceil(plan["min_replay_s"] / max(est_s * copies, 1e-9)))
    return copies * max(1, min(rounds, plan["max_calls"] // copies))


def measure(rec: KernelRecorder, section: str, row: dict, build, device: torch.device, rates) -> None:
    """Time the calls ``build()`` returns (calls, extra fields) and record the row: ok with ``rates(seconds per
    call)`` added, OOM, error, or skipped past the budget. The tensors live only inside ``build``'s closures,
    released before the next row."""
    if rec.over_budget():
        rec.add(section, {**row, "status": "skipped (time budget)"})
        return
    fresh_memory(device)
    try:
        calls, extra = build()
        per_call, times = per_call_time(calls, device, rec.data["plan"]["replays"])
        out = {**row, **extra, "status": "ok", "calls_per_replay": len(calls), "replay_s": times,
               "per_call_s": per_call, **rates(per_call)}
    except torch.OutOfMemoryError as exc:
        out = {**row, "status": "OOM", "error": str(exc).splitlines()[0][:300]}
    except RuntimeError as exc:
        out = {**row, "status": "error", "error": str(exc).splitlines()[0][:300]}
    calls = None
    fresh_memory(device)
    rec.add(section, out)


def gemm_call(precision: str, x: torch.Tensor, w: torch.Tensor, one: torch.Tensor):
    if precision == "bf16":
        return lambda: torch.matmul(x, w.t())
    fast = precision.endswith("fast_accum")
    return lambda: torch._scaled_mm(x, w.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16,
                                    use_fast_accum=fast)


def run_gemms(rec: KernelRecorder, plan: dict, device: torch.device) -> None:
    for precision in plan["precisions"]:
        dtype = torch.bfloat16 if precision == "bf16" else torch.float8_e4m3fn
        size = 2 if precision == "bf16" else 1
        for shape, (n, k) in plan["gemm_shapes"].items():
            copies = max(2, math.ceil(plan["rotate_bytes"] / (n * k * size)))
            for m in plan["gemm_rows"]:
                flops, w_bytes = 2.0 * m * n * k, float(n * k * size)
                row = {"shape": shape, "precision": precision, "m": m, "n": n, "k": k, "copies": copies,
                       "flops": flops, "weight_bytes": w_bytes,
                       "bytes": w_bytes + m * k * size + 2.0 * m * n}  # x in, BF16 out

                def build(m=m, n=n, k=k, copies=copies, flops=flops, w_bytes=w_bytes):
                    weights = [(torch.randn(n, k, device=device, dtype=torch.bfloat16) * 0.05).to(dtype)
                               for _ in range(copies)]
                    x = torch.randn(m, k, device=device, dtype=torch.bfloat16).to(dtype)
                    one = torch.ones((), device=device, dtype=torch.float32)
                    est = max(flops / GUESS_FLOPS[precision], w_bytes / GUESS_BYTES) + 3e-6
                    n_calls = calls_per_replay(copies, est, plan)
                    return [gemm_call(precision, x, weights[i % copies], one) for i in range(n_calls)], {}

                measure(rec, "gemm", row, build, device,
                        lambda t, row=row: {"tflops": row["flops"] / t / 1e12,
                                            "weight_tbs": row["weight_bytes"] / t / 1e12,
                                            "tbs": row["bytes"] / t / 1e12})


def run_hbm(rec: KernelRecorder, plan: dict, device: torch.device) -> None:
    n = plan["hbm_bytes"] // 2
    for kind, moved in (("copy", 2 * plan["hbm_bytes"]), ("sum", plan["hbm_bytes"])):
        row = {"kind": kind, "bytes_moved": moved, "tensor_bytes": plan["hbm_bytes"], "dtype": "bf16",
               "note": "copy: read + write" if kind == "copy" else "sum: read only (fp32 accumulation)"}

        def build(kind=kind):
            src = torch.randn(n, device=device, dtype=torch.bfloat16)
            if kind == "copy":
                dst = torch.empty_like(src)
                return [lambda: dst.copy_(src)] * 2, {}
            return [lambda: src.sum(dtype=torch.float32)] * 2, {}

        measure(rec, "hbm", row, build, device, lambda t, moved=moved: {"tbs": moved / t / 1e12})


def run_decode_attention(rec: KernelRecorder, plan: dict, device: torch.device) -> None:
    h, g, d = plan["heads"], plan["kv_heads"], plan["head_dim"]
    for ctx in plan["decode_contexts"]:
        for batch in plan["decode_batches"]:
            kv_bytes = 2 * batch * g * ctx * d * 2
            copies = max(1, math.ceil(plan["rotate_bytes"] / kv_bytes))
            row = {"batch": batch, "context": ctx, "heads": h, "kv_heads": g, "head_dim": d, "dtype": "bf16",
                   "kv_bytes": kv_bytes, "copies": copies, "flops": 4.0 * batch * h * ctx * d}
            if kv_bytes * copies > plan["kv_limit_bytes"]:
                rec.add("decode_attention", {**row, "status": "skipped (KV cache over kv_limit_bytes)"})
                continue

            def build(batch=batch, ctx=ctx, copies=copies, kv_bytes=kv_bytes):
                q = torch.randn(batch, h, 1, d, device=device, dtype=torch.bfloat16)
                caches = [(torch.randn(batch, g, ctx, d, device=device, dtype=torch.bfloat16),
                           torch.randn(batch, g, ctx, d, device=device, dtype=torch.bfloat16)) for _ in range(copies)]
                n_calls = calls_per_replay(copies, kv_bytes / GUESS_BYTES + 5e-6, plan)

                def call(kv):
                    def attend():
                        with flash_only(device):
                            return F.scaled_dot_product_attention(q, kv[0], kv[1], enable_gqa=True)
                    return attend
                return [call(caches[i % copies]) for i in range(n_calls)], {}

            measure(rec, "decode_attention", row, build, device,
                    lambda t, kv_bytes=kv_bytes: {"kv_tbs": kv_bytes / t / 1e12})


def run_prefill_attention(rec: KernelRecorder, plan: dict, device: torch.device) -> None:
    h, g, d = plan["heads"], plan["kv_heads"], plan["head_dim"]
    for seq in plan["prefill_seqs"]:
        flops = 4.0 * seq * seq * h * d / 2
        row = {"batch": 1, "seq": seq, "heads": h, "kv_heads": g, "head_dim": d, "dtype": "bf16", "causal": True,
               "flops": flops, "flop_count": "4·s²·heads·d / 2 (causal: half the scores)"}

        def build(seq=seq, flops=flops):
            q = torch.randn(1, h, seq, d, device=device, dtype=torch.bfloat16)
            k = torch.randn(1, g, seq, d, device=device, dtype=torch.bfloat16)
            v = torch.randn(1, g, seq, d, device=device, dtype=torch.bfloat16)

            def attend():
                with flash_only(device):
                    return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            return [attend] * calls_per_replay(1, flops / 5e14, plan), {}

        measure(rec, "prefill_attention", row, build, device, lambda t, flops=flops: {"tflops": flops / t / 1e12})


def summary(data: dict) -> str:
    env = data["environment"]
    lines = [f"{env.get('gpu', 'cpu')} torch {env['torch']} cuda {env['cuda']} elapsed {env.get('elapsed_s')} s"]
    for r in data["hbm"]:
        lines.append(f"hbm {r['kind']:5s} {r.get('tbs', 0):6.2f} TB/s  {r['status']}")
    for r in data["gemm"]:
        extra = (f"{r['tflops']:8.1f} TFLOP/s  weights {r['weight_tbs']:5.2f} TB/s  {r['per_call_s'] * 1e6:9.1f} us"
                 if r["status"] == "ok" else r["status"])
        lines.append(f"gemm {r['precision']:19s} {r['shape']:12s} M {r['m']:5d}  {extra}")
    for r in data["decode_attention"]:
        extra = f"KV {r['kv_tbs']:5.2f} TB/s  {r['per_call_s'] * 1e6:9.1f} us" if r["status"] == "ok" else r["status"]
        lines.append(f"decode attention batch {r['batch']:3d} context {r['context']:6d}  {extra}")
    for r in data["prefill_attention"]:
        extra = f"{r['tflops']:6.1f} TFLOP/s  {r['per_call_s'] * 1e3:8.2f} ms" if r["status"] == "ok" else r["status"]
        lines.append(f"prefill attention seq {r['seq']:6d}  {extra}")
    return "\n".join(lines)


def start(argv: list[str] | None, doc: str, plans: tuple[dict, dict], suite: str,
          file_name: str = "kernels.json", sections: tuple[str, ...] | None = None) -> tuple[KernelRecorder, torch.device]:
    """Parse --out / --dry-run, pick the device (the CPU for a dry run or without CUDA) and its plan of ``plans``
    (GPU plan, dry plan), and open the recorder, the GPU's L2 size in its environment."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--dry-run", action="store_true", help="tiny shapes on the CPU, to check the script")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    dry = args.dry_run or not torch.cuda.is_available()
    device = torch.device("cpu" if dry else "cuda")
    torch.manual_seed(0)
    rec = KernelRecorder(args.out, environment(device), {**plans[dry], "suite": suite}, file_name,
                         *((sections,) if sections else ()))
    if device.type == "cuda":
        torch.zeros(1, device=device)
        rec.data["environment"]["l2_cache_bytes"] = getattr(torch.cuda.get_device_properties(device),
                                                            "L2_cache_size", None)
    return rec, device


def main(argv: list[str] | None = None) -> int:
    rec, device = start(argv, __doc__, (PLAN, DRY_PLAN), "kernels")
    run_hbm(rec, rec.data["plan"], device)
    run_gemms(rec, rec.data["plan"], device)
    run_decode_attention(rec, rec.data["plan"], device)
    run_prefill_attention(rec, rec.data["plan"], device)
    print(summary(rec.data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
