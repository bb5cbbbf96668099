"""What a total cost of ownership covers is said beside it, in one wording, on every surface that prints it.

The bank sample's rented 3-month pilot read, on step 7 and in the proposal, '年运营费用 225.9 万元/年' (the rent's
annual rate) beside '测算年限 5 年' and '测算期总体拥有成本 56.5 万元' (its 3 rented months) with no word that the
total covers only those months; the status bar alone said '5 年 TCO（租用 3 个月）'."""

from __future__ import annotations

import pytest

from gpudesk.report.document import Branding, KeyValueTable
from gpudesk.report.proposal import build_proposal
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_json import plan_to_json
from gpudesk.vocabulary.costs import total_basis

WORDS = {"zh": ("租用 3 个月", "自购"), "en": ("3-month rent", "owned")}


def _cost_rows(doc, text: ReportText) -> list[dict[str, str]]:
    """Each phase's cost table as {label: value}, in phase order."""
    return [dict(b.rows) for b in doc.section("cost").blocks if isinstance(b, KeyValueTable)
            and any(label.startswith(text.get("figure.plan.phase_cost")) for label, _v in b.rows)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_total_over_years_says_what_it_covers(lang, searched_sample):
    plan, project = searched_sample("bank-llm-assistant")
    pilot, launch = plan.phases[0], plan.phases[1]
    assert not pilot.config.owns_hardware and launch.config.owns_hardware
    rent, owned = WORDS[lang]
    assert pilot.ledger.basis_words(5, lang) == rent == total_basis("rented", 3, lang)
    assert launch.ledger.basis_words(5, lang) == owned
    t = ReportText(lang)
    doc = build_proposal(plan, project, lang, Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    tables = _cost_rows(doc, t)
    assert len(tables) == len(plan.phases)
    open_, close = ("（", "）") if lang == "zh" else (" (", ")")
    for rows, words in zip(tables, (rent, owned, owned), strict=False):
        for key in ("tco.total_3y", "tco.total_5y", "tco.total_horizon"):
            label = t.get(f"figure.{key}") + open_ + words + close
            assert label in rows, (label, list(rows))
    # estimate --json: the ledger's totals and the horizon's, each with its basis in both languages
    phases = plan_to_json(plan)["phases"]
    assert phases[0]["ledger"]["total_5y_basis"] == {"months": 3, "en": "3-month rent", "zh": "租用 3 个月"}
    assert phases[0]["horizon_basis"] == {"years": 5, "months": 3, "en": "3-month rent", "zh": "租用 3 个月"}
    assert phases[1]["ledger"]["basis"] == "owned" and phases[1]["horizon_basis"]["months"] == 60
    assert phases[0]["inputs"]["tco.horizon_months"]["value"] == 3


def test_a_phase_one_time_total_is_the_sum_of_its_shown_lines(searched_sample):
    """The bank launch's one-time cost read 3,952 万元 above servers 3,460, goods VAT 449.8 and services VAT 2.4
    (3,912 万元): the 40 万元 of one-off services was left out of the lines shown."""
    from gpudesk.report.figure_rows import FigureFormatter
    from gpudesk.report.proposal_infra import COST_FIGURES

    plan, _project = searched_sample("bank-llm-assistant")
    for phase in plan.phases:
        shown = FigureFormatter(phase.figures, ReportText("en"), phase.ledger.currency)
        once = [line for line in phase.ledger.lines if line.period == "once" and line.priced]
        keys = {r.key for r in COST_FIGURES if shown.has(r.key) and not (r.skip_zero and shown.value(r.key) == 0)}
        assert {line.figure_key for line in once} <= keys, {line.figure_key for line in once} - keys
        assert sum(line.amount for line in once) == pytest.approx(phase.ledger.one_time)
