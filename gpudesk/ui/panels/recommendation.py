"""The phase's configuration search: why the recommended configuration, the ranked alternatives, and the
trade-off chart. "Pin this configuration" (or a click on a point of the chart) writes the configuration into the
plan as one undoable edit, after which the plan re-estimates (the controller listens to the document)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk.catalog.store import Catalog
from gpudesk.report.check_text import reason_text, reasons_in
from gpudesk.results.pinning import pin_assignments, point_assignments
from gpudesk.results.plan_result import Candidate, PhaseEstimate
from gpudesk.results.plan_rows import saving_reasons
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.panels.candidate_model import COL_ACCELERATOR, COL_LAYOUT, CandidateTableModel
from gpudesk.ui.widgets.column_fit import FittedColumns
from gpudesk.ui.widgets.height_for_width import MinimumForWidth
from gpudesk.ui.widgets.rich_text_box import RichTextBox
from gpudesk.ui.widgets.session_text import session_language

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

SIDE_BY_SIDE_MIN_WIDTH = 980
"""Pixels: narrower than this, 'why it ranks here' goes under the table (at 1366 x 768 with the Explain column
open the table beside it left the accelerator names three letters wide)."""
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum" for widget sizes
CHART_MIN_HEIGHT = 260
SIZED_COLUMNS = tuple(c for c in range(8) if c not in (COL_ACCELERATOR, COL_LAYOUT))
"""The table's columns sized to their contents (the others share the rest): fitted when a search's rows are
shown, widened when an edit's figures need more, never measured on every update (``widgets/column_fit.py``)."""


class RecommendationPanel(QWidget):
    """Shows ``PhaseEstimate.search`` and ``candidates``; emits ``pinned(accelerator_id)`` after a pin."""

    pinned = Signal(str)

    def __init__(self, document: ProjectDocument, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.catalog = catalog
        self.phase = 0
        self.estimate: PhaseEstimate | None = None
        self.chart: ChartView | None = None
        self._chart_spec: Any = None
        self._wanted = ""  # the accelerator of the row the user selected, kept through a pending search
        self.setObjectName("recommendation-panel")

        # The search's summary wraps over as many lines as the panel's width needs. A word-wrapped label asks its
        # layout for that height only through height-for-width, which the splitter holding this panel ignores, so
        # the layout took the lines out of the tabs' room (the ranked reasons were squeezed below their title on
        # a laptop). In a box between two and five lines high that scrolls the rest, the tabs keep their minimum;
        # after an edit it reads 'Searching…' (one line) until the search is done in idle time, and its size and
        # bar stay (widgets/rich_text_box.py).
        self.why = RichTextBox(lines=2, min_lines=2, max_lines=5)
        self.why.setObjectName("search-why")
        self.why.keep_drawn(self._searching_html())  # what it says after each edit, drawn at once

        self.model = CandidateTableModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName(self.tr("Ranked configurations"))
        header = self.table.horizontalHeader()
        # a column fitted to its values elides its header at the end ("Total cost of…", the whole in the tooltip):
        # Qt's headers clip a centred title at both ends by default ("tal cost of ownersl" at 1920x1080)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.sized = FittedColumns(self.table, SIZED_COLUMNS, self.model.cell_text, self.model.cell_font)
        header.setSectionResizeMode(COL_ACCELERATOR, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_LAYOUT, QHeaderView.ResizeMode.Stretch)  # long lines elide (tooltip: reasons)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.table.setMinimumHeight(int(header.sizeHint().height() + 5.3 * self.table.verticalHeader().defaultSectionSize()))

        self.intro = QLabel(self.tr(
            "The best configuration found on each accelerator, feasible first, cheapest first. Select one to see "
            "why it ranks there; pin it to plan with it."))
        self.intro.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.empty.hide()

        self.why_box = QGroupBox(self.tr("Why it ranks here"))
        # long reasons scroll inside the box (two lines at least) instead of pushing it past the room the table leaves
        self.reasons = RichTextBox(lines=3.5, min_lines=2)  # a title and two reasons, as the label it replaces
        self.reasons.setObjectName("search-reasons")
        why_layout = QVBoxLayout(self.why_box)
        why_layout.addWidget(self.reasons)

        self.pin_button = QPushButton(self.tr("Pin this configuration"))
        self.pin_button.setToolTip(self.tr(
            "Plan with the selected configuration: its accelerator (with a server that holds it), precision and "
            "layout; Undo restores the plan"))
        self.pin_button.clicked.connect(self.pin_selected)
        self.pin_button.setEnabled(False)
        self.status = QLabel()
        self.status.setWordWrap(True)
        side = QVBoxLayout()
        side.addWidget(self.why_box, 1)
        side.addWidget(self.status)
        side.addWidget(self.pin_button)
        self.side = MinimumForWidth(preferred=True)  # the room the row gives it, counted in the page's minimum
        self.side.setLayout(side)
        self.side.setMinimumWidth(300)
        self.side.setMaximumWidth(420)
        self._row = row = QHBoxLayout()
        row.addWidget(self.table, 1)
        row.addWidget(self.side)
        self.ranked = ranked = MinimumForWidth()  # its wrapped texts' lines counted in its minimum height
        ranked_layout = QVBoxLayout(ranked)
        ranked_layout.setContentsMargins(0, 0, 0, 0)
        ranked_layout.addWidget(self.intro)
        ranked_layout.addLayout(row, 1)

        self.tradeoff = QWidget()  # the chart is built when the tab is first shown (pyqtgraph loads then)
        self.tradeoff_layout = QVBoxLayout(self.tradeoff)
        self.tradeoff_layout.setContentsMargins(0, 0, 0, 0)
        self.chart_hint = QLabel(self.tr("Hover a point to see its configuration; click it to pin it into the plan."))
        self.chart_hint.setWordWrap(True)
        self.tradeoff_layout.addWidget(self.chart_hint)
        self.tabs = QTabWidget()
        self.tabs.addTab(ranked, self.tr("Ranked"))
        self.tabs.addTab(self.tradeoff, self.tr("Trade-offs"))
        self.tabs.currentChanged.connect(lambda _i: self._show_chart())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # the table's bar stays too: a bar that came and went re-laid out the table and its columns
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        layout.addWidget(self.why)
        layout.addWidget(self.empty)
        layout.addWidget(self.tabs, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Below SIDE_BY_SIDE_MIN_WIDTH the reasons go under the table, so the table keeps room for the names."""
        super().resizeEvent(event)
        beside = event.size().width() >= SIDE_BY_SIDE_MIN_WIDTH
        direction = QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
        if self._row.direction() != direction:
            self._row.setDirection(direction)
            self.side.setMaximumWidth(420 if beside else QWIDGETSIZE_MAX)
            self.ranked.fit_height()

    # -- data -----------------------------------------------------------------------
    def set_phase(self, index: int) -> None:
        self.phase = index

    def show_estimate(self, estimate: PhaseEstimate | None) -> None:
        """Show the search and candidates of ``estimate``, keeping the selected accelerator selected.

        While the search is pending the table keeps its rows' places (the plan's row with its new figures, the others
        marked pending: ``CandidateTableModel``) and the trade-off tab stays, saying it is searching; the columns
        are fitted when the search's rows arrive and only widened in between."""
        self.estimate = estimate
        keep = self.selected_candidate()
        if keep is not None:
            self._wanted = keep.accelerator_id
        candidates = estimate.candidates if estimate is not None else []
        pending = estimate is not None and not estimate.search_done
        if estimate is not None:
            self.model.set_rented(not estimate.config.owns_hardware)
        changed = self.model.set_candidates(candidates, search_pending=pending,
                                            costs_pending=estimate is not None and not estimate.costs_done)
        if pending:  # a pending place shows no figure: only the plan's row can need more room
            self.sized.widen((r for r in changed if self.model.candidate(r) is not None), when_seen=True)
        elif changed:  # a search's rows: the columns fit them, narrower where they need less
            self.sized.fit()
        has_rows = bool(candidates)
        self.tabs.setVisible(has_rows)
        self.empty.setVisible(not has_rows)
        if estimate is None:
            self.empty.setText(self.tr(
                "No ranked alternatives while the plan cannot be estimated (the reason is above)."))
        elif not has_rows:
            self.empty.setText(self.tr(
                "No ranked alternatives: no catalog accelerator could be evaluated for this workload. Check the "
                "model in step 1, or compare accelerators in the catalog browser."))
        self.why.setText(self._why_html(estimate))
        self.why.setVisible(bool(self.why.text()))
        row = self.model.row_of(self._wanted) if self._wanted else -1
        if row < 0 and pending and self.model.pending_rows():
            row = self.table.selectionModel().currentIndex().row()  # a pending place stays selected until searched
        if row < 0:
            row = self.model.pinned_row()
        if row < 0 and has_rows:
            row = 0
        if row >= 0:
            self._select_row(row)
        self._show_selected()
        self._chart_spec = estimate.charts.get("pareto") if estimate is not None else None
        # a tab the search drew stays while the next search is pending (it says so), instead of greying out and
        # back on every edit; a search that drew no trade-offs leaves it disabled
        enabled = self._chart_spec is not None or (pending and self.tabs.isTabEnabled(1))
        if enabled != self.tabs.isTabEnabled(1):  # Qt repaints the tab bar on every set, changed or not
            self.tabs.setTabEnabled(1, enabled)
        self._show_chart()

    def _why_html(self, estimate: PhaseEstimate | None) -> str:
        if estimate is None:
            return ""
        lang = session_language()
        if not estimate.search_done:
            return self._searching_html()
        search = estimate.search
        if search is None:
            return ""
        why = reason_text(search.why, lang)
        # what it saves against the plan's own configuration: the first line, where the user reads on
        saving = "".join(f"{html.escape(reason_text(r, lang))}<br>" for r in saving_reasons(estimate))
        levers = "".join(f"<li>{html.escape(reason_text(lv.reason, lang))}</li>" for lv in search.levers)
        summary = reason_text(search.summary, lang)
        return (f"{saving}<b>{html.escape(why)}</b>" + (f"<ul style='margin-left:-24px'>{levers}</ul>" if levers else "")
                + f"<div style='color:gray'>{html.escape(summary)}</div>")

    def _searching_html(self) -> str:
        return "<i>" + html.escape(self.tr("Searching accelerators, precisions and layouts…")) + "</i>"

    def select_accelerator(self, accelerator_id: str) -> bool:
        row = self.model.row_of(accelerator_id)
        if row >= 0:
            self._select_row(row)
        return row >= 0

    def _select_row(self, row: int) -> None:
        current = self.table.selectionModel().currentIndex()
        if current.isValid() and current.row() == row and self.table.selectionModel().isRowSelected(row):
            return
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.table.selectionModel().setCurrentIndex(self.model.index(row, 0), flags)

    def selected_candidate(self) -> Candidate | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid() or index.row() >= self.model.rowCount():
            return None
        return self.model.candidate(index.row())

    def _show_selected(self) -> None:
        c = self.selected_candidate()
        self.pin_button.setEnabled(c is not None and not c.pinned)
        if c is None:
            index = self.table.selectionModel().currentIndex()
            searching = index.isValid() and index.row() < self.model.rowCount()  # a place pending the search
            self.reasons.setText(
                "<i>" + html.escape(self.tr("Searching accelerators, precisions and layouts…")) + "</i>" if searching else "")
            self.status.setText("")
            return
        lang = session_language()
        rank = "…" if self.model.pending_rows() else c.rank  # the search has not ranked the plan's row yet
        if self.model.rented and c.gpus == 1:  # what is rented, counted as it is billed: instances of the offer
            pattern = self.tr("Rank {0}: {1} — 1 GPU in 1 instance ({4})")
        elif self.model.rented:
            pattern = self.tr("Rank {0}: {1} — {2} GPUs in 1 instance ({4})") if c.nodes == 1 else \
                self.tr("Rank {0}: {1} — {2} GPUs in {3} instances ({4})")
        elif c.gpus == 1:
            pattern = self.tr("Rank {0}: {1} — 1 GPU on 1 node ({4})")
        elif c.nodes == 1:
            pattern = self.tr("Rank {0}: {1} — {2} GPUs on 1 node ({4})")
        else:
            pattern = self.tr("Rank {0}: {1} — {2} GPUs on {3} nodes ({4})")
        head = pattern.format(
            rank, html.escape(c.accelerator_named(lang)), f"{c.gpus:,}", f"{c.nodes:,}", html.escape(c.layout))
        items = "".join(f"<li>{html.escape(r)}</li>" for r in reasons_in(c, lang))
        self.reasons.setText(f"<b>{head}</b><ul style='margin-left:-24px'>{items}</ul>", when_seen=True)
        self.status.setText(self.tr("This configuration is pinned in the plan.") if c.pinned else "")

    # -- the trade-off chart ----------------------------------------------------------
    def _show_chart(self) -> None:
        if self.tabs.currentWidget() is not self.tradeoff:
            return
        if self._chart_spec is None:  # the search is pending: the chart says so, never the previous search's points
            if self.chart is not None:
                self.chart.show_pending(self.tr("Searching accelerators, precisions and layouts…"))
            return
        from gpudesk.report.chart_text import localise_spec

        if self.chart is None:
            from gpudesk.plotting.view import ChartView

            self.chart = ChartView()
            self.chart.setMinimumHeight(CHART_MIN_HEIGHT)
            self.chart.setObjectName("search-tradeoff-chart")
            self.chart.pointClicked.connect(self._on_point_clicked)
            self.tradeoff_layout.addWidget(self.chart, 1)
        self.chart.show_spec(localise_spec(self._chart_spec, session_language()))

    def _on_point_clicked(self, _series: str, _index: int, key: str) -> None:
        from gpudesk.results.search_charts import index_of

        row = index_of(key)
        if row is not None:
            self.pin_point(row)

    # -- pinning --------------------------------------------------------------------
    def pin_point(self, row: int) -> bool:
        """Pin the searched configuration of search row ``row`` (a table row or a chart point)."""
        search = self.estimate.search if self.estimate is not None and self.estimate.search_done else None
        point = search.find(row) if search is not None else None
        if point is None:
            return False
        phase = self.document.project.phases[self.phase]
        changes = point_assignments(self.catalog, phase, self.phase, point)
        name = point.accelerator_named(session_language())
        return self._pin(self.tr("Pin {0} × {1}").format(name, point.gpus), changes, name, point.accelerator_id)

    def pin_selected(self) -> bool:
        """Write the selected configuration (or, without one searched, its accelerator) as one undoable edit."""
        c = self.selected_candidate()
        if c is None or c.pinned:
            return False
        if c.point >= 0 and self.pin_point(c.point):
            return True
        phase = self.document.project.phases[self.phase]
        changes = pin_assignments(self.catalog, phase, self.phase, c.accelerator_id)
        name = c.accelerator_named(session_language())
        return self._pin(self.tr("Pin {0}").format(name), changes, name, c.accelerator_id)

    def _pin(self, label: str, changes: list[tuple[str, Any]], name: str, accelerator_id: str) -> bool:
        """Apply a pin's changes as one undoable edit ``label``; say so and emit ``pinned`` (False: nothing changed)."""
        if not self.document.apply(label, changes):
            return False
        self.status.setText(self.tr("Pinned {0}; the plan is re-estimated. Undo restores the previous choice.")
                            .format(name))
        self.pinned.emit(accelerator_id)
        return True
