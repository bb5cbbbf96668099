"""One alternative configuration the recommender ranks, with the reasons for its place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.catalog.records import display_name


@dataclass(frozen=True)
class Reason:
    """Why a candidate ranks where it does: a key of the reason catalogue (``resources/i18n/reasons_<lang>.toml``)
    and the numbers its wording is filled with. The words live in the catalogue, not in the core
    (:func:`gpudesk.report.check_text.reason_text`)."""

    key: str
    numbers: dict[str, Any] = field(default_factory=dict, hash=False)


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
    reasons: tuple[Reason, ...] = ()
    pinned: bool = False
    memory: tuple[tuple[str, float], ...] = ()  # (mem.* key, bytes per GPU) at this configuration
    memory_capacity: float = 0.0  # bytes per GPU
    point: int = -1  # row of the configuration in the phase's search (PhaseSearch.find); -1 = not searched
    precision: str = ""  # weights (and KV cache) the configuration runs at, e.g. "FP8"
    accelerator_name_zh: str = ""  # the catalog's name_zh (catalog.records.display_name)

    def accelerator_named(self, lang: str) -> str:
        """The accelerator's name as a reader of ``lang`` is shown it."""
        return display_name(self.accelerator_name, self.accelerator_name_zh, lang)
