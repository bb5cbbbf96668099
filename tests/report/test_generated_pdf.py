"""The printed proposal of a generated plan says what its proposal model says (tests/plan/test_generated_surfaces.py
holds the model to the ledger): each phase's GPUs and total, the plan total and the lines awaiting a quote are in the
PDF's text, in Chinese and English, and no unknown number is printed as nan or inf."""

from __future__ import annotations

import copy
import re

import pytest
from generated_plans import generated_plans
from pdf_support import pdf_text

from gpudesk.catalog.store import Catalog
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.report.document import Branding, DataTable
from gpudesk.report.proposal import build_proposal
from gpudesk.results.pipeline import complete_search, estimate_plan

pytestmark = [pytest.mark.gui]
NOT_A_NUMBER = re.compile(r"(?<![A-Za-z])(nan|NaN|inf|Infinity)(?![A-Za-z])")


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(("number", "lang"), [(12, "zh"), (1, "en")])  # MI300X then 256 Ascend 910C nodes; 4,096 Gaudi 3
def test_the_pdf_prints_the_models_gpus_totals_and_quotes_awaited(number, lang, qapp, tmp_path) -> None:
    drawn = generated_plans(20261204, number + 1)[number]
    catalog = Catalog.open(user_db=None)
    plan = complete_search(estimate_plan(copy.deepcopy(drawn.project), catalog), catalog)
    assert len(plan.phases) == 2 and plan.unpriced_lines, drawn.label  # what the case is for
    doc = build_proposal(plan, drawn.project, lang, Branding("generated"), catalog=catalog)
    path = tmp_path / f"generated-{lang}.pdf"
    write_proposal_pdf(doc, path)
    printed = _flat(pdf_text(path))
    invest = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable))
    for row in invest.rows:  # every phase's and the plan's total, with its lines awaiting a quote
        assert _flat(row[-1]) in printed, (drawn.label, row)
    for phase in plan.phases:
        assert f"{phase.config.gpus:,}" in printed, (drawn.label, phase.name)
    assert not NOT_A_NUMBER.search(pdf_text(path)), NOT_A_NUMBER.findall(pdf_text(path))
