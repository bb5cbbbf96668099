"""In Chinese the step pages, the explanation and the status bar read CNY in 万元 (issue 17), from the one helper."""

from __future__ import annotations

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.display_units import display_value
from gpudesk.report.number_format import money_in_chinese_units
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.summary import summary_text
from gpudesk.ui.widgets.display_text import display_text
from gpudesk.ui.widgets.figure_table import FigureTableModel


def test_figure_cells_scale_cny_in_chinese_only() -> None:
    assert display_value(4_101_081.6, "CNY/year", "zh") == ("万元/year", "410.1")
    assert display_text("zh").unit("万元/year") == "万元/年"
    assert display_value(2.35e8, "CNY", "zh") == ("亿元", "2.35")
    assert display_value(4_101_081.6, "CNY/year", "en")[0] == "CNY/year"
    assert display_value(9_000, "CNY", "zh")[0] == "CNY"
    assert display_value(4_101_081.6, "USD", "zh")[0] == "USD"


def test_status_bar_and_figure_table_of_the_bank_sample_in_chinese(qapp) -> None:
    plan = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, Catalog.open())
    assert plan.currency == "CNY"
    zh = display_text("zh")
    for phase in plan.phases:
        number, unit = money_in_chinese_units(phase.ledger.phase_total, "CNY", "zh") or ("", "")
        assert unit and f"{number} {unit}" in summary_text(phase, zh)
        model = FigureTableModel(text=zh)
        model.set_figures(phase.figures, ["plan.phase_cost"])
        assert model.value_text("plan.phase_cost") == number
