"""Why a figure is unknown: the unknown inputs it rests on (a catalog field the cited sources do not publish, an
input the plan leaves open), each with the figures it leaves unknown.

A figure is unknown (NaN) when an input it needs is: the step pages name that input and how to supply it, so an
unknown never stands on screen unexplained. A figure that is unknown while every input behind it is known has no
cause to name: :func:`unknown_causes` returns it apart, and the window audit fails on it (the core must give it a
value or a word for what it means, as a break-even that never comes reads "never pays back")."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from gpudesk.core.explain import FigureSet, Quantity

CATALOG, USER_INPUT, QUOTE, OTHER = "catalog", "user input", "quote", "other"
COPIED_FROM = re.compile(r"\(([a-z][a-z0-9_.]*)\)$")
"""An input that carries another model's figure names it last: "storage model (storage.monthly_cost)"."""


@dataclass(frozen=True)
class UnknownCause:
    """An unknown input and the shown figures it leaves unknown."""

    key: str
    label: str
    kind: str  # CATALOG | USER_INPUT | QUOTE (a price not quoted yet) | OTHER (a constant or a derived source)
    figures: tuple[str, ...]


def is_unknown(figures: FigureSet, key: str) -> bool:
    value = figures.value_at(key)
    return isinstance(value, float) and math.isnan(value)


def _kind(source: str) -> str:
    if source.startswith("catalog"):
        return CATALOG
    if source.startswith("not quoted"):
        return QUOTE
    return USER_INPUT if source.startswith("user input") else OTHER


def _unknown_leaves(figures: FigureSet, key: str, seen: set[str]) -> list[Quantity]:
    """The unknown inputs behind ``key``, following an input that copies another figure of the set to that figure's
    own inputs (the storage rent the run model reads is the storage model's monthly cost, unknown for want of a
    catalog price)."""
    found = []
    for leaf in figures.sources_behind(key):
        if not (isinstance(leaf.value, float) and math.isnan(leaf.value)) or leaf.key in seen:
            continue
        seen.add(leaf.key)
        copied = COPIED_FROM.search(leaf.source)
        origin = copied.group(1) if copied else ""
        deeper = _unknown_leaves(figures, origin, seen) if origin in figures and origin not in seen else []
        found += deeper or [leaf]
    return found


def unknown_causes(figures: FigureSet, keys: list[str]) -> tuple[list[UnknownCause], list[str]]:
    """For the figures ``keys`` (those a page shows) that are unknown: the unknown inputs behind them, each with the
    figures of ``keys`` it leaves unknown, in the order the figures come; and the unknown figures with no unknown
    input behind them."""
    causes: dict[str, tuple[str, str, list[str]]] = {}
    unexplained = []
    for key in keys:
        if key not in figures or not is_unknown(figures, key):
            continue
        leaves = _unknown_leaves(figures, key, set())
        if not leaves:
            unexplained.append(key)
        for leaf in leaves:
            causes.setdefault(leaf.key, (leaf.label, _kind(leaf.source), []))[2].append(key)
    found = [UnknownCause(k, label, kind, tuple(shown)) for k, (label, kind, shown) in causes.items()]
    return found, unexplained
