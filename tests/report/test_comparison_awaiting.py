"""A comparison's money cells say what awaits a quote as the proposal does (report/comparison_export.value_text)."""

from __future__ import annotations

import pytest
from report_samples import rented_lora_plan

from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_export import value_text
from gpudesk.report.text_catalog import ReportText


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_money_nothing_of_which_is_priced_reads_awaiting_quotes_never_a_dash(lang):
    """The gov-against-bank comparison's capex read "—" for the gov plan, whose proposal reads 待询价（5 项）: every
    capex line awaits a quote (walk of polish-25). A money cell with no priced part reads as the proposal's roadmap
    reads it (``ledger_text.awaiting_total``); the rent of a plan without a cloud price read "$0 + 1 line awaiting
    a quote"."""
    comparison, text = compare_plans([rented_lora_plan("h100-sxm"), rented_lora_plan("mi325x")]), ReportText(lang)
    rent = next(r for r in comparison.rows if r.metric.id == "rent")
    assert not rent.values[1] and rent.awaiting[1] == 1  # none of the rent is priced
    assert value_text(rent, 1, comparison, text) == text.get("cost.quote_pending_one")
    assert value_text(rent, 0, comparison, text) not in ("—", text.get("cost.quote_pending_one"))


def test_one_plan_awaiting_quotes_reads_in_the_singular():
    """The gov-against-manufacturer comparison read "not decided: Manufacturer private vision inspection platform
    leave out lines awaiting quotes", and a plan short of one line "(1 lines awaiting quotes)", "1 lines less than"
    (walk of polish-25): one plan leaves out, one line awaits a quote."""
    from gpudesk.report.comparison_export import decision_rows, decision_section
    from gpudesk.report.document import DataTable, Note

    comparison, text = compare_plans([rented_lora_plan("h100-sxm"), rented_lora_plan("mi325x")]), ReportText("en")
    why = [row[2] for row in decision_rows(comparison, text)]
    assert any("mi325x leaves out lines awaiting quotes" in w for w in why), why
    assert not any(" leave out" in w or "1 lines" in w for w in why), why
    notes = [b.text for b in decision_section(comparison, text).blocks if isinstance(b, Note)]
    assert any("mi325x (1 line awaiting a quote) leaves out" in n for n in notes), notes
    cells = [c for b in decision_section(comparison, text).blocks if isinstance(b, DataTable) for r in b.rows for c in r]
    assert not any("1 lines" in c for c in cells), cells
