"""What-if: how the key results of one phase move when a driver changes.

Drivers: utilisation (hours used per day), electricity price, GPU price and
efficiency. Each driver is swept over a relative range (default −50 % … +50 %
in 5 steps, constants ``WHATIF_*``); at every step the phase is re-estimated
by :func:`gpudesk.results.pipeline.estimate_phase` on a modified deep copy of the
phase, so every number comes from the same model the plan uses. The user's
project is never touched.

How each driver is applied to the copy: ``whatif_drivers.py``.

``run_whatif(project, phase_index, catalog, ranges)`` returns plain data (a
tornado table) and a :class:`FigureSet` with keys ``whatif.*``
(docs/whatif.md).
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from gpudesk.catalog.store import Catalog
from gpudesk.core.constants import (
    WHATIF_DEFAULT_STEPS,
    WHATIF_DEFAULT_SWING,
    WHATIF_MIN_CHANGE,
)
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.stepwise import run_through
from gpudesk.project.model import Project
from gpudesk.refusals import Refusal, cause_of, refusal
from gpudesk.results.pipeline import PlanInputError, estimate_phase
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.results.whatif_drivers import driver_appliers

DRIVERS = ("utilisation", "electricity_price", "gpu_price", "efficiency")
DRIVER_LABELS = {
    "utilisation": "Utilisation (hours/day)",
    "electricity_price": "Electricity price",
    "gpu_price": "GPU price",
    "efficiency": "Efficiency",
}
MAX_CHANGE = 10.0  # +1,000 %: beyond it the project fields' own ranges are left


@dataclass(frozen=True)
class DriverRange:
    """A relative sweep: ``low`` … ``high`` as fractions (−0.5 = −50 %) in ``steps`` points."""

    driver: str
    low: float = -WHATIF_DEFAULT_SWING.value
    high: float = WHATIF_DEFAULT_SWING.value
    steps: int = int(WHATIF_DEFAULT_STEPS.value)

    def __post_init__(self) -> None:
        if self.driver not in DRIVERS:
            raise ValueError(f"what-if driver {self.driver!r} not in {DRIVERS}")
        if not WHATIF_MIN_CHANGE.value <= self.low < self.high <= MAX_CHANGE:
            raise ValueError(f"{self.driver}: range {percent_text(self.low, 0, signed=True)} … {percent_text(self.high, 0, signed=True)} must rise within "
                             f"{percent_text(WHATIF_MIN_CHANGE.value, 0, signed=True)} … {percent_text(MAX_CHANGE, 0, signed=True)}")
        if not 2 <= self.steps <= 21:
            raise ValueError(f"{self.driver}: steps must be 2–21, not {self.steps}")

    def changes(self) -> np.ndarray:
        return np.linspace(self.low, self.high, self.steps)


def default_ranges() -> tuple[DriverRange, ...]:
    return tuple(DriverRange(d) for d in DRIVERS)


@dataclass(frozen=True)
class Metric:
    """A key result read from the phase figures."""

    name: str  # gpus | time_or_throughput | phase_cost | capex | tco_3y | tco_5y | energy_per_year | break_even
    figure_key: str
    label: str
    unit: str
    scales_with_efficiency: bool = False  # serving throughput: re-estimated value × efficiency


@dataclass(frozen=True)
class TornadoRow:
    driver: str
    metric: str
    low: float
    base: float
    high: float
    driver_low: float  # driver value at the low end (hours/day, currency/kWh, currency/GPU, factor)
    driver_high: float
    driver_unit: str

    @property
    def swing(self) -> float:
        values = [v for v in (self.low, self.high, self.base) if math.isfinite(v)]
        return max(values) - min(values) if values else 0.0


@dataclass
class WhatIfResult:
    phase_index: int
    currency: str
    metrics: tuple[Metric, ...]
    base: dict[str, float]
    changes: dict[str, tuple[float, ...]]  # driver -> relative changes swept
    driver_values: dict[str, tuple[float, ...]]  # driver -> value applied at each step
    driver_units: dict[str, str]
    results: dict[str, dict[str, tuple[float, ...]]]  # driver -> metric -> value per step
    skipped: dict[str, str]  # driver -> code of why it was not swept (the UI words it)
    notes: dict[str, list[str]]  # driver -> failed steps, or the code "hours_capped"
    figures: FigureSet
    refused: dict[str, list[tuple[float, Refusal | str]]] = field(default_factory=dict)  # driver -> failed steps:
    # (change, why), the notes' failed steps keyed for the wording in other languages
    elapsed_s: float = 0.0
    estimates: int = 0
    labels: dict[str, str] = field(default_factory=lambda: dict(DRIVER_LABELS))

    def metric(self, name: str) -> Metric:
        for m in self.metrics:
            if m.name == name:
                return m
        raise KeyError(f"no what-if metric {name!r}; have {[m.name for m in self.metrics]}")

    def tornado(self, metric: str) -> list[TornadoRow]:
        """One row per swept driver for ``metric``, largest swing first."""
        self.metric(metric)
        rows = []
        for driver, per_metric in self.results.items():
            values = per_metric[metric]
            rows.append(TornadoRow(driver, metric, values[0], self.base[metric], values[-1],
                                   self.driver_values[driver][0], self.driver_values[driver][-1],
                                   self.driver_units[driver]))
        return sorted(rows, key=lambda r: -r.swing)


def _throughput_key(fs: FigureSet) -> tuple[str, bool] | None:
    for key, scales in (("train.time_to_train_days", False), ("vision.time_to_train_days", False),
                        ("infer.tokens_per_s", True), ("vision.images_per_s_per_gpu", True),
                        ("diffusion.images_per_s_per_gpu", True), ("embed.items_per_s_per_gpu", True),
                        ("recsys.samples_per_s_per_gpu", True)):
        if key in fs:
            return key, scales
    return None


def _break_even_key(fs: FigureSet) -> str | None:
    chosen = str(fs.value_at("delivery.chosen_mode")) if "delivery.chosen_mode" in fs else ""
    other = chosen if chosen not in ("", "private") else "cloud_on_demand"
    wanted = f"delivery.break_even.private_vs_{other}"
    if wanted in fs:
        return wanted
    found = [k for k in fs.keys() if k.startswith("delivery.break_even.private_vs_")]
    return found[0] if found else None


def key_metrics(fs: FigureSet) -> tuple[Metric, ...]:
    """The key results this phase has figures for."""
    wanted: list[tuple[str, str, bool]] = [("gpus", "plan.gpus", False)]
    through = _throughput_key(fs)
    if through is not None:
        wanted.append(("time_or_throughput", *through))
    wanted += [("phase_cost", "plan.phase_cost", False), ("capex", "tco.capex", False),
               ("tco_3y", "tco.total_3y", False),
               ("tco_5y", "tco.total_5y", False), ("energy_per_year", "tco.energy_per_year", False)]
    be = _break_even_key(fs)
    if be is not None:
        wanted.append(("break_even", be, False))
    return tuple(Metric(name, key, fs.label(key), fs.unit(key), scales)
                 for name, key, scales in wanted if key in fs)


# -- running -----------------------------------------------------------------------
def _phase_copy_project(project: Project, phase_index: int) -> Project:
    """A project holding only a deep copy of one phase (estimate_phase reads nothing else)."""
    return replace(project, phases=[copy.deepcopy(project.phases[phase_index])])


def _read(estimate: PhaseEstimate, metrics: Sequence[Metric], efficiency: float) -> dict[str, float]:
    out = {}
    for m in metrics:
        value = estimate.figures.number(m.figure_key)
        out[m.name] = value * efficiency if m.scales_with_efficiency else value
    return out


def run_whatif(project: Project, phase_index: int, catalog: Catalog,
               ranges: Sequence[DriverRange] | None = None, base: PhaseEstimate | None = None,
               progress: Callable[[float], None] | None = None) -> WhatIfResult:
    """Sweep each driver of ``ranges`` (default: every driver, ±50 % in 5 steps) for one phase.

    ``base``: the phase's current estimate when the caller has it (saves one estimate).
    ``progress``: called with the fraction of the sweep done before each re-estimate; raising from it stops
    the sweep (the exception propagates unchanged).
    Raises :class:`PlanInputError` when the phase itself cannot be estimated.
    """
    return run_through(iter_whatif(project, phase_index, catalog, ranges, base), progress)


def iter_whatif(project: Project, phase_index: int, catalog: Catalog,
                ranges: Sequence[DriverRange] | None = None,
                base: PhaseEstimate | None = None) -> Generator[float, None, WhatIfResult]:
    """:func:`run_whatif` one re-estimate at a time: yields the fraction done before each re-estimate and
    returns the result, so a caller can run the sweep in slices between other work and stop it at a yield."""
    started = time.perf_counter()
    if not 0 <= phase_index < len(project.phases):
        raise PlanInputError(refusal("input.no_such_phase", field=f"phases[{phase_index}]", phases=len(project.phases)))
    ranges = tuple(ranges) if ranges is not None else default_ranges()
    count = 0
    if base is None:
        base = estimate_phase(_phase_copy_project(project, phase_index), 0, catalog, search=False, layout=False)
        count += 1
    phase = project.phases[phase_index]
    metrics = key_metrics(base.figures)
    base_values = _read(base, metrics, 1.0)
    appliers, skipped = driver_appliers(phase, base.figures)
    fs = FigureSet()
    for m in metrics:
        fs.input(f"whatif.base.{m.name}", base_values[m.name], m.unit, f"{m.label} (as planned)",
                 f"phase estimate figure {m.figure_key}", awaiting=base.figures.awaiting(m.figure_key))
    result = WhatIfResult(phase_index, phase.costs.currency, metrics, base_values, {}, {}, {}, {}, {}, {}, fs)
    total_steps = max(1, sum(r.changes().size for r in ranges if r.driver not in skipped))
    steps_done = 0
    for rng in ranges:
        if rng.driver in skipped:
            continue
        apply, base_value, unit, source = appliers[rng.driver]
        changes = rng.changes()
        values = np.empty(changes.size)
        per_metric = {m.name: np.full(changes.size, np.nan) for m in metrics}
        notes: list[str] = []
        refused: list[tuple[float, Refusal | str]] = []
        for i, change in enumerate(changes):
            yield steps_done / total_steps  # before each estimate: a caller may stop the sweep here
            steps_done += 1
            trial = _phase_copy_project(project, phase_index)
            values[i] = apply(trial.phases[0], float(change))
            if abs(change) < 1e-12:
                got = base_values
            else:
                try:
                    got = _read(estimate_phase(trial, 0, catalog, search=False, layout=False), metrics,
                                values[i] if rng.driver == "efficiency" else 1.0)
                except PlanInputError as exc:
                    notes.append(f"{percent_text(change, 0, signed=True)}: {exc}")
                    refused.append((float(change), cause_of(exc)))
                    continue
                count += 1
            for name, value in got.items():
                per_metric[name][i] = value
        if rng.driver == "utilisation" and np.any(values < base_value * (1.0 + changes) - 1e-9):
            notes.append("hours_capped")
        _record(fs, rng.driver, changes, values, base_value, unit, source, metrics, per_metric)
        result.changes[rng.driver] = tuple(float(c) for c in changes)
        result.driver_values[rng.driver] = tuple(float(v) for v in values)
        result.driver_units[rng.driver] = unit
        result.results[rng.driver] = {k: tuple(float(x) for x in v) for k, v in per_metric.items()}
        result.notes[rng.driver] = notes
        result.refused[rng.driver] = refused
    result.skipped = {d: why for d, why in skipped.items() if any(r.driver == d for r in ranges)}
    result.estimates = count
    result.elapsed_s = time.perf_counter() - started
    return result


def _record(fs: FigureSet, driver: str, changes: np.ndarray, values: np.ndarray, base_value: float, unit: str,
            source: str, metrics: Sequence[Metric], per_metric: dict[str, np.ndarray]) -> None:
    """One driver's sweep as figures broadcast over its steps (explain(key, i) = step i)."""
    label = DRIVER_LABELS[driver]
    p = f"whatif.{driver}"
    fs.input(f"{p}.base", base_value, unit, f"{label} as planned", source)
    fs.input(f"{p}.change", changes, "fraction", f"{label}: relative change swept", "user input (what-if range)")
    formula = {
        "utilisation": "min(max(base × (1 + change), 0), 24)",
        "efficiency": "1 + change (work divided by this factor)",
    }.get(driver, "base × (1 + change)")
    fs.add(f"{p}.value", values, unit, f"{label} applied", formula, [f"{p}.base", f"{p}.change"])
    for m in metrics:
        how = f"phase re-estimated with {label.lower()} = value: figure {m.figure_key}"
        if driver == "efficiency" and m.scales_with_efficiency:
            how += " × efficiency"
        fs.add(f"{p}.{m.name}", per_metric[m.name], m.unit, f"{m.label} when {label.lower()} changes", how,
               [f"{p}.value", f"whatif.base.{m.name}"],
               note="unknown where the re-estimate failed or the figure is undefined (e.g. break-even never reached)")
