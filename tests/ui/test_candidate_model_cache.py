"""The candidate and figure tables, and the labels an edit sets, refresh only what an edit changed (issue 24), and
never show a stale cell or text."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.panels.candidate_model import COL_ACCELERATOR, COL_GPUS, SORT_ROLE, CandidateTableModel
from gpudesk.ui.widgets.figure_table import COL_VALUE, FigureTableModel, figure_display
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import step


def test_new_numbers_for_the_same_candidates_are_shown_not_the_cached_cells(qapp) -> None:
    candidates = estimate_plan(Project(), Catalog.open(), search=True).phases[0].candidates
    model = CandidateTableModel()
    model.set_candidates(candidates)
    cell = model.index(0, COL_GPUS)
    before = cell.data()
    assert before == f"{candidates[0].gpus:,}" and cell.data() == before  # the second answer is the kept one
    changed = [replace(candidates[0], gpus=candidates[0].gpus + 1000), *candidates[1:]]
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom: seen.append((top.row(), bottom.row())))
    model.set_candidates(changed)
    assert seen, "the view is told the cells changed"
    assert model.index(0, COL_GPUS).data() == f"{candidates[0].gpus + 1000:,}"
    assert model.index(0, COL_GPUS).data(SORT_ROLE) == candidates[0].gpus + 1000
    assert model.index(0, COL_ACCELERATOR).data(Qt.ItemDataRole.DecorationRole) is None


def test_an_edit_refreshes_the_changed_figure_rows_and_shows_their_new_values(qapp) -> None:
    catalog = Catalog.open()
    project = Project()
    figures = estimate_plan(project, catalog).phases[0].figures
    keys = figure_keys_for_step(step("gpu"), figures)
    model = FigureTableModel()
    model.set_figures(figures, keys)
    before = [model.index(r, COL_VALUE).data() for r in range(model.rowCount())]
    project.phases[0].workloads[0].seq_len *= 2
    after_figures = estimate_plan(project, catalog).phases[0].figures
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom: seen.append((top.row(), bottom.row())))
    model.set_figures(after_figures, keys)
    now = [model.index(r, COL_VALUE).data() for r in range(model.rowCount())]
    changed = [r for r in range(len(now)) if now[r] != before[r]]
    # each run of changed rows is told apart: the rows between them, unchanged, are not repainted
    assert changed and [r for a, b in seen for r in range(a, b + 1)] == changed, (seen, changed)
    assert all(seen[i + 1][0] > seen[i][1] + 1 for i in range(len(seen) - 1)), f"adjacent runs not joined: {seen}"
    assert now == [figure_display(after_figures, k, model.text)[0] for k in keys if k in after_figures]
    assert model.index(0, COL_VALUE).data(Qt.ItemDataRole.DecorationRole) is None
    # a view that shows two rows: those are made with the update, the others when read, as the figures' own rows
    model.in_sight = lambda: range(2)
    seen.clear()
    model.set_figures(figures, keys)
    assert model._rows[2:] == [None] * (model.rowCount() - 2) and None not in model._rows[:2]
    told = [r for a, b in seen for r in range(a, b + 1)]  # those in sight if changed, the others as they may be
    assert told == [r for r in range(2) if now[r] != before[r]] + list(range(2, model.rowCount())), seen
    assert [model.cell_text(r, COL_VALUE) for r in range(model.rowCount())] == before
    for key in keys:  # the row's parts read at once are the figure's own
        assert after_figures.shown(key) == (after_figures.label(key), after_figures.unit(key), after_figures.value_at(
            key), after_figures.vocabulary(key), after_figures.awaiting(key))
    assert after_figures.shown("no.such_figure") is None


def test_a_pending_search_keeps_the_rows_places_and_the_columns_only_widen(qapp, searched_sample) -> None:
    """While the search is pending the table keeps its places (no reset: the selection and columns stay), shows the
    plan's row with its new figures and no figure of the previous search; fixed columns widen for a longer figure
    and never cut one."""
    from PySide6.QtWidgets import QTableView

    from gpudesk.ui.panels.candidate_model import COL_COST, COL_RANK
    from gpudesk.ui.panels.recommendation import SIZED_COLUMNS
    from gpudesk.ui.widgets.column_fit import FittedColumns

    searched = searched_sample("bank-llm-assistant")[0].phases[0].candidates
    own = next(r for r, c in enumerate(searched) if c.pinned)
    model = CandidateTableModel()
    view = QTableView()
    view.setModel(model)
    sized = FittedColumns(view, SIZED_COLUMNS, model.cell_text, model.cell_font)
    model.set_candidates(searched)
    sized.fit()
    widths = [view.columnWidth(c) for c in range(model.columnCount())]
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    plan = replace(searched[own], rank=1, gpus=searched[own].gpus * 1000, cost=searched[own].cost * 1000)
    changed = model.set_candidates([plan], search_pending=True)
    assert not resets and model.rowCount() == len(searched) and model.pending_rows() == len(searched) - 1
    assert model.candidate(own) == plan and model.candidates() == [plan]
    assert model.index(own, COL_RANK).data() == "…" and model.index(own, COL_GPUS).data() == f"{plan.gpus:,}"
    other = (own + 1) % len(searched)
    assert model.index(other, COL_ACCELERATOR).data() == "Searching…"
    assert model.index(other, COL_GPUS).data() == "" and model.index(other, COL_COST).data() == ""
    sized.widen(r for r in changed if model.candidate(r) is not None)
    assert view.columnWidth(COL_GPUS) > widths[COL_GPUS], "a longer figure was cut"
    for col in SIZED_COLUMNS:
        assert view.columnWidth(col) >= max(widths[col], view.sizeHintForIndex(model.index(own, col)).width())
    model.set_candidates(searched)  # the search fills the places in place
    assert not resets and [model.candidate(r) for r in range(model.rowCount())] == searched
    sized.fit()
    assert [view.columnWidth(c) for c in SIZED_COLUMNS] == [widths[c] for c in SIZED_COLUMNS]


def test_the_figure_table_widens_for_a_longer_value_and_fits_new_rows(qapp) -> None:
    """The value and unit columns are fixed between updates: a longer value widens its column (never cut), a value
    that fits leaves it as it is, new rows fit the columns to them again (narrower too)."""
    from gpudesk.core.explain import FigureSet
    from gpudesk.ui.widgets.figure_table import COL_UNIT, SIZED_COLUMNS, FigureTable

    def figures(value: float, unit: str = "GB") -> FigureSet:
        fs = FigureSet()
        fs.input("mem.total_gb", value, unit, "Memory")
        fs.input("mem.fits", 1.0, "", "Fits")
        return fs

    table = FigureTable()
    keys = ["mem.total_gb", "mem.fits"]
    table.figure_model.set_figures(figures(12.5), keys)
    narrow = table.columnWidth(COL_VALUE)
    assert narrow >= table.sizeHintForColumn(COL_VALUE)
    table.figure_model.set_figures(figures(3.25), keys)  # fits: the column stays
    assert table.columnWidth(COL_VALUE) == narrow
    table.figure_model.set_figures(figures(123456789.5), keys)
    assert table.columnWidth(COL_VALUE) > narrow, "a longer value was cut"
    for col in SIZED_COLUMNS:
        assert table.columnWidth(col) >= table.sizeHintForColumn(col)
    table.figure_model.set_figures(figures(3.25, "GB/s"), ["mem.total_gb"])  # other rows: fitted again
    assert table.columnWidth(COL_VALUE) == max(table.sizeHintForColumn(COL_VALUE),
                                               table.horizontalHeader().sectionSizeHint(COL_VALUE))
    assert table.columnWidth(COL_UNIT) >= table.sizeHintForColumn(COL_UNIT)


def test_an_elided_label_given_its_own_text_again_is_not_laid_out_again(qapp) -> None:
    """The status bar's summary is set on every estimate: the same words re-laid out the status bar and the window."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    from PySide6.QtWidgets import QHBoxLayout, QWidget

    from gpudesk.ui.widgets.elided_label import ElidedLabel

    class Requests(QObject):
        count = 0

        def eventFilter(self, _watched, event) -> bool:  # noqa: N802 - Qt override
            self.count += event.type() == QEvent.Type.LayoutRequest
            return False

    row = QWidget()
    label = ElidedLabel("32 GPUs · training: 2.5 days")
    QHBoxLayout(row).addWidget(label)
    row.show()
    QCoreApplication.sendPostedEvents()
    requests = Requests()
    row.installEventFilter(requests)
    label.setText("32 GPUs · training: 2.5 days")
    QCoreApplication.sendPostedEvents()
    assert requests.count == 0
    label.setText("32 GPUs · training: 2.6 days")  # new words are shown
    QCoreApplication.sendPostedEvents()
    assert label.text() == "32 GPUs · training: 2.6 days" and requests.count == 1
    row.close()


def test_a_rich_text_box_out_of_sight_lays_its_text_out_after_the_frame_never_showing_the_old_one(qapp) -> None:
    """The ranked row's reasons, scrolled below a 1366 x 768 page on step 2, change at every edit: a box out of sight
    lays the new text out in idle time (a timer), not in the edit's frame; one seen before then (a paint) shows it."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

    from gpudesk.ui.widgets.rich_text_box import RichTextBox

    scroll = QScrollArea()
    page = QWidget()
    column = QVBoxLayout(page)
    spacer = QWidget()
    spacer.setMinimumHeight(2000)  # the box below the part of the page on screen
    box = RichTextBox(lines=3)
    column.addWidget(spacer)
    column.addWidget(box)
    scroll.setWidget(page)
    scroll.resize(400, 300)
    scroll.show()
    QCoreApplication.sendPostedEvents()
    box.setText("<b>Rank 1</b>: old", when_seen=True)
    QCoreApplication.sendPostedEvents()
    assert box.text() == "<b>Rank 1</b>: old" and "old" not in box.toPlainText(), "laid out within the frame"
    qapp.processEvents()  # idle time: the timer
    assert box.toPlainText() == "Rank 1: old"
    box.setText("<b>Rank 1</b>: new", when_seen=True)
    box.viewport().grab()  # painted before idle time came (scrolled to): the new text, never the old one
    assert box.toPlainText() == "Rank 1: new"
    scroll.ensureWidgetVisible(box)
    QCoreApplication.sendPostedEvents()
    box.setText("<b>Rank 2</b>: seen", when_seen=True)  # on screen: laid out at once
    assert box.toPlainText() == "Rank 2: seen"
    # a text kept laid out (the search's 'Searching…' after each edit) is drawn over the box at once, as the box draws
    # it, and laid out into the box after the frame
    box.keep_drawn("<i>Searching…</i>")
    box.setText("<i>Searching…</i>")
    drawn = box.viewport().grab().toImage()
    assert box.text() == "<i>Searching…</i>" and box.toPlainText() == "Rank 2: seen", "laid out within the frame"
    qapp.processEvents()  # idle time: the timer
    assert box.toPlainText() == "Searching…" and box.viewport().grab().toImage() == drawn
    scroll.close()


def test_rows_out_of_sight_widen_their_column_after_the_frame_or_when_painted(qtbot) -> None:
    """A shown table measures the changed rows it shows at once, the rows scrolled out of sight after the frame (a
    zero-interval timer), and first at a paint that shows one of them if that comes sooner: a longer value is never
    painted cut."""
    from PySide6.QtCore import QCoreApplication

    from gpudesk.core.explain import FigureSet
    from gpudesk.ui.widgets.figure_table import FigureTable

    keys = [f"mem.k{i}" for i in range(30)]

    def figures(long_at: int | None, value: float) -> FigureSet:
        fs = FigureSet()
        for i, key in enumerate(keys):
            fs.input(key, value if i == long_at else 1.5, "GB", f"Figure {i}")
        return fs

    table = FigureTable()
    qtbot.addWidget(table)
    table.resize(420, 160)  # a few rows in sight
    table.show()
    qtbot.waitExposed(table)
    table.figure_model.set_figures(figures(None, 0.0), keys)
    narrow = table.columnWidth(COL_VALUE)
    last_seen = table.rowAt(table.viewport().height() - 1)
    assert 0 <= last_seen < 25
    table.figure_model.set_figures(figures(1, 1234567.5), keys)  # in sight: at once ("1,235 TB")
    assert table.columnWidth(COL_VALUE) > narrow
    wide = table.columnWidth(COL_VALUE)
    table.figure_model.set_figures(figures(28, 123456789012.5), keys)  # out of sight: after the frame
    assert table.columnWidth(COL_VALUE) == wide
    QCoreApplication.sendPostedEvents()
    assert table.columnWidth(COL_VALUE) == wide, "measured in the frame's events"
    qtbot.waitUntil(lambda: table.columnWidth(COL_VALUE) > wide, timeout=2000)
    assert table.columnWidth(COL_VALUE) >= table.sizeHintForColumn(COL_VALUE)
    wider = table.columnWidth(COL_VALUE)
    table.figure_model.set_figures(figures(29, 123456789012345.5), keys)  # out of sight, then scrolled to and painted
    assert table.columnWidth(COL_VALUE) == wider
    table.scrollToBottom()
    table.viewport().repaint()
    assert table.columnWidth(COL_VALUE) > wider, "a row scrolled into sight was painted before its column widened"
    assert table.columnWidth(COL_VALUE) >= table.sizeHintForColumn(COL_VALUE)
