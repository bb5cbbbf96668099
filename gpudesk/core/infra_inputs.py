"""Shared plumbing for the infrastructure modules (host, storage, fabric, power, delivery, TCO).

Two jobs only: record a catalog field as a FigureSet input with its
citation, and pick the candidate a check should speak about when the
figures are arrays over a sweep (the worst one).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.explain import FigureSet

_TABLES = {
    "Server": "servers",
    "Switch": "switches",
    "Nic": "nics",
    "StorageOption": "storage_options",
    "CloudOffer": "cloud_offers",
    "FacilityDefault": "facility_defaults",
    "Accelerator": "accelerators",
}


def catalog_source(record: Any, field_name: str) -> str:
    table = _TABLES.get(type(record).__name__, type(record).__name__.lower())
    citation = record.provenance.source_of(field_name) or "no citation recorded"
    return f"catalog {table}/{record.id}.{field_name}: {citation}"


def record_field(
    fs: FigureSet, key: str, record: Any, field_name: str, unit: str, label: str, scale: float = 1.0
) -> Any:
    """Record ``record.field_name`` (times ``scale``) as an input; None becomes NaN (unknown)."""
    raw = getattr(record, field_name)
    if not raw and field_name in getattr(record.provenance, "unknown", ()):
        raw = None  # listed as unknown in the catalog: a stored 0 means "not known", not zero
    value = float("nan") if raw is None else float(raw) * scale
    source = catalog_source(record, field_name)
    if raw is None:
        source += " (unknown in catalog)"
    return fs.input(key, value, unit, label, source)


def worst_index(values: Any, low_is_bad: bool = True) -> tuple[int, ...] | None:
    """Index of the worst finite candidate in an array (None for a scalar or all-NaN array)."""
    array = np.asarray(values, dtype=np.float64)
    if array.ndim == 0:
        return None
    if not np.isfinite(array).any():
        return None
    filled = np.where(np.isfinite(array), array, np.inf if low_is_bad else -np.inf)
    flat = int(np.argmin(filled) if low_is_bad else np.argmax(filled))
    return tuple(int(i) for i in np.unravel_index(flat, array.shape))


def at(fs: FigureSet, key: str, index: tuple[int, ...] | None) -> float:
    """A figure's value at one candidate, as a float for check messages."""
    value = fs.value_at(key, index)
    return float(value) if not isinstance(value, str) else float("nan")
