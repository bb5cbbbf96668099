"""Chinese display text of the core's figures, units, choices and help, and where the interface shows it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from test_i18n_support import english_words
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

import gpudesk.project.model as model
from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.report.display_text import display_text
from gpudesk.ui.i18n import install_language
from gpudesk.ui.widgets.explain_panel import check_html, explanation_html
from gpudesk.ui.widgets.figure_table import FigureTableModel
from gpudesk.ui.widgets.session_text import session_language
from gpudesk.vocabulary.fields import choice_name

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

ROOT = Path(__file__).resolve().parents[2]
ZH = display_text("zh")
EN = display_text("en")


def figure_rows() -> list[tuple[str, str]]:
    """(key, unit) of every row of docs/figures.md."""
    rows = []
    for line in (ROOT / "docs" / "figures.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\| `([^`]+)` \|([^|]*)\|", line)
        if match:
            rows.append((match.group(1), match.group(2).strip()))
    return rows


def model_fields() -> Iterator[dataclasses.Field]:
    for value in vars(model).values():
        if isinstance(value, type) and dataclasses.is_dataclass(value):
            yield from dataclasses.fields(value)


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    before = QLocale()
    installed = install_language(qapp, "zh")
    yield
    installed.uninstall()
    QLocale.setDefault(before)


def test_every_documented_figure_has_a_chinese_label():
    rows = figure_rows()
    assert len(rows) > 400
    missing = [key for key, _unit in rows if not ZH.has_figure(key)]
    assert not missing, missing
    english = {key: ZH.figure_label(key, "") for key, _u in rows if english_words(ZH.figure_label(key, ""))}
    assert not english, english


def test_second_workload_and_pattern_keys_map_to_chinese():
    assert ZH.figure_label("w2.mem.total", "memory needed per GPU") == ZH.figure_label("mem.total", "x") == "单卡显存占用"
    assert ZH.figure_label("delivery.monthly.bare_metal", "bare_metal cost per month") == "裸金属租用月费用"
    assert ZH.figure_label("roadmap.phase3.carried_capex", "capex carried forward into Growth") == "沿用到第 3 阶段的一次性投入"
    assert ZH.figure_label("core.new_figure", "a figure added later") == "a figure added later"  # falls back
    # English: the proposal's name (report_en.toml [figure]) in its sentence form, else the core's label
    assert EN.figure_label("mem.total", "memory needed per GPU") == "memory per GPU"
    assert EN.row_label("w2.mem.total", "memory needed per GPU") == "Memory per GPU"
    assert EN.figure_label("core.new_figure", "a figure added later") == "a figure added later"


def test_a_label_naming_the_plans_precision_names_it_in_chinese_too():
    """The matmul efficiency of an FP8 plan on H200 read 'achievable matmul / peak (fp8)' in English and
    '可达矩阵乘算力 / 峰值（bf16）' in Chinese, at 73.4% (the FP8 measurement): the Chinese label was one fixed text
    (walk-24, a Llama 3.1 405B plan's decode step)."""
    for precision in ("fp8", "int8", "bf16"):
        label = ZH.figure_label("eff.matmul", f"achievable matmul / peak ({precision})")
        assert label == f"可达矩阵乘算力 / 峰值（{precision.upper()}）", label
    assert "{" not in ZH.figure_label("eff.matmul", "achievable matmul / peak")


def test_no_chinese_figure_label_names_a_plan_field_by_its_code():
    """'是否使用融合注意力内核（方案的 flash_attention；…）' in the decode step's inputs (walk-24): the form calls the
    field FlashAttention. An engine's own option quoted after its name (TensorRT-LLM --use_fp8_context_fmha) stays."""
    snake = re.compile(r"(?<![\w.\-/])[a-z][a-z0-9]*_[a-z0-9_]+\b")
    engine = re.compile(r"（?(TensorRT-LLM|vLLM|SGLang|Optimum)[^）]*）?")
    coded = {key: label for key, label in ZH.figures.items() if snake.search(engine.sub("", label))}
    assert not coded, coded


def test_every_unit_reads_chinese():
    # a categorical figure's "code (vocabulary)" is no unit: the interface shows the code's name instead
    units = {unit for _key, unit in figure_rows() if not unit.startswith("code (")} | {
        f.metadata.get("unit", "") for f in model_fields()}
    shown = {unit: ZH.unit(unit, "CNY") for unit in units if unit}
    english = {unit: text for unit, text in shown.items() if english_words(text)}
    assert not english, english
    assert ZH.unit("days") == "天" and ZH.unit("GPUs") == "卡" and ZH.unit("requests/s") == "请求/秒"
    assert ZH.unit("currency/GPU/year", "USD") == "美元/卡/年" and ZH.unit("CNY") == "元"  # 万元 from 10,000 up
    assert ZH.unit("B params") == "十亿参数"
    # a Chinese reader counts parameters and tokens in 亿 and 万, as money: 76.15 亿参数, never 7.615 十亿参数
    from gpudesk.report.display_units import display_value
    unit, shown = display_value(7.615e9, "params", "zh")
    assert (shown, ZH.unit(unit)) == ("76.2", "亿参数")  # three significant digits, as every surface
    unit, shown = display_value(250_000.0, "tokens", "zh")
    assert (shown, ZH.unit(unit)) == ("25", "万 token")  # a space before a Latin unit, never "25 万token"
    assert ZH.unit("亿 tokens/s") == "亿 token/秒" and ZH.unit("万 items/day") == "万项/天"
    assert display_value(7.615e9, "params", "en") == ("B params", "7.62")
    assert EN.unit("currency/GPU/year", "USD") == "USD/GPU/year" and EN.unit("days") == "days"


def test_every_choice_and_help_text_reads_chinese():
    english = {}
    for f in model_fields():
        for code in f.metadata.get("choices", ()):
            text = ZH.choice(f.name, code)
            if f.name.endswith("dtype"):
                assert text == code.upper() or text.startswith(code.upper()), (f.name, code)  # BF16, FP8
            elif english_words(text):
                english[(f.name, code)] = text
            # every choice is named by a vocabulary (gpudesk/vocabulary), in English too: never the raw code
            assert choice_name(f.name, code, "en") == EN.choice(f.name, code), (f.name, code)
        help_text = f.metadata.get("help", "")
        if help_text and english_words(ZH.field_help(help_text)):
            english[(f.name, "help")] = ZH.field_help(help_text)
    assert not english, english
    assert ZH.choice("kind", "pretrain") == "大模型预训练" and EN.choice("mode", "cloud_on_demand") == "Public cloud, on demand"


def test_every_bound_reason_reads_chinese():
    """The reason a field's range is what it is (tool tip of its input) exists in Chinese, item bounds included."""
    english = {}
    for f in model_fields():
        for key in ("why", "item_why"):
            reason = f.metadata.get(key, "")
            if reason and (ZH.bound_reason(reason) == reason or english_words(ZH.bound_reason(reason))):
                english[(f.name, key)] = reason
    assert not english, english
    assert EN.bound_reason(model.why.NODES) == model.why.NODES


def figures() -> FigureSet:
    fs = FigureSet()
    fs.input("task.deadline_days", 30.0, "days", "training deadline")
    fs.add("train.time_to_train_s", 5 * 86400.0, "s", "time to train", "tokens / throughput", ["task.deadline_days"])
    fs.add("plan.gpus", 16.0, "GPUs", "GPUs in this phase", "nodes × GPUs per node", [])
    return fs


def test_figure_table_shows_chinese_labels_and_units():
    fs = figures()
    zh = FigureTableModel(text=ZH)
    zh.set_figures(fs, ["train.time_to_train_s", "plan.gpus"])
    rows = [[zh.data(zh.index(r, c)) for c in range(3)] for r in range(zh.rowCount())]
    assert rows == [["训练时长", "5", "天"], ["本阶段 GPU 数", "16", "卡"]]
    en = FigureTableModel(text=EN)
    en.set_figures(fs, ["train.time_to_train_s"])
    assert [en.data(en.index(0, c)) for c in range(3)] == ["Time to train", "5", "days"]  # a row label: capitalised
    # the Explain panel's heading reads as the row does ("gradient all-reduce not hidden" headed it in lower case)
    assert "<h3>Time to train</h3>" in explanation_html(fs.explain("train.time_to_train_s"), fs, EN)


def test_explain_panel_and_checks_in_chinese(chinese):
    assert session_language() == "zh"
    page = explanation_html(figures().explain("train.time_to_train_s"), figures())
    for word in ("训练时长", "公式", "输入项", "来源", "训练截止期限", "客户提供", "天"):
        assert word in page, word
    assert "Formula" not in page and "Where it comes from" not in page
    check = Check("host.server_spec_unknown", "info", "host", "Server CPU and memory not in the catalog", "m", "f")
    assert "处理建议" in check_html(check) and "Fix" not in check_html(check)


def test_summary_and_help_in_chinese(chinese, make_window):  # noqa: F811
    window = make_window(SAMPLES[0], lang="zh")
    flush()
    summary = window.summary.text()
    assert " 卡（" in summary and "阶段费用：" in summary and not english_words(summary)
    dialog = window.dialogs.user_guide()
    assert dialog is not None and dialog.browser.toPlainText().startswith("gpudesk 用户指南")


def test_chinese_user_guide_covers_every_section():
    english = (ROOT / "docs" / "user-guide.md").read_text(encoding="utf-8")
    chinese = (ROOT / "docs" / "user-guide.zh.md").read_text(encoding="utf-8")
    assert [line[:3] for line in english.splitlines() if line.startswith("#")] == \
        [line[:3] for line in chinese.splitlines() if line.startswith("#")]
    keys = re.compile(r"(?:Ctrl|Alt)\+[A-Za-z0-9,+]+|\bF\d+\b")
    assert sorted(keys.findall(english)) == sorted(keys.findall(chinese))


def test_a_window_without_a_language_switch_keeps_its_language(chinese, make_window, settings):  # noqa: F811
    """Only the LanguageSwitch that installed the translators rebuilds windows (test_language_switch.py); a
    bare window (as tests and the screenshot tool build it) keeps the language it was built in."""
    window = make_window(SAMPLES[0], lang="zh")
    pages = list(window.pages)
    settings.set("preferences/language", "en")
    window.apply_preferences()
    assert window.lang == "zh" and list(window.pages) == pages


def test_a_share_is_shown_once_as_a_percentage():
    """'100 % (1 比例)': the raw fraction in brackets said nothing the percentage did not; seconds shown as days
    keep their raw value."""
    fs = FigureSet()
    fs.input("storage.read_fraction", 1.0, "fraction", "share of the planned throughput the storage feeds")
    fs.input("train.time_to_train_s", 432_000.0, "s", "time to train")
    share = explanation_html(fs.explain("storage.read_fraction"), fs, ZH)
    assert "100 %" in share and "比例" not in share and "(1 " not in share, share
    assert "(432,000 秒)" in explanation_html(fs.explain("train.time_to_train_s"), fs, ZH)


def test_one_gpu_is_singular_in_the_explain_panel():
    """The full audit found 'GPUs billed … 1 GPUs' in the English Explain panel."""
    fs = FigureSet()
    fs.input("delivery.billed_gpus.cloud", 1.0, "GPUs", "GPUs billed")
    page = explanation_html(fs.explain("delivery.billed_gpus.cloud"), fs, EN)
    assert "<b>1 GPU</b>" in page and "1 GPUs" not in page, page
    assert "1 卡" in explanation_html(fs.explain("delivery.billed_gpus.cloud"), fs, ZH)
