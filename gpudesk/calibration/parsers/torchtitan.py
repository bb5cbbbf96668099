"""PyTorch torchtitan training logs.

torchtitan's metrics logger prints one line per logged step (colour codes removed)::

    [rank0]:[titan] 2025-10-30 14:32:58,990 - root - INFO - step:  2  loss:  6.1098
    grad_norm:  4.6416  memory:  2.49GiB(3.14%)  tps: 177,138  tflops: 96.17  mfu: 9.72%

``tps`` is tokens per second per device, ``memory`` the peak active memory in GiB with its
share of device memory, ``tflops`` per device and ``mfu`` in per cent.
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import GIBIBYTE, LogFormat, to_number

NAME = "torchtitan"
LABEL = "PyTorch torchtitan training log"
STEP_LINE = re.compile(r"\bstep:\s*(\S+)\s+loss:")
FIELD = re.compile(r"\b(step|loss|grad_norm|memory|tps|tflops|mfu):\s*(\S+)")
MEMORY = re.compile(r"([\d.]+)GiB\(([\d.]+)%\)")


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(1 for line in lines if STEP_LINE.search(line) and "tps:" in line)


def _read(line: str, number: int, source: str) -> Measurement:
    fields = dict(FIELD.findall(line))
    if "tps" not in fields:
        raise ValueError("no 'tps:' value")
    step = to_number(fields["step"])
    values = {"tokens_per_s_per_gpu": to_number(fields["tps"])}
    if "tflops" in fields:
        values["tflops_per_gpu"] = to_number(fields["tflops"])
    if "mfu" in fields:
        values["mfu"] = to_number(fields["mfu"]) / 100.0
    if "loss" in fields:
        values["loss"] = to_number(fields["loss"])
    if "memory" in fields:
        memory = MEMORY.search(fields["memory"])
        if not memory:
            raise ValueError(f"memory field {fields['memory']!r} is not 'X.XXGiB(YY.YY%)'")
        values["memory_gb"] = float(memory.group(1)) * GIBIBYTE / 1e9
        values["memory_fraction"] = float(memory.group(2)) / 100.0
    return Measurement("train_step", values, {"step": step}, source, number, NAME)


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    for number, line in enumerate(lines, start=1):
        if not STEP_LINE.search(line):
            continue
        try:
            result.measurements.append(_read(line, number, source_name))
        except ValueError as exc:
            result.problems.append(Problem(number, f"torchtitan step line not readable: {exc}", line.strip()))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
