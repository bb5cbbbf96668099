"""A column of a flat batch coded as small integers (equal values, equal codes; integral columns without sorting
where their range allows), and the rows of distinct combinations of coded columns: what :class:`flat_keys.FlatKeys`
de-duplicates a part's rows with, and the layout search's memory parts renumber their rows with.
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.arrays import distinct

SMALL_INTEGER_RANGE = 1 << 16  # integral columns spanning at most this many values are coded without sorting
NARROW_RANGE = 64  # integral columns spanning fewer values keep their offsets as codes
FEW_OFFSETS = 4  # wider integral columns holding at most this many values are coded by comparisons, not a gather
FEW_OFFSETS_MIN_ROWS = 16_384  # of at least this many rows (fewer: the comparisons' calls cost more than the gather)
SAMPLE_ROWS = 1024  # rows sampled to guess a column's distinct values (verified on every row)


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
