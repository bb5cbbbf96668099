"""The contract every pilot-log parser module fulfils, and shared text helpers.

A parser module exposes ``LOG_FORMAT``: a name, a human label, a
``sniff(lines, filename)`` score (how many lines look like this format;
0 = not this format) and ``parse(lines, source_name)``. Lines arrive with
ANSI colour codes already removed and without line endings.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.calibration.measurement import ParseResult

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NUMBER = r"[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
NUMBER_RE = re.compile(NUMBER)

# Byte multipliers for the unit spellings the supported tools print.
BYTES_PER_UNIT = {
    "B": 1.0,
    "KiB": 1024.0, "MiB": 1024.0**2, "GiB": 1024.0**3, "TiB": 1024.0**4,
    "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
}
MEBIBYTE = 1024.0**2
GIBIBYTE = 1024.0**3


@dataclass(frozen=True)
class LogFormat:
    name: str
    label: str
    sniff: Callable[[list[str], str], int]
    parse: Callable[[list[str], str], ParseResult]


def clean_lines(text: str) -> list[str]:
    return [ANSI_ESCAPE.sub("", line).rstrip("\r") for line in text.splitlines()]


def to_number(text: str) -> float:
    """A finite float from text such as ``6,223``, ``1.2E+03`` or ``45 %``; ValueError otherwise."""
    match = NUMBER_RE.search(text.strip())
    if not match:
        raise ValueError(f"no number in {text!r}")
    value = float(match.group(0).replace(",", ""))
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value


def to_count(text: str) -> float:
    """fio-style counts with SI suffixes: ``2850``, ``11.5k``, ``1.2M``."""
    match = re.fullmatch(r"\s*(" + NUMBER + r")\s*([kKmMgG]?)\s*", text)
    if not match:
        raise ValueError(f"not a count: {text!r}")
    scale = {"": 1.0, "k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "g": 1e9, "G": 1e9}[match.group(2)]
    return float(match.group(1).replace(",", "")) * scale


def key_value_segments(line: str, separator: str = "|") -> dict[str, str]:
    """``a: 1 | b: 2`` -> {"a": "1", "b": "2"} (keys lower-cased and stripped)."""
    out: dict[str, str] = {}
    for segment in line.split(separator):
        if ":" in segment:
            key, _, value = segment.partition(":")
            out[key.strip().lower()] = value.strip()
    return out
