"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).

Written by tests/validation/generate_validation_report.py from the fit half of the validation corpus;
low/high bound measured/predicted − 1 for throughput-like figures (a time figure uses the inverse),
the central 80% of fit-half cases. held_out_coverage is the share of held-out cases inside
the band (docs/validation.md). A figure whose group has no entry has no validation."""

from __future__ import annotations

BAND_COVERAGE = 0.8
ACCURACY_BANDS: dict[str, dict[str, float]] = {
    "training throughput": {'low': -0.216, 'high': 0.211, 'fit_cases': 65, 'held_out_cases': 62, 'held_out_coverage': 0.71},
    "serving throughput": {'low': -0.308, 'high': 0.225, 'fit_cases': 79, 'held_out_cases': 77, 'held_out_coverage': 0.909},
    "first-token latency": {'low': 0.012, 'high': 1.247, 'fit_cases': 7, 'held_out_cases': 7, 'held_out_coverage': 0.714},
    "training memory": {'low': -0.047, 'high': 0.464, 'fit_cases': 19, 'held_out_cases': 18, 'held_out_coverage': 0.833},
}
