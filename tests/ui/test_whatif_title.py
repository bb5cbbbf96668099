"""The what-if chart's title states the plan's value in the reader's units: a CNY total reads 万元 in Chinese (the full
audit found '影响本阶段成本的因素（方案值：55,079,171 CN…', the title cut inside 'CNY' on a 150% laptop)."""

from __future__ import annotations

from types import SimpleNamespace

from gpudesk.core.explain import FigureSet
from gpudesk.ui.panels.whatif_chart import TornadoText, tornado_spec


def _result(base: float, unit: str, awaiting: tuple[str, ...] = ()):
    metric = SimpleNamespace(label="phase cost", unit=unit)
    figures = FigureSet()
    figures.input("whatif.base.cost", base, unit, "phase cost (as planned)", "phase estimate figure plan.phase_cost",
                  awaiting=awaiting)
    return SimpleNamespace(metric=lambda _m: metric, tornado=lambda _m: [], base={"cost": base}, figures=figures)


def test_a_yuan_total_reads_wan_in_chinese_and_stays_whole_in_english() -> None:
    zh = TornadoText(title="影响{0}的因素（方案值：{1}）", lang="zh", units={"CNY": "元"})
    assert tornado_spec(_result(55_079_171.0, "CNY"), "cost", zh).title == "影响phase cost的因素（方案值：5,508 万元）"
    assert tornado_spec(_result(55_079_171.0, "CNY"), "cost").title == "What moves phase cost (plan: 55,079,171 CNY)"
    assert tornado_spec(_result(2_500.0, "USD"), "cost", zh).title.endswith("2,500 USD）")


def test_a_total_that_leaves_out_unpriced_lines_says_so_in_the_title() -> None:
    """The gov sample's step 6 read '影响本阶段成本的因素（方案值：127.9 万元）' with its 25 servers unpriced."""
    zh = TornadoText(title="影响{0}的因素（方案值：{1}）", lang="zh", units={"CNY": "元"})
    waiting = ("servers", "installation", "maintenance", "storage")
    assert tornado_spec(_result(1_279_393.0, "CNY", waiting), "cost", zh).title == \
        "影响phase cost的因素（方案值：127.9 万元 + 4 项待询价）"
    assert tornado_spec(_result(1_279_393.0, "CNY", waiting[:1]), "cost").title == \
        "What moves phase cost (plan: 1,279,393 CNY + 1 line awaiting a quote)"
    assert tornado_spec(_result(0.0, "CNY", waiting[:2]), "cost", zh).title.endswith("（方案值：待询价（2 项））")


def test_the_change_axis_reads_in_the_charts_language() -> None:
    """The Chinese tornado's axis read '相对方案的变化 (%)' beside every other Chinese axis's '显存（GB）' (walk-24, step 6):
    its spec kept the English tick language, so the axis title took English brackets."""
    from gpudesk.report.chart_text import axis_title

    zh = TornadoText(title="影响{0}的因素（方案值：{1}）", lang="zh", units={"CNY": "元"}, y_label="相对方案的变化")
    spec = tornado_spec(_result(55_079_171.0, "CNY"), "cost", zh)
    assert spec.tick_language == "zh"
    assert axis_title(spec.y_label, spec.y_unit, spec.tick_language) == "相对方案的变化（%）"
    assert tornado_spec(_result(55_079_171.0, "CNY"), "cost").tick_language == "en"
