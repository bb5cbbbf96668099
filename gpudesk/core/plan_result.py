"""What estimating a whole plan returns: the contract for UI, CLI and report.

``pipeline.estimate_plan(project, catalog)`` fills these. Figures are
scalar FigureSets for the chosen configuration of each phase (keys
``mem.*``, ``train.*``, ``infer.*``, ``vision.*``, ``diffusion.*``,
``recsys.*``, ``embed.*``, ``vdi.*``, ``host.*``, ``storage.*``,
``net.*``, ``power.*``, ``delivery.*``, ``tco.*``; see docs/figures.md),
with every explanation one call away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.core.pitfalls_zh import assumption_text


class Assumption(str):
    """One assumption of a phase: its English sentence (the ``str`` value, so JSON output and
    older consumers print it as before), plus ``key`` and ``values`` so the proposal can word
    it in Chinese (``pitfalls_zh.ASSUMPTION_TEMPLATES``). A plain ``str`` in
    ``PhaseEstimate.assumptions`` (a note typed by hand) is printed as it is."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, values: dict[str, Any]) -> Assumption:
        self = super().__new__(cls, assumption_text(key, values, "en"))
        self.key = key
        self.values = dict(values)
        return self

    def text(self, language: str = "en") -> str:
        return assumption_text(self.key, self.values, language)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "text": str(self), "values": dict(self.values)}


@dataclass(frozen=True)
class BomLine:
    category: str  # compute | network | storage | facility | cloud | software | services
    item: str
    quantity: float
    unit: str  # "server", "switch", "GPU-hour", "TB-month" ...
    unit_price: float | None  # in the plan currency; None = price unknown in catalog
    currency: str
    source: str  # citation text
    date: str

    @property
    def extended(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.quantity


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

    def reasons_in(self, lang: str) -> tuple[str, ...]:
        return self.reasons_zh if lang == "zh" and self.reasons_zh else self.reasons


@dataclass
class PhaseEstimate:
    index: int
    name: str
    figures: FigureSet
    checks: list[Check] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    charts: dict[str, Any] = field(default_factory=dict)  # chart name -> report.chart_model spec
    bom: list[BomLine] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)  # Assumption (a str) or plain notes
    calibrated_keys: tuple[str, ...] = ()  # figures resting on customer measurements
    # figure key -> accuracy band from the validation residuals (core/accuracy.py); None = no validation
    accuracy: dict[str, dict | None] = field(default_factory=dict)


@dataclass
class PlanEstimate:
    project_name: str
    catalog_version: str
    app_version: str
    currency: str
    phases: list[PhaseEstimate]
    roadmap: FigureSet | None = None  # keys roadmap.* across phases
    roadmap_checks: list[Check] = field(default_factory=list)
    charts: dict[str, Any] = field(default_factory=dict)  # plan-level charts, e.g. "timeline"
    accuracy_band: float = 0.2  # relative; from the validation suite or calibration

    def all_checks(self) -> list[Check]:
        out = [c for p in self.phases for c in p.checks]
        return out + list(self.roadmap_checks)
