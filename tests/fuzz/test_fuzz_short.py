"""The short fuzz pass of ``make test``: generated plans and CSVs end in an estimate or a clear message.

The long pass is ``python -m tests.fuzz`` (see ``tests/fuzz/__init__.py``); this one runs every generator
for a few cases with a fixed seed, so it takes seconds and fails on the first traceback or timeout.
"""

from __future__ import annotations

import pytest

from .driver import format_report, run_fuzz
from .plan_strategies import sample_paths

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

PLANS = 20  # every plan generator gets a case (tests/fuzz/driver.py PLAN_SHARES), 7 of them estimated
CSVS = 12  # every CSV generator gets a case, 2 of them imported (each import about 3 s: the slowest cases)


def test_generated_plans_and_csvs_end_in_an_estimate_or_a_message(searched_sample):
    tally = run_fuzz(PLANS, CSVS, seed_value=20261201, timeout_s=30.0,
                     reference=searched_sample(sample_paths()[0].stem))
    report = format_report(tally, PLANS, CSVS, tally.total_seconds)
    assert tally.failures == 0, report
    assert sum(tally.counts.values()) >= PLANS + CSVS - 5, report  # every generator produced its cases
    estimated = tally.outcome_totals("plans")["estimated"]
    assert estimated >= 5, f"too few plans estimated to say anything about the estimate:\n{report}"
