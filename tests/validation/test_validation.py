"""The time models against published measurements (docs/validation.md)."""

from __future__ import annotations

import math

import pytest

from generate_validation_report import DOC, render
from validation_cases_inference import INFERENCE_LATENCY_CASES, INFERENCE_THROUGHPUT_CASES
from validation_cases_training import TRAINING_CASES
from validation_runner import MEDIAN_LIMITS, run_all, summary


@pytest.fixture(scope="module")
def results():
    return run_all()


def test_at_least_forty_cited_cases():
    cases = TRAINING_CASES + INFERENCE_THROUGHPUT_CASES + INFERENCE_LATENCY_CASES
    assert len(cases) >= 40
    assert len({c.id for c in cases}) == len(cases)
    for case in cases:
        assert case.citation and case.measured > 0, case.id


def test_every_case_gives_a_finite_prediction(results):
    bad = [r.id for r in results if not (math.isfinite(r.predicted) and r.predicted > 0)]
    assert not bad


@pytest.mark.parametrize("group", list(MEDIAN_LIMITS))
def test_median_error_does_not_regress(results, group):
    stats = summary(results)[group]
    assert stats["median_abs_error"] <= MEDIAN_LIMITS[group], (group, stats)


def test_issue_targets_hold(results):
    stats = summary(results)
    assert stats["training"]["median_abs_error"] <= 0.15
    assert stats["inference throughput"]["median_abs_error"] <= 0.20


def test_generated_document_is_current(results):
    assert DOC.exists(), "run tests/validation/generate_validation_report.py"
    assert DOC.read_text(encoding="utf-8") == render(results), (
        "docs/validation.md is stale: run .venv/bin/python tests/validation/generate_validation_report.py")
