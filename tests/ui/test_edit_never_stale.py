"""Step 2 after an edit: what the edit's estimate holds is shown at once, what the search adds says it is pending.

The window estimates an edit without the configuration search and runs the search (and the pricing of its rows)
in idle time (ui/controller.py, issue 24). Right after the edit's estimate the chart on screen must be the edited
plan's, the trade-off tab must say that it is searching (its plot hidden, not the previous search's points), the
recommendation must say so too and list no row of the previous search, the memory-fit chart must keep the searched
alternatives' columns marked pending (no memory or capacity shown, "Searching…"); once the idle work has run, every one of
them must be what a fresh estimate of the edited plan gives. A hidden step's form, refreshed only when it is
shown or read, must read the edited value.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QTabBar
from test_shell_support import catalog, flush, make_window, searched_window_at, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.report.chart_text import localise_spec
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_charts import CHART_ORDER, with_pending_columns
from gpudesk.results.plan_json import figures_to_json
from gpudesk.ui.panels.candidate_model import COL_ACCELERATOR, COL_COST, COL_RANK
from gpudesk.ui.panels.recommendation import SIZED_COLUMNS
from gpudesk.ui.summary import summary_text
from gpudesk.ui.widgets.figure_table import figure_display

FIELD = "phases[0].workloads[0].seq_len"


class _PaintPasses(QObject):
    """Counts the window's paint passes (``UpdateRequest``: one repaint of every widget marked dirty), or the events
    of another ``kind`` that the objects it filters get."""

    def __init__(self, kind: QEvent.Type = QEvent.Type.UpdateRequest) -> None:
        super().__init__()
        self.kind, self.count = kind, 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        self.count += event.type() == self.kind
        return False


class _Relayouts(QObject):
    """The widgets in or under ``roots`` that are laid out again (``LayoutRequest``), and tab bars repainted."""

    def __init__(self, *roots: QObject) -> None:
        super().__init__()
        self.roots, self.seen = roots, []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.LayoutRequest or (kind == QEvent.Type.Paint and isinstance(watched, QTabBar)):
            parent = watched
            while parent is not None and parent not in self.roots:
                parent = parent.parent()
            if parent is not None:
                self.seen.append(f"{type(watched).__name__}#{watched.objectName()}: {kind.name}")
        return False


def test_an_edit_never_shows_the_previous_search_or_chart(make_window, catalog) -> None:  # noqa: F811
    window = searched_window_at(make_window, "bank-llm-assistant", "gpu")
    flush()
    page = window.current_page()
    names = list(page.charts)
    pareto, memory = page.charts["pareto"], page.charts["memory_fit"]
    page.chart_tabs.setCurrentIndex(names.index("pareto"))
    old_pareto = pareto.spec
    assert old_pareto is not None and old_pareto.series, "the searched plan draws its trade-offs"
    page.chart_tabs.setCurrentIndex(names.index("memory_fit"))
    old_memory = memory.spec
    panel = page.decision
    old_rows = [panel.model.candidate(r) for r in range(panel.model.rowCount())]
    panel.tabs.setCurrentIndex(1)  # the panel's trade-offs drawn, and left open through the edit
    assert panel.chart is not None and panel.chart.spec is not None and not panel.chart.pending

    table = page.figures.figure_model  # step 2's figures: mem.min_gpus, a headline, is left to idle time
    assert any(ch.isdigit() for ch in table.value_text("mem.min_gpus"))
    rows_before = table.keys()
    window.show_figure("mem.min_gpus")  # its explanation open through the edit
    edited = window.document.get(FIELD) // 2
    window.document.set(FIELD, edited)
    # the hidden step-1 form catches up when it is read or shown (ui/page_stack.py), never showing the old value
    assert window.pages[0].form.editors[FIELD].value() == edited
    QCoreApplication.sendPostedEvents()
    window.controller.run_now()  # the edit's estimate, as the window's timer runs it; no idle time yet
    phase = window.controller.estimate.phases[0]
    # the ranked tab, the search's summary and the panel's tab bar (its trade-off tab, open, turns to 'Searching…')
    passes, relayouts = _PaintPasses(), _Relayouts(panel.tabs.widget(0), panel.why, panel.tabs.tabBar())
    laid_out = _PaintPasses(QEvent.Type.LayoutRequest)  # the window's and the status bar's layouts
    window.installEventFilter(passes)
    for widget in (window, window.statusBar()):
        widget.installEventFilter(laid_out)
    QCoreApplication.instance().installEventFilter(relayouts)
    for _ in range(2):  # what the estimate's slots posted (layout, repaints) and what that posted; no timers
        QCoreApplication.sendPostedEvents()
    QCoreApplication.instance().removeEventFilter(relayouts)
    for widget in (window, window.statusBar()):
        widget.removeEventFilter(laid_out)
    window.removeEventFilter(passes)
    # the ranked panel updates its texts and cells in place: the search's summary, the reasons, the table and its
    # columns are not laid out again, and its tab bar is not repainted (an unchanged tab was set again)
    assert relayouts.seen == [], relayouts.seen
    # the summary is set before the page, so the status bar's re-layout is done before the one paint pass (set
    # after, it asked for a second pass of the whole window per edit); it reads the edited plan's estimate
    assert window.summary.text() == summary_text(phase)
    assert passes.count == 1, f"the edit's frame took {passes.count} paint passes"
    # the summary's new text repaints its line: the status bar and the window are not laid out again (0.9 ms)
    assert laid_out.count == 0, "a new summary re-laid out the status bar and the window"
    assert not phase.search_done
    # the costs (steps 3-7, the ledger) are left to idle time on step 2: the status bar and the plan's ranked row say
    # they are being computed, never the previous edit's amounts and never an unpriced count
    assert not phase.costs_done and phase.ledger_made is None
    status = window.summary.text()
    # what the total covers is the ledger's word (its 3 rented months, 266f698): said once the ledger is made
    tco = f"{phase.horizon_years}-year TCO"
    assert "cost of this phase: Calculating…" in status and f"{tco}: Calculating…" in status, status
    amounts = status.split("cost of this phase")[1].replace(tco, "")
    assert "awaiting" not in status and not any(ch.isdigit() for ch in amounts), status
    # the figure left to idle time keeps its row, label and unit and says it is being computed: never its previous
    # value, never unknown, and no row comes or goes (the table updates in place: the one paint pass above)
    assert phase.pending_figures == ("mem.min_gpus",) and "mem.min_gpus" not in phase.figures
    assert table.keys() == rows_before
    assert table.value_text("mem.min_gpus") == "Calculating…"
    assert window.explain.browser.toPlainText().splitlines()[-1] == "Calculating…", "its previous explanation stayed"
    # every chart but the one on screen is left to idle time (the roadmap's timeline too: its dock is hidden): listed
    # pending, none of the previous edit's held
    assert set(phase.deferred_charts) == set(CHART_ORDER) - {"memory_fit"} | {"timeline"}
    assert not window.controller.estimate.roadmap_done and window.controller.estimate.roadmap is None
    assert not set(phase.deferred_charts) & set(phase.charts), "a chart of the previous edit was kept"
    fresh = estimate_plan(window.document.project, catalog, search=False, layout=False).phases[0]
    # the searched alternatives' columns stay, marked pending (no memory, no capacity), so the chart keeps its frame
    columns = len(old_memory.categories)
    assert columns > 1 and len(fresh.charts["memory_fit"].categories) == 1
    assert memory.spec == localise_spec(with_pending_columns(fresh.charts["memory_fit"], columns - 1), "en") \
        != old_memory, "the chart on screen is not the edited plan's"
    assert memory.spec.categories[1:] == ["Searching…"] * (columns - 1)
    assert all(math.isnan(y) for s in memory.spec.series for y in s.y[1:]), "a previous alternative's memory was shown"
    held = memory.panels[0].held_range  # the value axis keeps its frame while the search is pending
    assert held is not None and memory.panels[0].value_range == held
    assert page.chart_tabs.isTabVisible(names.index("pareto")), "the trade-off tab came and went"
    page.chart_tabs.setCurrentIndex(names.index("pareto"))
    assert pareto.pending and pareto.graphics.isHidden() and pareto.spec is None, \
        "the previous search's trade-offs were shown"
    assert any("Searching" in text for text in pareto.visible_texts())
    assert "Searching" in panel.why.text()
    # the ranked table keeps its rows' places: the plan's row where it was, with the edit's figures, every other
    # place pending ("Searching…", no figure): never a row of the previous search
    rows = [panel.model.candidate(r) for r in range(panel.model.rowCount())]
    own = next(r for r, c in enumerate(old_rows) if c.pinned)
    assert len(rows) == len(old_rows) and rows[own] == phase.candidates[0] and phase.candidates[0].pinned
    assert [r for r, c in enumerate(rows) if c is not None] == [own], "the previous search's rows were listed"
    assert panel.model.index(own, COL_COST).data() == "Calculating…", "the plan's row showed a cost before it was made"
    assert panel.model.index(own, COL_RANK).data() == "…", "the plan's row showed a rank before the search ranked it"
    for r in (r for r in range(len(rows)) if r != own):
        cells = [panel.model.index(r, col).data() for col in range(panel.model.columnCount())]
        assert cells[COL_ACCELERATOR] == "Searching…" and not any(cells[:COL_ACCELERATOR] + cells[COL_ACCELERATOR + 1:])
    assert panel.tabs.isTabEnabled(1), "the panel's trade-off tab greyed out while the search was pending"
    for tab in (0, 1):  # open through the edit, and opened again
        panel.tabs.setCurrentIndex(tab)
        assert panel.chart.pending and panel.chart.spec is None, "the panel's trade-offs showed the previous search"

    assert window.controller.finish_search()  # the idle work: the layout search, then the configuration search
    flush()
    searched = estimate_plan(window.document.project, catalog, search=True).phases[0]
    assert phase.pending_figures == () and figures_to_json(phase.figures) == figures_to_json(searched.figures)
    shown = figure_display(searched.figures, "mem.min_gpus", table.text)[0]
    assert table.value_text("mem.min_gpus") == shown and any(ch.isdigit() for ch in shown)
    assert shown in window.explain.browser.toPlainText()
    assert phase.deferred_charts == () and phase.charts == searched.charts  # the idle work drew them as at once
    assert not pareto.pending and not pareto.graphics.isHidden()
    assert pareto.spec == localise_spec(searched.charts["pareto"], "en")
    assert "Searching" not in panel.why.text()
    assert phase.costs_done and window.summary.text() == summary_text(searched), "the status bar kept a pending part"
    assert "Calculating" not in window.summary.text() and "cost of this phase: " in window.summary.text()
    assert [panel.model.candidate(r) for r in range(panel.model.rowCount())] == searched.candidates
    assert panel.model.index(own, COL_RANK).data() != "…"
    panel.tabs.setCurrentIndex(1)
    assert not panel.chart.pending and panel.chart.spec == localise_spec(searched.charts["pareto"], "en")
    panel.tabs.setCurrentIndex(0)
    header = panel.table.horizontalHeader()  # columns fitted to the search's rows: no figure is cut
    for col in SIZED_COLUMNS:
        assert header.sectionSize(col) >= panel.table.sizeHintForColumn(col), f"column {col} cuts its cells"
    page.chart_tabs.setCurrentIndex(names.index("memory_fit"))
    assert memory.spec == localise_spec(searched.charts["memory_fit"], "en")
    assert memory.panels[0].held_range is None, "the search's chart kept the pending frame instead of its own range"


def test_a_search_without_a_trade_off_chart_keeps_its_tab_hidden_through_an_edit(make_window) -> None:  # noqa: F811
    window = searched_window_at(make_window, "ecommerce-recsys", "gpu")
    flush()
    page = window.current_page()
    index = list(page.charts).index("pareto")
    assert "pareto" not in window.controller.estimate.phases[0].charts and not page.chart_tabs.isTabVisible(index)
    shown = page.chart_tabs.isVisible()
    window.document.set("phases[0].workloads[0].peak_factor", window.document.get("phases[0].workloads[0].peak_factor")
                        + 0.5)
    window.controller.run_now()  # the search is pending: the tab it never drew must not appear for it
    assert not page.chart_tabs.isTabVisible(index) and page.chart_tabs.isVisible() == shown
