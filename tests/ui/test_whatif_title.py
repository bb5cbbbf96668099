"""The what-if chart's title states the plan's value in the reader's units: a CNY total reads 万元 in Chinese (the full
audit found '影响本阶段成本的因素（方案值：55,079,171 CN…', the title cut inside 'CNY' on a 150% laptop)."""

from __future__ import annotations

from types import SimpleNamespace

from gpudesk.ui.panels.whatif_chart import TornadoText, tornado_spec


def _result(base: float, unit: str):
    metric = SimpleNamespace(label="phase cost", unit=unit)
    return SimpleNamespace(metric=lambda _m: metric, tornado=lambda _m: [], base={"cost": base})


def test_a_yuan_total_reads_wan_in_chinese_and_stays_whole_in_english() -> None:
    zh = TornadoText(title="影响{0}的因素（方案值：{1}）", lang="zh", units={"CNY": "元"})
    assert tornado_spec(_result(55_079_171.0, "CNY"), "cost", zh).title == "影响phase cost的因素（方案值：5,508 万元）"
    assert tornado_spec(_result(55_079_171.0, "CNY"), "cost").title == "What moves phase cost (plan: 55,079,171 CNY)"
    assert tornado_spec(_result(2_500.0, "USD"), "cost", zh).title.endswith("2,500 USD）")
