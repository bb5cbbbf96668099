"""The phase's money figures, read off its cost ledger (keys ``tco.*`` and ``plan.phase_cost``).

Every total the step pages, status bar, charts and proposal show is recorded here from the ledger,
with the lines behind it as its explanation, so no surface adds money up on its own.
"""

from __future__ import annotations

import math

from gpudesk.core import constants as C
from gpudesk.core.cost_ledger import CostLedger, LedgerLine, per_year
from gpudesk.core.explain import FigureSet
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.delivery import owns_hardware

# rented capacity is paid while the phase runs (CostLedger.total_over_years): no rent after the phase ends
RENTED_TOTAL = "rented: the spend of the phase's months (a reservation: its whole term)"


def _lines_text(ledger: CostLedger, what: str, period: str | None = None) -> str:
    """``"cost ledger: one-time lines; 2 lines awaiting a quote left out"`` (the lines themselves are the BOM)."""
    lines = [line for line in ledger.lines if period is None or line.period == period]
    unpriced = [line for line in lines if not line.priced and line.status != "carried"]
    return f"cost ledger: {what}" + (f"; {counted(len(unpriced), 'line')} awaiting a quote left out" if unpriced else "")


OPEX_LINES = ("tco.rent_per_year", "tco.cpu_vms_per_year", "tco.energy_per_year", "tco.maintenance_per_year",
              "run.staff_per_year", "run.software_per_year", "run.licence_per_year", "tax.vat_services_per_year",
              "tco.colo_per_year", "run.storage_per_year")
"""The figures that are the lines of the yearly run rate (tco.opex_per_year), one per kind of recurring ledger line,
in the order a cost page lists them: each surface that shows the total shows these beneath it, and they add up to
it (tests/plan/test_reconciliation.py)."""

TAX_LABELS = {"tax.vat_goods": "VAT on the goods bought", "tax.vat_services_once": "VAT on one-off services",
              "tax.vat_services_per_year": "VAT on recurring services per year"}


def _tax_figures(fs: FigureSet, ledger: CostLedger) -> None:
    """The VAT lines of the ledger (core/ledger_quote.py) as figures: once, and per year for recurring services."""
    for line in ledger.lines:
        if line.category != "tax" or line.figure_key not in TAX_LABELS or line.unit_price is None:
            continue
        rate = f"{line.unit_price * 100:g}%"
        if line.period == "once":
            fs.input(line.figure_key, line.amount, ledger.currency, TAX_LABELS[line.figure_key],
                     f"cost ledger: {rate} × the priced lines it taxes; rate from {line.source}")
        else:
            fs.input(line.figure_key, line.per_year, per_year(ledger.currency), TAX_LABELS[line.figure_key],
                     f"cost ledger: {rate} × the priced recurring lines it taxes, per year; rate from {line.source}")


def _per_year(lines: tuple[LedgerLine, ...]) -> float:
    return float(sum(line.per_year or 0.0 for line in lines if line.priced))


def _rent_figures(fs: FigureSet, ledger: CostLedger) -> None:
    """The rent of GPU capacity per year, a line of the yearly run rate as the cost page shows it: instance-hours a
    year × the offer's price per instance-hour (its source and date), plus on-demand capacity above a reservation
    or an owned baseline; a rent line without a price is named as awaiting a quote, never priced at 0."""
    rent = ledger.rent_lines
    if not rent:
        return
    cur, main, extra = ledger.currency, rent[0], rent[1:]
    awaiting = tuple(line.item for line in rent if not line.priced)
    params = dict(main.params)
    what = (f"{main.item}: {params.get('instances', 0):,.4g} × {params.get('instance', '')} "
            f"({params.get('per', 1)} GPU each)") if params else main.item
    if not main.priced:
        fs.input("tco.rent_per_year", _per_year(extra), per_year(cur), "rent per year",
                 f"cost ledger: {what}; no price for this offer in the catalog: awaiting a quote", awaiting=awaiting)
        return
    price = float(main.unit_price)  # type: ignore[arg-type]  # priced
    hours = fs.input("tco.rent_hours_per_year", (main.per_year or 0.0) / price, "instance-hours/year",
                     "instance-hours billed per year",
                     f"cost ledger: {what}, {_billing(main.detail)}; the phase's months averaged to a year")
    rate = fs.input("tco.rent_price_per_hour", price, f"{cur}/instance-hour", "price per instance-hour",
                    f"{main.source}" + (f" ({main.date})" if main.date else ""))
    if not extra:
        fs.add("tco.rent_per_year", hours * rate, per_year(cur), "rent per year",
               "rent_hours_per_year × rent_price_per_hour", ["tco.rent_hours_per_year", "tco.rent_price_per_hour"],
               awaiting=awaiting)
        return
    burst = fs.input("tco.rent_burst_per_year", _per_year(extra), per_year(cur),
                     "on-demand capacity above the base per year",
                     "cost ledger: " + "; ".join(f"{line.item}, {line.detail}, at {line.unit_price:g} {cur}/"
                                                 f"{line.unit} ({line.source})" for line in extra if line.priced))
    fs.add("tco.rent_per_year", hours * rate + burst, per_year(cur), "rent per year",
           "rent_hours_per_year × rent_price_per_hour + rent_burst_per_year",
           ["tco.rent_hours_per_year", "tco.rent_price_per_hour", "tco.rent_burst_per_year"], awaiting=awaiting)


def _cpu_vm_figures(fs: FigureSet, ledger: CostLedger) -> None:
    """The agents' CPU virtual machines per year, a line of the yearly run rate."""
    vms = ledger.cpu_vm_lines
    if vms:
        fs.input("tco.cpu_vms_per_year", _per_year(vms), per_year(ledger.currency), "CPU virtual machines per year",
                 "cost ledger: " + "; ".join(f"{line.item}, {line.quantity:,.0f} vCPU-hours a month"
                                             + (f" at {line.unit_price:g} {ledger.currency}/vCPU-hour ({line.source})"
                                                if line.priced else ", awaiting a quote") for line in vms),
                 awaiting=tuple(line.item for line in vms if not line.priced))


def ledger_figures(ledger: CostLedger, config: SizedConfiguration, figures: FigureSet, years: int,
                   busy_fraction: float) -> FigureSet:
    fs = FigureSet()
    cur = ledger.currency
    fs.input("tco.unpriced_lines", float(len(ledger.unpriced)), "lines", "cost lines awaiting a quote",
             ("lines awaiting a quote: " + " · ".join(line.item for line in ledger.unpriced)) if ledger.unpriced
             else "every line is priced")
    everything = ledger.awaiting()
    fs.input("tco.capex", ledger.capex, cur, "capex of this phase",
             _lines_text(ledger, "one-time lines", "once"), awaiting=ledger.awaiting("once", "capex"))
    recurring = ledger.awaiting("month")
    opex = fs.input("tco.opex_per_year", ledger.opex_per_year, per_year(cur), "opex per year (average run rate)",
                    _lines_text(ledger, "recurring lines over the phase, per year", "month"), awaiting=recurring)
    fs.add("tco.opex_per_month", opex / 12.0, f"{cur}/month", "opex per month", "opex_per_year / 12",
           ["tco.opex_per_year"], awaiting=recurring)
    fs.input("tco.months", float(ledger.months), "months", "phase duration", "user input (duration_months)")
    fs.input("plan.phase_cost", ledger.phase_total, cur, "cost of this phase",
             _lines_text(ledger, "every line over the phase's months"), awaiting=everything)
    fs.input("tco.one_time", ledger.one_time, cur, "paid once (capex and one-off services)",
             _lines_text(ledger, "one-time lines", "once"), awaiting=ledger.awaiting("once"))
    if ledger.delivery_mode == "private" and "delivery.modes" in figures and "delivery.total.private" not in figures:
        # the delivery comparison could not price the plan's own owned servers (core/plan_infra: no owned capex): its
        # column is unknown, with the lines awaiting a quote, never missing (gov, manufacturer: no row of their own)
        fs.input("delivery.total.private", float("nan"), cur, "private cost over the phase",
                 "cost ledger: the owned hardware awaits a quote, so the private column has no total", awaiting=everything)
    owned = owns_hardware(ledger.delivery_mode)
    for n in (3, 5):
        if owned:
            fs.add(f"tco.total_{n}y", ledger.total_over_years(n), cur, f"{n}-year total cost of ownership",
                   f"one_time + {n} × opex_per_year", ["tco.one_time", "tco.opex_per_year"], awaiting=everything)
        else:
            fs.add(f"tco.total_{n}y", ledger.total_over_years(n), cur, f"{n}-year total cost of ownership",
                   f"{RENTED_TOTAL} within {n} years", ["plan.phase_cost", "tco.months"], awaiting=everything)
    horizon = fs.input("tco.horizon_years", float(years), "years", "planning horizon", "user input (horizon_years)")
    fs.input("tco.horizon_months", ledger.months_within(horizon), "months", "months the horizon total covers",
             "cost ledger: owned, 12 × horizon_years; rented, the months billed within the horizon (the phase's "
             "months; a reservation, its whole term)")
    if owned:
        fs.add("tco.total_horizon", ledger.total_over_years(horizon), cur, "total cost over the planning horizon",
               "one_time + horizon_years × opex_per_year", ["tco.one_time", "tco.horizon_years", "tco.opex_per_year"],
               awaiting=everything)
    else:
        fs.add("tco.total_horizon", ledger.total_over_years(horizon), cur, "total cost over the planning horizon",
               f"{RENTED_TOTAL} within horizon_years", ["plan.phase_cost", "tco.months", "tco.horizon_years"],
               awaiting=everything)
    _tax_figures(fs, ledger)
    _rent_figures(fs, ledger)
    _cpu_vm_figures(fs, ledger)

    dep = figures.number("tco.depreciation_per_year", 0.0) if config.servers_owned else 0.0
    # owned hardware without a price depreciates by an unknown amount: the priced part, with those lines beside it
    unvalued = ledger.awaiting("once", "capex", ("hardware", "network")) if config.servers_owned else ()
    fs.input("tco.depreciation_in_annual", dep, per_year(cur), "depreciation per year of the owned hardware",
             "tco.depreciation_per_year (owned hardware)" if config.servers_owned else "none: nothing is owned",
             awaiting=unvalued)
    left_out = tuple(dict.fromkeys(unvalued + recurring))  # what annual_cost and every cost per unit leave out
    annual = fs.add("tco.annual_cost", dep + opex, per_year(cur), "annual cost (depreciation + opex)",
                    "depreciation + opex_per_year", ["tco.depreciation_in_annual", "tco.opex_per_year"],
                    awaiting=left_out)
    gpus = fs.input("tco.gpus", float(config.gpus), "GPUs", "GPUs in use", "plan.gpus (the phase's sized configuration)")
    hours = fs.constant("tco.hours_per_year", C.HOURS_PER_YEAR)
    busy = fs.input("tco.busy_fraction", busy_fraction, "fraction", "share of the year the GPUs are used",
                    "usage profile (hours a day × days a month, peaks)")
    gpu_h = fs.add("tco.cost_per_gpu_hour", annual / (gpus * hours * busy) if gpus * busy > 0 else math.nan,
                   f"{cur}/GPU-h", "cost per GPU-hour used", "annual_cost / (gpus × hours_per_year × busy_fraction)",
                   ["tco.annual_cost", "tco.gpus", "tco.hours_per_year", "tco.busy_fraction"], awaiting=left_out)
    run_h = figures.number("train.gpu_hours", figures.number("vision.gpu_hours", math.nan))
    if math.isfinite(run_h):
        fs.input("tco.training_run_gpu_hours", run_h, "GPU-h", "GPU-hours of one training run",
                 "time model (train.gpu_hours)")
        fs.add("tco.cost_per_training_run", gpu_h * run_h, cur, "cost per training run",
               "cost_per_gpu_hour × training_run_gpu_hours", ["tco.cost_per_gpu_hour", "tco.training_run_gpu_hours"],
               awaiting=left_out)
    tokens = sum(w.capacity.target for w in config.workloads if w.capacity is not None and w.kind == "llm_inference")
    tokens_year = figures.number("plan.tokens_served_per_year", 0.0)
    if tokens and tokens_year > 0:
        served = fs.input("tco.tokens_served_per_year", tokens_year, "tokens", "tokens served per year",
                          "plan.tokens_served_per_year (the phase's figure)")
        fs.add("tco.cost_per_million_tokens", annual / (served / 1e6), f"{cur}/Mtok", "cost per million tokens served",
               "annual_cost / (tokens_served_per_year / 1e6)", ["tco.annual_cost", "tco.tokens_served_per_year"],
               awaiting=left_out)
    seats = figures.number("plan.seats", 0.0)
    if seats > 0:
        fs.input("tco.seats", seats, "seats", "seats served", "plan.seats (the phase's figure)")
        fs.add("tco.cost_per_seat_month", annual / seats / 12.0, f"{cur}/seat/month", "cost per seat per month",
               "annual_cost / seats / 12", ["tco.annual_cost", "tco.seats"], awaiting=left_out)
    return fs


def _billing(detail: str) -> str:
    """What a rent line's detail says after its instances ("200 h a month", "reserved every hour, billed …"): an
    instance named with a comma ("A100 80GB SXM (per GPU, typical)") read "typical) (1-GPU instances), 264 h"."""
    return detail.rsplit("instances), ", 1)[-1]
