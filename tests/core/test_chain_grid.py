"""A sweep given as a grid (each input on its own axis) gives every configuration the flat batch's answer.

The full chain (complete memory estimate with ``mem.min_gpus``, step time) accepts inputs of different
broadcast shapes and computes each part on the axes it reads (issue 24: the chain's speed on a sweep); every
figure, broadcast to the whole grid, must equal the flat batch's bit for bit. Also: the running argmax that
names a step's largest part answers as ``np.argmax`` over the stacked parts (ties, NaNs, broadcast shapes),
and the layout searches evaluated in blocks (the ZeRO-3 family's data-parallel degrees, the tp×pp family's GPU counts)
find what one degree or count at a time finds.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core import training_rows
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs
from gpudesk.core.memory import _settings as memory_settings
from gpudesk.core.memory_budget import (
    MAX_DP_DOUBLINGS,
    ZERO3_FIRST_BLOCK,
    _fewest_tp_pp,
    _fewest_zero3,
    evaluate_layout,
)
from gpudesk.core.memory_states import Layout
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.training_parts import largest_parts
from tests.core.test_chain_batch import ACCELERATORS, chain
from tests.core.test_memory_fastpath import LLAMA_70B, MIXTRAL

AXES = {"hw": np.arange(len(ACCELERATORS)), "n": np.array([8.0, 64.0, 256.0]), "tp": np.array([1.0, 2.0, 4.0, 8.0]),
        "pp": np.array([1.0, 2.0, 4.0]), "mb": np.array([1.0, 2.0]), "zero": np.array([0.0, 1.0, 2.0, 3.0]),
        "seq": np.array([2048.0, 8192.0]), "gb": np.array([256.0, 1024.0])}
SHAPE = tuple(len(v) for v in AXES.values())


def _chain(model, c: dict[str, np.ndarray], recompute: str, dtype: str) -> dict[str, np.ndarray]:  # type: ignore[no-untyped-def]
    out = {}
    for figures in chain(model, c, recompute, dtype):
        for key in figures.keys():
            value = figures[key]
            if not isinstance(value, str):
                out[key] = np.asarray(value)
    return out


@pytest.mark.parametrize(("model", "recompute", "dtype"), [(LLAMA_70B, "selective", "bf16"), (MIXTRAL, "full", "fp8"),
                                                           (LLAMA_70B, "none", "fp8")])
def test_a_grid_gives_the_flat_batch_figures(model, recompute, dtype, monkeypatch):
    # the flat batch computes its efficiencies and links per accelerator row (at any size here), the grid per candidate
    monkeypatch.setattr(training_rows, "PER_ACCELERATOR_MIN_ROWS", 0)
    flat = dict(zip(AXES, (g.ravel() for g in np.meshgrid(*AXES.values(), indexing="ij"))))
    grid = dict(zip(AXES, np.ix_(*AXES.values())))
    on_flat = _chain(model, flat, recompute, dtype)
    on_grid = _chain(model, grid, recompute, dtype)
    assert on_flat.keys() == on_grid.keys() and len(on_flat) > 60
    smaller = 0
    for key, values in on_flat.items():
        gridded = on_grid[key]
        smaller += gridded.size < values.size
        expanded = np.broadcast_to(gridded, SHAPE).ravel() if gridded.ndim else gridded
        values = np.broadcast_to(values, (int(np.prod(SHAPE)),)) if values.ndim else values
        assert expanded.dtype == values.dtype, key
        assert np.array_equal(expanded, values, equal_nan=values.dtype.kind == "f"), key
    assert smaller > 10  # the grid computed parts on fewer axes: otherwise the test shows nothing
    assert np.isfinite(on_flat["mem.min_gpus"]).any() and (on_flat["mem.fits"] == 0).any()


def test_the_running_argmax_answers_as_numpy_argmax():
    rng = np.random.default_rng(5)
    for trial in range(40):
        shapes = [(50,), (1,), (50,), ()]
        parts = [rng.choice([0.0, 1.0, 2.0, np.nan], size=shapes[k % 4]) if trial % 2
                 else rng.random(shapes[k % 4]) for k in range(9)]
        stacked = np.stack(np.broadcast_arrays(*parts))
        first, beside = largest_parts(parts)
        assert np.array_equal(first, np.argmax(stacked, axis=0))
        assert np.array_equal(beside, np.argmax(stacked[1:], axis=0) + 1)


def test_the_zero3_search_in_blocks_finds_what_one_degree_at_a_time_finds():
    hw = HardwareArrays.from_accelerators(ACCELERATORS)
    cap, seq, mb = (np.repeat(hw.memory_gb, 12) * 1e9, np.tile([2048.0, 8192.0, 32768.0], 12),
                    np.tile([1.0, 4.0], 18))
    tp, pp = np.tile([1.0, 8.0, 2.0], 12), np.tile([1.0, 1.0, 4.0, 2.0], 9)
    ones = np.ones(cap.shape)
    for model in (LLAMA_70B, MIXTRAL):
        cfg = memory_settings(MemoryInputs(model=model, mode="train", gpu_memory_gb=80.0, zero_stage=3.0))
        found = _fewest_zero3(cfg, cap, seq, mb, tp, pp, ones, ones, 3.0 * ones, ones)
        expected = np.full(cap.shape, np.nan)
        for k in range(MAX_DP_DOUBLINGS + 1):  # one degree at a time, the first that fits
            lay = Layout(tp, pp, 2.0**k * ones, ones, ones, 3.0 * ones)
            b = evaluate_layout(cfg, lay, cap, seq, mb, ones)
            expected = np.where(np.isnan(expected) & (b.total <= b.usable), lay.gpus, expected)
        assert np.array_equal(found, expected, equal_nan=True)
        assert np.isfinite(found).any() and np.isnan(found).any()  # both outcomes are exercised
        # and answers of the second block (d ≥ 16), which searches only the rows the first left without one
        assert (found / (tp * pp) >= 2.0**ZERO3_FIRST_BLOCK).any()


def test_the_tp_pp_search_in_one_block_finds_what_one_count_at_a_time_finds():
    hw = HardwareArrays.from_accelerators(ACCELERATORS)
    cap, seq, mb = (np.repeat(hw.memory_gb, 12) * 1e9, np.tile([2048.0, 8192.0, 131072.0], 12),
                    np.tile([1.0, 4.0], 18))
    cp, zero, gpn = np.tile([1.0, 2.0, 1.0], 12), np.tile([0.0, 1.0, 2.0, 1.0], 9), np.tile([8.0, 4.0], 18)
    cap[::5] = 2e9  # 2 GB: no count of the family fits
    ones = np.ones(cap.shape)
    for model in (LLAMA_70B, MIXTRAL):
        for mode in ("train", "inference"):
            cfg = memory_settings(MemoryInputs(model=model, mode=mode, gpu_memory_gb=80.0))
            found = _fewest_tp_pp(cfg, cap, seq, mb, cp, zero, gpn, ones)
            expected, n = np.full(cap.shape, np.nan), 1.0
            t_max = 2.0 ** np.floor(np.log2(np.minimum(8.0, gpn)))
            while n <= 8.0 * max(model.n_layers, 1):  # one count at a time, the first that fits
                t = np.minimum(n, t_max)
                b = evaluate_layout(cfg, Layout(t, n / t, ones, cp, ones, zero), cap, seq, mb, ones)
                fits = (b.total <= b.usable) & (n / t <= max(model.n_layers, 1))
                expected = np.where(np.isnan(expected) & fits, n * cp, expected)
                n *= 2.0
            assert np.array_equal(found, expected, equal_nan=True), (model.id, mode)
            assert np.isfinite(found).any() and np.isnan(found).any()  # both outcomes are exercised


@pytest.mark.parametrize("model", [LLAMA_70B, MIXTRAL])
def test_a_row_of_a_sweep_is_the_one_candidate_estimate(model):
    """Sizing reads the sized count's figures from its sweep (``FigureSet.row``): each must be what a call for
    that count alone gives (value, formula and inputs)."""
    hw = HardwareArrays.from_accelerators(ACCELERATORS[:1])
    counts = 8.0 * 2.0 ** np.arange(6)
    sweep = estimate_training(TrainingInputs(model=model, hardware=hw.take(np.zeros(counts.size, dtype=int)),
                                             n_gpus=counts, tp=2, pp=2, zero_stage=1, global_batch=512))
    for k in (0, 3, 5):
        alone = estimate_training(TrainingInputs(model=model, hardware=hw, n_gpus=float(counts[k]), tp=2, pp=2,
                                                 zero_stage=1, global_batch=512))
        row = sweep.row(k, counts.size)
        assert row.keys() == alone.keys()
        for key in alone.keys():
            assert repr(row.value_at(key)) == repr(alone.value_at(key)), key
            assert row.explain(key) == alone.explain(key), key
        assert row.value_at("train.in.n_gpus") == counts[k] == sweep.value_at("train.in.n_gpus", k)
