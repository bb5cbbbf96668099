"""A data-loader throughput line.

There is no standard tool for this; gpudesk reads any line that names the data loader and a
rate in samples per second, as printed by a timing loop around ``torch.utils.data.DataLoader``
(or a framework's own data-loader benchmark), e.g.::

    [dataloader] epoch 0: 18342.6 samples/s (workers=16, batch_size=256)
    DataLoader throughput: 1,234.5 samples/sec with 8 workers

Optional ``workers`` and ``batch_size`` numbers are kept as conditions.
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import NUMBER, LogFormat, to_number

NAME = "dataloader"
LABEL = "data-loader throughput line (samples/s)"
MENTION = re.compile(r"data[\s_-]?loader", re.IGNORECASE)
RATE = re.compile(r"(" + NUMBER + r")\s*samples\s*/\s*s(?:ec)?\b", re.IGNORECASE)
WORKERS = re.compile(r"(?:workers\s*[=:]\s*(\d+)|(\d+)\s+workers)", re.IGNORECASE)
BATCH = re.compile(r"batch[_ ]size\s*[=:]\s*(\d+)", re.IGNORECASE)


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(1 for line in lines if MENTION.search(line) and "samples" in line.lower())


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    for number, line in enumerate(lines, start=1):
        if not (MENTION.search(line) and re.search(r"samples\s*/\s*s", line, re.IGNORECASE)):
            continue
        rate = RATE.search(line)
        if not rate:
            result.problems.append(Problem(number, "data-loader line without a number before samples/s", line.strip()))
            continue
        conditions: dict[str, float] = {"step": float(len(result.measurements) + 1)}
        workers = WORKERS.search(line)
        if workers:
            conditions["workers"] = float(workers.group(1) or workers.group(2))
        batch = BATCH.search(line)
        if batch:
            conditions["batch_size"] = float(batch.group(1))
        values = {"samples_per_s": to_number(rate.group(1))}
        result.measurements.append(Measurement("io_throughput", values, conditions, source_name, number, NAME))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
