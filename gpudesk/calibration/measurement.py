"""What a pilot log yields: measurements, the problems met, and the format.

A :class:`Measurement` is one observation read from one place in a log
(an iteration line, a benchmark summary block, a telemetry row). Values
use SI-like units that match the rest of gpudesk: seconds (``*_s``),
tokens or samples per second (``*_per_s``), gigabytes of 1e9 bytes
(``*_gb``), gigabytes per second (``*_gbs``), watts (``*_w``) and plain
fractions for utilisation and MFU (0.45, not 45 %). Conditions are the
settings the observation was taken under (``gpus``, ``seq_len``,
``global_batch``, ``concurrency`` …) plus series indices (``step``,
``rank``, ``gpu_index``, ``elapsed_s``) that order repeated records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.project.model import Measurement as PlanMeasurement

MEASUREMENT_KINDS = ("train_step", "inference", "gpu_telemetry", "io_throughput", "manual")


@dataclass(frozen=True)
class Problem:
    """A line that looked like part of a known format but could not be read."""

    line: int  # 1-based line number in the file (0 = the file as a whole)
    reason: str
    text: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "file"
        excerpt = f": {self.text[:120]!r}" if self.text else ""
        return f"{where}: {self.reason}{excerpt}"


@dataclass
class Measurement:
    """One parsed observation."""

    kind: str
    values: dict[str, float]
    conditions: dict[str, float] = field(default_factory=dict)
    source_name: str = ""
    line: int = 0
    log_format: str = ""

    def __post_init__(self) -> None:
        if self.kind not in MEASUREMENT_KINDS:
            raise ValueError(f"unknown measurement kind {self.kind!r}; expected one of {MEASUREMENT_KINDS}")

    def to_plan(self, accelerator_id: str = "") -> PlanMeasurement:
        """The project-file form (``gpudesk.project.model.Measurement``)."""
        where = f"{self.source_name}:{self.line}" if self.line else self.source_name
        return PlanMeasurement(
            kind=self.kind,
            source_name=where,
            accelerator_id=accelerator_id,
            values=dict(self.values),
            conditions=dict(self.conditions),
        )


@dataclass
class ParseResult:
    """Everything one log file yielded."""

    log_format: str
    label: str
    source_name: str
    measurements: list[Measurement] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    lines_read: int = 0

    @property
    def ok(self) -> bool:
        return bool(self.measurements)

    def summary(self) -> str:
        return (
            f"{self.label}: {len(self.measurements)} measurements from {self.lines_read} lines"
            f" of {self.source_name or 'input'}; {len(self.problems)} problem(s)"
        )


class UnrecognisedLogError(ValueError):
    """Nothing in the text matched any supported pilot-log format."""

    def __init__(self, source_name: str, formats_tried: list[str]) -> None:
        self.source_name = source_name
        self.formats_tried = list(formats_tried)
        super().__init__(
            f"nothing recognisable in {source_name or 'the input'}; formats tried: " + "; ".join(formats_tried)
        )
