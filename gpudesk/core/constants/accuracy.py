"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).

Written by tests/validation/generate_validation_report.py from the held-out half of the validation corpus;
low/high bound measured/predicted − 1 for throughput-like figures (a time figure uses the inverse),
the central 80% of held-out cases. fit_coverage is the share of the other (fit-half) cases
inside the band (docs/validation.md). A figure whose group has no entry has no validation."""

from __future__ import annotations

BAND_COVERAGE = 0.8
ACCURACY_BANDS: dict[str, dict[str, float]] = {
    "training throughput": {'low': -0.236, 'high': 0.232, 'fit_cases': 49, 'held_out_cases': 101, 'fit_coverage': 0.714},
    "serving throughput": {'low': -0.257, 'high': 0.204, 'fit_cases': 79, 'held_out_cases': 107, 'fit_coverage': 0.734},
    "first-token latency": {'low': -0.067, 'high': 0.704, 'fit_cases': 7, 'held_out_cases': 7, 'fit_coverage': 0.857},
    "training memory": {'low': -0.052, 'high': 0.162, 'fit_cases': 19, 'held_out_cases': 18, 'fit_coverage': 0.737},
}
