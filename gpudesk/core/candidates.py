"""One alternative configuration the recommender ranks, with the reasons for its place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Candidate:
    """One recommended configuration, with why it ranks where it does."""

    rank: int
    accelerator_id: str
    accelerator_name: str
    gpus: int
    nodes: int
    layout: str  # e.g. "TP8 × PP2 × DP16" or "8 replicas × TP2"
    fits: bool
    time_or_throughput: float
    time_or_throughput_unit: str
    cost: float
    cost_unit: str
    reasons: tuple[str, ...] = ()
    pinned: bool = False
    memory: tuple[tuple[str, float], ...] = ()  # (mem.* key, bytes per GPU) at this configuration
    memory_capacity: float = 0.0  # bytes per GPU
    reasons_zh: tuple[str, ...] = ()  # the same reasons in Chinese
    point: int = -1  # row of the configuration in the phase's search (PhaseSearch.find); -1 = not searched
    precision: str = ""  # weights (and KV cache) the configuration runs at, e.g. "FP8"
    layout_zh: str = ""  # the layout line in Chinese (replicas, batch …); "" = same as ``layout``
    cost_unit_zh: str = ""  # ``cost_unit`` in Chinese; "" = same

    def reasons_in(self, lang: str) -> tuple[str, ...]:
        return self.reasons_zh if lang == "zh" and self.reasons_zh else self.reasons

    def layout_in(self, lang: str) -> str:
        return self.layout_zh if lang == "zh" and self.layout_zh else self.layout

    def cost_unit_in(self, lang: str) -> str:
        return self.cost_unit_zh if lang == "zh" and self.cost_unit_zh else self.cost_unit
