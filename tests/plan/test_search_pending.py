"""The configuration search is a pending part of the result, never a silent gap.

``estimate_plan`` leaves every phase's search pending (``search_done`` False) unless asked; reading the search's
rows or their ledger prices then raises SearchPending, and so does every surface that prints them (the JSON the
CLI writes, the proposal, the comparison), so no surface can show a pending search as missing or as zero.
``complete_search`` attaches exactly what ``estimate_plan(..., search=True)`` attaches.
"""

from __future__ import annotations

import argparse
import io
import json

import pytest

from gpudesk.cli import estimate_cmd
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import Project
from gpudesk.report.comparison import compare_plans
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.results import pipeline, search_workers
from gpudesk.results.pipeline import complete_search, estimate_plan
from gpudesk.results.plan_json import plan_to_json
from gpudesk.results.plan_result import SearchPending

STARTUP = samples_dir() / "startup-inspection.gpudesk"


def test_an_estimate_leaves_the_search_pending_and_its_rows_unreadable(catalog) -> None:
    project = Project()
    plan = estimate_plan(project, catalog)
    assert not plan.search_done and not any(p.search_done for p in plan.phases)
    phase = plan.phases[0]
    with pytest.raises(SearchPending, match="complete_search"):
        _ = phase.search
    with pytest.raises(SearchPending):
        _ = phase.point_costs
    assert [c.pinned for c in phase.candidates] == [True]  # the plan's own row only, until the search is attached
    assert "pareto" not in phase.charts
    for surface in (lambda: plan_to_json(plan), lambda: build_proposal(plan, project, "en", Branding()),
                    lambda: compare_plans([(plan, project), (plan, project)])):
        with pytest.raises(SearchPending):
            surface()


def test_complete_search_attaches_what_a_searched_estimate_holds(catalog) -> None:
    project = load_project(STARTUP).project
    pending = estimate_plan(project, catalog)
    searched = complete_search(pending, catalog)
    assert searched is pending and searched.search_done
    at_once = estimate_plan(project, catalog, search=True)
    assert json.dumps(plan_to_json(searched), sort_keys=True) == json.dumps(plan_to_json(at_once), sort_keys=True)
    assert [list(p.charts) for p in searched.phases] == [list(p.charts) for p in at_once.phases]  # same order too
    assert complete_search(searched, catalog) is searched  # nothing pending: nothing runs again


def test_the_cli_searches_for_the_json_but_not_to_explain_a_figure(monkeypatch, tmp_path) -> None:
    """Each phase searched once for the JSON, wherever it runs: ``gpudesk estimate`` searches a phase per forked
    process where the load average leaves cores free and no other thread runs (results/search_workers.py). A list
    kept in this process saw only the phase searched here: 1 of 2 when the test ran alone on a quiet machine, 2 in
    the whole suite only because its two busy workers held the load above a free core, and 0 had search_workers
    been imported before the patch (it binds ``run_search`` itself). The searches are written to a file every
    process appends to, under both names the search is called by."""
    searched = tmp_path / "searched"
    real = pipeline.run_search

    def counted(estimate: object, catalog: object) -> object:
        with open(searched, "a", encoding="utf-8") as log:
            log.write(f"{estimate.index}\n")  # type: ignore[attr-defined]
        return real(estimate, catalog)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "run_search", counted)
    monkeypatch.setattr(search_workers, "run_search", counted)  # its own binding (from pipeline import run_search)

    def calls() -> list[int]:
        return sorted(int(line) for line in searched.read_text(encoding="utf-8").split()) if searched.exists() else []

    def run(**options: object) -> str:
        out = io.StringIO()
        args = argparse.Namespace(plan=STARTUP, json=False, explain=None, phase=0, lang=None)
        assert estimate_cmd.run(argparse.Namespace(**{**vars(args), **options}), out, io.StringIO()) == 0
        return out.getvalue()

    assert "plan.gpus" in run(explain="plan.gpus") and calls() == []
    document = json.loads(run(json=True))
    assert calls() == list(range(len(document["phases"]))) and len(document["phases"]) == 2
    assert all(p["search"] is not None and p["search_priced"] for p in document["phases"])
