"""Measure training and inference memory and time of Llama-shaped decoders on one GPU (pure torch).

    python3 benchmarks/gpu/measure_transformer.py --out DIR      # the GPU run (a few minutes on an H200)
    python3 benchmarks/gpu/measure_transformer.py --dry-run --out DIR   # a tiny model on the CPU, seconds
    python3 benchmarks/gpu/measure_transformer.py --suite heldout --out DIR   # held-out training shapes (~2 min)
    python3 benchmarks/gpu/measure_transformer.py --suite serving --out DIR   # held-out prefill / decode (~1.5 min)

Writes DIR/measured.json (environment, every configuration run, its result or
its error, OOM included) after every configuration, so a run cut short still
leaves what it measured, and prints a short table at the end.

Training: bf16 autocast, fp32 master weights, torch AdamW (fused on CUDA):
16 B per parameter of states (4 weight + 4 gradient + 8 moments). One
micro-batch per optimizer step. The loss is ``F.cross_entropy(logits.float())``
after the bf16 LM head (unfused), or, for the configurations marked
"chunked", the LM head and loss computed in chunks of CHUNK_TOKENS rows, each
chunk checkpointed, so the full logits are never held. Step time is the median over the timed
steps after the warm-ups, each bracketed by torch.cuda.synchronize().
Inference (serving_suite.py): bf16 weights, static KV cache; prefill (time to
first token) at batch 1 and decode steps at a fixed context, eager and
replayed from a CUDA graph; suite "serving" runs only these, on a grid of
batches and contexts. Random weights and random token ids; nothing is
downloaded.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

sys.path.insert(0, str(Path(__file__).resolve().parent))
from decoder_model import DRY_RUN_SHAPE, DRY_RUN_WINDOW_SHAPE, SHAPES, Decoder, DecoderShape  # noqa: E402
from serving_suite import DRY_SERVING_PLAN, SERVING_PLAN, run_inference, run_serving_suite  # noqa: E402
from torch_timing import flash_only, fresh_memory, memory, sync, timed  # noqa: E402

FLOP_FORMULA = ("model FLOPs/token = 6·N_matmul + 6·L·s·a·d (N_matmul: projections, MLP, LM head; causal "
                "attention counted at one half); hardware FLOPs add 2·N_layers + 2·L·s·a·d with full recompute")

# (model, micro-batch, full recompute) in the order run; risky (OOM-prone) configurations last per model
GPU_TRAINING = [("llama-3.2-1b", 1, False), ("llama-3.2-1b", 4, False), ("llama-3.2-1b", 8, False),
                ("llama-3.2-1b", 4, True), ("llama-3.2-1b", 16, True), ("llama-3.2-1b", 16, False),
                ("llama-3.1-8b", 1, True), ("llama-3.1-8b", 2, True), ("llama-3.1-8b", 4, True),
                ("llama-3.1-8b", 1, False)]
GPU_PLAN = {"seq": 2048, "warmup": 2, "steps": 5, "prompts": [1024, 2048], "context": 2048,
            "decode_batches": [1, 8, 32, 64], "decode_steps": 20, "budget_s": 330.0}
# suite "heldout": shapes and settings the memory model was not built on (seq 4,096, other widths, a 32k
# vocabulary); (model, micro-batch, full recompute, loss) in the order run, OOM-prone ones last per model
HELDOUT_TRAINING = [("llama-3.2-3b", 1, False, "unfused"), ("llama-3.2-3b", 2, False, "unfused"),
                    ("llama-3.2-3b", 1, True, "unfused"), ("llama-3.2-3b", 4, True, "unfused"),
                    ("llama-3.2-3b", 4, True, "chunked"), ("llama-3.2-3b", 2, False, "chunked"),
                    ("llama-3.2-3b", 4, False, "unfused"),
                    ("phi-3-mini", 1, False, "unfused"), ("phi-3-mini", 2, False, "unfused"),
                    ("phi-3-mini", 1, True, "unfused"), ("phi-3-mini", 4, True, "unfused"),
                    ("phi-3-mini", 4, True, "chunked"), ("phi-3-mini", 4, False, "unfused")]
HELDOUT_PLAN = {"seq": 4096, "warmup": 2, "steps": 5, "budget_s": 240.0}
CHUNK_TOKENS = 1024
DRY_PLAN = {"seq": 32, "warmup": 1, "steps": 2, "prompts": [16, 32], "context": 32, "decode_batches": [1, 2],
            "decode_steps": 3, "budget_s": 120.0}


class Recorder:
    def __init__(self, out: Path, env: dict) -> None:
        self.path = out / "measured.json"
        self.data = {"environment": env, "flop_formula": FLOP_FORMULA, "training": [], "prefill": [],
                     "decode": [], "ceilings": {}}
        self.t0 = time.perf_counter()

    def add(self, section: str, row: dict) -> None:
        self.data[section].append(row)
        self.save()
        keys = ("model", "micro_batch", "recompute", "prompt", "batch", "context", "status", "step_time_s", "ttft_s",
                "eager_step_s", "graph_step_s", "peak_allocated_bytes")
        print(f"[{time.perf_counter() - self.t0:6.1f}s] {section}", {k: row[k] for k in keys if k in row}, flush=True)

    def save(self) -> None:
        self.data["environment"]["elapsed_s"] = round(time.perf_counter() - self.t0, 1)
        self.path.write_text(json.dumps(self.data, indent=1))


def environment(device: torch.device) -> dict:
    env = {"torch": torch.__version__, "cuda": torch.version.cuda, "python": platform.python_version(),
           "device": str(device), "date": time.strftime("%Y-%m-%d"),
           "PYTORCH_CUDA_ALLOC_CONF": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "")}
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        env.update(gpu=props.name, sm_count=props.multi_processor_count, total_memory_bytes=props.total_memory,
                   capability=f"{props.major}.{props.minor}")
        try:
            env["nvidia_smi"] = subprocess.run(
                ["nvidia-smi", "--query-gpu=name,driver_version,memory.total,clocks.max.sm,power.limit",
                 "--format=csv,noheader"], capture_output=True, text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.SubprocessError) as exc:
            env["nvidia_smi"] = f"unavailable: {exc}"
    return env


def probe_gqa(device: torch.device) -> tuple[bool, str]:
    """Does the flash kernel take grouped K/V (enable_gqa) forward, backward and for one-token decode?"""
    dt = torch.bfloat16
    try:
        with flash_only(device):
            q = torch.randn(2, 8, 256, 64, device=device, dtype=dt, requires_grad=True)
            k = torch.randn(2, 2, 256, 64, device=device, dtype=dt, requires_grad=True)
            v = torch.randn(2, 2, 256, 64, device=device, dtype=dt, requires_grad=True)
            F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True).sum().backward()
            F.scaled_dot_product_attention(q[:, :, :1].detach(), k.detach(), v.detach(), enable_gqa=True)
        sync(device)
        kernel = "flash kernel" if device.type == "cuda" else "CPU SDPA"
        return True, f"{kernel} with enable_gqa (K/V not repeated)"
    except RuntimeError as exc:
        return False, f"enable_gqa refused ({str(exc).splitlines()[0][:160]}); K/V repeated per query head"


def ceilings(device: torch.device) -> dict:
    """bf16 8192³ matrix product rate and device-to-device copy bandwidth on random data (means of 10)."""
    n, dt = 8192, torch.bfloat16
    a, b = torch.randn(n, n, device=device, dtype=dt), torch.randn(n, n, device=device, dtype=dt)
    mm = statistics.mean(timed(lambda: a @ b, device, 3, 10))
    src = torch.randn(1 << 30, device=device, dtype=dt)
    dst = torch.empty_like(src)
    cp = statistics.mean(timed(lambda: dst.copy_(src), device, 3, 10))
    return {"bf16_matmul_tflops": round(2 * n**3 / mm / 1e12, 1),
            "copy_read_plus_write_tbs": round(2 * src.numel() * 2 / cp / 1e12, 2)}


def chunked_loss(model: Decoder, hidden: torch.Tensor, targets: torch.Tensor, amp) -> torch.Tensor:
    """Mean cross-entropy with the final norm, LM head and loss run per CHUNK_TOKENS rows, each checkpointed."""
    rows, flat = hidden.reshape(-1, hidden.shape[-1]), targets.reshape(-1)

    def piece(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        with amp:
            logits = model.head_logits(model.norm(x))
        return F.cross_entropy(logits.float(), y, reduction="sum")

    total = sum(checkpoint(piece, rows[i:i + CHUNK_TOKENS], flat[i:i + CHUNK_TOKENS], use_reentrant=False)
                for i in range(0, rows.shape[0], CHUNK_TOKENS))
    return total / flat.numel()


def run_training(rec: Recorder, shape: DecoderShape, configs: list[tuple], plan: dict,
                 device: torch.device, gqa: bool) -> None:
    """configs: (micro-batch, full recompute) or (micro-batch, full recompute, "unfused" | "chunked")."""
    fresh_memory(device)
    seq = plan["seq"]
    model = Decoder(shape, seq, gqa_native=gqa, device=device)
    n_params = sum(p.numel() for p in model.parameters())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=device.type == "cuda")
    amp = torch.autocast(device.type, dtype=torch.bfloat16)

    saved = {}

    def step(tokens: torch.Tensor, recompute: bool, loss_kind: str) -> None:
        before = torch.cuda.memory_allocated(device) if device.type == "cuda" else 0
        with flash_only(device):
            if loss_kind == "chunked":
                with amp:
                    hidden = model.final_hidden(tokens[:, :-1], recompute=recompute)
                loss = chunked_loss(model, hidden, tokens[:, 1:], amp)
            else:
                with amp:
                    logits = model(tokens[:, :-1], recompute=recompute)
                loss = F.cross_entropy(logits.float().view(-1, shape.vocab), tokens[:, 1:].reshape(-1))
            if device.type == "cuda":  # tensors autograd keeps for backward, logits and loss included
                saved["forward_saved_bytes"] = torch.cuda.memory_allocated(device) - before
            loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    for mb, recompute, *rest in configs:
        loss_kind = rest[0] if rest else "unfused"
        row = {"model": shape.catalog_id, "micro_batch": mb, "seq_len": seq, "recompute": "full" if recompute
               else "none", "loss": loss_kind if loss_kind == "unfused" else f"chunked ({CHUNK_TOKENS} tokens, "
               "checkpointed)", "params": n_params, "dtype": "bf16 autocast, fp32 master weights and gradients",
               "optimizer": "torch.optim.AdamW" + (" fused" if device.type == "cuda" else ""),
               "warmup_steps": plan["warmup"], "timed_steps": plan["steps"]}
        if time.perf_counter() - rec.t0 > plan["budget_s"]:
            rec.add("training", {**row, "status": "skipped (time budget)"})
            continue
        fresh_memory(device)
        tokens = torch.randint(0, shape.vocab, (mb, seq + 1), device=device)
        try:
            times = timed(lambda: step(tokens, recompute, loss_kind), device, plan["warmup"], plan["steps"])
        except torch.OutOfMemoryError as exc:
            opt.zero_grad(set_to_none=True)
            row.update(status="OOM", error=str(exc).splitlines()[0][:300], **memory(device))
            rec.add("training", row)
            continue
        except RuntimeError as exc:
            opt.zero_grad(set_to_none=True)
            rec.add("training", {**row, "status": "error", "error": str(exc).splitlines()[0][:300]})
            continue
        mem = memory(device)
        states = sum(p.numel() * p.element_size() for p in model.parameters()) + sum(
            t.numel() * t.element_size() for s in opt.state.values() for t in s.values() if torch.is_tensor(t))
        med = statistics.median(times)
        model_flops = shape.model_flops_per_token(seq)
        hw_flops = model_flops + (shape.recompute_flops_per_token(seq) if recompute else 0.0)
        row.update(status="ok", step_times_s=[round(t, 5) for t in times], step_time_s=med,
                   tokens_per_s=mb * seq / med, model_tflops=mb * seq * model_flops / med / 1e12,
                   hardware_tflops=mb * seq * hw_flops / med / 1e12,
                   states_bytes_without_gradients=states, gradient_bytes=4 * n_params, **saved, **mem)
        rec.add("training", row)
    model = opt = None  # release before the next configuration (the step closure still names them)
    fresh_memory(device)


def summary(data: dict) -> str:
    lines = [f"{data['environment'].get('gpu', 'cpu')} torch {data['environment']['torch']} "
             f"cuda {data['environment']['cuda']} {data['ceilings']}"]
    for r in data["training"]:
        extra = (f"step {r['step_time_s'] * 1e3:8.1f} ms  {r['tokens_per_s']:9.0f} tok/s  "
                 f"{r['model_tflops']:6.1f}/{r['hardware_tflops']:6.1f} TF  "
                 f"peak alloc {r.get('peak_allocated_bytes', 0) / 2**30:6.1f} GiB"
                 if r["status"] == "ok" else r["status"])
        loss = r.get("loss", "unfused")[:7]
        lines.append(f"train {r['model']:13s} mb {r['micro_batch']:2d} {r['recompute']:4s} {loss:7s}  {extra}")
    for r in data["prefill"]:
        extra = f"ttft {r['ttft_s'] * 1e3:8.2f} ms" if r["status"] == "ok" else r["status"]
        lines.append(f"prefill {r['model']:13s} prompt {r['prompt']:5d}  {extra}")
    for r in data["decode"]:
        extra = (f"eager {r['eager_step_s'] * 1e3:7.2f} ms  graph {r.get('graph_step_s', float('nan')) * 1e3:7.2f}"
                 f" ms  {r.get('graph', '')[:40]}" if r.get("status") == "ok" else r.get("status"))
        lines.append(f"decode {r['model']:13s} batch {r['batch']:3d} context {r.get('context', 0):5d}  {extra}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--dry-run", action="store_true", help="tiny model on the CPU, to check the script")
    ap.add_argument("--suite", choices=("main", "heldout", "serving"), default="main",
                    help="main: the 2026-11-30 run; heldout: training only, shapes the memory model was not built "
                         "on; serving: prefill and decode only, shapes and sizes the first run did not measure")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    dry = args.dry_run or not torch.cuda.is_available()
    device = torch.device("cpu" if dry else "cuda")
    plans = {"main": (GPU_PLAN, DRY_PLAN), "heldout": (HELDOUT_PLAN, DRY_PLAN),
             "serving": (SERVING_PLAN, DRY_SERVING_PLAN)}
    plan = {**plans[args.suite][dry], "suite": args.suite}
    torch.manual_seed(0)
    rec = Recorder(args.out, environment(device))
    rec.data["plan"] = plan
    if device.type == "cuda":
        torch.zeros(1, device=device)
        rec.data["environment"]["context_and_driver_bytes"] = torch.cuda.mem_get_info(device)[1] - \
            torch.cuda.mem_get_info(device)[0] - torch.cuda.memory_reserved(device)
        rec.data["ceilings"] = ceilings(device)
        fresh_memory(device)
    gqa, how = probe_gqa(device)
    rec.data["environment"]["attention"] = how
    rec.save()
    main_points = [(b, plan.get("context", 0)) for b in plan.get("decode_batches", ())]
    if args.suite == "serving":
        shapes = [DRY_RUN_SHAPE, DRY_RUN_WINDOW_SHAPE] if dry else [SHAPES[m] for m in SERVING_PLAN["grid"]]
        run_serving_suite(rec, shapes, plan, device, gqa)
    elif dry and args.suite == "heldout":
        run_training(rec, DRY_RUN_SHAPE, [(1, False, "unfused"), (2, True, "chunked")], plan, device, gqa)
    elif dry:
        run_inference(rec, DRY_RUN_SHAPE, plan, device, gqa, plan["prompts"], main_points)
        run_training(rec, DRY_RUN_SHAPE, [(1, False), (2, True)], plan, device, gqa)
    elif args.suite == "heldout":
        for name in dict.fromkeys(m for m, *_ in HELDOUT_TRAINING):
            run_training(rec, SHAPES[name], [tuple(c) for m, *c in HELDOUT_TRAINING if m == name], plan, device,
                         gqa)
    else:
        for name in ("llama-3.2-1b", "llama-3.1-8b"):
            run_inference(rec, SHAPES[name], plan, device, gqa, plan["prompts"], main_points)
            run_training(rec, SHAPES[name], [(mb, rc) for m, mb, rc in GPU_TRAINING if m == name], plan, device,
                         gqa)
    rec.save()
    print(summary(rec.data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
