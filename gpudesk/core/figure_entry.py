"""One figure of a :class:`gpudesk.core.explain.FigureSet` as stored (:class:`Entry`), and reading one element of
its value (:func:`pick`): what the figure set's bookkeeping is made of, kept apart from its methods."""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered
from gpudesk.vocabulary.terms import Term, Vocabulary

Index = int | tuple[int, ...] | None


class Entry(tuple):  # type: ignore[type-arg]
    """One figure: (key, label, unit, value, formula, depends_on, source, note, is_input, vocabulary, awaiting, over),
    read by name. A tuple made by :data:`make_entry` (``tuple.__new__``, no Python ``__init__``): a priced configuration
    records ~260 figures nobody reads but the cost ledger, and a slotted dataclass's ``__init__`` was most of what
    recording one cost (0.59 -> 0.29 µs each). Entries are never changed once made."""

    __slots__ = ()
    key: str = property(itemgetter(0))  # type: ignore[assignment]
    label: str = property(itemgetter(1))  # type: ignore[assignment]
    unit: str = property(itemgetter(2))  # type: ignore[assignment]
    value: Any = property(itemgetter(3))
    formula: str = property(itemgetter(4))  # type: ignore[assignment]
    depends_on: tuple[str, ...] = property(itemgetter(5))  # type: ignore[assignment]
    source: str = property(itemgetter(6))  # type: ignore[assignment]
    note: str = property(itemgetter(7))  # type: ignore[assignment]
    is_input: bool = property(itemgetter(8))  # type: ignore[assignment]
    # a categorical figure: its values are this vocabulary's codes
    vocabulary: Vocabulary[Term] | None = property(itemgetter(9))  # type: ignore[assignment]
    # cost lines awaiting a quote that a money figure leaves out (its value is the rest)
    awaiting: tuple[str, ...] = property(itemgetter(10))  # type: ignore[assignment]
    # a series over the phase's months (explain.SERIES_OVER)
    over: str = property(itemgetter(11))  # type: ignore[assignment]


make_entry = tuple.__new__


def new_entry(key: str, label: str, unit: str, value: Any, formula: str = "", depends_on: tuple[str, ...] = (),
           source: str = "", note: str = "", is_input: bool = False, vocabulary: Vocabulary[Term] | None = None,
           awaiting: tuple[str, ...] = (), over: str = "") -> Entry:
    """An entry with the defaults of a figure left out (the less frequent paths: merging, rows, spreading)."""
    return make_entry(Entry, (key, label, unit, value, formula, depends_on, source, note, is_input, vocabulary,
                              awaiting, over))


def months_of(entry: Entry) -> tuple[tuple[float, ...], str]:
    """(every month's value, what it runs over) of a series over the phase's months; ((), "") for any other figure."""
    if not entry.over:
        return (), ""
    return tuple(float(v) for v in np.ravel(np.asarray(entry.value, dtype=float))), entry.over


def pick(value: Any, index: Index) -> float | str:
    kind = type(value)
    if kind is float:  # the common cases first, as the general path below answers them (what each surface reads)
        return float(value)
    if kind is np.ndarray and (index is None or value.ndim == 0):
        if not value.size:
            return float("nan")
        item = value.item(0)
        return float(item) if type(item) is float else scalar(item)
    if isinstance(value, str):
        return value
    if isinstance(value, (float, int)):  # a Python scalar (bool and np.float64 included): what _scalar makes of it
        return float(value)
    if isinstance(value, Gathered):  # a flat batch's figure (1-D): one row, without gathering the rest
        row = 0 if index is None else index[-1] if isinstance(index, tuple) else index
        return scalar(value.at(row))
    array = np.asarray(value)
    if array.ndim == 0 or index is None:  # the first value (item: as a Python scalar, which _scalar reads alike)
        return scalar(array.item(0)) if array.size else float("nan")
    idx = index if isinstance(index, tuple) else (index,)
    # Broadcast rules: a length-1 axis serves every candidate.
    if array.ndim < len(idx):
        idx = idx[len(idx) - array.ndim :]
    idx = tuple(0 if dim == 1 else i for dim, i in zip(array.shape, idx))
    return scalar(array[idx])


def scalar(value: Any) -> float | str:
    if isinstance(value, (np.bool_, bool)):
        return float(bool(value))
    if isinstance(value, (np.integer, np.floating, int, float)):
        return float(value)
    return str(value)
