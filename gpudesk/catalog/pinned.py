"""A catalog view with some rows pinned to the values a plan was saved with.

A plan records the catalog rows it used (``Project.catalog_snapshot``,
keys ``"table/id"``). Reopened after a catalog update, the plan can be
estimated either against today's catalog or, to reproduce the saved
numbers exactly, against this view, where the snapshot rows replace
today's.
"""

from __future__ import annotations

import copy
import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.store import Catalog


def _value(hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if value is None:
        return None
    if hint is rec.Provenance or (isinstance(value, dict) and "field_sources" in value):
        return _build(rec.Provenance, value)
    if origin is tuple or (origin is None and hint is tuple):
        return tuple(value)
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return _value(args[0], value) if args else value
    return value


def _build(record_type: type, data: Mapping[str, Any]) -> Any:
    hints = typing.get_type_hints(record_type)
    known = {f.name for f in dataclasses.fields(record_type)}
    kwargs = {k: _value(hints[k], v) for k, v in data.items() if k in known}
    return record_type(**kwargs)


def record_from_snapshot(key: str, data: Mapping[str, Any]) -> Any:
    """Rebuild a catalog record from its stored plain form; raises CatalogError naming the key."""
    table = key.split("/", 1)[0]
    if table not in TABLES:
        raise CatalogError(f"catalog snapshot row {key!r}: unknown table {table!r}")
    try:
        return _build(TABLES[table].record_type, data)
    except (TypeError, ValueError, KeyError) as exc:
        raise CatalogError(f"catalog snapshot row {key!r} cannot be read: {exc}") from None


def pinned_catalog(catalog: Catalog, snapshot: Mapping[str, Mapping[str, Any]]) -> Catalog:
    """A copy of ``catalog`` whose rows named in ``snapshot`` carry the saved values."""
    view = copy.copy(catalog)
    view._tables = {name: dict(rows) for name, rows in catalog._tables.items()}  # noqa: SLF001 - same package
    for key, data in snapshot.items():
        record = record_from_snapshot(key, data)
        view._tables[key.split("/", 1)[0]][record.id] = record  # noqa: SLF001
    return view
