"""100,000 random candidates at once: shapes, finiteness and monotonicity."""

from __future__ import annotations

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.memory import MemoryInputs, estimate_memory

N = 100_000
MIXTRAL = ModelArch("mixtral-8x7b", "Mixtral 8x7B", "decoder", 46.7e9, 12.9e9, n_layers=32, hidden=4096,
                    n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=32000, max_context=32768,
                    n_experts=8, experts_per_token=2, moe_ffn_hidden=14336)
KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.activations", "mem.kv_cache", "mem.runtime",
        "mem.fragmentation", "mem.total", "mem.usable", "mem.headroom", "mem.fits", "mem.min_gpus", "mem.max_context")


def _candidates(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return dict(
        gpu_memory_gb=rng.choice([24.0, 48.0, 80.0, 96.0, 141.0, 192.0], N),
        seq_len=rng.choice([1024, 2048, 4096, 8192, 32768], N),
        micro_batch=rng.integers(1, 9, N),
        tp=rng.choice([1, 2, 4, 8], N),
        pp=rng.choice([1, 2, 4], N),
        dp=rng.choice([1, 4, 16], N),
        ep=rng.choice([1, 8], N),
        zero_stage=rng.integers(0, 4, N),
    )


def test_training_over_100k_candidates() -> None:
    c = _candidates(1)
    fs = estimate_memory(MemoryInputs(MIXTRAL, "train", recompute="full", **c))
    for key in KEYS + ("mem.max_micro_batch",):
        assert np.shape(fs[key]) == (N,), key
    assert np.all(np.isfinite(fs["mem.total"])) and np.all(fs["mem.total"] > 0)
    fits = fs["mem.fits"].astype(bool)
    assert np.array_equal(fits, fs["mem.headroom"] >= 0)
    assert np.all(fs["mem.max_micro_batch"][fits] >= c["micro_batch"][fits])
    # doubling t never increases per-GPU weights, states or activations
    doubled = estimate_memory(MemoryInputs(MIXTRAL, "train", recompute="full", **{**c, "tp": c["tp"] * 2}))
    for key in ("mem.weights", "mem.gradients", "mem.optimizer", "mem.activations"):
        assert np.all(doubled[key] <= fs[key] * (1 + 1e-12)), key
    # a larger micro-batch or longer sequence never needs less memory
    bigger = estimate_memory(MemoryInputs(MIXTRAL, "train", recompute="full",
                                          **{**c, "micro_batch": c["micro_batch"] + 1, "seq_len": c["seq_len"] * 2}))
    assert np.all(bigger["mem.total"] >= fs["mem.total"])


def test_inference_over_100k_candidates() -> None:
    c = _candidates(2)
    for key in ("dp", "zero_stage"):
        c.pop(key)
    fs = estimate_memory(MemoryInputs(MIXTRAL, "inference", weight_dtype="fp8", kv_dtype="fp8", **c))
    for key in KEYS + ("mem.max_concurrency",):
        assert np.shape(fs[key]) == (N,), key
    fits = fs["mem.fits"].astype(bool)
    assert np.all(fs["mem.max_concurrency"][fits] >= c["micro_batch"][fits])
    assert np.all(fs["mem.max_concurrency"][~fits] < c["micro_batch"][~fits])
    more_memory = estimate_memory(MemoryInputs(MIXTRAL, "inference", weight_dtype="fp8", kv_dtype="fp8",
                                               **{**c, "gpu_memory_gb": c["gpu_memory_gb"] * 1.5}))
    assert np.all(more_memory["mem.fits"] >= fs["mem.fits"])
    gpus = fs["mem.min_gpus"]
    assert np.all(np.isnan(gpus) | (gpus >= 1))
    # candidates with the same capacity and request share one answer (independent of their own tp)
    same = (c["gpu_memory_gb"] == 80.0) & (c["seq_len"] == 4096) & (c["micro_batch"] == 4) & (c["ep"] == 1)
    assert np.unique(gpus[same]).size == 1
