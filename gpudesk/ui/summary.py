"""The one-line answer in the status bar: GPUs, time or throughput, power, TCO."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.ui.widgets.display_text import DisplayText
from gpudesk.ui.widgets.figure_table import display_value
from gpudesk.ui.widgets.session_text import session_text


def _summary_labels() -> dict[str, str]:
    """Figure key -> label in the session language; "" = the unit names the figure ("8 GPUs")."""
    return {
        "plan.gpus": "",
        "plan.nodes": "",
        "train.time_to_train_days": QCoreApplication.translate("Summary", "training"),
        "infer.tokens_per_s": QCoreApplication.translate("Summary", "serving"),
        "power.it_kw": QCoreApplication.translate("Summary", "IT power"),
        "plan.phase_cost": QCoreApplication.translate("Summary", "phase cost"),
        "tco.total_5y": QCoreApplication.translate("Summary", "5-year TCO (owned)"),
    }


def summary_text(phase: PhaseEstimate, currency: str, text: DisplayText | None = None) -> str:
    """``"8 GPUs · 1 nodes · IT power: 11 kW · …"`` with labels and units in the session language."""
    text = text or session_text()
    figures = phase.figures
    parts = []
    for key, label in _summary_labels().items():
        if key in figures:
            unit, value = display_value(figures.value_at(key), figures.unit(key))
            unit, value = text.unit(unit, currency), text.value(value)
            sep = "：" if text.translates else ": "
            parts.append(f"{label}{sep}{value} {unit}".strip() if label else f"{value} {unit}".strip())
    return "  ·  ".join(parts)
