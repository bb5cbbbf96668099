"""Each searched row priced through the cost ledger: the configuration pinned into a copy of the plan, sized by
the same pipeline and costed by the same ledger builder as the plan itself (never a second cost formula).

A row's GPUs, nodes and cost (the ledger's total over the plan's horizon) are then exactly what the plan
reports after pinning that row. A row whose pinned
plan cannot be estimated keeps the search's counts and an unknown cost (never 0).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import re
from collections import OrderedDict
from collections.abc import Callable, Generator, Hashable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, cast

from gpudesk.catalog.store import Catalog
from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.pass_memo import PassMemo
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase, Project
from gpudesk.results.pinning import pins_gpu_count, point_assignments
from gpudesk.results.plan_rows import awaiting_lines, ledger_cost, ledger_reasons

PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")
Estimator = Callable[[Project, int], "tuple[SizedConfiguration, CostLedger]"]  # results.pipeline.phase_ledger


def assign(root: Any, path: str, value: Any, owned: set[int] | None = None) -> None:
    """Set the field at ``path`` ("phases[0].workloads[0].parallel.tp") on ``root``, which the caller owns. With
    ``owned`` (ids of the objects the caller owns, ``root``'s included) every object and list on the way that is
    not owned yet is first replaced by a shallow copy, so the objects ``root`` shares with another plan stay as
    they were: copying a path costs a few objects where a deep copy of the plan copies all of them."""
    parts = _parts(path)
    target = root
    for i, (name, index) in enumerate(parts):
        last = i == len(parts) - 1
        if index is None and last:
            setattr(target, name, value)
            return
        child = getattr(target, name)
        if owned is not None and id(child) not in owned:
            child = list(child) if index is not None else copy.copy(child)
            setattr(target, name, child)
            owned.add(id(child))
        target = child
        if index is not None:
            if last:
                target[int(index)] = value
                return
            child = target[int(index)]
            if owned is not None and id(child) not in owned:
                child = copy.copy(child)
                target[int(index)] = child
                owned.add(id(child))
            target = child


@functools.lru_cache(maxsize=512)
def _parts(path: str) -> tuple[tuple[str, str | None], ...]:
    """``path``'s (name, index or None) parts, parsed once per path (a pass assigns the same few paths to every
    configuration it prices)."""
    parts = []
    for part in path.split("."):
        m = PART.fullmatch(part)
        if m is None:
            raise ValueError(f"{path}: not a field path")
        parts.append((m.group(1), m.group(2)))
    return tuple(parts)


def pinned_project(project: Project, index: int, catalog: Catalog, point: Any,
                   assignments: list[tuple[str, Any]] | None = None) -> Project:
    """A copy of the plan with the searched configuration ``point`` pinned in phase ``index``. A configuration that
    misses a target keeps the search's node count (:func:`kept_nodes`): the plan would otherwise size it up to meet
    the targets, and the ledger would price another configuration than the one the search evaluated. Only the objects on the pinned
    fields' paths are copied; the rest is shared with ``project`` (the pipeline reads a plan, never edits it:
    tests/plan/test_search_pricing_path.py prices every point of every sample and finds the plan unchanged).
    ``assignments``: what :func:`~gpudesk.results.pinning.point_assignments` gives for it, when already made."""
    copied = copy.copy(project)
    owned = {id(copied)}
    if assignments is None:
        assignments = point_assignments(catalog, project.phases[index], index, point)
    for path, value in assignments:
        assign(copied, path, value, owned)
    nodes = kept_nodes(point)
    if nodes:
        assign(copied, f"phases[{index}].hardware.nodes", nodes, owned)
    return copied


def kept_nodes(point: Any) -> int:
    """The node count a pinned configuration keeps: a configuration missing a target whose pinning does not write
    its GPU count (training pins its data-parallel degree, which a kept node count would contradict); else 0."""
    return int(point.nodes) if point.violations and point.nodes > 0 and not pins_gpu_count(point.kind) else 0


PointCost = tuple[int, int, float]  # GPUs, nodes, cost over the horizon (NaN = unknown)


@dataclass(frozen=True)
class Priced:
    """What the cost ledger of the plan pinning a configuration says of it (all a row and a chart point read)."""

    gpus: int
    nodes: int
    cost: float  # the ledger's total over the horizon (results/plan_rows.ledger_cost); NaN = unknown
    currency: str
    reasons: tuple[Reason, ...]  # results/plan_rows.ledger_reasons


class PriceCache:
    """Ledger prices of pinned configurations by :func:`price_key`, least recently used dropped past ``size``.
    One lives per catalog revision (``Catalog.derived``): a catalog edit or import starts an empty one."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.hits = 0
        self.misses = 0
        self._store: OrderedDict[Hashable, Priced | None] = OrderedDict()

    def get(self, key: Hashable, price: Callable[[], Priced | None]) -> Priced | None:
        """The price under ``key``; ``price()`` computes it on a miss (None: the pinned plan cannot be estimated)."""
        if key in self._store:
            self.hits += 1
            self._store.move_to_end(key)
            return self._store[key]
        self.misses += 1
        value = price()
        self._store[key] = value
        if len(self._store) > self.size:
            self._store.popitem(last=False)
        return value


def price_cache(catalog: Catalog) -> PriceCache:
    """The catalog's price cache (dropped with its derived indexes whenever its rows change)."""
    return cast(PriceCache, catalog.derived("search_pricing.prices", lambda _c: PriceCache()))


PRICING_MEMO_SIZE = 1024
"""The most values the catalog's pricing memo keeps (:func:`pricing_memo`; past it, it starts empty again)."""


def pricing_memo(catalog: Catalog) -> PassMemo:
    """The pass memo the window's pricing passes share (``pricing_steps`` without one of its own), dropped with the
    catalog's derived indexes whenever its rows change. An edit re-prices every shown configuration (a new price key)
    while most of what a price is made of is what the pass before made: the hardware arrays and efficiencies of the
    same catalog rows, and for an edit of a cost, of the request rate or of a later phase, each configuration's
    replica (core/inference._kept_replica) and the models whose inputs are equal (core/pass_memo.py)."""
    return cast(PassMemo, catalog.derived("search_pricing.memo", lambda _c: PassMemo(size=PRICING_MEMO_SIZE)))


def context_key(project: Project, index: int, carried: Any = None) -> Hashable:
    """What a pinned configuration's price depends on besides the configuration: the phase's inputs but its name
    and notes, the plan's calibration (results/pipeline._sized reads it) and the hardware carried in."""
    phase = project.phases[index]
    plain = dataclasses.replace(phase, name="", notes="", workloads=[dataclasses.replace(w, name="") for w in phase.workloads],
                                triggers=[dataclasses.replace(t, note="") for t in phase.triggers])
    return repr(plain), repr(project.calibration), repr(carried)


def price_key(context: Hashable, catalog: Catalog, phase: Phase, index: int, point: Any,
              assignments: list[tuple[str, Any]] | None = None) -> Hashable:
    """A pinned configuration's key: the plan's context (:func:`context_key`), the catalog revision and what
    pinning writes (accelerator, server, offer, precision, layout, batch …) with the node count a configuration
    that misses a target keeps (:func:`pinned_project`)."""
    nodes = kept_nodes(point)
    if assignments is None:
        assignments = point_assignments(catalog, phase, index, point)
    pins = tuple((path, repr(value)) for path, value in assignments)
    return context, getattr(catalog, "revision", 0), index, pins, nodes


def shown_points(search: Any) -> list[Any]:
    """The searched points a surface shows besides the ranked rows: those the why, the levers and the alternatives
    name, and the trade-off chart's fronts (results/search_charts.py draws nothing else)."""
    if search is None:
        return []
    return [*search.named_points(), *search.alternatives, *search.front, *search.quality_front]


def pricing_steps(rows: list[Candidate], search: Any, project: Project, index: int, catalog: Catalog,
                  estimate: Estimator, carried: Any = None, memo: PassMemo | None = None
                  ) -> Generator[tuple[int, str], None, tuple[list[Candidate], dict[int, PointCost]]]:
    """``rows`` with each searched row's GPUs, nodes and cost from the ledger of the plan that pins it, and the same
    for every other point a surface shows (:func:`shown_points`), a configuration per ``next()`` (the window prices
    between events); yields (percent, text) and returns the priced rows and the costs by point index. The search's
    why and levers are then worded again from those costs. ``carried`` is the hardware ``estimate`` carries into
    the phase (part of the price's key). ``memo``: the pass memo of the hardware arrays, efficiencies and models the
    configurations share (core/pass_memo.py; by default the catalog's, :func:`pricing_memo`, which the window's
    passes from edit to edit share): a plan's phases priced one after another may share one, as the serving phases
    of one workload at different request rates share each configuration's replica figures
    (core/inference._kept_replica)."""
    row_points = {r.point for r in rows}
    extra = list({p.index: p for p in shown_points(search) if p.index not in row_points}.values())
    total = len(rows) + len(extra)
    cache, context = price_cache(catalog), context_key(project, index, carried)
    memo = pricing_memo(catalog) if memo is None else memo  # what the points share, built once (core/pass_memo.py)
    out: list[Candidate] = []
    costs: dict[int, PointCost] = {}
    awaiting: dict[int, int] = {}  # the lines awaiting a quote each cost leaves out (its ledger_lines_unpriced)
    for row in rows:
        point = search.find(row.point) if search is not None and row.point >= 0 else None
        priced = row if point is None else _row(row, _price(point, context, project, index, catalog, estimate, cache, memo))
        out.append(priced)
        if priced.point >= 0:
            costs[priced.point] = (priced.gpus, priced.nodes, priced.cost)
            awaiting[priced.point] = awaiting_lines(priced.reasons)
        yield int(100 * len(out) / max(total, 1)), row.accelerator_name
    for n, p in enumerate(extra):
        got = _price(p, context, project, index, catalog, estimate, cache, memo)
        costs[p.index] = (p.gpus, p.nodes, math.nan) if got is None else (got.gpus, got.nodes, got.cost)
        awaiting[p.index] = 0 if got is None else awaiting_lines(got.reasons)
        yield int(100 * (len(out) + n + 1) / max(total, 1)), p.accelerator_name
    if search is not None:
        search.rank_by_ledger(costs)  # ranked by the cost the rows show, not the search's own estimate
        place = {p.index: i for i, p in enumerate(search.per_accelerator)}
        out.sort(key=lambda r: place.get(r.point, len(place)))
        out = [dataclasses.replace(r, rank=i) for i, r in enumerate(out, start=1)]
        search.explain_priced(costs, awaiting)  # the why and the levers quote the ledger, as the rows do
    return out, costs


def point_price(point: Any, project: Project, index: int, catalog: Catalog, estimate: Estimator,
                carried: Any = None) -> Priced | None:
    """One searched configuration priced by the ledger of the plan that pins it, through the catalog's price
    cache (None: the pinned plan cannot be estimated)."""
    return _price(point, context_key(project, index, carried), project, index, catalog, estimate, price_cache(catalog))


def _price(point: Any, context: Hashable, project: Project, index: int, catalog: Catalog, estimate: Estimator,
           cache: PriceCache, memo: PassMemo | None = None) -> Priced | None:
    assignments = point_assignments(catalog, project.phases[index], index, point)  # the key's and the copy's

    def price() -> Priced | None:
        try:
            with memo.active() if memo is not None else nullcontext():
                config, ledger = estimate(pinned_project(project, index, catalog, point, assignments), index)
        except (PlanInputError, ValueError):
            return None
        years = project.phases[index].costs.horizon_years
        cost = ledger_cost(ledger, years)
        return Priced(config.gpus, config.units, cost, ledger.currency, tuple(ledger_reasons(ledger, years, cost)))

    return cache.get(price_key(context, catalog, project.phases[index], index, point, assignments), price)


def _row(row: Candidate, got: Priced | None) -> Candidate:
    if got is None:
        return dataclasses.replace(row, cost=math.nan)
    return dataclasses.replace(row, gpus=got.gpus, nodes=got.nodes, cost=got.cost, cost_unit=got.currency,
                               reasons=row.reasons + got.reasons)
