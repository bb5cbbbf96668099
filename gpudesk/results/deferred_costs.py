"""A phase's costs left to idle time: the infrastructure of steps 3-7 and the cost ledger.

After an edit the window's estimate may leave them (``estimate_plan(..., defer_costs=True)``) when no surface on screen
reads them: the host, storage, fabric, power, TCO, running-cost and delivery figures (``phase_infrastructure``), the
cost ledger and its figures (``ledger_figures``: the phase cost, the TCO over the horizon …), the checks those make
(infrastructure, ledger, pricing) and the ledger's part of the plan's own ranked row (its cost and the ledger's
reasons). Until :func:`attach_costs` runs, ``PhaseEstimate.costs_done`` is False, ``ledger_made`` is None and ``ledger`` raises CostsPending (never an empty
ledger, which would total 0), ``figures`` holds none of their keys (never the previous edit's values:
``figure_pending`` says which are being computed), ``pending_steps()`` names steps 3-7 and the plan's own row's cost is
unknown. Every part that reads them (a search, the roadmap, a chart other than the memory fit, another attach) attaches
them first. Only a phase that hands no owned hardware to the next one (rented, or the plan's last) leaves them: the
next phase's estimate reads that hardware.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from gpudesk.catalog.store import Catalog
from gpudesk.core.accuracy import phase_bands
from gpudesk.core.calibration_hook import calibrated_figure_keys
from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.ledger_build import build_ledger
from gpudesk.core.ledger_figures import ledger_figures
from gpudesk.core.owned_power import busy_fraction
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.plan_infra import phase_infrastructure
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.project.model import Phase
from gpudesk.results.phase_context import PhaseContext
from gpudesk.results.plan_charts import CHART_ORDER
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.results.plan_rows import handed_over

COST_FREE_CHARTS = ("memory_fit",)
"""The phase charts drawn from no cost figure (the memory fit reads mem.* and the candidates' memory): costs are left
to idle time only while every other chart is (``DEFERRED_CHARTS``)."""


def add_costs(phase: Phase, resolved: ResolvedPhase, primary: WorkloadResult, config: SizedConfiguration,
              carried: CarriedHardware | None, figures: FigureSet) -> tuple[CostLedger, list[Check]]:
    """Steps 3-7 and the cost ledger of a sized phase, their figures merged into ``figures`` (what ``estimate_phase``
    does at once, and :func:`attach_costs` later): the ledger and the infrastructure's checks."""
    infra = phase_infrastructure(phase, resolved, primary, config, carried, figures)
    figures.merge(infra.figures)
    ledger = build_ledger(phase, resolved, figures, config, carried)
    figures.merge(ledger_figures(ledger, config, figures, phase.costs.horizon_years, busy_fraction(phase)))
    return ledger, infra.checks


def costs_deferrable(defer_costs: bool, last: bool, config: SizedConfiguration) -> bool:
    """Whether a phase's costs may be left: asked to, and no next phase reads the owned hardware it hands over."""
    return defer_costs and (last or not config.servers_owned)


def plan_defers_costs(defer_costs: bool, search: bool, defer_roadmap: bool, defer_charts: Collection[str]) -> bool:
    """Whether an estimate may leave costs at all: no search (its draw reads power), no roadmap (it reads the ledgers)
    and no chart but the cost-free ones drawn now."""
    return defer_costs and not search and defer_roadmap and \
        all(c in defer_charts for c in CHART_ORDER if c not in COST_FREE_CHARTS)


def attach_costs(estimate: PhaseEstimate, catalog: Catalog) -> None:
    """The costs ``estimate_phase(..., defer_costs=True)`` left: their figures placed where the estimate would have
    placed them (after the figures made before them), the ledger, the hardware handed over, the checks, the plan's own
    row and the accuracy bands; the phase then equals one estimated with them."""
    if estimate.costs_done:
        return
    from gpudesk.results.pipeline import _checks, attach_search

    ctx: PhaseContext = estimate.context
    figures = estimate.figures
    work = figures.without()
    ledger, infra_checks = add_costs(ctx.phase, ctx.resolved, ctx.results[0], estimate.config, ctx.carried, work)
    added = work.only(*[k for k in work.keys() if k not in figures])
    figures.insert_after(estimate.costs_after, added)
    estimate.ledger_made, estimate.costs_done, estimate.costs_after = ledger, True, ""
    estimate.carried = handed_over(estimate.config, figures, ledger)
    estimate.context = replace(ctx, infra_checks=tuple(infra_checks))
    if estimate.search_done:  # not reached: a search attaches the costs first
        estimate.checks = _checks(estimate, catalog)
    else:
        attach_search(estimate, catalog, None, done=False)
    if ctx.scales is not None:
        estimate.calibrated_keys = calibrated_figure_keys(figures)
    workloads = ctx.phase.workloads
    estimate.accuracy = phase_bands(figures, [w.kind for w in workloads], ctx.resolved.accelerator.family)
