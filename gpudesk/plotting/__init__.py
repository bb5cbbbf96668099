"""Interactive charts (pyqtgraph) for the wizard and the printed proposal.

Every chart is described by the Qt-free ``gpudesk.results.chart_model``
(``ChartSpec`` / ``RackLayoutSpec``) and drawn by :class:`ChartView`. Importing the package applies
the PySide6 6.12 reference-count guard (:mod:`gpudesk.plotting.refcount_guard`) before any Qt call, so
every face that draws (window, PDF from the CLI) is protected.
"""

from gpudesk.plotting.refcount_guard import guard_singletons

guard_singletons()

from gpudesk.plotting.palette import DARK, LIGHT, ROLE_COLOURS, Theme, theme_for
from gpudesk.plotting.view import ChartView

__all__ = ["DARK", "LIGHT", "ROLE_COLOURS", "ChartView", "Theme", "theme_for"]
