"""The chart legend's entries and what a click on one does: the legend is filled from the series drawn (left as it
is while they are the same items), and clicking a sample hides or shows its series, which stays so across redraws
(``ChartView._hidden``) and is said through ``seriesToggled``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView


def fill_legend(view: ChartView, entries: list[tuple[str, pg.GraphicsObject]]) -> None:
    """The legend holds ``entries`` (name, drawn item), each sample clickable."""
    legend = view._legend
    signature = [(name, id(item)) for name, item in entries]
    if signature != getattr(legend, "_gpudesk_signature", None):
        legend.clear()
        for name, item in entries:
            legend.addItem(item, name)
        for sample, _label in legend.items:
            sample.sigClicked.connect(view._on_legend_clicked)
        legend._gpudesk_signature = signature
    legend.update()


def series_toggled(view: ChartView, item: pg.GraphicsObject) -> None:
    """A legend sample was clicked (pyqtgraph has shown or hidden ``item``): remember it and say so."""
    for sample, label in view._legend.items:
        if sample.item is item:
            name = label.text
            shown = item.isVisible()
            (view._hidden.discard if shown else view._hidden.add)(name)
            view._hover(None)
            view.seriesToggled.emit(name, shown)
            return


def toggle_series(view: ChartView, name: str) -> bool:
    """Toggle a series as a click on its legend entry would; return whether it is now shown."""
    for sample, label in view._legend.items:
        if label.text == name:
            sample.item.setVisible(not sample.item.isVisible())
            sample.update()
            series_toggled(view, sample.item)
            return sample.item.isVisible()
    raise KeyError(f"no legend entry {name!r}")
