"""TensorRT-LLM ``trtllm-bench throughput`` / ``latency`` summaries.

``trtllm-bench`` prints sections headed ``= WORLD + RUNTIME INFORMATION``, ``= REQUEST DETAILS``
and ``= PERFORMANCE OVERVIEW`` (between lines of ``=``), each with ``Label:   value`` lines, e.g.
``Request Throughput (req/sec):   43.2089``, ``Total Output Throughput (tokens/sec):  5530.7``,
``Per GPU Output Throughput (tokens/sec/gpu):  5530.7``, ``Average time-to-first-token [TTFT] (ms):``
and percentile lines ``[TTFT] P99    : 106563.4497``. Version 0.17 printed
``Token Throughput (tokens/sec)`` for output tokens. GPUs = TP size x PP size.
"""

from __future__ import annotations

import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import LogFormat, to_number

NAME = "trtllm_bench"
LABEL = "TensorRT-LLM trtllm-bench summary"
SECTION = re.compile(r"^=\s+([A-Z][A-Z +&/-]+?)\s*$")
VALUES = {
    "request throughput (req/sec)": "requests_per_s",
    "total output throughput (tokens/sec)": "output_tokens_per_s",
    "token throughput (tokens/sec)": "output_tokens_per_s",
    "per gpu output throughput (tokens/sec/gpu)": "output_tokens_per_s_per_gpu",
    "per gpu output throughput (tps/gpu)": "output_tokens_per_s_per_gpu",
    "per user output throughput (tokens/sec/user)": "output_tokens_per_s_per_user",
    "per user output throughput [w/ ctx] (tps/user)": "output_tokens_per_s_per_user",
    "total token throughput (tokens/sec)": "tokens_per_s",
    "total latency (ms)": "duration_s",
    "average request latency (ms)": "e2e_mean_s",
    "average time-to-first-token [ttft] (ms)": "ttft_mean_s",
    "average time-per-output-token [tpot] (ms)": "tpot_mean_s",
    "[ttft] p50": "ttft_median_s", "[ttft] p99": "ttft_p99_s",
    "[tpot] p50": "tpot_median_s", "[tpot] p99": "tpot_p99_s",
    "[latency] p50": "e2e_median_s", "[latency] p99": "e2e_p99_s",
}
CONDITIONS = {
    "tp size": "tp", "pp size": "pp", "ep size": "ep",
    "number of requests": "num_requests",
    "number of concurrent requests": "concurrency",
    "average input length (tokens)": "prompt_tokens",
    "average output length (tokens)": "output_tokens",
    "max runtime batch size": "max_batch",
}
MILLISECOND_KEYS = ("(ms)", "[ttft]", "[tpot]", "[latency]")


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(5 for line in lines if line.strip() == "= PERFORMANCE OVERVIEW")


def _finish(values: dict[str, float], conditions: dict[str, float], line: int, source: str) -> Measurement:
    if "tp" in conditions:
        conditions["gpus"] = conditions["tp"] * conditions.get("pp", 1.0)
    return Measurement("inference", values, dict(conditions), source, line, NAME)


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    conditions: dict[str, float] = {}
    values: dict[str, float] = {}
    overview_line = 0
    for number, raw in enumerate(lines, start=1):
        section = SECTION.match(raw.strip())
        if section:
            if overview_line and values:
                result.measurements.append(_finish(values, conditions, overview_line, source_name))
                conditions = {}
            overview_line = number if section.group(1) == "PERFORMANCE OVERVIEW" else 0
            values = {}
            continue
        label, colon, text = raw.partition(":")
        key = " ".join(label.split()).lower()
        if not colon or (key not in VALUES and key not in CONDITIONS):
            continue
        try:
            number_value = to_number(text)
        except ValueError:
            if key in CONDITIONS:
                continue  # e.g. "EP Size: None"
            result.problems.append(Problem(number, f"no number after {label.strip()!r}", raw.strip()))
            continue
        if key in CONDITIONS:
            conditions[CONDITIONS[key]] = number_value
        elif overview_line:
            scale = 1e-3 if any(k in key for k in MILLISECOND_KEYS) else 1.0
            values[VALUES[key]] = number_value * scale
    if overview_line and values:
        result.measurements.append(_finish(values, conditions, overview_line, source_name))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
