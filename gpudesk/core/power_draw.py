"""A working server's average draw, built from what its GPUs do (core/power.py calls it).

Each part of a step draws what its bound resource draws: a GPU computing (training GEMMs, a serving prefill,
a compute-bound decode) at GPU_BUSY_POWER_SHARE of its TDP, a GPU streaming HBM (memory-bound decode: weights
and KV cache) at GPU_MEMORY_BOUND_POWER_SHARE, and a GPU waiting (collectives, pipeline bubbles, kernel
boundaries) near its idle, GPU_STATIC_POWER_SHARE. A GPU power limit lowers only the draws above it, never the
idle. The rest of the server (CPUs, memory, fans, NICs) adds SERVER_HOST_POWER_SHARE of its uncapped maximum,
less its fans (SERVER_FAN_POWER_SHARE) for the share of its heat that leaves by liquid (``air_heat_share``).

* training: the GPUs compute ``compute_share`` of the step (train.compute_time_s / train.step_time_s) and wait
  the rest.
* serving: at the sized peak the GPUs are bound by compute ``c`` and by memory reads ``m`` of an iteration
  (infer.compute_bound_share, infer.memory_bound_share) and wait the rest; the average hour carries
  ``traffic_share`` of the peak, so the server draws idle + (peak draw − idle) × traffic share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core import constants as C
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import catalog_source

if TYPE_CHECKING:
    from gpudesk.core.power import PowerInputs

AVERAGE_DRAW_NOTE = ("the average draw over a training step: energy, its cost and CO₂ use it; racks, PDUs, "
                     "circuits and cooling are sized at server_max_kw (nameplate)")
SERVING_DRAW_NOTE = ("the average draw of a serving server over the year's traffic: energy, its cost and CO₂ use "
                     "it; racks, PDUs, circuits and cooling are sized at server_max_kw (nameplate)")
WAIT_NOTE = "a GPU waiting on communication or a pipeline bubble draws near its idle power"
SERVING_WAIT_NOTE = ("a GPU waiting on collectives or between kernels draws near its idle power; prefill "
                     "(compute-bound) near its busy power, memory-bound decode well below it")


def cap_w(inp: PowerInputs) -> float:
    """The GPU power limit in effect (W): the plan's, when it is below a known TDP; else 0."""
    return inp.gpu_power_limit_w if 0 < inp.gpu_power_limit_w < (inp.accelerator_tdp_w or 0.0) else 0.0


def gpu_power_inputs(fs: FigureSet, inp: PowerInputs, limit: float) -> None:
    """``power.gpu_power_kw`` (the limit, or the TDP without one), ``power.gpu_tdp_kw`` and ``power.gpus_per_server``."""
    s = inp.server
    if "power.gpu_power_kw" not in fs:
        if limit:
            fs.input("power.gpu_power_kw", limit / 1000.0, "kW", "GPU power limit",
                     "phases[].hardware.gpu_power_limit_w")
        else:
            fs.input("power.gpu_power_kw", (inp.accelerator_tdp_w or 0.0) / 1000.0, "kW", "GPU power limit (TDP)",
                     inp.accelerator_tdp_source)
    if limit and "power.gpu_tdp_kw" not in fs:
        fs.input("power.gpu_tdp_kw", (inp.accelerator_tdp_w or 0.0) / 1000.0, "kW", "GPU TDP",
                 inp.accelerator_tdp_source)
    if "power.gpus_per_server" not in fs:
        fs.input("power.gpus_per_server", float(s.gpus), "GPUs", "GPUs per server", f"catalog servers/{s.id}.gpus")


FAN_NOTE = ("the fans move the heat air carries out of the server: all of it in an air-cooled server, the rest "
            "beside the cold plates in a liquid-cooled one, none in an immersed one (SERVER_FAN_POWER_SHARE)")


def air_heat_share(fs: FigureSet, inp: PowerInputs) -> Any:
    """``power.air_heat_share``: the share of the server's heat its own fans move, from its cooling in the catalog
    (air 1; liquid or hybrid 1 - its liquid_heat_share; liquid without one 1 - DIRECT_LIQUID_HEAT_SHARE; hybrid
    without one, or cooling not recorded, 1 as air, labelled unknown in catalog)."""
    s = inp.server
    label = "share of the server's heat its fans move"
    if s.cooling == "liquid" and not s.liquid_heat_share > 0:
        lq = fs.constant("power.direct_liquid_heat_share", C.DIRECT_LIQUID_HEAT_SHARE)
        return fs.add("power.air_heat_share", 1.0 - lq, "fraction", label, "1 - direct_liquid_heat_share",
                      ["power.direct_liquid_heat_share"])
    if s.cooling != "air" and s.liquid_heat_share > 0:
        lq = fs.input("power.liquid_heat_share", float(s.liquid_heat_share), "fraction", "heat removed by liquid",
                      f"catalog servers/{s.id}.liquid_heat_share")
        return fs.add("power.air_heat_share", 1.0 - lq, "fraction", label, "1 - liquid_heat_share",
                      ["power.liquid_heat_share"])
    if s.cooling != "air":  # cooling not recorded, or hybrid without a liquid share: fans as in air
        field = "cooling" if not s.cooling else "liquid_heat_share"
        return fs.input("power.air_heat_share", 1.0, "fraction", label,
                        catalog_source(s, field) + " (unknown in catalog)")
    return fs.input("power.air_heat_share", 1.0, "fraction", label, f"catalog servers/{s.id}.cooling")


def _host(fs: FigureSet, inp: PowerInputs, pmax: Any, base: Any) -> Any:
    """``power.host_kw``: the rest of the server (CPUs, memory, NICs, drives, conversion and fans) under GPU load:
    SERVER_HOST_POWER_SHARE of its maximum for an air-cooled server, less the fans' SERVER_FAN_POWER_SHARE for the
    share of its heat that does not leave by air."""
    host_share = fs.constant("power.host_share", C.SERVER_HOST_POWER_SHARE)
    fan_share = fs.constant("power.fan_share", C.SERVER_FAN_POWER_SHARE)
    air = air_heat_share(fs, inp)
    share = host_share - fan_share * (1.0 - air)
    deps = ["power.host_share", "power.fan_share", "power.air_heat_share"]
    if "power.server_max_uncapped_kw" in fs:
        return fs.add("power.host_kw", base * share, "kW", "server draw besides its GPUs",
                      "server_max_uncapped_kw x (host_share - fan_share x (1 - air_heat_share)) (a GPU power limit "
                      "does not cap the CPUs, fans, NICs and drives)", ["power.server_max_uncapped_kw", *deps],
                      note=FAN_NOTE)
    return fs.add("power.host_kw", pmax * share, "kW", "server draw besides its GPUs",
                  "server_max_kw x (host_share - fan_share x (1 - air_heat_share))", ["power.server_max_kw", *deps],
                  note=FAN_NOTE)


def training_draw(fs: FigureSet, inp: PowerInputs, pmax: Any, base: Any) -> Any:
    """A training server's average draw: its GPUs between idle and busy power by the share of the step they
    compute, plus the rest of the server (CPUs, memory, fans, NICs) under GPU load. A GPU power limit lowers only
    the busy draw, to min(busy, limit); the GPUs' idle and the rest of the server stay as without it (power.CAP_NOTE):
    ``base`` is the server's maximum without the limit."""
    s = inp.server
    limit = cap_w(inp)
    gpu_power_inputs(fs, inp, limit)
    gpu_kw = fs.number("power.gpu_power_kw")
    lo = fs.constant("power.gpu_idle_share", C.GPU_STATIC_POWER_SHARE)
    hi = fs.constant("power.gpu_busy_share", C.GPU_BUSY_POWER_SHARE)
    share = fs.input("power.compute_share", np.clip(np.asarray(inp.compute_share, dtype=float), 0.0, 1.0), "fraction",
                     "share of a training step the GPUs compute", inp.compute_share_source)
    if limit:
        tdp = fs.number("power.gpu_tdp_kw")
        gpu = fs.add("power.gpu_draw_kw", tdp * lo + (np.minimum(tdp * hi, gpu_kw) - tdp * lo) * share, "kW",
                     "average GPU draw during training",
                     "gpu_tdp_kw x gpu_idle_share + (min(gpu_tdp_kw x gpu_busy_share, gpu_power_kw) - gpu_tdp_kw x "
                     "gpu_idle_share) x compute_share (the power limit lowers only the busy draw, not the idle draw)",
                     ["power.gpu_tdp_kw", "power.gpu_idle_share", "power.gpu_busy_share", "power.gpu_power_kw",
                      "power.compute_share"], note=WAIT_NOTE)
    else:
        gpu = fs.add("power.gpu_draw_kw", gpu_kw * (lo + (hi - lo) * share), "kW", "average GPU draw during training",
                     "gpu_power_kw x (gpu_idle_share + (gpu_busy_share - gpu_idle_share) x compute_share)",
                     ["power.gpu_power_kw", "power.gpu_idle_share", "power.gpu_busy_share", "power.compute_share"],
                     note=WAIT_NOTE)
    host = _host(fs, inp, pmax, base)
    return fs.add("power.server_kw", np.minimum(pmax, host + float(s.gpus) * gpu), "kW",
                  "average server power during training",
                  "min(server_max_kw, host_kw + gpus_per_server x gpu_draw_kw)",
                  ["power.server_max_kw", "power.host_kw", "power.gpus_per_server", "power.gpu_draw_kw"],
                  note=AVERAGE_DRAW_NOTE)


def serving_draw(fs: FigureSet, inp: PowerInputs, pmax: Any, base: Any, idle: Any) -> Any:
    """A serving server's average draw: at the sized peak each GPU draws busy power for the compute-bound share
    of an iteration, the memory-bound draw for its memory-bound share and idle power for the rest; the rest of
    the server as in training; over the year the draw moves from idle to that peak draw by the traffic share."""
    s = inp.server
    limit = cap_w(inp)
    gpu_power_inputs(fs, inp, limit)
    lo = fs.constant("power.gpu_idle_share", C.GPU_STATIC_POWER_SHARE)
    hi = fs.constant("power.gpu_busy_share", C.GPU_BUSY_POWER_SHARE)
    mid = fs.constant("power.gpu_memory_share", C.GPU_MEMORY_BOUND_POWER_SHARE)
    c = fs.input("power.compute_bound_share", np.clip(np.asarray(inp.compute_share, dtype=float), 0.0, 1.0),
                 "fraction", "share of a serving iteration bound by compute", inp.compute_share_source)
    m = fs.input("power.memory_bound_share", np.clip(np.asarray(inp.memory_share, dtype=float), 0.0, 1.0 - c),
                 "fraction", "share of a serving iteration bound by memory reads", inp.compute_share_source)
    deps = ["power.gpu_idle_share", "power.gpu_busy_share", "power.gpu_memory_share", "power.compute_bound_share",
            "power.memory_bound_share"]
    if limit:
        tdp, cap = fs.number("power.gpu_tdp_kw"), fs.number("power.gpu_power_kw")
        gpu = fs.add("power.gpu_serving_kw", tdp * lo + (np.minimum(tdp * hi, cap) - tdp * lo) * c
                     + (np.minimum(tdp * mid, cap) - tdp * lo) * m, "kW", "average GPU draw at the serving peak",
                     "gpu_tdp_kw x gpu_idle_share + (min(gpu_tdp_kw x gpu_busy_share, gpu_power_kw) - gpu_tdp_kw x "
                     "gpu_idle_share) x compute_bound_share + (min(gpu_tdp_kw x gpu_memory_share, gpu_power_kw) - "
                     "gpu_tdp_kw x gpu_idle_share) x memory_bound_share (the power limit lowers only the draws above "
                     "it, not the idle draw)", ["power.gpu_tdp_kw", "power.gpu_power_kw", *deps],
                     note=SERVING_WAIT_NOTE)
    else:
        gpu_kw = fs.number("power.gpu_power_kw")
        gpu = fs.add("power.gpu_serving_kw", gpu_kw * (lo + (hi - lo) * c + (mid - lo) * m), "kW",
                     "average GPU draw at the serving peak",
                     "gpu_power_kw x (gpu_idle_share + (gpu_busy_share - gpu_idle_share) x compute_bound_share + "
                     "(gpu_memory_share - gpu_idle_share) x memory_bound_share)", ["power.gpu_power_kw", *deps],
                     note=SERVING_WAIT_NOTE)
    host = _host(fs, inp, pmax, base)
    peak = fs.add("power.server_peak_kw", np.minimum(pmax, host + float(s.gpus) * gpu), "kW",
                  "server power at the serving peak", "min(server_max_kw, host_kw + gpus_per_server x gpu_serving_kw)",
                  ["power.server_max_kw", "power.host_kw", "power.gpus_per_server", "power.gpu_serving_kw"])
    traffic = fs.input("power.traffic_share", np.clip(np.asarray(inp.traffic_share, dtype=float), 0.0, 1.0),
                       "fraction", "share of the sized peak the average hour carries",
                       "average / peak request rate (the plan's daily requests and peak factor)")
    return fs.add("power.server_kw", np.where(traffic >= 1.0, peak, idle + (peak - idle) * traffic), "kW",
                  "average server power while serving",
                  "server_idle_kw + (server_peak_kw - server_idle_kw) x traffic_share, server_peak_kw at traffic 1 "
                  "(unknown idle leaves lower traffic unknown)",
                  ["power.server_idle_kw", "power.server_peak_kw", "power.traffic_share"], note=SERVING_DRAW_NOTE)
