"""Chart specs for a phase, built from its figures (conventions: docs/charts.md)."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Collection
from typing import Any

import numpy as np

from gpudesk.catalog.store import Catalog
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.power import rack_layout
from gpudesk.project.model import Phase
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series
from gpudesk.results.plan_chart_extras import inference_chart, scaling_chart
from gpudesk.results.plan_result import Candidate
from gpudesk.results.rack_layout_spec import RackBox, RackColumn, RackLayoutSpec
from gpudesk.vocabulary.delivery import compared_mode_name, legend_name

MEMORY_COMPONENTS = (
    ("mem.weights", "weights", "Weights"),
    ("mem.gradients", "gradients", "Gradients"),
    ("mem.optimizer", "optimizer", "Optimizer states"),
    ("mem.lora_adapters", "optimizer", "LoRA adapters"),
    ("mem.activations", "activations", "Activations"),
    ("mem.kv_cache", "kv_cache", "KV cache"),
    ("mem.runtime", "overhead", "Runtime (context, comm buffers)"),
    ("mem.fragmentation", "overhead", "Allocator reserve"),
)
GB = 1e9


def short_name(name: str) -> str:
    """'NVIDIA B300 (HGX, Blackwell Ultra) 288GB' -> 'B300 288GB' for chart categories."""
    return re.sub(r"\s*\([^)]*\)", "", name).replace("NVIDIA ", "").replace("AMD ", "").strip()


def memory_fit_chart(figures: FigureSet, accelerator_name: str, candidates: list[Candidate] | None = None) -> ChartSpec | None:
    """Stacked memory components per candidate against each candidate's capacity.

    The first bar is the plan's own configuration (with every component's formula in its tooltip);
    the others are the recommended alternatives at their own GPU counts and layouts.
    """
    if "mem.total" not in figures:
        return None
    columns: list[tuple[str, dict[str, float], float, str]] = []
    own = {key: figures.number(key, 0.0) for key, _, _ in MEMORY_COMPONENTS if key in figures}
    columns.append((f"{short_name(accelerator_name)} (plan)", own, figures.number("mem.capacity"), "plan"))
    for cand in (candidates or [])[:5]:
        if cand.pinned or not cand.memory:
            continue
        # a candidate the workload does not fit on has no GPU count to show ("×0" read as a configuration)
        count = f"×{cand.gpus}" if cand.fits and cand.gpus > 0 else "(does not fit)"
        columns.append((f"{short_name(cand.accelerator_name)} {count}", dict(cand.memory), cand.memory_capacity, cand.layout))
    xs = [float(i) for i in range(len(columns))]
    series = []
    for key, role, label in MEMORY_COMPONENTS:
        values = [cols[1].get(key, 0.0) / GB for cols in columns]
        if not any(v > 0 for v in values):
            continue
        # a component of the plan's figures is named as the figure tables name it (report/chart_text.figure_named)
        shown, figure = (figures.label(key), key) if key in figures else (label, "")
        formula = figures.formula(key) if key in figures else ""
        # the plan's column names itself "… (plan)": its layout is not said twice ("on H100 SXM5 80GB (plan) (plan)")
        tips = [f"{shown}: {v:,.2f} GB on {name}{'' if layout == 'plan' else f' ({layout})'} — {formula}"
                for (name, _, _, layout), v in zip(columns, values)]
        series.append(Series(shown, xs, values, style="bar", color_role=role, stack_group="memory", tooltips=tips,
                             figure=figure))
    caps = [cap / GB for _, _, cap, _ in columns]
    series.append(Series(figures.label("mem.capacity") if "mem.capacity" in figures else "Capacity", xs, caps,
                         style="tick", color_role="capacity", figure="mem.capacity" if "mem.capacity" in figures else "",
                         tooltips=[f"{name}: capacity {c:,.1f} GB" for (name, _, _, _), c in zip(columns, caps)]))
    return ChartSpec(kind="memory_fit", title="Memory per GPU", title_figure="mem.total", y_label="Memory", y_unit="GB",
                     categories=[c[0] for c in columns], series=series, stacked=True)


PENDING_COLUMN = "Searching…"
"""A memory-fit column whose searched alternative is being searched again after an edit (``with_pending_columns``)."""


def with_pending_columns(spec: ChartSpec, count: int) -> ChartSpec:
    """The memory-fit chart of a phase whose search is pending, with ``count`` more columns marked pending: the
    columns the searched alternatives held (the window keeps the chart's frame through an edit, so the chart is
    updated in place rather than redrawn twice). A pending column shows no memory and no capacity (NaN: nothing
    drawn), its category and hover text say it is being searched; its values come with the search."""
    if count <= 0 or spec.kind != "memory_fit" or spec.categories is None:
        return spec
    start = len(spec.categories)
    xs = [float(start + i) for i in range(count)]
    series = [dataclasses.replace(s, x=[*s.x, *xs], y=[*s.y, *[math.nan] * count],
                                  tooltips=None if s.tooltips is None else [*s.tooltips, *[PENDING_COLUMN] * count])
              for s in spec.series]
    return dataclasses.replace(spec, categories=[*spec.categories, *[PENDING_COLUMN] * count], series=series)


def power_chart(figures: FigureSet, limit_kw: float) -> ChartSpec | None:
    if "power.racks" not in figures:
        return None
    racks_value = figures.number("power.racks", 0)
    if not math.isfinite(racks_value) or racks_value <= 0:
        return None  # a server above the rack limit: the power check explains it
    racks = int(racks_value)
    servers = int(figures.number("power.servers", 0.0))
    per_rack_servers = max(1, int(figures.number("power.servers_per_rack", 1.0)))
    # racks are designed, counted and drawn for the servers' nameplate maximum (power.kw_per_rack, the rack layout):
    # the bars show the same kW against the limit, not the lower typical draw
    server_kw = figures.number("power.server_max_kw", figures.number("power.server_kw", 0.0))
    liquid_share = figures.number("power.liquid_kw", 0.0) / max(figures.number("power.it_kw", 1.0), 1e-9)
    names = [f"R{i + 1:02d}" for i in range(min(racks, 24))]
    # servers fill racks in order; the last rack holds the remainder
    per_rack = [min(per_rack_servers, servers - i * per_rack_servers) * server_kw for i in range(len(names))]
    liquid = [kw * liquid_share for kw in per_rack]
    air = [kw - lq for kw, lq in zip(per_rack, liquid)]
    xs = [float(i) for i in range(len(names))]
    # a cooling that carries no load is not drawn: the window's legend named "Liquid" beside an all-air plan's bars
    cooled = (Series("Liquid", xs, liquid, style="bar", color_role="liquid", stack_group="kw"),
              Series("Air", xs, air, style="bar", color_role="air", stack_group="kw"))
    series = [s for s in cooled if any(v > 0 for v in s.y)] or [cooled[1]]
    return ChartSpec(
        kind="power_per_rack", title="Power per rack", title_figure="power.rack_kw", y_label="Power", y_unit="kW", categories=names, stacked=True,
        series=series,
        hlines=[RefLine(limit_kw, f"rack limit {limit_kw:g} kW", "limit")],
        notes="" if racks <= 24 else f"first 24 of {racks} racks shown",
    )


def rack_layout_chart(figures: FigureSet, r: ResolvedPhase) -> RackLayoutSpec | None:
    if "power.servers_per_rack" not in figures or figures.number("power.servers_per_rack", 0) <= 0:
        return None
    racks = rack_layout(figures, r.server.name, r.switch.name if r.switch else "switch", max_racks=12)
    role = "liquid" if r.server.cooling == "liquid" else "air"
    units = max(1, int(r.server.rack_units or 42 if r.server.is_rack else r.server.rack_units or 2))
    columns = []
    for rack in racks:
        boxes = []
        if rack["kind"] == "compute":
            per = rack["kw"] / max(rack["servers"], 1)
            units_each = min(units, 42 // max(rack["servers"], 1)) or 1
            tip = f"{rack['server']} · {per:,.1f} kW" if np.isfinite(per) else rack["server"]  # kW unknown: n/a
            boxes = [RackBox(rack["server"], units_each, per, role, tip)
                     for _ in range(rack["servers"])]
        else:
            per = rack["kw"] / max(rack["switches"], 1)
            boxes = [RackBox(rack.get("switch", "switch"), 1, per, "network", f"switch · {per:,.2f} kW")
                     for _ in range(min(rack["switches"], 40))]
        columns.append(RackColumn(rack["rack"], boxes, rack["kw"], figures.number("power.rack_limit_kw", 0) or None))
    shown = sum(1 for rack in racks if rack["kind"] == "compute")
    total = int(figures.number("power.racks", shown)) if np.isfinite(figures.number("power.racks", shown)) else shown
    chassis = r.catalog_server or r.server  # the catalog row, when the plan's servers are partly populated
    return RackLayoutSpec(title="Rack layout", racks=columns,
                          notes=f"first {shown} of {total} racks shown" if total > shown else "",
                          role_labels={"liquid": "liquid-cooled", "air": "air-cooled", "network": "network"},
                          server={"name": r.server.name, "vendor": chassis.vendor, "gpus": chassis.gpus,
                                  "accelerator": r.accelerator.name, "id": chassis.id,
                                  "accelerator_id": r.accelerator.id})


MODE_ROLES = {"cloud_on_demand": "cloud_on_demand", "private": "private", "hybrid": "hybrid"}


def cost_chart(figures: FigureSet, currency: str) -> ChartSpec | None:
    if "delivery.modes" not in figures:
        return None
    modes = [m for m in str(figures.value_at("delivery.modes")).split(",") if m]
    series, markers = [], []
    for mode in modes:
        cum = np.asarray(figures[f"delivery.cumulative.{mode}"], dtype=float)
        months = [float(i + 1) for i in range(cum.size)]
        name = legend_name(mode, "en")  # the legend's short name; localise_spec: the reader's language
        series.append(Series(name, months, [float(v) for v in cum], style="line",
                             color_role=MODE_ROLES.get(mode, mode)))
        be_key = f"delivery.break_even.private_vs_{mode}"
        month = figures.number(be_key)
        if math.isfinite(month) and 1 <= month <= cum.size:
            markers.append(Marker(month, float(cum[int(month) - 1]), f"break-even vs {name}",
                                  f"owning breaks even with {name} in month {month:g}", "break_even"))
    if not series:
        return None
    chosen = str(figures.value_at("delivery.chosen_mode")) if "delivery.chosen_mode" in figures else ""
    # the plan's own mode without a price is left out of the comparison: said, not silently missing (the
    # manufacturer's TCO page drew two cloud lines and no line for its own private servers, awaiting quotes)
    notes = NOT_PRICED.format(mode=compared_mode_name(chosen, "en")) if chosen and chosen not in modes else ""
    return ChartSpec(kind="cost_over_time", title="Cumulative cost by delivery mode", x_label="Month",
                     y_label="Cumulative cost", y_unit=currency, series=series, markers=markers, y_short_label="Cost",
                     notes=notes)


NOT_PRICED = "Not drawn: {mode}, the plan's own mode, awaits a quote."


CHART_ORDER = ("memory_fit", "power", "rack_layout", "cost", "scaling", "inference")
"""The phase charts in the order ``phase_charts`` gives them."""


def phase_charts(phase: Phase, r: ResolvedPhase, figures: FigureSet, candidates: list[Candidate],
                 catalog: Catalog, primary: WorkloadResult, skip: Collection[str] = (),
                 only: Collection[str] | None = None) -> dict[str, Any]:
    """The phase's charts by name (those that apply), less ``skip``; ``only``: just these."""
    build: dict[str, Callable[[], Any]] = {
        "memory_fit": lambda: memory_fit_chart(figures, r.accelerator.name, candidates),
        "power": lambda: power_chart(figures, r.rack_limit_kw.value),
        "rack_layout": lambda: rack_layout_chart(figures, r),
        "cost": lambda: cost_chart(figures, phase.costs.currency),
        "scaling": lambda: scaling_chart(phase, r, figures, primary.scaling_sweep),
        "inference": lambda: inference_chart(phase, r, figures, catalog),
    }
    charts = {name: build[name]() for name in CHART_ORDER if name not in skip and (only is None or name in only)}
    return {name: spec for name, spec in charts.items() if spec is not None}
