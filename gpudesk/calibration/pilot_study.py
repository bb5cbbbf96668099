"""A pilot against a plan, end to end: steady state, checks, fit, full-scale re-projection.

* ``fit_pilot(project, phase_index, measurements, catalog)`` fits the calibratable constants
  (``gpudesk.core.calibration_hook``) so the plan's own model reproduces the pilot;
* ``pilot_checks`` runs the consistency checks against the phase's accelerator;
* ``reproject_plan(fit, project, phase_index, catalog)`` re-estimates the whole phase through
  ``estimate_phase`` at the fitted scales and at sigma points (time, GPUs, power, cost);
* ``calibration_from_fit`` gives the ``project.calibration`` to store: the steady-state
  measurements, the fitted **scales** (1 = catalog default) and their relative 1σ;
* ``study_pilot`` does all of it for the dialog and keeps going past a failed fit.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gpudesk.calibration.consistency import consistency_checks
from gpudesk.calibration.fit import FitPoint, FitResult, fit_scales
from gpudesk.calibration.measurement import Measurement
from gpudesk.calibration.pilot_model import PilotModel, PilotSetup, PilotSetupError
from gpudesk.calibration.reprojection import Reprojection, reproject
from gpudesk.calibration.steady_state import SteadyState, steady_state
from gpudesk.catalog.store import Catalog
from gpudesk.core.checks import Check
from gpudesk.core.model_math import training_flops_per_token
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.project.model import Calibration, Project
from gpudesk.project.model import Measurement as PlanMeasurement
from gpudesk.refusals import Refusal, cause_of, refusal
from gpudesk.results.pipeline import estimate_phase

FULL_SCALE_FIGURES = (
    "train.time_to_train_days", "train.gpu_hours", "infer.tokens_per_s", "infer.gpus_needed", "plan.gpus",
    "power.it_kw", "tco.total_5y", "plan.phase_cost",
)


def from_plan_measurement(m: PlanMeasurement) -> Measurement:
    """A stored measurement back in parsed form (re-opening a calibration)."""
    return Measurement(m.kind, dict(m.values), dict(m.conditions), m.source_name, 0, "stored")


def fit_pilot(project: Project, phase_index: int, measurements: Iterable[Measurement], catalog: Catalog, *,
              setup: PilotSetup | None = None) -> FitResult:
    """Fit the calibratable constants of the phase's accelerator to the pilot's steady state."""
    model = PilotModel(project, phase_index, catalog, setup)
    points = model.points(steady_state(measurements))
    if not points:
        raise PilotSetupError(refusal("pilot.no_measurements"))
    return fit_scales(points, model.predict, model.constants_for(points))


def pilot_checks(model: PilotModel, measurements: Sequence[Measurement]) -> list[Check]:
    """Consistency checks of the measurements against the phase's accelerator."""
    workload = model.train or model.serve
    precision = workload.compute_dtype if workload else "bf16"
    peak = model.accelerator.peak_tflops(precision) or model.accelerator.peak_tflops("bf16") or 0.0
    flops_per_token = None
    if model.train_model is not None:
        seq = model.training_conditions({})["seq_len"]
        flops = training_flops_per_token(model.train_model, seq)
        flops_per_token = float(flops.value_at("arch.flops_per_token_megatron"))
    return consistency_checks(measurements, float(model.accelerator.memory_gb), float(peak),
                              flops_per_token=flops_per_token, usable_memory_mib=model.accelerator.usable_memory_mib)


def reproject_plan(fit: FitResult, project: Project, phase_index: int, catalog: Catalog,
                   *, n_sigma: float = 1.0) -> Reprojection:
    """Full-scale figures of the phase at catalog defaults, at the fitted scales, and their band."""
    trial = copy.deepcopy(project)
    units: dict[str, str] = {}
    labels: dict[str, str] = {}

    def project_figures(scales: Mapping[str, float]) -> dict[str, float]:
        trial.calibration = Calibration(measurements=[], fitted=dict(scales), uncertainty={}, enabled=True)
        figures = estimate_phase(trial, phase_index, catalog, search=False).figures
        out = {}
        for key in FULL_SCALE_FIGURES:
            value = figures.value_at(key) if key in figures else math.nan
            if isinstance(value, float) and math.isfinite(value):
                out[key] = value
                units[key], labels[key] = figures.unit(key), figures.label(key)
        return out

    reference = project_figures({n: 1.0 for n in fit.scales})
    wanted = [k for k in FULL_SCALE_FIGURES if k in reference]  # stable order for tables and text

    def consistent(scales: Mapping[str, float]) -> dict[str, float]:
        values = project_figures(scales)
        return {k: values.get(k, math.nan) for k in wanted}

    return reproject(fit, consistent, n_sigma=n_sigma, units=units, labels=labels)


def calibration_from_fit(fit: FitResult, states: Iterable[SteadyState], accelerator_id: str) -> Calibration:
    """What ``project.calibration`` stores: steady-state measurements, fitted scales and their 1σ."""
    return Calibration(
        measurements=[state.to_plan(accelerator_id) for state in states],
        fitted={name: round(s.scale, 6) for name, s in fit.scales.items() if s.identifiable},
        uncertainty={name: round(s.sigma_rel, 6) for name, s in fit.scales.items() if s.identifiable},
        enabled=True,
    )


@dataclass
class PilotStudy:
    """Everything the calibration dialog shows for one set of measurements."""

    states: list[SteadyState]
    checks: list[Check] = field(default_factory=list)
    points: list[FitPoint] = field(default_factory=list)
    fit: FitResult | None = None
    reprojection: Reprojection | None = None
    calibration: Calibration | None = None
    error: str = ""
    error_reason: Refusal | str = ""  # the same, keyed for the wording in other languages

    @property
    def blocked(self) -> bool:
        return any(c.severity == "blocker" for c in self.checks)


def study_pilot(project: Project, phase_index: int, measurements: Sequence[Measurement], catalog: Catalog,
                setup: PilotSetup | None = None) -> PilotStudy:
    study = PilotStudy(steady_state(measurements))
    try:
        model = PilotModel(project, phase_index, catalog, setup)
        study.checks = pilot_checks(model, measurements)
        study.points = model.points(study.states)
        if not study.points:
            raise PilotSetupError(refusal("pilot.no_measurements"))
        study.fit = fit_scales(study.points, model.predict, model.constants_for(study.points))
        study.reprojection = reproject_plan(study.fit, project, phase_index, catalog)
        study.calibration = calibration_from_fit(study.fit, study.states, model.accelerator.id)
    except (PilotSetupError, PlanInputError, ValueError) as exc:
        study.error, study.error_reason = str(exc), cause_of(exc)
    return study
