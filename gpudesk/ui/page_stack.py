"""The seven step pages, built when first shown and refreshed when visible.

Building every page (22 charts) at start-up cost about 0.65 s, and refreshing
hidden pages after each edit most of the time an input change took. Pages are
created on first access; an estimate updates the visible page at once and
marks the others stale, to be updated when they are shown. So does an input
change: the visible page's form shows the plan's values at once, the others
when they are shown (each page built re-read its whole form on every edit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from PySide6.QtWidgets import QStackedWidget, QWidget

from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.ui.pages.step_page import StepPage

Factory = Callable[[int], StepPage]


class LazyPages(Sequence[StepPage]):
    """``pages[i]`` builds page i on first use; iterating visits only the pages already built."""

    def __init__(self, stack: QStackedWidget, count: int, factory: Factory) -> None:
        self.stack = stack
        self.size = count  # not ``count``: that is Sequence.count(value)
        self.factory = factory
        self._built: dict[int, StepPage] = {}
        self._holders: list[QWidget] = []
        self._stale: set[int] = set()
        self._stale_inputs: set[int] = set()
        self.phase_estimate: PhaseEstimate | None = None
        self.has_estimate = False
        self.refused = ""  # why the plan cannot be estimated (the status bar's reason), when phase_estimate is None
        self.refused_field = ""  # the plan path that reason names, when it names one
        for _ in range(count):
            holder = QWidget()
            self._holders.append(holder)
            stack.addWidget(holder)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> StepPage: ...

    @overload
    def __getitem__(self, index: slice) -> list[StepPage]: ...

    def __getitem__(self, index: int | slice) -> StepPage | list[StepPage]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        page = self._built.get(index)
        if page is None:
            page = self.factory(index)
            self._built[index] = page
            holder = self._holders[index]
            position = self.stack.indexOf(holder)
            current = self.stack.currentIndex()
            self.stack.removeWidget(holder)
            holder.deleteLater()
            self.stack.insertWidget(position, page)
            self._holders[index] = page
            if current == position:
                self.stack.setCurrentIndex(position)
            if self.has_estimate:
                page.show_estimate(self.phase_estimate, self.refused, self.refused_field)
        elif index in self._stale_inputs:  # whoever reads a hidden page's form reads the plan's values
            self._stale_inputs.discard(index)
            page.sync_inputs()
        return page

    def __iter__(self) -> Iterator[StepPage]:
        return iter([self._built[i] for i in sorted(self._built)])

    def show(self, index: int) -> StepPage:
        """Make page ``index`` current, building or refreshing it as needed."""
        page = self[index]  # its form synced with the plan's inputs if they changed while it was hidden
        self.stack.setCurrentIndex(index)
        if index in self._stale:
            self._stale.discard(index)
            page.show_estimate(self.phase_estimate, self.refused, self.refused_field)
        return page

    def show_estimate(self, estimate: PhaseEstimate | None, refused: str = "") -> None:
        """``refused``: why there is no estimate (worded in the session's language), shown on the page itself."""
        self.phase_estimate, self.has_estimate, self.refused = estimate, True, refused
        current = self.stack.currentIndex()
        for index, page in self._built.items():
            if index == current:
                page.show_estimate(estimate, refused, self.refused_field if refused else "")
            else:
                self._stale.add(index)

    def sync_inputs(self, changed: Sequence[str] | None = None) -> None:
        """The plan's inputs at ``changed`` (all when None) changed: the visible page's form shows them now, the
        others re-read their whole form when shown."""
        current = self.stack.currentIndex()
        for index, page in self._built.items():
            if index == current:
                page.sync_inputs(changed)
            else:
                self._stale_inputs.add(index)

    def clear(self) -> None:
        while self.stack.count():
            widget = self.stack.widget(0)
            assert widget is not None  # count() > 0
            self.stack.removeWidget(widget)
            widget.deleteLater()
        self._built.clear()
        self._holders.clear()
        self._stale.clear()
        self._stale_inputs.clear()
