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
