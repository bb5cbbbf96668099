"""Comparison of saved plans: best marking per direction, differences, differing inputs, CSV, document."""

from __future__ import annotations

import csv
import io

import pytest
from report_samples import roadmap_plan, three_training_plans, training_plan, training_project

from gpudesk.report.comparison import best_indices, compare_plans, flatten_inputs, input_differences
from gpudesk.report.comparison_export import comparison_document, cumulative_cost_chart, to_csv
from gpudesk.report.document import Branding, DataTable
from gpudesk.report.text_catalog import ReportText


def test_best_marked_by_declared_direction():
    comparison = compare_plans(three_training_plans())
    assert comparison.names == ("Base", "Small", "Cheap")
    assert comparison.row("gpus").best == {1}  # fewer GPUs is better
    assert comparison.row("time_days").best == {0, 2}  # a tie marks both
    assert comparison.row("capex").best == {1}
    assert comparison.row("tco5").metric.better == "lower"
    assert best_indices([10.0, 30.0, None], "higher") == {1}
    assert best_indices([10.0, None], "lower") == frozenset()  # one value is no comparison


def test_differences_against_first_plan_are_explained():
    comparison = compare_plans(three_training_plans())
    capex = comparison.row("capex")
    assert capex.values == (2_312_000.0, 1_156_000.0, 1_920_000.0)
    assert capex.deltas == (None, -1_156_000.0, -392_000.0)
    assert capex.relative_delta(1) == pytest.approx(-0.5)
    explanation = comparison.figures.explain("compare.p2.capex.vs_p0")
    assert explanation.formula == "p2 − p0" and explanation.value == -392_000.0
    assert "plan 'Cheap': figure tco.capex" in explanation.inputs[0].source


def test_rows_absent_in_every_plan_are_dropped():
    comparison = compare_plans(three_training_plans())
    assert "throughput" not in [r.metric.id for r in comparison.rows]


def test_roadmap_totals_preferred_over_phase_sums():
    plan, project = roadmap_plan()
    comparison = compare_plans([(plan, project), (training_plan(), training_project())])
    assert comparison.row("gpus").values[0] == 80  # roadmap.peak_gpus, not the max over phases (64)
    assert comparison.row("capex").values[0] == sum(p.figures["tco.capex"] for p in plan.phases)
    assert comparison.row("racks").values[0] == 4  # max over phases


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


def test_plan_count_and_currency_checked():
    with pytest.raises(ValueError, match="2 to 4"):
        compare_plans(three_training_plans()[:1])
    other = training_plan("CNY plan")
    other.currency = "CNY"
    with pytest.raises(ValueError, match="different currencies"):
        compare_plans([three_training_plans()[0], (other, training_project())])


def test_csv_has_raw_numbers_best_and_inputs():
    rows = list(csv.reader(io.StringIO(to_csv(compare_plans(three_training_plans()), ReportText("en")))))
    assert rows[0][:7] == ["kind", "item", "unit", "better", "Base", "Small", "Cheap"]
    capex = next(r for r in rows if r[1] == "capex")
    assert float(capex[4]) == 2_312_000.0 and float(capex[7]) == -1_156_000.0 and capex[-1] == "Small"
    assert any(r[0] == "input" and r[1] == "phases[0].hardware.nodes" for r in rows)


def test_cumulative_cost_chart_and_document():
    comparison = compare_plans(three_training_plans())
    chart = cumulative_cost_chart(comparison, ReportText("zh"))
    base = chart.series_named("Base")
    fs = comparison.plans[0].phases[0].figures
    assert base.y[0] == fs["tco.capex"]
    assert base.y[60] == pytest.approx(fs["tco.capex"] + 5 * fs["tco.opex_per_year"])
    doc = comparison_document(comparison, "zh", Branding("示例科技"))
    assert doc.section_ids() == ["compare_table", "compare_inputs", "compare_chart"]
    table = next(b for b in doc.section("compare_table").blocks if isinstance(b, DataTable))
    gpus_row = [r[0] for r in table.rows].index("GPU 数量")
    assert (gpus_row, 3) in table.marked and (gpus_row, 2) not in table.marked
    assert table.header[5] == "Small 较Base"
