"""Megatron-LM training logs.

Iteration lines (``megatron/training/training.py``, ``training_log``)::

     [2024-08-01 09:44:56] iteration        2/       5 | consumed samples:           64 |
     elapsed time per iteration (ms): 689.4 | throughput per GPU (TFLOP/s/GPU): 1.0 |
     learning rate: 6.000000E-05 | global batch size:    32 | lm loss: 1.034E+01 | ...

(one line in the log). Recent versions print ``elapsed time per iteration (ms): cur/avg``;
the current value is used. Memory lines (``report_memory``, printed once after the first
logging interval)::

    [Rank 0] (after 10 iterations) memory (MB) | allocated: 9554.87 | max allocated: 12003.60 |
    reserved: 12232.0 | max reserved: 12232.0

Megatron's "MB" is 2**20 bytes (``torch.cuda.memory_allocated() / (1024 * 1024)``).
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import MEBIBYTE, LogFormat, key_value_segments, to_number

NAME = "megatron"
LABEL = "Megatron-LM training log"
ITERATION = re.compile(r"iteration\s+(\d+)\s*/\s*(\d+)")
MEMORY = re.compile(r"\[Rank (\d+)\] \(after (\d+) iterations\) memory \(MB\)")


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(1 for line in lines if "elapsed time per iteration (ms)" in line or "memory (MB) |" in line)


def _iteration(line: str, number: int, source: str) -> Measurement:
    fields = key_value_segments(line)
    match = ITERATION.search(line)
    if not match:
        raise ValueError("no 'iteration N/M' counter")
    elapsed = fields.get("elapsed time per iteration (ms)")
    if elapsed is None:
        raise ValueError("no 'elapsed time per iteration (ms)' value")
    values = {"step_time_s": to_number(elapsed.split("/")[0]) / 1000.0}
    if values["step_time_s"] <= 0:
        raise ValueError("elapsed time per iteration is not positive")
    conditions = {"step": float(match.group(1)), "train_iters": float(match.group(2))}
    optional = {
        "throughput per gpu (tflop/s/gpu)": ("values", "tflops_per_gpu"),
        "lm loss": ("values", "loss"),
        "global batch size": ("conditions", "global_batch"),
        "consumed samples": ("conditions", "consumed_samples"),
    }
    for key, (where, name) in optional.items():
        if key in fields:
            target = values if where == "values" else conditions
            target[name] = to_number(fields[key].split("/")[0])
    if "global_batch" in conditions:
        values["samples_per_s"] = conditions["global_batch"] / values["step_time_s"]
    return Measurement("train_step", values, conditions, source, number, NAME)


def _memory(line: str, number: int, source: str) -> Measurement:
    match = MEMORY.search(line)
    fields = key_value_segments(line)
    if not match or "max allocated" not in fields:
        raise ValueError("memory line without '[Rank R] (after N iterations)' or 'max allocated'")
    values = {"memory_gb": to_number(fields["max allocated"]) * MEBIBYTE / 1e9}
    if "max reserved" in fields:
        values["memory_reserved_gb"] = to_number(fields["max reserved"]) * MEBIBYTE / 1e9
    conditions = {"rank": float(match.group(1)), "step": float(match.group(2))}
    return Measurement("train_step", values, conditions, source, number, NAME)


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    for number, line in enumerate(lines, start=1):
        reader = None
        if "elapsed time per iteration" in line or (ITERATION.search(line) and "consumed samples" in line):
            reader = _iteration
        elif "memory (MB)" in line:
            reader = _memory
        if reader is None:
            continue
        try:
            result.measurements.append(reader(line, number, source_name))
        except ValueError as exc:
            result.problems.append(Problem(number, f"Megatron line not readable: {exc}", line.strip()))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
