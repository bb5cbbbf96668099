"""The plan's own rows beside its alternatives, what a phase hands to the next, and the ledger's own check."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase
from gpudesk.vocabulary.precision import PRECISION

HOURS_PER_YEAR = 8760.0
MEMORY_KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters", "mem.activations",
               "mem.kv_cache", "mem.runtime", "mem.fragmentation")


def handed_over(config: SizedConfiguration, figures: FigureSet) -> CarriedHardware | None:
    """The owned hardware of this phase, as the next phase may carry it forward."""
    if not config.servers_owned:
        return None
    return CarriedHardware(
        server_id=config.server_id, servers=config.servers_owned,
        switch_id=str(figures.value_at("net.switch_id")) if "net.switch_id" in figures else "",
        switches=figures.number("net.switches", 0.0), optics=figures.number("net.optics", 0.0),
        design_kw=figures.number("power.it_max_kw", 0.0),
    )


def with_plan_row(candidates: list[Candidate], config: SizedConfiguration, figures: FigureSet,
                  phase: Phase, search: Any = None) -> list[Candidate]:
    """The plan's own configuration as the pinned row (the first workload's GPUs, layout and figure), priced on
    the same per-GPU-hour basis as the searched rows, so the table and step 2 never disagree. It goes just above
    the search's best configuration on the same accelerator (kept: what the accelerator could do), or at the end
    when the search has no row for it; ranks follow the order."""
    row = _plan_row(config, figures, phase, search, None)
    rows = [dataclasses.replace(c, pinned=False) if c.pinned else c for c in candidates]
    at = next((i for i, c in enumerate(rows) if c.accelerator_id == row.accelerator_id), len(rows))
    if at < len(rows) and _same(rows[at], row):
        rows[at] = dataclasses.replace(row, reasons=rows[at].reasons + row.reasons[:1],
                                       reasons_zh=rows[at].reasons_zh + row.reasons_zh[:1], point=rows[at].point)
    else:
        rows.insert(at, row)
    return [dataclasses.replace(c, rank=i + 1) for i, c in enumerate(rows)]


def _same(searched: Candidate, plan: Candidate) -> bool:
    """The plan already runs the search's configuration on its accelerator (e.g. after pinning it)."""
    t, u = searched.time_or_throughput, plan.time_or_throughput
    return searched.gpus == plan.gpus and searched.fits == plan.fits and math.isfinite(t) and math.isfinite(u) \
        and abs(t - u) <= 1e-6 * max(abs(t), 1e-12)


PERFORMANCE = {  # workload family -> (figure key, unit) of the plan's performance
    "serving": ("infer.tokens_per_s_per_user", "tokens/s/user"),
    "items": ("", "items/s/GPU"),
    "seats": ("vdi.seats_per_gpu", "seats/GPU"),
}


def _plan_row(config: SizedConfiguration, figures: FigureSet, phase: Phase, search: Any,
              template: Candidate | None) -> Candidate:
    from gpudesk.core.config_search import family_of

    own = config.workloads[0]
    w = phase.workloads[0]
    family = family_of(w.kind)
    cur, years = phase.costs.currency, max(phase.costs.horizon_years, 1)
    price = search.unit_price.get(config.accelerator_id, math.nan) if search is not None else math.nan
    per = search.unit_gpus.get(config.accelerator_id, 1) if search is not None else 1
    billed = math.ceil(own.gpus / max(per, 1)) * max(per, 1)
    if family in ("training", "vision_train"):
        key = "train.time_to_train_days" if "train.time_to_train_days" in figures else "vision.time_to_train_days"
        value, unit, cost_unit, cost_unit_zh = figures.number(key), "days", f"{cur}/run", f"{cur}/次"
        cost = value * 24.0 * billed * price
    else:
        key, unit = PERFORMANCE.get(family, ("", ""))
        value = figures.number(key) if key else (own.capacity.per_replica if own.capacity else math.nan)
        cost, cost_unit = billed * price * years * HOURS_PER_YEAR, f"{cur} over {years} years"
        cost_unit_zh = f"{cur}（{years} 年）"
    sized = own.sized_by not in ("memory", "best_effort")
    fits = figures.number("mem.fits", 1.0) > 0 and sized and own.gpus > 0
    if family == "serving":
        fits = fits and math.isfinite(figures.number("infer.gpus_needed"))
    nodes = max(1, math.ceil(own.gpus / max(config.gpus_per_node, 1)))
    reasons = [("the plan's own configuration", "方案自身的配置")]
    if not fits:
        reasons.append(("it does not meet the plan's targets: the checks say why",
                        "无法满足方案目标：原因见检查项"))
    for extra in ((search.unit_sources.get(config.accelerator_id), search.markets.get(config.accelerator_id))
                  if search is not None else ()):
        if extra:
            reasons.append(extra)
    base = template or Candidate(rank=0, accelerator_id=config.accelerator_id,
                                 accelerator_name=config.accelerator_name, gpus=0, nodes=0, layout="", fits=False,
                                 time_or_throughput=math.nan, time_or_throughput_unit=unit, cost=math.nan,
                                 cost_unit=cost_unit, reasons=tuple(en for en, _ in reasons),
                                 reasons_zh=tuple(zh for _, zh in reasons), pinned=True)
    precision = PRECISION.name_of(w.weight_dtype if family == "serving" else w.compute_dtype, "en").split(" (")[0]
    layout = own.layout.text() if family in ("serving", "training") else f"{own.gpus:,} GPUs"
    layout_zh = own.layout.text() if family in ("serving", "training") else f"{own.gpus:,} 张 GPU"
    if family != "seats":
        layout, layout_zh = f"{precision} · {layout}", f"{precision} · {layout_zh}"
    memory = tuple((k, figures.number(k, 0.0)) for k in MEMORY_KEYS if k in figures)
    return dataclasses.replace(
        base, memory=memory, memory_capacity=figures.number("mem.capacity", 0.0),
        gpus=own.gpus, nodes=nodes, layout=layout, layout_zh=layout_zh, precision=precision,
        time_or_throughput=value, time_or_throughput_unit=unit, cost=cost, cost_unit=cost_unit,
        cost_unit_zh=cost_unit_zh, fits=fits, pinned=True, point=-1,
    )


def ledger_checks(ledger: CostLedger) -> list[Check]:
    """A ledger line without a price is a quote to ask for, never a zero."""
    unpriced = ledger.unpriced
    if not unpriced:
        return []
    items = "; ".join(f"{line.item} ({line.quantity:,.0f} {line.unit})" for line in unpriced)
    return [Check(
        "cost.unpriced_lines", "warning", 7, "Some costs have no price",
        f"{len(unpriced)} cost line(s) have no price in the catalog: {items}. Totals exclude them.",
        "Ask the vendor or provider for a quote and enter it (catalog browser, or the phase's cost inputs).",
        ("tco.unpriced_lines",), {"count": len(unpriced), "items": items},
    )]
