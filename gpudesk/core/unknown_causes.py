"""Why a figure is unknown: the unknown inputs it rests on (a catalog field the cited sources do not publish, an
input the plan leaves open), each with the figures it leaves unknown.

A figure is unknown (NaN) when an input it needs is: the step pages name that input and how to supply it, so an
unknown never stands on screen unexplained. A figure that is unknown while every input behind it is known has no
cause to name: :func:`unknown_causes` returns it apart, and the window audit fails on it (the core must give it a
value or a word for what it means, as a break-even that never comes reads "never pays back")."""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.explain import FigureSet

CATALOG, USER_INPUT, OTHER = "catalog", "user input", "other"


@dataclass(frozen=True)
class UnknownCause:
    """An unknown input and the shown figures it leaves unknown."""

    key: str
    label: str
    kind: str  # CATALOG | USER_INPUT | OTHER (a constant or a derived source)
    figures: tuple[str, ...]


def is_unknown(figures: FigureSet, key: str) -> bool:
    value = figures.value_at(key)
    return isinstance(value, float) and math.isnan(value)


def _kind(source: str) -> str:
    if source.startswith("catalog"):
        return CATALOG
    return USER_INPUT if source.startswith("user input") else OTHER


def unknown_causes(figures: FigureSet, keys: list[str]) -> tuple[list[UnknownCause], list[str]]:
    """For the figures ``keys`` (those a page shows) that are unknown: the unknown inputs behind them, each with the
    figures of ``keys`` it leaves unknown, in the order the figures come; and the unknown figures with no unknown
    input behind them."""
    causes: dict[str, tuple[str, str, list[str]]] = {}
    unexplained = []
    for key in keys:
        if key not in figures or not is_unknown(figures, key):
            continue
        leaves = [q for q in figures.sources_behind(key) if isinstance(q.value, float) and math.isnan(q.value)]
        if figures.is_input(key):
            leaves = [q for q in leaves if q.key == key] or leaves
        if not leaves:
            unexplained.append(key)
        for leaf in leaves:
            causes.setdefault(leaf.key, (leaf.label, _kind(leaf.source), []))[2].append(key)
    found = [UnknownCause(k, label, kind, tuple(shown)) for k, (label, kind, shown) in causes.items()]
    return found, unexplained
