"""A step page's chart tabs, each chart built when its tab is first opened or its chart first asked for.

Steps 2 and 6 have three charts each and show one: building the two hidden ones (two pyqtgraph plots, eight axes
and their menus each) was most of the cost of opening those steps, for charts a user may never open. A tab holds a
:class:`ChartHolder` that asks for the room an unbuilt chart asks for, so the tabs and the page lay out as they did
when every chart was built at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView


class ChartHolder(QWidget):
    """One tab's page: its chart once built (``view``); until then the size hint of a chart not yet drawn."""

    def __init__(self, minimum: QSize) -> None:
        super().__init__()
        self.view: ChartView | None = None
        self.unbuilt_hint = QSize()  # set from the page's first chart, built with the page (``LazyCharts``)
        self.setMinimumSize(minimum)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return super().sizeHint() if self.view is not None else self.unbuilt_hint

    def build(self) -> ChartView:
        from gpudesk.plotting.view import ChartView

        view = ChartView()
        view.setMinimumSize(self.minimumSize())
        self._layout.addWidget(view)
        self.view = view
        self.updateGeometry()
        return view


class LazyCharts(Mapping[str, "ChartView"]):
    """``charts[name]`` -> the tab's ChartView, built on first use; iterating gives the names, in tab order, and
    builds nothing (``items()`` and ``values()`` build every chart). The first tab's chart is built at once: it is
    the one a page opens on, and its size hint is what the unbuilt tabs ask for."""

    def __init__(self, tabs: QTabWidget, names: Sequence[str], title: Callable[[str], str], minimum: QSize) -> None:
        self.tabs = tabs
        self.names = tuple(names)
        self.holders = {name: ChartHolder(minimum) for name in self.names}
        for name in self.names:
            tabs.addTab(self.holders[name], title(name))
        if self.names:
            hint = self[self.names[0]].sizeHint()
            for holder in self.holders.values():
                holder.unbuilt_hint = hint

    def __getitem__(self, name: str) -> ChartView:
        holder = self.holders[name]
        return holder.view if holder.view is not None else holder.build()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def built(self, name: str) -> ChartView | None:
        """The chart of tab ``name`` if it was built, else None (never builds it)."""
        return self.holders[name].view

    def current(self) -> str:
        """The name of the current tab ("" for none)."""
        index = self.tabs.currentIndex()
        return self.names[index] if 0 <= index < len(self.names) else ""
