"""Read and write project fields by path, e.g. ``phases[0].workloads[1].seq_len``.

The UI binds each input widget to a path; undo records (path, old, new);
the comparison view lists differing paths. One parser serves all three.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator
from typing import Any

from gpudesk.refusals import Refusal
from gpudesk.vocabulary.workloads import kind_unit

_TOKEN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


class FieldPathError(KeyError):
    pass


def parse(path: str) -> list[str | int]:
    return list(_parse(path))


@functools.lru_cache(maxsize=4096)
def _parse(path: str) -> tuple[str | int, ...]:
    """Parsed once per path: every input change re-reads each bound editor's path (a bounded set)."""
    parts: list[str | int] = []
    pos = 0
    for match in _TOKEN.finditer(path):
        if match.start() not in (pos, pos + 1):
            break
        pos = match.end()
        parts.append(match.group(1) if match.group(1) else int(match.group(2)))
    if not parts or pos != len(path):
        raise FieldPathError(f"not a field path: {path!r}")
    return tuple(parts)


@functools.lru_cache(maxsize=256)
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


def _step(obj: Any, part: str | int, path: str) -> Any:
    if isinstance(part, str) and not isinstance(obj, dict):
        if not dataclasses.is_dataclass(obj) or part not in _field_names(obj.__class__):
            raise FieldPathError(f"{path}: no field {part!r}")
        return getattr(obj, part)
    try:
        return obj[part]
    except (IndexError, KeyError, TypeError) as exc:
        raise FieldPathError(f"{path}: cannot reach {part!r} ({exc})") from None


def get(root: Any, path: str) -> Any:
    obj = root
    for part in _parse(path):
        obj = _step(obj, part, path)
    return obj


def _parent(root: Any, path: str) -> tuple[Any, str | int]:
    """The object that holds the field ``path`` ends in, and that field's name or index."""
    parts = parse(path)
    parent = root
    for part in parts[:-1]:
        parent = _step(parent, part, path)
    return parent, parts[-1]


def set_value(root: Any, path: str, value: Any) -> Any:
    """Set the field and return the previous value."""
    parent, last = _parent(root, path)
    old = _step(parent, last, path)
    if isinstance(last, int) or isinstance(parent, dict):
        parent[last] = value
    else:
        setattr(parent, last, value)
    return old


def _declared_field(root: Any, path: str) -> dataclasses.Field | None:
    """The dataclass field that ``path`` ends in, or None (a list item or a mapping key)."""
    parent, last = _parent(root, path)
    if isinstance(last, str) and dataclasses.is_dataclass(parent):
        for f in dataclasses.fields(parent):
            if f.name == last:
                return f
    return None


def value_problems(root: Any, path: str, value: Any) -> list[tuple[str, str | Refusal]]:
    """Problems ``value`` would have in the field at ``path`` (type, range with its reason, length, choices).

    Paths that end in a list item or mapping key are not checked here (their container is validated on save).
    """
    from gpudesk.project.field_shapes import fields_of
    from gpudesk.project.schema import check_field_value

    parent, last = _parent(root, path)
    if not (isinstance(last, str) and dataclasses.is_dataclass(parent)):
        return []
    spec = next((s for s in fields_of(parent.__class__) if s.name == last), None)
    if spec is None:
        raise FieldPathError(f"{path}: no field {last!r}")
    return check_field_value(spec.shape, spec.meta, value, path)


def metadata(root: Any, path: str) -> dict[str, Any]:
    """The declared unit, range, choices and help of the field at ``path``; a workload's count in the unit its kind
    counts in (vocabulary.workloads.kind_unit: an image service's items per day are images per day)."""
    f = _declared_field(root, path)
    if f is None:
        return {}
    meta = dict(f.metadata)
    kind = getattr(_parent(root, path)[0], "kind", None)
    if isinstance(kind, str) and isinstance(meta.get("unit"), str):
        meta["unit"] = kind_unit(kind, meta["unit"])
    return meta


def declared_type(root: Any, path: str) -> str:
    """The field's declared type as written in the dataclass (``"int"``, ``"float"``, ``"str"`` …), or ""."""
    f = _declared_field(root, path)
    if f is None:
        return ""
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")


def walk(obj: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf (path, value) of a dataclass tree."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name), f"{prefix}.{f.name}" if prefix else f.name)
    elif isinstance(obj, list) and obj and all(dataclasses.is_dataclass(x) for x in obj):
        for i, item in enumerate(obj):
            yield from walk(item, f"{prefix}[{i}]")
    else:
        yield prefix, obj


def differences(a: Any, b: Any) -> list[tuple[str, Any, Any]]:
    """Paths whose values differ between two dataclass trees (missing side = None)."""
    left = dict(walk(a))
    right = dict(walk(b))
    out = []
    for path in sorted(set(left) | set(right), key=_natural_key):
        if left.get(path) != right.get(path):
            out.append((path, left.get(path), right.get(path)))
    return out


def _natural_key(path: str) -> list[Any]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]
