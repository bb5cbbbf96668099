"""The Explain panel names every source in words a reader can read (report/source_words.py): a catalog row by its
name and the field by its label, a citation by its title, never 'catalog accelerators/a100-sxm-40gb.bf16_tflops:
nvidia-a100-ds'; in Chinese, no English source words beside the names and titles it quotes. ``gpudesk estimate
--explain`` words them the same way."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest
from test_i18n_support import english_words, words_of

from gpudesk.catalog.shipped_rows import shipped_rows
from gpudesk.catalog.sources import chinese_texts
from gpudesk.core.explanation import Explanation, Quantity
from gpudesk.paths import samples_dir
from gpudesk.report.display_text import display_text
from gpudesk.report.source_words import FIT_SCRIPT, source_words
from gpudesk.text_catalogues import catalogue
from gpudesk.ui.widgets.explain_panel import explanation_html
from gpudesk.vocabulary.catalog_values import ACCELERATOR_FAMILY
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import STEPS

SAMPLES = ("bank-llm-assistant", "gov-llm-domestic-accelerator")
SOURCE_PARTS = re.compile(r"<p><i>(?:Source|来源)</i>: (.*?)</p>|<td><small>(.*?)</small></td></tr>|"
                          r"<li><small>(.*?)</small></li>", re.S)
"""Where the panel prints a source: the figure's own line, an input's 'Where it comes from' cell, and the list of
all sources behind the figure."""
CATALOG_PATH = re.compile(r"(?:catalog|目录) [a-z_]+/")
DERIVED_ZH = "推导："
REPOSITORY_PATH = re.compile(r"\btests/[a-z_/]+\.py\b|\bgpudesk/[a-z_/]+\.py\b")  # gpudesk's own files


def sources_shown(panel: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", " ", next(g for g in m.groups() if g is not None)))
            for m in SOURCE_PARTS.finditer(panel)]


def citation_ids(catalog) -> set[str]:
    """The catalog's citation ids a reader would read as codes (a plain word such as 'derived' is also a word)."""
    return {cid for cid in catalog.citations() if re.search(r"[-\d]", cid)}


def panels(searched_sample, stem: str, lang: str):
    """(step, key, the sources the panel prints) for every figure a step page of ``stem`` shows."""
    plan, _project = searched_sample(stem)
    text = display_text(lang)
    for phase in plan.phases:
        for step in STEPS:
            for key in figure_keys_for_step(step, phase.figures):
                if key in phase.figures:
                    panel = explanation_html(phase.figures.explain(key), phase.figures, text)
                    yield f"{phase.index}:{step.key}:{key}", sources_shown(panel)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("stem", SAMPLES)
def test_no_source_in_the_panel_is_a_catalog_code(searched_sample, stem, lang, qapp) -> None:
    ids = citation_ids(searched_sample.catalog) | set(ACCELERATOR_FAMILY.codes)  # a family by name, not its code
    token = re.compile(r"(?<![\w.\-/])[A-Za-z0-9][A-Za-z0-9_.\-]*[A-Za-z0-9](?![\w\-/])")
    found, shown = set(), 0
    for where, sources in panels(searched_sample, stem, lang):
        for source in sources:
            shown += 1
            found.update(f"{where}: citation id {t}" for t in token.findall(source) if t in ids)
            if CATALOG_PATH.search(source):
                found.add(f"{where}: catalog path in {source[:120]}")
            if REPOSITORY_PATH.search(source):
                found.add(f"{where}: repository path in {source[:120]}")
    assert shown > 100, shown  # the walk reads the panels' sources
    assert not found, sorted(found)[:40]


def raw_sources(searched_sample, stem: str) -> dict[str, str]:
    """The core's source strings behind every figure a step page of ``stem`` shows (what its panel words), by where."""
    plan, _project = searched_sample(stem)
    found: dict[str, str] = {}
    for phase in plan.phases:
        for step in STEPS:
            for key in figure_keys_for_step(step, phase.figures):
                if key in phase.figures:
                    exp = phase.figures.explain(key)
                    behind = [q.source for q in phase.figures.sources_behind(key)]
                    for source in [exp.source, *(q.source for q in exp.inputs), *behind]:
                        found.setdefault(source, f"{phase.index}:{step.key}:{key}")
    return {source: where for source, where in found.items() if source}


@pytest.mark.parametrize("stem", SAMPLES)
def test_the_chinese_panel_words_its_sources_in_chinese(searched_sample, stem) -> None:
    """Latin words remain only inside names and titles: citation titles, catalog names, and a constant's source as
    its translation quotes it (authors, papers, products). A derived figure's source is its formula, whose symbols
    (ceil, sd, RS) tests/ui/test_formula_zh.py reads."""
    quoted = [row.get(f, "") for table in ("citations", "accelerators", "servers", "models", "nics", "switches",
                                          "storage_options", "cloud_offers") for row in shipped_rows(table)
              for f in ("title", "title_zh", "name", "name_zh", "provider", "instance")]
    quoted += [chinese_texts().citation_title(cid, "zh") for cid in searched_sample.catalog.citations()]
    allowed = words_of([*quoted, "ZeRO-Offload", "vCPUs"])  # a product's name, the cloud's unit
    constants = sorted((FIT_SCRIPT.sub("", text) for text in catalogue("constants", "zh").values()), key=len,
                       reverse=True)  # each constant's translated source, quoted whole: its quotations set apart

    def own_words(worded: str) -> str:
        for text in constants:
            worded = worded.replace(text, " ")
        return worded
    found = {f"{where}: {worded[:140]}": words for source, where in raw_sources(searched_sample, stem).items()
             if not (worded := source_words(source, "zh")).startswith(DERIVED_ZH)
             and (words := english_words(own_words(worded), allowed))}
    assert not found, sorted(found.items())[:12]


def test_a_catalog_source_reads_as_the_rows_name_its_fields_label_and_the_citations_title() -> None:
    source = "catalog accelerators/a100-sxm-40gb.bf16_tflops: nvidia-a100-ds"
    en, zh = source_words(source, "en"), source_words(source, "zh")
    assert en.startswith("NVIDIA A100 SXM4 40GB BF16: NVIDIA A100") and "nvidia-a100-ds" not in en, en
    assert zh.startswith("NVIDIA A100 SXM4 40GB BF16：") and re.search(r"（\d{4}-\d{2}-\d{2}）$", zh), zh
    assert source_words("catalog accelerators/a100-sxm-40gb.mem_bw_gbs: nvidia-a100-ds", "zh").startswith(
        "NVIDIA A100 SXM4 40GB 显存带宽：")
    own = "catalog accelerators/my-own-card.bf16_tflops: my-own-citation"  # a user's row: as the core wrote it
    assert source_words(own, "en") == own


def test_a_model_a_constant_a_fit_and_the_customers_figure_read_as_words() -> None:
    assert source_words("model qwen2.5-72b: hf-qwen2.5", "en").startswith("Qwen2.5 72B: Qwen2.5")
    hours = source_words("constant HOURS_PER_MONTH: AWS Pricing Calculator convention: 730 hours per month "
                         "(8,760 / 12)", "zh")
    assert hours.startswith("AWS Pricing Calculator 惯例") and hours.endswith("（HOURS_PER_MONTH）"), hours
    fitted = source_words("constant X_FIT: fitted on the fit half of the validation corpus "
                          "(tests/validation/fit_constants.py, 2026-12-01); judged in docs/validation.md", "en")
    assert fitted == "fitted on the fit half of the validation corpus (2026-12-01); judged in docs/validation.md " \
                     "(X_FIT)", fitted
    assert source_words("user input (horizon_years)", "zh").startswith("客户提供")
    assert source_words("user input (duration_months)", "en") == "customer's figure (Phase duration)"
    assert source_words("storage model / user input", "en") == "storage model / customer's figure"


def test_the_cli_explains_with_the_panels_words(searched_sample, qapp) -> None:
    """`gpudesk estimate --explain` prints the English panel's source words (the raw strings: --json)."""
    plan, _project = searched_sample("gov-llm-domestic-accelerator")
    figures = plan.phases[0].figures
    exp = figures.explain("mem.capacity")
    panel = sources_shown(explanation_html(exp, figures, display_text("en")))
    run = subprocess.run([sys.executable, "-m", "gpudesk", "estimate",
                          str(samples_dir() / "gov-llm-domestic-accelerator.gpudesk"), "--explain", "mem.capacity"],
                         capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    worded = [s.strip() for s in panel if "寒武纪" in s or "Cambricon" in s]
    assert worded and all(s in run.stdout for s in worded), (worded, run.stdout)
    assert "catalog accelerators/" not in run.stdout and "cambricon-mlu370-x8" not in run.stdout


def test_to_text_keeps_the_cores_strings_without_words() -> None:
    exp = Explanation("a.b", "A", 1.0, "GB", "x", (Quantity("c.d", "C", 2.0, "GB", "catalog nics/x.gbps: y"),),
                      source="model m")
    assert "[catalog nics/x.gbps: y]" in exp.to_text() and "source: model m" in exp.to_text()
    assert "[NIC]" in exp.to_text(lambda s: "NIC")


def test_a_generic_server_is_named_as_the_status_bar_names_it() -> None:
    """The gov sample's chassis: 'Generic 8-GPU Cambricon MLU370-X8 48GB server' / '通用 8 卡 … 服务器' (the language's
    pattern, report/server_names.py), not its catalog row's English name in the Chinese panel."""
    source = "catalog servers/mlu370-x8-8-server.gpus: cambricon-mlu370-x8"
    assert source_words(source, "en").startswith("Generic 8-GPU Cambricon MLU370-X8 48GB server GPUs: ")
    assert source_words(source, "zh").startswith("通用 8 卡 Cambricon MLU370-X8 48GB 服务器 GPU 数：")


def test_an_unpublished_scale_up_link_reads_in_chinese() -> None:
    """The longer pattern first: '… PCIe Gen4 x16 assumed, a lower bound (constants …)' was caught by the shorter
    '{link} (constants PCIE_X16_GBS_BY_GEN)' and kept its English."""
    worded = source_words("accelerators/mlu370-x8: MLU-Link bandwidth unknown (not published); PCIe Gen4 x16 assumed, "
                          "a lower bound (constants PCIE_X16_GBS_BY_GEN)", "zh")
    assert worded.startswith("Cambricon MLU370-X8 48GB：MLU-Link 带宽未公开") and "按 PCIe Gen4 x16 计，为下限" in worded


def test_a_constants_name_trails_its_source_in_grey(qapp) -> None:
    hours = "constant HOURS_PER_MONTH: AWS Pricing Calculator convention: 730 hours per month (8,760 / 12)"
    exp = Explanation("a.b", "A", 1.0, "h", "x", (Quantity("c.d", "C", 730.0, "h", hours),))
    for lang, name, brackets in (("en", " (HOURS_PER_MONTH)", "(8,760 / 12)"), ("zh", "（HOURS_PER_MONTH）", "（8,760 / 12）")):
        panel = explanation_html(exp, None, display_text(lang))
        assert f"{brackets}<span style='color:gray'>{name}</span></small>" in panel, panel
        assert "constant" not in panel and "常量" not in panel


def test_a_cloud_offers_cores_read_in_chinese() -> None:
    """An offer's CPU cores are its vCPUs over the threads per core: the Chinese read '…（2026-12-01）: 96 vCPUs / 2
    (constant VCPUS_PER_CORE)', an English colon and English words after the Chinese title."""
    source = ("catalog servers/cloud_offers/awscn-zhy-p4d-24xlarge.cpu_cores_total: aws-china-vantage-2026-08: "
              "96 vCPUs / 2 (constant VCPUS_PER_CORE)")
    assert source_words(source, "zh").endswith("：96 个 vCPU / 2（常量 VCPUS_PER_CORE）")
    assert source_words(source, "en").endswith(": 96 vCPUs / 2 (VCPUS_PER_CORE)")


def test_a_models_own_row_keeps_its_kind_word() -> None:
    assert source_words("model qwen2.5-72b", "en") == "model Qwen2.5 72B"
    assert source_words("model qwen2.5-72b", "zh") == "模型 Qwen2.5 72B"
