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
from gpudesk.core.assumptions import Assumption
from gpudesk.core.candidates import Candidate

__all__ = ["Assumption", "BomLine", "Candidate", "PhaseEstimate", "PlanEstimate"]


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
