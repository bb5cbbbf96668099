"""A chart builds no pyqtgraph context menus it would throw away.

Each plot of a ChartView used to build a ViewBoxMenu (about 40 widgets) that the view at once disabled and
dropped (``setMenuEnabled(False)``): wasted start-up work, and building it is one of the sites of a known
PySide6/pyqtgraph native crash (pyqtgraph #2497, #2520) seen three times after many windows in one process.
"""

from __future__ import annotations

import sys

import pyqtgraph  # noqa: F401 - loads the module below

viewbox_module = sys.modules["pyqtgraph.graphicsItems.ViewBox.ViewBox"]  # the package exports the class by that name


def test_a_chart_view_builds_no_view_box_menu(qapp, monkeypatch) -> None:
    from gpudesk.plotting.view import ChartView

    built: list[object] = []
    original = viewbox_module.ViewBoxMenu

    def counting(view_box):  # noqa: ANN001, ANN202 - pyqtgraph's own signature
        built.append(view_box)
        return original(view_box)

    monkeypatch.setattr(viewbox_module, "ViewBoxMenu", counting)
    view = ChartView(theme="light")
    try:
        assert built == [], f"{len(built)} ViewBoxMenu built for a chart whose menus are off"
        assert all(panel.plot.vb.menu is None for panel in view.panels)
    finally:
        view.deleteLater()
