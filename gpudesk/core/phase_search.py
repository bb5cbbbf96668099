"""The result of one phase's configuration search (core/config_search.py): what was tried, what was dropped and
why, the recommendation, runner-up, alternatives and front, the binding constraint and levers; ranked and worded
again once the cost ledger has priced the points it names (``rank_by_ledger``, ``explain_priced``), and as plain data
(``to_dict``, ``gpudesk estimate --json``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.candidates import Reason
from gpudesk.core.search_levers import Lever, explain
from gpudesk.core.search_points import SearchPoint


@dataclass
class PhaseSearch:
    """The search of one phase's main workload: what was tried, what was dropped and why, and the choice."""

    kind: str  # the workload kind searched
    family: str  # serving | training | vision_train | items | seats
    currency: str
    basis: str  # "own" (total cost of ownership over the horizon) | "rent" | "ledger" (worded from the cost ledger)
    horizon_years: int
    total: int  # configurations in the search space
    dropped: dict[str, int]  # BINDING code -> configurations dropped for it (first violation)
    excluded: dict[str, str]  # accelerator id -> why it was not searched (market, no_server, domestic …)
    searched: tuple[str, ...]  # accelerator ids searched
    recommended: SearchPoint | None
    runner_up: SearchPoint | None
    alternatives: tuple[SearchPoint, ...]
    per_accelerator: tuple[SearchPoint, ...]  # best per accelerator, ranked (feasible first)
    front: tuple[SearchPoint, ...]  # Pareto front of the feasible points (trade-off chart)
    quality_front: tuple[SearchPoint, ...]  # front of the points only the precision allowed rules out
    cloud: tuple[SearchPoint, ...]  # a sample of feasible points behind the front
    binding: str  # vocabulary.sizing.BINDING code
    why: Reason  # why the recommendation, and what binds it (reason catalogues)
    levers: tuple[Lever, ...]
    summary: Reason  # the dropped-points count
    elapsed_s: float = 0.0
    plan_workload: int = 0
    unit_sources: dict[str, Reason] = field(default_factory=dict)  # accelerator id -> how its GPU-hour is priced
    markets: dict[str, tuple[Reason, ...]] = field(default_factory=dict)  # accelerator id -> market status
    unit_price: dict[str, float] = field(default_factory=dict)  # accelerator id -> price per GPU-hour (basis)
    unit_gpus: dict[str, int] = field(default_factory=dict)  # accelerator id -> GPUs bought together
    capacity: dict[str, float] = field(default_factory=dict)  # accelerator id -> B per GPU (capacity_bytes)
    plan_accelerator: str = ""
    tiers: dict[str, int] = field(default_factory=dict)  # accelerator id -> market tier (search_catalog.market_tier)
    families: dict[str, str] = field(default_factory=dict)  # accelerator id -> calibration family (accuracy caveats)
    # rented: the months of rent a configuration's ledger cost covers within the horizon (the phase's own months,
    # vocabulary/delivery.horizon_months); 0 owned (the cost covers the whole horizon)
    rent_months: float = 0.0
    front_y: str = "cost"  # the trade-off chart's y: cost_per_mtok | cost | gpus (when the recommendation is unpriced)
    # what ``explain`` read (phase, workload, binding point, quality point, serving context, table), so the why and
    # the levers can be worded again once the points they name are priced by the cost ledger (``explain_priced``)
    explained_from: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def named_points(self) -> tuple[SearchPoint, ...]:
        """The points the why and the levers name (the recommendation, the runner-up, the binding and quality
        points): the ones the cost ledger prices for those words."""
        extra = tuple(self.explained_from[2:4]) if self.explained_from else ()
        return tuple(p for p in (self.recommended, self.runner_up, *extra) if p is not None)

    def explain_priced(self, priced: dict[int, tuple[int, int, float]], awaiting: dict[int, int] | None = None) -> None:
        """Word the why and the levers again with the GPUs, nodes and cost each named point has in the plan that
        pins it (its cost ledger's total over the horizon; unknown when it was not priced) and ``awaiting``, the
        lines awaiting a quote that total leaves out (the why read '4,278 万元' beside the row's '+ 4 项待询价')."""
        waiting = awaiting or {}
        if not self.explained_from:
            return
        from dataclasses import replace

        def at(p: SearchPoint | None) -> SearchPoint | None:
            if p is None:
                return None
            gpus, nodes, cost = priced.get(p.index, (p.gpus, p.nodes, float("nan")))
            return replace(p, gpus=gpus, nodes=nodes, cost=cost, awaiting=waiting.get(p.index, 0))

        phase, w, binding_point, quality_point, serving_ctx, table = self.explained_from
        view = replace(self, recommended=at(self.recommended), runner_up=at(self.runner_up), basis="ledger")
        self.why, self.levers = explain(view, phase, w, at(binding_point), at(quality_point), serving_ctx, table)

    def rank_by_ledger(self, priced: dict[int, tuple[int, int, float]]) -> None:
        """Rank again by the cost every surface shows, once the cost ledger has priced the points: the best per
        accelerator ordered feasible first, then by market tier, then priced before unpriced, then by the ledger's
        total (the search's own order breaks ties); the recommendation is the first feasible, the runner-up and the
        alternatives the next accelerators'. Without this a rented training phase recommended its cheapest
        configuration per run while the rows showed a dearer total over the horizon than the runner-up's."""
        def key(item: tuple[int, SearchPoint]) -> tuple[bool, int, bool, float, int]:
            i, p = item
            cost = priced.get(p.index, (0, 0, math.nan))[2]
            known = math.isfinite(cost)
            return not p.feasible, self.tiers.get(p.accelerator_id, 0), not known, cost if known else 0.0, i

        if not priced or self.recommended is None:
            return
        order = tuple(p for _, p in sorted(enumerate(self.per_accelerator), key=key))
        feasible = [p for p in order if p.feasible]
        if not feasible:
            return
        self.per_accelerator = order
        self.recommended = feasible[0]
        self.runner_up = feasible[1] if len(feasible) > 1 else None
        self.alternatives = tuple(feasible[1:3])  # the next two accelerators' best, as search_choice.choose

    @property
    def feasible(self) -> int:
        return self.total - sum(self.dropped.values())

    def to_dict(self, priced: dict[int, tuple[int, int, float]] | None = None) -> dict[str, Any]:
        """The search as plain data (``gpudesk estimate --json``); its run time is left out (not reproducible).
        With ``priced`` (point index -> GPUs, nodes, cost from the ledger of the plan pinning it) every point
        carries those as ``gpus``, ``nodes`` and ``cost`` (unknown when not priced), the search's own estimate as
        ``ranking_cost``: one configuration, one cost."""
        from dataclasses import asdict

        from gpudesk.vocabulary.sizing import BINDING

        def pt(p: SearchPoint | None) -> dict[str, Any] | None:
            if p is None:
                return None
            out = asdict(p)
            if priced is not None:
                out["gpus"], out["nodes"], out["cost"] = priced.get(p.index, (p.gpus, p.nodes, float("nan")))
                out["ranking_cost"] = p.cost
                out.pop("cost_per_month", None)  # the ranking basis per month: no surface prints it
            return out

        return {
            "kind": self.kind, "family": self.family, "currency": self.currency, "basis": self.basis,
            "horizon_years": self.horizon_years, "rent_months": self.rent_months, "configurations": self.total, "feasible": self.feasible,
            "dropped": dict(self.dropped), "excluded_accelerators": dict(self.excluded),
            "searched_accelerators": list(self.searched),
            "binding": {"code": self.binding, "en": BINDING.name_of(self.binding, "en"),
                        "zh": BINDING.name_of(self.binding, "zh")},
            "why": asdict(self.why), "summary": asdict(self.summary),
            "recommended": pt(self.recommended), "runner_up": pt(self.runner_up),
            "alternatives": [pt(p) for p in self.alternatives],
            "levers": [{"code": lv.code, "reason": asdict(lv.reason), "point": pt(lv.point)} for lv in self.levers],
            "front": [pt(p) for p in self.front], "front_y": self.front_y,
        }

    def find(self, index: int) -> SearchPoint | None:
        """The materialised point of table row ``index`` (charts and tables refer to points by it)."""
        for group in ((self.recommended, self.runner_up), self.alternatives, self.per_accelerator, self.front,
                      self.quality_front, self.cloud, tuple(lv.point for lv in self.levers)):
            for p in group:
                if p is not None and p.index == index:
                    return p
        return None
