"""The plan's own rows beside its alternatives, what a phase hands to the next, and the ledger's own check."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from gpudesk.core.arrays import replaced
from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.reason_values import Money
from gpudesk.core.search_words import ITEM_RATE_UNITS, describe
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase
from gpudesk.vocabulary.costs import line_unit_name
from gpudesk.vocabulary.counts import by_count, count_number
from gpudesk.vocabulary.delivery import horizon_months, owns_hardware
from gpudesk.vocabulary.precision import PRECISION

MEMORY_KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters", "mem.activations",
               "mem.kv_cache", "mem.runtime", "mem.fragmentation")


def handed_over(config: SizedConfiguration, figures: FigureSet,
                ledger: CostLedger | None = None) -> CarriedHardware | None:
    """The owned hardware of this phase, as the next phase may carry it forward; its design power unknown (NaN), not
    0, where the catalog gives the servers no power (power.it_max_kw unknown)."""
    if not config.servers_owned:
        return None
    appliances = [ln for ln in (ledger.lines if ledger is not None else ()) if ln.key.startswith("storage.appliances")]
    return CarriedHardware(
        storage_id=next((str(dict(ln.params).get("storage_id", "")) for ln in appliances), ""),
        storage_appliances=float(sum(ln.quantity for ln in appliances if ln.unit == "appliance")),
        storage_tb=max((float(dict(ln.params).get("tb", math.nan)) for ln in appliances), default=math.nan),
        server_id=config.server_id, servers=config.servers_owned,
        switch_id=str(figures.value_at("net.switch_id")) if "net.switch_id" in figures else "",
        switches=figures.number("net.switches", 0.0), optics=figures.number("net.optics", 0.0),
        design_kw=figures.number("power.it_max_kw", math.nan),
    )


def with_plan_row(candidates: list[Candidate], config: SizedConfiguration, figures: FigureSet,
                  phase: Phase, ledger: CostLedger | None, search: Any = None) -> list[Candidate]:
    """The plan's own configuration as the pinned row: the sized configuration's GPUs and nodes, the first
    workload's figure, and its total cost of ownership over the horizon from the ledger (``ledger_cost``), so the table, step 2 and every
    total agree. It goes just above the search's best configuration on the same accelerator (kept: what the
    accelerator could do), or at the end when the search has no row for it; ranks follow the order. ``ledger`` None:
    the costs are being made (results/deferred_costs.py): the row's cost is unknown until then, without the ledger's
    reasons."""
    row = _plan_row(config, figures, phase, ledger, search)
    rows = [replaced(c, pinned=False) if c.pinned else c for c in candidates]
    at = next((i for i, c in enumerate(rows) if c.accelerator_id == row.accelerator_id), len(rows))
    if at < len(rows) and _same(rows[at], row):
        rows[at] = dataclasses.replace(row, reasons=rows[at].reasons + row.reasons[:1], point=rows[at].point)
    else:
        rows.insert(at, row)
    return [replaced(c, rank=i + 1) for i, c in enumerate(rows)]


def ledger_cost(ledger: CostLedger, years: int) -> float:
    """What a configuration costs: the ledger's total cost of ownership over the plan's horizon
    (``CostLedger.total_over_years``: owned, what is paid once + ``years`` × the yearly running cost; rented, the
    phase's own months of rent, so a rented pilot's alternatives are other rentals over the pilot's months). Unknown (NaN), never 0, when the
    compute itself (servers, or the rented instances) has no price; other unpriced lines are named by a reason."""
    compute = [line for line in ledger.lines if line.key == "servers" or line.key.endswith(".instances")
               or line.key == "cloud.reserved"]
    if any(not line.priced for line in compute):
        return math.nan
    return ledger.total_over_years(years)


def ledger_reasons(ledger: CostLedger, years: int, cost: float | None = None) -> list[Reason]:
    """Why a row's cost is what it is: the ledger's total over the horizon (``cost``: :func:`ledger_cost` of it,
    when already made), and the lines it leaves out."""
    cost = ledger_cost(ledger, years) if cost is None else cost
    rent = 0.0 if owns_hardware(ledger.delivery_mode) else horizon_months(ledger.delivery_mode, ledger.months, years)
    total = Reason("ledger_total_rent", {"total": Money(cost, ledger.currency), "months": int(round(rent))}) if rent \
        else Reason("ledger_total", {"total": Money(cost, ledger.currency), "years": years})
    out = [total if math.isfinite(cost) else Reason("ledger_compute_unpriced")]
    if ledger.unpriced and math.isfinite(cost):
        out.append(Reason("ledger_lines_unpriced", {"count": len(ledger.unpriced)}))
    carried, bought = ledger.line("servers.carried"), ledger.line("servers")
    if carried is not None and carried.quantity > 0:  # its cost buys only what the servers carried in lack
        new = int(bought.quantity) if bought is not None else 0
        numbers = {"carried": int(carried.quantity), "new": new}
        out.append(Reason("ledger_reuses_servers", numbers) if new else Reason("ledger_reuses_servers_only", numbers))
    return out


def awaiting_lines(reasons: tuple[Reason, ...] | list[Reason]) -> int:
    """How many lines awaiting a quote a row's cost leaves out (its ``ledger_lines_unpriced`` reason); 0: none."""
    return next((int(r.numbers.get("count", 0)) for r in reasons if r.key == "ledger_lines_unpriced"), 0)


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


def _plan_row(config: SizedConfiguration, figures: FigureSet, phase: Phase, ledger: CostLedger | None,
              search: Any) -> Candidate:
    from gpudesk.core.config_search import family_of

    own = config.workloads[0]
    w = phase.workloads[0]
    family = family_of(w.kind)
    if family in ("training", "vision_train"):
        key = "train.time_to_train_days" if "train.time_to_train_days" in figures else "vision.time_to_train_days"
        value, unit = figures.number(key), "days"
    else:
        key, unit = PERFORMANCE.get(family, ("", ""))
        unit = ITEM_RATE_UNITS.get(w.kind, unit) if family == "items" else unit
        value = figures.number(key) if key else (own.capacity.per_replica if own.capacity else math.nan)
    sized = own.sized_by not in ("memory", "best_effort")
    fits = figures.number("mem.fits", 1.0) > 0 and sized and own.gpus > 0
    if family == "serving":
        fits = fits and math.isfinite(figures.number("infer.gpus_needed"))
    reasons = [Reason("plan_own")]
    if not fits:
        reasons.append(Reason("plan_misses_targets"))
    years = phase.costs.horizon_years
    if ledger is not None:
        reasons += ledger_reasons(ledger, years)
    if search is not None:
        reasons += search.markets.get(config.accelerator_id, ())
    precision = PRECISION.name_of(w.weight_dtype if family == "serving" else w.compute_dtype, "en").split(" (")[0]
    # the layout the configuration runs, as every surface writes it (WorkloadSizing.layout_text: none for item
    # serving and seats, as the searched rows)
    layout = " · ".join(part for part in (precision if family != "seats" else "", own.layout_text()) if part)
    memory = tuple((k, figures.number(k, 0.0)) for k in MEMORY_KEYS if k in figures)
    return Candidate(
        rank=0, accelerator_id=config.accelerator_id, accelerator_name=config.accelerator_name, gpus=config.gpus,
        nodes=config.units, layout=layout, fits=fits, time_or_throughput=value, time_or_throughput_unit=unit,
        cost=ledger_cost(ledger, years) if ledger is not None else math.nan, cost_unit=phase.costs.currency,
        reasons=tuple(reasons), pinned=True,
        memory=memory, memory_capacity=figures.number("mem.capacity", 0.0), point=-1, precision=precision,
        accelerator_name_zh=config.accelerator_name_zh,
    )


def saving_reasons(estimate: Any) -> list[Reason]:
    """What the search saves against the plan's own configuration, by the cost ledger of each (the pinned row and
    the plan pinning the configuration): the recommendation, and the best configuration on the plan's own
    accelerator when it is another and saves too (a layout change alone: the bank's Ascend 910B phase at TP4 costs
    more than twice its TP1 × PP4). None before the search is done, or when nothing is cheaper."""
    search = estimate.search if estimate.search_done else None
    own = next((c for c in estimate.candidates if c.pinned), None)
    if search is None or search.recommended is None or own is None or not math.isfinite(own.cost) or own.cost <= 0:
        return []
    costs = estimate.point_costs
    out: list[Reason] = []
    shown: set[int] = set()
    for point, key in ((search.recommended, "search_saving"),
                       (next((p for p in search.per_accelerator if p.accelerator_id == search.plan_accelerator
                              and p.feasible), None), "search_saving_same_accelerator")):
        cost = costs[point.index][2] if point is not None and point.index in costs else math.nan
        if point is None or point.index in shown or not (math.isfinite(cost) and cost < own.cost):
            continue
        shown.add(point.index)
        rent = {"months": int(round(search.rent_months))} if search.rent_months > 0 else {}
        out.append(Reason("search_saving_rent" if rent and key == "search_saving" else key, {
            "config": describe(point), "cost": Money(cost, own.cost_unit), "own": Money(own.cost, own.cost_unit),
            "saving": 1.0 - cost / own.cost, "years": search.horizon_years, **rent}))
    return out


def ledger_checks(ledger: CostLedger, phase: Phase) -> list[Check]:
    """A ledger line without a price is a quote to ask for, never a zero; a configuration over the phase's budget
    says so (the budget drops the search's rows over it, and holds the plan's own configuration as well)."""
    return _unpriced_check(ledger) + _budget_check(ledger, phase)


def _unpriced_check(ledger: CostLedger) -> list[Check]:
    unpriced = ledger.unpriced
    if not unpriced:
        return []
    # an unpriced server line's item is the catalog's name ("Generic 8 × L20 server"): the numbers that name its
    # generic chassis in the reader's words, as the other checks' (report/check_text.chassis_named)
    chassis: dict[str, object] = {}
    server = next((line for line in unpriced if line.key == "servers"), None)
    if server is not None:
        params = dict(server.params)
        chassis = {"server": server.item, "server_vendor": params.get("server_vendor", ""),
                   "server_gpus": params.get("slots", 0), "accelerator": params.get("accelerator", "")}
    # "(20 servers)", "(1 appliance)": the bill of materials' unit names (vocabulary.costs.LINE_UNIT)
    items = "; ".join(f"{line.item} ({count_number(line.quantity)} {line_unit_name(line.unit, line.quantity, 'en')})"
                      for line in unpriced)
    return [Check(
        "cost.unpriced_lines", "warning", "tco", "Some costs await a quote",
        by_count(len(unpriced), "1 cost line is", f"{len(unpriced)} cost lines are")
        + f" awaiting a quote: {items}. Totals exclude them.",
        "Ask the vendor or provider for a quote and enter it (catalog browser, or the phase's cost inputs).",
        ("tco.unpriced_lines",), {"count": len(unpriced), "items": items, **chassis},
    )]


def _budget_check(ledger: CostLedger, phase: Phase) -> list[Check]:
    """The ledger's total over the horizon (tco.total_horizon, what the search holds to the budget) above
    ``costs.budget`` (0 = no limit). Lines awaiting a quote only add to a total already over it."""
    budget, cost = phase.costs.budget, ledger.total_over_years(phase.costs.horizon_years)
    if budget <= 0 or not math.isfinite(cost) or cost <= budget:
        return []
    currency = ledger.currency
    return [Check(
        "cost.over_budget", "warning", "tco", "The configuration costs more than the budget",
        f"Over the planning horizon the phase's configuration costs {cost:,.0f} {currency}, above its budget of "
        f"{budget:,.0f} {currency} ({cost - budget:,.0f} {currency} over).",
        "Pin a configuration of the search that meets the budget (step 2), rent instead of buying or for fewer "
        "months, or raise the budget if the brief allows it.",
        ("tco.total_horizon",), {"cost": cost, "budget": budget, "excess": cost - budget, "currency": currency},
    )]
