"""Figures the window's estimate leaves to idle time (``PhaseEstimate.pending_figures``) and their attach.

The window estimates an edit without the layout search for the fewest GPUs of one replica (``mem.min_gpus``,
core/memory_budget.min_gpus): a step-2 headline, but no other figure and no chart reads it, and the one check that
cites it (``task.model_does_not_fit``) is made only where the model does not fit, where the estimate computes it at
once. Until :func:`attach_figures` runs, the figure is absent from the phase's figures (never a stale value, never an
unknown standing in for it) and ``pending_figures`` names it: the step page shows it as being computed.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from gpudesk.catalog.store import Catalog
from gpudesk.core.accuracy import phase_bands
from gpudesk.core.calibration_hook import calibrated_figure_keys
from gpudesk.core.memory import MIN_GPUS_LABEL, MIN_GPUS_UNIT
from gpudesk.core.plan_assembly import workload_for
from gpudesk.core.plan_workload import LEFT_OUT, WorkloadResult
from gpudesk.results.phase_context import PhaseContext
from gpudesk.results.plan_result import PhaseEstimate

__all__ = ["DEFERRED_FIGURES", "attach_figures", "defers_figures", "pending_keys", "pending_text"]

DEFERRED_FIGURES = LEFT_OUT
"""Figures the window may leave to idle time (``estimate_plan(..., defer_figures=...)``): mem.min_gpus, one vectorised
layout evaluation per sized workload (0.5–0.9 ms of an edit's CPU on the bank and gov samples, 2026-12-03)."""


WORKLOAD_PREFIX = re.compile(r"^w\d+\.")
"""The prefix a phase's figures give a further workload's figure (``w2.mem.min_gpus``)."""


PENDING_TEXT = {"mem.min_gpus": (MIN_GPUS_LABEL, MIN_GPUS_UNIT)}
"""The label and unit of each figure of DEFERRED_FIGURES, the ones its estimate gives it: a surface names a pending
figure (its row, its link) as it names the figure once attached."""


def pending_text(key: str) -> tuple[str, str]:
    """(label, unit) of pending figure ``key`` (``w2.``-prefixed keys as their workload's figure)."""
    return PENDING_TEXT[WORKLOAD_PREFIX.sub("", key, count=1)]


def defers_figures(defer_figures: Collection[str]) -> bool:
    """Whether ``defer_figures`` asks for the figures a sizing without the layout search leaves out."""
    return all(key in defer_figures for key in LEFT_OUT)


def _prefix(w_index: int) -> str:
    return "" if w_index == 0 else f"w{w_index + 1}."


def pending_keys(results: Sequence[WorkloadResult]) -> tuple[str, ...]:
    """The phase figures' keys the sized workloads left out, as the phase's figures name them."""
    return tuple(_prefix(i) + key for i, r in enumerate(results) for key in r.left_out)


def attach_figures(estimate: PhaseEstimate, catalog: Catalog) -> None:
    """The figures ``estimate_phase(..., defer_figures=...)`` left (``pending_figures``): each workload that left one
    out is sized again with the layout search, and its figures take the place in the phase's figures that an
    estimate without deferral gives them; the accuracy bands (and calibrated keys) follow. The phase then equals
    one estimated without deferral."""
    if not estimate.pending_figures:
        return
    ctx: PhaseContext = estimate.context
    results = list(ctx.results)
    for i, left in enumerate(ctx.results):
        if not left.left_out:
            continue
        full = workload_for(catalog, ctx.phase, ctx.phase.workloads[i], ctx.resolved,
                            f"phases[{estimate.index}].workloads[{i}]", ctx.scales, layout_search=True)
        order = full.figures.keys()
        for key in left.left_out:
            if key in full.figures:
                at = order.index(key)
                estimate.figures.insert_after(_prefix(i) + order[at - 1], full.figures.only(key), _prefix(i))
        results[i] = full
    estimate.context = replace(ctx, results=tuple(results))
    estimate.pending_figures = ()
    figures, kinds = estimate.figures, [w.kind for w in ctx.phase.workloads]
    estimate.accuracy = phase_bands(figures, kinds, ctx.resolved.accelerator.family)
    if ctx.scales is not None:
        estimate.calibrated_keys = calibrated_figure_keys(figures)
