"""Small numpy helpers the estimate shares.

``np.unique(a)`` without index outputs asks ``np.ma.is_masked`` whether the array is masked, and the first such
question imports all of ``numpy.ma`` (30–55 ms on the 2-core development machine, about 3% of ``gpudesk report``);
nothing in gpudesk uses masked arrays. :func:`distinct` gives the same sorted values without that import.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np


def distinct(values: Any) -> np.ndarray:
    """The sorted distinct values of ``values`` (what ``np.unique(values)`` returns), without importing numpy.ma."""
    return np.unique(values, return_index=True)[0]


class Gathered:
    """A figure of a flat batch held as its values on the batch's distinct rows and each row's distinct row
    (``values[inverse]``, core/flat_keys.py), gathered to every row only when first read as a whole: a part run once
    per distinct combination keeps dozens of figures that a caller often reads a few of (a search reads the fit and
    the limits), and gathering each back is a pass over the batch. One row is read without gathering (:meth:`at`);
    the gathered array is made once and kept.

    ``inverse`` may also be a function that makes it (:meth:`deferred`): a figure of codes that only some callers read
    (the step's bottleneck: no search reads it) is then chosen when first read, from the figures it is chosen among,
    the same values as chosen at once. The values too may be a function that makes them (:meth:`lazy`): a figure
    made from others that no search reads (the 6·N MFU, the GPU-hours) is computed when first read, from the same
    values in the same operations."""

    __slots__ = ("_values", "_inverse", "_whole", "size")

    def __init__(self, values: np.ndarray, inverse: np.ndarray, size: int | None = None) -> None:
        self._values, self._inverse = values, inverse
        self._whole: np.ndarray | None = None
        self.size = int(inverse.size) if size is None else size

    @classmethod
    def lazy(cls, make_values: Callable[[], np.ndarray], inverse: np.ndarray) -> Gathered:
        """``make_values()[inverse]``, the values made when first read."""
        return cls(make_values, inverse)  # type: ignore[arg-type]

    @property
    def values(self) -> np.ndarray:
        if callable(self._values):
            self._values = self._values()
        return self._values

    @classmethod
    def deferred(cls, values: np.ndarray, make_inverse: Callable[[], np.ndarray], size: int) -> Gathered:
        """``values[make_inverse()]`` for ``size`` rows, the index made when first read."""
        return cls(values, make_inverse, size)  # type: ignore[arg-type]

    @property
    def inverse(self) -> np.ndarray:
        if callable(self._inverse):
            self._inverse = self._inverse()
        return self._inverse

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (a search process's answer) with its index made
        return (Gathered, (self.values, self.inverse, self.size))

    def whole(self) -> np.ndarray:
        if self._whole is None:  # np.take: the indices are in range (no bounds check, no buffered copy)
            self._whole = np.take(self.values, self.inverse, mode="wrap")
        return self._whole

    def at(self, row: int) -> Any:
        return self.values[self.inverse[row]] if self._whole is None else self._whole[row]


def once(make: Callable[[], Any]) -> Callable[[], Any]:
    """``make`` called when first needed and its answer kept (two deferred figures chosen by one computation)."""
    made: list[Any] = []

    def get() -> Any:
        if not made:
            made.append(make())
        return made[0]
    return get


def whole(value: Any) -> Any:
    """``value`` as an array where it is :class:`Gathered`; anything else as it is."""
    return value.whole() if isinstance(value, Gathered) else value


def broadcast_shape(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """``np.broadcast_shapes(*shapes)``; where each shape is () or one same shape (a sweep's, one configuration's:
    most of the step model's), that shape without numpy's general machinery (a few microseconds a call)."""
    out: tuple[int, ...] = ()
    for shape in shapes:
        if shape and shape != out:
            if out:
                return np.broadcast_shapes(*shapes)
            out = shape
    return out


def broadcast_view(value: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``np.broadcast_to(value, shape)`` (a read-only view); a view of an array of that shape already made at once,
    and of a single value (a sweep's scalar inputs) made directly: its one value at every place (strides 0), without
    np.broadcast_to's general machinery (~5x the time of the view itself)."""
    if value.shape != shape:
        if value.ndim or value.dtype.hasobject:
            return np.broadcast_to(value, shape)
        view = np.ndarray(shape, value.dtype, value, 0, (0,) * len(shape))
        view.flags.writeable = False
        return view
    view = value.view(np.ndarray)
    view.flags.writeable = False
    return view


_PLAIN: dict[type, frozenset[str] | None] = {}


def replaced(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace(obj, **changes)``; for a plain dataclass (every field set by ``__init__``, no
    ``__post_init__``, no slots), the same object made without ``__init__`` (a frozen one's sets each field through
    object.__setattr__: the step model replaces its shape four times an edit)."""
    kind = type(obj)
    if kind not in _PLAIN:
        plain = (dataclasses.is_dataclass(kind) and not hasattr(kind, "__post_init__") and not hasattr(kind, "__slots__")
                 and all(f.init for f in dataclasses.fields(kind)))
        _PLAIN[kind] = frozenset(f.name for f in dataclasses.fields(kind)) if plain else None
    names = _PLAIN[kind]
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)
    held = obj.__dict__
    state = {name: held[name] for name in names}
    state.update(changes)
    new = object.__new__(kind)
    new.__dict__.update(state)
    return new
