"""'Why it ranks here' under the ranked table (a window narrower than the side-by-side width) is given the room its
wrapped texts take: at 1440x900 the splitter above gave the panel its minimum height, which counted the intro and
the status as one short line each; the table got less than its own minimum and the heading was drawn over its last
visible row (looks-17, left; ``widgets/height_for_width.MinimumForWidth``)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QSplitter
from test_shell_support import flush

from gpudesk.catalog.store import Catalog
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.panels import RecommendationPanel


def rect_in(widget, top) -> QRect:
    return QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())


def test_the_reasons_heading_is_clear_of_the_table_at_the_least_height(qtbot, searched_sample) -> None:
    plan, project = searched_sample("bank-llm-assistant")
    catalog = Catalog.open(user_db=None)
    splitter = QSplitter(Qt.Orientation.Vertical)  # as the step page holds it: the figures above, the panel below
    splitter.setChildrenCollapsible(False)
    splitter.addWidget(QLabel("figures"))
    panel = RecommendationPanel(ProjectDocument(project), catalog)
    splitter.addWidget(panel)
    qtbot.addWidget(splitter)
    splitter.resize(808, 900)
    splitter.show()
    panel.show_estimate(plan.phases[1])
    flush()
    panel.table.selectRow(0)
    for _ in range(3):  # the splitter gives the panel the least it asks for, as a 1440x900 window's page does
        splitter.setSizes([10_000, 0])
        flush()
    assert panel.width() < 980 and panel.height() <= panel.minimumSizeHint().height() + 2  # reasons under the table
    table, heading = rect_in(panel.table, splitter), rect_in(panel.why_box, splitter)
    assert table.height() >= panel.table.minimumHeight()
    assert not table.intersects(heading), (table, heading)
    catalog.close()
