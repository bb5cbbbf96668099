"""Checks: warnings and blockers that explain themselves.

Every check names the step of the selection process it belongs to, the
figures (FigureSet keys) and numbers that triggered it, and what would
fix it. Checks are plain data so the wizard, the CLI and the proposal's
risk section show the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("info", "warning", "blocker")


@dataclass(frozen=True)
class Check:
    id: str  # stable identifier, e.g. "host.cpu_starves_gpus"
    severity: str  # info | warning | blocker
    step: int  # 1..7 of the selection process
    title: str
    message: str  # plain language, with the numbers behind it
    fix: str  # what would resolve it
    figures: tuple[str, ...] = ()  # FigureSet keys it rests on
    numbers: dict[str, Any] = field(default_factory=dict)

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
