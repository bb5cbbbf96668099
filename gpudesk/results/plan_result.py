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

from gpudesk.core.assumptions import Assumption
from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.constants import ESTIMATE_ACCURACY_BAND
from gpudesk.core.cost_ledger import CostLedger, LedgerLine
from gpudesk.core.explain import FigureSet
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.sized_configuration import SizedConfiguration

__all__ = ["Assumption", "Candidate", "CostLedger", "CostsPending", "LedgerLine", "PhaseEstimate", "PlanEstimate", "SearchPending",
           "SizedConfiguration"]


LAYOUT_STEP = "network"  # the step that shows the layout search (scale.* figures, scaling.* checks)
TIMELINE = "timeline"  # the roadmap's chart, which every phase shows beside its own (step 7)
COST_STEPS = ("host", "storage", "network", "delivery", "tco")  # the steps whose figures and checks the costs make
COST_PREFIXES = ("host.", "storage.", "net.", "power.", "tco.", "run.", "delivery.", "alt.", "tax.", "plan.phase_cost")
"""The keys of the costs' figures (results/deferred_costs.py): steps 3-7's models, the owning alternative (alt.*) and
the ledger's (tco.*, tax.*, plan.phase_cost)."""


class SearchPending(RuntimeError):
    """A surface read a phase's configuration search (its rows, their ledger prices, the candidates, checks and
    charts drawn from them) while the search was still pending (``search_done`` False): such a surface runs
    ``results.pipeline.complete_search`` first, or shows the search as pending (the window), never the
    rows of an estimate that has not searched."""


class CostsPending(RuntimeError):
    """A surface read a phase's cost ledger while its costs were left to idle time (``costs_done`` False):
    results/deferred_costs.py."""


@dataclass
class PhaseEstimate:
    """One phase, estimated: the sized configuration and the cost ledger every surface reads."""

    index: int
    name: str
    figures: FigureSet
    config: SizedConfiguration
    # the cost ledger as made: None while the costs are left to idle time (``costs_done`` False); read ``ledger``
    ledger_made: CostLedger | None
    start_month: int = 0  # month of the roadmap the phase starts in
    checks: list[Check] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)  # alternatives; the pinned row is the plan's own
    charts: dict[str, Any] = field(default_factory=dict)  # chart name -> results.chart_model spec
    assumptions: list[str] = field(default_factory=list)  # Assumption (a str) or plain notes
    calibrated_keys: tuple[str, ...] = ()  # figures resting on customer measurements
    # figure key -> accuracy band from the validation residuals (core/accuracy.py); None = no validation
    accuracy: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    carried: CarriedHardware | None = None  # owned hardware handed to the next phase
    # The configuration search is a pending part of the result: ``estimate_plan`` leaves it pending (search_done
    # False) unless asked; ``results.pipeline.complete_search`` (the CLI, the report, the comparison) or the window's
    # idle slices run it. Until then ``search`` and ``point_costs`` raise SearchPending, and the candidates,
    # checks and charts hold only what the plan's own configuration gives (the window marks them pending).
    search_done: bool = False  # the search has run (its result may still be None: a workload it cannot search)
    # the phase's configuration search (core/phase_search.PhaseSearch), read through ``search``
    found: Any = field(default=None, repr=False)
    # search point index -> (GPUs, nodes, cost over the phase) of the plan that pins it, from its cost ledger
    # (results/search_pricing.py), read through ``point_costs``: the recommendation and alternatives the proposal prints
    priced: dict[int, tuple[int, int, float]] = field(default_factory=dict, repr=False)
    # False while the step-5 layout search (scale.* figures, scaling.* checks) is pending: the window estimates
    # without it and fills it in idle time (results/pipeline.attach_layout); every surface of step 5 says so
    layout_done: bool = True
    # charts not drawn yet: the window estimates an edit without the charts no step shows at once (DEFERRED_CHARTS)
    # and draws them in idle time (results/pipeline.attach_charts); absent from ``charts`` until then, never stale
    deferred_charts: tuple[str, ...] = ()
    # figures not computed yet: the window estimates an edit without those of DEFERRED_FIGURES (mem.min_gpus) and
    # computes them in idle time (results/deferred_figures.attach_figures); absent from ``figures`` until then (never
    # stale, never shown as unknown: a surface shows such a key as being computed); no check reads one
    pending_figures: tuple[str, ...] = ()
    # False while steps 3-7 and the cost ledger are left to idle time (results/deferred_costs.py): ``ledger`` is None,
    # ``figures`` holds none of their keys (``figure_pending`` names them), ``pending_steps()`` names steps 3-7, the
    # checks they make are absent and the plan's own ranked row has no cost yet; ``costs_after`` is the figure they
    # follow in ``figures`` once attached
    costs_done: bool = True
    costs_after: str = field(default="", repr=False, compare=False)
    # what attaching a search needs (results/phase_context.PhaseContext); not part of the result's value
    context: Any = field(default=None, repr=False, compare=False)

    @property
    def search(self) -> Any:
        """The phase's configuration search (None: a workload it cannot search); SearchPending before it ran."""
        self.require_search("the configuration search")
        return self.found

    @property
    def point_costs(self) -> dict[int, tuple[int, int, float]]:
        """Each searched row as the plan that pins it prices it; SearchPending before the search ran."""
        self.require_search("the searched rows' prices")
        return self.priced

    def require_search(self, what: str) -> None:
        """Raise SearchPending when ``what`` (a surface or a field) would read this phase's pending search."""
        if not self.search_done:
            raise SearchPending(f"{what} reads the configuration search of phase {self.index} ({self.name!r}), "
                                "which has not run: call results.pipeline.complete_search(plan, catalog) first")

    def figure_pending(self, key: str) -> bool:
        """Whether figure ``key`` is still being computed (``pending_figures``, or one of the costs while they are left
        to idle time): absent from ``figures`` until then."""
        return key in self.pending_figures or (not self.costs_done and key not in self.figures
                                               and key.startswith(COST_PREFIXES))

    def pending_steps(self) -> tuple[str, ...]:
        """Keys of the wizard steps whose figures or checks are still being computed (shown as pending there)."""
        steps = () if self.layout_done else (LAYOUT_STEP,)
        return steps if self.costs_done else (*steps, *(s for s in COST_STEPS if s not in steps))

    @property
    def ledger(self) -> CostLedger:
        """The phase's cost ledger; CostsPending while its costs are left to idle time (``costs_done`` False): such a
        surface shows them as being computed, or runs ``results.pipeline.complete_search`` first."""
        if self.ledger_made is None:
            raise CostsPending(f"the cost ledger of phase {self.index} ({self.name!r}) is being made in idle time: "
                               "call results.pipeline.attach_costs or complete_search first")
        return self.ledger_made

    @property
    def currency(self) -> str:
        """The currency the phase is costed in (its ledger's, also while the ledger is being made)."""
        return self.ledger_made.currency if self.ledger_made is not None else self.context.phase.costs.currency

    @property
    def horizon_years(self) -> int:
        """Years the phase's total cost of ownership covers (the plan's horizon), also while the costs are made."""
        return int(self.figures.number("tco.horizon_years", 0.0)) if self.costs_done \
            else int(self.context.phase.costs.horizon_years)

    @property
    def bom(self) -> tuple[LedgerLine, ...]:
        """The bill of materials is the ledger's lines."""
        return self.ledger.lines


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
    # relative: the constant ESTIMATE_ACCURACY_BAND (the validation suite's targets), narrowed by a calibration
    accuracy_band: float = ESTIMATE_ACCURACY_BAND.value
    # False while the roadmap (``roadmap``, ``roadmap_checks``, the timeline chart) is left to idle time: the window
    # estimates an edit without it when no surface shows it (results/plan_roadmap.attach_roadmap); until then it is
    # None / empty and every phase lists the timeline among its ``deferred_charts``, never the previous edit's
    roadmap_done: bool = True
    # the project estimated, for attaching the roadmap later; not part of the result's value
    context: Any = field(default=None, repr=False, compare=False)

    @property
    def total(self) -> float:
        """The plan total, defined once: every phase's ledger total over its months (what is bought when,
        what is rented for how long); unpriced lines excluded (``unpriced_lines`` counts them)."""
        return float(sum(p.ledger.phase_total for p in self.phases))

    @property
    def unpriced_lines(self) -> int:
        return sum(len(p.ledger.unpriced) for p in self.phases)

    @property
    def search_done(self) -> bool:
        """Every phase's configuration search has run (``complete_search``)."""
        return all(p.search_done for p in self.phases)

    def require_search(self, surface: str) -> PlanEstimate:
        """The plan, when every phase is searched; SearchPending names ``surface`` and the first pending phase."""
        for phase in self.phases:
            phase.require_search(surface)
        return self

    def all_checks(self) -> list[Check]:
        out = [c for p in self.phases for c in p.checks]
        return out + list(self.roadmap_checks)
