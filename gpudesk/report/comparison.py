"""Side-by-side comparison of 2–4 estimated plans (Qt-free).

``compare_plans([(plan, project), ...])`` reads every plan's sized configurations and
cost ledgers (GPUs, servers, time or serving capacity, owned power and racks: peaks over
phases, which run one after another; capex, steady-state opex and the plan total from the
ledgers), converts money of a plan in another currency at that plan's own rate, marks the
best value in each row among feasible plans (a plan with a blocker is never best),
computes each plan's difference from the first, and lists the inputs that differ.

Money is ranked only between comparable totals: a ledger total leaves out its lines awaiting a quote, so a plan
whose total leaves out an item another plan prices could rank as cheaper than it is. A plan is ranked on a money
row only when the items it leaves out are ones every feasible plan leaves out (none, when any plan is complete);
the others are listed with the number of lines awaiting a quote (``ComparisonRow.unranked``).
Values and differences are recorded in a FigureSet (``compare.p<i>.<metric>``
and ``compare.p<i>.<metric>.vs_p0``) so each can be explained. Export to CSV,
a chart and a printable document lives in :mod:`gpudesk.report.comparison_export`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.project.model import Project
from gpudesk.report.comparison_inputs import (  # noqa: F401  (re-exported: the comparison's public names)
    IGNORED_INPUTS,
    InputDifference,
    field_meta,
    flatten_inputs,
    input_differences,
)
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate

MIN_PLANS, MAX_PLANS = 2, 4


@dataclass(frozen=True)
class Metric:
    """One comparison row: how a plan's value is read off its sized configurations and ledgers."""

    id: str
    better: str  # lower | higher
    unit: str  # "currency" = the comparison's currency
    money: bool = False


def _peak(plan: PlanEstimate, value: Callable[[PhaseEstimate], float | None], what: str) -> tuple[float | None, str]:
    """The largest value over phases: phases run one after another, so their capacities never add."""
    found = [v for p in plan.phases for v in [value(p)] if v is not None and math.isfinite(v)]
    return (max(found), f"peak over phases of {what}") if found else (None, "")


def _gpus(plan: PlanEstimate) -> tuple[float | None, str]:
    return _peak(plan, lambda p: float(p.config.gpus), "the sized configuration's GPUs")


def _servers(plan: PlanEstimate) -> tuple[float | None, str]:
    """The servers the plan buys: a rented phase's are the provider's (the startup's 4 × g6.xlarge and the
    ecommerce's 2 × g6e.xlarge both read '1 server', the plan server's count, marked best beside each other)."""
    return _peak(plan, lambda p: float(p.config.servers) if p.config.owns_hardware else None,
                 "the sized configuration's servers (owned phases)")


def _time_days(plan: PlanEstimate) -> tuple[float | None, str]:
    return _peak(plan, lambda p: p.figures.number("train.time_to_train_days", p.figures.number(
        "vision.time_to_train_days", math.nan)), "time to train")


def _capacity(plan: PlanEstimate) -> tuple[float | None, str]:
    def total(p: PhaseEstimate) -> float | None:
        caps = [w.capacity.tokens_per_s_total for w in p.config.workloads if w.capacity is not None]
        caps = [c for c in caps if math.isfinite(c)]
        return sum(caps) if caps else None  # workloads of one phase run side by side
    return _peak(plan, total, "serving capacity (all replicas)")


def _power(plan: PlanEstimate) -> tuple[float | None, str]:
    return _peak(plan, lambda p: p.figures.number("power.it_max_kw") if p.config.owns_hardware else None,
                 "owned IT design power (power.it_max_kw)")


def _racks(plan: PlanEstimate) -> tuple[float | None, str]:
    return _peak(plan, lambda p: p.figures.number("power.racks") if p.config.owns_hardware else None, "racks")


def _capex(plan: PlanEstimate) -> tuple[float | None, str]:
    priced = float(sum(p.ledger.capex for p in plan.phases))
    if priced == 0 and any(line.period == "once" and line.nature == "capex" for p in plan.phases
                           for line in p.ledger.unpriced):
        return None, "every capex line awaits a quote: unknown, never 0 (and never the cheapest)"
    return priced, "sum of the phases' ledger capex (each bought once)"


def _opex(plan: PlanEstimate) -> tuple[float | None, str]:
    return plan.phases[-1].ledger.opex_per_year, "the last phase's yearly run rate (ledger)"


def _rent(plan: PlanEstimate) -> tuple[float | None, str]:
    """The last phase's rent per year (tco.rent_per_year, a line of its opex); None when it rents nothing."""
    f = plan.phases[-1].figures
    return (f.number("tco.rent_per_year"), "the last phase's rent per year (ledger)") if "tco.rent_per_year" in f \
        else (None, "the last phase rents no capacity")


def _total(plan: PlanEstimate) -> tuple[float | None, str]:
    return plan.total, "plan total: every phase's ledger over its months"


def _unpriced(plan: PlanEstimate) -> tuple[float | None, str]:
    return float(plan.unpriced_lines), "cost lines awaiting a quote, left out of the totals"


def awaiting_quote(plan: PlanEstimate, metric_id: str) -> tuple[tuple[str, str], ...]:
    """The lines awaiting a quote that a money row's value leaves out, as (line key, item) pairs: capex the capex
    lines bought once, opex the last phase's recurring lines, the plan total every line (the ledger's ``unpriced``)."""
    if metric_id == "capex":
        lines = [ln for p in plan.phases for ln in p.ledger.unpriced if ln.period == "once" and ln.nature == "capex"]
    elif metric_id == "opex":
        lines = [ln for ln in plan.phases[-1].ledger.unpriced if ln.period == "month"]
    elif metric_id == "rent":
        lines = [ln for ln in plan.phases[-1].ledger.unpriced if ln in plan.phases[-1].ledger.rent_lines]
    elif metric_id == "total":
        lines = [ln for p in plan.phases for ln in p.ledger.unpriced]
    else:
        return ()
    return tuple((ln.key, ln.item) for ln in lines)


def comparable(missing: Sequence[tuple[tuple[str, str], ...]], eligible: Sequence[bool]) -> tuple[bool, ...]:
    """Which plans' money values may be ranked: those leaving out only items every eligible plan leaves out (so
    when one plan's total is complete, only complete totals rank)."""
    sets = [frozenset(m) for m in missing]
    pool = [s for s, ok in zip(sets, eligible) if ok]
    common = frozenset.intersection(*pool) if pool else frozenset()
    return tuple(s == common for s in sets)


METRICS = (
    Metric("gpus", "lower", "GPUs"),
    Metric("servers", "lower", "servers"),
    Metric("time_days", "lower", "days"),
    Metric("throughput", "higher", "tokens/s"),
    Metric("power_kw", "lower", "kW"),
    Metric("racks", "lower", "racks"),
    Metric("capex", "lower", "currency", True),
    Metric("opex", "lower", "currency/year", True),
    Metric("rent", "lower", "currency/year", True),  # a line of the opex above, for the plans that rent
    Metric("total", "lower", "currency", True),
    Metric("unpriced", "lower", "lines"),
)
READERS: dict[str, Callable[[PlanEstimate], tuple[float | None, str]]] = {
    "gpus": _gpus, "servers": _servers, "time_days": _time_days, "throughput": _capacity, "power_kw": _power,
    "racks": _racks, "capex": _capex, "opex": _opex, "rent": _rent, "total": _total, "unpriced": _unpriced,
}


@dataclass(frozen=True)
class ComparisonRow:
    metric: Metric
    values: tuple[float | None, ...]
    best: frozenset[int]
    deltas: tuple[float | None, ...]  # value − first plan's value; None for the first plan, when absent or not comparable
    awaiting: tuple[int, ...] = ()  # money rows: lines awaiting a quote each plan's value leaves out
    ranked: tuple[bool, ...] = ()  # money rows: whose value is comparable (see :func:`comparable`); empty = all

    def is_ranked(self, index: int) -> bool:
        return not self.ranked or self.ranked[index]

    @property
    def unranked(self) -> tuple[int, ...]:
        """Plans with a value that is not ranked because it leaves out lines the ranked plans price."""
        return tuple(i for i, v in enumerate(self.values) if v is not None and not self.is_ranked(i))

    def relative_delta(self, index: int) -> float | None:
        base, delta = self.values[0], self.deltas[index]
        if delta is None or base in (None, 0):
            return None
        return delta / abs(base)


@dataclass
class PlanComparison:
    names: tuple[str, ...]
    currency: str  # the first plan's; money of plans in another currency is converted at their own rate
    rates: tuple[float, ...]  # each plan's CNY per USD, as stated in the plan (printed beside converted money)
    feasible: tuple[bool, ...]  # False = the plan has a blocker and is never marked best
    money_scale: tuple[float, ...]  # factor taking each plan's money into ``currency``
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


def metric_value(plan: PlanEstimate, metric: Metric) -> tuple[float | None, str]:
    """The plan's value for one metric (in the plan's own currency) and where it came from."""
    return READERS[metric.id](plan)


def feasible(plan: PlanEstimate) -> bool:
    """A plan with a blocker cannot be built as it stands: it is never marked best."""
    return not any(c.severity == "blocker" for c in plan.all_checks())


def best_indices(values: Sequence[float | None], better: str,
                 eligible: Sequence[bool] | None = None) -> frozenset[int]:
    """Indices holding the best value among eligible (feasible) plans; empty when fewer than two plans have one."""
    ok = eligible if eligible is not None else [True] * len(values)
    present = [(i, v) for i, v in enumerate(values) if v is not None and ok[i]]
    if len(present) < 2:
        return frozenset()
    target = min(v for _i, v in present) if better == "lower" else max(v for _i, v in present)
    return frozenset(i for i, v in present if math.isclose(v, target, rel_tol=1e-12, abs_tol=1e-12))


def money_best(values: Sequence[float | None], eligible: Sequence[bool], ranked: Sequence[bool]) -> frozenset[int]:
    """The lowest comparable amount among feasible plans. A value that leaves out lines awaiting a quote is a floor:
    it does not stop the lowest comparable amount from winning when it is already higher (that plan costs more
    whatever the quote), and it leaves the row without a winner when it is lower (the quote decides)."""
    known = {i: v for i, v in enumerate(values) if v is not None and eligible[i]}
    mine = [v for i, v in known.items() if ranked[i]]
    if len(known) < 2 or not mine:
        return frozenset()
    target = min(mine)
    best = {i for i, v in known.items() if ranked[i] and math.isclose(v, target, rel_tol=1e-12, abs_tol=1e-12)}
    if any(v < target and not math.isclose(v, target, rel_tol=1e-12) for i, v in known.items() if not ranked[i]):
        return frozenset()  # a plan awaiting quotes might still come out cheaper
    return frozenset(best)


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
    for plan, _project in entries:
        plan.require_search("the plan comparison")  # its feasibility reads every check, the search's included
    names = _unique_names([plan_name(plan, project) for plan, project in entries])
    currency = entries[0][0].currency
    rates = tuple(project.phases[0].costs.cny_per_usd for _plan, project in entries)
    eligible = [feasible(plan) for plan, _project in entries]
    figures = FigureSet()
    rows = []
    for metric in METRICS:
        unit = metric.unit.replace("currency", currency)
        values: list[float | None] = []
        for i, (plan, _project) in enumerate(entries):
            value, source = metric_value(plan, metric)
            if value is not None and not math.isfinite(value):
                value = None  # an unknown figure is never compared (and never printed as ∞ or nan)
            if metric.money and value is not None and plan.currency != currency:
                value = float(convert(value, plan.currency, currency, rates[i]))
                source += f", converted from {plan.currency} at the plan's {rates[i]:g} CNY/USD"
            values.append(value)
            if value is not None:
                figures.input(f"compare.p{i}.{metric.id}", value, unit, f"{names[i]}: {metric.id}",
                              f"plan {names[i]!r}: {source}")
        if all(v is None for v in values):
            continue
        missing = [awaiting_quote(plan, metric.id) for plan, _project in entries]
        ranked = comparable(missing, eligible) if metric.money else tuple(True for _e in entries)
        deltas: list[float | None] = [None]
        first = values[0]
        for i in range(1, len(values)):
            value = values[i]
            if value is None or first is None or (metric.money and set(missing[i]) != set(missing[0])):
                deltas.append(None)  # totals that leave out different items are not subtracted
                continue
            key = f"compare.p{i}.{metric.id}"
            delta = figures.add(f"{key}.vs_p0", value - first, unit, f"{names[i]} − {names[0]}: {metric.id}",
                                f"p{i} − p0", depends_on=[key, f"compare.p0.{metric.id}"])
            deltas.append(delta)
        best = money_best(values, eligible, ranked) if metric.money else best_indices(values, metric.better, eligible)
        rows.append(ComparisonRow(metric, tuple(values), best, tuple(deltas),
                                  tuple(len(m) for m in missing) if metric.money else (), ranked if metric.money else ()))
    return PlanComparison(
        names=names,
        currency=currency,
        rates=rates,
        feasible=tuple(eligible),
        money_scale=tuple(float(convert(1.0, plan.currency, currency, rates[i])) for i, (plan, _p) in enumerate(entries)),
        rows=rows,
        input_differences=input_differences([project for _plan, project in entries]),
        figures=figures,
        plans=tuple(plan for plan, _project in entries),
    )
