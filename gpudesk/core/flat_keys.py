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

from gpudesk.core.arrays import Gathered, distinct

FLAT_DISTINCT_MIN_ROWS = 256  # below this, de-duplicating costs more than it saves
SMALL_INTEGER_RANGE = 1 << 16  # integral columns spanning at most this many values are coded without sorting
NARROW_RANGE = 64  # integral columns spanning fewer values keep their offsets as codes
FEW_OFFSETS = 4  # wider integral columns holding at most this many values are coded by comparisons, not a gather
FEW_OFFSETS_MIN_ROWS = 16_384  # of at least this many rows (fewer: the comparisons' calls cost more than the gather)
SAMPLE_ROWS = 1024  # rows sampled to guess a column's distinct values (verified on every row)
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
                coded = _dense_codes(column)
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
        codes, count = _dense_codes(source)
        shared[id(column)] = (column, (np.take(codes.astype(np.int16), rows), count))


def shared_codes(column: Any) -> tuple[np.ndarray, int] | None:
    """A column's codes where a :func:`codes_shared` block coded it, else None."""
    shared = _SHARED.get()
    found = None if shared is None else shared.get(id(column))
    return found[1] if found is not None and found[0] is column else None


def dense_codes(column: np.ndarray) -> tuple[np.ndarray, int]:
    """A column's codes (integers in [0, count), equal values equal codes: :func:`_dense_codes`)."""
    return _dense_codes(column)


def distinct_rows(columns: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Rows of equal-length 1-D columns, de-duplicated.

    Returns (index of one representative row per distinct row, index of its distinct row for every row):
    ``column[representative][inverse]`` reproduces every column exactly.
    """
    return rows_of_codes([_dense_codes(c) for c in columns], columns[0].size)


def rows_of_codes(coded: list[tuple[np.ndarray, int]], n: int) -> tuple[np.ndarray, np.ndarray]:
    """(one representative row per distinct combination of coded columns, each row's combination): columns of
    ``n`` integer codes in [0, count) with their count."""
    # 4-byte keys, combined in place and kept below 2n + 1024 by compacting (every new array of the batch's
    # length is memory the kernel hands over anew); 8-byte keys only where a product could pass 2^31
    key, size = np.zeros(0, dtype=np.int32), 1
    for codes, count in coded:
        if count == 1:
            continue
        if size == 1:  # the first column's codes are the key so far (0 · count + codes)
            key, size = codes.astype(np.int32), count
            continue
        if size * count > 2 * n + 1024:  # keep the key space small enough to compact without sorting
            key, size = _compact(key, size)
        if size * count >= 1 << 31 and key.dtype != np.int64:
            key = key.astype(np.int64)
        key *= count
        key += codes
        size *= count
    if size == 1:  # no column varies
        key = np.zeros(n, dtype=np.int32)
    if size <= 4 * n + 1024:  # one scatter finds which keys are present and a row of each (the last, as below)
        index = key.astype(np.intp)  # numpy scatters and gathers by its own index type without a cast per call
        last = np.full(size, -1, dtype=np.intp)
        last[index] = row_numbers(n)
        seen = last >= 0
        if seen.all():  # every key present (a full product of dense codes): the key is its row
            return last, index
        present, renumber = numbered(seen, np.intp)
        return np.take(last, present), np.take(renumber, index, mode="wrap")  # keys lie in [0, size)
    key, count = _compact(key, size)
    index = key.astype(np.intp, copy=False)
    representative = np.empty(count, dtype=np.intp)
    representative[index] = row_numbers(n)
    return representative, index


_ROWS = np.arange(0)


def row_numbers(n: int) -> np.ndarray:
    """0 … n−1, read-only, kept from call to call (each call of a batch's length would be a new array)."""
    global _ROWS
    if _ROWS.size < n:
        _ROWS = np.arange(n)
        _ROWS.flags.writeable = False
    return _ROWS[:n]


def numbered(present: np.ndarray, dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """(where ``present`` is True, each such place's number among them: 0 … k−1 in order). The numbers are
    written at those places only (the others are never read): a scatter of k numbers, where a running sum over
    every place (``np.cumsum`` of a boolean array casts each element: ~4 ns a place) cost four times as much."""
    places = np.flatnonzero(present)
    renumber: np.ndarray = np.empty(present.size, dtype=dtype)
    renumber[places] = row_numbers(places.size)
    return places, renumber


def _compact(key: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """Renumber integer keys in [0, size) to 0 … k−1 (k distinct keys), keeping their order."""
    if size <= 4 * key.size + 1024:
        index = key.astype(np.intp, copy=False)  # numpy's own index type: no cast in the scatter and the gather
        seen = np.zeros(size, dtype=bool)
        seen[index] = True
        present, renumber = numbered(seen, np.int32 if size < 1 << 31 else np.int64)
        return np.take(renumber, index, mode="wrap"), int(present.size)  # keys lie in [0, size)
    uniq, inverse = np.unique(key, return_inverse=True)
    return inverse.reshape(-1), uniq.size


def _offsets_coded(offsets: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """:func:`_compact` of a column's integer offsets, through the offsets a sample holds where they are every offset
    the column holds (a sweep repeats a few values): with at most ``FEW_OFFSETS`` of them, each row's code is how many
    are below its offset, verified by each row equalling one (comparisons, which numpy runs several values a cycle,
    where a gather per row costs ~2 ns); with more, one gather from a table of them and one check, instead of marking
    every row's offset and gathering the renumbering (the same codes: the offsets present, numbered in order)."""
    step = max(offsets.size // SAMPLE_ROWS, 1)
    seen = np.zeros(size, dtype=bool)
    seen[offsets[::step]] = True
    seen[offsets[:SAMPLE_ROWS]] = True
    seen[offsets[-SAMPLE_ROWS:]] = True
    present = np.flatnonzero(seen)
    if present.size <= FEW_OFFSETS and offsets.size >= FEW_OFFSETS_MIN_ROWS:
        codes, hits = np.zeros(offsets.size, dtype=np.int8), np.zeros(offsets.size, dtype=np.int8)
        for i, value in enumerate(present.astype(offsets.dtype)):
            if i + 1 < present.size:
                np.add(codes, np.greater(offsets, value).view(np.int8), out=codes)
            np.add(hits, np.equal(offsets, value).view(np.int8), out=hits)  # 1 at most: the values differ
        return (codes, int(present.size)) if hits.min() > 0 else _compact(offsets, size)
    table = np.cumsum(seen, dtype=np.int32)
    count = int(table[-1])
    table -= 1
    table[~seen] = -1  # an offset the sample missed
    codes = np.take(table, offsets, mode="wrap")  # offsets lie in [0, size): no bounds check needed
    if codes.min() < 0:
        return _compact(offsets, size)
    return codes, count


def _dense_codes(column: np.ndarray) -> tuple[np.ndarray, int]:
    """Integer codes of a float column: equal values share a code (NaNs share one; −0.0 is not 0.0, since a part
    may tell them apart), codes in [0, count)."""
    if column.dtype.kind in "iu":
        coded = _integer_codes(column)
        if coded is not None:
            return coded
    x = np.asarray(column, dtype=float)
    lo, hi = x.min(), x.max()
    # −0.0 beside 0.0 (rare): code by the bits; where the least value is 0 (no NaN: the minimum would be NaN),
    # only −0.0 has its sign bit set: the one value whose bits read as a negative integer (one pass, no mask)
    if lo <= 0.0 <= hi and (x.view(np.int64).min() < 0 if lo == 0.0 else np.signbit(x[x == 0.0]).any()):
        uniq, inverse = np.unique(x.view(np.int64), return_inverse=True)
        return inverse.reshape(-1), uniq.size
    if lo == hi:
        return np.zeros(x.size, dtype=np.int8), 1
    if hi - lo <= SMALL_INTEGER_RANGE and -2.0**31 <= lo and hi < 2.0**31:  # False for NaN and ±inf
        small = np.int16 if -2.0**15 <= lo and hi < 2.0**15 else np.int32  # codes of a quarter or half the bytes
        ints = x.astype(small)
        if np.array_equal(ints, x):  # every value integral: its offset is its code
            np.subtract(ints, ints.dtype.type(lo), out=ints)
            return (ints, int(hi - lo) + 1) if hi - lo < NARROW_RANGE else _offsets_coded(ints, int(hi - lo) + 1)
    # a sweep repeats a few values: find them on a sample, keep them if they cover every row
    step = max(x.size // SAMPLE_ROWS, 1)
    values = distinct(np.concatenate((x[:SAMPLE_ROWS], x[-SAMPLE_ROWS:], x[::step])))
    codes = np.searchsorted(values, x)
    np.minimum(codes, values.size - 1, out=codes)
    if np.array_equal(values[codes], x):
        return codes, values.size
    uniq, inverse = np.unique(x, return_inverse=True)
    return inverse.reshape(-1), uniq.size


def _integer_codes(column: np.ndarray) -> tuple[np.ndarray, int] | None:
    """:func:`_dense_codes` of an integer column (a hardware row index) without converting it to floats: the same
    codes (every value is integral and none is −0.0); None where its range needs the general path."""
    lo, hi = int(column.min()), int(column.max())
    if lo == hi:
        return np.zeros(column.size, dtype=np.int8), 1
    if hi - lo > SMALL_INTEGER_RANGE or lo < -2**31 or hi >= 2**31:
        return None
    small = np.int16 if -2**15 <= lo and hi < 2**15 else np.int32
    ints = column.astype(small)
    np.subtract(ints, ints.dtype.type(lo), out=ints)
    return (ints, hi - lo + 1) if hi - lo < NARROW_RANGE else _offsets_coded(ints, hi - lo + 1)
