"""Inputs that once ended in a traceback (found by the fuzz runs and the issue's trials), kept as files.

Each ``regressions/*.gpudesk`` must now estimate or be refused with a message; each ``regressions/*.csv``
(with ``NAME.json`` giving the table and encoding) must import or be refused with a one-line message. A
long run writes new failing inputs with ``--save``; minimised, they go into that folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .cases import CsvRunner, PlanRunner
from .csv_strategies import CsvCase
from .plan_strategies import sample_paths

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

HERE = Path(__file__).resolve().parent / "regressions"
PLANS = sorted(HERE.glob("*.gpudesk"))
CSVS = sorted(HERE.glob("*.csv"))


@pytest.fixture(scope="module")
def plan_runner(searched_sample):
    runner = PlanRunner.open(timeout_s=30.0, use_alarm=False, reference=searched_sample(sample_paths()[0].stem))
    yield runner
    runner.catalog.close()


@pytest.mark.parametrize("path", PLANS, ids=[p.stem for p in PLANS])
def test_plan_ends_in_an_estimate_or_a_message(plan_runner, path):
    outcome = plan_runner.run(path.read_bytes())
    assert outcome.kind in ("estimated", "refused"), f"{outcome.kind}: {outcome.detail}\n{outcome.trace}"


@pytest.mark.parametrize("path", CSVS, ids=[p.stem for p in CSVS])
def test_csv_ends_in_an_import_or_a_message(tmp_path, path):
    meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    runner = CsvRunner(tmp_path, timeout_s=30.0, use_alarm=False)
    outcome = runner.run(CsvCase(meta["table"], path.read_bytes(), meta.get("encoding", "utf-8")))
    assert outcome.kind in ("imported", "refused"), f"{outcome.kind}: {outcome.detail}\n{outcome.trace}"


def test_there_are_regression_inputs():
    assert len(PLANS) >= 8 and len(CSVS) >= 2
