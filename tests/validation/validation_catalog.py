"""The one catalog the validation corpus reads its accelerators and models from, opened once per test process.

The case modules looked up each accelerator and model in a catalog of its own: about 26 opens at import, 35 ms
each, in every pytest-xdist worker (2-core machine, 2026-12-02)."""

from __future__ import annotations

from functools import lru_cache

from gpudesk.catalog.store import Catalog


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The shipped catalog (and the test run's empty user catalog), as ``Catalog.open()`` gives it."""
    return Catalog.open()
