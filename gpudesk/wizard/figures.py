"""Which figures each step shows: by key prefix, in FigureSet order."""

from __future__ import annotations

from gpudesk.core.explain import FigureSet

STEP_PREFIXES: dict[int, tuple[str, ...]] = {
    1: ("task.", "arch.params_total", "arch.params_active", "arch.kv_bytes_per_token"),
    2: ("mem.", "train.", "infer.", "vision.", "diffusion.", "recsys.", "embed.", "vdi.", "agent."),
    3: ("host.",),
    4: ("storage.",),
    5: ("net.", "scaling."),
    6: ("delivery.",),
    7: ("power.", "tco.", "calib."),
}


def figure_keys_for_step(step: int, figures: FigureSet) -> list[str]:
    prefixes = STEP_PREFIXES.get(step, ())
    return [
        k for k in figures.keys(include_inputs=False)
        if k.startswith(prefixes)
    ]
