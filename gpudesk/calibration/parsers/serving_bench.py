"""vLLM ``benchmark_serving.py`` / ``vllm bench serve`` and SGLang ``bench_serving`` summaries.

Both tools print the same block (SGLang's script derives from vLLM's)::

    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Maximum request concurrency:             16
    Benchmark duration (s):                  41.24
    Request throughput (req/s):              2.43
    Output token throughput (tok/s):         2425.01
    ---------------Time to First Token----------------
    Mean TTFT (ms):                          60.77
    P99 TTFT (ms):                           ...
    ==================================================

SGLang adds ``Backend:``, ``Traffic request rate:``, ``Max request concurrency:`` and
``Mean/Median E2E Latency (ms)``. vLLM prints the request rate and concurrency just
before the block on older versions; those are carried into the next block. A file may hold
several blocks (a concurrency sweep): each becomes one measurement.
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import LogFormat, to_number

NAME = "serving_benchmark"
LABEL = "vLLM / SGLang serving benchmark summary"
START = re.compile(r"=+\s*Serving Benchmark Result\s*=+")
END = re.compile(r"^\s*={10,}\s*$")
LATENCY = re.compile(r"^(Mean|Median|P(\d+(?:\.\d+)?)) (TTFT|TPOT|ITL|E2EL|E2E Latency) \(ms\)$")
METRIC_NAMES = {"TTFT": "ttft", "TPOT": "tpot", "ITL": "itl", "E2EL": "e2e", "E2E Latency": "e2e"}
VALUES = {
    "request throughput (req/s)": "requests_per_s",
    "input token throughput (tok/s)": "input_tokens_per_s",
    "output token throughput (tok/s)": "output_tokens_per_s",
    "peak output token throughput (tok/s)": "peak_output_tokens_per_s",
    "total token throughput (tok/s)": "tokens_per_s",
    "total throughput (tok/s)": "tokens_per_s",
    "benchmark duration (s)": "duration_s",
}
CONDITIONS = {
    "successful requests": "num_requests",
    "total input tokens": "total_input_tokens",
    "total generated tokens": "total_output_tokens",
    "maximum request concurrency": "concurrency",
    "max request concurrency": "concurrency",
    "traffic request rate": "request_rate",
}
TEXT_FIELDS = {"backend", "burstiness factor"}
SGLANG_MARKERS = ("backend:", "(retokenized)", "e2e latency")


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(5 for line in lines if START.search(line))


def _latency_key(label: str) -> str | None:
    match = LATENCY.match(label)
    if not match:
        return None
    stat = match.group(1).lower() if match.group(2) is None else "p" + match.group(2).replace(".", "_")
    return f"{METRIC_NAMES[match.group(3)]}_{stat}_s"


def _context(line: str, carried: dict[str, float]) -> None:
    label, _, value = line.partition(":")
    name = CONDITIONS.get(label.strip().lstrip("#").strip().lower())
    if name in ("concurrency", "request_rate"):
        try:
            carried[name] = to_number(value)
        except ValueError:
            carried.pop(name, None)  # "inf" request rate: no finite rate to record


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    carried: dict[str, float] = {}
    flavours: set[str] = set()
    index = 0
    while index < len(lines):
        if not START.search(lines[index]):
            _context(lines[index], carried)
            index += 1
            continue
        start = index
        values: dict[str, float] = {}
        conditions = dict(carried)
        flavour = "vLLM"
        index += 1
        while index < len(lines) and not END.match(lines[index]):
            line = lines[index].strip()
            index += 1
            if not line or line.startswith("-"):
                continue
            if any(marker in line.lower() for marker in SGLANG_MARKERS):
                flavour = "SGLang"
            label, colon, raw = line.partition(":")
            label = label.strip()
            if not colon:
                result.problems.append(Problem(index, "line inside the result block has no 'label: value'", line))
                continue
            key = label.lower()
            if key in TEXT_FIELDS:
                continue
            target, name = (values, VALUES.get(key)) if key in VALUES else (conditions, CONDITIONS.get(key))
            if name is None:
                target, name = values, _latency_key(label)
            if name is None:
                continue  # a field gpudesk does not use
            try:
                number = to_number(raw)
            except ValueError:
                if name == "request_rate":
                    conditions.pop("request_rate", None)
                    continue
                result.problems.append(Problem(index, f"no number after {label!r}", line))
                continue
            target[name] = number / 1000.0 if name.endswith("_s") and "(ms)" in label else number
        if not any(k in values for k in ("output_tokens_per_s", "requests_per_s", "tokens_per_s")):
            result.problems.append(Problem(start + 1, "result block has no throughput figure", lines[start].strip()))
        else:
            flavours.add(flavour)
            result.measurements.append(Measurement("inference", values, conditions, source_name, start + 1, NAME))
        carried.clear()
        index += 1
    result.notes += [f"printed by {f} ({'sglang.bench_serving' if f == 'SGLang' else 'vllm bench serve'})" for f in sorted(flavours)]
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
