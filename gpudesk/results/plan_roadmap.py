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
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.project.model import Project
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series

OWNED = ("private", "bare_metal", "hybrid")


def _monthly_spend(project: Project, est: PhaseEstimate, carried_capex: float) -> np.ndarray:
    phase = project.phases[est.index]
    fs = est.figures
    mode = phase.delivery.mode if f"delivery.monthly.{phase.delivery.mode}" in fs else "cloud_on_demand"
    key = f"delivery.monthly.{mode}"
    if key in fs:
        series = np.asarray(fs[key], dtype=float).copy()
    else:
        series = np.full(phase.duration_months, fs.number("tco.opex_per_month", 0.0))
    if mode in OWNED and series.size and carried_capex > 0:
        series[0] = max(series[0] - carried_capex, 0.0)
    return series


def roadmap(project: Project, phases: list[PhaseEstimate]) -> tuple[FigureSet | None, list[Check], ChartSpec | None]:
    fs = FigureSet()
    checks: list[Check] = []
    end = max(p.start_month + p.duration_months for p in project.phases)
    gpus = np.zeros(end)
    kw = np.zeros(end)
    spend = np.zeros(end)
    vlines, markers = [], []
    total = 0.0
    for i, est in enumerate(phases):
        phase = project.phases[i]
        f = est.figures
        carried = 0.0
        if i > 0 and phase.carry_forward_hardware and project.phases[i - 1].delivery.mode in OWNED \
                and phase.delivery.mode in OWNED \
                and project.phases[i - 1].hardware.accelerator_id == phase.hardware.accelerator_id:
            prev = phases[i - 1].figures
            kept = min(prev.number("plan.servers", 0.0), f.number("plan.servers", 0.0))
            carried = f.number("tco.server_capex", 0.0) * kept / max(f.number("plan.servers", 1.0), 1.0)
        months = _monthly_spend(project, est, carried)
        start = phase.start_month
        span = slice(start, start + months.size)
        gpus[span] = np.maximum(gpus[span], f.number("plan.gpus", 0.0))
        kw[span] = np.maximum(kw[span], f.number("power.it_kw", 0.0))
        spend[span] += months[: end - start]
        total += float(months.sum())
        fs.input(f"roadmap.phase{i + 1}.carried_capex", carried, project.phases[i].costs.currency,
                 f"capex carried forward into {phase.name}", "owned servers kept from the previous phase")
        vlines.append(RefLine(float(start + 1), phase.name, "trigger"))
        for trig in phase.triggers:
            markers.append(Marker(float(start + 1), f.number("plan.gpus", 0.0), f"+{trig.add_nodes} nodes",
                                  f"when {trig.metric.replace('_', ' ')} exceeds {trig.threshold:,.0f}: add "
                                  f"{trig.add_nodes} nodes. {trig.note}".strip()))
        if i + 1 < len(phases):
            checks += _handover_checks(project, i, est, phases[i + 1])
    currency = project.phases[0].costs.currency
    fs.input("roadmap.months", float(end), "months", "roadmap length", "phases' start + duration")
    fs.input("roadmap.total_spend", total, currency, "spend over the roadmap", "sum of the phases' monthly spend")
    fs.input("roadmap.peak_gpus", float(gpus.max()), "GPUs", "peak GPUs across phases", "max over months")
    fs.input("roadmap.peak_kw", float(kw.max()), "kW", "peak IT power across phases", "max over months")
    months_axis = [float(m + 1) for m in range(end)]
    chart = ChartSpec(
        kind="timeline", title="Roadmap: capacity and monthly spend", x_label="Month", y_label="GPUs",
        y2_label="Monthly spend", y2_unit=currency, vlines=vlines, markers=markers,
        series=[Series("GPUs", months_axis, list(gpus), style="step", color_role="capacity"),
                Series("IT kW", months_axis, list(kw), style="step", color_role="air"),
                Series("Spend", months_axis, list(spend), style="step", color_role="cost", panel=1)],
    )
    return fs, checks, chart


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
            "roadmap.fabric_cannot_grow", "warning", 5, "The network cannot grow into the next phase",
            f"{names[1]} needs {grow_nodes:,.0f} more nodes but the {names[0]} fabric has ports for {headroom:,.0f}.",
            "Build the spine tier for the final size now, or plan the fabric rebuild into the roadmap.",
            ("net.headroom_nodes", "plan.nodes"), {"needed": grow_nodes, "headroom": headroom,
                                                    "phase": names[0], "next_phase": names[1]},
        ))
    limit_a, kw_b = a.number("power.rack_limit_kw", 0.0), b.number("power.rack_kw", 0.0)
    if limit_a > 0 and kw_b > limit_a:
        out.append(Check(
            "roadmap.rack_power_cannot_grow", "warning", 7, "Racks cannot take the next phase's power",
            f"{names[1]} racks draw {kw_b:,.1f} kW; the {names[0]} racks are limited to {limit_a:,.1f} kW.",
            "Provision power and cooling for the denser servers now, or budget a facility upgrade.",
            ("power.rack_kw", "power.rack_limit_kw"), {"rack_kw": kw_b, "limit_kw": limit_a,
                                                             "phase": names[0], "next_phase": names[1]},
        ))
    mode = project.phases[i].delivery.mode
    payback = _payback_month(a)
    retired = not project.phases[i + 1].carry_forward_hardware
    months = project.phases[i].duration_months
    if mode in OWNED and retired and payback > months:
        when = f"only in month {payback:,.0f}" if math.isfinite(payback) else "never (cloud costs less per month)"
        out.append(Check(
            "roadmap.retired_before_payback", "warning", 6, "Owned hardware is retired before it pays back",
            f"{names[0]} owns its servers for {months} months; against renting on demand they pay back {when}, "
            f"and {names[1]} does not carry them forward.",
            "Carry the servers into the next phase, rent for this phase instead, or extend the phase.",
            ("tco.capex", "tco.opex_per_month", "delivery.monthly.cloud_on_demand"),
            {"months": months, "payback_month": payback if math.isfinite(payback) else -1,
             "payback_when_zh": f"要到第 {payback:,.0f} 个月才" if math.isfinite(payback) else "按月计始终不能",
             "phase": names[0], "next_phase": names[1]},
        ))
    return out
