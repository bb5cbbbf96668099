"""Pilot-log parsers, one module per tool family, and the dispatcher that picks one.

``detect_and_parse(text, filename)`` scores every known format on the text, parses with the
best, and raises :class:`UnrecognisedLogError` (naming every format tried) when none matches.
"""

from __future__ import annotations

from pathlib import PurePath

from gpudesk.calibration.measurement import ParseResult, UnrecognisedLogError
from gpudesk.calibration.parsers import (
    dataloader,
    deepspeed,
    fio,
    hf_trainer,
    megatron,
    mlperf,
    nvidia_smi,
    serving_bench,
    torchtitan,
    trtllm_bench,
)
from gpudesk.calibration.parsers.log_format import LogFormat, clean_lines

LOG_FORMATS: tuple[LogFormat, ...] = (
    megatron.LOG_FORMAT,
    torchtitan.LOG_FORMAT,
    deepspeed.LOG_FORMAT,
    hf_trainer.LOG_FORMAT,
    serving_bench.LOG_FORMAT,
    trtllm_bench.LOG_FORMAT,
    mlperf.LOG_FORMAT,
    nvidia_smi.LOG_FORMAT,
    fio.LOG_FORMAT,
    dataloader.LOG_FORMAT,
)


def format_by_name(name: str) -> LogFormat:
    for log_format in LOG_FORMATS:
        if log_format.name == name:
            return log_format
    raise KeyError(f"unknown pilot-log format {name!r}; known: {[f.name for f in LOG_FORMATS]}")


def detect_and_parse(text: str, filename: str | None = None) -> ParseResult:
    """Parse one pilot log with the format that recognises most of its lines."""
    source_name = PurePath(filename).name if filename else ""
    lines = clean_lines(text)
    scores = [(log_format.sniff(lines, source_name), index) for index, log_format in enumerate(LOG_FORMATS)]
    best_score, best_index = max(scores, key=lambda pair: (pair[0], -pair[1]))
    if best_score <= 0:
        raise UnrecognisedLogError(source_name, [f"{f.label} [{f.name}]" for f in LOG_FORMATS])
    result = LOG_FORMATS[best_index].parse(lines, source_name)
    also = [LOG_FORMATS[i].label for score, i in scores if score > 0 and i != best_index]
    if also:
        result.notes.append("lines of other formats were also seen and not read: " + "; ".join(also))
    return result


__all__ = ["LOG_FORMATS", "detect_and_parse", "format_by_name"]
