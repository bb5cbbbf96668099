"""Results a pricing pass reuses from one configuration to the next.

Pricing the configurations a search shows (results/search_pricing.py) sizes each pinned plan from scratch, and
most of them share an accelerator, a server and a NIC: the hardware arrays and efficiencies built from those
catalog rows are the same for all of them. While a :class:`PassMemo` is active, a function decorated with
:func:`memoised` returns the value it computed for the same inputs earlier in the pass; with none active (every
other caller) it simply runs. Inputs are compared by identity (the catalog's rows and the values a pass passes
on), and the memo keeps each input alive while it lives, so an identity is never reused within it. A memoised
function must return a value nobody changes (frozen records of arrays nobody writes into)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

F = TypeVar("F", bound=Callable[..., Any])

_ACTIVE: PassMemo | None = None
_MISS = object()


class PassMemo:
    """The values memoised functions computed during one pricing pass (active only inside :meth:`active`), or
    across the window's edits (results/phase_cache.PhaseCache: an edit's sizing builds the same hardware arrays and
    efficiencies from the same catalog rows as the edit before). ``size``: the most values kept; past it the memo
    starts empty again (None: no limit, a pricing pass)."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size
        self.hits = 0
        self.misses = 0
        self._by_name: dict[tuple[str, bool], int] = {}  # (a memoised function's name, hit) -> count
        self._store: dict[Hashable, Any] = {}
        self._alive: list[Any] = []  # the inputs behind each key (their identities stay unique while kept)

    @contextmanager
    def active(self) -> Iterator[PassMemo]:
        global _ACTIVE
        previous, _ACTIVE = _ACTIVE, self
        try:
            yield self
        finally:
            _ACTIVE = previous

    def counted(self, name: str, hit: bool = True) -> int:
        """How many calls of the memoised function ``name`` (module.qualname) were served (``hit``) or computed."""
        return self._by_name.get((name, hit), 0)

    def get(self, key: Hashable, inputs: Any, compute: Callable[[], Any]) -> Any:
        value = self._store.get(key, _MISS)
        if isinstance(key, tuple) and key and isinstance(key[0], str):
            counted = (key[0], value is not _MISS)
            self._by_name[counted] = self._by_name.get(counted, 0) + 1
        if value is _MISS:
            self.misses += 1
            if self.size is not None and len(self._store) >= self.size:
                self._store.clear()  # the inputs kept alive go with their values
                self._alive.clear()
            value = self._store[key] = compute()
            self._alive.append(inputs)
        else:
            self.hits += 1
        return value


def identity(value: Any) -> Hashable:
    """An input's part of a key: a plain scalar or string by value, anything else by identity."""
    return value if value is None or isinstance(value, (bool, int, float, str)) else ("id", id(value))


def fields_key(inputs: Any, shape_only: str = "") -> Hashable:
    """A dataclass's fields as a key: arrays and scalars by value, anything else by :func:`identity`;
    ``shape_only`` (a field the memoised function does not read) by its shape alone."""
    return tuple(np.shape(v) if name == shape_only else (v.dtype.str, v.shape, v.tobytes())
                 if isinstance(v, np.ndarray) else identity(v)
                 for name, v in ((name, getattr(inputs, name)) for name in field_names(inputs)))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(inputs: Any) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (``dataclasses.fields`` builds them afresh on every call: a
    memoised model's key reads them each edit)."""
    names = _FIELD_NAMES.get(type(inputs))
    if names is None:
        names = _FIELD_NAMES[type(inputs)] = tuple(f.name for f in dataclasses.fields(inputs))
    return names


def _arguments(*args: Any, **kwargs: Any) -> Hashable:
    return tuple(identity(a) for a in args), tuple((k, identity(v)) for k, v in sorted(kwargs.items()))


def memoised(fn: F) -> F:
    """``fn`` memoised within an active :class:`PassMemo` on its arguments (:func:`identity`)."""
    return memoised_by(_arguments)(fn)


def memoised_by(key: Callable[..., Hashable]) -> Callable[[F], F]:
    """Memoised within an active :class:`PassMemo` on ``key(*args, **kwargs)`` (for an argument compared by
    value that :func:`identity` would compare by identity, such as a small index array); a key of None: the call
    simply runs (arguments the key declines to compare)."""
    def decorate(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            memo = _ACTIVE
            if memo is None:
                return fn(*args, **kwargs)
            made = key(*args, **kwargs)
            if made is None:
                return fn(*args, **kwargs)
            return memo.get((name, made), (args, kwargs), lambda: fn(*args, **kwargs))

        return wrapper  # type: ignore[return-value]

    return decorate


class _Unkeyed(Exception):
    """An input the value key does not know how to compare by value (the call then simply runs)."""


def _value_key(value: Any) -> Hashable:
    """``value`` compared by value: scalars and strings as they are (every NaN alike), arrays by dtype, shape and bytes, tuples and
    lists element by element; a frozen record (a catalog row) by identity (nobody changes it); anything else
    raises :class:`_Unkeyed`."""
    kind = type(value)
    if kind is float or kind is str or kind is int or kind is bool:  # the common exact types first, as below
        return value if value == value else ("nan",)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value else ("nan",)  # NaN equals no NaN, itself only by identity
    if isinstance(value, np.ndarray):
        return value.dtype.str, value.shape, value.tobytes()
    if isinstance(value, np.generic):
        return value.dtype.str, value.item()
    if isinstance(value, (tuple, list)):
        return type(value).__name__, tuple(_value_key(v) for v in value)
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return "id", id(value)
    raise _Unkeyed(type(value).__name__)


MEMO_MAX_ROWS = 4096
"""The most values an array keyed by its bytes may hold (:func:`small_values_key`): a sweep's or one configuration's,
never a search's batch (keying it would cost a pass over it; no later call repeats it)."""


def small_values_key(values: Iterable[Any], max_size: int = MEMO_MAX_ROWS) -> Hashable | None:
    """``values`` compared by type and value (:func:`_value_key`; 1, 1.0 and True apart, floats by their bits) as one
    key, or None where one is an array of more than ``max_size`` values (keying a large batch by its bytes costs a
    pass over it) or cannot be compared by value."""
    key: list[Hashable] = []
    for value in values:
        kind = type(value)
        if kind is float:  # by its bits: 0.0 and -0.0 apart
            key.append(("float", value.hex()))
            continue
        if kind is np.ndarray:
            if value.size > max_size:
                return None
            key.append(("ndarray", (value.dtype.str, value.shape, value.tobytes())))
            continue
        if isinstance(value, np.ndarray) and value.size > max_size:
            return None
        if isinstance(value, (float, np.floating)):  # by its bits: 0.0 and -0.0 apart
            key.append((type(value).__name__, float(value).hex()))
            continue
        try:
            key.append((type(value).__name__, _value_key(value)))
        except _Unkeyed:
            return None
    return tuple(key)


def memoised_on_inputs(fn: F) -> F:
    """A model ``fn(inputs)`` (one dataclass of inputs) memoised within an active :class:`PassMemo` on its inputs'
    values (:func:`_value_key`: a field it cannot compare by value runs the model). The model must read nothing but
    its inputs. A :class:`~gpudesk.core.explain.FigureSet` it returns is handed out as a new set sharing the kept
    one's entries (entries never change once made), so a caller adding to it changes no later call's result."""
    name = f"{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def wrapper(inputs: Any) -> Any:
        memo = _ACTIVE
        if memo is None:
            return fn(inputs)
        try:
            key = tuple([_value_key(getattr(inputs, name)) for name in field_names(inputs)])
        except _Unkeyed:
            return fn(inputs)
        value = memo.get((name, key), inputs, lambda: fn(inputs))
        return value.without() if hasattr(value, "without") else value

    return wrapper  # type: ignore[return-value]
