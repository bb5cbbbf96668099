"""Checks: warnings and blockers that explain themselves.

Every check names the step of the selection process it belongs to, the
figures (FigureSet keys) and numbers that triggered it, and what would
fix it. Checks are plain data so the wizard, the CLI and the proposal's
risk section show the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.vocabulary.steps import WIZARD_STEP

SEVERITIES = ("info", "warning", "blocker")


@dataclass(frozen=True)
class Check:
    id: str  # stable identifier, e.g. "host.cpu_starves_gpus"
    severity: str  # info | warning | blocker
    step: str  # the key of the wizard step it belongs to (gpudesk.vocabulary.steps.WIZARD_STEP)
    title: str
    message: str  # plain language, with the numbers behind it
    fix: str  # what would resolve it
    figures: tuple[str, ...] = ()  # FigureSet keys it rests on
    numbers: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        WIZARD_STEP.term(self.step)  # ValueError naming the known steps: a check never lands on no step
        if self.severity not in SEVERITIES:
            raise ValueError(f"check {self.id}: severity {self.severity!r} not in {SEVERITIES}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "severity": self.severity,
            "step": self.step,
            "title": self.title,
            "message": self.message,
            "fix": self.fix,
            "figures": list(self.figures),
            "numbers": dict(self.numbers),
        }
