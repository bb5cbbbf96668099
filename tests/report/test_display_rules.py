"""The display rules declared once in the report layer (number_format: TIME_UNITS, COUNT_SCALES_ZH, and the percent
rule core/digits.percent_text) hold on every path a surface formats through: the figure tables' display_value, the
proposal's format_quantity and format_percent, the catalogue templates' '{x:.0%}' fields and the core's English
messages (looks-18)."""

from __future__ import annotations

from gpudesk.core.digits import percent_text
from gpudesk.core.reason_values import Quantity
from gpudesk.report.check_text import quantity_text
from gpudesk.report.display_units import display_value
from gpudesk.report.durations import duration_text
from gpudesk.report.number_format import format_count, format_percent, format_quantity
from gpudesk.report.text_catalog import ReportText
from gpudesk.text_catalogues import fill, fill_chinese


def test_a_time_under_a_day_reads_in_hours_or_minutes_not_days():
    """The startup sample's ranked alternatives read '0.0501 days' / '0.146 days' (1.2 h, 3.5 h)."""
    en, zh = ReportText("en"), ReportText("zh")
    assert format_quantity(0.0501, "days", en) == "1.2 h"
    assert format_quantity(0.146, "days", zh) == "3.5 小时"
    assert format_quantity(0.005, "days", en) == "7.2 min"
    assert format_quantity(1.16, "days", en) == "1.16 days"
    assert format_quantity(1.0, "days", en) == "1 day"
    assert display_value(0.0501, "days", "zh") == ("h", "1.2")
    # seconds by the same rule: a day and more in days, an hour and more in hours, a minute and more in minutes
    assert display_value(100_000, "s") == ("days", "1.16")
    assert display_value(5_400, "s") == ("h", "1.5")
    assert display_value(300, "s") == ("min", "5")
    assert display_value(1.268, "s") == ("s", "1.27")
    assert display_value(0.059, "s") == ("ms", "59")
    # an input typed in hours keeps its unit; the charts' time axes pick the same units
    assert display_value(24, "h") == ("h", "24")
    assert duration_text(0.0501, "en") == "1.2 h" and duration_text(0.005, "zh") == "7.2 分钟"


def test_counts_from_a_trillion_read_in_wan_yi_not_ten_thousand_yi():
    """A count of 1e12 and more read '10,000亿' in Chinese: 万亿 is the step above 亿."""
    assert format_count(1e12, "zh") == "1 万亿"
    assert format_count(1.5e13, "zh") == "15 万亿"
    assert format_count(3e10, "zh") == "300 亿"
    assert display_value(1.5e13, "tokens", "zh") == ("万亿 tokens", "15")
    assert display_value(1.5e13, "tokens", "en") == ("T tokens", "15")
    assert quantity_text(Quantity(2e12, "tokens"), "zh") == "2 万亿 token"
    assert quantity_text(Quantity(2e12, "tokens"), "en") == "2 T tokens"


def test_a_count_word_follows_its_number_as_every_unit_does():
    """One rule on every surface: a space after the number, the count word glued to a Chinese unit and spaced from a
    Latin one. The proposal wrote '1万亿 tokens' where the figure tables wrote '1 万亿 token'."""
    zh = ReportText("zh")
    assert format_quantity(2e12, "tokens", zh) == quantity_text(Quantity(2e12, "tokens"), "zh") == "2 万亿 token"
    assert format_quantity(7.6e9, "params", zh) == "76 亿参数"
    assert format_quantity(3e8, "requests/day", zh) == "3 亿次请求/天"
    assert format_quantity(2e10, "", zh) == "200 亿"


def test_a_small_share_keeps_its_digits_never_a_false_zero():
    """'峰值利用率 0%' for 0.02%; a runner-up 0.3% dearer 'wins if its price falls by 0%'; '(-0%)'."""
    assert percent_text(0.0002) == "0.02%"
    assert percent_text(-0.003, signed=True) == "-0.3%"
    assert percent_text(0.003, 1, signed=True) == "+0.3%"
    assert percent_text(1e-7) == "< 0.01%"
    assert percent_text(0.0) == percent_text(-0.0) == percent_text(-0.0, signed=True) == "0%"
    assert percent_text(0.32) == "32%" and percent_text(0.4312, 1) == "43.1%"
    assert format_percent(0.0002) == "0.02%"
    assert ReportText("zh").get("exec.why_serving", sized_by="峰值", target="1", replicas=1, per="1", gpus=1,
                                util=format_percent(0.0002), latency="").count("峰值利用率 0.02%") == 1
    # a catalogue template's '{x:.0%}' field, in both languages and in the wizard's words
    assert fill("falls by {cut:.0%}", {"cut": 0.003}) == "falls by 0.3%"
    assert fill("({change:+.0%})", {"change": -0.004}) == "(-0.4%)"
    assert fill_chinese("利用率 {u:.0%}，{n:,.0f} 个", {"u": 0.0002, "n": 1234}) == "利用率 0.02%，1,234 个"


def test_carbon_dioxide_reads_with_a_subscript_two():
    """'457 吨 CO2' in the proposal and the window: CO₂ (the bundled WenQuanYi font has U+2082)."""
    assert format_quantity(457, "t CO₂", ReportText("zh")) == "457 吨 CO₂"
    assert format_quantity(457, "t CO₂", ReportText("en")) == "457 t CO₂"


def test_a_few_bytes_read_in_bytes_not_millionths_of_a_megabyte():
    """The recommender's Explain read 嵌入表每值字节数（fp16）0.000002 MB for 2 bytes."""
    assert display_value(2, "B", "zh") == ("B", "2")
    assert display_value(150_000, "B", "en") == ("kB", "150")
    assert display_value(34.3e9, "B", "en") == ("GB", "34.3")


def test_a_fields_range_reads_as_the_reader_counts() -> None:
    """The form's tool tips gave a Chinese reader '范围: 1 – 100,000,000 条序列' and '0 – 1,000,000 TB': the range now
    counts in 万 / 亿 where a bound is whole in them, exactly, with the one spacing rule of a count word (glued to a
    Chinese unit, a space before a Latin one); English groups the digits."""
    from gpudesk.report.display_units import range_text

    assert range_text(1, 1e8, "条序列", "zh") == "1 – 1 亿条序列"
    assert range_text(0, 1e6, "TB", "zh") == "0 – 100 万 TB"
    assert range_text(1, 65_536, "条序列", "zh") == "1 – 65,536 条序列"  # not whole in 万: its digits, not 6.554 万
    assert range_text(1, 16, ":1", "zh") == "1 – 16:1"
    assert range_text(1, 1e8, "sequences", "en") == "1 – 100,000,000 sequences"


def test_latin_words_and_numbers_stand_apart_from_chinese_in_every_chinese_text() -> None:
    """A space between a Latin word or a number and Chinese, as the figures, formulas and report already wrote it:
    the window's labels read '每节点GPU数', 'LoRA秩', '首token时延目标' beside '预填充池 16 卡'. Placeholders and
    escapes are not text."""
    import re
    from pathlib import Path

    glued = re.compile(r"[A-Za-z0-9%][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Za-z0-9]")
    found = []
    for path in sorted(Path(__file__).resolve().parents[2].joinpath("resources", "i18n").glob("*zh*.toml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "=" in line and not line.lstrip().startswith(("#", "[")):
                text = re.sub(r"\{[^}]*\}|\\.", " ", line.split("=", 1)[1])
                found += [f"{path.name}: {line.strip()[:80]}" for _ in glued.findall(text)[:1]]
    assert not found, "\n".join(found)


def test_latin_words_and_numbers_stand_apart_from_chinese_in_every_vocabulary() -> None:
    """The same rule for the declared vocabularies' Chinese names (the step titles read '看GPU时', the catalog
    columns 'KV头数', 'GPU数')."""
    import importlib
    import pkgutil
    import re

    import gpudesk.vocabulary as package
    from gpudesk.vocabulary.terms import Vocabulary

    glued = re.compile(r"[A-Za-z0-9%][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Za-z0-9]")
    found, seen = [], 0
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"gpudesk.vocabulary.{info.name}")
        for value in vars(module).values():
            if isinstance(value, Vocabulary):
                for term in value:
                    seen += 1
                    found += [f"{info.name}.{term.code}: {term.zh}"] if glued.search(term.zh) else []
    assert seen > 100 and not found, "\n".join(found)


def test_a_workload_named_with_a_number_keeps_its_space_before_de():
    """The summary of walk-26's wizard plan read '工作负载 2的 GPU 数量由…决定' (the workload the wizard's + Workload
    added, named with its number): a name ending in a digit or a Latin letter keeps a space before 的, as every
    Chinese count does ('第 2 阶段的' stays as it is)."""
    from types import SimpleNamespace

    from gpudesk.report.proposal_summary import _whose

    def whose(names: list[str], lang: str = "zh", multi_phase: bool = False) -> str:
        loads = [SimpleNamespace(gpus=i + 1, label=lambda _lang, n=n: n) for i, n in enumerate(names)]
        return _whose(SimpleNamespace(text=ReportText(lang), multi_phase=multi_phase),
                      SimpleNamespace(config=SimpleNamespace(workloads=loads), index=1))

    assert whose(["大模型 LoRA 微调", "工作负载 2"]) == "工作负载 2 的 "
    assert whose(["大模型推理", "Qwen3 32B serving"]) == "Qwen3 32B serving 的 "
    assert whose(["工作负载 2", "产线实时检测"]) == "产线实时检测的 "
    assert whose(["产线实时检测"], multi_phase=True) == "第 2 阶段的 "
    assert whose(["a", "Workload 2"], "en") == "Workload 2: "


def test_no_space_beside_a_full_width_bracket_of_a_chinese_value():
    """The zh rented-instance assumption read '租用 AWS 中国（宁夏区域，西云数据运营） p4d.24xlarge 实例' while the
    proposal's power note dropped that space by hand: fill_chinese holds the one rule for every text."""
    filled = fill_chinese("租用 {provider} {instance} 实例", {"provider": "AWS 中国（宁夏区域，西云数据运营）",
                                                          "instance": "p4d.24xlarge"})
    assert filled == "租用 AWS 中国（宁夏区域，西云数据运营）p4d.24xlarge 实例"
    assert fill_chinese("见 {x} 说明", {"x": "（附录）"}) == "见（附录）说明"
    assert fill_chinese("租用 {provider} 实例", {"provider": "AWS"}) == "租用 AWS 实例"  # Latin keeps its spaces
