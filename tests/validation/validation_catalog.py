"""The one catalog the validation corpus reads its accelerators and models from, opened once per test process.

The case modules looked up each accelerator and model in a catalog of its own: about 26 opens at import, 35 ms
each, in every pytest-xdist worker (2-core machine, 2026-12-02)."""

from __future__ import annotations

from functools import lru_cache

from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.catalog.store import Catalog


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The shipped catalog (and the test run's empty user catalog), as ``Catalog.open()`` gives it."""
    return Catalog.open()


@lru_cache(maxsize=None)
def accelerator_row(acc_id: str) -> Accelerator:
    """The catalog's accelerator ``acc_id``, looked up once per test process."""
    return catalog().accelerator(acc_id)


@lru_cache(maxsize=None)
def model_row(model_id: str) -> ModelArch:
    """The catalog's model ``model_id``, looked up once per test process."""
    return catalog().model(model_id)
