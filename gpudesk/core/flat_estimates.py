"""An estimate of a flat batch run once per distinct combination of its inputs, and its parts on fewer rows still.

:func:`on_distinct_inputs` runs an estimate (the memory estimate) on one row per distinct combination of every
per-candidate input and spreads its figures back to every candidate. Inside it, the batch's codes of each input
(core/flat_keys.py) are handed down (:func:`known_codes`), so a part that de-duplicates again (the layout search's
families, the model states, the activations) reads them at its rows instead of coding its columns anew; and
:func:`on_rows` runs a part that reads only some columns once per distinct combination of those. Every row computes
with its own values, in the same operations, so every figure is the same, bit for bit
(``tests/core/test_flat_distinct.py``, ``tests/core/test_flat_codes.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from typing import Any

import numpy as np

from gpudesk.core import column_codes, flat_keys
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import WORTH_IT, FlatKeys

# an estimate run on a flat batch's distinct rows: id of an input it was given -> (the input, the batch column's
# codes, the rows picked; None once the codes are taken at them)
_PICKED: ContextVar[dict[int, tuple[np.ndarray, tuple[np.ndarray, int], np.ndarray | None]] | None] = ContextVar(
    "picked_codes", default=None)


def known_codes(column: Any) -> tuple[np.ndarray, int] | None:
    """Codes of a column already coded (integers in [0, count) with their count; equal codes, equal values), or None:
    an input of an estimate run on a flat batch's distinct rows (the batch's codes at those rows, or a value derived
    from one row by row: :func:`same_codes`), or a column coded in a :func:`flat_keys.codes_shared` block."""
    picked = _PICKED.get()
    entry = None if picked is None else picked.get(id(column))
    if picked is not None and entry is not None and entry[0] is column:
        codes, count = entry[1]
        if entry[2] is not None:  # the batch's codes taken at the rows when first asked
            codes = np.take(codes, entry[2])
            picked[id(column)] = (column, (codes, count), None)
        return codes, count
    return flat_keys.shared_codes(column)


def coded_at(column: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, int]:
    """A 1-D column's codes at ``rows``: the ones it has (:func:`known_codes`) taken there, else coded anew."""
    known = known_codes(column)
    return column_codes.dense_codes(np.take(column, rows)) if known is None else (np.take(known[0], rows), known[1])


def same_codes(derived: np.ndarray, source: Any) -> None:
    """Within an estimate run on a flat batch's distinct rows: ``derived``, computed from ``source`` row by row, has
    its codes (equal codes still mean equal values; a finer split than needed would only cost time)."""
    picked = _PICKED.get()
    entry = None if picked is None else picked.get(id(source))
    if picked is not None and entry is not None and entry[0] is source and np.shape(derived) == np.shape(source):
        picked[id(derived)] = (derived, entry[1], entry[2])


def known_keys(columns: Mapping[str, Any]) -> FlatKeys | None:
    """:meth:`FlatKeys.of` the columns where each that varies already has codes (:func:`known_codes`), with them;
    None otherwise: coding a column costs a few passes over it, more than a part on every row saves at a search's
    batch sizes (the US serving search's memory estimates: 2.3 % slower when they coded their columns)."""
    keys = FlatKeys.of(columns)
    if keys is None:
        return None
    for name, column in columns.items():
        if np.size(column) > 1:
            found = known_codes(column)
            if found is None:
                return None
            keys.use_codes(name, found)
    return keys


def on_rows(keys: FlatKeys | None, names: Iterable[str], part: Callable[..., Any], *args: Any) -> Any:
    """``part(*args)``, run once per distinct combination of ``names`` where ``keys`` (a flat batch) has few of them:
    each answer (an array, or a tuple / dataclass of them) of the distinct rows' length taken to every row, anything
    else (a value that reads no row) as it is: what ``part`` gives on every row, bit for bit."""
    if keys is None:
        return part(*args)
    representative, inverse = keys.distinct(names)
    if representative.size > WORTH_IT * keys.size:
        return part(*args)
    return _taken(part(*(keys.pick(a, representative) for a in args)), representative.size, inverse)


def _taken(value: Any, count: int, inverse: np.ndarray) -> Any:
    if isinstance(value, np.ndarray):
        return np.take(value, inverse, mode="wrap") if value.ndim == 1 and value.size == count else value
    if isinstance(value, tuple):
        parts = [_taken(v, count, inverse) for v in value]
        return type(value)(*parts) if hasattr(value, "_fields") else tuple(parts)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: _taken(getattr(value, f.name), count, inverse)
                                             for f in dataclasses.fields(value) if f.init})
    return value


class Lift:
    """A flat batch's finer rows over its distinct rows: the rows of the distinct combinations of every input, where
    the distinct rows leave one out (the memory estimate's GPU capacity: what a part that ignores it computes once per
    distinct row is taken to the finer rows only where the capacity is read). ``lift(x)``: ``x`` at the finer rows (an
    array of the distinct rows' length; anything else as it is). A lifted input column
    keeps the batch's codes (:func:`known_codes`), so a part on the finer rows (the layout search) codes nothing."""

    def __init__(self, rows: np.ndarray, count: int, batch_rows: np.ndarray | None) -> None:
        self.rows = rows  # each finer row's distinct row
        self.count = count  # the distinct rows
        self.batch_rows = batch_rows  # each finer row's batch row (None: every row of the batch is a finer row)

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, np.ndarray) or value.ndim != 1 or value.size != self.count:
            return value
        lifted = np.take(value, self.rows)
        picked = _PICKED.get()
        entry = None if picked is None else picked.get(id(value))
        if picked is not None and entry is not None and entry[0] is value:  # the batch's codes at the finer rows
            picked[id(lifted)] = (lifted, entry[1], self.rows if entry[2] is None else self.batch_rows)
        return lifted


def _same(value: Any) -> Any:
    return value


def _finer_rows(inverse: np.ndarray, count: int, coded: tuple[np.ndarray, int]
                ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray] | None:
    """The distinct combinations of a batch's distinct rows (``inverse``: each row's, of ``count``) and one more coded
    column: (each finer row's distinct row, each finer row's batch row, each batch row's finer row); the batch row
    None where most rows are distinct (every row a finer row: none is found); None where each distinct row holds one
    value of the column. Keyed in the index type at once (distinct row · the column's count + its code), one scatter
    finds the keys present, and where every key is present (a sweep) the key is the finer row."""
    codes, values = coded
    n, size = inverse.size, count * values
    if size > 4 * n + 1024:  # a key space too wide to scatter into: the general path
        representative, finer_inverse = column_codes.rows_of_codes([(inverse, count), coded], n)
        if representative.size == count:
            return None
        if representative.size > WORTH_IT * n:
            return inverse, None, finer_inverse
        return np.take(inverse, representative), representative, finer_inverse
    key = inverse * values
    key += codes
    last = np.full(size, -1, dtype=np.intp)
    last[key] = column_codes.row_numbers(n)
    seen = last >= 0
    found = int(np.count_nonzero(seen))
    if found == count:
        return None
    if found > WORTH_IT * n:
        return inverse, None, key
    if found == size:
        return column_codes.row_numbers(size) // values, last, key
    present, renumber = column_codes.numbered(seen, np.intp)
    return present // values, np.take(last, present), np.take(renumber, key, mode="wrap")


def on_distinct_inputs(inputs: Any, fields: Iterable[str], estimate: Callable[..., FigureSet],
                       apart: str | None = None, every_row: bool = True) -> FigureSet | None:
    """``estimate(inputs, lift)`` of a flat batch, run once per distinct combination of every input in ``fields`` (the
    dataclass ``inputs``' per-candidate arrays) and spread back to every candidate; the inputs are recorded as
    given. None where that would not pay (not a flat batch, or most rows distinct): the caller runs it as is.

    ``apart``: one of ``fields`` left out of the distinct rows where it varies (the GPU capacity): every other input
    is given on the distinct rows of the rest, ``apart`` on the finer rows (those of every input; every row of the
    batch where most are distinct; with ``every_row`` False, None there), and ``lift`` (a :class:`Lift`) takes a
    value of the distinct rows to the finer rows; elsewhere ``lift`` gives a value as it is."""
    given = {f: v for f, v in ((f, getattr(inputs, f)) for f in fields) if v is not None}
    keys = FlatKeys.of(given)
    if keys is None:
        return None
    finer = apart is not None and apart in given and np.size(given[apart]) == keys.size
    representative, inverse = keys.distinct([f for f in given if not finer or f != apart])
    if representative.size > WORTH_IT * keys.size:
        return None
    lift: Callable[[Any], Any] = _same
    spread = [(inverse, representative.size)]
    if finer:
        assert apart is not None
        found = _finer_rows(inverse, representative.size, keys.coded(apart))
        if found is None:  # the input left apart follows the others: one level
            finer = False
        elif found[1] is None and not every_row:
            return None
        else:
            rows, batch_rows, finer_inverse = found
            lift = Lift(rows, representative.size, batch_rows)  # no batch rows: every row a finer row
            if batch_rows is not None:
                spread.insert(0, (finer_inverse, batch_rows.size))
    picked = {f: np.take(v, representative) for f, v in given.items()
              if np.size(v) == keys.size and not (finer and f == apart)}
    codes: dict[int, tuple[np.ndarray, tuple[np.ndarray, int], np.ndarray | None]] = {
        id(a): (a, keys.coded(f), representative) for f, a in picked.items()}
    if finer and isinstance(lift, Lift) and apart is not None:  # the input left apart on the finer rows
        at = lift.batch_rows
        picked[apart] = given[apart] if at is None else np.take(given[apart], at)
        codes[id(picked[apart])] = (picked[apart], keys.coded(apart), at)
    token = _PICKED.set(codes)
    try:
        figures = estimate(dataclasses.replace(inputs, **picked), lift)
    finally:
        _PICKED.reset(token)
    originals = {id(picked[f]): given[f] for f in picked}
    for level_inverse, count in spread:  # the finer rows' figures first: a figure of the batch's length stays
        figures.spread(level_inverse, count, originals)
    return figures
