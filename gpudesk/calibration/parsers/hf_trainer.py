"""Hugging Face ``transformers.Trainer`` console logs.

The Trainer prints Python dict literals: per logging step ``{'loss': 1.6427, 'grad_norm': 3.31,
'learning_rate': 1.03e-06, 'epoch': 0.0}`` and at the end ``{'train_runtime': 204.08,
'train_samples_per_second': 1.176, 'train_steps_per_second': 0.147, 'train_loss': 0.128, 'epoch': 3.0}``
(recent versions quote the numbers: ``{'loss': '0.02608', ...}``). ``TrainOutput(global_step=...,
metrics={...})`` is read the same way. Evaluation dicts (``eval_*``) carry no training
throughput and are skipped.

The summary's rates include the whole run (warm-up, evaluation, checkpoint saves), so they
are a lower bound on steady-state throughput; per-step dicts carry no timing.
"""

from __future__ import annotations

import ast

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import LogFormat, to_number

NAME = "hf_trainer"
LABEL = "Hugging Face Trainer log"


def sniff(lines: list[str], filename: str = "") -> int:
    return sum(1 for line in lines if "{'loss':" in line or "'train_runtime':" in line)


def _dict_on(line: str) -> dict[str, object]:
    start = line.find("metrics={")
    start = start + len("metrics=") if start >= 0 else line.find("{'")
    end = line.find("}", start)
    if start < 0 or end < 0:
        raise ValueError("dict literal is not closed on this line")
    parsed = ast.literal_eval(line[start : end + 1])
    if not isinstance(parsed, dict):
        raise ValueError("not a dict literal")
    return parsed


def _number(record: dict[str, object], key: str) -> float:
    return to_number(str(record[key]))


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    logged_steps = 0
    for number, line in enumerate(lines, start=1):
        if "{'loss':" not in line and "'train_runtime':" not in line:
            continue
        try:
            record = _dict_on(line)
            conditions = {"epoch": _number(record, "epoch")} if "epoch" in record else {}
            if "train_runtime" in record:
                if "TrainOutput(" in line and any("runtime_s" in m.values for m in result.measurements):
                    continue  # the same summary again, as returned by trainer.train()
                values = {"runtime_s": _number(record, "train_runtime")}
                if "train_steps_per_second" in record and _number(record, "train_steps_per_second") > 0:
                    values["step_time_s"] = 1.0 / _number(record, "train_steps_per_second")
                if "train_samples_per_second" in record:
                    values["samples_per_s"] = _number(record, "train_samples_per_second")
            else:
                logged_steps += 1
                conditions["step"] = float(logged_steps)
                values = {"loss": _number(record, "loss")}
            result.measurements.append(Measurement("train_step", values, conditions, source_name, number, NAME))
        except (ValueError, SyntaxError, MemoryError, RecursionError, KeyError) as exc:
            result.problems.append(Problem(number, f"Trainer dict not readable: {exc}", line.strip()))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
