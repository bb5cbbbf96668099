"""A catalog view with some rows pinned to the values a plan was saved with.

A plan records the catalog rows it used (``Project.catalog_snapshot``,
keys ``"table/id"``). Reopened after a catalog update, the plan can be
estimated either against today's catalog or, to reproduce the saved
numbers exactly, against this view, where the snapshot rows replace
today's. A plan is a file from outside: its rows are validated like any
import (types, ranges, choices) before they replace anything.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any

from gpudesk.catalog.errors import CatalogError, one_line
from gpudesk.catalog.intake import record_from_mapping
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.store import Catalog
from gpudesk.catalog.validate import check_record
from gpudesk.refusals import ListedReasons, refusal

PROVENANCE_FIELDS = ("source", "date", "field_sources", "unknown", "verified", "notes")
RULE_EXEMPT = {"source", "date", "field_sources", "unknown"}
"""Problems that depend on the reader's citations: a plan from another machine cites rows this one lacks."""


def record_from_snapshot(key: str, data: Mapping[str, Any]) -> Any:
    """Rebuild a catalog record from its stored plain form, validated like any import (types, the catalog's
    field ranges and choices); raises CatalogError naming the key and every problem, on one line."""
    table, _, rid = key.partition("/")
    if table not in TABLES:
        raise CatalogError(refusal("catalog.snapshot_unknown_table", row=repr(one_line(key, 80)),
                                   table=repr(one_line(table, 40))))
    if not isinstance(data, Mapping):
        raise CatalogError(refusal("catalog.snapshot_not_a_row", row=repr(one_line(key, 80))))
    flat = {k: v for k, v in data.items() if k != "provenance"}
    provenance = data.get("provenance")
    if isinstance(provenance, Mapping):
        flat.update({k: provenance[k] for k in PROVENANCE_FIELDS if k in provenance})
    record, problems = record_from_mapping(table, flat, rid or key, allow_extra=True)
    if record is not None:
        problems = [p for p in check_record(table, record, ()) if p.field not in RULE_EXEMPT]
    if problems:
        shown = ListedReasons(tuple(refusal("catalog.snapshot_problem", where=p.where, table=p.table, row=p.row, column=p.field,
                                                reason=p.keyed if p.keyed is not None else one_line(p.reason))
                                    for p in problems[:5]))
        more = refusal("plan.and_more", count=len(problems) - 5) if len(problems) > 5 else ""
        raise CatalogError(refusal("catalog.snapshot_invalid", problems=shown, more=more))
    assert record is not None  # record_from_mapping returns a record or the problems that prevented one
    user_row = bool(provenance.get("user_row")) if isinstance(provenance, Mapping) else False
    return dataclasses.replace(record, provenance=dataclasses.replace(record.provenance, user_row=user_row))


def pinned_catalog(catalog: Catalog, snapshot: Mapping[str, Mapping[str, Any]]) -> Catalog:
    """A copy of ``catalog`` whose rows named in ``snapshot`` carry the saved values."""
    view = copy.copy(catalog)
    view._tables = {name: dict(rows) for name, rows in catalog._tables.items()}  # noqa: SLF001 - same package
    for key, data in snapshot.items():
        record = record_from_snapshot(key, data)
        view._tables[key.split("/", 1)[0]][record.id] = record  # noqa: SLF001
    view.forget_derived()  # the copy shares the original's sorted rows and indexes until told
    return view
