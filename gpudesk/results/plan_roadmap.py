"""Phases as a roadmap: capacity and spend over time, hand-over and growth checks.

Owned hardware carried forward from one phase to the next is not bought
again: the next phase pays only for the added servers. Checks flag a phase
whose design cannot grow into the next (fabric ports, rack power), owned
capacity idle between peaks, and hardware retired before it pays back.
"""

from __future__ import annotations

import math

import numpy as np

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.project.assumed import essentials
from gpudesk.project.model import GrowthTrigger, Phase, Project
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series
from gpudesk.results.plan_result import TIMELINE, PhaseEstimate, PlanEstimate
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.delivery import owns_hardware
from gpudesk.vocabulary.plan_choices import TRIGGER_METRIC
from gpudesk.vocabulary.terms import in_sentence


def roadmap(project: Project, phases: list[PhaseEstimate]) -> tuple[FigureSet | None, list[Check], ChartSpec | None]:
    """Capacity and spend month by month, read off each phase's sized configuration and cost ledger.

    The roadmap total is the plan total: the sum of the phases' ledgers over their months (capex when a
    phase buys, recurring lines every month it runs); carried-forward servers are never bought twice
    because the ledger of the phase that keeps them has no line for buying them.
    """
    fs = FigureSet()
    checks: list[Check] = []
    # a reservation bills its whole term: its months past the phase are spend too (CostLedger.span_months)
    end = max(max(p.start_month + p.duration_months for p in project.phases),
              max((phase.start_month + est.ledger.span_months for phase, est in zip(project.phases, phases)), default=0))
    gpus = np.zeros(end)
    kw = np.zeros(end)
    spend = np.zeros(end)
    vlines, markers = [], []
    awaiting: list[tuple[int, tuple[str, ...]]] = []  # (start month, lines awaiting a quote) per phase
    currency = project.phases[0].costs.currency
    for i, est in enumerate(phases):
        phase = project.phases[i]
        months = np.asarray(est.ledger.monthly(), dtype=float)
        start = phase.start_month
        span = slice(start, start + phase.duration_months)
        gpus[span] = np.maximum(gpus[span], float(est.config.gpus))
        if est.config.servers_owned:  # an owned phase whose servers' power the catalog lacks: the peak is unknown
            kw[span] = np.maximum(kw[span], est.figures.number("power.it_max_kw"))  # (NaN, which the maximum keeps)
        spend[start: start + months.size] += months[: end - start]
        waiting = tuple(f"{phase.name}: {item}" for item in est.figures.awaiting("plan.phase_cost"))
        awaiting.append((start, waiting))
        fs.input(f"roadmap.phase{i + 1}.cost", est.ledger.phase_total, currency, f"cost of {phase.name}",
                 "the phase's cost ledger over its months (plan.phase_cost)", awaiting=waiting)
        fs.input(f"roadmap.phase{i + 1}.gpus", float(est.config.gpus), "GPUs", f"GPUs in {phase.name}",
                 "the phase's sized configuration (plan.gpus)")
        fs.input(f"roadmap.phase{i + 1}.servers_carried", float(est.config.servers_carried), "servers",
                 f"servers {phase.name} carries forward", "plan.servers_carried (the phase's figure)")
        vlines.append(RefLine(float(start + 1), phase.name, "trigger"))
        for trig in phase.triggers:
            label = trigger_label(phase, trig)
            markers.append(Marker(float(start + 1), float(est.config.gpus), label,  # the hover: the plan's note
                                  f"{label}. {trig.note}" if trig.note else label))
        if i + 1 < len(phases):
            checks += _handover_checks(project, i, est, phases[i + 1])
    keys = [f"roadmap.phase{i + 1}.cost" for i in range(len(phases))]
    fs.input("roadmap.months", float(end), "months", "roadmap length", "phases' start + duration")
    fs.add("roadmap.total_spend", float(sum(p.ledger.phase_total for p in phases)), currency,
           "plan total over the roadmap", "sum of the phases' costs (each phase's ledger over its months)", keys,
           awaiting=tuple(item for _start, items in awaiting for item in items))
    fs.input("roadmap.unpriced_lines", float(sum(len(p.ledger.unpriced) for p in phases)), "lines",
             "cost lines awaiting a quote (excluded from the total)", "the phases' cost ledgers")
    for years in (3, 5):
        fs.add(f"roadmap.spend_{years}y", float(spend[: 12 * years].sum()), currency,
               f"spend in the roadmap's first {years} years",
               f"sum of the monthly spend (every phase's ledger placed at its start month) over the first {12 * years} months",
               keys, awaiting=tuple(item for start, items in awaiting if start < 12 * years for item in items))
    fs.input("roadmap.peak_gpus", float(gpus.max()), "GPUs", "peak GPUs across phases", "max over months")
    fs.input("roadmap.peak_kw", float(kw.max()), "kW", "peak owned IT design power across phases",
             "max over months of power.it_max_kw of owned phases (rented capacity runs in the provider's facility)")
    months_axis = [float(m + 1) for m in range(end)]
    series = [Series("GPUs", months_axis, list(gpus), style="step", color_role="capacity"),
              Series("Spend", months_axis, list(spend), style="step", color_role="cost", panel=1)]
    # the spend drawn is the priced part: a phase on servers awaiting a quote drew no purchase at its start and read
    # as ¥0 bought (the government sample's MLU370 servers), said here as the total beside it says it
    unpriced = sum(len(items) for _start, items in awaiting)
    notes = "" if not unpriced else ("Monthly spend leaves out 1 line awaiting a quote." if unpriced == 1 else
                                     f"Monthly spend leaves out {unpriced} lines awaiting a quote.")
    chart = ChartSpec(
        kind="timeline", title="Roadmap: capacity and monthly spend", x_label="Month", y_label="GPUs",
        y2_label="Monthly spend", y2_unit=currency, y2_short_label="Spend", vlines=vlines, markers=markers, series=series, y_counts=True,
        notes=notes,
    )
    return fs, checks, chart


def planned_metric(phase: Phase, metric: str) -> float | None:
    """What the phase's own workloads plan in a growth trigger's metric (the workloads that read it, as the form's
    essential inputs name them); None where none of them does."""
    kinds = next((e.kinds for e in essentials() if e.name == metric), ())
    values = [float(getattr(w, metric)) for w in phase.workloads if w.kind in kinds]
    return sum(values) if values else None


def trigger_label(phase: Phase, trig: GrowthTrigger) -> str:
    """A growth trigger as the roadmap draws it, by one rule: a threshold the phase's own plan already exceeds is
    covered by the phase's sizing (the ecommerce festival phase plans 75 B items a day: '+1 node when items per day
    exceed 40 B' drawn on its GPU line read as a step its 2 GPUs never took); any other is a condition beyond the
    plan, worded as 'if', never as a step the plan's counts take. A trigger, not what the phase adds: a bare
    '+2 nodes' at the gov growth phase's start read as its growth, beside a GPU line going from 112 to 220."""
    metric = in_sentence(TRIGGER_METRIC.name_of(trig.metric, "en"), "en")
    planned = planned_metric(phase, trig.metric)
    if planned is not None and planned >= trig.threshold:
        return f"{metric} above {trig.threshold:,.0f}: covered by this phase's sizing"
    nodes = "node" if trig.add_nodes == 1 else "nodes"
    return f"+{trig.add_nodes} {nodes} if {metric} exceed {trig.threshold:,.0f} (beyond this plan)"


def leave_roadmap(plan: PlanEstimate) -> None:
    """Leave the plan's roadmap to idle time (:func:`attach_roadmap`): none held, the timeline deferred on every
    phase (a phase served from the cache drops the previous edit's)."""
    plan.roadmap, plan.roadmap_checks, plan.charts, plan.roadmap_done = None, [], {}, False
    for phase in plan.phases:
        phase.charts.pop(TIMELINE, None)
        if TIMELINE not in phase.deferred_charts:
            phase.deferred_charts = (*phase.deferred_charts, TIMELINE)


def place_roadmap(plan: PlanEstimate, project: Project) -> None:
    """The plan's roadmap, its checks and the timeline chart every phase shows (step 7) beside its own."""
    road, checks, timeline = roadmap(project, plan.phases)
    plan.roadmap, plan.roadmap_checks, plan.roadmap_done = road, checks, True
    plan.charts = {TIMELINE: timeline} if timeline is not None else {}
    for phase in plan.phases:
        if TIMELINE in phase.deferred_charts:
            phase.deferred_charts = tuple(c for c in phase.deferred_charts if c != TIMELINE)
        if timeline is not None:
            phase.charts[TIMELINE] = timeline


def attach_roadmap(plan: PlanEstimate) -> None:
    """The roadmap ``estimate_plan(..., defer_roadmap=True)`` left: the plan then equals one estimated with it."""
    if not plan.roadmap_done:
        place_roadmap(plan, plan.context)


def _payback_month(fs: FigureSet) -> float:
    """Months until owning costs less than renting on demand: capex / (cloud per month − opex per month)."""
    capex = fs.number("tco.capex", math.nan)
    opex = fs.number("tco.opex_per_month", math.nan)
    if "delivery.monthly.cloud_on_demand" not in fs or not (math.isfinite(capex) and math.isfinite(opex)):
        return math.nan
    cloud = float(np.mean(np.asarray(fs["delivery.monthly.cloud_on_demand"], dtype=float)))
    saving = cloud - opex
    return capex / saving if saving > 0 else math.inf


def _handover_checks(project: Project, i: int, est: PhaseEstimate, nxt: PhaseEstimate) -> list[Check]:
    out: list[Check] = []
    a, b = est.figures, nxt.figures
    grow_nodes = b.number("plan.nodes", 0.0) - a.number("plan.nodes", 0.0)
    headroom = a.number("net.headroom_nodes", math.inf)
    names = (project.phases[i].name, project.phases[i + 1].name)
    if grow_nodes > 0 and "net.headroom_nodes" in a and grow_nodes > headroom:
        out.append(Check(
            "roadmap.fabric_cannot_grow", "warning", "network", "The network cannot grow into the next phase",
            f"{names[1]} needs {counted(round(grow_nodes), 'more node')} but the {names[0]} fabric has ports for "
            f"{headroom:,.0f}.",
            "Build the spine tier for the final size now, or plan the fabric rebuild into the roadmap.",
            ("net.headroom_nodes", "plan.nodes"), {"needed": grow_nodes, "headroom": headroom,
                                                    "phase": names[0], "next_phase": names[1]},
        ))
    limit_a, kw_b = a.number("power.rack_limit_kw", 0.0), b.number("power.rack_kw", 0.0)
    if limit_a > 0 and kw_b > limit_a:
        out.append(Check(
            "roadmap.rack_power_cannot_grow", "warning", "tco", "Racks cannot take the next phase's power",
            f"{names[1]} racks draw {kw_b:,.1f} kW; the {names[0]} racks are limited to {limit_a:,.1f} kW.",
            "Provision power and cooling for the denser servers now, or budget a facility upgrade.",
            ("power.rack_kw", "power.rack_limit_kw"), {"rack_kw": kw_b, "limit_kw": limit_a,
                                                             "phase": names[0], "next_phase": names[1]},
        ))
    mode = project.phases[i].delivery.mode
    payback = _payback_month(a)
    retired = not project.phases[i + 1].carry_forward_hardware
    months = project.phases[i].duration_months
    if owns_hardware(mode) and retired and payback > months:
        when = f"only in month {payback:,.0f}" if math.isfinite(payback) else "never (cloud costs less per month)"
        out.append(Check(
            "roadmap.retired_before_payback", "warning", "delivery", "Owned hardware is retired before it pays back",
            f"{names[0]} owns its servers for {months} months; against renting on demand they pay back {when}, "
            f"and {names[1]} does not carry them forward.",
            "Carry the servers into the next phase, rent for this phase instead, or extend the phase.",
            ("tco.capex", "tco.opex_per_month", "delivery.monthly.cloud_on_demand"),
            {"months": months, "payback_month": payback if math.isfinite(payback) else -1,
             "payback": "month" if math.isfinite(payback) else "never",
             "phase": names[0], "next_phase": names[1]},
        ))
    return out
