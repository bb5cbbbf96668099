"""Pilot-calibrated efficiency scales, threaded into the time models.

A pilot run's measurements (``gpudesk.calibration``) are fitted as multiplicative
**scales** on named efficiency constants; ``project.calibration.fitted`` stores those
scales (1 = catalog default), ``project.calibration.uncertainty`` their relative 1σ.
Storing scales rather than values keeps a fit meaningful when the catalog's default
changes: the pilot said "this stack runs at 0.87× what the catalog expects".

Calibratable names (one place; the fit, the UI and the time models all use these):

* ``matmul.<family>`` — achievable dense-matmul fraction of peak (every precision) of one
  hardware family (``nvidia-hopper`` …); a Hopper pilot leaves Blackwell estimates alone;
* ``hbm.<family>`` — achievable HBM bandwidth fraction of one family (decode speed);
* ``framework`` — FRAMEWORK_GEMM_TIME_SHARE, the software stack's share of step time in GEMMs;
* ``scaleout_busbw`` — NCCL bus bandwidth / NIC line rate across nodes;
* ``scaleup_busbw.<family>`` — bus bandwidth / scale-up link of one family;
* ``goodput`` — JOB_GOODPUT, productive share of a long job's wall time.

Efficiencies that are fractions of a physical ceiling (matmul, HBM, framework share,
goodput) are capped at 1 after scaling; bus-bandwidth ratios are not (NVLink SHARP
measures above the link rate).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.project.model import Calibration

PER_FAMILY = ("matmul", "hbm", "scaleup_busbw")
GLOBAL = ("framework", "scaleout_busbw", "goodput")
CAPPED_AT_ONE = frozenset({"matmul", "hbm", "framework", "goodput"})
LABELS = {
    "matmul": "achievable matmul / peak",
    "hbm": "achievable HBM bandwidth / datasheet",
    "framework": "framework GEMM time share",
    "scaleout_busbw": "scale-out bus bandwidth / NIC rate",
    "scaleup_busbw": "scale-up bus bandwidth / link rate",
    "goodput": "job goodput",
}
PILOT_SOURCE_PREFIX = "pilot calibration"


def calibratable_name(kind: str, family: str = "") -> str:
    """The stored name of a calibratable constant (``matmul.nvidia-hopper``, ``framework`` …)."""
    if kind in PER_FAMILY:
        if not family:
            raise ValueError(f"{kind} is calibrated per hardware family; give the family")
        return f"{kind}.{family}"
    if kind in GLOBAL:
        return kind
    raise ValueError(f"{kind!r} is not calibratable; known: {', '.join(PER_FAMILY + GLOBAL)}")


def calibratable_names(family: str) -> tuple[str, ...]:
    """Every calibratable constant that applies to an accelerator of ``family``."""
    return tuple(calibratable_name(k, family) for k in PER_FAMILY) + GLOBAL


def kind_of(name: str) -> str:
    kind = name.split(".", 1)[0]
    if kind not in PER_FAMILY + GLOBAL:
        raise ValueError(f"{name!r} is not a calibratable constant")
    return kind


def label_of(name: str) -> str:
    kind = kind_of(name)
    family = name.split(".", 1)[1] if "." in name else ""
    return LABELS[kind] + (f" ({family})" if family else "")


def _usable(name: str, value: float) -> bool:
    return name.split(".", 1)[0] in PER_FAMILY + GLOBAL and isinstance(value, (int, float)) \
        and math.isfinite(value) and value > 0


def unusable_scales(calibration: Calibration) -> list[str]:
    """Fitted scales an enabled calibration holds that cannot apply: unknown constants, non-positive values."""
    if not calibration.enabled:
        return []
    return [f"{name[:60]} = {value:g}" for name, value in calibration.fitted.items() if not _usable(name, value)]


@dataclass(frozen=True)
class CalibrationScales:
    """Fitted scales to apply, with their 1σ and the pilot they came from."""

    factors: Mapping[str, float]
    sigma: Mapping[str, float] = field(default_factory=dict)
    source: str = "pilot run"

    def __post_init__(self) -> None:
        for name, value in self.factors.items():
            kind_of(name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"calibration scale {name} = {value!r} is not a positive number")

    @classmethod
    def from_project(cls, calibration: Calibration) -> CalibrationScales | None:
        """The project's calibration when it is enabled and holds usable fitted scales; else None.

        Scales of unknown constants and scales that are not positive numbers are left out (see
        :func:`unusable_scales`, which the pipeline turns into a warning), never raised.
        """
        if not calibration.enabled or not calibration.fitted:
            return None
        usable = {n: v for n, v in calibration.fitted.items() if _usable(n, v)}
        if not usable:
            return None
        names = sorted({m.source_name.rsplit(":", 1)[0] for m in calibration.measurements if m.source_name})
        source = ", ".join(names) if names else "measurements typed in"
        return cls(usable, dict(calibration.uncertainty), source)

    def factor(self, name: str) -> float:
        return float(self.factors.get(name, 1.0))

    def describe(self, name: str) -> str:
        sigma = self.sigma.get(name, math.nan)
        spread = f" ± {self.factor(name) * sigma:.2f}" if math.isfinite(sigma) else ""
        return f"{PILOT_SOURCE_PREFIX}: {self.source}, fitted scale {self.factor(name):.2f}{spread}"

    def per_family(self, kind: str, families: Iterable[str]) -> tuple[np.ndarray, list[str]]:
        """Scale per candidate for a per-family constant, and the names that applied."""
        fams = [str(f) for f in families]
        values = np.array([self.factor(calibratable_name(kind, f)) for f in fams], dtype=float)
        applied = sorted({calibratable_name(kind, f) for f in fams if calibratable_name(kind, f) in self.factors})
        return values, applied

    def source_note(self, kind: str, applied: list[str]) -> str:
        capped = " (capped at 1)" if kind in CAPPED_AT_ONE else ""
        return "; ".join(f"{name} × {self.describe(name)}{capped}" for name in applied)


def record_calibration(fs: FigureSet, scales: CalibrationScales) -> list[str]:
    """Record ``calib.scale.<name>`` and ``calib.sigma.<name>`` for every applied scale; returns the keys."""
    keys = []
    for name in sorted(scales.factors):
        fs.input(f"calib.scale.{name}", scales.factor(name), "x", f"pilot-fitted scale of {label_of(name)}",
                 scales.describe(name))
        sigma = float(scales.sigma.get(name, math.nan))
        fs.input(f"calib.sigma.{name}", sigma, "fraction", f"relative 1σ of the fitted {label_of(name)}",
                 f"{PILOT_SOURCE_PREFIX}: {scales.source}, covariance of the fit (floored)")
        keys += [f"calib.scale.{name}", f"calib.sigma.{name}"]
    return keys


def calibrated_figure_keys(fs: FigureSet) -> tuple[str, ...]:
    """Figures resting on customer measurements: pilot-sourced inputs and every figure derived from them."""
    keys = fs.keys()
    calibrated = {k for k in keys if fs.is_input(k) and PILOT_SOURCE_PREFIX in fs.explain(k).source}
    dependents: dict[str, list[str]] = {}
    for key in keys:
        if not fs.is_input(key):
            for dep in fs.explain(key).inputs:
                dependents.setdefault(dep.key, []).append(key)
    stack = list(calibrated)
    while stack:
        for child in dependents.get(stack.pop(), ()):
            if child not in calibrated:
                calibrated.add(child)
                stack.append(child)
    return tuple(k for k in keys if k in calibrated)
