"""A flat batch computed once per distinct input combination (core/flat_keys.py) gives every configuration the
answer it gets alone.

Generated configurations vary every per-candidate input the chain reads (accelerator, GPU count, t, p, c, e,
micro-batch, global batch, sequence, ZeRO stage, interleaved chunks, recompute per candidate), each random layout
also with one input changed at a time, and repeat each layout over several global batches, GPU counts and ZeRO
stages, so the memory estimate, the collectives, the GEMM shape factor and the step's rows per global batch and per
ZeRO case (core/training_levels.py) run on de-duplicated rows, and a part keyed on too few inputs would give some
row its neighbour's answer. The batch runs through the complete memory estimate and the
step-time model, once de-duplicated and once without (every row compared), and sampled configurations run alone
(arrays of length 1: the scalar path, never de-duplicated). Stated tolerance:
relative 1e-9 (``RTOL``); the de-duplicated parts do the same operations on the same values, so in fact every
figure is equal bit for bit, which the test also counts.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core import column_codes, flat_keys
from gpudesk.core.column_codes import distinct_rows
from gpudesk.core.flat_keys import FLAT_DISTINCT_MIN_ROWS, FlatKeys
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from tests.core.test_chain_batch import ACCELERATORS
from tests.core.test_memory_fastpath import LLAMA_70B, MIXTRAL

RTOL = 1e-9
BASES = 12  # random layouts; each also appears with one input changed at a time (rows that differ in one column)
GLOBAL_BATCHES = (256.0, 512.0, 1536.0)
GPU_FACTORS = (1.0, 2.0)  # data parallel d and the GPU count doubled
SAMPLED = 12  # configurations also run alone (the scalar path)
CHOICES = dict(hw=[0.0, 1.0, 2.0], tp=[1.0, 2.0, 8.0], pp=[1.0, 2.0, 4.0], cp=[1.0, 2.0], ep=[1.0, 2.0, 4.0],
               dp=[1.0, 2.0, 8.0, 32.0], mb=[1.0, 2.0, 4.0], seq=[2048.0, 4096.0, 16384.0], zero=[0.0, 1.0, 2.0, 3.0],
               v=[1.0, 2.0], rec=[0.0, 1.0, 2.0])


def _configurations(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    layouts = []
    for _ in range(BASES):
        base = {k: float(rng.choice(v)) for k, v in CHOICES.items()}
        layouts.append(base)
        for key, values in CHOICES.items():
            layouts.append({**base, key: float(rng.choice([v for v in values if v != base[key]]))})
    c = {k: np.array([layout[k] for layout in layouts]) for k in CHOICES}
    out: dict[str, list[np.ndarray]] = {k: [] for k in [*c, "n", "gb"]}
    for gb in GLOBAL_BATCHES:
        for factor in GPU_FACTORS:
            for key, values in c.items():
                out[key].append(values if key != "dp" else values * factor)
            out["n"].append(c["tp"] * c["pp"] * c["cp"] * c["dp"] * factor)
            out["gb"].append(np.full(len(layouts), gb))
    return {k: np.concatenate(v) for k, v in out.items()}


def _over_zero_stages(c: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The batch again with ZeRO 0↔2 and 1↔3 swapped and again with 1↔2 swapped: each layout and global batch
    repeated over stages (the step's rows per global batch and per stage case: core/training_levels.py)."""
    swaps = (np.array([2.0, 3.0, 0.0, 1.0]), np.array([0.0, 2.0, 1.0, 3.0]))
    out = {k: [v] for k, v in c.items()}
    for swap in swaps:
        for k, v in c.items():
            out[k].append(swap[v.astype(int)] if k == "zero" else v)
    return {k: np.concatenate(v) for k, v in out.items()}


def _chain(model, c: dict[str, np.ndarray]) -> dict[str, np.ndarray]:  # type: ignore[no-untyped-def]
    hw = HardwareArrays.from_accelerators(ACCELERATORS).take(c["hw"].astype(int))
    mem = estimate_memory(MemoryInputs(
        model=model, mode="train", gpu_memory_gb=hw.memory_gb, seq_len=c["seq"], micro_batch=c["mb"], tp=c["tp"],
        pp=c["pp"], dp=c["dp"], cp=c["cp"], ep=c["ep"], zero_stage=c["zero"], virtual_stages=c["v"],
        recompute="selective", gpus_per_node=8, limits=True))
    train = estimate_training(TrainingInputs(
        model=model, hardware=hw, n_gpus=c["n"], tp=c["tp"], pp=c["pp"], cp=c["cp"], ep=c["ep"], micro_batch=c["mb"],
        global_batch=c["gb"], seq_len=c["seq"], zero_stage=c["zero"], virtual_stages=c["v"], recompute=c["rec"],
        pipeline_schedule="interleaved", train_tokens=1e11))
    out = {}
    for figures in (mem, train):
        for key in figures.keys():
            value = np.asarray(figures[key])
            if value.dtype.kind in "fbiU":
                out[key] = np.broadcast_to(value, c["n"].shape)
    return out


@pytest.mark.parametrize(("model", "seed"), [(LLAMA_70B, 1), (MIXTRAL, 2)])
def test_a_deduplicated_batch_equals_each_configuration_alone(model, seed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    configurations = _over_zero_stages(_configurations(seed))
    size = configurations["n"].size
    assert size >= FLAT_DISTINCT_MIN_ROWS  # the batch takes the de-duplicated path
    batch = _chain(model, configurations)
    with monkeypatch.context() as patch:  # the same batch without de-duplication: the vectorised path
        patch.setattr(flat_keys, "FLAT_DISTINCT_MIN_ROWS", 10**9)
        whole = _chain(model, configurations)
    for key, values in whole.items():  # every row: a part keyed on too few columns would differ somewhere
        assert np.array_equal(values, batch[key], equal_nan=values.dtype.kind != "U"), key
    assert {"mem.total", "mem.min_gpus", "train.comm_tp_s", "train.gemm_shape_factor", "train.step_time_s"} <= set(batch)
    assert np.isfinite(batch["train.step_time_s"]).sum() > size // 10  # enough valid layouts to mean something
    exact = compared = 0
    for i in np.random.default_rng(seed).choice(size, SAMPLED, replace=False):
        alone = _chain(model, {k: v[i:i + 1] for k, v in configurations.items()})
        assert alone.keys() == batch.keys()
        for key, values in alone.items():
            one, many = values[0], batch[key][i]
            if values.dtype.kind == "U":
                assert one == many, (key, i)
                continue
            np.testing.assert_allclose(many, one, rtol=RTOL, atol=0.0, equal_nan=True, err_msg=f"{key} row {i}")
            compared += 1
            exact += bool(np.array_equal(one, many, equal_nan=True))
    assert exact == compared  # the same operations on the same values: bit for bit


def test_distinct_combinations_are_per_named_column() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.choice([1.0, 2.0, 4.0], 600), rng.choice([2048.0, 8192.0, 1e9, np.nan], 600)
    keys = FlatKeys.of({"a": a, "b": b, "one": np.float64(3.0), "c": np.arange(600.0)})
    assert keys is not None
    representative, inverse = keys.distinct(["a", "b", "one"])  # a column of one value does not count
    assert np.array_equal(a[representative][inverse], a)
    assert np.array_equal(b[representative][inverse], b, equal_nan=True)
    assert representative.size == len({(x, str(y)) for x, y in zip(a, b)})
    assert np.array_equal(keys.distinct(["b", "a"])[1], distinct_rows([a, b])[1])
    # a part run on the representatives is what it is on every row; one with most rows distinct runs as is
    assert np.array_equal(keys.evaluate(["a", "b"], lambda x, y: x * y + 1.0, a, b), a * b + 1.0, equal_nan=True)
    assert np.array_equal(keys.evaluate(["c"], lambda x: x / 3.0, np.arange(600.0)), np.arange(600.0) / 3.0)
    assert FlatKeys.of({"a": a[:10]}) is None and FlatKeys.of({"a": a.reshape(2, 300)}) is None
    signed = np.where(np.arange(600) % 3 == 0, -0.0, 0.0)  # a part may tell −0.0 from 0.0 (1 / x): not one value
    keys = FlatKeys.of({"s": signed, "a": a})
    assert keys is not None
    with np.errstate(divide="ignore"):
        assert np.array_equal(keys.evaluate(["s"], lambda x: 1.0 / x, signed), 1.0 / signed)



def test_a_wide_integral_column_with_a_value_its_sample_missed() -> None:
    # offsets coded through the sample's table (column_codes._offsets_coded), and a value no sampled row holds: the
    # table misses it, so every offset is marked instead; either way each value's code is its rank
    n = 100_000
    column = np.where(np.arange(n) % 2 == 0, 2048.0, 4096.0)
    for rare in ([], [50_001], [50_001, 60_002]):
        with_rare = column.copy()
        with_rare[rare] = 8192.0 + np.arange(len(rare))
        codes, count = column_codes._dense_codes(with_rare)
        uniq, rank = np.unique(with_rare, return_inverse=True)
        assert count == uniq.size and np.array_equal(codes, rank)
        representative, inverse = distinct_rows([with_rare, column])
        assert np.array_equal(with_rare[representative][inverse], with_rare)
