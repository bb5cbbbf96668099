"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).

Written by tests/validation/generate_validation_report.py from the fit half of the validation corpus;
low/high bound measured/predicted − 1 for throughput-like figures (a time figure uses the inverse),
the central 80% of fit-half cases. held_out_coverage is the share of held-out cases inside
the band (docs/validation.md). A figure whose group has no entry has no validation."""

from __future__ import annotations

BAND_COVERAGE = 0.8
ACCURACY_BANDS: dict[str, dict[str, float]] = {
    "training throughput": {'low': -0.023, 'high': 0.352, 'fit_cases': 17, 'held_out_cases': 15, 'held_out_coverage': 0.533},
    "serving throughput": {'low': -0.325, 'high': 0.173, 'fit_cases': 65, 'held_out_cases': 64, 'held_out_coverage': 0.875},
    "first-token latency": {'low': -0.104, 'high': 1.7, 'fit_cases': 7, 'held_out_cases': 7, 'held_out_coverage': 0.714},
    "training memory": {'low': -0.005, 'high': 0.096, 'fit_cases': 9, 'held_out_cases': 8, 'held_out_coverage': 0.5},
}
