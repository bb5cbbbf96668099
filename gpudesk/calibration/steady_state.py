"""From many parsed records to one steady-state figure per quantity.

Rule (docs/calibration.md, "Steady state"): records are grouped by kind, log format and the
conditions that define a run (series indices such as ``step``, ``rank``, ``gpu_index``,
``epoch`` and ``elapsed_s`` do not split groups). Within a group each quantity is ordered by
step (else by time, else by line). For ``train_step`` and ``gpu_telemetry`` series whose
records all carry a step or a time stamp, the first
``max(CALIBRATION_WARMUP_MIN_RECORDS, ceil(CALIBRATION_WARMUP_FRACTION x n))`` records are
dropped as warm-up, never leaving fewer than one; telemetry first loses each GPU's leading
idle samples (utilisation 0). Run summaries and benchmark results (``inference``,
``io_throughput``) already exclude their own warm-up and are all kept. The figure is the
median; its spread is the robust relative standard deviation 1.4826 x MAD / median (NaN,
unknown, for a single record).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from gpudesk.calibration.measurement import Measurement
from gpudesk.core.constants import CALIBRATION_WARMUP_FRACTION, CALIBRATION_WARMUP_MIN_RECORDS
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.project.model import Measurement as PlanMeasurement

SERIES_KEYS = frozenset({"step", "rank", "gpu_index", "epoch", "elapsed_s", "consumed_samples", "group"})
WARMUP_KINDS = frozenset({"train_step", "gpu_telemetry"})
MAD_TO_SIGMA = 1.4826  # MAD of a normal distribution x 1.4826 = its standard deviation
PERFORMANCE_KEYS = frozenset({
    "step_time_s", "samples_per_s", "tokens_per_s", "tokens_per_s_per_gpu", "tflops_per_gpu", "mfu",
    "memory_gb", "memory_reserved_gb", "memory_fraction", "runtime_s",
    "requests_per_s", "output_tokens_per_s", "input_tokens_per_s", "output_tokens_per_s_per_gpu",
    "output_tokens_per_s_per_user", "peak_output_tokens_per_s", "duration_s",
    "ttft_mean_s", "ttft_median_s", "ttft_p99_s", "tpot_mean_s", "tpot_median_s", "tpot_p99_s",
    "itl_mean_s", "itl_median_s", "itl_p99_s", "e2e_mean_s", "e2e_median_s", "e2e_p99_s",
    "gpu_util", "mem_util", "power_w", "memory_total_gb", "power_limit_w", "temperature_c", "sm_clock_mhz",
    "read_gbs", "write_gbs", "read_iops", "write_iops",
    "goodput",  # typed in: productive share of a long run's wall time (fits JOB_GOODPUT)
})
UNITS = {"_s": "s", "_per_s": "1/s", "_gb": "GB", "_gbs": "GB/s", "_w": "W", "_iops": "IO/s"}


@dataclass(frozen=True)
class SteadyValue:
    key: str
    median: float
    sigma_rel: float  # robust relative 1-sigma; NaN when only one record was kept
    low: float
    high: float
    n_used: int
    n_dropped: int
    first_line: int
    last_line: int


@dataclass
class SteadyState:
    kind: str
    log_format: str
    source_name: str
    conditions: dict[str, float]
    values: dict[str, SteadyValue] = field(default_factory=dict)

    def medians(self) -> dict[str, float]:
        return {k: v.median for k, v in self.values.items()}

    def to_plan(self, accelerator_id: str = "") -> PlanMeasurement:
        return PlanMeasurement(self.kind, self.source_name, accelerator_id, self.medians(), dict(self.conditions))


def unit_of(key: str) -> str:
    if key in ("gpu_util", "mem_util", "mfu", "memory_fraction", "goodput"):
        return "fraction"
    for suffix in sorted(UNITS, key=len, reverse=True):
        if key.endswith(suffix):
            return UNITS[suffix]
    return ""


def warmup_count(n: int) -> int:
    if n <= 1:
        return 0
    wanted = max(int(CALIBRATION_WARMUP_MIN_RECORDS.value), math.ceil(CALIBRATION_WARMUP_FRACTION.value * n))
    return min(wanted, n - 1)


def _group_key(m: Measurement) -> tuple:
    defining = tuple(sorted((k, v) for k, v in m.conditions.items() if k not in SERIES_KEYS))
    return (m.kind, m.log_format, m.source_name, defining)


def _order(m: Measurement) -> tuple[float, int]:
    return (m.conditions.get("step", m.conditions.get("elapsed_s", math.inf)), m.line)


def _without_idle_start(records: list[Measurement]) -> list[Measurement]:
    for index, m in enumerate(records):
        if m.values.get("gpu_util", 1.0) > 0:
            return records[index:]
    return records


def _steady_value(key: str, records: list[Measurement], warmup: bool) -> SteadyValue:
    series = [m for m in records if key in m.values]
    per_step = all("step" in m.conditions or "elapsed_s" in m.conditions for m in series)
    dropped = warmup_count(len(series)) if warmup and per_step else 0
    kept = series[dropped:]
    data = np.array([m.values[key] for m in kept], dtype=float)
    median = float(np.median(data))
    if len(data) > 1 and median != 0:
        sigma = MAD_TO_SIGMA * float(np.median(np.abs(data - median))) / abs(median)
    else:
        sigma = math.nan
    lines = [m.line for m in kept]
    return SteadyValue(key, median, sigma, float(data.min()), float(data.max()), len(kept), dropped, min(lines), max(lines))


def steady_state(measurements: Iterable[Measurement]) -> list[SteadyState]:
    """Median steady-state figures per group of comparable records."""
    groups: dict[tuple, list[Measurement]] = {}
    for m in measurements:
        groups.setdefault(_group_key(m), []).append(m)
    states = []
    for (kind, log_format, source, defining), records in groups.items():
        records = sorted(records, key=_order)
        warmup = kind in WARMUP_KINDS
        if kind == "gpu_telemetry":
            by_gpu: dict[float, list[Measurement]] = {}
            for m in records:
                by_gpu.setdefault(m.conditions.get("gpu_index", 0.0), []).append(m)
            records = sorted((m for gpu in by_gpu for m in _without_idle_start(by_gpu[gpu])), key=_order)
        state = SteadyState(kind, log_format, source, dict(defining))
        keys = sorted({k for m in records for k in m.values if k in PERFORMANCE_KEYS})
        for key in keys:
            state.values[key] = _steady_value(key, records, warmup)
        if state.values:
            states.append(state)
    return states


def record_steady_state(figures: FigureSet, states: Iterable[SteadyState], prefix: str = "calib.meas") -> list[str]:
    """Record every steady-state median as a FigureSet input with where it came from; returns the keys."""
    keys = []
    for index, state in enumerate(states):
        for key, value in state.values.items():
            figure_key = f"{prefix}.{index}.{key}"
            spread = "n/a" if math.isnan(value.sigma_rel) else f"{percent_text(value.sigma_rel, 1)}"
            source = (
                f"pilot log {state.source_name or '(pasted)'} [{state.log_format}] lines {value.first_line}–"
                f"{value.last_line}: median of {value.n_used} steady-state record(s), {value.n_dropped} dropped as "
                f"warm-up, robust spread {spread}"
            )
            figures.input(figure_key, value.median, unit_of(key), f"measured {key} ({state.kind})", source)
            keys.append(figure_key)
    return keys
