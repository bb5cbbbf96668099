"""The step model's per-candidate arithmetic on the distinct rows of what it reads (issue 24 part 16).

A flat batch (a sweep, a list of configurations) repeats each layout over global batches and ZeRO stages. The step
model's terms that read only the layout, the sequence and the accelerator already run once per distinct row of that
key (core/training_rows.py: :class:`KeyRows`). What combines them with the global batch (the micro-batch count,
the compute time, the collectives per step, the bubble, the serial time) reads no ZeRO stage: it runs once per
distinct row of the key and the global batch. What the ZeRO stage changes (the data-parallel traffic, what of it is
exposed, the optimizer update, the step and everything made from it: throughput, MFU, time to train) reads the stage
only as one of three cases (0; 1–2; 3: core/training_comm.by_stage and ZeRO-3's per-micro-batch pattern): it runs
once per distinct row of those, the stage's case and the tokens to train. Each figure is then held per distinct row
and gathered to every candidate when first read whole (core/arrays.Gathered).

Every row computes with its own values, in the same operations and order as on every candidate, so each figure is
the same, bit for bit (tests/core/test_flat_distinct.py, tests/core/test_chain_reference.py). A batch whose rows are
mostly distinct (a search's candidates: one call per ZeRO stage and global batch), a grid and a single configuration
compute on every candidate as given (:meth:`Level.identity`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered, whole
from gpudesk.core.column_codes import numbered, row_numbers, rows_of_codes
from gpudesk.core.flat_keys import WORTH_IT, FlatKeys

# the ZeRO stage's rows pay where at most this share of the batch is distinct: the step's figures are computed on
# them in place of every candidate and gathered only when read (one more coding of the rows, ~2 passes, against the
# dozen figures a search never reads)
TAIL_WORTH_IT = 0.8


class Level:
    """One row per distinct combination of a coarser level's rows and more columns of a flat batch, or every
    candidate as given. :meth:`pick` a candidate input at these rows, :meth:`lift` a value of a coarser level to
    them, compute, then :meth:`held` to record a figure (gathered to every candidate when first read)."""

    __slots__ = ("keys", "representative", "inverse", "count", "_index", "_period", "_slowest")

    def __init__(self, keys: FlatKeys | None, representative: np.ndarray | None, inverse: np.ndarray | None) -> None:
        self.keys, self.representative, self.inverse = keys, representative, inverse
        self.count = 0 if representative is None else int(representative.size)
        self._index: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # id(coarser inverse) -> (it, it at my rows)
        # id(a coarser level's inverse) -> (it, that level's row count k): my row r is its row r mod k (every
        # combination of its rows and my columns present, its rows varying fastest: a sweep's levels)
        self._period: dict[int, tuple[np.ndarray, int]] = {}
        # where every combination is present: the column found slowest (codes, their count) and the rows per code
        self._slowest: tuple[np.ndarray, int, int] | None = None

    @classmethod
    def identity(cls, keys: FlatKeys | None = None) -> Level:
        return cls(keys, None, None)

    @classmethod
    def refine(cls, keys: FlatKeys | None, coarse_inverse: np.ndarray | None, coarse_count: int,
               columns: Sequence[tuple[np.ndarray, int]], worth: float = WORTH_IT, within: Level | None = None
               ) -> Level:
        """The distinct rows of a coarser level (each candidate's row ``coarse_inverse``, ``coarse_count`` rows;
        ``within``: that level, where it is one) and ``columns`` (integer codes in [0, count) with their count);
        every candidate as given where the coarser level is, or where most rows would be distinct."""
        if keys is None or coarse_inverse is None:
            return cls.identity(keys)
        varying = [c for c in columns if c[1] > 1]
        if not varying:  # nothing more to tell rows apart: the coarser rows themselves
            representative = np.empty(coarse_count, dtype=np.intp)
            representative[coarse_inverse] = row_numbers(coarse_inverse.size)
            level, every = cls(keys, representative, coarse_inverse), True
        else:
            representative, inverse, every = _finer_rows(coarse_inverse, coarse_count, varying, keys.size)
            if representative.size > worth * keys.size:
                return cls.identity(keys)
            level = cls(keys, representative, inverse)
        if every:  # row r is the coarser level's row r mod its count, and so of any level that one repeats
            level._period[id(coarse_inverse)] = (coarse_inverse, coarse_count)
            if varying:  # and the first column's code c holds rows c·k … (c + 1)·k − 1
                level._slowest = (varying[0][0], varying[0][1], level.count // varying[0][1])
            if within is not None and within.inverse is coarse_inverse:
                level._period.update(within._period)
        return level

    @property
    def active(self) -> bool:
        return self.representative is not None

    def pick(self, value: Any) -> Any:
        """A candidate input (an array of the batch's length, or a dataclass of them) at these rows."""
        if self.representative is None or self.keys is None:
            return whole(value)
        return self.keys.pick(value, self.representative)

    def lift(self, value: Any, coarse_inverse: np.ndarray | None = None) -> Any:
        """A value computed on a coarser level's rows (:class:`Gathered`, or an array with each candidate's row in
        ``coarse_inverse``) at these rows; anything else (a scalar, a value of every candidate) as it is."""
        if isinstance(value, Gathered):
            if self.representative is None:
                return value.whole()
            value, coarse_inverse = value.values, value.inverse
        if coarse_inverse is None or not isinstance(value, np.ndarray) or value.ndim != 1:
            return value
        period = self._period.get(id(coarse_inverse))
        if period is not None and period[0] is coarse_inverse and value.size == period[1]:
            return _repeated(value, self.count // period[1])  # row r takes row r mod k: copies, no gather
        return np.take(value, self.index_of(coarse_inverse), mode="wrap")  # the rows lie in range

    def lift_into(self, out: np.ndarray, values: np.ndarray, coarse_inverse: np.ndarray, start: int) -> None:
        """``out[:] = lift(values, coarse_inverse)[start:start + out.size]`` (``values`` of every coarser row)."""
        period = self._period.get(id(coarse_inverse))
        if (period is not None and period[0] is coarse_inverse and values.size == period[1]
                and start % period[1] == 0 and out.size % period[1] == 0):
            out.reshape(-1, period[1])[...] = values  # whole periods: the values end to end
        else:
            np.take(values, self.index_of(coarse_inverse)[start:start + out.size], out=out, mode="wrap")  # in range

    def index_of(self, coarse_inverse: np.ndarray) -> np.ndarray:
        """Each of these rows' row of a coarser level (each candidate's row ``coarse_inverse``)."""
        if self.representative is None:
            return coarse_inverse
        found = self._index.get(id(coarse_inverse))
        if found is None or found[0] is not coarse_inverse:
            period = self._period.get(id(coarse_inverse))
            if period is not None and period[0] is coarse_inverse:  # r mod k, without a gather
                index = _repeated(row_numbers(period[1]), self.count // period[1])
            else:
                index = np.take(coarse_inverse, self.representative)
            found = (coarse_inverse, index)
            self._index[id(coarse_inverse)] = found
        return found[1]

    def held(self, value: Any) -> Any:
        """A value computed at these rows as a figure of every candidate; anything else as it is."""
        if (self.inverse is not None and isinstance(value, np.ndarray) and value.ndim == 1
                and value.size == self.count):
            return Gathered(value, self.inverse)
        return value

    def starts(self, codes: np.ndarray, cases: int) -> list[int] | None:
        """Where these rows were found with ``codes`` (a column of the batch, integers below ``cases``) varying
        slowest, so that they are ordered by it: the row each code from 1 on starts at; None otherwise."""
        if self.representative is None or self.keys is None or codes.size != self.keys.size:
            return None
        if self._slowest is not None and self._slowest[0] is codes and self._slowest[1] == cases:  # no gather
            return [code * self._slowest[2] for code in range(1, cases)]
        ordered = np.take(codes, self.representative)
        return [int(i) for i in np.searchsorted(ordered, np.arange(1, cases))]

    def later(self, make: Callable[[], Any]) -> Any:
        """:meth:`held` of ``make()``, made when first read where these rows are a flat batch's distinct rows (a
        figure no search reads costs nothing until read); at once on every candidate."""
        if self.inverse is None:
            return make()
        return Gathered.lazy(make, self.inverse)

    def every(self, value: Any) -> Any:
        """A value computed at these rows, gathered to every candidate."""
        value = self.held(value)
        return value.whole() if isinstance(value, Gathered) else value


def _repeated(value: np.ndarray, times: int) -> np.ndarray:
    """``value`` ``times`` times over, end to end (``np.tile``'s answer, in one broadcast copy)."""
    out = np.empty(value.size * times, dtype=value.dtype)
    out.reshape(times, value.size)[...] = value
    return out


def _finer_rows(coarse_inverse: np.ndarray, coarse_count: int, columns: Sequence[tuple[np.ndarray, int]], n: int
                ) -> tuple[np.ndarray, np.ndarray, bool]:
    """:func:`column_codes.rows_of_codes` of ``columns`` and then the coarser rows (the first column varies slowest),
    with the key made in the index type at once (two passes for one more column) and, where every combination is
    present (a sweep), each row's key its distinct row (no renumbering); and whether every combination is present
    (row r then holds the coarser row r mod ``coarse_count``)."""
    size = coarse_count
    for _, count in columns:
        size *= count
    if size > 4 * n + 1024:  # a sparse key space: compact it as FlatKeys does
        return (*rows_of_codes([*columns, (coarse_inverse, coarse_count)], n), False)
    (first, _), *rest = [*columns, (coarse_inverse, coarse_count)]
    key = np.multiply(first, rest[0][1], dtype=np.intp)  # Horner: ((c0 · k1 + c1) · k2 + c2) …
    for i, (codes, _) in enumerate(rest):
        key += codes
        if i + 1 < len(rest):
            key *= rest[i + 1][1]
    last = np.full(size, -1, dtype=np.intp)
    last[key] = row_numbers(n)  # a row of each key present (the last)
    if size == 0 or last.min() >= 0:
        return last, key, True
    present, renumber = numbered(last >= 0, np.intp)
    return np.take(last, present), np.take(renumber, key, mode="wrap"), False  # keys lie in [0, size)


def stage_case_codes(zero_stage: Any, size: int) -> tuple[np.ndarray, int]:
    """The ZeRO stage as the step model reads it, as codes: 0 (none), 1 (stage 1 or 2: the optimizer sharded, the
    gradients reduced once), 2 (stage 3: the weights gathered every micro-batch); one case where the stage is given
    once for the batch (``size``: the batch's candidates)."""
    z = np.asarray(zero_stage)
    if z.ndim != 1 or z.size != size:
        return np.zeros(1, dtype=np.int8), 1
    codes = (z >= 1).view(np.int8).copy()
    codes += z >= 3
    return codes, 3
