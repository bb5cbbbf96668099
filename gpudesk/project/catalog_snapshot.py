"""Catalog reproducibility: the rows a plan was sized with travel inside the plan.

The caller passes the catalog rows it used, keyed ``"table/id"`` (for
example ``"accelerators/h100-sxm"``), as catalog record dataclasses or
plain dicts. They are stored as plain JSON in ``Project.catalog_snapshot``
with the catalog version, so a plan reopened against a newer catalog can
say which datasheet values or prices moved since it was saved.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import Any

from gpudesk.project.model import Project

MAX_DRIFT_LINES = 200


def plain_row(row: Any) -> Any:
    """A catalog record (or dict) as JSON-ready data: dataclasses → dicts, tuples → lists."""
    if dataclasses.is_dataclass(row) and not isinstance(row, type):
        return {f.name: plain_row(getattr(row, f.name)) for f in dataclasses.fields(row)}
    if isinstance(row, Mapping):
        return {str(k): plain_row(v) for k, v in row.items()}
    if isinstance(row, (list, tuple)):
        return [plain_row(v) for v in row]
    if row is None or isinstance(row, (bool, int, str)):
        return row
    if isinstance(row, float):
        if not math.isfinite(row):
            raise ValueError(f"catalog value {row!r} is not a finite number")
        return row
    raise TypeError(f"catalog value of type {type(row).__name__} cannot be stored in a plan")


def record_catalog_rows(project: Project, rows: Mapping[str, Any], catalog_version: str) -> None:
    """Store the catalog rows the plan uses (replacing any earlier snapshot) and the catalog version."""
    project.catalog_snapshot = {str(key): plain_row(row) for key, row in rows.items()}
    project.catalog_version = catalog_version


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _flatten(item, f"{prefix}.{key}" if prefix else str(key), out)
    else:
        out[prefix] = value


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 80 else text[:77] + "…"


def _same(a: Any, b: Any) -> bool:
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool) and not isinstance(b, bool):
        return a == b
    return type(a) is type(b) and a == b


def catalog_drift(project: Project, current_rows: Mapping[str, Any]) -> list[str]:
    """Describe catalog rows that changed since the plan was saved, one line per change.

    ``current_rows`` maps the same ``"table/id"`` keys to today's records or
    dicts. Rows missing today and fields whose values differ are reported;
    rows the plan never used are ignored; a field the records gained since the plan was saved
    (``name_zh``) is a change only where this row fills it. An empty list means the plan
    reproduces exactly.
    """
    lines: list[str] = []
    for key, saved in project.catalog_snapshot.items():
        if key not in current_rows:
            lines.append(f"{key}: no longer in the catalog")
            continue
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        _flatten(saved, "", before)
        _flatten(plain_row(current_rows[key]), "", after)
        for name in sorted(set(before) | set(after)):
            label = f"{key}: {name}" if name else key
            if name not in after:
                lines.append(f"{label} was {_show(before[name])}, now absent")
            elif name not in before:
                if after[name] in ("", None, [], {}):  # a field records gained since, empty in this row: no change
                    continue
                lines.append(f"{label} is new: {_show(after[name])}")
            elif not _same(before[name], after[name]):
                lines.append(f"{label} was {_show(before[name])}, now {_show(after[name])}")
    if len(lines) > MAX_DRIFT_LINES:
        lines = lines[:MAX_DRIFT_LINES] + [f"… and {len(lines) - MAX_DRIFT_LINES} more changes"]
    return lines
