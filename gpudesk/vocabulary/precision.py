"""Numeric formats: storage size per value and the catalog peak field a format's math runs at."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary


def _format(code: str, en: str, zh: str, bytes_per_value: float, peak: str | None) -> Term:
    return Term(code, en, zh, {"bytes": bytes_per_value, "peak": peak})


# Sizes are the format's bit width / 8 (fp6 packs six bits; fp4/int4 four); group scale factors of a
# quantisation scheme are accounted where the scheme is chosen (gpudesk.core.memory_states).
PRECISION: Vocabulary[Term] = Vocabulary("precision", (
    _format("fp32", "FP32", "FP32", 4.0, "fp32"),
    _format("tf32", "TF32 (stored as FP32)", "TF32（按 FP32 存储）", 4.0, "tf32"),
    _format("bf16", "BF16", "BF16", 2.0, "bf16"),
    _format("fp16", "FP16", "FP16", 2.0, "fp16"),
    _format("fp8", "FP8", "FP8", 1.0, "fp8"),
    _format("fp6", "FP6", "FP6", 0.75, "fp6"),
    _format("fp4", "FP4", "FP4", 0.5, "fp4"),
    _format("int8", "INT8", "INT8", 1.0, "int8"),
    _format("int4", "INT4 (weights)", "INT4（权重）", 0.5, None),
))
