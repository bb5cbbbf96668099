"""A serving deployment that cannot serve says why on every surface; its capacity is never 0.

The bank's serving phase at 1 node × 1 GPU with TP 1 (72B FP16 on one 64 GB Ascend 910B) read '承载能力 0 请求/秒'
in the status bar: the core's rate is 0 where no sequence fits beside the weights. The sized configuration now says
why (ServingCapacity.unserved, vocabulary UNSERVED) with null rates, and every surface reads that."""

from __future__ import annotations

import csv
import io
import json
import math

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_export import to_csv
from gpudesk.report.document import DataTable, KeyValueTable
from gpudesk.report.proposal import build_proposal
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import plan_to_json


def _cells(doc) -> list[str]:  # type: ignore[no-untyped-def]
    out: list[str] = []
    for section in doc.sections:
        for block in section.blocks:
            if isinstance(block, (KeyValueTable, DataTable)):
                out += [" ".join(str(cell) for cell in row) for row in block.rows]
    return out


def test_a_deployment_that_cannot_serve_says_why_and_never_reads_0(catalog, searched_sample) -> None:
    from gpudesk.report.document import Branding

    project = load_project(samples_dir() / "bank-llm-assistant.gpudesk").project
    project.phases = [project.phases[1]]
    phase = project.phases[0]
    phase.hardware.nodes, phase.hardware.gpus_per_node, phase.workloads[0].parallel.tp = 1, 1, 1
    phase.hardware.candidates = [phase.hardware.accelerator_id]  # the search: the plan's own accelerator only
    plan = estimate_plan(project, catalog, search=True)
    cap = plan.phases[0].config.workloads[0].capacity
    assert cap is not None and cap.unserved == "no_memory" and math.isnan(cap.per_replica) and math.isnan(cap.total)
    assert math.isnan(cap.tokens_per_s_total) and cap.target > 0
    figures = plan.phases[0].figures  # no request is served: its wait, latencies and requests in flight are unknown,
    infinite = [k for k in figures.keys() if k.startswith("infer.")  # not 'overloaded' / 'unlimited'
                and isinstance(figures.value_at(k), float) and math.isinf(figures.value_at(k))]
    assert not infinite, infinite
    data = json.loads(json.dumps(plan_to_json(plan), allow_nan=False))["phases"][0]["configuration"]
    shown = data["workloads"][0]["capacity"]
    assert shown["per_replica"] is None and shown["total"] is None and shown["unserved"] == "no_memory"
    assert "KV" in shown["unserved_names"]["en"] and "显存" in shown["unserved_names"]["zh"]
    for lang, words in (("en", "cannot serve: "), ("zh", "无法承载：")):
        cells = _cells(build_proposal(plan, project, lang, Branding()))
        reason = cap.unserved_text(lang)
        assert any(words + reason in cell for cell in cells), (lang, cells)  # the summary and the targets table
        assert sum(words + reason in cell for cell in cells) >= 2, lang
    comparison = compare_plans([(plan, project), searched_sample("bank-llm-assistant")])
    assert comparison.row("throughput").values[0] is None and comparison.row("throughput").values[1] > 0  # unknown, not 0
    rows = {r[1]: r for r in csv.reader(io.StringIO(to_csv(comparison, ReportText("en")))) if r and r[0] == "figure"}
    assert rows["throughput"][4] in ("", "unknown"), rows["throughput"]


def test_recommendation_tables_larger_than_the_fixed_gpus_cannot_serve(catalog) -> None:
    """The e-commerce ranking phase at 1 node × 1 L40S: its embedding tables need 2 GPUs' memory
    (recsys.gpus_for_tables), yet the phase read 5.39 M samples/s on its one GPU, over its 3.47 M peak."""
    project = load_project(samples_dir() / "ecommerce-recsys.gpudesk").project
    project.phases = [project.phases[1]]
    project.phases[0].hardware.nodes, project.phases[0].hardware.gpus_per_node = 1, 1
    project.phases[0].hardware.candidates = [project.phases[0].hardware.accelerator_id]  # search its own part only
    plan = estimate_plan(project, catalog, search=True)
    assert plan.phases[0].figures.value_at("recsys.gpus_for_tables") == 2
    cap = plan.phases[0].config.workloads[0].capacity
    assert cap is not None and cap.unserved == "tables_exceed_gpus" and math.isnan(cap.total) and cap.target > 0
    assert "嵌入表" in cap.unserved_text("zh") and "embedding tables" in cap.unserved_text("en")
    shown = json.loads(json.dumps(plan_to_json(plan), allow_nan=False))["phases"][0]["configuration"]
    assert shown["workloads"][0]["capacity"]["total"] is None
