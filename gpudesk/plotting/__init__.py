"""Interactive charts (pyqtgraph) for the wizard and the printed proposal.

Every chart is described by the Qt-free ``gpudesk.results.chart_model``
(``ChartSpec`` / ``RackLayoutSpec``) and drawn by :class:`ChartView` (``gpudesk.plotting.view``).
Importing the package applies the PySide6 6.12 reference-count guard
(:mod:`gpudesk.plotting.refcount_guard`) before any Qt call, so every face that draws (window, PDF from
the CLI) is protected; pyqtgraph itself loads only when :class:`ChartView` is first asked for, so the
window can paint before it.
"""

from __future__ import annotations

from typing import Any

from gpudesk.plotting.refcount_guard import guard_singletons

guard_singletons()

__all__ = ["DARK", "LIGHT", "ROLE_COLOURS", "ChartView", "Theme", "theme_for"]


def __getattr__(name: str) -> Any:
    if name == "ChartView":
        from gpudesk.plotting.view import ChartView

        return ChartView
    if name in ("DARK", "LIGHT", "ROLE_COLOURS", "Theme", "theme_for"):
        from gpudesk.plotting import palette

        return getattr(palette, name)
    raise AttributeError(f"module 'gpudesk.plotting' has no attribute {name!r}")
