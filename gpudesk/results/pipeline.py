"""Estimate a whole plan: every phase, every step, every figure explained.

``estimate_plan(project, catalog)`` is what the UI, the CLI and the
proposal all call. For each phase it resolves the catalog rows, sizes
each workload (GPUs to meet the deadline or the peak rate), chains steps
3–7, gathers the checks and builds the chart specs. The configuration search
(core/config_search.py: accelerator × precision × layout × replicas, each row
priced through its ledger) is a pending part of the result (``search_done``
False) until a surface that reads it runs ``complete_search`` (the CLI, the
report, the comparison) or the window runs it in idle slices (``search_steps_for``
+ ``pricing_steps_for`` + ``attach_search``). The first workload's figures keep their plain keys
(``train.*``, ``infer.*`` …); further workloads are prefixed ``w2.``, ``w3.``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Generator
from dataclasses import replace
from typing import TYPE_CHECKING

from gpudesk import __version__
from gpudesk.catalog.store import Catalog
from gpudesk.core.accuracy import phase_bands
from gpudesk.core.calibration_hook import CalibrationScales, calibrated_figure_keys, record_calibration
from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.compliance import compliance_assumption, compliance_checks
from gpudesk.core.config_search import memory_inputs_for, search_steps
from gpudesk.core.constants import ESTIMATE_ACCURACY_BAND
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.ledger_build import build_ledger
from gpudesk.core.owned_power import workload_draw
from gpudesk.core.pass_memo import PassMemo
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.phase_sizing import CarriedHardware, size_phase
from gpudesk.core.plan_admission import phase_can_be_resolved, plan_can_be_added_up
from gpudesk.core.plan_assembly import assumptions, phase_checks, workload_for, workload_inputs
from gpudesk.core.plan_infra import phase_infrastructure
from gpudesk.core.plan_input_checks import assumed_inputs, calibration_checks, offer_checks
from gpudesk.core.plan_layout import layout_search
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, resolve_model, resolve_phase
from gpudesk.core.plan_task import task_figures
from gpudesk.core.plan_workload import TRAIN_KINDS, WorkloadResult, phase_hardware
from gpudesk.core.request_lengths import with_dataset_lengths
from gpudesk.core.search_candidates import candidates as search_candidates
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.core.stepwise import run_through
from gpudesk.process_heap import freed_memory_kept
from gpudesk.project.model import Phase, Project, Workload
from gpudesk.results.deferred_costs import add_costs, attach_costs, costs_deferrable, plan_defers_costs
from gpudesk.results.deferred_figures import DEFERRED_FIGURES, attach_figures, defers_figures, pending_keys
from gpudesk.results.phase_context import PhaseAlone, PhaseContext
from gpudesk.results.plan_charts import CHART_ORDER, phase_charts
from gpudesk.results.plan_result import TIMELINE, PhaseEstimate, PlanEstimate
from gpudesk.results.plan_roadmap import attach_roadmap, leave_roadmap, place_roadmap
from gpudesk.results.plan_rows import handed_over, ledger_checks, with_plan_row
from gpudesk.results.search_charts import tradeoff_chart
from gpudesk.results.search_checks import ledger_y, plan_xy, search_checks
from gpudesk.results.search_pricing import PointCost, pricing_steps
from gpudesk.results.workload_cache import WorkloadCache

if TYPE_CHECKING:  # the window's cache of phase estimates calls estimate_phase
    from gpudesk.results.phase_cache import PhaseCache

__all__ = ["DEFERRED_CHARTS", "DEFERRED_FIGURES", "WorkloadCache", "PlanInputError", "attach_all_but_searches", "attach_charts", "attach_costs", "attach_figures", "attach_layout", "attach_roadmap", "attach_search", "complete_search", "estimate_plan",
           "estimate_phase", "pricing_steps_for", "search_steps_for"]


DEFERRED_CHARTS = CHART_ORDER
"""Charts the window may leave to idle time when no step shows them (``estimate_plan(..., defer_charts=...)``): every
phase chart but the one on screen (the controller names it). The step pages draw a chart when its tab is opened and
show a deferred one as being drawn until then. The step-2 inference chart runs a concurrency sweep through the
serving model (about a fifth of gov's estimate); the others together cost an edit 0.3-0.5 ms of CPU (bank, gov)."""


def _sized(project: Project, index: int, catalog: Catalog, carried: CarriedHardware | None,
           layout_search: bool = True, workloads: WorkloadCache | None = None
           ) -> tuple[Phase, str, ResolvedPhase, list[WorkloadResult], FigureSet, SizedConfiguration,
                      CalibrationScales | None]:
    """Phase ``index`` resolved, its workloads sized (those ``workloads`` holds served from it) and its
    configuration: what the estimate and the pricing of a searched configuration share (the pricing without
    mem.min_gpus: ``layout_search=False``)."""
    phase: Phase = with_dataset_lengths(project.phases[index])  # a named data set's lengths in the plan's place
    where = f"phases[{index}]"
    phase_can_be_resolved(catalog, phase, where)  # a workload, and only catalog parts to compare
    resolved = resolve_phase(catalog, phase, where)
    results: list[WorkloadResult] = []
    figures = FigureSet()
    scales = CalibrationScales.from_project(project.calibration)  # None unless a pilot calibration is enabled
    if scales is not None:
        record_calibration(figures, scales)
    # the key: what sizing reads (core/plan_assembly.workload_inputs), the workload's place (its checks name it),
    # the calibration, the catalog and its revision
    place_key = (id(catalog), getattr(catalog, "revision", 0), index, repr(project.calibration),
                 layout_search) if workloads is not None else ()
    for w_index, workload in enumerate(phase.workloads):
        w_where = f"{where}.workloads[{w_index}]"

        def size(workload: Workload = workload, w_where: str = w_where) -> WorkloadResult:
            return workload_for(catalog, phase, workload, resolved, w_where, scales, layout_search)

        result = size() if workloads is None else \
            workloads.get((*place_key, w_index, *workload_inputs(phase, workload, resolved)), size)
        figures.merge(result.figures, prefix="" if w_index == 0 else f"w{w_index + 1}.")
        results.append(result)
    config = size_phase(phase, resolved, results, figures, carried)
    figures.input("plan.tokens_served_per_year", sum(r.tokens_served_per_year for r in results), "tokens",
                  "tokens served per year", "requests per day × (prompt + output tokens) × 365, over the workloads")
    figures.input("plan.seats", sum(r.seats for r in results), "seats", "seats served", "workloads' seats")
    return phase, where, resolved, results, figures, config, scales


def phase_ledger(project: Project, index: int, catalog: Catalog,
                 carried: CarriedHardware | None = None) -> tuple[SizedConfiguration, CostLedger]:
    """The sized configuration and the cost ledger of phase ``index``, exactly as :func:`estimate_phase` builds
    them (same sizing, infrastructure and ledger builder) without what a price does not read: the training layout
    search, the fewest GPUs of one replica (mem.min_gpus), the task figures, checks, assumptions and charts, and of
    steps 3-7 only the figures the ledger reads (``phase_infrastructure(ledger_only=True)``: no host, no delivery
    comparison of an owned phase, no cost of owning a rented one). Prices each configuration the search shows."""
    phase, _where, resolved, results, figures, config, _scales = _sized(project, index, catalog, carried, False)
    infra = phase_infrastructure(phase, resolved, results[0], config, carried, figures, ledger_only=True)
    figures.merge(infra.figures)
    return config, build_ledger(phase, resolved, figures, config, carried)


def estimate_phase(project: Project, index: int, catalog: Catalog,
                   carried: CarriedHardware | None = None, search: bool = False, layout: bool = True,
                   defer_charts: Collection[str] = (), workloads: WorkloadCache | None = None,
                   defer_figures: Collection[str] = (), defer_costs: bool = False,
                   memo: PassMemo | None = None, frozen: bytes | None = None) -> PhaseEstimate:
    """Estimate one phase; ``carried`` is the owned hardware the previous phase hands over. The configuration
    search stays pending (``search_done`` False) unless ``search`` asks for it: ``complete_search`` or the
    window's slices (``search_steps_for`` and ``attach_search``) run it; ``layout=False``
    the step-5 layout search (``attach_layout``: ``layout_done`` stays False until then); ``defer_charts`` the
    charts of DEFERRED_CHARTS named there (``attach_charts``; ``deferred_charts`` lists them until then),
    ``defer_figures`` DEFERRED_FIGURES (``attach_figures``; ``pending_figures``), ``defer_costs`` steps 3-7 and the
    cost ledger where no next phase reads them (results/deferred_costs.py; ``costs_done``); ``workloads`` serves the
    workloads an edit did not touch; ``frozen``: the phase's bytes (phase_context.freeze) when made already."""
    defer = defers_figures(defer_figures)
    phase, where, resolved, results, figures, config, scales = _sized(project, index, catalog, carried,
                                                                      not defer, workloads)
    if defer and figures.number("mem.fits") == 0.0:  # the check that cites mem.min_gpus reads it now
        phase, where, resolved, results, figures, config, scales = _sized(project, index, catalog, carried,
                                                                          workloads=workloads)
    primary = results[0]
    layout_checks = _layout(catalog, phase, resolved, figures, config) if layout else []
    layout_done = layout or not _searches_layouts(phase, figures)
    fpt = figures.value_at("arch.flops_per_token_megatron") if "arch.flops_per_token_megatron" in figures else None
    gflops = figures.number("vision.gflops_per_image", 0.0) or None  # vision training: sized in task figures
    figures.merge(task_figures(phase.workloads[0], fpt if isinstance(fpt, float) else None, gflops))
    ledger: CostLedger | None = None
    infra_checks: list[Check] = []
    costs_after = figures.last_key() if costs_deferrable(defer_costs, index == len(project.phases) - 1, config) else ""
    if not costs_after:
        ledger, infra_checks = add_costs(phase, resolved, primary, config, carried, figures)
    estimate = PhaseEstimate(index=index, name=phase.name, figures=figures, config=config, ledger_made=ledger,
                             start_month=phase.start_month,
                             carried=handed_over(config, figures, ledger) if ledger is not None else None,
                             layout_done=layout_done,
                             deferred_charts=tuple(c for c in DEFERRED_CHARTS if c in defer_charts),
                             pending_figures=pending_keys(results), costs_done=not costs_after,
                             costs_after=costs_after)
    defaults, default_checks = assumed_inputs(phase, lambda rid: catalog.row_name("models", rid))
    offers = offer_checks(phase, resolved, where, lambda rid: catalog.row_name("accelerators", rid))
    extra_checks = default_checks + calibration_checks(project.calibration) + offers
    estimate.context = PhaseContext(phase, resolved, tuple(results), tuple(infra_checks), tuple(layout_checks),
                                    tuple(extra_checks),
                                    PhaseAlone(project, phase, frozen), 0, carried, scales)
    estimate.assumptions = [*assumptions(phase, resolved, figures),
                            compliance_assumption(catalog, phase, resolved.accelerator), *defaults]
    estimate.calibrated_keys = calibrated_figure_keys(figures) if scales is not None else ()
    estimate.accuracy = phase_bands(figures, [w.kind for w in phase.workloads], resolved.accelerator.family)
    attach_search(estimate, catalog, run_search(estimate, catalog) if search else None, done=search, memo=memo)
    return estimate


def run_search(estimate: PhaseEstimate, catalog: Catalog) -> PhaseSearch | None:
    """The phase's configuration search, all at once."""
    return run_through(search_steps_for(estimate, catalog, chunk=64))


def search_steps_for(estimate: PhaseEstimate, catalog: Catalog,
                     chunk: int = 4) -> Generator[tuple[int, str], None, PhaseSearch | None]:
    """The phase's configuration search in slices (see core/config_search.search_steps)."""
    attach_costs(estimate, catalog)  # the draw reads the power figures
    ctx: PhaseContext = estimate.context
    primary = ctx.results[0]
    kind = ctx.phase.workloads[0].kind
    rate = primary.request_rate if kind == "agent_hosting" else None
    draw = workload_draw(primary, estimate.figures)
    return search_steps(catalog, ctx.phase, ctx.resolved, rate, draw.load_factor, chunk=chunk, draw=draw,
                        figures_in_blocks=not freed_memory_kept())



def pricing_steps_for(estimate: PhaseEstimate, catalog: Catalog, found: PhaseSearch | None,
                      memo: PassMemo | None = None
                      ) -> Generator[tuple[int, str], None, tuple[list[Candidate], dict[int, PointCost]]]:
    """The search's rows (and its recommendation and alternatives), each priced through the cost ledger of the
    plan that pins it, a configuration per ``next()`` (results/search_pricing.py; ``memo``: a pass memo shared
    with other phases' pricing)."""
    ctx: PhaseContext = estimate.context
    rows = search_candidates(found, lambda p: memory_inputs_for(catalog, ctx.phase, p))
    if found is None or ctx.project is None:  # no search (the window's edit): the frozen plan is not made
        return rows, {}
    carried = ctx.carried
    return (yield from pricing_steps(rows, found, ctx.project, ctx.index, catalog,
                                     lambda project, i: phase_ledger(project, i, catalog, carried), carried, memo))


def attach_search(estimate: PhaseEstimate, catalog: Catalog, found: PhaseSearch | None, done: bool = True,
                  priced: tuple[list[Candidate], dict[int, PointCost]] | None = None, memo: PassMemo | None = None) -> None:
    """Candidates, checks and charts of the phase from its search (``None``: the plan's own row only; ``done``
    False: the search has not run yet); ``priced`` is what ``pricing_steps_for`` returned when already run (else
    it runs here, under ``memo`` when given)."""
    ctx: PhaseContext = estimate.context
    phase, resolved, figures = ctx.phase, ctx.resolved, estimate.figures
    estimate.found, estimate.search_done = found, done
    if priced is None:
        priced = run_through(pricing_steps_for(estimate, catalog, found, memo))
    rows, estimate.priced = priced
    estimate.candidates = with_plan_row(rows, estimate.config, figures, phase, estimate.ledger_made, found)
    estimate.checks = _checks(estimate, catalog)
    charts = phase_charts(phase, resolved, figures, estimate.candidates, catalog, ctx.results[0],
                          skip=estimate.deferred_charts)
    tradeoff = tradeoff_chart(found, estimate.priced, ledger_y(found, estimate), plan_xy(found, estimate))
    if tradeoff is not None:
        charts["pareto"] = tradeoff
    timeline = estimate.charts.get("timeline")
    estimate.charts = charts if timeline is None else {**charts, "timeline": timeline}


def attach_charts(estimate: PhaseEstimate, catalog: Catalog) -> None:
    """The charts ``estimate_phase(..., defer_charts=...)`` left (``deferred_charts``), drawn from the phase's
    figures and candidates as ``attach_search`` draws the others: the phase then equals one estimated with them."""
    if not any(c != TIMELINE for c in estimate.deferred_charts):  # the roadmap's timeline: attach_roadmap
        return
    attach_costs(estimate, catalog)  # the power, rack, cost and inference charts read them
    ctx: PhaseContext = estimate.context
    drawn = phase_charts(ctx.phase, ctx.resolved, estimate.figures, estimate.candidates, catalog, ctx.results[0],
                         only=estimate.deferred_charts)
    estimate.deferred_charts = tuple(c for c in estimate.deferred_charts if c == TIMELINE)
    order = [*CHART_ORDER, *estimate.charts]  # the order estimate_phase gives them
    merged = {**estimate.charts, **drawn}
    estimate.charts = {name: merged[name] for name in dict.fromkeys(order) if name in merged}


def _checks(estimate: PhaseEstimate, catalog: Catalog) -> list[Check]:
    """The phase's checks, in their order, from what is attached so far (the costs, the layout search, the search)."""
    ctx: PhaseContext = estimate.context
    phase, resolved, figures = ctx.phase, ctx.resolved, estimate.figures
    own = phase_checks(phase, resolved, figures, list(ctx.results), list(ctx.infra_checks), estimate.candidates) \
        + list(ctx.layout_checks) + compliance_checks(catalog, phase, resolved, estimate.candidates, estimate.ledger_made) \
        + (ledger_checks(estimate.ledger_made, phase) if estimate.ledger_made is not None else []) + list(ctx.extra_checks)
    return own + search_checks(estimate.found, estimate, own)


def attach_layout(estimate: PhaseEstimate, catalog: Catalog) -> None:
    """The step-5 layout search of a phase estimated with ``layout=False``: its scale.* figures join the
    phase's figures and its checks take their place among the phase's checks, as ``estimate_phase`` would
    have made them (nothing else reads them)."""
    if estimate.layout_done:
        return
    ctx: PhaseContext = estimate.context
    figures = estimate.figures
    checks = _layout(catalog, ctx.phase, ctx.resolved, figures, estimate.config)
    estimate.context = replace(ctx, layout_checks=tuple(checks))
    estimate.layout_done = True
    estimate.checks = _checks(estimate, catalog)
    estimate.accuracy = phase_bands(figures, [w.kind for w in ctx.phase.workloads], ctx.resolved.accelerator.family)


def _searches_layouts(phase: Phase, figures: FigureSet) -> bool:
    """Whether step 5 searches the phase's parallel layouts (LLM training with a throughput)."""
    return phase.workloads[0].kind in TRAIN_KINDS and "train.tokens_per_s" in figures


def _layout(catalog: Catalog, phase: Phase, resolved: ResolvedPhase, figures: FigureSet,
            config: SizedConfiguration) -> list[Check]:
    """Search every parallel layout at the plan's GPU count for an LLM training phase (step 5)."""
    if not _searches_layouts(phase, figures):
        return []
    w = phase.workloads[0]
    model = resolve_model(catalog, w, "phases[].workloads[0]")
    search, checks = layout_search(model, w, phase_hardware(resolved, phase), config.workloads[0].gpus,
                                   float(figures.value_at("train.tokens_per_s")),
                                   figures_in_blocks=not freed_memory_kept())
    figures.merge(search)
    return checks


def estimate_plan(project: Project, catalog: Catalog, cache: PhaseCache | None = None,
                  search: bool = False, layout: bool = True, defer_charts: Collection[str] = (),
                  defer_figures: Collection[str] = (), defer_roadmap: bool = False,
                  defer_costs: bool = False) -> PlanEstimate:
    """Every phase, in order (each carries the hardware the previous one owned). The configuration searches
    stay pending unless ``search`` asks for them (``complete_search`` runs them later; the window runs them in
    slices: ``search_steps_for``); ``layout=False`` leaves the step-5 layout searches (``attach_layout``),
    ``defer_charts`` the DEFERRED_CHARTS it names (``attach_charts``), ``defer_figures`` the DEFERRED_FIGURES
    (``attach_figures``), ``defer_roadmap`` the roadmap and its timeline (``attach_roadmap``), ``defer_costs`` the
    costs of steps 3-7 where nothing drawn now reads them (results/deferred_costs.py, ``attach_costs``)."""
    plan_can_be_added_up(project)  # a phase to estimate, and one currency to add the phases' costs in
    defer_costs = plan_defers_costs(defer_costs, search, defer_roadmap, defer_charts)
    phases: list[PhaseEstimate] = []
    carried: CarriedHardware | None = None
    memo = PassMemo() if search else None  # the phases' pricing shares one pass memo, as in complete_search
    for i in range(len(project.phases)):
        phase = cache.get(project, i, catalog, carried, search, layout, defer_charts, defer_figures, defer_costs) \
            if cache is not None else estimate_phase(project, i, catalog, carried, search=search, layout=layout,
                                                     defer_charts=defer_charts, defer_figures=defer_figures,
                                                     defer_costs=defer_costs, memo=memo)
        phases.append(phase)
        carried = phase.carried
    plan = PlanEstimate(project_name=project.meta.name, catalog_version=catalog.version, app_version=__version__,
                        currency=project.phases[0].costs.currency, phases=phases,
                        accuracy_band=_accuracy_band(project), context=project)
    if defer_roadmap:
        leave_roadmap(plan)
    else:
        place_roadmap(plan, project)
    return plan


def complete_search(plan: PlanEstimate, catalog: Catalog) -> PlanEstimate:
    """The plan with every pending part run now: each phase's configuration search and its ledger pricing (and a
    layout search left pending by ``layout=False``), attached as ``estimate_plan(..., search=True)`` would have
    attached them. What the CLI, the report and the comparison call before reading the searched rows. The phases'
    pricing shares one pass memo (a later phase serving the same workload at another rate reuses each
    configuration's replica figures)."""
    memo = PassMemo()
    attach_all_but_searches(plan, catalog)
    for phase in plan.phases:
        if not phase.search_done:
            found = run_search(phase, catalog)
            attach_search(phase, catalog, found, priced=run_through(pricing_steps_for(phase, catalog, found, memo)))
    return plan


def attach_all_but_searches(plan: PlanEstimate, catalog: Catalog) -> None:
    """Every part of the plan left pending but the configuration searches: each phase's costs, then the roadmap (it
    reads every phase's ledger), then each phase's figures, charts and layout search. What ``complete_search`` runs
    first, and the search processes' parent before it forks them (results/search_workers.py)."""
    for phase in plan.phases:
        attach_costs(phase, catalog)
    attach_roadmap(plan)
    for phase in plan.phases:
        attach_figures(phase, catalog)
        attach_charts(phase, catalog)
        if not phase.layout_done:
            attach_layout(phase, catalog)


def _accuracy_band(project: Project) -> float:
    """Relative band: the validation suite's median error, narrowed by a calibration."""
    band = ESTIMATE_ACCURACY_BAND.value
    sigmas = [s for s in project.calibration.uncertainty.values() if math.isfinite(s)]
    if project.calibration.enabled and sigmas:
        band = min(band, max(sigmas))
    return band
