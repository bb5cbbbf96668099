"""The plan's own rows beside its alternatives, what a phase hands to the next, and the ledger's own check."""

from __future__ import annotations

import dataclasses
import math

from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase


def handed_over(config: SizedConfiguration, figures: FigureSet,
                ledger: CostLedger | None = None) -> CarriedHardware | None:
    """The owned hardware of this phase, as the next phase may carry it forward."""
    if not config.servers_owned:
        return None
    appliances = [ln for ln in (ledger.lines if ledger is not None else ()) if ln.key.startswith("storage.appliances")]
    return CarriedHardware(
        storage_id=next((str(dict(ln.params).get("storage_id", "")) for ln in appliances), ""),
        storage_appliances=float(sum(ln.quantity for ln in appliances)),
        server_id=config.server_id, servers=config.servers_owned,
        switch_id=str(figures.value_at("net.switch_id")) if "net.switch_id" in figures else "",
        switches=figures.number("net.switches", 0.0), optics=figures.number("net.optics", 0.0),
        design_kw=figures.number("power.it_max_kw", 0.0),
    )


def with_plan_row(candidates: list[Candidate], config: SizedConfiguration, figures: FigureSet,
                  phase: Phase) -> list[Candidate]:
    """The pinned row is the plan's own configuration (the first workload's GPUs, layout and figure),
    priced on the same per-GPU-hour basis as its alternatives, so the table and step 2 never disagree."""
    own = config.workloads[0]
    out = []
    for cand in candidates:
        if not cand.pinned:
            out.append(cand)
            continue
        if cand.time_or_throughput_unit == "days":
            key = "train.time_to_train_days" if "train.time_to_train_days" in figures else "vision.time_to_train_days"
            value = figures.number(key)
            rate = cand.cost / (cand.time_or_throughput * 24.0 * cand.gpus) if cand.gpus and cand.time_or_throughput else math.nan
            cost = value * 24.0 * own.gpus * rate
        else:
            value = cand.time_or_throughput
            rate = cand.cost / cand.gpus if cand.gpus else math.nan
            cost = own.gpus * rate
        nodes = max(1, math.ceil(own.gpus / max(config.gpus_per_node, 1)))
        out.append(dataclasses.replace(
            cand, gpus=own.gpus, nodes=nodes, layout=own.layout.text(),
            time_or_throughput=value if math.isfinite(value) else cand.time_or_throughput,
            cost=cost if math.isfinite(cost) else cand.cost,
            fits=cand.fits if phase.hardware.nodes == 0 else figures.number("mem.fits", 1.0) > 0,
        ))
    return out


def ledger_checks(ledger: CostLedger) -> list[Check]:
    """A ledger line without a price is a quote to ask for, never a zero."""
    unpriced = ledger.unpriced
    if not unpriced:
        return []
    items = "; ".join(f"{line.item} ({line.quantity:,.0f} {line.unit})" for line in unpriced)
    return [Check(
        "cost.unpriced_lines", "warning", "tco", "Some costs have no price",
        f"{len(unpriced)} cost line(s) have no price in the catalog: {items}. Totals exclude them.",
        "Ask the vendor or provider for a quote and enter it (catalog browser, or the phase's cost inputs).",
        ("tco.unpriced_lines",), {"count": len(unpriced), "items": items},
    )]
