"""Where the user is in the wizard, and the status of every step."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import STEPS
from gpudesk.wizard.steps import step as step_of

COMPLETE, WARNINGS, INCOMPLETE, BLOCKED = "complete", "warnings", "incomplete", "blocked"
PENDING = "pending"  # some of the step's figures or checks are still being computed (PhaseEstimate.pending_steps)
RANK = {COMPLETE: 0, PENDING: 1, WARNINGS: 2, INCOMPLETE: 3, BLOCKED: 4}


def unanswered(step: str, figures: FigureSet, computed: list[str] | None = None) -> bool:
    """Whether the step shows figures but could compute none of those it leads with (its headline figures,
    else any): a step whose every answer is unknown is not done, whatever its checks say. ``computed``: the
    figures' non-input keys, when the caller has them."""
    record = step_of(step)
    keys = figure_keys_for_step(record, figures, computed)
    if not keys:
        return False
    for key in record.verdicts:
        value = figures.value_at(key) if key in figures else 0.0
        if not isinstance(value, str) and not math.isfinite(value):
            return True  # the step's own answer is unknown
    headline = [k for k in record.headlines if k in figures] or keys
    for key in headline:
        value = figures.value_at(key)
        if isinstance(value, str) or math.isfinite(value):
            return False
    return True


def step_status(checks: Iterable[Check], figures: FigureSet | None = None,
                pending: Iterable[str] = ()) -> dict[str, str]:
    """complete / pending / warnings / incomplete / blocked for each step key: from the checks that name it,
    pending for the steps in ``pending`` (part of their results still being computed), and incomplete where
    ``figures`` holds no known answer for the step."""
    status = {s.key: COMPLETE for s in STEPS}
    pending = tuple(pending)
    for key in pending:
        if key in status:
            status[key] = PENDING

    def worsen(step: str, state: str) -> None:
        if step in status and RANK[state] > RANK[status[step]]:
            status[step] = state

    for check in checks:
        if check.severity == "blocker":
            worsen(check.step, BLOCKED)
        elif check.severity == "warning":
            worsen(check.step, WARNINGS)
    if figures is not None:
        computed = figures.keys(include_inputs=False)
        for step in status:  # a pending step's figures are being computed: not unanswered
            if step not in pending and unanswered(step, figures, computed):
                worsen(step, INCOMPLETE)
    return status


@dataclass
class WizardNavigator:
    """Current step (its number, 1-based) with a back stack; any step can be jumped to."""

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
    def step(self) -> str:
        """The key of the current step."""
        return STEPS[self.current - 1].key

    @property
    def is_first(self) -> bool:
        return self.current == 1

    @property
    def is_last(self) -> bool:
        return self.current == len(STEPS)
