"""How a flat batch's input columns are coded (core/flat_keys.py, core/column_codes.py): an integer column coded without floats gets the
codes its float copy gets; a least value of 0 still tells −0.0 from 0.0; and in a ``codes_shared()`` block a column
the memory estimate and the step model both read is coded once, every figure the same as without the block; the
memory estimate's layout search on the batch's distinct rows reads the batch's codes at its rows, coding nothing
again (its answers equal to the search on every row: test_flat_distinct, test_memory_fastpath); the model
states and activations run once per distinct combination of the columns they read, every figure as on every row;
and what reads no GPU capacity runs once per distinct combination of the other inputs, the fit, limits and layout
search on the rows with the capacity, every figure as on every row."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core import column_codes, flat_estimates, flat_keys, memory, memory_budget
from gpudesk.core.flat_keys import FlatKeys, codes_shared
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from tests.core.test_chain_batch import ACCELERATORS
from tests.core.test_flat_distinct import _chain, _configurations
from tests.core.test_memory_fastpath import LLAMA_70B


def test_an_integer_column_gets_the_codes_of_its_float_copy() -> None:
    rng = np.random.default_rng(3)
    for values in ([0, 1, 2, 4], [7], [-3, 0, 5], [8, 64, 1024, 4096], [-40_000, 5, 20_000], [3, 70_000]):
        column = rng.choice(np.asarray(values, dtype=np.int64), 5000)
        codes, count = column_codes._dense_codes(column)
        float_codes, float_count = column_codes._dense_codes(column.astype(np.float64))
        assert count == float_count and codes.dtype == float_codes.dtype, values
        assert np.array_equal(codes, float_codes), values
        assert len(set(zip(codes.tolist(), column.tolist()))) == len(set(column.tolist())) == len(set(codes.tolist()))
        assert 0 <= codes.min() and codes.max() < count, values


def test_negative_zero_is_its_own_value_where_the_least_value_is_zero() -> None:
    column = np.tile([0.0, -0.0, 1.0, 3.0], 300)  # min() is ±0: the sign bit alone marks −0.0
    codes, count = column_codes._dense_codes(column)
    assert len(set(codes.tolist())) == len({(c, float(v).hex()) for c, v in zip(codes.tolist(), column)}) == 4
    assert len(set(column_codes._dense_codes(np.tile([0.0, 1.0, 3.0], 300))[0].tolist())) == 3  # no −0.0: by value


def test_a_column_both_models_read_is_coded_once_in_a_block(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    configurations = _configurations(5)
    alone = _chain(LLAMA_70B, configurations)
    coded: list[int] = []
    real = column_codes._dense_codes
    monkeypatch.setattr(column_codes, "_dense_codes", lambda column: coded.append(id(column)) or real(column))
    inputs = {id(column) for column in configurations.values()}
    _chain(LLAMA_70B, configurations)
    unshared = [i for i in coded if i in inputs]
    coded.clear()
    with codes_shared():
        shared = _chain(LLAMA_70B, configurations)
    once = [i for i in coded if i in inputs]  # the sequence, micro-batch and layout columns once each
    assert len(once) == len(set(once)) == len(set(unshared)) < len(unshared)
    assert shared.keys() == alone.keys()
    for key, values in alone.items():
        assert np.array_equal(values, shared[key], equal_nan=values.dtype.kind != "U"), key
    with codes_shared():  # another block codes anew: a column changed since is coded as it is now
        column = configurations["tp"].copy()
        first = FlatKeys.of({"t": column, "s": configurations["seq"]})
        assert first is not None
        before = first.distinct(["t"])[0].size
    column[:] = 1.0
    with codes_shared():
        again = FlatKeys.of({"t": column, "s": configurations["seq"]})
        assert again is not None and again.distinct(["t"])[0].size == 1 < before


def test_the_layout_search_on_a_batchs_distinct_rows_codes_no_column_again(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    configurations = _configurations(5)
    size = configurations["n"].size
    alone = _chain(LLAMA_70B, configurations)  # min_gpus from the batch's codes
    coded: list[int] = []
    real = column_codes._dense_codes
    monkeypatch.setattr(column_codes, "_dense_codes", lambda column: coded.append(column.size) or real(column))
    _chain(LLAMA_70B, configurations)
    assert coded and set(coded) == {size}  # the batch's columns only: none of the search's rows coded anew
    coded.clear()
    monkeypatch.setattr(flat_estimates, "known_codes", lambda column: None)  # the batch's codes not handed down
    again = _chain(LLAMA_70B, configurations)
    assert any(n < size for n in coded)  # the search's rows coded: the test sees the difference
    assert np.array_equal(again["mem.min_gpus"], alone["mem.min_gpus"], equal_nan=True)
    assert np.isfinite(alone["mem.min_gpus"]).sum() > size // 4


def test_the_model_states_and_activations_run_once_per_distinct_layout(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    once = _configurations(6)  # each layout again at two more sequence lengths: the states read no sequence
    configurations = {k: np.concatenate([v, v, v] if k != "seq" else [v, v * 2.0, v * 4.0]) for k, v in once.items()}
    sizes: list[int] = []
    real = memory_budget.model_state_bytes
    monkeypatch.setattr(memory_budget, "model_state_bytes",
                        lambda breakdown, lay, *rest: sizes.append(np.size(lay.dp)) or real(breakdown, lay, *rest))
    fewer = _chain(LLAMA_70B, configurations)
    main_call = sizes[0]  # the estimate's own budget (the layout search's families come after)
    sizes.clear()
    monkeypatch.setattr(memory_budget, "on_rows", lambda keys, names, part, *args: part(*args))  # on every row
    every = _chain(LLAMA_70B, configurations)
    assert main_call < sizes[0]
    assert every.keys() == fewer.keys()
    for key, values in every.items():
        assert np.array_equal(values, fewer[key], equal_nan=values.dtype.kind != "U"), key


@pytest.mark.parametrize(("mode", "accelerators"), [("train", "per layout"), ("inference", "per layout"),
                                                     ("train", "every one"), ("train", "at random"),
                                                     ("inference", "at random")])
def test_what_reads_no_capacity_runs_once_per_distinct_combination_of_the_rest(mode, accelerators, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # the states, activations and total once per combination of the other inputs, the fit, limits and layout search
    # on the finer rows: "per layout", a few layouts on a second accelerator; "every one", each layout on every
    # accelerator (every combination present: the key is the finer row); "at random", a capacity per row at
    # random, most rows distinct with it (every row a finer row; inference then runs on every row as it is: its
    # budget is a few passes, fewer than the lifts would add)
    once = _configurations(7)
    rng = np.random.default_rng(7)
    if accelerators == "at random":  # of eight capacities
        c = {k: v for k, v in once.items() if k != "hw"}
        capacity = rng.choice([24.0, 32.0, 48.0, 80.0, 94.0, 141.0, 192.0, 288.0], c["n"].size)
    else:
        c = {k: np.concatenate([v, v, v]) for k, v in once.items() if k != "hw"}
        hw = (np.concatenate([once["hw"], once["hw"], (once["hw"] + 1.0) % 3]) if accelerators == "per layout"
              else np.repeat([0.0, 1.0, 2.0], once["n"].size))
        capacity = np.asarray(HardwareArrays.from_accelerators(ACCELERATORS).take(hw.astype(int)).memory_gb)
    fields = dict(seq_len=c["seq"], micro_batch=c["mb"], tp=c["tp"], pp=c["pp"], cp=c["cp"], ep=c["ep"],
                  virtual_stages=c["v"], gpus_per_node=np.where(c["rec"] > 1.0, 4.0, 8.0),
                  **({} if mode == "inference" else dict(dp=c["dp"], zero_stage=c["zero"])))
    inputs = MemoryInputs(LLAMA_70B, mode, gpu_memory_gb=capacity, **fields)
    sizes: list[int] = []
    real = memory.layout_needs
    monkeypatch.setattr(memory, "layout_needs", lambda cfg, lay, *rest: sizes.append(np.size(lay.tp)) or real(
        cfg, lay, *rest))
    with codes_shared():
        split = estimate_memory(inputs)
    without = len({row for row in zip(*(np.asarray(v).tolist() for v in fields.values()))})
    with_capacity = len({row for row in zip(capacity.tolist(), *(np.asarray(v).tolist() for v in fields.values()))})
    assert without < with_capacity
    if mode == "inference" and accelerators == "at random":
        assert sizes == [c["n"].size]
    else:
        assert sizes == [without]  # the part that reads no capacity: on the fewer rows
    monkeypatch.setattr(flat_keys, "FLAT_DISTINCT_MIN_ROWS", 10**9)  # every row as it is
    whole = estimate_memory(inputs)
    assert whole.keys() == split.keys() and {"mem.min_gpus", "mem.max_context", "mem.fits"} <= set(split.keys())
    for key in whole.keys():
        values = np.asarray(whole[key])
        assert np.array_equal(values, np.asarray(split[key]), equal_nan=values.dtype.kind in "fc"), key
