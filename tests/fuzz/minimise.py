"""Shrink a failing plan to the smallest document that still fails the same way.

Greedy and bounded: delete object keys and list items, then replace
containers by empty ones, keeping each change that preserves the failure.
Inputs that are not a JSON object (byte-level cases) are kept as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

MAX_TRIES = 400


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = []
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((*prefix, key))
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.append((*prefix, index))
            out += _paths(value, (*prefix, index))
    return out


def _without(doc: Any, path: tuple[Any, ...]) -> Any:
    copy = json.loads(json.dumps(doc, allow_nan=True))
    parent = copy
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    return copy


def minimise_plan(raw: bytes, still_fails: Callable[[bytes], bool]) -> bytes:
    try:
        doc = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return raw
    if not isinstance(doc, dict):
        return raw
    tries = 0
    changed = True
    while changed and tries < MAX_TRIES:
        changed = False
        for path in sorted(_paths(doc), key=len):
            if tries >= MAX_TRIES:
                break
            if path == ("schema_version",):
                continue
            try:
                candidate = _without(doc, path)
            except (KeyError, IndexError, TypeError):
                continue
            tries += 1
            encoded = json.dumps(candidate, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")
            if still_fails(encoded):
                doc = candidate
                changed = True
                break
    return json.dumps(doc, ensure_ascii=False, indent=1, allow_nan=True).encode("utf-8", "surrogatepass")
