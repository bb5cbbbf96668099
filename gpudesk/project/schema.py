"""Plan dict ⇄ :class:`Project`, driven only by the dataclass declarations.

``project_from_dict`` trusts nothing: unknown keys, wrong types (a boolean
is not a number; an integer is accepted where a decimal is expected),
NaN/Infinity, out-of-range numbers, over-long text, invalid Unicode,
unknown choices, over-long lists and over-deep nesting are each reported
as ``(path, reason)`` in one :class:`ProjectValidationError`. Missing keys
take their defaults. Older layouts are migrated first (``migrations.py``).

Run ``python -m gpudesk.project.schema --write-json-schema`` to regenerate
``docs/project.schema.json`` from the same declarations.
"""

from __future__ import annotations

import argparse
import difflib
import math
import sys
from pathlib import Path
from typing import Any, cast

from gpudesk.project.errors import NewerSchemaError, ProjectValidationError
from gpudesk.project.field_shapes import (
    DEFAULT_MAX_DEPTH,
    DEFAULT_MAX_ITEMS,
    DEFAULT_MAX_TEXT,
    FREE_FORM_MAX_ITEMS,
    FREE_FORM_MAX_TEXT,
    FREE_TEXT_READ_MAX,
    Shape,
    fields_of,
    item_meta,
)
from gpudesk.project.migrations import migrate
from gpudesk.project.model import Project
from gpudesk.project.region_currency import follow_region_in_dict
from gpudesk.project.schema_json import JSON_SCHEMA_PATH, field_reference_markdown, json_schema, json_schema_text
from gpudesk.refusals import Amount, Choices, Refusal, refusal
from gpudesk.value_description import describe, format_number, quote

__all__ = ["ProjectValidationError", "NewerSchemaError", "project_from_dict", "project_to_dict", "json_schema"]

_INVALID = object()  # a value that was reported as a problem; the field keeps its default


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _text_problem(value: str, max_len: int) -> Refusal | None:
    if len(value) > max_len:
        return refusal("field.text_too_long", length=len(value), limit=max_len)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return refusal("field.text_surrogate")
    return None


def _amount(value: float) -> Amount | str:
    """The value refused as a grouped number; past 10^30 (a 401-digit integer in the file) in words."""
    return Amount(value) if abs(value) < 1e30 else format_number(value)


def range_problem(value: float, meta: dict[str, Any]) -> Refusal | None:
    """Why ``value`` is outside the declared range: value, bound, unit, allowed range and the bound's reason."""
    lo, hi = meta.get("min"), meta.get("max")
    if lo is not None and value < lo:
        key, bound = "field.below_min", lo
    elif hi is not None and value > hi:
        key, bound = "field.above_max", hi
    else:
        return None
    return refusal(
        key, value=_amount(value), bound=Amount(bound),
        unit=refusal("field.range_unit", unit=meta["unit"]) if meta.get("unit") else "",
        allowed=refusal("field.range_allowed", lo=Amount(lo), hi=Amount(hi))
        if lo is not None and hi is not None else "",
        why=refusal("field.range_why", text=meta["why"]) if meta.get("why") else "")


class _Reader:
    """Reads one plan dict, collecting every problem instead of stopping at the first."""

    def __init__(self, editing: bool = False) -> None:
        self.problems: list[tuple[str, str | Refusal]] = []
        self.editing = editing  # an edit is held to a free text's limit; a file read keeps a longer one (free_text.py)

    def fail(self, path: str, reason: str | Refusal) -> Any:
        self.problems.append((path, reason))
        return _INVALID

    def dataclass(self, cls: type, data: Any, path: str) -> Any:
        if not isinstance(data, dict):
            self.fail(path, refusal("field.expected_object", got=describe(data)))
            return cls()
        specs = {spec.name: spec for spec in fields_of(cls)}
        kwargs: dict[str, Any] = {}
        for key, raw in data.items():
            if not isinstance(key, str):
                self.fail(path, refusal("field.key_not_text", got=describe(key)))
                continue
            spec = specs.get(key)
            if spec is None:
                self.fail(_join(path, key), self._unknown(key, specs, path))
                continue
            value = self.value(spec.shape, spec.meta, raw, _join(path, key))
            if value is not _INVALID:
                kwargs[key] = value
        return cls(**kwargs)

    @staticmethod
    def _unknown(key: str, specs: dict[str, Any], path: str) -> Refusal:
        close = difflib.get_close_matches(key, list(specs), n=1)
        return refusal("field.unknown_near", near=repr(close[0]), near_field=_join(path, close[0])) if close \
            else refusal("field.unknown")

    def value(self, shape: Shape, meta: dict[str, Any], raw: Any, path: str) -> Any:
        if raw is None and shape.nullable:
            return None
        kind = shape.kind
        if kind == "dataclass":
            return self.dataclass(shape.dataclass_type, raw, path)
        if kind == "bool":
            return raw if isinstance(raw, bool) else self.fail(path, refusal("field.expected_bool", got=describe(raw)))
        if kind in ("int", "float"):
            return self.number(kind, meta, raw, path)
        if kind == "str":
            return self.text(meta, raw, path)
        if kind == "list":
            return self.sequence(shape, meta, raw, path)
        if kind == "dict":
            return self.mapping(shape, meta, raw, path)
        return self.free_form(raw, path, int(meta.get("max_depth", DEFAULT_MAX_DEPTH)))

    def number(self, kind: str, meta: dict[str, Any], raw: Any, path: str) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            wanted = "field.expected_whole" if kind == "int" else "field.expected_number"
            return self.fail(path, refusal(wanted, got=describe(raw)))
        if kind == "int" and not isinstance(raw, int):
            return self.fail(path, refusal("field.expected_whole", got=describe(raw)))
        if isinstance(raw, float) and not math.isfinite(raw):
            return self.fail(path, refusal("field.not_finite", value=format_number(raw)))
        problem = range_problem(raw, meta)
        if problem:
            return self.fail(path, problem)
        if kind == "int":
            return raw
        try:
            return float(raw)
        except OverflowError:
            return self.fail(path, refusal("field.too_large_number", value=format_number(raw)))

    def text(self, meta: dict[str, Any], raw: Any, path: str) -> Any:
        if not isinstance(raw, str):
            return self.fail(path, refusal("field.expected_text", got=describe(raw)))
        limit = int(meta.get("max_len", DEFAULT_MAX_TEXT))
        free = bool(meta.get("free_text"))
        problem = _text_problem(raw, limit if self.editing or not free else max(limit, FREE_TEXT_READ_MAX))
        if problem:
            return self.fail(path, refusal("field.text_over_limit", length=len(raw), limit=limit,
                                           why=refusal("field.range_why", text=meta["why"]))
                             if free and self.editing and problem.key == "field.text_too_long" else problem)
        choices = meta.get("choices")
        if choices is not None and raw not in choices:
            return self.fail(path, refusal("field.not_choice", text=quote(raw),
                                                  choices=Choices(path.rpartition(".")[2], tuple(choices))))
        return raw

    def _length_ok(self, raw: Any, meta: dict[str, Any], path: str) -> bool:
        limit = int(meta.get("max_items", DEFAULT_MAX_ITEMS))
        if len(raw) > limit:
            self.fail(path, refusal("field.too_many_entries", count=len(raw), limit=limit))
            return False
        return True

    def sequence(self, shape: Shape, meta: dict[str, Any], raw: Any, path: str) -> Any:
        if not isinstance(raw, list):
            return self.fail(path, refusal("field.expected_list", got=describe(raw)))
        if not self._length_ok(raw, meta, path):
            return _INVALID
        element = item_meta(meta)
        out = [self.value(shape.item_shape, element, item, f"{path}[{i}]") for i, item in enumerate(raw)]
        return _INVALID if any(v is _INVALID for v in out) else out

    def mapping(self, shape: Shape, meta: dict[str, Any], raw: Any, path: str) -> Any:
        if not isinstance(raw, dict):
            return self.fail(path, refusal("field.expected_object", got=describe(raw)))
        if not self._length_ok(raw, meta, path):
            return _INVALID
        element = item_meta(meta)
        key_limit = int(meta.get("key_max_len", DEFAULT_MAX_TEXT))
        out: dict[str, Any] = {}
        failed = False
        for key, item in raw.items():
            if not isinstance(key, str):
                self.fail(path, refusal("field.key_not_text", got=describe(key)))
                failed = True
                continue
            child = f"{path}[{key[:60]!r}]"
            problem = _text_problem(key, key_limit)
            if problem:
                self.fail(child, refusal("field.key_problem", problem=problem))
                failed = True
                continue
            value = self.value(shape.item_shape, element, item, child)
            failed = failed or value is _INVALID
            out[key] = value
        return _INVALID if failed else out

    def free_form(self, raw: Any, path: str, depth_left: int) -> Any:
        """Any JSON value (null, boolean, finite number, text, list, object), bounded in size and depth."""
        if raw is None or isinstance(raw, (bool, int)):
            return raw
        if isinstance(raw, float):
            if math.isfinite(raw):
                return raw
            return self.fail(path, refusal("field.not_finite", value=format_number(raw)))
        if isinstance(raw, str):
            problem = _text_problem(raw, FREE_FORM_MAX_TEXT)
            return self.fail(path, problem) if problem else raw
        if not isinstance(raw, (list, tuple, dict)):
            return self.fail(path, refusal("field.expected_json", got=describe(raw)))
        if depth_left <= 0:
            return self.fail(path, refusal("field.nested_too_deep"))
        if len(raw) > FREE_FORM_MAX_ITEMS:
            return self.fail(path, refusal("field.too_many_entries", count=len(raw), limit=FREE_FORM_MAX_ITEMS))
        if isinstance(raw, dict):
            out: dict[str, Any] = {}
            for key, item in raw.items():
                if not isinstance(key, str) or _text_problem(key, FREE_FORM_MAX_TEXT):
                    return self.fail(path, refusal("field.invalid_key", got=describe(key)))
                out[key] = self.free_form(item, f"{path}[{key[:60]!r}]", depth_left - 1)
            return _INVALID if any(v is _INVALID for v in out.values()) else out
        items = [self.free_form(item, f"{path}[{i}]", depth_left - 1) for i, item in enumerate(raw)]
        return _INVALID if any(v is _INVALID for v in items) else items


def check_field_value(shape: Shape, meta: dict[str, Any], value: Any, path: str) -> list[tuple[str, str | Refusal]]:
    """Problems of one value against its field's declaration (the check an edit passes before it applies: a free
    text is held to its limit, which a file read is not)."""
    reader = _Reader(editing=True)
    if shape.kind == "dataclass" and hasattr(type(value), "__dataclass_fields__"):
        value = _plain(value)
    elif shape.kind == "list" and value and hasattr(type(value[0]), "__dataclass_fields__"):
        value = [_plain(v) for v in value]
    reader.value(shape, meta, value, path)
    return reader.problems


def project_from_dict(data: object) -> Project:
    """Validate a plan dict and build the :class:`Project`; older layouts are migrated first.

    Raises :class:`ProjectValidationError` (``.problems``: list of (path, reason))
    or :class:`NewerSchemaError` for a plan from a newer gpudesk.
    """
    if not isinstance(data, dict):
        raise ProjectValidationError([("", refusal("field.expected_object", got=describe(data)))])
    note: str | Refusal = ""
    if "schema_version" in data:
        data, migrated_from = migrate(data)
        if migrated_from is not None:
            note = refusal("plan.migrated_note", version=migrated_from)
    reader = _Reader()
    project = reader.dataclass(Project, _name_unnamed_phases(follow_region_in_dict(data)), "")
    if reader.problems:
        raise ProjectValidationError(reader.problems, note)
    return cast("Project", project)


def _name_unnamed_phases(data: dict[str, Any]) -> dict[str, Any]:
    """A phase the file leaves unnamed is named by its place ("Phase 3"), not the model default every phase
    shares, so a ten-phase plan does not read as ten "Phase 1"s (a new copy; the input is untouched)."""
    phases = data.get("phases")
    if not isinstance(phases, list) or not any(isinstance(p, dict) and "name" not in p for p in phases):
        return data
    named = [{**p, "name": f"Phase {i}"} if isinstance(p, dict) and "name" not in p else p
             for i, p in enumerate(phases, 1)]
    return {**data, "phases": named}


def _plain(value: Any, shape: Shape | None = None) -> Any:
    """Plain JSON data from a plan value; declared decimals are written as floats so saves are canonical."""
    if shape is not None and shape.kind == "float" and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    declared = shape.kind == "dataclass" if shape is not None else hasattr(type(value), "__dataclass_fields__")
    if declared and value is not None:
        return {spec.name: _plain(getattr(value, spec.name), spec.shape) for spec in fields_of(value.__class__)}
    item = shape.item if shape is not None else None
    if isinstance(value, (list, tuple)):
        return [_plain(v, item) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v, item) for k, v in value.items()}
    return value


def project_to_dict(p: Project) -> dict[str, Any]:
    """The plan as plain JSON-ready data (a deep copy; the project is not touched)."""
    return cast("dict[str, Any]", _plain(p))


FORMAT_DOC_PATH = JSON_SCHEMA_PATH.with_name("project-format.md")
TABLE_BEGIN = "<!-- field-reference:begin (generated: python -m gpudesk.project.schema --write-docs) -->"
TABLE_END = "<!-- field-reference:end -->"


def format_doc_with_current_table(doc: str) -> str:
    """``doc`` with the generated field reference between its markers replaced by the current one."""
    head, found, rest = doc.partition(TABLE_BEGIN)
    _, found_end, tail = rest.partition(TABLE_END)
    if not (found and found_end):
        raise ValueError("the format document lacks the field-reference markers")
    return f"{head}{TABLE_BEGIN}\n\n{field_reference_markdown()}\n{TABLE_END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpudesk.project.schema", description=__doc__.splitlines()[0])
    parser.add_argument("--write-json-schema", nargs="?", const=str(JSON_SCHEMA_PATH), metavar="PATH",
                        help=f"write the JSON Schema (default {JSON_SCHEMA_PATH})")
    parser.add_argument("--write-docs", nargs="?", const=str(FORMAT_DOC_PATH), metavar="PATH",
                        help=f"refresh the field tables in the format document (default {FORMAT_DOC_PATH})")
    args = parser.parse_args(argv)
    if args.write_json_schema is None and args.write_docs is None:
        sys.stdout.write(json_schema_text())
        return 0
    if args.write_json_schema is not None:
        Path(args.write_json_schema).write_text(json_schema_text(), encoding="utf-8")
        print(f"wrote {args.write_json_schema}")
    if args.write_docs is not None:
        doc = Path(args.write_docs)
        doc.write_text(format_doc_with_current_table(doc.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote {args.write_docs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
