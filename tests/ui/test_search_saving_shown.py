"""The saving against the plan's own configuration is the first line of step 2's recommendation box (where the user
reads on): the bank's Ascend 910B serving phase at TP4 costs 43% more than the recommended TP1 × PP4 on the same card."""

from __future__ import annotations

import html

from gpudesk.catalog.store import Catalog
from gpudesk.report.check_text import reason_text
from gpudesk.results.plan_rows import saving_reasons
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.panels import RecommendationPanel


def test_the_recommendation_box_opens_with_the_saving(qtbot, searched_sample) -> None:
    plan, project = searched_sample("bank-llm-assistant")
    catalog = Catalog.open(user_db=None)
    panel = RecommendationPanel(ProjectDocument(project), catalog)
    qtbot.addWidget(panel)
    phase = plan.phases[1]
    panel.show_estimate(phase)
    (saving,) = saving_reasons(phase)
    assert panel.why.text().startswith(html.escape(reason_text(saving, "en")) + "<br><b>")
    catalog.close()
