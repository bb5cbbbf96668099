"""Pitfall checks from the source documents (section 五 of the seven-step guide).

Comparing only the per-GPU price; ignoring software ecosystem
compatibility; no utilisation plan; no scaling path; CPU, IO and network
bottlenecks. Each check states the numbers behind it and the fix in
English; ``pitfalls_zh`` holds the Chinese text for every check id.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gpudesk.catalog.records import Accelerator
from gpudesk.core.checks import Check

BOTTLENECK_IDS = (
    "host.cpu_starves_gpus", "host.ram_short", "host.pcie_lanes_short", "host.nic_pcie_bottleneck",
    "storage.read_bw_short", "storage.checkpoint_stall", "net.oversubscribed", "net.frontend_short",
)


def per_gpu_price_pitfall(
    names: Sequence[str], price_per_gpu_hour: Sequence[float], gpu_hours_per_job: Sequence[float], currency: str = "USD"
) -> list[Check]:
    """The cheapest GPU by the hour is not the cheapest per job: compare cost per job."""
    price = np.asarray(price_per_gpu_hour, dtype=float)
    hours = np.asarray(gpu_hours_per_job, dtype=float)
    per_job = price * hours
    cheap, best = int(np.nanargmin(price)), int(np.nanargmin(per_job))
    if cheap == best or per_job[cheap] <= per_job[best]:
        return []
    numbers = {
        "cheap": names[cheap], "cheap_hour": float(price[cheap]), "cheap_job": float(per_job[cheap]),
        "best": names[best], "best_hour": float(price[best]), "best_job": float(per_job[best]), "currency": currency,
    }
    return [Check(
        "pitfall.per_gpu_price", "warning", 7, "Cheapest GPU per hour is not cheapest per job",
        f"{names[cheap]} costs {price[cheap]:,.2f} {currency}/GPU-h but needs {hours[cheap]:,.0f} GPU-h, so a job costs "
        f"{per_job[cheap]:,.0f} {currency}; {names[best]} costs {price[best]:,.2f} {currency}/GPU-h and finishes the "
        f"job for {per_job[best]:,.0f} {currency}.",
        f"Compare cost per job (or per million tokens), not price per GPU-hour; {names[best]} is cheaper per job.",
        ("tco.cost_per_training_run",), numbers,
    )]


def ecosystem_pitfall(accelerator: Accelerator, frameworks_needed: Sequence[str]) -> list[Check]:
    """Frameworks the workload needs that the accelerator's software stack does not list."""
    supported = {f.lower() for f in accelerator.frameworks}
    missing = [f for f in frameworks_needed if f.lower() not in supported]
    if not missing:
        return []
    stack = accelerator.software_stack or "unknown stack"
    listed = ", ".join(accelerator.frameworks) if accelerator.frameworks else "none recorded"
    return [Check(
        "pitfall.software_ecosystem", "warning", 2, "Software ecosystem may not support the workload",
        f"{accelerator.name} runs {stack}; the catalog lists {listed}, not {', '.join(missing)}. Driver, framework "
        "and container mismatches lengthen deployment and debugging.",
        "Confirm framework, driver and container versions on the platform with a pilot run, or pick an accelerator "
        "whose stack supports them.",
        (), {"accelerator": accelerator.name, "stack": stack, "framework": ", ".join(missing), "supported": listed},
    )]


def utilisation_pitfall(utilisation: float, break_even_utilisation: float, mode: str) -> list[Check]:
    """Owned or reserved capacity used less than the utilisation at which it beats paying by the hour.

    ``break_even_utilisation`` = owned (or reserved) cost per GPU-hour at full use / on-demand price per GPU-hour.
    """
    if not (utilisation < break_even_utilisation):
        return []
    return [Check(
        "pitfall.no_utilisation_plan", "warning", 6, "Committed capacity would sit idle",
        f"The plan uses the {mode} capacity {utilisation:.0%} of the time, below the {break_even_utilisation:.0%} at "
        "which it becomes cheaper than paying by the hour.",
        "Plan the load (shared queue, more teams, inference off-peak), commit less and burst on demand, or rent.",
        ("delivery.owned_utilisation",), {"utilisation": utilisation, "break_even": break_even_utilisation, "mode": mode},
    )]


def scaling_path_pitfall(
    headroom_nodes: float, growth_nodes: float, rack_headroom_kw: float, growth_kw: float
) -> list[Check]:
    """The fabric or the facility's power cannot take the growth the plan expects."""
    if headroom_nodes >= growth_nodes and rack_headroom_kw >= growth_kw:
        return []
    return [Check(
        "pitfall.no_scaling_path", "warning", 5, "No path to scale out",
        f"The plan expects {growth_nodes:.0f} more nodes ({growth_kw:,.0f} kW); the fabric takes {headroom_nodes:.0f} "
        f"more nodes and the facility has {rack_headroom_kw:,.0f} kW spare.",
        "Reserve spine ports and facility power for the growth now; adding network and power later is slower and dearer.",
        ("net.headroom_nodes",),
        {"headroom_nodes": headroom_nodes, "growth_nodes": growth_nodes, "rack_headroom_kw": rack_headroom_kw,
         "growth_kw": growth_kw},
    )]


def bottleneck_pitfall(checks: Sequence[Check]) -> list[Check]:
    """Summarise CPU, IO and network checks: the GPUs will wait on something other than compute."""
    found = [c for c in checks if c.id in BOTTLENECK_IDS and c.severity != "info"]
    if not found:
        return []
    ids = ", ".join(c.id for c in found)
    return [Check(
        "pitfall.bottlenecks", "warning", 3, "GPUs would wait on CPU, IO or network",
        f"{len(found)} bottleneck(s) found ({ids}); the GPUs cost the same while they wait, so the job takes longer and "
        "costs more.",
        "Resolve each listed check before buying more GPUs.",
        tuple(f for c in found for f in c.figures), {"count": len(found), "ids": ids},
    )]
