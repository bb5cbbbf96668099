"""Side-by-side comparison of 2–4 estimated plans (Qt-free).

``compare_plans([(plan, project), ...])`` gathers the key figures of every
plan (GPUs, nodes, time or throughput, power, racks, capex, opex, 3-/5-year
TCO), marks the best value in each row by the row's declared direction
(lower- or higher-is-better), computes each plan's difference from the
first, and lists the inputs that differ between the plans' Project files.
Values and differences are recorded in a FigureSet (``compare.p<i>.<metric>``
and ``compare.p<i>.<metric>.vs_p0``) so each can be explained. Export to CSV,
a chart and a printable document lives in :mod:`gpudesk.report.comparison_export`.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gpudesk.core.explain import FigureSet
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
from gpudesk.project.model import Project

MIN_PLANS, MAX_PLANS = 2, 4
# Top-level Project fields that never count as an input difference: naming, history, file bookkeeping.
IGNORED_INPUTS = ("meta", "revisions", "app_version", "schema_version", "catalog_snapshot")


@dataclass(frozen=True)
class Metric:
    """One comparison row: where its value comes from and which direction is better."""

    id: str
    better: str  # lower | higher
    unit: str  # "currency" = the plans' currency
    figure: str = ""  # phase FigureSet key; "" = from the top-ranked candidate
    aggregate: str = "max"  # across phases: max (peak footprint) | sum (money, throughput)
    roadmap_key: str = ""  # preferred plan-level figure when the plan has a roadmap
    money: bool = False


METRICS = (
    Metric("gpus", "lower", "GPUs", "", "max", "roadmap.peak_gpus"),
    Metric("nodes", "lower", "nodes"),
    Metric("time_days", "lower", "days", "train.time_to_train_days"),
    Metric("throughput", "higher", "tokens/s", "infer.tokens_per_s", "sum"),
    Metric("power_kw", "lower", "kW", "power.it_kw", "max", "roadmap.peak_kw"),
    Metric("racks", "lower", "racks", "power.racks"),
    Metric("capex", "lower", "currency", "tco.capex", "sum", "", True),
    Metric("opex", "lower", "currency/year", "tco.opex_per_year", "max", "", True),
    Metric("tco3", "lower", "currency", "tco.total_3y", "sum", "", True),
    Metric("tco5", "lower", "currency", "tco.total_5y", "sum", "", True),
)


@dataclass(frozen=True)
class ComparisonRow:
    metric: Metric
    values: tuple[float | None, ...]
    best: frozenset[int]
    deltas: tuple[float | None, ...]  # value − first plan's value; None for the first plan or when absent

    def relative_delta(self, index: int) -> float | None:
        base, delta = self.values[0], self.deltas[index]
        if delta is None or base in (None, 0):
            return None
        return delta / abs(base)


@dataclass(frozen=True)
class InputDifference:
    path: str  # e.g. "phases[0].hardware.nodes"
    values: tuple[Any, ...]  # one per plan; None where the path does not exist in that plan


@dataclass
class PlanComparison:
    names: tuple[str, ...]
    currency: str
    rows: list[ComparisonRow]
    input_differences: list[InputDifference]
    figures: FigureSet
    plans: tuple[PlanEstimate, ...]

    def row(self, metric_id: str) -> ComparisonRow:
        for r in self.rows:
            if r.metric.id == metric_id:
                return r
        raise KeyError(f"no comparison row {metric_id!r}; rows are {[r.metric.id for r in self.rows]}")


def plan_name(plan: PlanEstimate, project: Project) -> str:
    return project.meta.name or plan.project_name


def _phase_value(phase: PhaseEstimate, metric: Metric) -> tuple[float | None, str]:
    if not metric.figure:
        if not phase.candidates:
            return None, ""
        return float(getattr(phase.candidates[0], metric.id)), f"candidate 1 {metric.id}"
    if metric.figure not in phase.figures:
        return None, ""
    value = phase.figures.value_at(metric.figure)
    if isinstance(value, str) or math.isnan(value):
        return None, ""
    return float(value), f"figure {metric.figure}"


def metric_value(plan: PlanEstimate, metric: Metric) -> tuple[float | None, str]:
    """The plan's value for one metric and where it came from (for the FigureSet source)."""
    roadmap = plan.roadmap
    if metric.roadmap_key and roadmap is not None and metric.roadmap_key in roadmap:
        value = roadmap.value_at(metric.roadmap_key)
        if not isinstance(value, str) and not math.isnan(value):
            return float(value), f"figure {metric.roadmap_key}"
    found = [(v, src, p.name) for p in plan.phases for v, src in [_phase_value(p, metric)] if v is not None]
    if not found:
        return None, ""
    if len(found) == 1:
        return found[0][0], found[0][1]
    values = [v for v, _src, _name in found]
    total = sum(values) if metric.aggregate == "sum" else max(values)
    return total, f"{metric.aggregate} over phases of {found[0][1]}"


def best_indices(values: Sequence[float | None], better: str) -> frozenset[int]:
    """Indices holding the best value; empty when fewer than two plans have one."""
    present = [(i, v) for i, v in enumerate(values) if v is not None]
    if len(present) < 2:
        return frozenset()
    target = min(v for _i, v in present) if better == "lower" else max(v for _i, v in present)
    return frozenset(i for i, v in present if math.isclose(v, target, rel_tol=1e-12, abs_tol=1e-12))


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
            diffs.append(InputDifference(path, values))
    return diffs


def _unique_names(names: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    for name in names:
        candidate, n = name, 2
        while candidate in out:
            candidate, n = f"{name} ({n})", n + 1
        out.append(candidate)
    return tuple(out)


def compare_plans(entries: Sequence[tuple[PlanEstimate, Project]]) -> PlanComparison:
    """Compare 2–4 (plan, project) pairs; the first is the baseline for differences."""
    if not MIN_PLANS <= len(entries) <= MAX_PLANS:
        raise ValueError(f"compare needs {MIN_PLANS} to {MAX_PLANS} plans, got {len(entries)}")
    currencies = {plan.currency for plan, _project in entries}
    if len(currencies) > 1:
        raise ValueError(f"the plans use different currencies ({', '.join(sorted(currencies))}); "
                         "set the same currency in every plan before comparing")
    names = _unique_names([plan_name(plan, project) for plan, project in entries])
    currency = entries[0][0].currency
    figures = FigureSet()
    rows = []
    for metric in METRICS:
        unit = metric.unit.replace("currency", currency)
        values: list[float | None] = []
        for i, (plan, _project) in enumerate(entries):
            value, source = metric_value(plan, metric)
            values.append(value)
            if value is not None:
                figures.input(f"compare.p{i}.{metric.id}", value, unit, f"{names[i]}: {metric.id}",
                              f"plan {names[i]!r}: {source}")
        if all(v is None for v in values):
            continue
        deltas: list[float | None] = [None]
        for i in range(1, len(values)):
            if values[i] is None or values[0] is None:
                deltas.append(None)
                continue
            key = f"compare.p{i}.{metric.id}"
            delta = figures.add(f"{key}.vs_p0", values[i] - values[0], unit, f"{names[i]} − {names[0]}: {metric.id}",
                                f"p{i} − p0", depends_on=[key, f"compare.p0.{metric.id}"])
            deltas.append(delta)
        rows.append(ComparisonRow(metric, tuple(values), best_indices(values, metric.better), tuple(deltas)))
    return PlanComparison(
        names=names,
        currency=currency,
        rows=rows,
        input_differences=input_differences([project for _plan, project in entries]),
        figures=figures,
        plans=tuple(plan for plan, _project in entries),
    )
