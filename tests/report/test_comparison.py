"""Comparison of saved plans: read off sized configurations and ledgers, best marking, differences, CSV, document."""

from __future__ import annotations

import csv
import io
import re

import pytest
from report_samples import (
    catalog,
    rented_lora_plan,
    roadmap_plan,
    three_training_plans,
    training_plan,
    training_project,
)

from gpudesk.report.comparison import (
    best_indices,
    comparable,
    compare_plans,
    flatten_inputs,
    input_differences,
    money_best,
)
from gpudesk.report.comparison_export import (
    comparison_document,
    cumulative_cost_chart,
    decision_section,
    table_header,
    to_csv,
    value_text,
)
from gpudesk.report.comparison_input_text import input_rows
from gpudesk.report.document import Branding, DataTable, KeyValueTable, Paragraph
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def test_best_marked_by_declared_direction():
    comparison = compare_plans(three_training_plans())
    assert comparison.names == ("Base", "Small", "Cheap")
    assert comparison.row("gpus").values == (64, 32, 64)  # the sized configurations: 8, 4, 8 DGX nodes
    assert comparison.row("gpus").best == {1}  # fewer GPUs is better
    assert comparison.row("time_days").best == {0, 2}  # the same layout on the same GPUs: a tie marks both
    assert comparison.row("capex").best == {1}
    assert comparison.row("total").metric.better == "lower"
    assert best_indices([10.0, 30.0, None], "higher") == {1}
    assert best_indices([10.0, None], "lower") == frozenset()  # one value is no comparison
    assert best_indices([10.0, 30.0, 5.0], "lower", [True, True, False]) == {0}  # an infeasible plan is never best


def test_values_are_the_plans_ledgers_and_configurations():
    entries = three_training_plans()
    comparison = compare_plans(entries)
    plans = [plan for plan, _project in entries]
    assert comparison.row("capex").values == tuple(p.phases[0].ledger.capex for p in plans)
    assert comparison.row("total").values == tuple(p.total for p in plans)
    assert comparison.row("servers").values == tuple(float(p.phases[0].config.servers) for p in plans)
    capex = comparison.row("capex")
    assert capex.deltas[1] == pytest.approx(capex.values[1] - capex.values[0])
    assert capex.relative_delta(1) == pytest.approx(-0.5)  # half the servers at the same price
    explanation = comparison.figures.explain("compare.p2.capex.vs_p0")
    assert explanation.formula == "p2 − p0" and explanation.value == pytest.approx(capex.values[2] - capex.values[0])
    assert "plan 'Cheap': sum of the phases' ledger capex" in explanation.inputs[0].source


def test_rows_absent_in_every_plan_are_dropped():
    comparison = compare_plans(three_training_plans())
    assert "throughput" not in [r.metric.id for r in comparison.rows]


def test_phases_that_follow_each_other_never_add_capacity():
    plan, project = roadmap_plan()
    comparison = compare_plans([(plan, project), (training_plan(), training_project())])
    assert comparison.row("gpus").values[0] == max(p.config.gpus for p in plan.phases) == 64
    assert comparison.row("capex").values[0] == sum(p.ledger.capex for p in plan.phases)
    assert comparison.row("total").values[0] == pytest.approx(sum(p.ledger.phase_total for p in plan.phases))
    assert comparison.row("racks").values[0] == plan.phases[1].figures.number("power.racks")  # only the owned phase


def test_input_differences_list_paths_and_values():
    diffs = {d.path: d.values for d in compare_plans(three_training_plans()).input_differences}
    assert diffs["phases[0].hardware.nodes"] == (8, 4, 8)
    assert diffs["phases[0].facility.cooling"] == ("air", "air", "liquid")
    assert not any(p.startswith(("meta", "revisions")) for p in diffs)
    a, b = training_project(), training_project()
    b.phases[0].workloads.append(b.phases[0].workloads[0].__class__(kind="llm_inference"))
    extra = {d.path: d.values for d in input_differences([a, b])}
    assert extra["phases[0].workloads[1]"] == (None, "")  # the extra workload, listed once (unnamed)
    assert not any(p.startswith("phases[0].workloads[1].") for p in extra)
    c = training_project()
    c.phases.append(c.phases[0].__class__(name="Peak"))
    assert {d.path: d.values for d in input_differences([a, c])}["phases[1]"] == (None, "Peak")
    assert "phases[0].hardware.candidates" in flatten_inputs(a)


def test_plans_in_other_currencies_are_converted_at_their_own_rate():
    with pytest.raises(ValueError, match="2 to 4"):
        compare_plans(three_training_plans()[:1])
    usd_plan, usd_project = three_training_plans()[0]
    cny_project = training_project("CNY plan")
    cny_project.phases[0].costs.currency, cny_project.phases[0].costs.cny_per_usd = "CNY", 7.0
    from report_samples import catalog

    from gpudesk.results.pipeline import estimate_plan

    cny_plan = estimate_plan(cny_project, catalog(), search=True)
    comparison = compare_plans([(usd_plan, usd_project), (cny_plan, cny_project)])
    assert comparison.currency == "USD" and comparison.rates == (7.1, 7.0)
    # the CNY plan's capex (catalog USD price × 7.0) comes back to USD at 7.0: the same servers cost the same
    assert comparison.row("capex").values[1] == pytest.approx(cny_plan.phases[0].ledger.capex / 7.0)
    assert comparison.row("capex").values[1] == pytest.approx(comparison.row("capex").values[0], rel=1e-9)
    assert "converted from CNY at the plan's 7 CNY/USD" in comparison.figures.explain("compare.p1.capex").source


def test_csv_has_raw_numbers_best_and_inputs():
    comparison = compare_plans(three_training_plans())
    rows = list(csv.reader(io.StringIO(to_csv(comparison, ReportText("en")))))
    assert rows[0][:7] == ["kind", "item", "unit", "better", "Base", "Small", "Cheap"]
    capex = next(r for r in rows if r[1] == "capex")
    values = comparison.row("capex").values
    assert float(capex[4]) == pytest.approx(values[0]) and float(capex[7]) == pytest.approx(values[1] - values[0])
    assert capex[-1] == "Small"
    assert any(r[0] == "input" and r[1] == "phases[0].hardware.nodes" for r in rows)


def test_csv_says_which_money_awaits_a_quote_and_never_prices_it_at_zero():
    """LoRA fine-tuning on one node rented on demand, H100 against MI325X (no cloud price in the catalog): the CSV
    read the MI325X plan's rent as 0.0 beside the H100 plan's 206,669 a year, and its opex and total, floors that
    leave the rent out, as plain numbers. The rent is now empty (unknown) and each money figure counts the lines
    awaiting a quote its value leaves out, per plan."""
    comparison = compare_plans([rented_lora_plan("h100-sxm"), rented_lora_plan("mi325x")])
    rows = {r[1]: r for r in csv.reader(io.StringIO(to_csv(comparison, ReportText("en"))))}
    assert rows["item"][7:9] == ["h100-sxm: lines awaiting a quote", "mi325x: lines awaiting a quote"]
    assert float(rows["rent"][4]) > 0 and rows["rent"][5] == "" and rows["rent"][7:9] == ["0", "1"]
    assert float(rows["total"][5]) > 0 and rows["total"][7:9] == ["0", "1"]  # the priced part, and what it lacks
    assert rows["capex"][4:6] == ["0.0", "0.0"] and rows["capex"][7:9] == ["0", "0"]  # rented: nothing bought
    assert rows["gpus"][7:9] == ["", ""]


def test_cumulative_cost_chart_follows_the_ledgers_month_by_month():
    comparison = compare_plans(three_training_plans())
    chart = cumulative_cost_chart(comparison, ReportText("zh"))
    base = chart.series_named("Base")
    ledger = comparison.plans[0].phases[0].ledger
    assert base.y[0] == 0.0
    assert base.y[1] == pytest.approx(ledger.monthly()[0])  # capex and the first month's running costs
    assert base.y[-1] == pytest.approx(ledger.phase_total)
    doc = comparison_document(comparison, "zh", Branding("示例科技"))
    assert doc.section_ids() == ["compare_decision", "compare_table", "compare_inputs", "compare_chart"]
    configuration, table = (b for b in doc.section("compare_table").blocks if isinstance(b, DataTable))
    assert configuration.header == ("配置", "方案 A", "方案 B", "方案 C")  # what each plan builds, then its figures
    gpus_row = [r[0] for r in table.rows].index("GPU 数量（峰值）")
    assert (gpus_row, 3) in table.marked and (gpus_row, 2) not in table.marked
    assert table.header[2:6] == ("方案 A", "方案 B", "方案 C", "方案 B 较方案 A")  # short heads, named once above
    named = next(b for b in doc.section("compare_table").blocks if isinstance(b, KeyValueTable))
    assert named.rows == (("方案 A", "Base"), ("方案 B", "Small"), ("方案 C", "Cheap"))
    window = table_header(comparison, ReportText("en"))  # the window's sortable table: labels and names
    assert window[2:6] == ("Plan A: Base", "Plan B: Small", "Plan C: Cheap", "Plan B vs Plan A")  # deltas by label


def test_csv_neutralises_formula_cells_and_keeps_the_bom(tmp_path):
    """A plan called "=HYPERLINK(…)" or a note "@SUM(…)" must reach Excel as text, never as a formula; negative
    differences stay numbers, and the file keeps the UTF-8 BOM Excel needs for Chinese."""
    from gpudesk.csv_cells import safe_cell
    from gpudesk.report.comparison_export import write_csv

    entries = three_training_plans()[:2]
    entries[0][1].meta.name = '=HYPERLINK("http://evil.example","x")'
    entries[1][1].meta.name = "+cmd|' /C calc'!A0"
    entries[1][1].phases[0].notes = "@SUM(A1:A9)"
    entries[0][1].phases[0].notes = "-2+3 方案说明"
    comparison = compare_plans(entries)
    target = tmp_path / "cmp.csv"
    write_csv(comparison, target, ReportText("zh"))
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    cells = [c for r in rows for c in r]
    assert not [c for c in cells if c[:1] in ("=", "+", "@") or (c[:1] == "-" and not _is_number(c))]
    assert "'=HYPERLINK(\"http://evil.example\",\"x\")" in rows[0] and "'@SUM(A1:A9)" in cells
    assert "'-2+3 方案说明" in cells
    capex = next(r for r in rows if r[1] == "capex")
    assert float(capex[6]) < 0  # Small costs less than Base: the difference stays a negative number
    assert safe_cell("-12.5") == "-12.5" and safe_cell("\t=1") == "'\t=1" and safe_cell(None) == ""


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_comparison_opens_with_a_decision_naming_the_winner_of_each_figure():
    comparison = compare_plans(three_training_plans())
    doc = comparison_document(comparison, "en", Branding())
    decision = doc.section("compare_decision")
    assert doc.sections[0] is decision
    verdict = next(b.text for b in decision.blocks if type(b).__name__ == "Paragraph")
    total = comparison.row("total")
    best = comparison.names[min(total.best)]
    assert verdict.startswith(f"On cost, {best} is the plan to choose")
    table = next(b for b in decision.blocks if isinstance(b, DataTable))
    rows = {r[0]: r for r in table.rows}
    gpus = rows["GPUs (peak)"]
    assert gpus[1] == "Small" and gpus[2].startswith("32 GPUs, 32 GPUs less than")  # 32 against 64: why, in numbers
    assert rows["Time to train"][2].endswith("(a tie)")  # Base and Cheap run the same layout on the same GPUs


def test_an_infeasible_plan_never_wins_a_decision_row():
    entries = three_training_plans()
    blocked = entries[1][0]  # "Small" wins GPUs and capex unless it cannot be built
    from gpudesk.core.checks import Check

    blocked.phases[0].checks.append(Check("test.blocker", "blocker", "gpu", "blocked", "blocked", "fix it", (), {}))
    comparison = compare_plans(entries)
    doc = comparison_document(comparison, "en", Branding())
    table = next(b for b in doc.section("compare_decision").blocks if isinstance(b, DataTable))
    assert all("Small" not in r[1] for r in table.rows)
    notes = [b.text for b in doc.section("compare_decision").blocks if type(b).__name__ == "Note"]
    assert any(n.startswith("Small: blocking issues") for n in notes)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_printed_inputs_read_as_words_not_paths_and_codes(lang):
    """A customer reads "Phase 1 · Accelerator: NVIDIA H100 SXM5 80GB", never "phases[0].hardware.accelerator_id
    h100-sxm" or "3000000000.0"; the CSV keeps the raw paths and values for machines."""
    from report_samples import catalog

    from gpudesk.vocabulary.fields import FIELD_VOCABULARIES
    from gpudesk.wizard.fields import describe_path

    entries = three_training_plans()[:2]
    entries[1][1].phases[0].workloads[0].train_tokens = 3e9
    entries[1][1].phases[0].delivery.mode = "cloud_on_demand"
    with catalog() as cat:
        comparison = compare_plans(entries)
        doc = comparison_document(comparison, lang, Branding(), lambda p: describe_path(p, lang), cat)
    table = next(b for b in doc.section("compare_inputs").blocks if isinstance(b, DataTable))
    codes = {code for vocabularies in FIELD_VOCABULARIES.values() for v in vocabularies for code in v.codes}
    cells = [cell for row in table.rows for cell in row]
    assert not [c for c in cells if "phases[" in c or c in codes or c.endswith(".0")]
    labels = {row[0]: row[1:] for row in table.rows}
    phase = "阶段 1" if lang == "zh" else "Phase 1"
    tokens = next(v for k, v in labels.items() if k.startswith(phase) and ("token" in k.lower()))
    assert tokens[1] == ("30 亿 token" if lang == "zh" else "3 B tokens")  # with the field's unit, one spacing rule
    mode = next(v for k, v in labels.items() if k.startswith(phase) and ("交付" in k or "Delivery" in k))
    assert "cloud_on_demand" not in mode
    raw = to_csv(comparison, ReportText(lang))
    assert "phases[0].delivery.mode" in raw and "cloud_on_demand" in raw


def test_money_ranks_only_totals_that_leave_out_the_same_lines():
    assert comparable([(), (("servers", "X"),)], [True, True]) == (True, False)  # one total is complete
    assert comparable([(("net", "S"),), (("net", "S"),)], [True, True]) == (True, True)  # both lack the same
    assert comparable([(("net", "S"),), ()], [True, False])[0]  # a blocked plan sets no standard
    # a floor above the lowest comparable total cannot win: the complete plan wins
    assert money_best([10.0, 12.0], [True, True], [True, False]) == {0}
    # a floor below it might still come out lower once quoted: nobody wins
    assert money_best([10.0, 8.0], [True, True], [True, False]) == frozenset()
    assert money_best([10.0, None], [True, True], [True, True]) == frozenset()  # one value is no comparison


def test_a_plan_awaiting_a_quote_never_ranks_as_cheaper_than_it_is():
    """Same servers; the second plan has the installation quoted, the first leaves it awaiting a quote, so the
    first's total is lower only because it leaves that line out: neither is chosen on cost, and the decision
    says why."""
    quoted = training_project("Quoted", nodes=8)
    quoted.phases[0].costs.installation_per_server = 6_000.0
    entries = [(training_plan("Open", nodes=8), training_project("Open", nodes=8)),
               (estimate_plan(quoted, catalog(), search=True), quoted)]
    comparison = compare_plans(entries)
    total = comparison.row("total")
    assert total.values[0] < total.values[1]  # the priced part alone would rank the first as cheaper
    assert total.awaiting[0] == total.awaiting[1] + 1
    assert total.best == frozenset() and total.unranked == (0,)
    assert total.deltas[1] is None  # totals that leave out different lines are not subtracted
    text = ReportText("en")
    assert value_text(total, 0, comparison, text).endswith("+ 3 lines awaiting quotes")
    decision = decision_section(comparison, text)
    table = next(b for b in decision.blocks if isinstance(b, DataTable))
    row = next(r for r in table.rows if r[0] == text.get("compare_metric.total"))
    assert row[1] == "—" and "Open" in row[2] and "awaiting quotes" in row[2]
    assert not any(isinstance(b, Paragraph) and "is the plan to choose" in b.text for b in decision.blocks)


def test_differing_inputs_read_with_their_units():
    quoted = training_project("Quoted", nodes=4)
    quoted.phases[0].costs.installation_per_server = 6_000.0
    quoted.phases[0].workloads[0].deadline_days = 12
    entries = [(training_plan("Open", nodes=8), training_project("Open", nodes=8)),
               (estimate_plan(quoted, catalog(), search=True), quoted)]
    comparison = compare_plans(entries)
    for lang, nodes, days, install in (("en", ("8 nodes", "4 nodes"), "12 days", ("awaiting a quote", "$6,000 per server")),
                                       ("zh", ("8 台", "4 台"), "12 天", ("待询价", "$6,000/台"))):
        rows = {label: values for label, *values in input_rows(comparison, ReportText(lang), lambda p: p)}
        assert tuple(rows["phases[0].hardware.nodes"]) == nodes
        assert rows["phases[0].workloads[0].deadline_days"][1] == days
        assert tuple(rows["phases[0].costs.installation_per_server"]) == install


def test_a_field_the_workload_kind_never_uses_is_not_its_input():
    from gpudesk.wizard.field_use import field_applies

    assert not field_applies("phases[0].workloads[0].image_size", "finetune_full")
    assert field_applies("phases[1].workloads[0].image_size", "vision_inference")
    assert field_applies("phases[0].hardware.nodes", "finetune_full")  # not a workload field: every kind
    other = training_project("Other", nodes=8)
    other.phases[0].workloads[0].image_size = 512  # kept in the plan, unused by a language model
    other.phases[0].workloads[0].deadline_days = 12
    comparison = compare_plans([(training_plan("Base", nodes=8), training_project("Base", nodes=8)),
                                (estimate_plan(other, catalog(), search=True), other)])
    text = ReportText("en")
    paths = {row[0] for row in input_rows(comparison, text, lambda p: p, applies=field_applies)}
    assert "phases[0].workloads[0].deadline_days" in paths
    assert "phases[0].workloads[0].image_size" not in paths
    assert "phases[0].workloads[0].image_size" in {row[0] for row in input_rows(comparison, text, lambda p: p)}


def test_a_rented_plan_counts_no_servers_of_its_own(searched_sample) -> None:
    """The comparison of the startup (4 × g6.xlarge) and ecommerce (2 × g6e.xlarge) plans read 'Servers (peak):
    1 server' for both, the best marked on each: the plan server's count of phases that buy none. A rented phase's
    servers are the provider's; a plan that owns some (the bank's launch) still counts them."""
    rented = [searched_sample(stem) for stem in ("startup-inspection", "ecommerce-recsys")]
    assert "servers" not in [r.metric.id for r in compare_plans(rented).rows]  # no plan has one: no row
    bank = searched_sample("bank-llm-assistant")
    owned = max(p.config.servers for p in bank[0].phases if p.config.owns_hardware)
    assert compare_plans([bank, rented[0]]).row("servers").values == (float(owned), None)


@pytest.mark.parametrize(("lang", "values", "near", "far"), [
    ("zh", (52_040_000.0, 52_043_000.0), "相差不足 1 万美元", None),  # both read '5,204 万美元'
    ("zh", (4_101_082.0, 4_105_082.0), None, "少 0.4 万美元"),  # '410.1' and '410.5 万美元': the gap shows
    ("en", (52_040_000.2, 52_040_000.4), "within $1 of", None),  # both read '$52,040,000'
    ("en", (52_040_000.0, 52_043_000.0), None, "$3,000 less than"),
])
def test_a_gap_the_cells_cannot_show_reads_as_less_than_their_step(lang, values, near, far):
    """The decision's 'why' read '比 B（5,204 万元）少 0 万元' where two totals differ by less than the step their
    cells show: it says the gap is under that step, in either language; a gap the cells show reads as before."""
    import dataclasses

    from gpudesk.report.comparison import ComparisonRow
    from gpudesk.report.comparison_export import decision_rows

    comparison = compare_plans(three_training_plans()[:2])
    total = comparison.row("total")
    row = ComparisonRow(total.metric, values, frozenset({0}), (None, values[1] - values[0]), (0, 0), (True, True))
    why = decision_rows(dataclasses.replace(comparison, rows=[row]), ReportText(lang))[0][2]
    assert (near or far) in why, why
    assert not re.search(r"(?<![\d.,])0 万|\$0(?![.\d])|¥0(?![.\d])", why), why


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_unknown_gap_reads_unknown_never_zero(lang):
    import dataclasses
    import math

    from gpudesk.report.comparison import ComparisonRow
    from gpudesk.report.comparison_export import decision_rows

    comparison = compare_plans(three_training_plans()[:2])
    total = comparison.row("total")
    row = ComparisonRow(total.metric, (1_000_000.0, math.nan), frozenset({0}), (None, None), (0, 0), (True, True))
    why = decision_rows(dataclasses.replace(comparison, rows=[row]), ReportText(lang))[0][2]
    assert ("差额未知" if lang == "zh" else "an amount not known") in why and "nan" not in why.lower(), why


def test_the_cumulative_cost_chart_names_each_line_that_leaves_out_lines_awaiting_quotes():
    """The bank against the government sample (walk-24): the government plan's servers await a quote, so its line
    ran near ¥0 under the bank's 1.5 亿 with nothing saying why; its hover text read 'by month 12' in Chinese."""
    quoted = training_project("Quoted", nodes=8)
    quoted.phases[0].costs.installation_per_server = 6_000.0
    entries = [(training_plan("Open", nodes=8), training_project("Open", nodes=8)),
               (estimate_plan(quoted, catalog(), search=True), quoted)]
    comparison = compare_plans(entries)
    waiting = comparison.row("total").awaiting
    assert waiting[0] == waiting[1] + 1 > 1  # both leave lines out, the first one more
    zh, en = cumulative_cost_chart(comparison, ReportText("zh")), cumulative_cost_chart(comparison, ReportText("en"))
    assert zh.notes.endswith(f"曲线只计已有价格的项目，不含待询价项目：Open（{waiting[0]} 项待询价）；"
                             f"Quoted（{waiting[1]} 项待询价）"), zh.notes
    assert f"Open ({waiting[0]} lines awaiting quotes); Quoted ({waiting[1]} lines awaiting quotes)" in en.notes
    assert zh.series_named("Open").tooltips[12].startswith("Open：截至第 12 个月累计 ")
    assert not re.search(r"[A-Za-z]{3,}", zh.series_named("Open").tooltips[12].replace("Open", ""))

