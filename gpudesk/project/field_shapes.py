"""What shape each plan field has, read from the dataclass declarations.

The validator (``schema.py``) and the JSON Schema generator
(``schema_json.py``) both walk the dataclasses of ``model.py`` through
this module, so a field declared once is validated, documented and
exported the same way everywhere. No field is handled by name.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass
from typing import Any

# Limits for declarations that do not state their own (metadata wins).
DEFAULT_MAX_TEXT = 10_000  # characters in a text field without max_len
DEFAULT_MAX_ITEMS = 1_000  # entries in a list or mapping without max_items
DEFAULT_MAX_DEPTH = 8  # nesting inside a free-form (Any) field without max_depth
FREE_FORM_MAX_ITEMS = 10_000  # entries of one list/object inside a free-form field
FREE_FORM_MAX_TEXT = 10_000  # characters of one string inside a free-form field
FREE_TEXT_READ_MAX = 100_000  # characters of a user's own text (free_text) a file may hold past its edit limit


@dataclass(frozen=True)
class Shape:
    """The JSON shape of one declared type."""

    kind: str  # "dataclass" | "list" | "dict" | "int" | "float" | "str" | "bool" | "any"
    cls: type | None = None  # the dataclass, for kind "dataclass"
    item: Shape | None = None  # element (list) or value (dict) shape
    nullable: bool = False

    @property
    def dataclass_type(self) -> type:
        """The dataclass of a ``"dataclass"`` shape."""
        if self.cls is None:
            raise TypeError(f"a {self.kind} shape has no dataclass")
        return self.cls

    @property
    def item_shape(self) -> Shape:
        """The element shape of a ``"list"`` or ``"dict"`` shape."""
        if self.item is None:
            raise TypeError(f"a {self.kind} shape has no items")
        return self.item


@dataclass(frozen=True)
class FieldSpec:
    name: str
    shape: Shape
    meta: dict[str, Any]
    default: Any  # the default value, built fresh (default_factory called)


_SCALARS = {int: "int", float: "float", str: "str", bool: "bool"}


def shape_of(tp: Any) -> Shape:
    """Classify a resolved type annotation."""
    if tp is Any:
        return Shape("any")
    if tp in _SCALARS:
        return Shape(_SCALARS[tp])
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return Shape("dataclass", cls=tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        others = [a for a in args if a is not type(None)]
        if len(others) == 1 and len(args) == 2:
            inner = shape_of(others[0])
            return dataclasses.replace(inner, nullable=True)
        raise TypeError(f"unsupported union in the plan model: {tp!r}")
    if origin is list and len(args) == 1:
        return Shape("list", item=shape_of(args[0]))
    if origin is dict and len(args) == 2 and args[0] is str:
        return Shape("dict", item=shape_of(args[1]))
    raise TypeError(f"unsupported type in the plan model: {tp!r}")


@functools.lru_cache(maxsize=None)
def fields_of(cls: type) -> tuple[FieldSpec, ...]:
    """The fields of a plan dataclass with their shapes, metadata and defaults."""
    hints = typing.get_type_hints(cls)
    specs = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            raise TypeError(f"{cls.__name__}.{f.name} has no default; every plan field needs one")
        specs.append(FieldSpec(f.name, shape_of(hints[f.name]), dict(f.metadata), default))
    return tuple(specs)


def item_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """The limits that apply to each element of a list field or value of a mapping field."""
    out: dict[str, Any] = {}
    pairs = (("item_min", "min"), ("item_max", "max"), ("item_unit", "unit"), ("item_max_len", "max_len"),
             ("item_why", "why"), ("item_catalog", "catalog"), ("max_depth", "max_depth"))
    for src, dst in pairs:
        if src in meta:
            out[dst] = meta[src]
    return out


@functools.lru_cache(maxsize=8)
def largest_collection(cls: type) -> int:
    """The most entries any list or mapping of a plan of ``cls`` may hold (its declared ``max_items``, or
    :data:`DEFAULT_MAX_ITEMS`), or the most fields of any of its objects, whichever is larger: a parsed file with a
    longer list or object is refused before it is walked, migrated or validated entry by entry."""
    largest, seen, pending = 0, set(), [cls]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        specs = fields_of(current)
        largest = max(largest, len(specs))
        for spec in specs:
            shape = spec.shape
            while shape.kind in ("list", "dict"):
                largest = max(largest, int(spec.meta.get("max_items", DEFAULT_MAX_ITEMS)))
                shape = shape.item_shape
            if shape.kind == "dataclass":
                pending.append(shape.dataclass_type)
    return largest
