"""The task-step warning of a serving replica with pipeline stages: the band of the published runs of that layout.

The published serving runs with pipeline stages (TensorRT-LLM's RTX PRO 6000 series at 2, 4 and 8 stages on PCIe
cards; MLPerf Inference Llama 3.1 405B engines of two stages) scatter about gpudesk's figure more widely than the
other serving runs, and past two stages they lose throughput per GPU where gpudesk's replica gains
(docs/validation.md, 'Pipeline-parallel serving'). No published figure sets the missing per-stage cost, so the model
is not changed; a plan of that layout carries the band of those runs (core/accuracy.py ``PIPELINE_SERVING_GROUP``)
and this warning, as an attention data-parallel MoE replica carries ``serving.moe_attention_dp_optimistic``
(core/pitfalls.py). The Chinese wording is in resources/i18n/checks_zh.toml under the same id.
"""

from __future__ import annotations

from gpudesk.core.accuracy import pipeline_numbers
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text

PIPELINE_RUNS = ("TensorRT-LLM on RTX PRO 6000 PCIe cards at 2, 4 and 8 stages; MLPerf Inference Llama 3.1 405B at "
                 "2 stages")
"""The published runs behind the band, as the warnings name them (validation_bands.PIPELINE_IDS)."""


def pipeline_stages_check(tp: float, pp: float) -> list[Check]:
    """A serving replica of ``pp`` > 1 pipeline stages (each of ``tp``-way tensor parallel): the band of the
    published runs with pipeline stages, and by how much a GPU count sized at gpudesk's figure may be short,
    1 / (1 + band low). None of it when the validation suite left no such band."""
    band = pipeline_numbers()
    if not (pp > 1) or band is None:
        return []
    low, high, cases = band["low_pct"] / 100.0, band["high_pct"] / 100.0, int(band["cases"])
    numbers = {"pp": pp, "tp": tp, "cases": cases, "low_pct": band["low_pct"], "high_pct": band["high_pct"],
               "short": band["short"]}
    return [Check(
        "serving.pipeline_uncertain", "warning", "task",
        "Serving with pipeline stages: throughput uncertain",
        f"The replica runs {pp:,.0f} pipeline stages of {tp:,.0f}-way tensor parallel. On the {cases} published "
        f"serving runs with pipeline stages ({PIPELINE_RUNS}) the measured throughput differed "
        f"from gpudesk's by {percent_text(low, signed=True)} to {percent_text(high, signed=True)} (80% band), wider "
        f"than other serving runs, so it may need up to {1.0 / (1.0 + low):.1f}× the GPUs gpudesk sizes.",
        "Prefer tensor parallel within an NVLink domain to pipeline stages; on PCIe cards size with the low end of "
        "the band, or calibrate with a pilot run of this layout before quoting the GPU count.",
        ("infer.tokens_per_s", "infer.in.tp", "infer.in.pp"), numbers,
    )]
