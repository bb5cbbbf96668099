"""What would fit when no layout gpudesk tries holds a training job: one change of the plan, tried in turn.

A job that does not fit at any GPU count of its layout family (``mem.min_gpus`` unknown) was told 'no layout gpudesk
tries fits the model on this GPU' and a list of generic remedies, though the estimate could say which one works: the
Llama 3.1 70B pre-training on one-card MLU370-X8 servers fits neither with selective recompute (tensor parallel 1:
the first 1F1B stage holds every layer's activations) nor with full recompute alone, but does with full recompute and
ZeRO-3 (64 GPUs), as with eight cards a server and tensor parallel inside it. Each change below is
estimated by the same memory model (``estimate_memory``'s fewest-GPUs search); the first that fits is returned, with
the fewest GPUs it needs, for the check to name. Reads nothing but its arguments.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from gpudesk.core.memory import MemoryInputs, estimate_memory

NODE_GPUS = 8  # the GPUs of the common training server (HGX, OAM and domestic 8-card boards): tensor parallel inside it

CHANGES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("recompute", {"recompute": "full"}),
    ("recompute_zero3", {"recompute": "full", "zero_stage": 3}),
    ("per_node", {"gpus_per_node": NODE_GPUS}),
    ("per_node_recompute", {"gpus_per_node": NODE_GPUS, "recompute": "full"}),
)
"""(code, the fields changed), in the order tried: training settings first (no hardware changes), then the servers.
Codes are worded by ``[code.smallest]`` of the check catalogues."""


def fit_alternative(inputs: MemoryInputs) -> tuple[str, float] | None:
    """(code of the first change of :data:`CHANGES` under which some layout fits, its fewest GPUs), or None. A change
    the plan already has (full recompute, ZeRO-3, eight or more GPUs a server) is not tried."""
    for code, change in CHANGES:
        if all(_has(inputs, name, value) for name, value in change.items()):
            continue
        gpus = float(estimate_memory(replace(inputs, search=True, **change)).number("mem.min_gpus"))
        if math.isfinite(gpus) and gpus >= 1:
            return code, gpus
    return None


def _has(inputs: MemoryInputs, name: str, value: Any) -> bool:
    current = getattr(inputs, name)
    if name == "gpus_per_node":
        return float(current) >= float(value)
    if name == "zero_stage":
        return float(current) >= float(value)
    return bool(current == value)
