"""Parts of a flat batch computed once per distinct combination of the inputs they read.

A list of configurations (flat arrays of one length: a search's candidates, a sweep) repeats a few values of
each input, and most parts of the chain read only some inputs: the model states read the layout, the
collectives the layout, the micro-batch and the hardware row, never the global batch. :class:`FlatKeys` codes
each input column once per call; :meth:`FlatKeys.evaluate` runs a part on one representative row per distinct
combination of the columns it names and gathers the answers back to every row. The part does the same
operations on the same values as it would on every row, so every answer is the same, bit for bit
(``tests/core/test_flat_distinct.py`` runs generated configurations through the batch and each alone).

A part must read nothing per row that its named columns do not determine: its arguments are the batch's own
arrays (or dataclasses of them, such as the hardware's links), each a function of the named columns.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered
from gpudesk.core.column_codes import dense_codes, rows_of_codes

FLAT_DISTINCT_MIN_ROWS = 256  # below this, de-duplicating costs more than it saves
WORTH_IT = 0.5  # de-duplicate a part only when it has at most this share of the rows distinct

# columns coded in a codes_shared() block: id of the array -> (the array, its codes); the array is held so its id
# is not reused while the block lasts
_SHARED: ContextVar[dict[int, tuple[np.ndarray, tuple[np.ndarray, int]]] | None] = ContextVar("flat_codes",
                                                                                                default=None)


@contextmanager
def codes_shared() -> Iterator[None]:
    """Within the block, a column (the same array object) is coded once for every :class:`FlatKeys` that reads it:
    the memory estimate and the step model of one batch read the same sequence, micro-batch and layout arrays, and
    coding a column of 122,880 rows costs a few passes over it. The caller changes none of the arrays it hands the
    estimates until the block ends (the codes are of the values the first reader saw)."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


class FlatKeys:
    """The input columns of one flat batch, coded once, and the distinct rows of any subset of them."""

    def __init__(self, columns: Mapping[str, np.ndarray], size: int) -> None:
        self.size = size
        self._columns = dict(columns)
        self._codes: dict[str, tuple[np.ndarray, int]] = {}
        self._distinct: dict[frozenset[str], tuple[np.ndarray, np.ndarray]] = {}
        # (id of a held value's index, id of the rows picked) -> (the index, the rows, the index at the rows): the
        # hardware's, efficiencies' and links' fields share one index (each candidate's accelerator row)
        self._index_at: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    @classmethod
    def of(cls, columns: Mapping[str, Any]) -> FlatKeys | None:
        """Keys for a flat batch of at least ``FLAT_DISTINCT_MIN_ROWS`` rows: every input one value or a 1-D array
        of the batch's length; None for anything else (a grid, a single configuration, a small batch)."""
        if not any(isinstance(v, np.ndarray) and v.size >= FLAT_DISTINCT_MIN_ROWS for v in columns.values()):
            return None  # one configuration, or a few (or not arrays): nothing to code
        varying: dict[str, np.ndarray] = {}
        for name, value in columns.items():
            array = np.asarray(value)
            if array.size > 1:
                if array.ndim != 1:
                    return None
                varying[name] = array
        sizes = {a.size for a in varying.values()}
        if len(sizes) != 1 or min(sizes) < FLAT_DISTINCT_MIN_ROWS:
            return None
        return cls(varying, sizes.pop())

    def distinct(self, names: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
        """(one representative row per distinct combination of ``names``, each row's combination); columns that
        hold one value for the whole batch do not count."""
        wanted = frozenset(n for n in names if n in self._columns)
        found = self._distinct.get(wanted)
        if found is None:
            found = rows_of_codes([self._coded(n) for n in sorted(wanted)], self.size)
            self._distinct[wanted] = found
        return found

    def distinct_at(self, names: Iterable[str], rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`distinct` of ``names`` among ``rows`` (a part's distinct rows of more columns): (one place in
        ``rows`` per distinct combination, each place's combination), found on those rows' codes alone."""
        coded = [self._coded(n) for n in sorted(n for n in names if n in self._columns)]
        return rows_of_codes([(np.take(codes, rows), count) for codes, count in coded], rows.size)

    def use_codes(self, name: str, coded: tuple[np.ndarray, int]) -> None:
        """Take a column's codes as given (integers in [0, count) with their count; equal codes, equal values)."""
        if name in self._columns:
            self._codes[name] = coded

    def coded(self, name: str) -> tuple[np.ndarray, int]:
        """A column's codes (integers in [0, count)) and their count; one code for a column the batch does not
        vary."""
        if name not in self._columns:
            return np.zeros(1, dtype=np.int8), 1
        return self._coded(name)

    def _coded(self, name: str) -> tuple[np.ndarray, int]:
        coded = self._codes.get(name)
        if coded is None:
            column, shared = self._columns[name], _SHARED.get()
            entry = None if shared is None else shared.get(id(column))
            if entry is not None and entry[0] is column:
                coded = entry[1]
            else:
                coded = dense_codes(column)
                if shared is not None:
                    shared[id(column)] = (column, coded)
            self._codes[name] = coded
        return coded

    def evaluate(self, names: Iterable[str], part: Callable[..., Any], *args: Any) -> Any:
        """``part(*args)`` for every row, computed on one row per distinct combination of ``names`` and gathered
        back (arrays, or tuples / dataclasses of arrays, of the batch's length)."""
        representative, inverse = self.distinct(names)
        if representative.size > WORTH_IT * self.size:
            return part(*args)
        answer = part(*(self._pick(a, representative) for a in args))
        return self._spread(answer, representative.size, inverse)

    def evaluate_rows(self, names: Iterable[str], part: Callable[..., Any], *args: Any
                      ) -> tuple[Any, np.ndarray] | None:
        """``part(*args)`` on one row per distinct combination of ``names``, and each row's combination (gather
        each answer where it is used: ``answer[inverse]``); None where most rows are distinct."""
        representative, inverse = self.distinct(names)
        if representative.size > WORTH_IT * self.size:
            return None
        return part(*(self._pick(a, representative) for a in args)), inverse

    def pick(self, value: Any, rows: np.ndarray) -> Any:
        """``value`` at ``rows``: an array of the batch's length taken there, a dataclass field by field, anything
        else as it is."""
        return self._pick(value, rows)

    def _pick(self, value: Any, rows: np.ndarray) -> Any:
        if isinstance(value, np.ndarray):
            return np.take(value, rows) if value.ndim == 1 and value.size == self.size else value
        if isinstance(value, Gathered) and value.size == self.size:  # held per distinct row: no gather of the rest
            inverse = value.inverse
            found = self._index_at.get((id(inverse), id(rows)))
            if found is None or found[0] is not inverse or found[1] is not rows:
                found = (inverse, rows, np.take(inverse, rows))
                self._index_at[(id(inverse), id(rows))] = found
            return np.take(value.values, found[2], mode="wrap")
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return dataclasses.replace(value, **{f.name: self._pick(getattr(value, f.name), rows)
                                                 for f in dataclasses.fields(value) if f.init})
        return value

    def _spread(self, value: Any, count: int, inverse: np.ndarray) -> Any:
        """The answer on every row: its arrays gathered into one block per dtype (one large allocation, which
        numpy asks the kernel to back with huge pages, instead of one array of the batch's length each)."""
        leaves: list[np.ndarray] = []
        _leaves(value, count, leaves)
        rows: dict[int, np.ndarray] = {}
        for dtype in {a.dtype for a in leaves}:
            same = [a for a in leaves if a.dtype == dtype]
            block = np.empty((len(same), self.size), dtype=dtype)
            for row, array in zip(block, same):
                rows[id(array)] = np.take(array, inverse, out=row)
        return _rebuilt(value, count, rows, self.size)


def _leaves(value: Any, count: int, out: list[np.ndarray]) -> None:
    if isinstance(value, np.ndarray):
        if value.ndim == 1 and value.size == count:
            out.append(value)
    elif isinstance(value, tuple):
        for v in value:
            _leaves(v, count, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _leaves(getattr(value, f.name), count, out)


def _rebuilt(value: Any, count: int, rows: dict[int, np.ndarray], size: int) -> Any:
    if isinstance(value, np.ndarray):
        return rows[id(value)] if id(value) in rows else np.array(np.broadcast_to(value, (size,)))
    if isinstance(value, tuple):
        parts = [_rebuilt(v, count, rows, size) for v in value]
        return type(value)(*parts) if hasattr(value, "_fields") else tuple(parts)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: _rebuilt(getattr(value, f.name), count, rows, size)
                                             for f in dataclasses.fields(value) if f.init})
    return value


def note_taken_codes(column: np.ndarray, source: np.ndarray, rows: np.ndarray) -> None:
    """In a :func:`codes_shared` block, ``column`` (``source`` taken at ``rows``: a re-indexed hardware field) coded
    by its source's few values taken at the rows: one gather, not the passes of coding the column."""
    shared = _SHARED.get()
    if shared is not None and source.ndim == 1 and rows.ndim == 1 and source.size < 1 << 15:
        codes, count = dense_codes(source)
        shared[id(column)] = (column, (np.take(codes.astype(np.int16), rows), count))


def shared_codes(column: Any) -> tuple[np.ndarray, int] | None:
    """A column's codes where a :func:`codes_shared` block coded it, else None."""
    shared = _SHARED.get()
    found = None if shared is None else shared.get(id(column))
    return found[1] if found is not None and found[0] is column else None
