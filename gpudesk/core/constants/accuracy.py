"""Accuracy bands per figure group, from the validation residuals (generated; do not edit by hand).

Written by tests/validation/generate_validation_report.py from the validation corpus; low/high bound
measured/predicted − 1 for throughput-like figures (a time figure uses the inverse): a split-conformal
80% interval of both halves' residuals, pooled after fitting. fit_coverage and held_out_coverage
are the shares of each half's cases inside it (docs/validation.md). A figure whose group has no entry has
no validation."""

from __future__ import annotations

BAND_COVERAGE = 0.8
ACCURACY_BANDS: dict[str, dict[str, float]] = {
    "training throughput": {'low': -0.208, 'high': 0.144, 'fit_cases': 49, 'held_out_cases': 101, 'fit_coverage': 0.776, 'held_out_coverage': 0.832},
    "serving throughput": {'low': -0.148, 'high': 0.166, 'fit_cases': 60, 'held_out_cases': 101, 'fit_coverage': 0.833, 'held_out_coverage': 0.802},
    "first-token latency": {'low': -0.051, 'high': 0.543, 'fit_cases': 7, 'held_out_cases': 13, 'fit_coverage': 0.857, 'held_out_coverage': 0.923},
    "training memory": {'low': -0.059, 'high': 0.397, 'fit_cases': 19, 'held_out_cases': 18, 'fit_coverage': 0.842, 'held_out_coverage': 0.944},
    "serving throughput, MoE attention data-parallel": {'low': -0.345, 'high': 0.04, 'fit_cases': 19, 'held_out_cases': 22, 'fit_coverage': 1.0, 'held_out_coverage': 0.727},
    "serving throughput, pipeline-parallel": {'low': -0.315, 'high': 0.351, 'fit_cases': 0, 'held_out_cases': 46, 'held_out_coverage': 0.87},
    "serving throughput, Intel Gaudi": {'low': -0.207, 'high': 0.054, 'fit_cases': 0, 'held_out_cases': 40, 'held_out_coverage': 0.85},
}
# the hardware families of each band's cases: a figure on another family has no band (core/accuracy.py)
BAND_FAMILIES: dict[str, tuple[str, ...]] = {
    "training throughput": ('amd-cdna3', 'huawei-ascend', 'intel-gaudi', 'nvidia-ada', 'nvidia-ampere', 'nvidia-blackwell', 'nvidia-hopper'),
    "serving throughput": ('nvidia-ada', 'nvidia-ampere', 'nvidia-blackwell', 'nvidia-hopper'),
    "first-token latency": ('intel-gaudi', 'nvidia-ampere', 'nvidia-hopper'),
    "training memory": ('nvidia-hopper',),
    "serving throughput, MoE attention data-parallel": ('nvidia-blackwell', 'nvidia-hopper'),
    "serving throughput, pipeline-parallel": ('nvidia-blackwell', 'nvidia-hopper'),
    "serving throughput, Intel Gaudi": ('intel-gaudi',),
}
