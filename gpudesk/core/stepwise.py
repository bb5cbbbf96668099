"""Work done in steps: a generator yields progress and returns its result (the window runs it in idle slices)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar, cast

Y = TypeVar("Y")
R = TypeVar("R")


def run_through(steps: Generator[Y, None, R], each: Callable[[Y], None] | None = None) -> R:
    """Run ``steps`` to its end and return what it returns; ``each`` sees every yield (raising from it stops)."""
    while True:
        try:
            done = next(steps)
        except StopIteration as stop:
            return cast("R", stop.value)
        if each is not None:
            each(done)
