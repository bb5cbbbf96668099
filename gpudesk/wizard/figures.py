"""Which figures a step shows: its headline figures first, then the rest in the order of its figure groups."""

from __future__ import annotations

from collections.abc import Collection

from gpudesk.core.explain import FigureSet
from gpudesk.wizard.step_record import Step

_ORDERED: dict[tuple[object, ...], list[str]] = {}  # (step's groups, computed keys) -> its keys in group order
_ORDERED_KEPT = 256


def _in_group_order(step: Step, keys: list[str]) -> list[str]:
    """The keys the step's figure groups take, less its hidden ones, in the order of the groups (stable within a
    group). The same keys give the same list: a phase's figure keys stay the same through most edits, and the step
    list asks for every step's keys on each one, so the order is kept per step and key list."""
    memo_key = (step.key, step.figure_prefixes, step.hidden, tuple(keys))
    kept = _ORDERED.get(memo_key)
    if kept is None:
        prefixes = step.figure_prefixes
        derived = [k for k in keys if k.startswith(prefixes) and k not in step.hidden]
        kept = sorted(derived, key=lambda k: next(i for i, p in enumerate(prefixes) if k.startswith(p)))
        if len(_ORDERED) >= _ORDERED_KEPT:
            _ORDERED.pop(next(iter(_ORDERED)))
        _ORDERED[memo_key] = kept
    return kept


def figure_keys_for_step(step: Step, figures: FigureSet, computed: list[str] | None = None,
                         pending: Collection[str] = ()) -> list[str]:
    """``computed``: ``figures.keys(include_inputs=False)`` when the caller has it (one list for every step);
    ``pending``: figures being computed (``PhaseEstimate.pending_figures``, absent from ``figures`` until then): a
    pending headline keeps its place, so the step shows the same rows while it is computed."""
    keys = figures.keys(include_inputs=False) if computed is None else computed
    headline = [k for k in step.headlines if (k in figures or k in pending) and k not in step.hidden]
    chosen = set(headline)
    return headline + [k for k in _in_group_order(step, keys) if k not in chosen]
