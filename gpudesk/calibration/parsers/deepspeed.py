"""DeepSpeed engine logs.

Three kinds of lines are read:

* wall-clock breakdown (``wall_clock_breakdown: true``)::

    [Rank 0] time (ms) | fwd: 6567.66 | bwd: 17950.35 | bwd_inner: 17711.19 | bwd_allreduce: 239.11 | step: 1139.29

  step time = fwd + bwd + step (``bwd_inner``/``bwd_allreduce`` are parts of ``bwd``).
  The ``*_microstep`` variant is per micro-batch and is not used.
* throughput timer (``deepspeed/utils/timer.py``)::

    epoch=0/micro_step=40/global_step=10, RunningAvgSamplesPerSec=25.02, CurrSamplesPerSec=25.70,
    MemAllocated=4.32GB, MaxMemAllocated=38.49GB

  DeepSpeed's "GB" here is 2**30 bytes (``memory_allocated() / 1024**3``).
* the flops-profiler summary block (``iter latency``, ``fwd+bwd FLOPS per GPU``, ``samples/second``,
  ``world size``, ``batch size per GPU``).

The step number comes from the preceding ``step=N, skipped=M`` line when one is present.
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import GIBIBYTE, NUMBER, LogFormat, key_value_segments, to_number

NAME = "deepspeed"
LABEL = "DeepSpeed training log (timers, throughput timer, flops profiler)"
STEP = re.compile(r"\bstep=(\d+), skipped=")
TIMER = re.compile(r"(?:global_step=(\d+)|\b\d+/(\d+)), RunningAvgSamplesPerSec=")
LATENCY = re.compile(r"(" + NUMBER + r")\s*(us|ms|s)\b")
SECONDS_PER = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(
        1 for line in lines
        if "time (ms) | fwd:" in line or "RunningAvgSamplesPerSec=" in line or "DeepSpeed Flops Profiler" in line
    )


def _breakdown(line: str, number: int, source: str, step: float | None) -> Measurement:
    fields = key_value_segments(line[line.index("time (ms)"):])
    missing = [k for k in ("fwd", "bwd", "step") if k not in fields]
    if missing:
        raise ValueError(f"timer breakdown lacks {missing}")
    total_ms = sum(to_number(fields[k]) for k in ("fwd", "bwd", "step"))
    conditions = {} if step is None else {"step": step}
    return Measurement("train_step", {"step_time_s": total_ms / 1000.0}, conditions, source, number, NAME)


def _throughput(line: str, number: int, source: str) -> Measurement:
    match = TIMER.search(line)
    pairs = dict(re.findall(r"(\w+)=([^,\s]+)", line))
    if not match or "CurrSamplesPerSec" not in pairs:
        raise ValueError("throughput timer line without a step counter or CurrSamplesPerSec")
    values = {"samples_per_s": to_number(pairs["CurrSamplesPerSec"])}
    if "MaxMemAllocated" in pairs:
        values["memory_gb"] = to_number(pairs["MaxMemAllocated"]) * GIBIBYTE / 1e9
    step = float(match.group(1) or match.group(2))
    return Measurement("train_step", values, {"step": step}, source, number, NAME)


def _latency_seconds(text: str) -> float:
    match = LATENCY.search(text)
    if not match:
        raise ValueError(f"no latency with a unit in {text!r}")
    return to_number(match.group(1)) * SECONDS_PER[match.group(2)]


def _profile(lines: list[str], start: int, source: str) -> tuple[Measurement, int]:
    """Read one flops-profiler summary starting at index ``start``; return it and the index after it."""
    values: dict[str, float] = {}
    conditions: dict[str, float] = {}
    index = start + 1
    while index < len(lines) and not lines[index].startswith("-----"):
        line = lines[index]
        key, _, rest = line.rpartition(":")
        key = key.strip()
        if key.startswith("Profile Summary at step"):
            conditions["step"] = to_number(key.rsplit(" ", 1)[-1])
        elif key == "world size":
            conditions["gpus"] = to_number(rest)
        elif key == "batch size per GPU":
            conditions["micro_batch"] = to_number(rest)
        elif key == "iter latency":
            values["step_time_s"] = _latency_seconds(rest)
        elif key.startswith("fwd+bwd FLOPS per GPU"):
            values["tflops_per_gpu"] = to_number(rest)
        elif key == "samples/second":
            values["samples_per_s"] = to_number(rest)
        index += 1
    if "step_time_s" not in values:
        raise ValueError("flops-profiler summary without 'iter latency'")
    return Measurement("train_step", values, conditions, source, start + 1, NAME), index


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    step: float | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        number = index + 1
        try:
            if "DeepSpeed Flops Profiler" in line:
                measurement, index = _profile(lines, index, source_name)
                result.measurements.append(measurement)
                continue
            found = STEP.search(line)
            if found:
                step = float(found.group(1))
            if "time (ms) |" in line and "microstep" not in line and "fwd" in line:
                result.measurements.append(_breakdown(line, number, source_name, step))
            elif "RunningAvgSamplesPerSec=" in line:
                result.measurements.append(_throughput(line, number, source_name))
        except ValueError as exc:
            result.problems.append(Problem(number, f"DeepSpeed line not readable: {exc}", line.strip()))
        index += 1
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
