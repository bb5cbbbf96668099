"""docs/figures.md, first part: the keys of the sized configuration and the cost ledger in ``estimate --json``.

The field lists are read from the dataclasses themselves, so a field added to the result model without a
meaning here fails ``tests/plan/test_pipeline.py`` (the doc is regenerated and compared).
"""

from __future__ import annotations

import dataclasses

from gpudesk.core.cost_ledger import CostLedger, LedgerLine
from gpudesk.core.sized_configuration import Layout, ServingCapacity, SizedConfiguration, WorkloadSizing

MEANINGS: dict[str, str] = {
    # SizedConfiguration
    "accelerator_id": "catalog id of the accelerator", "accelerator_name": "its product name",
    "accelerator_name_zh": "its name in Chinese where the catalog gives one (name_zh; empty: the product name)",
    "server_name_zh": "the chassis' name in Chinese where the catalog gives one (name_zh; empty: the product name)",
    "server_id": "catalog id of the server (a partly populated one ends in @GPUs)", "server_name": "the chassis' product name",
    "server_vendor": "the chassis' catalog vendor (various = a generic row, generic = derived for an accelerator no server holds)",
    "gpus_per_server": "GPU slots of the chassis", "gpus_per_node": "GPUs per node the phase runs on (a rented instance's GPUs, else those populated per server)",
    "gpus_installed_per_server": "GPUs populated per server of the plan's model (owned, or a rented phase's owning "
                                 "alternative)",
    "workloads": "one entry per workload (below)", "gpus": "GPUs the phase deploys (an owned build includes its peak month)",
    "nodes": "⌈GPUs / GPUs per node⌉", "servers": "servers (or rack systems) running the workloads",
    "servers_carried": "owned servers kept from the previous phase (not bought again)",
    "delivery_mode": "delivery mode code (vocabulary DELIVERY_MODE)",
    "shared_capacity": "the plan fixes the nodes and the workloads share them", "rack_scale": "rack-scale system (NVL72 class)",
    "servers_owned": "servers the customer owns (all on premises, the hybrid baseline, none when renting)",
    "baseline_gpus": "GPUs the workloads need outside seasonal peaks", "servers_new": "servers bought in this phase",
    "instances": "rented: instances of the offer the ledger bills, ⌈GPUs / GPUs per instance⌉ (0 owned; null rented without an offer: unknown)",
    "instance": "rented: the offer's instance type", "gpus_per_instance": "rented: GPUs in one instance of the offer",
    "owns_hardware": "the phase buys hardware (capex, facility sizing)", "partly_populated": "servers carry fewer GPUs than slots",
    "installed_gpus": "GPUs physically installed", "sized_by": "code of the constraint that set the GPU count (vocabulary SIZED_BY)",
    # WorkloadSizing
    "index": "workload index in the phase", "name": "workload name", "kind": "workload kind code",
    "gpus_needed": "GPUs its own sizing asked for (differs from gpus when the nodes are fixed)", "layout": "parallel layout (below)",
    "gpus_key": "figure key explaining the workload's GPUs", "capacity": "serving capacity (below), null for training",
    "model_name": "the model's catalog name (empty for kinds without a model)",
    "layout_text": "the layout as printed, e.g. TP4 × PP1 × DP2",
    "pools": "disaggregated LLM serving: [prefill pool GPUs, decode pool GPUs] as sized (infer.disagg_prefill_gpus, "
             "infer.disagg_decode_gpus); [] for every other workload",
    # Layout
    "tp": "tensor parallel", "pp": "pipeline stages", "cp": "context parallel", "ep": "expert parallel",
    "dp": "data-parallel replicas",
    # ServingCapacity
    "replicas": "serving replicas", "per_replica": "requests/s (or items/s) one replica sustains at the latency targets",
    "total": "per_replica × replicas", "target": "the peak load the plan must carry", "unit": "unit of the rates",
    "tokens_per_s_per_replica": "output tokens/s per replica (LLM)", "tokens_per_s_total": "output tokens/s of all replicas",
    "utilisation": "target / total",
    "unserved": "why the deployment cannot serve (vocabulary UNSERVED: no_memory, targets_unmet, tables_exceed_gpus); its rates are then "
                "null, never 0. \"\" = it serves (a null rate then is unknown: a figure it needs is missing)",
    "unserved_names": "that reason in words, {\"en\": …, \"zh\": …} (only when unserved)",
    # CostLedger
    "currency": "plan currency", "months": "months the phase runs", "lines": "one entry per line (below)",
    "capex": "sum of the priced one-time lines", "opex_per_year": "recurring lines, average per year",
    "phase_total": "every priced line over the phase's months (plan.phase_cost)",
    "total_3y": "owned: one_time + 3 × opex_per_year; rented: the priced months billed within 3 years",
    "total_5y": "owned: one_time + 5 × opex_per_year; rented: the priced months billed within 5 years",
    "basis": "what total_3y and total_5y cover: owned or rented (vocabulary TOTAL_BASIS)",
    "total_3y_basis": "months total_3y covers, and its basis in words (en, zh) as the window and the proposal print it",
    "total_5y_basis": "months total_5y covers, and its basis in words (en, zh) as the window and the proposal print it",
    "unpriced": "keys of the lines awaiting a quote (left out of every total)",
    "totals_complete": "false when any line is unpriced: capex, opex and totals then cover the priced lines only",
    "one_time": "every priced line paid once (capex and one-off services)",
    "awaiting": "per total (capex, one_time, opex_per_year, phase_total), the items of the unpriced lines it leaves out; "
                "each figure that is such a priced part lists them too, as `awaiting_quotes`",
    # LedgerLine
    "key": "stable id of the line in the phase", "category": "cost category code (vocabulary COST_CATEGORY)",
    "nature": "capex or opex", "item": "product or service", "detail": "what one unit is",
    "quantity": "units per period", "unit_price": "plan currency per unit; null = unpriced (quote needed)",
    "unit_price_unit": "what the price is per", "period": "once (start of the phase) or month (every month)",
    "status": "priced, user_quote, estimated, unpriced or carried (vocabulary PRICE_STATUS)",
    "source": "citation of the price", "date": "date of the price", "figure_key": "figure that explains the amount",
    "amount": "quantity × unit_price (per period)", "phase_amount": "the line over the phase", "per_year": "recurring: per year",
    "profile": "share of the quantity used in each month (seasonal rental)",
    "params": "the values the line's wording is made of (instances, rate, tax base…), for documents in either language",
}
EXTRA = {SizedConfiguration: ("servers_new", "owns_hardware", "partly_populated", "installed_gpus", "sized_by"),
         WorkloadSizing: ("layout_text",), ServingCapacity: ("utilisation", "unserved_names"),
         CostLedger: ("capex", "one_time", "opex_per_year", "phase_total", "total_3y", "total_5y", "basis",
                     "total_3y_basis", "total_5y_basis", "unpriced",
                     "totals_complete", "awaiting"),
         LedgerLine: ("amount", "phase_amount", "per_year")}
TABLES = (("phases[i].configuration", SizedConfiguration), ("phases[i].configuration.workloads[j]", WorkloadSizing),
          ("…workloads[j].layout", Layout), ("…workloads[j].capacity", ServingCapacity),
          ("phases[i].ledger", CostLedger), ("phases[i].ledger.lines[k]", LedgerLine))


def result_keys() -> list[tuple[str, str, str]]:
    """(where, key, meaning) for every key of the configuration and ledger objects."""
    out = []
    for where, cls in TABLES:
        names = [f.name for f in dataclasses.fields(cls)] + list(EXTRA.get(cls, ()))
        out += [(where, name, MEANINGS.get(name, "")) for name in names]
    return out


def render_result_keys() -> list[str]:
    lines = ["## Sized configuration and cost ledger (`phases[i].configuration`, `phases[i].ledger`)", "",
             "Every surface reads these; `total` (top level) is the plan total, the sum of the phases' ledger totals.",
             "", "| object | key | meaning |", "|---|---|---|"]
    lines += [f"| {where} | `{key}` | {meaning} |" for where, key, meaning in result_keys()]
    return lines + [""]
