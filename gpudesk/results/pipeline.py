"""Estimate a whole plan: every phase, every step, every figure explained.

``estimate_plan(project, catalog)`` is what the UI, the CLI and the
proposal all call. For each phase it resolves the catalog rows, sizes
each workload (GPUs to meet the deadline or the peak rate), chains steps
3–7, gathers the checks, ranks alternative accelerators and builds the
chart specs. The first workload's figures keep their plain keys
(``train.*``, ``infer.*`` …); further workloads are prefixed ``w2.``, ``w3.``.
"""

from __future__ import annotations

import math

from gpudesk import __version__
from gpudesk.catalog.store import Catalog
from gpudesk.core.calibration_hook import CalibrationScales, calibrated_figure_keys, record_calibration
from gpudesk.core.checks import Check
from gpudesk.core.accuracy import figure_bands
from gpudesk.core.explain import FigureSet
from gpudesk.core.compliance import compliance_assumption, compliance_checks
from gpudesk.core.plan_assembly import assumptions, phase_checks, workload_for
from gpudesk.results.plan_charts import phase_charts
from gpudesk.core.ledger_build import build_ledger
from gpudesk.core.ledger_figures import ledger_figures
from gpudesk.core.phase_sizing import CarriedHardware, size_phase
from gpudesk.core.plan_infra import busy_fraction, phase_infrastructure
from gpudesk.core.sized_configuration import SizedConfiguration
from gpudesk.results.plan_rows import handed_over, ledger_checks, with_plan_row
from gpudesk.core.plan_input_checks import assumed_inputs, calibration_checks, offer_checks
from gpudesk.core.plan_layout import layout_search
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, resolve_model, resolve_phase
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
from gpudesk.results.plan_roadmap import roadmap
from gpudesk.core.plan_task import task_figures
from gpudesk.core.plan_workload import TRAIN_KINDS, WorkloadResult, hardware_for
from gpudesk.core.recommend import recommend
from gpudesk.project.model import Phase, Project
from gpudesk.core.constants import ESTIMATE_ACCURACY_BAND

__all__ = ["PhaseCache", "PlanInputError", "estimate_plan", "estimate_phase"]


def estimate_phase(project: Project, index: int, catalog: Catalog,
                   carried: CarriedHardware | None = None) -> PhaseEstimate:
    """Estimate one phase; ``carried`` is the owned hardware the previous phase hands over."""
    phase: Phase = project.phases[index]
    where = f"phases[{index}]"
    if not phase.workloads:
        raise PlanInputError(f"{where}.workloads: the phase has no workload; add one in step 1")
    resolved = resolve_phase(catalog, phase, where)
    results: list[WorkloadResult] = []
    figures = FigureSet()
    scales = CalibrationScales.from_project(project.calibration)  # None unless a pilot calibration is enabled
    if scales is not None:
        record_calibration(figures, scales)
    for w_index, workload in enumerate(phase.workloads):
        w_where = f"{where}.workloads[{w_index}]"
        result = workload_for(catalog, phase, workload, resolved, w_where, scales)
        figures.merge(result.figures, prefix="" if w_index == 0 else f"w{w_index + 1}.")
        results.append(result)
    primary = results[0]
    config = size_phase(phase, resolved, results, figures, carried)
    figures.input("plan.tokens_served_per_year", sum(r.tokens_served_per_year for r in results), "tokens",
                  "tokens served per year", "requests per day × (prompt + output tokens) × 365, over the workloads")
    figures.input("plan.seats", sum(r.seats for r in results), "seats", "seats served", "workloads' seats")
    layout_checks = _layout(catalog, phase, resolved, figures, config)
    fpt = figures.value_at("arch.flops_per_token_megatron") if "arch.flops_per_token_megatron" in figures else None
    gflops = figures.number("vision.gflops_per_image", 0.0) or None  # vision training: sized in task figures
    figures.merge(task_figures(phase.workloads[0], fpt if isinstance(fpt, float) else None, gflops))
    infra = phase_infrastructure(phase, resolved, primary, config, carried, figures)
    figures.merge(infra.figures)
    ledger = build_ledger(phase, resolved, figures, config, carried)
    figures.merge(ledger_figures(ledger, config, figures, phase.costs.horizon_years, busy_fraction(phase)))
    estimate = PhaseEstimate(index=index, name=phase.name, figures=figures, config=config, ledger=ledger,
                             start_month=phase.start_month, carried=handed_over(config, figures, ledger))
    estimate.candidates = with_plan_row(recommend(catalog, phase, resolved, primary), config, figures, phase)
    estimate.checks = phase_checks(phase, resolved, figures, results, infra.checks, estimate.candidates) \
        + layout_checks + compliance_checks(
        catalog, phase, resolved, estimate.candidates, ledger) + ledger_checks(ledger)
    estimate.charts = phase_charts(phase, resolved, figures, estimate.candidates, catalog, primary)
    defaults, default_checks = assumed_inputs(phase, where)
    estimate.checks += default_checks + calibration_checks(project.calibration) + offer_checks(phase, resolved, where)
    estimate.assumptions = [*assumptions(phase, resolved, figures),
                            compliance_assumption(catalog, phase, resolved.accelerator), *defaults]
    estimate.calibrated_keys = calibrated_figure_keys(figures) if scales is not None else ()
    estimate.accuracy = figure_bands(figures.keys(), [w.kind for w in phase.workloads])
    return estimate


def _layout(catalog: Catalog, phase: Phase, resolved: ResolvedPhase, figures: FigureSet,
            config: SizedConfiguration) -> list[Check]:
    """Search every parallel layout at the plan's GPU count for an LLM training phase (step 5)."""
    w = phase.workloads[0]
    if w.kind not in TRAIN_KINDS or "train.tokens_per_s" not in figures:
        return []
    model = resolve_model(catalog, w, "phases[].workloads[0]")
    gpn = resolved.server.gpus if resolved.server.is_rack else phase.hardware.gpus_per_node
    search, checks = layout_search(model, w, hardware_for(resolved.accelerator, resolved.server, gpn, resolved.nic),
                                   config.workloads[0].gpus,
                                   float(figures.value_at("train.tokens_per_s")))
    figures.merge(search)
    return checks


class PhaseCache:
    """Phase estimates keyed by everything ``estimate_phase`` reads: an edit re-estimates only the phases it touched.

    The key is the phase's dataclass repr, the calibration's, the hardware handed over by the previous
    phase, and the catalog object with its revision (every user edit or import bumps it), so a catalog
    edit in the browser re-estimates instead of showing the old figures.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._store: dict[tuple[object, ...], PhaseEstimate] = {}

    def get(self, project: Project, index: int, catalog: Catalog,
            carried: CarriedHardware | None = None) -> PhaseEstimate:
        key = (id(catalog), getattr(catalog, "revision", 0), index, repr(project.phases[index]),
               repr(project.calibration), carried)
        hit = self._store.get(key)
        if hit is not None:
            return hit
        estimate = estimate_phase(project, index, catalog, carried)
        if len(self._store) >= self.size:
            self._store.pop(next(iter(self._store)))
        self._store[key] = estimate
        return estimate


def estimate_plan(project: Project, catalog: Catalog, cache: PhaseCache | None = None) -> PlanEstimate:
    if not project.phases:
        raise PlanInputError("phases: the plan has no phase; add one")
    phases: list[PhaseEstimate] = []
    carried: CarriedHardware | None = None
    for i in range(len(project.phases)):
        phase = cache.get(project, i, catalog, carried) if cache is not None else estimate_phase(project, i, catalog, carried)
        phases.append(phase)
        carried = phase.carried
    road, road_checks, timeline = roadmap(project, phases)
    if timeline is not None:
        for phase in phases:
            phase.charts["timeline"] = timeline  # step 7 shows the roadmap beside the phase's own charts
    return PlanEstimate(
        project_name=project.meta.name,
        catalog_version=catalog.version,
        app_version=__version__,
        currency=project.phases[0].costs.currency,
        phases=phases,
        roadmap=road,
        roadmap_checks=road_checks,
        charts={"timeline": timeline} if timeline is not None else {},
        accuracy_band=_accuracy_band(project),
    )


def _accuracy_band(project: Project) -> float:
    """Relative band: the validation suite's median error, narrowed by a calibration."""
    band = ESTIMATE_ACCURACY_BAND.value
    sigmas = [s for s in project.calibration.uncertainty.values() if math.isfinite(s)]
    if project.calibration.enabled and sigmas:
        band = min(band, max(sigmas))
    return band
