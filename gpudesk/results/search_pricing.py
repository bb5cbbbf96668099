"""Each searched row priced through the cost ledger: the configuration pinned into a copy of the plan, sized by
the same pipeline and costed by the same ledger builder as the plan itself (never a second cost formula).

A row's GPUs, nodes and cost (the ledger's total over the plan's horizon) are then exactly what the plan
reports after pinning that row. A row whose pinned
plan cannot be estimated keeps the search's counts and an unknown cost (never 0).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import re
from collections.abc import Callable, Generator
from typing import Any

from gpudesk.catalog.store import Catalog
from gpudesk.core.candidates import Candidate
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Project
from gpudesk.results.pinning import point_assignments
from gpudesk.results.plan_rows import ledger_cost, ledger_reasons

PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")
Estimator = Callable[[Project, int], "tuple[SizedConfiguration, CostLedger]"]  # results.pipeline.phase_ledger


def assign(root: Any, path: str, value: Any) -> None:
    """Set the field at ``path`` ("phases[0].workloads[0].parallel.tp") on a copy the caller owns."""
    parts = path.split(".")
    target = root
    for i, part in enumerate(parts):
        m = PART.fullmatch(part)
        if m is None:
            raise ValueError(f"{path}: not a field path")
        name, index = m.group(1), m.group(2)
        last = i == len(parts) - 1
        if index is None and last:
            setattr(target, name, value)
            return
        target = getattr(target, name)
        if index is not None:
            if last:
                target[int(index)] = value
                return
            target = target[int(index)]


def pinned_project(project: Project, index: int, catalog: Catalog, point: Any) -> Project:
    """A copy of the plan with the searched configuration ``point`` pinned in phase ``index``. A configuration that
    misses a target keeps the search's node count: the plan would otherwise size it up to meet the targets, and the
    ledger would price another configuration than the one the search evaluated."""
    copied = copy.deepcopy(project)
    for path, value in point_assignments(catalog, project.phases[index], index, point):
        assign(copied, path, value)
    if point.violations and point.nodes > 0:
        copied.phases[index].hardware.nodes = int(point.nodes)
    return copied


PointCost = tuple[int, int, float]  # GPUs, nodes, cost over the horizon (NaN = unknown)


def pricing_steps(rows: list[Candidate], search: Any, project: Project, index: int, catalog: Catalog,
                  estimate: Estimator) -> Generator[tuple[int, str], None, tuple[list[Candidate], dict[int, PointCost]]]:
    """``rows`` with each searched row's GPUs, nodes and cost from the ledger of the plan that pins it, and the same
    for the points the why, the levers and the proposal name that are no row, a configuration per ``next()`` (the
    window prices between events); yields (percent, text) and returns the priced rows and the costs by point
    index. The search's why and levers are then worded again from those costs."""
    named = (*search.named_points(), *search.alternatives) if search is not None else ()
    extra = list({p.index: p for p in named if p.index not in {r.point for r in rows}}.values())
    total = len(rows) + len(extra)
    out: list[Candidate] = []
    costs: dict[int, PointCost] = {}
    for row in rows:
        priced = _priced(row, search, project, index, catalog, estimate)
        out.append(priced)
        if priced.point >= 0:
            costs[priced.point] = (priced.gpus, priced.nodes, priced.cost)
        yield int(100 * len(out) / max(total, 1)), row.accelerator_name
    for n, p in enumerate(extra):
        costs[p.index] = _point_cost(p, project, index, catalog, estimate)
        yield int(100 * (len(out) + n + 1) / max(total, 1)), p.accelerator_name
    if search is not None:
        search.explain_priced(costs)  # the why and the levers quote the ledger, as the rows do
    return out, costs


def _point_cost(point: Any, project: Project, index: int, catalog: Catalog, estimate: Estimator) -> PointCost:
    try:
        config, ledger = estimate(pinned_project(project, index, catalog, point), index)
    except (PlanInputError, ValueError):
        return point.gpus, point.nodes, math.nan
    return config.gpus, config.nodes, ledger_cost(ledger, _years(project, index))


def _priced(row: Candidate, search: Any, project: Project, index: int, catalog: Catalog,
            estimate: Estimator) -> Candidate:
    point = search.find(row.point) if search is not None and row.point >= 0 else None
    if point is None:
        return row
    try:
        config, ledger = estimate(pinned_project(project, index, catalog, point), index)
    except (PlanInputError, ValueError):
        return dataclasses.replace(row, cost=math.nan)
    years = _years(project, index)
    return dataclasses.replace(row, gpus=config.gpus, nodes=config.nodes, cost=ledger_cost(ledger, years),
                               cost_unit=ledger.currency, reasons=row.reasons + tuple(ledger_reasons(ledger, years)))


def _years(project: Project, index: int) -> int:
    return project.phases[index].costs.horizon_years
