"""Figures that do not apply to a phase: a serving phase writes no checkpoints and reads no training data, so its
checkpoint size, write time, restart read time and stall share, and the read bandwidth its GPUs need for training
data and the share of it storage sustains, are computed as 0 (or 1), which is not what they are: they do not apply.
A dense model routes no tokens to experts, so the busiest expert rank's load over the mean and the routed experts'
GEMM rate are computed as 1 (×), which they are not either: they do not apply.

Every surface that shows a figure asks ``not_applicable`` and says so ("not applicable" / 不适用) in place of the
number, as it says "unknown" for a figure it could not compute; the figure's value itself is unchanged (the JSON, the
ledger and the checks read it as computed)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpudesk.core.explain import FigureSet


@dataclass(frozen=True)
class Inapplicable:
    """``figures`` do not apply where the phase's input ``when_zero`` is 0 (at every candidate)."""

    figures: tuple[str, ...]
    when_zero: str
    reason: str  # why, in English (the figure's Explain panel and tool tip)


NOT_APPLICABLE = (
    Inapplicable(("storage.checkpoint_size", "storage.checkpoint_write_time", "storage.restart_read_time",
                  "storage.checkpoint_stall_share"), "storage.params",
                 "the phase trains no parameters, so it writes no checkpoints"),
    Inapplicable(("storage.read_bw_needed", "storage.io_feed_fraction"), "storage.throughput_per_gpu",
                 "the workload reads no training data from storage"),
    Inapplicable(("infer.expert_wait", "infer.routed_gemm_share"), "infer.routed_experts",
                 "the model is dense: it routes no tokens to experts"),
)
_RULES = {key: rule for rule in NOT_APPLICABLE for key in rule.figures}


def not_applicable(figures: FigureSet, key: str) -> str:
    """Why figure ``key`` does not apply to the phase ``figures`` describe (``Inapplicable.reason``); "" when it
    applies (or ``figures`` lack the input that decides)."""
    rule = _RULES.get(key)
    if rule is None or rule.when_zero not in figures:
        return ""
    value = np.asarray(figures[rule.when_zero], dtype=float)
    return rule.reason if value.size and bool(np.all(value == 0.0)) else ""
