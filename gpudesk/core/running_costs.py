"""Costs every delivery mode carries: software licences, operations staff and storage rent. Keys ``run.*``.

Whether the GPUs are owned or rented, someone maintains images, drivers, scheduling, monitoring and
backup (the source document's step 7), licences are paid per GPU, and the data sits somewhere. The
delivery comparison adds these to every mode, so modes are compared on equal terms, and the ledger
lists them once.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core.cost_ledger import per_year
from gpudesk.core.explain import FigureSet
from gpudesk.core.pass_memo import memoised_on_inputs
from gpudesk.vocabulary.costs import LICENCE


@dataclass(frozen=True)
class RunningCostInputs:
    gpus: float  # GPUs licensed (in service)
    software_per_gpu_year: float  # currency
    staff_fte: float
    staff_cost_per_year: float  # currency per FTE
    storage_monthly: float  # storage model (storage.monthly_cost, in ``currency``), NaN = storage price unknown
    cpu_vms_per_month: float = 0.0  # CPU virtual machines of agent workloads (agent.cpu_cost_per_month), priced part
    storage_source: str = "storage model (storage.monthly_cost)"
    currency: str = "USD"
    cny_per_usd: float = 7.1
    gpus_source: str = "plan.gpus (the phase's sized configuration)"
    licence: str = "none"  # none | nvidia_ai_enterprise | nvidia_vgpu
    licence_units: float = 0.0  # GPUs (AI Enterprise) or concurrent users (vGPU) licensed
    licence_units_source: str = ""
    licence_price: float = float("nan")  # currency per unit and year; NaN = no price (the line asks for a quote)
    licence_price_source: str = ""
    services_once: float = 0.0  # one-off professional services, currency (every delivery mode)


@memoised_on_inputs
def running_cost_figures(inp: RunningCostInputs) -> FigureSet:
    fs = FigureSet()
    cur = inp.currency
    gpus = fs.input("run.gpus", float(inp.gpus), "GPUs", "GPUs licensed", inp.gpus_source)
    rate = fs.input("run.software_per_gpu_year", inp.software_per_gpu_year, f"{cur}/GPU/year", "software licences")
    soft = fs.add("run.software_per_year", gpus * rate, per_year(cur), "software licences per year",
                  "gpus × software_per_gpu_year", ["run.gpus", "run.software_per_gpu_year"])
    fte = fs.input("run.staff_fte", inp.staff_fte, "FTE",
                   "operations staff (images, drivers, scheduling, monitoring, backup)")
    fte_cost = fs.input("run.staff_cost_per_fte", inp.staff_cost_per_year, per_year(cur), "cost per FTE")
    staff = fs.add("run.staff_per_year", fte * fte_cost, per_year(cur), "staff per year", "staff_fte × staff_cost_per_fte",
                   ["run.staff_fte", "run.staff_cost_per_fte"])
    monthly = fs.input("run.storage_monthly", float(inp.storage_monthly),
                       f"{cur}/month", "storage rent per month", inp.storage_source)
    fs.add("run.storage_per_year", monthly * 12.0, per_year(cur), "storage rent per year", "storage_monthly × 12",
                     ["run.storage_monthly"])
    vms = fs.input("run.cpu_vms_monthly", inp.cpu_vms_per_month, f"{cur}/month",
                   "CPU virtual machines of the agents per month", "agent.cpu_cost_per_month (the workloads' figures)")
    licence = 0.0
    if inp.licence != "none":
        units = fs.input("run.licence_units", float(inp.licence_units), "units",
                         f"licences: {LICENCE.name_of(inp.licence, 'en')}", inp.licence_units_source)
        price = fs.input("run.licence_price", inp.licence_price, f"{cur}/unit/year", "licence price per unit and year",
                         inp.licence_price_source or "no price: the line asks for a quote")
        licence = fs.add("run.licence_per_year", units * price, per_year(cur), "licences per year", "licence_units × licence_price",
                         ["run.licence_units", "run.licence_price"])
    if inp.services_once > 0:
        fs.input("run.services_once", inp.services_once, cur, "one-off professional services",
                 "user input (services_once)")
    licence_known = licence if licence == licence else 0.0
    fs.add("run.known_per_month",
           (soft + staff + licence_known) / 12.0 + (monthly if monthly == monthly else 0.0) + vms,
           f"{cur}/month", "priced running costs per month",
           "(software + staff + licences) / 12 + storage_monthly (when priced) + CPU VMs",
           ["run.software_per_year", "run.staff_per_year", "run.storage_monthly", "run.cpu_vms_monthly"]
           + (["run.licence_per_year"] if inp.licence != "none" else []),
           note="; ".join(n for n in ("" if monthly == monthly else "storage price unknown: left out, listed as awaiting a quote",
                                      "" if licence == licence else "licence price unknown: left out, listed as awaiting a quote")
                          if n))
    return fs
