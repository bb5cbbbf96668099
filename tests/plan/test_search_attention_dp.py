"""The serving search and MoE layouts with attention data-parallel (expert parallel wider than tensor parallel):
the published runs of that layout scatter more widely than other serving runs (docs/validation.md, band
MOE_ADP_GROUP), so
the search ranks them after the tensor-parallel-attention layouts unless the plan sets that layout, says so in
its ranking reason, and every searched point of that layout carries the plan's warning and band."""

from __future__ import annotations

import pytest

from gpudesk.core.accuracy import attention_dp_numbers
from gpudesk.project.model import Project
from gpudesk.report.check_text import reason_text
from gpudesk.report.document import Note
from gpudesk.report.search_section import search_blocks
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import complete_search, estimate_plan
from gpudesk.results.search_checks import attention_dp_check

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _deepseek(tp: int = 0, ep: int = 0) -> Project:
    """DeepSeek-V3 at 20 requests/s, TPOT 50 ms, 2,048-token answers, searched on B200 and H100 only. On main
    before this rule its search recommended B200 × 32 at TP1 × PP4 × EP8 (attention data-parallel in 8 groups):
    the same cost as TP4 × PP4 × EP4 on the same 32 GPUs, ranked first on throughput it cannot vouch for."""
    project = Project()
    phase = project.phases[0]
    w = phase.workloads[0]
    w.kind, w.model_id = "llm_inference", "deepseek-v3"
    w.peak_requests_per_s, w.tpot_ms, w.output_tokens = 20, 50, 2048
    if ep:
        w.parallel.tp, w.parallel.ep = tp, ep
    phase.hardware.candidates = ["b200", "h100-sxm"]
    return project


def test_the_search_ranks_attention_data_parallel_after_tensor_parallel_attention(catalog) -> None:
    """Two searches of a 671B MoE (about 1 s each, two accelerators): the rule needs a plan that leaves the
    layout to the search and one that sets attention data-parallel itself."""
    band = attention_dp_numbers()
    assert band is not None
    found = complete_search(estimate_plan(_deepseek(), catalog), catalog).phases[0]
    rec = found.search.recommended
    assert rec is not None and rec.layout["ep"] <= rec.layout["tp"]
    assert found.search.why.key == "search_why_adp_rule"
    assert "rank after the tensor-parallel-attention layouts" in reason_text(found.search.why, "en")
    assert "排在同一市场档位的张量并行注意力布局之后" in reason_text(found.search.why, "zh")
    assert not any(r.key == "search_attention_dp" for c in found.candidates for r in c.reasons if not c.pinned)
    asks = complete_search(estimate_plan(_deepseek(tp=1, ep=8), catalog), catalog).phases[0]
    chosen = asks.search.recommended
    assert chosen is not None and chosen.layout["ep"] > chosen.layout["tp"]  # the plan set it: ranked as any other
    assert asks.search.why.key == "search_why_adp_warning"
    assert asks.search.why.numbers["short"] == pytest.approx(band["short"])
    assert f"may need up to {band['short']:.1f}× the GPUs gpudesk sizes" in reason_text(asks.search.why, "en")
    rows = {p.index for p in asks.search.per_accelerator if p.layout["ep"] > p.layout["tp"]}
    ranked = [c for c in asks.candidates if c.point in rows and not c.pinned]
    assert ranked and all(any(r.key == "search_attention_dp" and r.numbers["low_pct"] == band["low_pct"]
                              for r in c.reasons) for c in ranked)
    # the plan's own layout carries its warning once; a plan that does not run it gets the search's check
    assert [c.id for c in asks.checks].count("serving.moe_attention_dp_optimistic") == 1
    assert not attention_dp_check(asks.search, asks) and not attention_dp_check(found.search, found)
    (check,) = attention_dp_check(asks.search, found)
    assert check.id == "search.attention_dp_recommended" and check.numbers["short"] == pytest.approx(band["short"])
    shown = f"TP{chosen.layout['tp']:g} × PP{chosen.layout['pp']:g} × EP{chosen.layout['ep']:g}"
    assert shown in check.numbers["configuration"]  # the plan's own recommendation, named as the search named it
    notes = [b.text for b in search_blocks(asks, ReportText("zh")) if isinstance(b, Note) and b.kind == "warning"]
    # the proposal's alternatives: each attention data-parallel one warned (one with stages also gets the
    # pipeline band's note, tests/plan/test_pipeline_band.py)
    assert [n for n in notes if "注意力按" in n] and all("所需 GPU 数量最多可能是估算值的" in n for n in notes)
    assert all("注意力按" in n or "流水线级" in n for n in notes)
