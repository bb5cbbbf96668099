"""How a plan field declares itself (for project/model.py): its default, unit, valid range and the reason for
it, its choices, its length or item limits, its catalog table, and whether a workload cannot do without it. The
schema validator, the JSON Schema, the documentation tables and the UI's inputs all read this metadata."""

from __future__ import annotations

from dataclasses import field
from typing import Any


def num(default: float, lo: float, hi: float, unit: str = "", help: str = "", *, why: str = "",
        **extra: Any) -> Any:
    """A number in ``lo``..``hi`` (``unit``); ``why`` says what the range covers."""
    return field(default=default, metadata={"min": lo, "max": hi, "unit": unit, "help": help, "why": why, **extra})


def choice(default: str, choices: tuple[str, ...], help: str = "", **extra: Any) -> Any:
    return field(default=default, metadata={"choices": choices, "help": help, **extra})


def text(default: str = "", max_len: int = 10_000, help: str = "", **extra: Any) -> Any:
    """Text of at most ``max_len`` characters; ``catalog="models"`` marks the id of a row of that table."""
    return field(default=default, metadata={"max_len": max_len, "help": help, **extra})


def free_text(default: str, max_len: int, why: str, help: str = "") -> Any:
    """Text the user writes in their own words (a name, a note), at most ``max_len`` characters; ``why`` says what
    the limit protects (the cover, the status bar, a file name). An edit beyond it is refused; a file that holds a
    longer text (written by hand or by an older gpudesk) opens with it kept as it is and a warning naming the field
    and the limit (``project/free_text.py``), never refused or cut."""
    return field(default=default, metadata={"max_len": max_len, "free_text": True, "why": why, "help": help})


def items(factory: Any, max_items: int, help: str = "", **item_limits: Any) -> Any:
    """A list or mapping field: ``max_items`` bounds its length (``why`` says why); ``item_min``/``item_max``/
    ``item_unit``/``item_why`` bound numeric items (values, for mappings), ``item_max_len`` text items,
    ``item_catalog`` names the table of id items, ``key_max_len`` mapping keys and ``max_depth`` free-form
    JSON values."""
    return field(default_factory=factory, metadata={"max_items": max_items, "help": help, **item_limits})


def essential(role: str, kinds: tuple[str, ...], label: str) -> dict[str, Any]:
    """Metadata of an input a workload of ``kinds`` cannot do without (role: workload, model, data, target); the
    English label of the checks' own text (every surface words the input by ``workload.<field>`` of the report
    text catalogue)."""
    return {"essential": role, "kinds": kinds, "label": label}
