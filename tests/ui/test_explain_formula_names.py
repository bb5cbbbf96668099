"""The English Explain panel names the figures a formula uses by their labels, as the inputs table below it does:
"GPUs billed x hours per month x price", never "billed_gpus x hours_per_month x price"
(report/formula_text.named_formula, ui/widgets/explain_panel.figure_labels)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import lru_cache

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.explain import Explanation, FigureSet
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.display_text import display_text
from gpudesk.report.formula_text import named_formula
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.ui.widgets.explain_panel import explanation_html

CODE_NAME = re.compile(r"(?<![\w.{])[a-z][a-z0-9]+(?:_[a-z0-9]+)+(?![\w(])")
"""A snake-case name whose first part is a word (a subscripted symbol such as r_kv or d_qk starts with one letter)."""
FORMULA = re.compile(r"<span class='formula'>(.*?)</span></p>", re.S)
DERIVED_SOURCE = re.compile(r"<small>(derived:.*?)</small>", re.S)


@lru_cache(maxsize=None)
def plan(sample: str) -> PlanEstimate:
    return estimate_plan(load_project(samples_dir() / f"{sample}.gpudesk").project, Catalog.open())


def explanations(sample: str) -> Iterator[tuple[str, Explanation, FigureSet]]:
    """Every computed figure of every phase of ``sample``: its key, explanation and the phase's figures."""
    for phase in plan(sample).phases:
        for key in phase.figures.keys(include_inputs=False):
            yield key, phase.figures.explain(key), phase.figures


def formula_shown(html_text: str) -> str:
    found = FORMULA.search(html_text)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


def test_a_name_becomes_its_label_and_a_symbol_stays() -> None:
    labels = {"billed_gpus": "GPUs billed", "hours_per_month": "hours per month (730)"}
    assert named_formula("billed_gpus x hours_per_month x price", labels.get) == "GPUs billed x hours per month x price"
    assert named_formula("L · (r_kv + r_rope) · B_kv", labels.get) == "L · (r_kv + r_rope) · B_kv"
    assert named_formula("memory_gb × 1e9", labels.get) == "memory gb × 1e9"  # no label: read with spaces


@pytest.mark.parametrize("sample", ["bank-llm-assistant", "ecommerce-recsys", "manufacturer-vision-private"])
def test_no_english_formula_in_the_explain_panel_shows_a_snake_case_name(sample: str) -> None:
    en = display_text("en")
    found = set()
    for key, exp, figures in explanations(sample):
        if exp.formula and CODE_NAME.search(exp.formula) or any(q.source.startswith("derived:") for q in exp.inputs):
            shown = explanation_html(exp, figures, en)
            found.update(f"{key}: {name}" for name in CODE_NAME.findall(formula_shown(shown)))
            found.update(f"{key} (an input's source): {name}" for source in DERIVED_SOURCE.findall(shown)
                         for name in CODE_NAME.findall(html.unescape(source)))
    assert not found, sorted(found)[:20]


def test_a_name_that_is_part_of_an_inputs_key_reads_as_that_inputs_label() -> None:
    """'billed_gpus' is the input delivery.billed_gpus.cloud: 'GPUs billed on …', not 'billed gpus'."""
    phase = plan("bank-llm-assistant").phases[0]
    exp = phase.figures.explain("delivery.monthly.cloud_on_demand")
    label = next(q.label for q in exp.inputs if ".billed_gpus." in q.key)
    shown = formula_shown(explanation_html(exp, phase.figures, display_text("en")))
    assert "billed gpus" not in shown and label.split(" (")[0] in shown


def test_the_label_read_is_the_inputs_own() -> None:
    phase = plan("bank-llm-assistant").phases[0]
    key = next(k for k in phase.figures.keys(include_inputs=False)
               if "hours_used_per_month" in phase.figures.explain(k).formula)
    exp = phase.figures.explain(key)
    label = next(q.label for q in exp.inputs if q.key.endswith(".hours_used_per_month"))
    assert label.split(" (")[0] in formula_shown(explanation_html(exp, phase.figures, display_text("en")))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_product_in_the_explain_panel_reads_with_the_times_sign(lang: str) -> None:
    """'计费 GPU 数 × 需求倍数', not '计费 GPU 数 x 需求倍数' (a variable x to a reader): 105 formulas were written with
    the letter, the rest with ×; the panel sets both alike (explain_panel.powers_of_ten)."""
    text = display_text(lang)
    found = set()
    for phase in plan("bank-llm-assistant").phases:
        figures = phase.figures
        for key in figures.keys(include_inputs=False):
            exp = figures.explain(key)
            shown = explanation_html(exp, figures, text)
            sources = [html.unescape(re.sub(r"<[^>]+>", "", s)) for s in re.findall(r"<small>(.*?)</small>", shown)]
            found.update(f"{key}: {t}" for t in [formula_shown(shown), *sources] if " x " in t)
    assert not found, sorted(found)[:10]


FIGURE_KEY_SHOWN = re.compile(r"(?<![\w.{])([a-z][a-z0-9]*(?:\.[a-z0-9_]+)+)(?![\w(])")


@pytest.mark.parametrize("sample", ["bank-llm-assistant", "gov-llm-domestic-accelerator"])
def test_no_chinese_formula_in_the_explain_panel_shows_a_figure_key(sample: str) -> None:
    """'… − 通信(C) + 每次迭代等待预填充最多的注意力组的时间)', not '+ infer.prefill_wait_s)': a serving phase's
    output tokens/s named a figure by its key in the Chinese panel while the English one read its label (walk-24,
    the bank sample's phase 2); a translation that keeps a key reads the figure's Chinese label in its place."""
    zh = display_text("zh")
    found = set()
    for key, exp, figures in explanations(sample):
        if exp.formula:
            shown = formula_shown(explanation_html(exp, figures, zh))
            found.update(f"{key}: {name}" for name in FIGURE_KEY_SHOWN.findall(shown)
                         if name in figures or any(q.key == name for q in exp.inputs))
    assert not found, sorted(found)[:20]


def test_a_dense_models_decode_step_names_no_routed_parameters() -> None:
    """Qwen2.5-72B routes no tokens to experts: its decode step read '2·(N − N_routed + w·N_routed/r_moe)·C' in both
    languages (walk-24, the bank sample's serving phase), with N_routed and r_moe nowhere among its inputs."""
    figures = plan("bank-llm-assistant").phases[1].figures
    exp = figures.explain("infer.decode_step_s")
    assert exp.formula.startswith("((2·N·C/(g·peak·η_mm))^p") and "N_routed" not in exp.formula
    shown = formula_shown(explanation_html(exp, figures, display_text("zh")))
    assert shown.startswith("((2·N·C/(g·峰值·η_mm))^p") and "路由" not in shown, shown
