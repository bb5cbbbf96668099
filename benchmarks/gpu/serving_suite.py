"""Prefill and decode timing (bf16, static KV cache), and the grid of suite "serving" (pure torch, no gpudesk).

Prefill: one prompt at batch 1, eager (time to first token). Decode: one step
of ``batch`` sequences at ``context`` tokens, eager and replayed from a CUDA
graph captured on a side stream. Rows go to the recorder one by one (section
"prefill" or "decode"); an out-of-memory configuration is recorded with its
error, never fatal.

Suite "serving" (2026-12-04) measures shapes and sizes the first run
(2026-11-30: llama-3.2-1b / llama-3.1-8b, context 2,048, batch <= 64) did not:
llama-3.1-8b at longer contexts and larger batches, llama-3.2-3b, phi-3-mini
(MHA, sliding window 2,047) and yi-34b, the largest catalog decoder that fits
one H200 in bf16 with room for a KV cache and that DecoderShape expresses
exactly (plain Llama layers). Contexts and prompts stay within each model's
catalog max_context.
"""

from __future__ import annotations

import statistics
import time

import torch
from decoder_model import Decoder, DecoderShape, KVCache
from torch_timing import flash_only, fresh_memory, memory, timed

SERVING_BATCHES = (1, 16, 64, 128, 256)
# model: (prompts, decode contexts); every context runs every batch of SERVING_BATCHES, OOM recorded; the order
# run (the largest model second, so that a run cut short by the budget still has it)
SERVING_GRID = {"llama-3.1-8b": ((4096, 8192), (1024, 4096, 8192)),
                "yi-34b": ((2048, 4096), (1024, 4096)),
                "llama-3.2-3b": ((4096, 8192), (1024, 4096, 8192)),
                "phi-3-mini": ((2048, 4096), (1024, 4096))}
SERVING_PLAN = {"warmup": 2, "steps": 5, "decode_steps": 20, "batches": list(SERVING_BATCHES),
                "grid": {m: {"prompts": list(p), "contexts": list(c)} for m, (p, c) in SERVING_GRID.items()},
                "budget_s": 300.0}
DRY_SERVING_PLAN = {"warmup": 1, "steps": 2, "decode_steps": 3, "batches": [1, 2], "prompts": [16, 32],
                    "contexts": [16, 32], "budget_s": 120.0}


def over_budget(rec, plan: dict) -> bool:
    return time.perf_counter() - rec.t0 > plan["budget_s"]


def attention_note(shape: DecoderShape) -> str:
    if shape.window:
        return (f"sliding window {shape.window:,} in every layer: a decode step attends over the cache's last "
                f"{shape.window:,} positions; the prefill runs full causal attention")
    return "full causal attention"


def run_inference(rec, shape: DecoderShape, plan: dict, device: torch.device, gqa: bool, prompts: list[int],
                  points: list[tuple[int, int]]) -> None:
    """Prefill at each prompt (batch 1), then decode at each (batch, context) point."""
    fresh_memory(device)
    longest = max(*prompts, *(c for _, c in points))
    try:
        model = Decoder(shape, longest, gqa_native=gqa, device=device, dtype=torch.bfloat16).eval()
    except RuntimeError as exc:  # torch.OutOfMemoryError included
        rec.add("prefill", {"model": shape.catalog_id, "batch": 1, "prompt": prompts[0], "status": "error",
                            "error": f"model not built: {str(exc).splitlines()[0][:280]}"})
        return
    weights = sum(p.numel() * p.element_size() for p in model.parameters())
    with torch.no_grad(), flash_only(device):
        for prompt in prompts:
            row = {"model": shape.catalog_id, "batch": 1, "prompt": prompt, "weight_bytes": weights}
            if over_budget(rec, plan):
                rec.add("prefill", {**row, "status": "skipped (time budget)"})
                continue
            fresh_memory(device)
            try:
                cache = KVCache(shape, 1, prompt, device)
                tokens = torch.randint(0, shape.vocab, (1, prompt), device=device)
                times = timed(lambda: model.prefill(tokens, cache), device, plan["warmup"], plan["steps"])
                row.update(status="ok", ttft_s=statistics.median(times), times_s=[round(t, 5) for t in times],
                           kv_cache_bytes=cache.bytes(), **memory(device))
                cache = None
            except RuntimeError as exc:  # torch.OutOfMemoryError included
                row.update(status="error", error=str(exc).splitlines()[0][:300])
            rec.add("prefill", row)
        for batch, ctx in points:
            row = {"model": shape.catalog_id, "batch": batch, "context": ctx, "weight_bytes": weights}
            if over_budget(rec, plan):
                rec.add("decode", {**row, "status": "skipped (time budget)"})
                continue
            fresh_memory(device)
            try:
                row.update(decode_times(model, shape, batch, ctx, plan, device))
                row["status"] = "ok"
            except torch.OutOfMemoryError as exc:
                row.update(status="OOM", error=str(exc).splitlines()[0][:300])
            except RuntimeError as exc:
                row.update(status="error", error=str(exc).splitlines()[0][:300])
            row.update(memory(device))
            rec.add("decode", row)
    model = None
    fresh_memory(device)


def decode_times(model: Decoder, shape: DecoderShape, batch: int, ctx: int, plan: dict,
                 device: torch.device) -> dict:
    cache = KVCache(shape, batch, ctx, device)
    tokens = torch.randint(0, shape.vocab, (batch, 1), device=device)
    pos = torch.tensor([ctx - 1], device=device)
    n = plan["decode_steps"]
    eager = timed(lambda: model.decode(tokens, pos, cache), device, plan["warmup"], n)
    out = {"kv_cache_bytes": cache.bytes(), "eager_step_s": statistics.median(eager),
           "eager_tokens_per_s": batch / statistics.median(eager)}
    if device.type != "cuda":
        out["graph"] = "not on CUDA"
        return out
    try:
        side = torch.cuda.Stream(device)
        side.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(side):
            for _ in range(3):
                model.decode(tokens, pos, cache)
        torch.cuda.current_stream(device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            model.decode(tokens, pos, cache)
        replay = timed(graph.replay, device, plan["warmup"], n)
        out.update(graph="captured", graph_step_s=statistics.median(replay),
                   graph_tokens_per_s=batch / statistics.median(replay))
        del graph
    except RuntimeError as exc:
        out["graph"] = f"failed: {str(exc).splitlines()[0][:200]}"
    return out


def run_serving_suite(rec, shapes: list[DecoderShape], plan: dict, device: torch.device, gqa: bool) -> None:
    """Each shape's prompts and (batch, context) grid from the plan ("grid" per model, or one for all)."""
    rec.data["attention_by_model"] = {s.catalog_id: attention_note(s) for s in shapes}
    for shape in shapes:
        grid = plan["grid"][shape.catalog_id] if "grid" in plan else plan
        points = [(b, c) for c in grid["contexts"] for b in plan["batches"]]
        run_inference(rec, shape, plan, device, gqa, grid["prompts"], points)
