"""Which figures each step shows: its headline figures first, then the rest by area."""

from __future__ import annotations

from gpudesk.core.explain import FigureSet

STEP_PREFIXES: dict[int, tuple[str, ...]] = {
    1: ("task.", "arch.params_total", "arch.params_active", "arch.kv_bytes_per_token"),
    2: ("mem.", "train.", "infer.", "vision.", "diffusion.", "recsys.", "embed.", "vdi.", "agent."),
    3: ("host.",),
    4: ("storage.",),
    5: ("scale.", "net."),
    6: ("delivery.",),
    7: ("power.", "tco.", "calib."),
}

# What an architect is asked first, per step; shown at the top when present.
HEADLINES: dict[int, tuple[str, ...]] = {
    2: ("mem.total", "mem.capacity", "mem.headroom", "mem.fits", "mem.min_gpus", "train.time_to_train_days",
        "train.tokens_per_s", "train.mfu", "train.gpu_hours", "train.bottleneck", "infer.gpus_needed",
        "infer.tokens_per_s", "infer.ttft_s", "infer.ttft_p99_s", "infer.tpot_s", "infer.bottleneck",
        "vision.time_to_train_days", "vision.gpus_needed", "vision.images_per_s_per_gpu", "diffusion.gpus_needed",
        "recsys.gpus_needed", "embed.gpus_needed", "vdi.gpus_needed", "vdi.seats_per_gpu", "agent.vcpus"),
    3: ("host.cores_needed", "host.cores_per_gpu_offered", "host.gpu_feed_fraction", "host.ram_needed"),
    4: ("storage.read_bw_needed", "storage.read_bw_offered", "storage.checkpoint_size",
        "storage.checkpoint_write_time", "storage.capacity_needed", "run.storage_monthly"),
    5: ("scale.best_tp", "scale.best_pp", "scale.best_ep", "scale.best_tokens_per_s", "scale.best_limit",
        "net.switches", "net.tiers", "net.effective_per_gpu_bw", "net.headroom_nodes", "net.cost"),
    6: ("plan.phase_cost", "delivery.owned_utilisation"),
    7: ("power.it_kw", "power.facility_kw", "power.racks", "power.rack_kw", "power.liquid_kw", "power.air_kw",
        "power.btu_per_h", "power.cooling_tons", "power.annual_energy_cost", "power.annual_co2_t", "tco.capex",
        "tco.opex_per_year", "tco.total_3y", "tco.total_5y"),
}


def figure_keys_for_step(step: int, figures: FigureSet, computed: list[str] | None = None) -> list[str]:
    """``computed``: ``figures.keys(include_inputs=False)`` when the caller has it (one list for every step)."""
    prefixes = STEP_PREFIXES.get(step, ())
    keys = figures.keys(include_inputs=False) if computed is None else computed
    derived = [k for k in keys if k.startswith(prefixes)]
    headline = [k for k in HEADLINES.get(step, ()) if k in figures]
    rest = sorted((k for k in derived if k not in headline),
                  key=lambda k: next(i for i, p in enumerate(prefixes) if k.startswith(p)))
    return headline + rest
