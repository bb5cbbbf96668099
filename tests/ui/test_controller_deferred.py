"""The controller leaves DEFERRED_FIGURES to idle time when its window asks (``PlanController.defer_figures``), and
the roadmap when no surface shows it (``roadmap_on_screen``), the costs of steps 3-7 likewise (``costs_on_screen``): the
edit's estimate lists them pending and holds no value for them; the first idle slice attaches them, before the
searches, and announces it (``searched``); the plan then holds the full estimate's figures, ledger and roadmap
(tests/plan/test_deferred_figures.py, test_deferred_costs.py and test_deferred_roadmap.py: in their order too). A
controller without a window never leaves the roadmap or the costs."""

from __future__ import annotations

import json

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import DEFERRED_FIGURES, estimate_plan
from gpudesk.results.plan_json import figures_to_json
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.controller import PlanController


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def test_pending_figures_are_attached_in_idle_time(qtbot, catalog) -> None:
    controller = PlanController(catalog)
    controller.defer_figures = DEFERRED_FIGURES
    controller.roadmap_on_screen = lambda: False
    controller.costs_on_screen = lambda: False
    announced = []
    controller.searched.connect(lambda plan: announced.append(([(p.pending_figures, p.costs_done, p.ledger_made is None)
                                                                for p in plan.phases],
                                                               json.dumps(figures_to_json(plan.phases[0].figures),
                                                                          default=str),
                                                               plan.roadmap_done and dict(plan.charts))))
    controller.set_document(ProjectDocument(Project()))
    phase = controller.estimate.phases[0]
    assert phase.pending_figures == ("mem.min_gpus",) and "mem.min_gpus" not in phase.figures
    assert not controller.estimate.roadmap_done and "timeline" not in phase.charts
    assert not phase.costs_done and phase.ledger_made is None and "plan.phase_cost" not in phase.figures
    qtbot.waitUntil(lambda: bool(announced), timeout=30_000)  # the first idle slice, before the searches
    controller.stop()
    pending, figures, charts = announced[0]
    assert pending == [((), True, False)], "the first idle slice attaches the pending figures and costs and says so"
    full = estimate_plan(Project(), catalog, search=False, layout=False)
    assert figures == json.dumps(figures_to_json(full.phases[0].figures), default=str)
    assert charts == full.charts and "timeline" in charts, "the first idle slice attaches the roadmap"
    assert PlanController(catalog).roadmap_on_screen() and PlanController(catalog).costs_on_screen()
