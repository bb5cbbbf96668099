"""A figure that does not apply to a phase says so, never 0: product-20 found a serving plan's storage step reading
'检查点大小 0 B', '检查点写入时间 0 秒' and '所需读带宽 0 GB/s' (a serving phase trains nothing and reads no training
data). The figures' values are unchanged (JSON, ledger and checks read them as computed)."""

from __future__ import annotations

import pytest

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.catalog.store import Catalog
from gpudesk.core.applicability import NOT_APPLICABLE, not_applicable
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.display_text import display_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.widgets.explain_panel import explanation_html
from gpudesk.ui.widgets.figure_table import FigureTableModel

CHECKPOINT = ("storage.checkpoint_size", "storage.checkpoint_write_time", "storage.restart_read_time",
              "storage.checkpoint_stall_share")
READS = ("storage.read_bw_needed", "storage.io_feed_fraction")


@pytest.fixture(scope="module")
def phases():
    catalog = Catalog.open()
    serving = estimate_plan(load_project(samples_dir() / "gov-llm-domestic-accelerator.gpudesk").project, catalog)
    training = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, catalog)
    return serving.phases[0].figures, training.phases[0].figures  # gov: serving; bank phase 1: a LoRA fine-tune


def test_every_figure_a_rule_names_is_one_the_core_computes(phases):
    serving, training = phases
    for rule in NOT_APPLICABLE:
        assert rule.when_zero in serving and all(key in serving for key in rule.figures), rule


@pytest.mark.parametrize(("lang", "word"), [("zh", "不适用"), ("en", "not applicable")])
def test_a_serving_phase_shows_its_checkpoint_and_training_reads_as_not_applicable(qapp, phases, lang, word):
    serving, training = phases
    text = display_text(lang)
    model = FigureTableModel(text=text)
    keys = [*CHECKPOINT, *READS, "storage.read_bw_offered"]
    model.set_figures(serving, keys)
    assert serving.number("storage.checkpoint_size") == 0  # the value itself is as computed
    for key in (*CHECKPOINT, *READS):
        assert model.value_text(key) == word, (key, model.value_text(key))
    assert model.value_text("storage.read_bw_offered") == "90"  # the storage still offers its bandwidth
    model.set_figures(training, keys)  # the same rows of a phase that trains: numbers again
    assert model.value_text("storage.checkpoint_size") == "11.8"
    assert model.value_text("storage.read_bw_needed") not in (word, "0")
    page = explanation_html(serving.explain("storage.checkpoint_size"), serving, text)
    assert f"<b>{word} </b>" in page and ("不写检查点" if lang == "zh" else "writes no checkpoints") in page
    assert "0 B" not in page.split("</p>")[0]
    feed = explanation_html(serving.explain("storage.io_feed_fraction"), serving, text)
    needed = next(row for row in feed.split("<tr>") if "needed" in row.replace("\u200b", ""))
    assert word in needed and ">0<" not in needed  # an input that does not apply reads so, as its own row


def test_a_rule_asks_its_input_at_every_candidate(phases):
    serving, training = phases
    assert not_applicable(serving, "storage.checkpoint_size") and not not_applicable(training, "storage.checkpoint_size")
    assert not not_applicable(serving, "storage.read_bw_offered")


def test_the_json_keeps_the_value_and_says_it_does_not_apply(phases):
    from gpudesk.results.plan_json import figures_to_json

    serving, training = phases
    shown = figures_to_json(serving)["storage.checkpoint_size"]
    assert shown["value"] == 0 and shown["not_applicable"] == "the phase trains no parameters, so it writes no checkpoints"
    assert "not_applicable" not in figures_to_json(training)["storage.checkpoint_size"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_table_of_amounts_reads_them_in_one_unit(qapp, lang):
    """Step 7 of a rented phase read '一次性投入（CAPEX） 0 元' over '年运营费用（OPEX） 225.9 万元/年': in Chinese a
    table holding an amount of 10,000 or more reads every amount in 万 ('0 万元'); a price per unit keeps its form."""
    catalog = Catalog.open()
    bank = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, catalog).phases[0].figures
    model = FigureTableModel(text=display_text(lang))
    model.set_figures(bank, ["tco.capex", "tco.opex_per_year"])
    cells = [(model.cell_text(r, 1), model.cell_text(r, 2)) for r in range(2)]
    if lang == "zh":
        assert cells[0] == ("0", "万元") and cells[1][0] == "225.9" and cells[1][1].startswith("万元/年"), cells
    else:
        assert cells[0] == ("0", "CNY"), cells
    model.set_figures(bank, ["tco.capex"])  # alone, it keeps its own unit
    assert (model.cell_text(0, 1), model.cell_text(0, 2)) == ("0", "元" if lang == "zh" else "CNY")


@pytest.fixture(scope="module")
def moe_serving():
    """The gov plan serving DeepSeek-V3 (an MoE model) in place of its dense model."""
    from dataclasses import replace

    project = load_project(samples_dir() / "gov-llm-domestic-accelerator.gpudesk").project
    phase = project.phases[0]
    moe = replace(phase, workloads=[replace(phase.workloads[0], model_id="deepseek-v3"), *phase.workloads[1:]])
    return estimate_plan(replace(project, phases=[moe, *project.phases[1:]]), Catalog.open()).phases[0].figures


@pytest.mark.parametrize(("lang", "word"), [("zh", "不适用"), ("en", "not applicable")])
def test_a_dense_model_shows_its_expert_figures_as_not_applicable(qapp, phases, moe_serving, lang, word):
    """walk-23 found a dense model's Explain panel reading 'busiest expert rank ... 1 ×': a dense model routes no
    tokens to experts, so the figure (and the routed experts' GEMM rate, 1 ×) does not apply, and says so."""
    from gpudesk.results.plan_json import figures_to_json

    serving, _ = phases
    text = display_text(lang)
    model = FigureTableModel(text=text)
    keys = ["infer.expert_wait", "infer.routed_gemm_share"]
    model.set_figures(serving, keys)
    for key in keys:
        assert serving.number(key) == 1  # as computed
        assert model.value_text(key) == word, (key, model.value_text(key))
        assert figures_to_json(serving)[key]["not_applicable"] == "the model is dense: it routes no tokens to experts"
    step = explanation_html(serving.explain("infer.decode_step_s"), serving, text)
    busiest = "infer.expert_wait" in step or ("最忙专家" if lang == "zh" else "busiest expert") in step.replace("\u200b", "")
    assert not busiest  # a dense model's decode step does not list the figures that do not act on it
    assert {"infer.expert_wait", "infer.routed_gemm_share"} <= {q.key for q in moe_serving.explain(
        "infer.decode_step_s").inputs}  # an MoE model's does
    model.set_figures(moe_serving, keys)  # an MoE model: numbers again
    assert moe_serving.number("infer.routed_experts") == 256
    assert not not_applicable(moe_serving, "infer.expert_wait")
    assert all(model.value_text(key) != word for key in keys)
    assert "not_applicable" not in figures_to_json(moe_serving)["infer.expert_wait"]


MOE_INPUTS = ("eff.serving_expert_load_cv", "eff.moe_grouped_k_half", "eff.moe_grouped_n_half", "eff.moe_grouped_share",
              "train.in.moe_a2a_overlap")
"""The MoE constants (expert load spread, grouped-GEMM half-rate sizes and share) and the expert all-to-all overlap."""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_dense_model_lists_no_moe_constant_behind_its_figures(qapp, phases, moe_serving, lang):
    """walk-23 found a dense model's Explain panel listing the MoE constants (expert load spread, grouped-GEMM sizes,
    the expert all-to-all overlap) among the constants behind its decode step and step time, which they do not move.
    The core records them, and a figure depends on them, only where the model is MoE: the window's panel, the JSON and
    the proposal read the same figures."""
    from gpudesk.results.plan_json import figures_to_json

    text = display_text(lang)
    for figures in phases:  # gov: serving a dense model; bank phase 1: fine-tuning one
        behind = {leaf.key for key in figures.keys(include_inputs=False) for leaf in figures.sources_behind(key)}
        assert not behind & set(MOE_INPUTS), sorted(behind & set(MOE_INPUTS))
        assert not set(figures_to_json(figures)) & set(MOE_INPUTS[:4])  # nor recorded (the switch is the plan's)
    serving, training = phases
    for figures, key in ((serving, "infer.decode_step_s"), (training, "train.step_time_s")):
        page = explanation_html(figures.explain(key), figures, text)
        assert not any(name in page for name in ("MOE_", "moe_", "expert all-to-all", "专家 all-to-all")), key
    behind = {leaf.key for leaf in moe_serving.sources_behind("infer.decode_step_s")}
    assert {"eff.serving_expert_load_cv", "eff.moe_grouped_k_half", "eff.moe_grouped_n_half"} <= behind  # MoE: they act
