"""HardwareArrays.take: a re-indexed set keeps its source's arrays and each candidate's row, and gathers a field only
when it is read (core/hardware.py). Every field must read as ``np.take`` of the source's at the index (1-D and 2-D
indices, negative rows, a re-indexed set re-indexed again, pickled); an index out of range raises as ``np.take``
does; and the step model of a flat sweep reads the hardware at its distinct rows, never a whole field."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from benchmarks import bench_core
from gpudesk.core.arrays import Gathered
from gpudesk.core.hardware import LAZY_TAKE_MIN_ROWS, PER_CANDIDATE, HardwareArrays
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from tests.core.test_chain_batch import ACCELERATORS


def _eager(hw: HardwareArrays, index: np.ndarray) -> dict[str, np.ndarray]:
    return {name: np.take(getattr(hw, name), index) for name in PER_CANDIDATE}


@pytest.mark.parametrize("index", [np.resize([2, 0, 0, 1, -1], LAZY_TAKE_MIN_ROWS), np.array([2, 0, 0, 1, -1]),
                                   np.array([[1, 2], [0, 0]])], ids=["flat-deferred", "flat", "grid"])
def test_a_taken_field_is_its_sources_at_the_index(index: np.ndarray) -> None:
    hw = HardwareArrays.from_accelerators(ACCELERATORS)
    taken = hw.take(index)
    assert (taken.source_rows() is not None) == (index.size >= LAZY_TAKE_MIN_ROWS)  # gathers deferred
    again = taken.take(np.array([1, 1, 0]) if index.ndim == 1 else np.array([[1, 0]]))
    restored = pickle.loads(pickle.dumps(taken))
    for name, expected in _eager(hw, index).items():
        for got in (getattr(taken, name), getattr(restored, name), taken.held(name)):
            got = got.whole() if isinstance(got, Gathered) else got
            assert got.dtype == expected.dtype and got.shape == expected.shape, name
            assert np.array_equal(got, expected), name
        assert np.array_equal(getattr(again, name), np.take(expected, [1, 1, 0] if index.ndim == 1 else [[1, 0]]))
    for precision in ("bf16", "fp8"):
        assert np.array_equal(taken.peak(precision), np.take(hw.peak(precision), index), equal_nan=True)
        held = taken.held_peak(precision, attention=True)
        held = held.whole() if isinstance(held, Gathered) else held
        assert np.array_equal(held, np.take(hw.attention_peak(precision), index), equal_nan=True)
    assert taken.shape == index.shape and taken.sources is hw.sources
    with pytest.raises(IndexError):
        hw.take(np.array([0, len(ACCELERATORS)]))


def test_the_step_model_of_a_flat_sweep_gathers_no_hardware_field() -> None:
    s = bench_core.build_sweep()
    hw = HardwareArrays.from_accelerators(bench_core.ACCELERATORS).take(s["hw"])
    fs = estimate_training(TrainingInputs(
        model=bench_core.LLAMA2_7B, hardware=hw, n_gpus=s["n"], tp=s["tp"], pp=s["pp"], micro_batch=s["mb"],
        global_batch=s["gb"], seq_len=s["seq"], zero_stage=s["zero"], recompute="selective", train_tokens=1e11))
    assert not set(PER_CANDIDATE) & set(vars(hw))  # each read at the step model's rows, none gathered whole
    assert isinstance(fs.held("hw.hbm_bw"), Gathered) and isinstance(fs.held("eff.matmul"), Gathered)
    assert np.array_equal(fs["hw.hbm_bw"], np.take(hw.held("hbm_bw").values, s["hw"]))
