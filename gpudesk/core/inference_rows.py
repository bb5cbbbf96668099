"""Several serving replicas computed as one batch and handed out row by row, each as its own call would make it.

Pricing the configurations a search shows (results/search_pricing.py) sizes each pinned plan on its own, and for a
serving phase most of that is the replica model of one configuration (core/inference._kept_replica) run on arrays of
one candidate: a few thousand numpy operations whose cost is their overhead, not their arithmetic. Configurations of
one accelerator, server and precision differ only in per-candidate inputs (layout, batch, rate), which the model takes
as arrays: :func:`kept_rows` runs such a group once over all of them and cuts out each configuration's row
(``FigureSet.row``; the kept state's arrays the same way). Every row computes with its own values in the same
operations, so each figure is the same, bit for bit, as the single call's (the premise of core/flat_estimates.py and
of the search itself; tests/core/test_inference_rows.py compares every row of the samples' searches with its own call).
A group is only handed out when its first row equals that row's own call in every figure (keys, words, sources,
values to the bit) and every kept array; otherwise each configuration is computed alone, as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.core.inference import FIELDS, InferenceInputs, _kept_replica
from gpudesk.core.inference_load import KeptState
from gpudesk.core.pass_memo import identity

Kept = tuple[FigureSet, dict[str, np.ndarray], KeptState]

MIN_GROUP = 3
"""The fewest configurations worth a batch: it costs the group's first row computed alone besides (the check)."""


def kept_rows(inputs: Sequence[InferenceInputs]) -> list[Kept | None]:
    """What ``_kept_replica(inputs[i])`` returns, for each input one of a group (:func:`kept_groups`) whose batch
    passed the check (:func:`group_rows`); None for the others (left to their own call)."""
    out: list[Kept | None] = [None] * len(inputs)
    for members in kept_groups(inputs):
        rows = group_rows([inputs[i] for i in members])
        for i, kept in zip(members, rows or (), strict=False):
            out[i] = kept
    return out


def kept_groups(inputs: Sequence[InferenceInputs]) -> list[list[int]]:
    """The indices of ``inputs`` in groups of at least MIN_GROUP that share everything but the per-candidate inputs
    (``FIELDS``), the hardware and the model by identity."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i, inp in enumerate(inputs):
        key = _group_key(inp)
        if key is not None:
            groups.setdefault(key, []).append(i)
    return [members for members in groups.values() if len(members) >= MIN_GROUP]


def group_rows(group: Sequence[InferenceInputs]) -> list[Kept] | None:
    """``_kept_replica`` of each of a group (:func:`kept_groups`) from one batch: the first computed alone, the others
    cut out of the batch; None where the batch's first row is not the first's own call in every figure and array."""
    run = _kept_replica.__wrapped__  # type: ignore[attr-defined]  # the model itself, not the memo
    n = len(group)
    whole = run(_stacked(list(group)))
    first = run(group[0])
    if not _same(first, _row(whole, 0, n)):
        return None
    return [first, *(_row(whole, j, n) for j in range(1, n))]


def _group_key(inp: InferenceInputs) -> tuple[Any, ...] | None:
    """Everything but the per-candidate inputs, each by :func:`~gpudesk.core.pass_memo.identity` (the hardware and
    the model by identity); None where a per-candidate input is not one value or the hardware not one candidate."""
    if inp.hardware.size != 1:
        return None
    key: list[Any] = []
    for field in dataclasses.fields(inp):
        value = getattr(inp, field.name)
        if field.name in FIELDS:
            if np.size(value) != 1:
                return None
            continue
        key.append((field.name, identity(value)))
    return tuple(key)


def _stacked(group: list[InferenceInputs]) -> InferenceInputs:
    """The group as one input: its hardware repeated, each per-candidate input a column of the members' values."""
    columns: dict[str, Any] = {f: np.array([np.asarray(getattr(inp, f), dtype=np.float64).reshape(-1)[0] for inp in group])
               for f in FIELDS}
    hardware = group[0].hardware.take(np.zeros(len(group), dtype=np.intp))
    return dataclasses.replace(group[0], hardware=hardware, **columns)


def _cut(value: Any, j: int, n: int) -> Any:
    """``value``'s row ``j`` of ``n`` where it runs over the candidates (a 1-D array of length n), inside tuples
    and dicts; anything else as it is."""
    if isinstance(value, np.ndarray):
        return value[j:j + 1].copy() if value.ndim == 1 and value.shape[0] == n else value
    if isinstance(value, tuple):
        return tuple(_cut(v, j, n) for v in value)
    if isinstance(value, dict):
        return {k: _cut(v, j, n) for k, v in value.items()}
    return value


def _row(whole: Kept, j: int, n: int) -> Kept:
    figures, a, state = whole
    kept = KeptState(**{f.name: _cut(getattr(state, f.name), j, n) for f in dataclasses.fields(state)})
    return figures.row(j, n), {k: _cut(v, j, n) for k, v in a.items()}, kept


def _same(one: Any, other: Any) -> bool:
    """Equal to the bit: figure sets entry by entry (every word and value), arrays by dtype, shape and bytes,
    floats by their bits, containers item by item."""
    if type(one) is not type(other):
        return False
    if isinstance(one, FigureSet):
        assert isinstance(other, FigureSet)
        mine, theirs = one._entries, other._entries
        return list(mine) == list(theirs) and all(_same_entry(mine[k], theirs[k]) for k in mine)
    if isinstance(one, np.ndarray):
        return bool(one.dtype == other.dtype and one.shape == other.shape and one.tobytes() == other.tobytes())
    if isinstance(one, (float, np.floating)):
        return float(one).hex() == float(other).hex()
    if isinstance(one, (tuple, list)):
        return len(one) == len(other) and all(_same(x, y) for x, y in zip(one, other, strict=True))
    if isinstance(one, dict):
        return bool(list(one) == list(other) and all(_same(one[k], other[k]) for k in one))
    if dataclasses.is_dataclass(one) and not isinstance(one, type):
        return all(_same(getattr(one, f.name), getattr(other, f.name)) for f in dataclasses.fields(one))
    return bool(one is other or one == other)


def _same_entry(one: Any, other: Any) -> bool:
    return len(one) == len(other) and all(
        _same(x, y) if i == 3 else (x is y or x == y) for i, (x, y) in enumerate(zip(one, other, strict=True)))
