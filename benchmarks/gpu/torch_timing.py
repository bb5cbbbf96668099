"""Timing and memory helpers shared by the measurement suites (pure torch, no gpudesk)."""

from __future__ import annotations

import gc
import statistics
import time
from contextlib import nullcontext

import torch


def sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def fresh_memory(device: torch.device) -> None:
    gc.collect()
    if device.type == "cuda":
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats(device)


def memory(device: torch.device) -> dict:
    if device.type != "cuda":
        return {}
    free, total = torch.cuda.mem_get_info(device)
    return {"peak_allocated_bytes": torch.cuda.max_memory_allocated(device),
            "peak_reserved_bytes": torch.cuda.max_memory_reserved(device),
            "allocated_bytes": torch.cuda.memory_allocated(device),
            "reserved_bytes": torch.cuda.memory_reserved(device), "device_used_bytes": total - free}


def flash_only(device: torch.device):
    if device.type != "cuda":
        return nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel
    return sdpa_kernel(SDPBackend.FLASH_ATTENTION)


def timed(fn, device: torch.device, warmup: int, steps: int) -> list[float]:
    for _ in range(warmup):
        fn()
    sync(device)
    times = []
    for _ in range(steps):
        t = time.perf_counter()
        fn()
        sync(device)
        times.append(time.perf_counter() - t)
    return times


def per_call_time(calls: list, device: torch.device, replays: int) -> tuple[float, list[float]]:
    """Seconds per call of ``calls`` run back to back: on CUDA captured once into a graph (no launch gaps from the
    host) and replayed ``replays`` times after one warm replay, each replay timed with CUDA events; elsewhere the
    same list run eagerly under perf_counter. Returns (median replay / len(calls), every replay's seconds)."""
    if device.type != "cuda":
        for fn in calls:
            fn()
        times = []
        for _ in range(replays):
            t = time.perf_counter()
            for fn in calls:
                fn()
            times.append(time.perf_counter() - t)
    else:
        side = torch.cuda.Stream(device)
        side.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(side):
            for fn in calls:  # warm-up outside the capture: kernel selection, workspaces
                fn()
        torch.cuda.current_stream(device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for fn in calls:
                fn()
        graph.replay()
        times = []
        for _ in range(replays):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            graph.replay()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) / 1e3)
        del graph
    return statistics.median(times) / len(calls), times
