"""Turn an outside mapping (a TOML table, a CSV line, a bundle entry) into a record.

Every problem is collected, named by row and field, so a user sees all of
them at once; a mapping with any problem yields no record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import Problem
from gpudesk.catalog.schema import (
    CoercionError,
    coerce,
    field_kinds,
    parse_field_sources,
    required_fields,
    table_spec,
)

PROVENANCE_KEYS = ("source", "date", "field_sources", "unknown", "verified", "notes")


def record_from_mapping(
    table: str, data: Mapping[str, Any], row_label: str, *, user_row: bool = False,
    allow_extra: bool = False,
) -> tuple[Any | None, list[Problem]]:
    spec = table_spec(table)
    kinds = field_kinds(spec.record_type)
    problems: list[Problem] = []
    label = str(data.get("id") or row_label)[:80]

    if not allow_extra:
        for key in data:
            if key not in kinds and key not in PROVENANCE_KEYS and key != "user_row":
                problems.append(Problem(table, label, str(key)[:60], "unknown field"))

    values: dict[str, Any] = {}
    for name, kind in kinds.items():
        if name not in data:
            continue
        try:
            values[name] = coerce(kind, data[name])
        except CoercionError as exc:
            problems.append(Problem(table, label, name, str(exc)))
    for name in required_fields(spec.record_type):
        if kinds[name].startswith("opt_"):
            values.setdefault(name, None)  # required in the dataclass, but may be empty
            continue
        if name not in data or data[name] is None or (isinstance(data[name], str) and not data[name].strip()):
            if not any(p.field == name for p in problems):
                problems.append(Problem(table, label, name, "required field is missing"))

    prov_kwargs: dict[str, Any] = {"user_row": user_row}
    for key, kind in (("source", "str"), ("date", "str"), ("notes", "str")):
        try:
            prov_kwargs[key] = coerce(kind, data.get(key))
        except CoercionError as exc:
            problems.append(Problem(table, label, key, str(exc)))
    try:
        prov_kwargs["field_sources"] = parse_field_sources(data.get("field_sources"))
    except CoercionError as exc:
        problems.append(Problem(table, label, "field_sources", str(exc)))
    try:
        prov_kwargs["unknown"] = coerce("tuple_str", data.get("unknown"))
    except CoercionError as exc:
        problems.append(Problem(table, label, "unknown", str(exc)))
    try:
        verified = data.get("verified")
        prov_kwargs["verified"] = True if verified in (None, "") else coerce("bool", verified)
    except CoercionError as exc:
        problems.append(Problem(table, label, "verified", str(exc)))

    if problems:
        return None, problems
    try:
        record = spec.record_type(**values, provenance=rec.Provenance(**prov_kwargs))
    except (TypeError, ValueError) as exc:  # a dataclass refusing the values
        return None, [Problem(table, label, "", f"cannot build the row: {exc}")]
    return record, []


def citation_from_mapping(data: Mapping[str, Any], row_label: str) -> tuple[rec.Citation | None, list[Problem]]:
    problems: list[Problem] = []
    label = str(data.get("id") or row_label)[:80]
    known = ("id", "title", "url", "publisher", "accessed", "kind", "note")
    values: dict[str, str] = {}
    for key in data:
        if key not in known:
            problems.append(Problem("citations", label, str(key)[:60], "unknown field"))
    for key in known:
        if key in data:
            try:
                values[key] = coerce("str", data[key])
            except CoercionError as exc:
                problems.append(Problem("citations", label, key, str(exc)))
    for key in ("id", "title"):
        if not values.get(key):
            problems.append(Problem("citations", label, key, "required field is missing"))
    if values.get("kind", "V") not in ("V", "S", "M", "D"):
        problems.append(Problem("citations", label, "kind", "must be V, S, M or D"))
    if problems:
        return None, problems
    return rec.Citation(**values), []
