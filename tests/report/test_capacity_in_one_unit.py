"""The proposal says a workload's capacity and its peak in one unit, as the status bar and the CLI say them: the
English performance table of the ecommerce sample read a target of '520,833 samples/s' beside a planned
'10.8 M samples/s' (each scaled on its own), and its architecture 'for a peak of 520,833', where the status bar read
'peak 0.521 M samples/s' (walk-26). The Chinese already read both in 万."""

from __future__ import annotations

import pytest

from gpudesk.report.document import Branding, DataTable, KeyValueTable
from gpudesk.report.proposal import build_proposal
from gpudesk.report.proposal_summary import capacity_rates
from gpudesk.report.text_catalog import ReportText
from gpudesk.wizard.defaults import unset_word


def test_capacity_rates_share_the_capacitys_count_word():
    en, zh = ReportText("en"), ReportText("zh")
    assert capacity_rates(10_780_265.0, 520_833.33, "samples/s", en) == ("10.8 M samples/s", "0.521 M samples/s")
    assert capacity_rates(10_780_265.0, 3_472_222.2, "samples/s", en) == ("10.8 M samples/s", "3.47 M samples/s")
    assert capacity_rates(10_780_265.0, 520_833.33, "samples/s", zh) == ("1,078 万样本/秒", "52.1 万样本/秒")
    assert capacity_rates(163.4, 120.0, "images/s", en) == ("163 images/s", "120 images/s")  # no count word


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ecommerce_proposal_reads_capacity_and_peak_in_one_unit(searched_sample, lang):
    plan, project = searched_sample("ecommerce-recsys")
    doc = build_proposal(plan, project, lang, Branding(), catalog=searched_sample.catalog,
                         unset=lambda p, value, floor: unset_word(p, value, floor, lang))
    word = "M samples/s" if lang == "en" else "万样本/秒"
    metric = ReportText(lang).get("exec.metric_capacity")
    rows = [row for section in doc.sections for block in section.blocks if isinstance(block, DataTable)
            for row in block.rows if metric in row]
    assert len(rows) == 2, rows  # one per phase
    for row in rows:
        target, planned = row[2], row[3]
        assert target.endswith(word) and planned.endswith(word), row
    capacity = ReportText(lang).get("summary.capacity")
    values = [value for section in doc.sections for block in section.blocks if isinstance(block, KeyValueTable)
              for key, value in block.rows if key.endswith(capacity)]
    assert values and all(value.count(word) == 3 for value in values), values  # total, per replica, peak
