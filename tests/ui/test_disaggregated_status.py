"""The status bar names a disaggregated plan's two pools (it read '72 GPUs in 9 × … server · capacity 14.9 requests/s',
nothing saying that the 72 GPUs are a prefill pool and a decode pool)."""

from __future__ import annotations

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.report.display_text import display_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.summary import SUMMARY_SEPARATOR, summary_text


def test_the_status_bar_names_the_prefill_and_decode_pools(qapp) -> None:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.batching, w.prompt_tokens, w.output_tokens = "llm_inference", "llama-3.1-70b", \
        "disaggregated", 4096, 256
    w.peak_requests_per_s, w.ttft_ms, w.tpot_ms, w.parallel.tp = 20.0, 3000, 50, 4
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    phase = estimate_plan(project, Catalog.open()).phases[0]
    prefill, decode = phase.config.workloads[0].pools
    zh = summary_text(phase, display_text("zh")).split(SUMMARY_SEPARATOR)
    assert f"预填充/解码分离：预填充池 {prefill:,} 卡 + 解码池 {decode:,} 卡" in zh, zh
    en = summary_text(phase, display_text("en")).split(SUMMARY_SEPARATOR)
    assert f"prefill/decode disaggregated: prefill pool {prefill:,} + decode pool {decode:,} GPUs" in en, en
    w.batching = "continuous"
    assert not any("prefill" in part for part in summary_text(estimate_plan(project, Catalog.open()).phases[0],
                                                              display_text("en")).split(SUMMARY_SEPARATOR))
