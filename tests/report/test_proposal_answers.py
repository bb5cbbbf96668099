"""What the proposal answers a customer's CTO and procurement officer first: why this many GPUs (with the band of the
estimate behind the count) and what each option costs (every total beside the lines awaiting a quote it leaves
out), read from the core's figures, ledgers and ranked rows on the shipped samples."""

from __future__ import annotations

import math

import pytest

from gpudesk.report.document import Branding, DataTable, KeyValueTable, Paragraph
from gpudesk.report.proposal import build_proposal

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def test_ranked_costs_say_the_lines_awaiting_a_quote_they_leave_out(bank_proposal):
    """A ranked row's cost is its ledger's total, which leaves out the lines awaiting a quote (switches, optics,
    installation): the summary printed the bank's own row as '13,546 万元' beside the cost page's '13,546 万元 + 3 项
    待询价', and the alternatives' totals as complete. Each now carries its ledger's count, as every total does."""
    plan, doc = bank_proposal("zh")
    largest = max(plan.phases, key=lambda p: (p.config.gpus, p.index))
    unpriced = len(largest.ledger.unpriced)
    assert unpriced
    summary = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable)
                   and b.title == "备选方案（规模最大的阶段）")
    assert summary.rows[0][0] == "本方案配置" and summary.rows[0][3].endswith(f"\n+ {unpriced} 项待询价")
    for row in summary.rows[1:]:  # priced alternatives buy the same switches and optics: their lines are out too
        assert row[3] == "待询价" or "项待询价" in row[3], row


def test_summary_quotes_the_band_of_the_estimate_behind_the_gpu_count(bank_proposal, searched_sample):
    """The summary's why-sentence gave the bank's 660 GPUs and the peak rate that set them but no accuracy band: a CTO
    read the count as exact. It quotes the 80% band of the estimate behind the count where one applies (the training
    plan of tests/report/golden/proposal_single_*.txt: 'the training throughput estimate … 80% interval'), and the
    plan's flat band where that estimate has none: vision, and the bank's Ascend 910B, a family without validation
    (core/accuracy.validated_family; its risks say the band does not apply, tests/plan/test_band_and_validation_check
    _agree.py)."""
    for lang, words in (("zh", "没有经过验证的误差区间"), ("en", "has no validated band")):
        plan, doc = bank_proposal(lang)
        largest = max(plan.phases, key=lambda p: (p.config.gpus, p.index))
        band = largest.accuracy["infer.requests_per_s"]  # the group's band exists, none of its cases on Ascend
        assert band["low"] is None and band["family"] == "huawei-ascend" and band["group"] == "serving throughput"
        assert any(c.id == "accuracy.family_not_validated" for c in largest.checks)
        text = " ".join(b.text for b in doc.section("summary").blocks if isinstance(b, Paragraph))
        assert words in text, text
    plan, project = searched_sample("manufacturer-vision-private")
    text = " ".join(b.text for b in build_proposal(plan, project, "zh", Branding()).section("summary").blocks
                    if isinstance(b, Paragraph))
    assert "没有经过验证的误差区间，按约 ±20%" in text, text


def test_delivery_comparison_lists_every_priced_option_and_the_plans_own_mode(searched_sample):
    """The table iterated the delivery modes, so the monthly subscription the core prices (and the cost chart draws)
    was missing: the manufacturer's 公有云包月 at 215.4 万元 under on-demand's 257.5 万元. And the plan's own owned
    servers, which await a quote, had no row in their own comparison (gov: no table at all, only '推荐交付模式：私有化
    部署（自购）'). Now one row per option the core priced, in its order, and the plan's unpriced mode says so."""
    plan, project = searched_sample("manufacturer-vision-private")
    doc = build_proposal(plan, project, "zh", Branding())
    tables = [b for b in doc.section("delivery").blocks if isinstance(b, DataTable)]
    assert len(tables) == len(plan.phases)
    for table, phase in zip(tables, plan.phases):
        fs = phase.figures
        modes = [m for m in str(fs.value_at("delivery.modes")).split(",") if m]
        assert "cloud_monthly" in modes and "private" not in modes  # the core prices the subscription, not the servers
        monthly = next(r for r in table.rows if r[0] == "公有云包月")
        assert monthly[1] == f"{fs.number('delivery.total.cloud_monthly') / 1e4:,.1f} 万元"
        # the core's own figure for the owned column: unknown, with the ledger's lines awaiting a quote (it read
        # '待询价' from a row the report derived from delivery.chosen_mode)
        waiting = fs.awaiting("delivery.total.private")
        assert math.isnan(fs.number("delivery.total.private")) and waiting == phase.ledger.awaiting() and waiting
        assert table.rows[-1][:2] == ("私有化部署（自购）", f"待询价（{len(waiting)} 项）")
        assert len(table.rows) == len(modes) + 1


def test_search_section_names_each_configuration_as_its_ledger_prices_it(searched_sample):
    """The manufacturer's search section read 'Huawei Ascend 910B 64GB × 1 卡' over 'GPU 数 3' and the why's '× 3 卡'
    (an item-rate point is one GPU; the plan pinning it runs the GPUs its rate needs), and its cost '752.1 万元'
    beside the ranked table's '752.1 万元 + 1 项待询价'. Each configuration now names its ledger's GPUs and its cost the
    lines that ledger leaves out, as the ranked table's row for it does."""
    plan, project = searched_sample("manufacturer-vision-private")
    doc = build_proposal(plan, project, "zh", Branding())
    phase = plan.phases[0]
    rec = phase.search.recommended
    gpus, _nodes, cost = phase.point_costs[rec.index]
    row = next(c for c in phase.candidates if c.point == rec.index)
    waiting = next(int(r.numbers["count"]) for r in row.reasons if r.key == "ledger_lines_unpriced")
    chosen = next(b for b in doc.section("search").blocks if isinstance(b, KeyValueTable))
    rows = dict(chosen.rows)
    assert rows["GPU 数"] == f"{gpus:,}" and f"× {gpus:,} 卡" in rows["配置"], rows
    assert rows["5 年总体拥有成本（费用台账）"] == f"{cost / 1e4:,.1f} 万元 + {waiting} 项待询价", rows
    table = next(b for b in doc.section("search").blocks if isinstance(b, DataTable))
    assert table.rows[0][1] == rows["配置"] and table.rows[0][-1] == f"{cost / 1e4:,.1f} 万元\n+ {waiting} 项待询价"
    for name, config, shown_gpus, *_rest in table.rows:  # every row names the GPUs it counts
        assert f"× {shown_gpus} 卡" in config, (name, config, shown_gpus)


def test_a_mode_priced_as_another_names_its_row_in_the_comparison(searched_sample):
    """The ecommerce comparison read '推荐交付模式：容器服务。' above rows for on-demand, spot, reserved, owned and hybrid
    and none for containers: the core prices the container service at the on-demand rate (delivery.chosen_mode). The
    sentence now names the row that is its own."""
    plan, project = searched_sample("ecommerce-recsys")
    assert project.phases[0].delivery.mode == "container_service"
    assert plan.phases[0].figures.value_at("delivery.chosen_mode") == "cloud_on_demand"
    for lang, said, row in (("zh", "推荐交付模式：容器服务（下表按“公有云按需”一行计价）。", "公有云按需"),
                            ("en", "(priced in the table below as its row 'Public cloud, on demand')",
                             "Public cloud, on demand")):
        section = build_proposal(plan, project, lang, Branding()).section("delivery")
        chosen = [b.text for b in section.blocks if isinstance(b, Paragraph) and said in b.text]
        assert len(chosen) == len(plan.phases), [b for b in section.blocks if isinstance(b, Paragraph)]
        tables = [b for b in section.blocks if isinstance(b, DataTable)]
        assert all(any(r[0] == row for r in table.rows) for table in tables)


def test_totals_leaving_out_lines_awaiting_a_quote_say_they_are_lower_bounds(searched_sample):
    """The gov summary read '有 7 项费用待询价，未计入上述合计 … 须取得报价后投资额方为最终金额': a procurement officer
    could still read '407.4 万元' as the plan's cost. The notes beside the summary's totals and each bill of materials
    now say those totals are lower bounds."""
    from gpudesk.report.document import Note

    plan, project = searched_sample("gov-llm-domestic-accelerator")
    assert plan.unpriced_lines
    for lang, summary_words, bom_words in (("zh", "上述合计均为下限", "各项合计均为下限"),
                                           ("en", "so each is a lower bound", "so each total is a lower bound")):
        doc = build_proposal(plan, project, lang, Branding())
        notes = [b.text for b in doc.section("summary").blocks if isinstance(b, Note)]
        assert any(summary_words in n and str(plan.unpriced_lines) in n for n in notes), notes
        bom = [b.text for b in doc.section("bom").blocks if isinstance(b, Note) and bom_words in b.text]
        assert len(bom) == sum(1 for p in plan.phases if p.ledger.unpriced), bom


def test_an_item_rate_configuration_names_no_data_parallel_layout(searched_sample):
    """The manufacturer's search section read 'Huawei Ascend 910B 64GB × 3 卡 · FP16 · DP1' (and its ranked row '3 …
    FP16 · DP1'): the inspection's item-rate point runs one replica a GPU, its 'DP1' counting the searched workload's
    GPU beside two the retraining keeps. Item serving is described by its GPUs and precision; vision training keeps its
    data-parallel degree (DP4, tests/plan/test_candidate_layouts.py)."""
    plan, project = searched_sample("manufacturer-vision-private")
    phase = plan.phases[0]
    assert phase.search.recommended.kind == "vision_inference"
    for lang in ("zh", "en"):
        table = next(b for b in build_proposal(plan, project, lang, Branding()).section("search").blocks
                     if isinstance(b, DataTable))
        assert not [row for row in table.rows if "DP" in " ".join(str(cell) for cell in row)], table.rows
    assert all("DP" not in c.layout for c in phase.candidates), [(c.layout, c.pinned) for c in phase.candidates]


def test_the_search_why_counts_the_lines_its_cost_leaves_out(searched_sample):
    """The bank's search why read '5 年总体拥有成本（费用台账） 4,278 万元' beside its ranked row's '4,278 万元 + 4 项待询价':
    the why is worded in the core (PhaseSearch.explain_priced) from the ledger's total alone. It now says the lines
    awaiting a quote that total leaves out, as the row does (one count: results/plan_rows.awaiting_lines)."""
    from gpudesk.report.check_text import words
    from gpudesk.results.plan_rows import awaiting_lines

    plan, _project = searched_sample("bank-llm-assistant")
    checked = 0
    for phase in plan.phases:
        if phase.search is None or phase.search.recommended is None:
            continue
        row = next(c for c in phase.candidates if c.point == phase.search.recommended.index)
        count = awaiting_lines(row.reasons)
        if count:
            assert f"+ {count} 项待询价" in words(phase.search.why, "zh"), words(phase.search.why, "zh")
            assert f"+ {count} line" in words(phase.search.why, "en"), words(phase.search.why, "en")
            checked += 1
    assert checked  # the bank's search rows leave lines out
