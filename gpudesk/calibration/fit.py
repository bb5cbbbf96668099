"""Fit efficiency constants so the performance model explains a pilot's measurements.

The model is a plain callable ``predict(scales, conditions) -> {metric: value}``: the predicted
figures at multiplicative ``scales`` of named efficiency constants (``scales = 1`` is the
catalog default). Each measured point ``y_i`` of metric ``m_i`` under ``conditions_i`` gives a
log residual ``r_i = ln y_i - ln f_i(s)``. With ``theta = ln s`` the fit minimises
``sum_i (r_i / sigma_i)^2`` (sigma_i: the point's relative spread, or the floor when unknown)
within ``[CALIBRATION_SCALE_MIN, CALIBRATION_SCALE_MAX]``:

* one constant: closed form ``theta = sum w e r / sum w e^2`` with ``e_i = d ln f_i / d theta``
  (exact when ``f`` is a power of the scale), refined by Gauss-Newton steps when it is not;
* several constants: damped Gauss-Newton (Levenberg-Marquardt) with a numerical Jacobian,
  projected onto the bounds.

Uncertainty: covariance ``(J^T W J)^-1`` inflated by the Birge ratio ``sqrt(chi2 / dof)`` when
points disagree more than their spreads allow, and never below CALIBRATION_SCALE_SIGMA_FLOOR
(relative, 1 sigma). A constant no measurement depends on stays at 1 and is reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from gpudesk.calibration.steady_state import SteadyState, unit_of
from gpudesk.core.constants import CALIBRATION_SCALE_MAX, CALIBRATION_SCALE_MIN, CALIBRATION_SCALE_SIGMA_FLOOR
from gpudesk.core.explain import FigureSet

Predictor = Callable[[Mapping[str, float], Mapping[str, float]], Mapping[str, float]]
STEP = math.log(1.02)  # central-difference step in log-scale space
MAX_ITERATIONS = 60
TOLERANCE = 1e-10


@dataclass(frozen=True)
class FitPoint:
    metric: str
    measured: float
    conditions: Mapping[str, float] = field(default_factory=dict)
    sigma_rel: float = math.nan
    label: str = ""
    source: str = "user input"


@dataclass(frozen=True)
class FittedScale:
    name: str
    scale: float
    sigma_rel: float  # relative 1-sigma (log-space standard error); inf when not identifiable
    identifiable: bool
    at_bound: str = ""  # "", "lower" or "upper"


@dataclass(frozen=True)
class ComparisonRow:
    metric: str
    conditions: Mapping[str, float]
    measured: float
    predicted_before: float
    predicted_after: float

    @property
    def ratio_before(self) -> float:
        return self.measured / self.predicted_before

    @property
    def ratio_after(self) -> float:
        return self.measured / self.predicted_after


@dataclass
class FitResult:
    scales: dict[str, FittedScale]
    rows: list[ComparisonRow]
    names: tuple[str, ...]  # order of the covariance matrix
    covariance: np.ndarray  # in log-scale space, identifiable constants only (others: inf diagonal)
    chi2: float
    dof: int
    birge_ratio: float
    method: str
    warnings: list[str] = field(default_factory=list)
    figures: FigureSet = field(default_factory=FigureSet)

    def fitted_values(self, defaults: Mapping[str, float]) -> dict[str, float]:
        """Fitted constant values (default x scale), for ``project.model.Calibration.fitted``."""
        return {name: defaults[name] * s.scale for name, s in self.scales.items() if s.identifiable}

    def uncertainties(self) -> dict[str, float]:
        """Relative 1-sigma per fitted constant, for ``project.model.Calibration.uncertainty``."""
        return {name: s.sigma_rel for name, s in self.scales.items() if s.identifiable}


def points_from_steady_state(states: Iterable[SteadyState], metrics: Iterable[str]) -> list[FitPoint]:
    """One fit point per wanted metric per steady-state group."""
    wanted = set(metrics)
    points = []
    for state in states:
        for key, value in state.values.items():
            if key in wanted and value.median > 0:
                source = f"pilot log {state.source_name or '(pasted)'} lines {value.first_line}–{value.last_line}"
                points.append(FitPoint(key, value.median, dict(state.conditions), value.sigma_rel, key, source))
    return points


class _Model:
    """Log predictions for every point at given log-scales, with a cache per (theta, conditions)."""

    def __init__(self, predict: Predictor, names: Sequence[str], points: Sequence[FitPoint]) -> None:
        self.predict, self.names, self.points = predict, tuple(names), list(points)
        self.cache: dict[tuple, Mapping[str, float]] = {}

    def log_f(self, theta: np.ndarray) -> np.ndarray:
        scales = {n: float(math.exp(t)) for n, t in zip(self.names, theta)}
        out = np.empty(len(self.points))
        for i, point in enumerate(self.points):
            key = (tuple(np.round(theta, 14)), tuple(sorted(point.conditions.items())))
            if key not in self.cache:
                self.cache[key] = self.predict(scales, point.conditions)
            value = float(self.cache[key][point.metric])
            if not value > 0 or not math.isfinite(value):
                raise ValueError(f"predict gave {value!r} for {point.metric} at scales {scales}")
            out[i] = math.log(value)
        return out

    def jacobian(self, theta: np.ndarray) -> np.ndarray:
        columns = []
        for k in range(len(theta)):
            up, down = theta.copy(), theta.copy()
            up[k] += STEP
            down[k] -= STEP
            columns.append((self.log_f(up) - self.log_f(down)) / (2 * STEP))
        return np.column_stack(columns) if columns else np.zeros((len(self.points), 0))


def _weights(points: Sequence[FitPoint], floor: float) -> np.ndarray:
    sigmas = [p.sigma_rel if math.isfinite(p.sigma_rel) and p.sigma_rel > 0 else floor for p in points]
    return 1.0 / np.square(np.maximum(sigmas, floor))


def _solve(model: _Model, y: np.ndarray, w: np.ndarray, lo: float, hi: float, single: bool) -> tuple[np.ndarray, str]:
    theta = np.zeros(len(model.names))
    if single:
        e = model.jacobian(theta)[:, 0]
        denominator = float(np.sum(w * e * e))
        if denominator > 0:
            theta[0] = float(np.clip(np.sum(w * e * (y - model.log_f(theta))) / denominator, lo, hi))
        method = "closed form (single multiplicative constant), Gauss-Newton refined"
    else:
        method = "Levenberg-Marquardt in log-scale space, projected onto bounds"
    damping = 1e-3
    cost = float(np.sum(w * (y - model.log_f(theta)) ** 2))
    for _ in range(MAX_ITERATIONS):
        r = y - model.log_f(theta)
        jac = model.jacobian(theta)
        normal = jac.T @ (w[:, None] * jac)
        gradient = jac.T @ (w * r)
        step = np.linalg.lstsq(normal + damping * np.diag(np.diag(normal) + 1e-12), gradient, rcond=None)[0]
        candidate = np.clip(theta + step, lo, hi)
        new_cost = float(np.sum(w * (y - model.log_f(candidate)) ** 2))
        if new_cost <= cost:
            converged = abs(cost - new_cost) < TOLERANCE * (1 + cost) or np.max(np.abs(candidate - theta)) < 1e-9
            theta, cost, damping = candidate, new_cost, max(damping / 10, 1e-9)
            if converged:
                break
        else:
            damping *= 10
            if damping > 1e8:
                break
    return theta, method


def fit_scales(
    points: Sequence[FitPoint],
    predict: Predictor,
    constants: Sequence[str],
    *,
    bounds: tuple[float, float] | None = None,
    sigma_floor: float | None = None,
) -> FitResult:
    """Fit a multiplicative scale for each named constant to the measured points."""
    lo_scale = CALIBRATION_SCALE_MIN.value if bounds is None else bounds[0]
    hi_scale = CALIBRATION_SCALE_MAX.value if bounds is None else bounds[1]
    floor = CALIBRATION_SCALE_SIGMA_FLOOR.value if sigma_floor is None else sigma_floor
    usable = [p for p in points if p.measured > 0 and math.isfinite(p.measured)]
    warnings = [f"point {p.metric} = {p.measured!r} is not a positive number; left out" for p in points if p not in usable]
    if not usable:
        raise ValueError("no usable measured points to fit")
    names = list(dict.fromkeys(constants))
    model = _Model(predict, names, usable)
    y = np.log([p.measured for p in usable])
    w = _weights(usable, floor)
    zero = np.zeros(len(names))
    before = np.exp(model.log_f(zero))
    column_norms = np.sqrt(np.sum(w[:, None] * model.jacobian(zero) ** 2, axis=0)) if names else np.zeros(0)
    fitted = [n for n, norm in zip(names, column_norms) if norm > 1e-9]
    for name in names:
        if name not in fitted:
            warnings.append(f"no measurement depends on {name}; it stays at the catalog default")
    sub = _Model(predict, fitted, usable)
    theta, method = _solve(sub, y, w, math.log(lo_scale), math.log(hi_scale), len(fitted) == 1) if fitted else (np.zeros(0), "nothing to fit")
    residual = y - sub.log_f(theta)
    chi2 = float(np.sum(w * residual**2))
    dof = len(usable) - len(fitted)
    birge = math.sqrt(max(1.0, chi2 / dof)) if dof > 0 else 1.0
    jac = sub.jacobian(theta)
    normal = jac.T @ (w[:, None] * jac)
    if fitted and np.linalg.cond(normal) > 1e10:
        warnings.append(f"the measurements cannot separate {fitted}: their scales are fitted jointly and are uncertain")
    covariance = np.linalg.pinv(normal) * birge**2 if fitted else np.zeros((0, 0))
    scales: dict[str, FittedScale] = {}
    for name in names:
        if name not in fitted:
            scales[name] = FittedScale(name, 1.0, math.inf, False)
            continue
        k = fitted.index(name)
        bound = "lower" if theta[k] <= math.log(lo_scale) + 1e-9 else "upper" if theta[k] >= math.log(hi_scale) - 1e-9 else ""
        if bound:
            warnings.append(
                f"{name} hit the {bound} bound ({math.exp(theta[k]):.2f}x): the pilot differs from the model by more "
                "than an efficiency can explain; check the measured configuration against the plan"
            )
        sigma = max(floor, math.sqrt(max(covariance[k, k], 0.0)))
        scales[name] = FittedScale(name, float(math.exp(theta[k])), sigma, True, bound)
    after = np.exp(sub.log_f(theta))
    rows = [ComparisonRow(p.metric, dict(p.conditions), p.measured, float(b), float(a)) for p, b, a in zip(usable, before, after)]
    result = FitResult(scales, rows, tuple(fitted), covariance, chi2, dof, birge, method, warnings)
    _record(result, usable, lo_scale, hi_scale, floor)
    return result


def _record(result: FitResult, points: Sequence[FitPoint], lo: float, hi: float, floor: float) -> None:
    fs = result.figures
    fs.input("calib.bound.min", lo, "x", "lowest allowed scale", f"constant {CALIBRATION_SCALE_MIN.name}: {CALIBRATION_SCALE_MIN.source}")
    fs.input("calib.bound.max", hi, "x", "highest allowed scale", f"constant {CALIBRATION_SCALE_MAX.name}: {CALIBRATION_SCALE_MAX.source}")
    fs.input("calib.sigma_floor", floor, "fraction", "uncertainty floor", f"constant {CALIBRATION_SCALE_SIGMA_FLOOR.name}: {CALIBRATION_SCALE_SIGMA_FLOOR.source}")
    measured_keys = []
    for i, (point, row) in enumerate(zip(points, result.rows)):
        base = f"calib.point.{i}"
        unit = unit_of(point.metric)
        fs.input(f"{base}.measured", point.measured, unit, f"measured {point.label or point.metric}", point.source)
        fs.add(f"{base}.predicted_before", row.predicted_before, unit, f"predicted {point.metric} at catalog defaults",
               "predict(scales = 1, conditions)")
        measured_keys.append(f"{base}.measured")
    deps = measured_keys + ["calib.bound.min", "calib.bound.max", "calib.sigma_floor"]
    for name, scale in result.scales.items():
        note = "" if scale.identifiable else "no measurement depends on this constant; kept at 1"
        fs.add(f"calib.scale.{name}", scale.scale, "x", f"fitted scale of {name}",
               "argmin_s sum_i w_i (ln y_i - ln f_i(s))^2, s in [min, max]; " + result.method, deps, note=note)
        fs.add(f"calib.scale.{name}.sigma_rel", scale.sigma_rel, "fraction", f"relative 1-sigma of {name}",
               "max(floor, sqrt(diag((J^T W J)^-1)) x Birge ratio)", [f"calib.scale.{name}", "calib.sigma_floor"])
    scale_keys = [f"calib.scale.{n}" for n in result.scales]
    for i, row in enumerate(result.rows):
        unit = unit_of(points[i].metric)
        fs.add(f"calib.point.{i}.predicted_after", row.predicted_after, unit, f"predicted {points[i].metric} after the fit",
               "predict(fitted scales, conditions)", scale_keys)
        fs.add(f"calib.point.{i}.ratio_before", row.ratio_before, "x", "measured / predicted before the fit",
               "measured / predicted_before", [f"calib.point.{i}.measured", f"calib.point.{i}.predicted_before"])
        fs.add(f"calib.point.{i}.ratio_after", row.ratio_after, "x", "measured / predicted after the fit",
               "measured / predicted_after", [f"calib.point.{i}.measured", f"calib.point.{i}.predicted_after"])
