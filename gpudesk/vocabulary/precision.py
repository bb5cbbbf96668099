"""Numeric formats: storage size per value, the math a format runs at, and the catalog field of that math's peak.

Traits:
- ``bytes``: storage per value (the format's bit width / 8: fp6 packs six bits; fp4/int4 four); group scale factors
  of a quantisation scheme are accounted where the scheme is chosen (gpudesk.core.memory_states).
- ``math``: the format whose dense peak its arithmetic runs at (int4 math runs on the int8 units of most parts; no
  separate int4 figure is claimed).
- ``serves_in``: the format a serving replica's GEMMs run in when weights are stored in this format and no compute
  format is set apart: the format itself where parts compute in it, else bf16 (weight-only quantisation
  dequantises to 16 bit: int4, fp6; TF32 is a math mode, not a storage format).
"""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary


def _format(code: str, en: str, zh: str, bytes_per_value: float, math: str, serves_in: str) -> Term:
    return Term(code, en, zh, {"bytes": bytes_per_value, "math": math, "serves_in": serves_in})


PRECISION: Vocabulary[Term] = Vocabulary("precision", (
    _format("fp32", "FP32", "FP32", 4.0, "fp32", "fp32"),
    _format("tf32", "TF32 (stored as FP32)", "TF32（按 FP32 存储）", 4.0, "tf32", "bf16"),
    _format("bf16", "BF16", "BF16", 2.0, "bf16", "bf16"),
    _format("fp16", "FP16", "FP16", 2.0, "fp16", "fp16"),
    _format("fp8", "FP8", "FP8", 1.0, "fp8", "fp8"),
    _format("fp6", "FP6", "FP6", 0.75, "fp6", "bf16"),
    _format("fp4", "FP4", "FP4", 0.5, "fp4", "fp4"),
    _format("int8", "INT8", "INT8", 1.0, "int8", "int8"),
    _format("int4", "INT4 (weights)", "INT4（权重）", 0.5, "int8", "bf16"),
))

MATH_FORMATS = tuple(t.code for t in PRECISION if t.math == t.code)
"""Formats with a dense peak of their own in the catalog (every format's math is one of these)."""
WIDE_FORMATS = tuple(t.code for t in PRECISION if t.bytes >= 2.0)
"""16- and 32-bit formats: fused attention runs in them as they are."""
LOW_FORMATS = tuple(t.code for t in PRECISION if t.bytes <= 1.0)
"""8-bit and narrower formats (quantised math or storage)."""


def math_of(code: str) -> str:
    """The format whose peak ``code``'s arithmetic runs at."""
    return str(PRECISION.term(code).math)


def peak_field(code: str) -> str:
    """The catalog accelerator field holding the dense peak ``code``'s math runs at (int8 and int4: int8_tops)."""
    math = math_of(code)
    return "int8_tops" if math == "int8" else f"{math}_tflops"


def serving_math(weight_code: str) -> str:
    """The format serving GEMMs run in for weights stored as ``weight_code`` (see the ``serves_in`` trait)."""
    return str(PRECISION.term(weight_code).serves_in)
