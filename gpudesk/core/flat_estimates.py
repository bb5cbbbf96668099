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

from gpudesk.core import flat_keys
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
    return flat_keys.dense_codes(np.take(column, rows)) if known is None else (np.take(known[0], rows), known[1])


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


def on_distinct_inputs(inputs: Any, fields: Iterable[str], estimate: Callable[[Any], FigureSet]) -> FigureSet | None:
    """``estimate(inputs)`` of a flat batch, run once per distinct combination of every input in ``fields`` (the
    dataclass ``inputs``' per-candidate arrays) and spread back to every candidate; the inputs are recorded as
    given. None where that would not pay (not a flat batch, or most rows distinct): the caller runs it as is."""
    given = {f: v for f, v in ((f, getattr(inputs, f)) for f in fields) if v is not None}
    keys = FlatKeys.of(given)
    if keys is None:
        return None
    representative, inverse = keys.distinct(given)
    if representative.size > WORTH_IT * keys.size:
        return None
    picked = {f: np.take(v, representative) for f, v in given.items() if np.size(v) == keys.size}
    token = _PICKED.set({id(a): (a, keys.coded(f), representative) for f, a in picked.items()})
    try:
        figures = estimate(dataclasses.replace(inputs, **picked))
    finally:
        _PICKED.reset(token)
    figures.spread(inverse, representative.size, {id(picked[f]): given[f] for f in picked})
    return figures
