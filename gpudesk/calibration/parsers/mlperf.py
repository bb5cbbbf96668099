"""MLPerf Inference LoadGen ``mlperf_log_summary.txt``.

The summary lists ``key : value`` lines::

    SUT name : llama2-70b-Server-SUT
    Scenario : Server
    Completed samples per second    : 103.37
    Completed tokens per second: 30068.50
    Result is : VALID
    Mean First Token latency (ns)               : 963332124
    99.00 percentile first token latency (ns)   : 1760966679
    99.00 percentile time to output token (ns)  : 164964162

Offline runs print ``Samples per second:`` and ``Tokens per second:`` (``Tokens per second
(inferred):`` when the SUT does not report tokens). An INVALID result is kept but marked
``mlperf_valid = 0`` and noted.
"""

from __future__ import annotations

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import LogFormat, to_number

NAME = "mlperf"
LABEL = "MLPerf Inference LoadGen summary (mlperf_log_summary.txt)"
NS = 1e-9
VALUES = {
    "samples per second": ("samples_per_s", 1.0),
    "completed samples per second": ("samples_per_s", 1.0),
    "tokens per second": ("output_tokens_per_s", 1.0),
    "tokens per second (inferred)": ("output_tokens_per_s", 1.0),
    "completed tokens per second": ("output_tokens_per_s", 1.0),
    "mean latency (ns)": ("e2e_mean_s", NS),
    "50.00 percentile latency (ns)": ("e2e_median_s", NS),
    "99.00 percentile latency (ns)": ("e2e_p99_s", NS),
    "mean first token latency (ns)": ("ttft_mean_s", NS),
    "50.00 percentile first token latency (ns)": ("ttft_median_s", NS),
    "99.00 percentile first token latency (ns)": ("ttft_p99_s", NS),
    "mean time to output token (ns)": ("tpot_mean_s", NS),
    "50.00 percentile time to output token (ns)": ("tpot_median_s", NS),
    "99.00 percentile time to output token (ns)": ("tpot_p99_s", NS),
}
CONDITIONS = {"target_qps": "target_qps", "samples_per_query": "samples_per_query"}


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(5 for line in lines if "MLPerf Results Summary" in line)


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    values: dict[str, float] = {}
    conditions: dict[str, float] = {}
    scenario = ""
    first_line = 0
    for number, raw in enumerate(lines, start=1):
        key, colon, text = raw.partition(":")
        key = " ".join(key.split()).lower()
        if not colon:
            continue
        if key == "scenario":
            scenario = text.strip()
            first_line = first_line or number
            continue
        if key == "result is":
            verdict = text.strip().upper()
            conditions["mlperf_valid"] = 1.0 if verdict == "VALID" else 0.0
            if verdict != "VALID":
                result.notes.append(f"LoadGen verdict {verdict} (line {number}): kept, marked mlperf_valid = 0")
            continue
        if key not in VALUES and key not in CONDITIONS:
            continue
        try:
            value = to_number(text)
        except ValueError:
            result.problems.append(Problem(number, f"no number after {key!r}", raw.strip()))
            continue
        if key in CONDITIONS:
            conditions[CONDITIONS[key]] = value
        else:
            name, scale = VALUES[key]
            values[name] = value * scale
            if key == "tokens per second (inferred)":
                result.notes.append("token rate is inferred by LoadGen from samples x tokens per sample, not reported by the SUT")
    if scenario:
        result.notes.append(f"scenario: {scenario}")
    if values:
        result.measurements.append(Measurement("inference", values, conditions, source_name, first_line or 1, NAME))
    else:
        result.problems.append(Problem(0, "MLPerf summary without a samples or tokens per second figure"))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
