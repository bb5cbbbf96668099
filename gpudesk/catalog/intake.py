"""Turn an outside mapping (a TOML table, a CSV line, a bundle entry) into a record.

Every problem is collected, named by row and field, so a user sees all of
them at once; a mapping with any problem yields no record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import Problem
from gpudesk.catalog.field_rules import unit_of
from gpudesk.catalog.schema import (
    CoercionError,
    coerce,
    field_kinds,
    parse_field_sources,
    required_fields,
    table_spec,
)
from gpudesk.refusals import Refusal, refusal
from gpudesk.value_description import describe

PROVENANCE_KEYS = ("source", "date", "field_sources", "unknown", "verified", "notes")
TRANSLATED_KEYS = ("notes_zh", "provider_zh", "instance_zh")
"""A row's notes (and a cloud offer's descriptive provider and instance) in Chinese, beside its English in the catalog TOML: read by ``catalog.sources.chinese_texts`` for
the surfaces that show them, not part of the record (so a plan's catalog snapshot and its drift are unchanged)."""
CITATION_KEYS = ("id", "title", "url", "publisher", "accessed", "kind", "note")
CITATION_TRANSLATED_KEYS = ("note_zh", "publisher_zh", "title_zh")
"""A citation's words in Chinese: its note, a publisher that is a description, and its title (gpudesk's words in it in
Chinese; a published title it quotes stays as published)."""


def _text_problems(table: str, label: str, data: Mapping[str, Any], keys: tuple[str, ...]) -> list[Problem]:
    """A translated text that is not text."""
    return [_problem(table, label, key, refusal("catalog.must_be_text"))
            for key in keys if key in data and not isinstance(data[key], str)]


def _problem(table: str, label: str, name: str, reason: Refusal) -> Problem:
    return Problem(table, label, name, str(reason), reason)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _with_unit(reason: Refusal, table: str, name: str) -> Refusal:
    """A number refused in a text cell, with the unit its column is in: '150 W' in a CSV's tdp_w read "expected a
    number, got '150 W'", and a user could not tell the unit belongs in the column's name, not the cell."""
    unit = unit_of(table, name)
    if "unit" not in reason.values or not unit:
        return reason
    return refusal(reason.key, **{**reason.values, "unit": refusal("field.range_unit", unit=unit)})


def typed_problem(table: str, name: str, kind: str, value: Any) -> Refusal | None:
    """Why ``value``, read from a typed file (the catalog TOML), is not of the field's type: a number written in
    quotes ("700" for a TDP), true/false in quotes, a single value where a list is expected. The loose coercion
    CSV cells need (every cell is text) would take them silently; a typed file states its types, and a quoted
    number there is a slip worth naming (with the unit the field is in)."""
    base = kind.removeprefix("opt_")
    unit = unit_of(table, name)
    in_unit = refusal("field.range_unit", unit=unit) if unit else ""
    if base in ("float", "int") and not _is_number(value):  # a whole number's fraction: coerce says so after
        return refusal("catalog.typed_number", unit=in_unit, got=describe(value))
    if base == "bool" and not isinstance(value, bool):
        return refusal("catalog.typed_bool", got=describe(value))
    if base == "tuple_float" and not (isinstance(value, list) and all(_is_number(v) for v in value)):
        return refusal("catalog.typed_numbers", unit=in_unit, got=describe(value))
    if base == "tuple_str" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return refusal("catalog.typed_texts", got=describe(value))
    return None


def record_from_mapping(
    table: str, data: Mapping[str, Any], row_label: str, *, user_row: bool = False,
    allow_extra: bool = False, translated: bool = False, typed: bool = False,
) -> tuple[Any | None, list[Problem]]:
    """``translated``: the mapping is a shipped catalog TOML row, which may carry its notes in Chinese
    (``TRANSLATED_KEYS``) beside the fields of the record. ``typed``: the mapping comes from a file that states its
    types (TOML): a number, a true/false or a list must be written as one (:func:`typed_problem`)."""
    spec = table_spec(table)
    kinds = field_kinds(spec.record_type)
    problems: list[Problem] = []
    label = str(data.get("id") or row_label)[:80]

    if not allow_extra:
        for key in data:
            if key not in kinds and key not in PROVENANCE_KEYS and key != "user_row" \
                    and not (translated and key in TRANSLATED_KEYS):
                problems.append(_problem(table, label, str(key)[:60], refusal("catalog.unknown_field")))
    problems += _text_problems(table, label, data, TRANSLATED_KEYS if translated else ())

    values: dict[str, Any] = {}
    for name, kind in kinds.items():
        if name not in data:
            continue
        mistyped = typed_problem(table, name, kind, data[name]) if typed else None
        if mistyped is not None:
            problems.append(_problem(table, label, name, mistyped))
            continue
        try:
            values[name] = coerce(kind, data[name])
        except CoercionError as exc:
            problems.append(_problem(table, label, name, _with_unit(exc.refusal, table, name)))
    for name in required_fields(spec.record_type):
        if kinds[name].startswith("opt_"):
            values.setdefault(name, None)  # required in the dataclass, but may be empty
            continue
        if name not in data or data[name] is None or (isinstance(data[name], str) and not data[name].strip()):
            if not any(p.field == name for p in problems):
                problems.append(_problem(table, label, name, refusal("catalog.required_missing")))

    prov_kwargs: dict[str, Any] = {"user_row": user_row}
    for key, kind in (("source", "str"), ("date", "str"), ("notes", "str")):
        try:
            prov_kwargs[key] = coerce(kind, data.get(key))
        except CoercionError as exc:
            problems.append(_problem(table, label, key, exc.refusal))
    try:
        prov_kwargs["field_sources"] = parse_field_sources(data.get("field_sources"))
    except CoercionError as exc:
        problems.append(_problem(table, label, "field_sources", exc.refusal))
    try:
        prov_kwargs["unknown"] = coerce("tuple_str", data.get("unknown"))
    except CoercionError as exc:
        problems.append(_problem(table, label, "unknown", exc.refusal))
    verified = data.get("verified")
    try:
        if typed and verified is not None and not isinstance(verified, bool):
            problems.append(_problem(table, label, "verified", refusal("catalog.typed_bool", got=describe(verified))))
        else:
            prov_kwargs["verified"] = True if verified in (None, "") else coerce("bool", verified)
    except CoercionError as exc:
        problems.append(_problem(table, label, "verified", exc.refusal))

    if problems:
        return None, problems
    try:
        record = spec.record_type(**values, provenance=rec.Provenance(**prov_kwargs))
    except (TypeError, ValueError) as exc:  # a dataclass refusing the values
        return None, [_problem(table, label, "", refusal("catalog.cannot_build", text=str(exc)))]
    return record, []


def citation_from_mapping(data: Mapping[str, Any], row_label: str,
                          translated: bool = False) -> tuple[rec.Citation | None, list[Problem]]:
    """``translated``: a shipped citations.toml entry, which may carry its note in Chinese (``note_zh``)."""
    problems: list[Problem] = []
    label = str(data.get("id") or row_label)[:80]
    values: dict[str, str] = {}
    for key in data:
        if key not in CITATION_KEYS and not (translated and key in CITATION_TRANSLATED_KEYS):
            problems.append(_problem("citations", label, str(key)[:60], refusal("catalog.unknown_field")))
    problems += _text_problems("citations", label, data, CITATION_TRANSLATED_KEYS if translated else ())
    for key in CITATION_KEYS:
        if key in data:
            try:
                values[key] = coerce("str", data[key])
            except CoercionError as exc:
                problems.append(_problem("citations", label, key, exc.refusal))
    for key in ("id", "title"):
        if not values.get(key):
            problems.append(_problem("citations", label, key, refusal("catalog.required_missing")))
    if values.get("kind", "V") not in ("V", "S", "M", "D"):
        problems.append(_problem("citations", label, "kind", refusal("rule.citation_kind")))
    if problems:
        return None, problems
    return rec.Citation(**values), []
