"""The saving against the plan's own configuration is the first line of step 2's recommendation box (where the user
reads on): the bank's Ascend 910B serving phase at TP4 costs 43% more than the recommended TP1 × PP4 on the same card."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt

from gpudesk.catalog.store import Catalog
from gpudesk.report.check_text import reason_text
from gpudesk.results.plan_rows import saving_reasons
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.panels import RecommendationPanel
from gpudesk.ui.panels.candidate_model import COL_COST


def test_the_recommendation_box_opens_with_the_saving(qtbot, searched_sample) -> None:
    plan, project = searched_sample("bank-llm-assistant")
    catalog = Catalog.open(user_db=None)
    panel = RecommendationPanel(ProjectDocument(project), catalog)
    qtbot.addWidget(panel)
    phase = plan.phases[1]
    panel.show_estimate(phase)
    (saving,) = saving_reasons(phase)
    assert panel.why.text().startswith(html.escape(reason_text(saving, "en")) + "<br><b>")
    # the cost column says what it covers: the owned phase's TCO, the rented pilot's own months of rent (its rows
    # read 56.5 万元 under "Total cost of ownership" beside a horizon of 5 years)
    header = panel.model.headerData(COL_COST, Qt.Orientation.Horizontal)
    assert header == "Total cost of ownership", header
    panel.show_estimate(plan.phases[0])
    assert panel.model.headerData(COL_COST, Qt.Orientation.Horizontal) == "Rent over the phase"
    catalog.close()
