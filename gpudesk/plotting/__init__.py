"""Interactive charts (pyqtgraph) for the wizard and the printed proposal.

Every chart is described by the Qt-free ``gpudesk.results.chart_model``
(``ChartSpec`` / ``RackLayoutSpec``) and drawn by :class:`ChartView`.
"""

from gpudesk.plotting.palette import DARK, LIGHT, ROLE_COLOURS, Theme, theme_for
from gpudesk.plotting.view import ChartView

__all__ = ["DARK", "LIGHT", "ROLE_COLOURS", "ChartView", "Theme", "theme_for"]
