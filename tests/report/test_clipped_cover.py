"""A plan opened with a name, customer or author over its limit (kept whole in the plan) shows on the proposal's
cover and page headers clipped at the limit, as the warning on opening said; a long company name likewise."""

from __future__ import annotations

from report_samples import training_plan, training_project

from gpudesk.report.document import COMPANY_MAX_CHARS, Branding, KeyValueTable
from gpudesk.report.proposal import build_proposal


def test_the_cover_shows_over_long_texts_clipped_at_their_limits() -> None:
    project = training_project()
    project.meta.author, project.meta.customer, project.meta.name = "作" * 20_000, "C" * 500, "N" * 400
    doc = build_proposal(training_plan(), project, "zh", Branding(company="公" * 500))
    rows = dict(next(b for s in doc.sections if s.id == "cover" for b in s.blocks if isinstance(b, KeyValueTable)).rows)
    clipped = sorted(len(v) for v in rows.values() if v.endswith("…"))
    assert clipped == sorted([60, 120, 120, COMPANY_MAX_CHARS]), {k: len(v) for k, v in rows.items()}
    assert len(doc.project_name) == 120 and len(doc.branding.company) == COMPANY_MAX_CHARS
    assert project.meta.author == "作" * 20_000  # the plan keeps its text


def test_a_line_break_in_a_name_reads_on_one_line() -> None:
    project = training_project()
    project.meta.author = "王工\n李工"
    doc = build_proposal(training_plan(), project, "zh", Branding(company="甲公司\r\n乙部门"))
    rows = dict(next(b for s in doc.sections if s.id == "cover" for b in s.blocks if isinstance(b, KeyValueTable)).rows)
    assert "王工 李工" in rows.values() and "甲公司 乙部门" in rows.values() and doc.branding.company == "甲公司 乙部门"
