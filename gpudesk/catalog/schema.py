"""Which record type lives in which table, and how a record becomes a row.

A row is a flat dict of SQLite-friendly values: the record's own fields
(tuples stored as JSON text, booleans as 0/1) followed by the provenance
columns. ``coerce`` turns loosely typed input (TOML values, CSV strings,
JSON) into the exact Python type of a field, or says why it cannot.
"""

from __future__ import annotations

import json
import math
import typing
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.refusals import refusal

SCHEMA_VERSION = 2

PROVENANCE_COLUMNS: tuple[str, ...] = (
    "source", "date", "field_sources", "unknown", "verified", "notes", "user_row",
)

MAX_TEXT_CHARS = 2000
MAX_ABS_NUMBER = 1e15  # larger magnitudes are input mistakes for every catalog field


@dataclass(frozen=True)
class TableSpec:
    name: str
    record_type: type
    toml_file: str
    title: str


TABLES: dict[str, TableSpec] = {
    spec.name: spec
    for spec in (
        TableSpec("accelerators", rec.Accelerator, "accelerators.toml", "Accelerators"),
        TableSpec("models", rec.ModelArch, "models.toml", "Model architectures"),
        TableSpec("servers", rec.Server, "servers.toml", "Servers and racks"),
        TableSpec("interconnects", rec.Interconnect, "interconnects.toml", "Interconnects"),
        TableSpec("switches", rec.Switch, "switches.toml", "Switches"),
        TableSpec("nics", rec.Nic, "nics.toml", "NICs and optics"),
        TableSpec("storage_options", rec.StorageOption, "storage.toml", "Storage options"),
        TableSpec("cloud_offers", rec.CloudOffer, "cloud_offers.toml", "Cloud and rental offers"),
        TableSpec("facility_defaults", rec.FacilityDefault, "facility.toml", "Facility defaults"),
        TableSpec("availability", rec.Availability, "availability.toml", "Availability per market"),
    )
}
CITATIONS_TABLE = "citations"
META_TABLE = "meta"


def table_spec(table: str) -> TableSpec:
    spec = TABLES.get(table)
    if spec is not None:  # every catalog row read asks: the error's import only when there is one to raise
        return spec
    from gpudesk.catalog.errors import CatalogError

    raise CatalogError(f"unknown catalog table '{table}'; tables are: {', '.join(TABLES)}")


@cache
def field_kinds(record_type: type) -> dict[str, str]:
    """Field name -> kind (str, float, int, bool, opt_*, tuple_str, tuple_float), provenance excluded."""
    hints = typing.get_type_hints(record_type)
    kinds: dict[str, str] = {}
    for f in fields(record_type):
        if f.name == "provenance":
            continue
        kinds[f.name] = _kind_of(hints[f.name])
    return kinds


def _kind_of(hint: Any) -> str:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint in (str, float, int, bool):
        return str(hint.__name__)
    if origin is tuple:
        return "tuple_float" if args[0] is float else "tuple_str"
    if args and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return "opt_" + str(inner.__name__)
    if origin is dict or hint is dict:
        return "json"
    raise TypeError(f"unsupported catalog field type {hint!r}")


@cache
def required_fields(record_type: type) -> tuple[str, ...]:
    """Fields without a default: a row must give them."""
    from dataclasses import MISSING

    return tuple(
        f.name for f in fields(record_type)
        if f.default is MISSING and f.default_factory is MISSING and f.name != "provenance"
    )


@cache
def field_defaults(record_type: type) -> dict[str, Any]:
    from dataclasses import MISSING

    out: dict[str, Any] = {}
    for f in fields(record_type):
        if f.name == "provenance":
            continue
        if f.default is not MISSING:
            out[f.name] = f.default
        elif f.default_factory is not MISSING:
            out[f.name] = f.default_factory()
    return out


def sqlite_columns(record_type: type) -> dict[str, type]:
    """Column name -> Python type for sqlite-utils ``create``."""
    base = {"str": str, "float": float, "int": int, "bool": int, "json": str}
    cols: dict[str, type] = {}
    for name, kind in field_kinds(record_type).items():
        cols[name] = base.get(kind.removeprefix("opt_"), str)
    cols.update(source=str, date=str, field_sources=str, unknown=str, verified=int, notes=str, user_row=int)
    return cols


class CoercionError(ValueError):
    """A value cannot become the field's type; str(error) is the reason (``refusal``: its key and values)."""

    def __init__(self, key: str, **values: Any) -> None:
        self.refusal = refusal(key, **values)
        super().__init__(str(self.refusal))


_EXACT = {"str": str, "opt_str": str, "float": float, "opt_float": float, "int": int, "opt_int": int}
"""Kinds whose value of exactly this Python type :func:`coerce` takes on a short path (the shipped catalog's rows hold
~4,800 such values; every start builds them: 7.4 -> ~3 ms)."""


def coerce(kind: str, value: Any) -> Any:
    """Turn a loosely typed value into the exact type of a field of ``kind``."""
    exact = _EXACT.get(kind)
    if exact is not None and type(value) is exact:  # what the checks below give such a value, without them
        same: Any = value  # of the field's exact type (the check narrows ``value`` to object)
        if exact is str:
            text = same.strip()
            if len(text) <= MAX_TEXT_CHARS:
                return text if text or kind == "str" else None
        elif -MAX_ABS_NUMBER <= same <= MAX_ABS_NUMBER:  # false for NaN: refused below
            return same
    return _coerce(kind, value)


def _coerce(kind: str, value: Any) -> Any:
    optional = kind.startswith("opt_")
    base = kind.removeprefix("opt_")
    if value is None or (isinstance(value, str) and value.strip() == ""):
        if optional:
            return None
        if base == "str":
            return ""
        if base.startswith("tuple"):
            return ()
        raise CoercionError("coerce.required")
    if base == "str":
        if not isinstance(value, str):
            raise CoercionError("coerce.expected_text", type=type(value).__name__)
        text = value.strip()
        if len(text) > MAX_TEXT_CHARS:
            raise CoercionError("coerce.text_too_long", limit=MAX_TEXT_CHARS)
        return text
    if base == "bool":
        return _coerce_bool(value)
    if base in ("float", "int"):
        return _coerce_number(base, value)
    if base in ("tuple_str", "tuple_float"):
        items = _split_list(value)
        inner = "float" if base == "tuple_float" else "str"
        out = tuple(coerce(inner, item) for item in items)
        if len(out) > 64:
            raise CoercionError("coerce.too_many_items", limit=64)
        return out
    raise CoercionError("coerce.unsupported_kind", kind=kind)


def _coerce_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "1", "y"):
            return True
        if lowered in ("false", "no", "0", "n"):
            return False
    raise CoercionError("coerce.expected_bool", text=repr(str(value)[:40]))


def _coerce_number(base: str, value: Any) -> float | int:
    if isinstance(value, bool):
        raise CoercionError("coerce.bool_not_number")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 40:
            raise CoercionError("coerce.number_text_too_long", limit=40)
        try:
            number: float | int = int(text) if base == "int" else float(text)
        except ValueError:
            if base == "int":
                try:
                    as_float = float(text)
                except ValueError:
                    raise CoercionError("coerce.expected_whole_text", text=repr(text[:40]), unit="") from None
                if math.isfinite(as_float) and as_float.is_integer():
                    number = int(as_float)
                else:
                    raise CoercionError("coerce.expected_whole_text", text=repr(text[:40]), unit="") from None
            else:
                raise CoercionError("coerce.expected_number_text", text=repr(text[:40]), unit="") from None
    elif isinstance(value, (int, float)):
        number = value
    else:
        raise CoercionError("coerce.expected_number_type", type=type(value).__name__)
    if isinstance(number, float) and not math.isfinite(number):
        raise CoercionError("coerce.not_finite")
    if abs(number) > MAX_ABS_NUMBER:
        raise CoercionError("coerce.magnitude", value=number, limit=MAX_ABS_NUMBER)
    if base == "int":
        if isinstance(number, float):
            if not number.is_integer():
                raise CoercionError("coerce.expected_whole", value=number)
            number = int(number)
        return int(number)
    return float(number)


def _split_list(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                parsed = json.loads(text)
            except ValueError:
                raise CoercionError("coerce.list_not_json") from None
            if not isinstance(parsed, list):
                raise CoercionError("coerce.expected_list")
            return parsed
        return [part for part in (p.strip() for p in text.split(";")) if part]
    raise CoercionError("coerce.expected_list_type", type=type(value).__name__)


def parse_field_sources(value: Any) -> dict[str, str]:
    """``{"tdp_w": "cit-id"}``, its JSON text, or ``tdp_w=cit-id;fp8_tflops=cit-id``."""
    if value is None or value == "":
        return {}
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("{"):
            try:
                value = json.loads(text)
            except ValueError:
                raise CoercionError("coerce.sources_not_json") from None
        else:
            pairs: dict[str, str] = {}
            for part in (p.strip() for p in text.split(";")):
                if not part:
                    continue
                if "=" not in part:
                    raise CoercionError("coerce.sources_entry", text=repr(part[:40]))
                key, cit = (s.strip() for s in part.split("=", 1))
                pairs[key] = cit
            return pairs
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise CoercionError("coerce.sources_not_map")
    return dict(value)


def format_field_sources(value: dict[str, str]) -> str:
    return ";".join(f"{k}={v}" for k, v in sorted(value.items()))


def record_to_row(record: Any) -> dict[str, Any]:
    """Flat SQLite row for a record (tuples as JSON text, bools as 0/1)."""
    row: dict[str, Any] = {}
    for name, kind in field_kinds(record.__class__).items():
        value = getattr(record, name)
        if kind.startswith("tuple"):
            value = json.dumps(list(value))
        elif kind.removeprefix("opt_") == "bool":
            value = int(bool(value))
        row[name] = value
    prov: rec.Provenance = record.provenance
    row.update(
        source=prov.source,
        date=prov.date,
        field_sources=json.dumps(prov.field_sources, sort_keys=True),
        unknown=json.dumps(list(prov.unknown)),
        verified=int(prov.verified),
        notes=prov.notes,
        user_row=int(prov.user_row),
    )
    return row


def row_to_record(record_type: type, row: dict[str, Any], *, user_row: bool | None = None) -> Any:
    """Record from a stored row. Columns the record no longer has are ignored;
    fields the row lacks (added to the record later) take their defaults."""
    kinds = field_kinds(record_type)
    values: dict[str, Any] = {}
    for name, kind in kinds.items():
        if name not in row:
            continue
        raw = row[name]
        if kind.startswith("tuple"):
            raw = tuple(json.loads(raw)) if isinstance(raw, str) and raw else ()
        values[name] = coerce(kind, raw)
    prov = rec.Provenance(
        source=row.get("source") or "",
        date=row.get("date") or "",
        field_sources=parse_field_sources(row.get("field_sources")),
        unknown=tuple(json.loads(row["unknown"])) if row.get("unknown") else (),
        verified=bool(row.get("verified", 1)),
        notes=row.get("notes") or "",
        user_row=bool(row.get("user_row", 0)) if user_row is None else user_row,
    )
    return record_type(**values, provenance=prov)


def citation_to_row(citation: rec.Citation) -> dict[str, Any]:
    return {f.name: getattr(citation, f.name) for f in fields(rec.Citation)}


def row_to_citation(row: dict[str, Any]) -> rec.Citation:
    names = {f.name for f in fields(rec.Citation)}
    return rec.Citation(**{k: (v if v is not None else "") for k, v in row.items() if k in names})


def record_as_mapping(record: Any) -> dict[str, Any]:
    """A record's fields and provenance as one mapping (the inverse of ``intake.record_from_mapping``)."""
    data = {name: getattr(record, name) for name in field_kinds(record.__class__)}
    prov: rec.Provenance = record.provenance
    data.update(
        source=prov.source, date=prov.date, field_sources=dict(prov.field_sources),
        unknown=tuple(prov.unknown), verified=prov.verified, notes=prov.notes,
    )
    return data
