"""A recommendation phase whose embedding tables need more GPUs than its peak rate says so.

The e-commerce ranking phase holds its tables on 2 GPUs (recsys.gpus_for_tables) while its peak of 3.47 M samples/s
needs 1 (recsys.gpus_needed); the summary read '由时延目标下的峰值处理量决定：峰值 347 万样本/秒需要 2 个副本' (proposal-26).
The sized configuration names the tables (sized_by 'tables') and the why-sentence gives both counts."""

from __future__ import annotations

from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal


def test_the_embedding_tables_name_the_gpu_count_where_they_bind(searched_sample) -> None:
    plan, project = searched_sample("ecommerce-recsys")
    phase = next(p for p in plan.phases if "recsys.gpus_for_tables" in p.figures)
    tables, rate = phase.figures.number("recsys.gpus_for_tables"), phase.figures.number("recsys.gpus_needed")
    assert tables > rate  # the sample's case: 2 GPUs hold the tables, 1 carries the peak
    w = phase.config.workloads[0]
    assert w.sized_by == "tables" and w.gpus == tables
    assert w.sized_by_text("zh") == "嵌入表所需的显存"
    for lang, words in (("zh", f"放下嵌入表需要 {tables:.0f} 张 GPU"), ("en", f"holding the embedding tables takes {tables:.0f}")):
        doc = build_proposal(plan, project, lang, Branding())
        text = " ".join(repr(b) for s in doc.sections for b in s.blocks)
        assert words in text, (lang, text[:2000])
        assert "需要 2 个副本" not in text and "needs 2 replicas" not in text
