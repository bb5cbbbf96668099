"""The sweep fast path (limits=False) and the de-duplicated layout search give the reference answers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpudesk.catalog.records import ModelArch
from gpudesk.core.column_codes import distinct_rows
from gpudesk.core.memory import MemoryInputs, _settings, estimate_memory
from gpudesk.core.memory_budget import min_gpus, search_min_gpus
from gpudesk.core.memory_states import Layout

N = 4000
MIXTRAL = ModelArch("mixtral-8x7b", "Mixtral 8x7B", "decoder", 46.7e9, 12.9e9, n_layers=32, hidden=4096,
                    n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=32000, max_context=32768,
                    n_experts=8, experts_per_token=2, moe_ffn_hidden=14336)
LLAMA_70B = ModelArch("llama-3.1-70b", "Llama 3.1 70B", "decoder", 70.6e9, n_layers=80, hidden=8192, n_heads=64,
                      n_kv_heads=8, head_dim=128, ffn_hidden=28672, vocab=128256, max_context=131072)


def _candidates(seed: int, inference: bool = False) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    c = dict(gpu_memory_gb=rng.choice([0.001, 24.0, 48.0, 80.0, 94.5, 141.0, 192.0], N),
             seq_len=rng.choice([1024, 4096, 8192, 32768], N), micro_batch=rng.integers(1, 17, N),
             tp=rng.choice([1, 2, 4, 8], N), pp=rng.choice([1, 2, 4], N), dp=rng.choice([1, 4, 16], N),
             cp=rng.choice([1, 2], N), ep=rng.choice([1, 8], N), zero_stage=rng.integers(0, 4, N),
             gpus_per_node=rng.choice([4, 8], N), virtual_stages=rng.choice([1, 2], N))
    if inference:
        c.pop("dp")
        c.pop("zero_stage")
    return c


CASES = [
    (MIXTRAL, "train", {"recompute": "full"}),
    (LLAMA_70B, "train", {"optimizer": "adamw_8bit"}),
    (LLAMA_70B, "lora", {"cpu_offload": True}),
    (MIXTRAL, "qlora", {}),
    (MIXTRAL, "inference", {"weight_dtype": "fp8", "kv_dtype": "fp8"}),
    (LLAMA_70B, "inference", {}),
]


@pytest.mark.parametrize(("model", "mode", "extra"), CASES, ids=[f"{m.id}-{mode}" for m, mode, _ in CASES])
def test_deduplicated_layout_search_equals_the_search_on_every_candidate(model, mode, extra) -> None:
    c = _candidates(len(mode) + len(extra), inference=mode == "inference")
    inp = MemoryInputs(model, mode, **extra, **c)
    cfg = _settings(inp)
    lay = Layout(*(np.asarray(getattr(inp, k), dtype=float) if k in c else np.asarray(1.0 if k != "zero_stage" else 0.0)
                   for k in ("tp", "pp", "dp", "cp", "ep", "zero_stage")))
    args = (np.asarray(c["gpu_memory_gb"]) * 1e9, np.asarray(c["seq_len"], dtype=float),
            np.asarray(c["micro_batch"], dtype=float), np.asarray(c["virtual_stages"], dtype=float),
            np.asarray(c["gpus_per_node"], dtype=float))
    fast = min_gpus(cfg, lay, *args)
    reference = search_min_gpus(cfg, lay, *args)
    assert fast.shape == (N,)
    assert np.array_equal(fast, reference, equal_nan=True)
    assert 0 < np.isnan(fast).mean() < 1, "the sample should hold both fitting and impossible candidates"
    assert np.array_equal(estimate_memory(inp)["mem.min_gpus"], reference, equal_nan=True)


@pytest.mark.parametrize(("model", "mode", "extra"), CASES[:1] + CASES[4:5], ids=["train", "inference"])
def test_limits_false_keeps_every_other_figure(model, mode, extra) -> None:
    c = _candidates(3, inference=mode == "inference")
    full = estimate_memory(MemoryInputs(model, mode, **extra, **c))
    fast = estimate_memory(MemoryInputs(model, mode, **extra, **c, limits=False))
    skipped = {k for k in full.keys() if k.startswith(("mem.max_", "mem.min_gpus", "mem.kv_budget", "mem.per_sequence"))}
    assert "mem.min_gpus" in skipped and "mem.max_context" in skipped
    assert set(fast.keys()) == set(full.keys()) - skipped
    for key in fast.keys():
        if isinstance(full[key], str):
            assert fast[key] == full[key], key
        else:
            assert np.array_equal(np.asarray(fast[key]), np.asarray(full[key]), equal_nan=True), key
    assert fast.explain("mem.fits", 7).formula == full.explain("mem.fits", 7).formula


def test_small_and_scalar_inputs_take_the_direct_search() -> None:
    fs = estimate_memory(MemoryInputs(LLAMA_70B, "inference", 80.0, seq_len=8192, micro_batch=16))
    inp = MemoryInputs(LLAMA_70B, "inference", 80.0, seq_len=8192, micro_batch=16)
    lay = Layout(*(np.asarray(1.0),) * 5, np.asarray(0.0))
    ref = search_min_gpus(_settings(inp), lay, np.asarray(80e9), np.asarray(8192.0), np.asarray(16.0),
                          np.asarray(1.0), np.asarray(8.0))
    assert float(fs["mem.min_gpus"]) == float(ref) >= 2


columns = st.lists(st.sampled_from([0.0, 1.0, 2.5, -3.0, 1e12, 8e10, float("nan"), float("inf"), 65536.0, 7.0]),
                   min_size=1, max_size=300)


@settings(max_examples=60, deadline=None)
@given(st.lists(columns, min_size=1, max_size=4), st.integers(0, 2))
def test_distinct_rows_reproduces_every_row(raw: list[list[float]], repeat: int) -> None:
    n = min(len(col) for col in raw)
    cols = [np.tile(np.asarray(col[:n]), 3 ** repeat) for col in raw]
    representative, inverse = distinct_rows(cols)
    for col in cols:
        assert np.array_equal(col[representative][inverse], col, equal_nan=True)
    stacked = np.stack(cols, axis=1)
    distinct = {tuple(np.where(np.isnan(r), -0.123456, r)) for r in stacked}
    assert representative.size == len(distinct)


def test_distinct_rows_wide_ranges_and_many_values() -> None:
    rng = np.random.default_rng(5)
    a = rng.normal(size=50_000)  # all distinct: the sampled guess fails, np.unique decides
    b = rng.integers(0, 1 << 20, 50_000).astype(float)  # integral but wider than the counting range
    c = np.repeat([3.0, 1e-9], 25_000)
    representative, inverse = distinct_rows([c, b, a])
    assert representative.size == 50_000
    for col in (a, b, c):
        assert np.array_equal(col[representative][inverse], col)
    rep2, inv2 = distinct_rows([c, np.floor(b / 4096)])
    assert rep2.size == len({(x, y) for x, y in zip(c, np.floor(b / 4096))})
    assert np.array_equal(c[rep2][inv2], c)
