"""JSON Schema (draft 2020-12) of the plan format, generated from ``model.py``.

The same declarations drive the validator in ``schema.py``; the shipped
``docs/project.schema.json`` is this output, and a test fails when it is
stale. Non-standard keywords carry what JSON Schema cannot say: ``x-unit``
(the unit), ``x-bound-reason`` (why the range or length limit is what it
is), ``x-catalog-table`` (the catalog table a text field names a row of)
and ``x-essential`` (an input a workload cannot do without: its role and
the workload kinds it applies to; left unset, it is listed as assumed).
"""

from __future__ import annotations

import json
from typing import Any

from gpudesk.paths import project_root
from gpudesk.project.field_shapes import (
    DEFAULT_MAX_DEPTH,
    DEFAULT_MAX_ITEMS,
    DEFAULT_MAX_TEXT,
    FREE_FORM_MAX_ITEMS,
    Shape,
    fields_of,
    item_meta,
)
from gpudesk.project.model import SCHEMA_VERSION, Project
from gpudesk.value_description import format_number

JSON_SCHEMA_PATH = project_root() / "docs" / "project.schema.json"
SCHEMA_ID = "https://gpudesk.invalid/schema/project.schema.json"


def _describe(meta: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if meta.get("help"):
        out["description"] = meta["help"]
    if meta.get("unit"):
        out["x-unit"] = meta["unit"]
    if meta.get("why"):
        out["x-bound-reason"] = meta["why"]
    if meta.get("essential"):
        out["x-essential"] = {"role": meta["essential"], "kinds": list(meta.get("kinds", ()))}
    return out


def _node(shape: Shape, meta: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    kind = shape.kind
    node: dict[str, Any]
    if kind == "dataclass":
        _define(shape.dataclass_type, defs)
        node = {"$ref": f"#/$defs/{shape.dataclass_type.__name__}"}
    elif kind == "bool":
        node = {"type": "boolean"}
    elif kind in ("int", "float"):
        node = {"type": "integer" if kind == "int" else "number"}
        if meta.get("min") is not None:
            node["minimum"] = meta["min"]
        if meta.get("max") is not None:
            node["maximum"] = meta["max"]
        if meta.get("why"):
            node["x-bound-reason"] = meta["why"]
    elif kind == "str":
        node = {"type": "string", "maxLength": int(meta.get("max_len", DEFAULT_MAX_TEXT))}
        if meta.get("choices") is not None:
            node["enum"] = list(meta["choices"])
        if meta.get("catalog"):
            node["x-catalog-table"] = meta["catalog"]
        if meta.get("suggested"):
            node["examples"] = list(meta["suggested"])  # the codes the form offers; others are kept as written
    elif kind == "list":
        node = {
            "type": "array",
            "maxItems": int(meta.get("max_items", DEFAULT_MAX_ITEMS)),
            "items": _node(shape.item_shape, item_meta(meta), defs),
        }
    elif kind == "dict":
        node = {
            "type": "object",
            "maxProperties": int(meta.get("max_items", DEFAULT_MAX_ITEMS)),
            "propertyNames": {"maxLength": int(meta.get("key_max_len", DEFAULT_MAX_TEXT))},
            "additionalProperties": _node(shape.item_shape, item_meta(meta), defs),
        }
    else:
        depth = int(meta.get("max_depth", DEFAULT_MAX_DEPTH))
        node = {
            "description": f"free-form JSON (finite numbers, at most {depth} levels deep, "
            f"at most {FREE_FORM_MAX_ITEMS} entries per list or object)",
        }
        if "max_items" in meta:
            node["maxProperties"] = int(meta["max_items"])
    if shape.nullable:
        node = {"anyOf": [node, {"type": "null"}]}
    return node


def _json_default(value: Any) -> tuple[bool, Any]:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True, value
    if isinstance(value, (list, dict)) and not value:
        return True, value
    return False, None


def _define(cls: type, defs: dict[str, Any]) -> None:
    name = cls.__name__
    if name in defs:
        return
    defs[name] = {}  # reserve first, so recursive declarations terminate
    properties: dict[str, Any] = {}
    for spec in fields_of(cls):
        node = _node(spec.shape, spec.meta, defs)
        if "$ref" not in node:
            node.update({k: v for k, v in _describe(spec.meta).items() if k not in node})
            known, default = _json_default(spec.default)
            if known:
                node["default"] = default
        properties[spec.name] = node
    doc = (cls.__doc__ or "").strip().splitlines()
    body: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
    if doc and not doc[0].startswith(f"{name}("):
        body = {"description": doc[0], **body}
    defs[name] = body


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a current-version plan file."""
    defs: dict[str, Any] = {}
    _define(Project, defs)
    root = defs.pop(Project.__name__)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"gpudesk plan (.gpudesk), schema version {SCHEMA_VERSION}",
        **root,
        "$defs": dict(sorted(defs.items())),
    }


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def _limits(spec_shape: Shape, meta: dict[str, Any]) -> tuple[str, str, str]:
    """(type, range, unit) cells of the field reference table."""
    kind = spec_shape.kind
    if kind in ("int", "float"):
        lo, hi = meta.get("min"), meta.get("max")
        bounds = " … ".join("—" if v is None else format_number(v) for v in (lo, hi))
        return ("integer" if kind == "int" else "number"), bounds, meta.get("unit", "")
    if kind == "str":
        if meta.get("choices") is not None:
            return "choice", " · ".join(meta["choices"]), ""
        if meta.get("catalog"):
            return f"id of a catalog `{meta['catalog']}` row", f"≤ {int(meta.get('max_len', DEFAULT_MAX_TEXT))} chars", ""
        if meta.get("suggested"):
            return "text (known: " + " · ".join(meta["suggested"]) + ")", f"≤ {int(meta.get('max_len', DEFAULT_MAX_TEXT))} chars", ""
        return "text", f"≤ {int(meta.get('max_len', DEFAULT_MAX_TEXT))} chars", ""
    if kind == "bool":
        return "true/false", "", ""
    if kind == "dataclass":
        return f"object [{spec_shape.dataclass_type.__name__}](#{spec_shape.dataclass_type.__name__.lower()})", "", ""
    if kind in ("list", "dict"):
        inner_type, inner_range, inner_unit = _limits(spec_shape.item_shape, item_meta(meta))
        container = "list" if kind == "list" else "mapping text →"
        bound = f"≤ {int(meta.get('max_items', DEFAULT_MAX_ITEMS))} entries"
        return f"{container} {inner_type}", "; ".join(filter(None, [bound, inner_range])), inner_unit
    return f"free-form JSON (≤ {int(meta.get('max_depth', DEFAULT_MAX_DEPTH))} levels)", "", ""


def field_reference_markdown() -> str:
    """One Markdown table per plan section: field, type, range, unit, default, meaning."""
    defs: dict[str, Any] = {}
    _define(Project, defs)
    order = [Project.__name__] + sorted(name for name in defs if name != Project.__name__)
    classes = {cls.__name__: cls for cls in _all_classes(Project)}
    out: list[str] = []
    for name in order:
        out += [f"### {name}", "", "| field | type | range | unit | default | meaning | why this range |",
                "|---|---|---|---|---|---|---|"]
        for spec in fields_of(classes[name]):
            kind, bounds, unit = _limits(spec.shape, spec.meta)
            known, default = _json_default(spec.default)
            shown = json.dumps(default, ensure_ascii=False) if known else "see section"
            meaning = spec.meta.get("help", "")
            if spec.meta.get("essential"):
                kinds = ", ".join(spec.meta.get("kinds", ()))
                meaning = f"{meaning}; " if meaning else ""
                meaning += f"**essential** ({spec.meta['essential']}) for {kinds}"
            reason = spec.meta.get("why") or item_meta(spec.meta).get("why", "")
            out.append(f"| `{spec.name}` | {kind} | {bounds} | {unit} | {shown} | {meaning} | {reason} |")
        out.append("")
    return "\n".join(out)


def _all_classes(cls: type) -> list[type]:
    found: list[type] = []
    pending = [cls]
    while pending:
        current = pending.pop()
        if current in found:
            continue
        found.append(current)
        for spec in fields_of(current):
            shape: Shape | None = spec.shape
            while shape is not None and shape.kind in ("list", "dict"):
                shape = shape.item
            if shape is not None and shape.cls is not None:
                pending.append(shape.cls)
    return found
