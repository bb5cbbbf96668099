"""Which figures a step shows: its headline figures first, then the rest in the order of its figure groups."""

from __future__ import annotations

from gpudesk.core.explain import FigureSet
from gpudesk.wizard.step_record import Step


def figure_keys_for_step(step: Step, figures: FigureSet, computed: list[str] | None = None) -> list[str]:
    """``computed``: ``figures.keys(include_inputs=False)`` when the caller has it (one list for every step)."""
    prefixes = step.figure_prefixes
    keys = figures.keys(include_inputs=False) if computed is None else computed
    derived = [k for k in keys if k.startswith(prefixes)]
    headline = [k for k in step.headlines if k in figures and k not in step.hidden]
    rest = sorted((k for k in derived if k not in headline and k not in step.hidden),
                  key=lambda k: next(i for i, p in enumerate(prefixes) if k.startswith(p)))
    return headline + rest
