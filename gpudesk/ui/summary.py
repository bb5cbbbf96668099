"""The one-line answer in the status bar: GPUs, time or throughput, power, TCO."""

from __future__ import annotations

from gpudesk.core.plan_result import PhaseEstimate
from gpudesk.ui.widgets.figure_table import display_value

SUMMARY_KEYS = (  # label "" = the unit names the figure ("8 GPUs")
    ("plan.gpus", ""),
    ("plan.nodes", ""),
    ("train.time_to_train_days", "training"),
    ("infer.tokens_per_s", "serving"),
    ("power.it_kw", "IT power"),
    ("plan.phase_cost", "phase cost"),
    ("tco.total_5y", "5-year TCO (owned)"),
)


def summary_text(phase: PhaseEstimate, currency: str) -> str:
    figures = phase.figures
    parts = []
    for key, label in SUMMARY_KEYS:
        if key in figures:
            unit, text = display_value(figures.value_at(key), figures.unit(key))
            unit = unit.replace("currency", currency)
            parts.append(f"{label}: {text} {unit}".strip() if label else f"{text} {unit}".strip())
    return "  ·  ".join(parts)
