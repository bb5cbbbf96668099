"""``nvidia-smi --query-gpu=... --format=csv`` telemetry.

The first line names the queried fields with units in brackets, e.g.
``timestamp, name, utilization.gpu [%], memory.used [MiB], memory.total [MiB], power.draw [W]``;
rows follow (``2025/03/01 10:00:01.123, NVIDIA H100 80GB HBM3, 98 %, 71234 MiB, 81559 MiB, 645.32 W``).
``--format=csv,nounits`` drops the units from the values but keeps them in the header. A
repeated header (several captures concatenated) restarts the column map. ``[N/A]`` and
``[Not Supported]`` fields are left out and reported.
"""

from __future__ import annotations

import csv
from datetime import datetime

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import BYTES_PER_UNIT, LogFormat, to_number

NAME = "nvidia_smi_csv"
LABEL = "nvidia-smi --query-gpu CSV"
# field -> (value or condition name, multiplier applied to the number in the header's unit)
FIELDS = {
    "utilization.gpu": ("gpu_util", 0.01),
    "utilization.memory": ("mem_util", 0.01),
    "memory.used": ("memory_gb", None),
    "memory.total": ("memory_total_gb", None),
    "power.draw": ("power_w", 1.0),
    "power.draw.average": ("power_w", 1.0),
    "power.draw.instant": ("power_w", 1.0),
    "power.limit": ("power_limit_w", 1.0),
    "temperature.gpu": ("temperature_c", 1.0),
    "clocks.sm": ("sm_clock_mhz", 1.0),
}
NOT_AVAILABLE = ("[N/A]", "N/A", "[Not Supported]", "[Unknown Error]")
TIMESTAMP_FORMAT = "%Y/%m/%d %H:%M:%S.%f"


def _column(header: str) -> tuple[str, str]:
    name, _, unit = header.strip().partition(" [")
    return name.strip(), unit.rstrip("]").strip()


def _is_header(line: str) -> bool:
    return any(f in line for f in ("utilization.gpu", "memory.used", "power.draw")) and "," in line


def sniff(lines: list[str], filename: str = "") -> int:
    if not any(_is_header(line) for line in lines[:50]):
        return 0
    return sum(1 for line in lines if line.count(",") >= 1)


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    columns: list[tuple[str, str]] = []
    first_time: datetime | None = None
    for number, line in enumerate(lines, start=1):
        row = next(csv.reader([line], skipinitialspace=True), [])
        if not row or not any(cell.strip() for cell in row):
            continue
        if _is_header(line):
            columns = [_column(cell) for cell in row]
            continue
        if not columns:
            result.problems.append(Problem(number, "data row before any nvidia-smi header", line))
            continue
        if len(row) != len(columns):
            result.problems.append(Problem(number, f"{len(row)} fields, header has {len(columns)}", line))
            continue
        values: dict[str, float] = {}
        conditions: dict[str, float] = {}
        for (field, unit), cell in zip(columns, row):
            cell = cell.strip()
            if field == "index" and cell.isdigit():
                conditions["gpu_index"] = float(cell)
            elif field == "timestamp":
                try:
                    stamp = datetime.strptime(cell, TIMESTAMP_FORMAT)
                except ValueError:
                    result.problems.append(Problem(number, f"timestamp {cell!r} not in nvidia-smi form", cell))
                    continue
                first_time = first_time or stamp
                conditions["elapsed_s"] = (stamp - first_time).total_seconds()
            elif field in FIELDS:
                if cell in NOT_AVAILABLE:
                    result.problems.append(Problem(number, f"{field} reported as {cell}; left out", cell))
                    continue
                name, multiplier = FIELDS[field]
                try:
                    number_value = to_number(cell)
                except ValueError:
                    result.problems.append(Problem(number, f"{field} is not a number", cell))
                    continue
                if multiplier is None:
                    multiplier = BYTES_PER_UNIT.get(unit, BYTES_PER_UNIT["MiB"]) / 1e9
                values[name] = number_value * multiplier
        if values:
            result.measurements.append(Measurement("gpu_telemetry", values, conditions, source_name, number, NAME))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
