"""Re-project the full-scale plan with fitted constants, with a band and the reasons.

``project(scales) -> {figure: value}`` is a plain callable (the lead wires it to the
performance model). Central values use the fitted scales. The band evaluates ``project`` at
deterministic sigma points: along each eigenvector ``v_j`` of the fit's covariance (log-scale
space, so correlated constants move together) at ``theta +/- n_sigma x sqrt(lambda_j) v_j``; the
upward and downward deviations of each figure are added in quadrature. Each figure's drivers
come from moving one constant at a time by its own 1 sigma.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from gpudesk.calibration.fit import FitResult
from gpudesk.core.constants import CALIBRATION_SCALE_MAX, CALIBRATION_SCALE_MIN
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet

Projector = Callable[[Mapping[str, float]], Mapping[str, float]]


@dataclass(frozen=True)
class ProjectedFigure:
    key: str
    default: float  # at catalog defaults (all scales 1)
    central: float
    low: float
    high: float
    drivers: tuple[tuple[str, float], ...]  # (constant, relative change of the figure for +1 sigma of it)

    @property
    def change_rel(self) -> float:
        return self.central / self.default - 1.0 if self.default else math.nan


@dataclass
class Reprojection:
    figures: dict[str, ProjectedFigure]
    explanations: list[str]
    evaluations: int
    figure_set: FigureSet = field(default_factory=FigureSet)


def reproject(fit: FitResult, project: Projector, *, n_sigma: float = 1.0,
              units: Mapping[str, str] | None = None, labels: Mapping[str, str] | None = None) -> Reprojection:
    units, labels = units or {}, labels or {}
    names = list(fit.names)
    theta = np.log([fit.scales[n].scale for n in names]) if names else np.zeros(0)
    lo, hi = math.log(CALIBRATION_SCALE_MIN.value), math.log(CALIBRATION_SCALE_MAX.value)
    evaluations = 0

    def run(log_scales: np.ndarray) -> dict[str, float]:
        nonlocal evaluations
        evaluations += 1
        scales = {n: 1.0 for n in fit.scales}
        scales.update({n: float(math.exp(t)) for n, t in zip(names, np.clip(log_scales, lo, hi))})
        return {k: float(v) for k, v in project(scales).items()}

    evaluations += 1
    default = {k: float(v) for k, v in project({n: 1.0 for n in fit.scales}).items()}
    central = run(theta)
    covariance = _floored_covariance(fit, names)
    up: dict[str, float] = {k: 0.0 for k in central}
    down: dict[str, float] = {k: 0.0 for k in central}
    if names:
        eigenvalues, eigenvectors = np.linalg.eigh(covariance)
        for j, lam in enumerate(eigenvalues):
            if lam <= 0:
                continue
            delta = n_sigma * math.sqrt(lam) * eigenvectors[:, j]
            for shifted in (run(theta + delta), run(theta - delta)):
                for k, value in shifted.items():
                    change = value - central[k]
                    if change > 0:
                        up[k] += change**2
                    else:
                        down[k] += change**2
    drivers: dict[str, list[tuple[str, float]]] = {k: [] for k in central}
    for k_index, name in enumerate(names):
        shift = np.zeros(len(names))
        shift[k_index] = fit.scales[name].sigma_rel
        moved = run(theta + shift)
        for key, value in moved.items():
            if central[key]:
                drivers[key].append((name, value / central[key] - 1.0))
    figures = {
        key: ProjectedFigure(key, default[key], value, value - math.sqrt(down[key]), value + math.sqrt(up[key]),
                             tuple(sorted(drivers[key], key=lambda d: -abs(d[1]))))
        for key, value in central.items()
    }
    result = Reprojection(figures, _explain(fit, figures, units, labels, n_sigma), evaluations)
    _record(result.figure_set, fit, figures, units, labels, n_sigma)
    return result


def _floored_covariance(fit: FitResult, names: list[str]) -> np.ndarray:
    """The fit's covariance with each variance raised to at least the reported (floored) sigma."""
    if not names:
        return np.zeros((0, 0))
    cov = np.array(fit.covariance, dtype=float)
    sigmas = np.array([fit.scales[n].sigma_rel for n in names])
    current = np.sqrt(np.clip(np.diag(cov), 1e-300, None))
    factor = np.maximum(1.0, sigmas / current)
    return cov * np.outer(factor, factor)


def _explain(fit: FitResult, figures: Mapping[str, ProjectedFigure], units: Mapping[str, str],
             labels: Mapping[str, str], n_sigma: float) -> list[str]:
    lines = []
    for name, scale in fit.scales.items():
        if not scale.identifiable:
            lines.append(f"{name} was not constrained by the pilot and stays at the catalog default.")
            continue
        direction = "unchanged" if abs(scale.scale - 1) < 1e-3 else ("raised" if scale.scale > 1 else "lowered")
        lines.append(f"{name} {direction} to {scale.scale:.2f}x the catalog default (±{percent_text(scale.sigma_rel)}, 1σ).")
    for key, figure in figures.items():
        unit = units.get(key, "")
        name = labels.get(key, key)
        driver = ""
        if figure.drivers and abs(figure.drivers[0][1]) > 0:
            constant, effect = figure.drivers[0]
            driver = f"; most sensitive to {constant} ({percent_text(effect, 1, signed=True)} per +1σ)"
        lines.append(
            f"{name}: {figure.default:,.4g} → {figure.central:,.4g} {unit} ({percent_text(figure.change_rel, 1, signed=True)}), "
            f"±{n_sigma:g}σ band {figure.low:,.4g}–{figure.high:,.4g}{driver}.".replace("  ", " ")
        )
    return lines


def _record(fs: FigureSet, fit: FitResult, figures: Mapping[str, ProjectedFigure], units: Mapping[str, str],
            labels: Mapping[str, str], n_sigma: float) -> None:
    scale_keys = []
    for name, scale in fit.scales.items():
        fs.input(f"reproj.scale.{name}", scale.scale, "x", f"fitted scale of {name}", "calibration fit (calib.scale)")
        fs.input(f"reproj.scale.{name}.sigma_rel", scale.sigma_rel, "fraction", f"relative 1-sigma of {name}",
                 "calibration fit (calib.scale.sigma_rel)")
        scale_keys += [f"reproj.scale.{name}", f"reproj.scale.{name}.sigma_rel"]
    for key, figure in figures.items():
        unit, label = units.get(key, ""), labels.get(key, key)
        fs.add(f"reproj.{key}.default", figure.default, unit, f"{label} at catalog defaults", "project(scales = 1)")
        fs.add(f"reproj.{key}.central", figure.central, unit, f"{label} with fitted constants",
               "project(fitted scales)", scale_keys)
        band = "sqrt(sum over covariance eigen-directions of the squared deviations at ±{n}σ)".format(n=n_sigma)
        fs.add(f"reproj.{key}.low", figure.low, unit, f"{label}, low end of the band", "central − " + band,
               [f"reproj.{key}.central", *scale_keys])
        fs.add(f"reproj.{key}.high", figure.high, unit, f"{label}, high end of the band", "central + " + band,
               [f"reproj.{key}.central", *scale_keys])
