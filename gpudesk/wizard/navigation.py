"""Where the user is in the wizard, and the status of every step."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gpudesk.core.checks import Check
from gpudesk.wizard.steps import STEPS

COMPLETE, WARNINGS, BLOCKED = "complete", "warnings", "blocked"


def step_status(checks: Iterable[Check]) -> dict[int, str]:
    """complete / warnings / blocked for each step, from the checks that name it."""
    status = {s.number: COMPLETE for s in STEPS}
    for check in checks:
        if check.step not in status:
            continue
        if check.severity == "blocker":
            status[check.step] = BLOCKED
        elif check.severity == "warning" and status[check.step] != BLOCKED:
            status[check.step] = WARNINGS
    return status


@dataclass
class WizardNavigator:
    """Current step with a back stack; any step can be jumped to."""

    current: int = 1
    history: list[int] = field(default_factory=list)

    def go(self, number: int) -> int:
        if not 1 <= number <= len(STEPS):
            raise ValueError(f"step {number} does not exist (1–{len(STEPS)})")
        if number != self.current:
            self.history.append(self.current)
            self.current = number
        return self.current

    def next(self) -> int:
        return self.go(min(self.current + 1, len(STEPS)))

    def back(self) -> int:
        if self.history:
            self.current = self.history.pop()
        return self.current

    @property
    def is_first(self) -> bool:
        return self.current == 1

    @property
    def is_last(self) -> bool:
        return self.current == len(STEPS)
