"""The inputs that differ between compared plans, each with what a reader needs to print it (Qt-free).

``input_differences(projects)`` flattens every plan's Project to leaf paths and lists those whose values differ
(a phase or workload only some plans have, once, by its name), each with the project model's unit for the field,
the currency of the phase it sits in, the field's floor (a sentinel such as -1 = not quoted) and, for a workload
field, the workload's kind in each plan (so a face can leave out a field that kind never uses).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gpudesk.project.model import Project

# Top-level Project fields that never count as an input difference: naming, history, file bookkeeping.
IGNORED_INPUTS = ("meta", "revisions", "app_version", "schema_version", "catalog_snapshot")


@dataclass(frozen=True)
class InputDifference:
    path: str  # e.g. "phases[0].hardware.nodes"
    values: tuple[Any, ...]  # one per plan; None where the path does not exist in that plan
    unit: str = ""  # the field's unit as the project model declares it ("ms", "TB", "currency/server")
    currencies: tuple[str, ...] = ()  # each plan's currency for that phase (what "currency" in the unit means)
    floor: float | None = None  # the field's lowest allowed value (a sentinel such as -1 = not quoted)
    kinds: tuple[str, ...] = ()  # a workload field: the kind of that workload in each plan ("" = none there)


def flatten_inputs(obj: Any, prefix: str = "") -> dict[str, Any]:
    """Every leaf of a Project (dataclasses, lists, dicts) keyed by its path."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(obj):
            if not prefix and f.name in IGNORED_INPUTS:
                continue
            out.update(flatten_inputs(getattr(obj, f.name), f"{prefix}.{f.name}" if prefix else f.name))
        return out
    if isinstance(obj, (list, tuple)):
        out = {}
        for i, item in enumerate(obj):
            out.update(flatten_inputs(item, f"{prefix}[{i}]"))
        return out if obj else {prefix: "[]"}
    if isinstance(obj, dict):
        out = {}
        for key in sorted(obj, key=str):
            out.update(flatten_inputs(obj[key], f"{prefix}[{key!r}]"))
        return out if obj else {prefix: "{}"}
    return {prefix: obj}


def _item_prefixes(flat: dict[str, Any]) -> set[str]:
    """Every list/dict item path present, e.g. ``phases[1]`` and ``phases[1].workloads[0]``."""
    return {path[: m.end()] for path in flat for m in re.finditer(r"\]", path)}


def _absent_item(path: str, prefixes: list[set[str]]) -> str | None:
    """The outermost list item on ``path`` that some plan lacks entirely (a whole extra phase or workload)."""
    for m in re.finditer(r"\]", path):
        item = path[: m.end()]
        if any(item not in present for present in prefixes):
            return item
    return None


STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")


def field_meta(project: Project, path: str) -> tuple[dict[str, Any], str]:
    """(the model field's metadata, the currency of the phase it sits in) for a flattened input path."""
    node: Any = project
    meta: dict[str, Any] = {}
    currency = project.phases[0].costs.currency if project.phases else ""
    for name, index in STEP.findall(path):
        if index:
            if not isinstance(node, list) or int(index) >= len(node):
                return {}, currency
            node = node[int(index)]
            meta = {}
            if hasattr(node, "costs"):
                currency = node.costs.currency
            continue
        if not dataclasses.is_dataclass(node):
            return {}, currency
        found = {f.name: f for f in dataclasses.fields(node)}.get(name)
        if found is None:
            return {}, currency
        meta = dict(found.metadata)
        node = getattr(node, name)
    return meta, currency


WORKLOAD_FIELD = re.compile(r"^phases\[(\d+)\]\.workloads\[(\d+)\]\.")


def _workload_kind(project: Project, path: str) -> str:
    match = WORKLOAD_FIELD.match(path)
    if match is None:
        return ""
    phase, workload = int(match[1]), int(match[2])
    if phase >= len(project.phases) or workload >= len(project.phases[phase].workloads):
        return ""
    return project.phases[phase].workloads[workload].kind


def _described(path: str, values: tuple[Any, ...], projects: Sequence[Project]) -> InputDifference:
    metas = [field_meta(p, path) for p in projects]
    meta = next((m for m, _c in metas if m), {})
    floor = meta.get("min")
    kinds = tuple(_workload_kind(p, path) for p in projects) if WORKLOAD_FIELD.match(path) else ()
    return InputDifference(path, values, str(meta.get("unit") or meta.get("item_unit") or ""),
                           tuple(c for _m, c in metas), float(floor) if isinstance(floor, (int, float)) else None,
                           kinds)


def input_differences(projects: Sequence[Project]) -> list[InputDifference]:
    """Paths whose values differ; an item only one plan has (an extra phase) is listed once, by its name."""
    flat = [flatten_inputs(p) for p in projects]
    prefixes = [_item_prefixes(m) for m in flat]
    diffs: list[InputDifference] = []
    listed: set[str] = set()
    for path in dict.fromkeys(p for mapping in flat for p in mapping):
        item = _absent_item(path, prefixes)
        if item is not None:
            if item not in listed:
                listed.add(item)
                diffs.append(InputDifference(item, tuple(
                    m.get(f"{item}.name", "✓") if item in present else None for m, present in zip(flat, prefixes)
                )))
            continue
        values = tuple(m.get(path) for m in flat)
        if any(v != values[0] for v in values):
            diffs.append(_described(path, values, projects))
    return diffs
