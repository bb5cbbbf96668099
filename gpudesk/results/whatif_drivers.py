"""What-if drivers applied to a copy of a phase: each driver's edit, its base value and where that value comes
from, and the drivers a phase cannot sweep (with the reason's code).

How each driver is applied (the exact edit, so the result is honest):

* ``utilisation``: ``delivery.utilisation.hours_per_day`` × (1 + change),
  kept within 0–24 h.
* ``electricity_price``: ``facility.electricity_per_kwh`` = the price in use
  (user input or catalog default) × (1 + change).
* ``gpu_price``: ``costs.gpu_price_override`` = the GPU price in use × (1 +
  change); without an override the price in use is the one implied by the
  server price (server price / (GPUs per server × (1 + platform overhead))),
  which reproduces the base exactly at 0 %.
* ``efficiency``: the core has no efficiency hook, so it is applied as its
  exact work equivalent. A GPU that does ``e`` × the work per second takes
  1/e × as long for the same work, which the pipeline computes by pricing
  1/e × the work at the catalog efficiency: training tokens (or epochs when a
  dataset size is given), vision epochs, request, item and model-call rates
  are divided by ``e``; VDI seats are not (framebuffer-bound). GPU sizing,
  time to train, duty, energy and cost are all re-derived; a serving
  throughput is the re-estimated one × ``e``. Serving latency is not
  re-checked at the changed efficiency.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gpudesk.core.constants import SERVER_PLATFORM_OVERHEAD
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_workload import TRAIN_KINDS
from gpudesk.project.model import Phase

MAX_HOURS_PER_DAY = 24.0
Apply = Callable[[Phase, float], float]  # (phase copy, change) -> driver value applied


def _gpu_price_in_use(phase: Phase, fs: FigureSet) -> float:
    if phase.costs.gpu_price_override:
        return float(phase.costs.gpu_price_override)
    per_server = fs.number("plan.gpus_per_server")
    return fs.number("tco.server_price") / (per_server * (1.0 + SERVER_PLATFORM_OVERHEAD.value))


def _scale_work(phase: Phase, factor: float) -> None:
    """Divide every workload's work by ``factor`` (its exact equivalent of ``factor`` × efficiency)."""
    for w in phase.workloads:
        if w.kind in TRAIN_KINDS:
            if w.dataset_tokens > 0:
                w.epochs /= factor
            else:
                w.train_tokens /= factor
        elif w.kind == "vision_train":
            w.epochs /= factor
        elif w.kind == "llm_inference":
            w.requests_per_day /= factor
        elif w.kind == "agent_hosting":
            w.model_calls_per_agent_hour /= factor
        elif w.kind != "rendering_vdi":
            w.items_per_day /= factor


def driver_appliers(phase: Phase, fs: FigureSet) -> tuple[dict[str, tuple[Apply, float, str, str]], dict[str, str]]:
    """driver -> (apply, base value, unit, source of the base value); and drivers that cannot be swept."""
    currency = phase.costs.currency
    out: dict[str, tuple[Apply, float, str, str]] = {}
    skipped: dict[str, str] = {}

    hours = float(phase.delivery.utilisation.hours_per_day)

    def utilisation(p: Phase, change: float) -> float:
        value = min(max(hours * (1.0 + change), 0.0), MAX_HOURS_PER_DAY)
        p.delivery.utilisation.hours_per_day = value
        return value

    out["utilisation"] = (utilisation, hours, "h/day", "user input (delivery.utilisation.hours_per_day)")

    price = fs.number("tco.electricity_price")
    if math.isfinite(price) and price > 0:
        def electricity(p: Phase, change: float) -> float:
            p.facility.electricity_per_kwh = price * (1.0 + change)
            return p.facility.electricity_per_kwh

        out["electricity_price"] = (electricity, price, f"{currency}/kWh",
                                    "phase figure tco.electricity_price (user input or catalog facility default)")
    else:
        skipped["electricity_price"] = "no_electricity_price"

    gpu = _gpu_price_in_use(phase, fs)
    if math.isfinite(gpu) and gpu > 0:
        def gpu_price(p: Phase, change: float) -> float:
            p.costs.gpu_price_override = gpu * (1.0 + change)
            return p.costs.gpu_price_override

        source = ("user input (costs.gpu_price_override)" if phase.costs.gpu_price_override else
                  "tco.server_price / (GPUs per server × (1 + constant SERVER_PLATFORM_OVERHEAD))")
        out["gpu_price"] = (gpu_price, gpu, f"{currency}/GPU", source)
    else:
        skipped["gpu_price"] = "no_gpu_price"

    if any(w.kind != "rendering_vdi" for w in phase.workloads):
        def efficiency(p: Phase, change: float) -> float:
            _scale_work(p, 1.0 + change)
            return 1.0 + change

        out["efficiency"] = (efficiency, 1.0, "x", "relative to the catalog efficiency constants (1 = as estimated)")
    else:
        skipped["efficiency"] = "vdi_framebuffer"
    return out, skipped
