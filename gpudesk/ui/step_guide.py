"""The Step guide panel: the current wizard step's guide (gpudesk/wizard/step_help.py) in the session language.

The main window keeps it in a dock tabified with the Explain panel, tells it the current step and the figures
of the latest estimate, and whether the dock is on screen (``QDockWidget.visibilityChanged``, which also
follows the tabs: a dock behind another tab stays "visible" to Qt). Its text is built only while it is on
screen — the first time at the event-loop turn after it comes on screen, or, while the window's first estimate is
on its way (:meth:`StepGuide.await_figures`), with that estimate — and rebuilt only when the step, the language or
the set of figures it can link to changes. A figure key the estimate has is a link: clicking it asks the window to
explain it.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.report.check_text import localise
from gpudesk.report.display_text import display_text
from gpudesk.ui.widgets.figure_table import pending_text_of, remember_text
from gpudesk.wizard.step_help import help_for, help_html
from gpudesk.wizard.steps import STEPS

AWAIT_FIGURES_MS = 2000
"""How long a guide waits for the estimate :meth:`StepGuide.await_figures` announced before it is laid out without
its figures (an estimate that failed says so through ``set_figures(())`` sooner)."""


class StepGuide(QWidget):
    figure_selected = Signal(str)

    def __init__(self, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("step-guide")
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("step-guide-text")
        self.browser.setOpenLinks(False)
        self.browser.document().setIndentWidth(18)  # lists keep most of a narrow dock's width for their text
        self.browser.setAccessibleName(self.tr("Step guide"))
        self.browser.setAccessibleDescription(
            self.tr("What the current step decides, the questions to answer, rules of thumb, common mistakes and "
                    "how the three sample cases handled it"))
        self.browser.anchorClicked.connect(self._on_anchor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.browser)
        self.lang = lang
        self.step = STEPS[0].key
        self._figures: Container[str] = ()
        self._pending: Container[str] = ()
        self._checks: tuple[Check, ...] = ()
        self.shown: tuple[str, str, frozenset, frozenset] | None = None  # step key, language, links, fired checks
        self.on_screen = False
        self.awaiting_figures = False

    def await_figures(self) -> None:
        """An estimate is on its way (start-up paints the window first and estimates at the next turn): the guide is
        laid out once, when its figures arrive (or AWAIT_FIGURES_MS later). It was laid out when the dock came on
        screen, which the first paint then waited for (its timer ran ahead of the window's update, ~9 ms of CPU on the
        bank sample), and again ~0.1 s later with the estimate's figures as links."""
        self.awaiting_figures = True
        QTimer.singleShot(AWAIT_FIGURES_MS, self, self._stop_awaiting)

    def _stop_awaiting(self) -> None:
        if self.awaiting_figures:
            self.awaiting_figures = False
            self._refresh()

    def show_step(self, step: str) -> None:
        """Show the guide of the step with key ``step``."""
        self.step = step
        self._refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._refresh()

    def set_figures(self, figures: Container[str], checks: Iterable[Check] = (), pending: Container[str] = ()) -> None:
        """The figures and checks of the latest estimate (a FigureSet, or () when there is none): the guide links
        those figures by their labels and names the checks that fired. ``pending``: figures being computed
        (``figure_table.PendingFigures``), linked as when computed (the guide's text stays, not laid out again)."""
        self._figures = figures
        self._pending = pending
        self._checks = tuple(checks)
        self.awaiting_figures = False
        self._refresh()

    def _labels(self, cited: set[str]) -> dict[str, str]:
        text = display_text(self.lang)
        figures = self._figures
        labels = {}
        for key in cited:
            if key in figures:
                english = figures.label(key) if isinstance(figures, FigureSet) else key
                labels[key] = text.figure_label(key, english)
                if isinstance(figures, FigureSet):
                    remember_text(figures, key)  # linked by it while it is computed again (a cost after an edit)
            elif key in self._pending and (seen := pending_text_of(key)) is not None:
                labels[key] = text.figure_label(key, seen[0])
        return labels

    def set_on_screen(self, on_screen: bool) -> None:
        """Connected to the dock's ``visibilityChanged``: the text is built when the panel comes on screen."""
        self.on_screen = on_screen
        if on_screen and self.shown is None:
            QTimer.singleShot(0, self, self._refresh)
        else:
            self._refresh()

    def _refresh(self) -> None:
        if not self.on_screen or self.awaiting_figures:
            return  # built when it comes on screen, with the figures announced
        entry = help_for(self.step)
        cited = {key for rule in entry.rules + entry.mistakes for key in rule.figures}
        ids = {i for rule in entry.rules + entry.mistakes for i in rule.checks}
        labels = self._labels(cited)
        fired = {c.id: localise(c, self.lang)[0] for c in self._checks if c.id in ids}
        wanted = (self.step, self.lang, frozenset(labels.items()), frozenset(fired.items()))
        if wanted == self.shown:
            return
        bar = self.browser.verticalScrollBar()
        keep = bar.value() if self.shown is not None and self.shown[:2] == wanted[:2] else 0
        self.browser.setHtml(help_html(self.step, self.lang, labels, fired))
        bar.setValue(keep)  # a new estimate that adds links does not scroll the reader back to the top
        self.shown = wanted

    def _on_anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("fig:"):
            self.figure_selected.emit(text[4:])
