"""In Chinese the step pages, the explanation and the status bar read CNY in 万元 (issue 17), from the one helper."""

from __future__ import annotations

import re

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.display_text import display_text
from gpudesk.report.display_units import display_value
from gpudesk.report.ledger_text import money as ledger_money
from gpudesk.report.number_format import format_money, money_in_chinese_units
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.summary import SUMMARY_SEPARATOR, summary_text
from gpudesk.ui.widgets.figure_table import FigureTableModel


def test_figure_cells_scale_cny_in_chinese_only() -> None:
    assert display_value(4_101_081.6, "CNY/year", "zh") == ("万元/year", "410.1")
    assert display_text("zh").unit("万元/year") == "万元/年"
    assert display_value(2.35e8, "CNY", "zh") == ("亿元", "2.35")
    assert display_value(4_101_081.6, "CNY/year", "en")[0] == "CNY/year"
    assert display_value(9_000, "CNY", "zh")[0] == "CNY"
    assert display_value(4_101_081.6, "USD", "en")[0] == "USD"


def test_us_dollars_read_in_wan_in_chinese_as_yuan_do() -> None:
    """Issue 21: the startup sample's 178,881 USD read "$178,881" in the Chinese window beside yuan in 万元; one
    formatter scales every currency a Chinese reader counts in 万."""
    assert display_value(178_881.0, "USD", "zh") == ("万美元", "17.9")
    assert display_value(2.35e8, "USD/year", "zh") == ("亿美元/year", "2.35")
    assert display_text("zh").unit("万美元/year") == "万美元/年"
    assert display_value(9_000, "USD", "zh") == ("USD", "9,000")
    assert format_money(178_881.0, "USD", "zh") == "17.9 万美元"
    assert ledger_money(178_881.0, "USD", "zh") == "17.8881 万美元"


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


BIG_DOLLARS = re.compile(r"\$(\d{2,3}(,\d{3})+|\d(,\d{3}){2,})")  # 10,000 and more written out in dollars


def test_the_startup_samples_status_bar_and_cost_cells_read_in_wan_dollars_in_chinese(qapp) -> None:
    plan = estimate_plan(load_project(samples_dir() / "startup-inspection.gpudesk").project, Catalog.open())
    assert plan.currency == "USD"
    zh = display_text("zh")
    for phase in plan.phases:
        line = summary_text(phase, zh)
        assert not BIG_DOLLARS.search(line), line
        model = FigureTableModel(text=zh)
        model.set_figures(phase.figures, ["plan.phase_cost"])
        number, unit = money_in_chinese_units(phase.ledger.phase_total, "USD", "zh") or ("", "")
        assert unit == "万美元" and model.value_text("plan.phase_cost") == number, (phase.ledger.phase_total, line)


def test_costs_being_made_are_said_to_be_computed_then_shown(qapp) -> None:
    """An edit's estimate that leaves the costs to idle time (a rented phase, nothing on screen reading them): the
    status bar says its power, cost and TCO are being computed in either language, counts no unpriced line and shows
    no amount; the ranked table's plan row says its cost is; once attached, both read the full estimate's."""
    from gpudesk.results.pipeline import DEFERRED_CHARTS, DEFERRED_FIGURES, attach_costs
    from gpudesk.ui.panels.candidate_model import COL_COST, CandidateTableModel

    project = load_project(samples_dir() / "bank-llm-assistant.gpudesk").project
    catalog = Catalog.open()
    full = estimate_plan(project, catalog).phases[0]
    phase = estimate_plan(project, catalog, search=False, layout=False, defer_figures=DEFERRED_FIGURES,
                          defer_charts=[c for c in DEFERRED_CHARTS if c != "memory_fit"], defer_roadmap=True,
                          defer_costs=True).phases[0]
    assert not phase.costs_done
    for lang, word in (("en", "Calculating…"), ("zh", "计算中…")):
        parts, whole = (summary_text(p, display_text(lang)).split(SUMMARY_SEPARATOR) for p in (phase, full))
        assert full.ledger.unpriced and len(whole) == len(parts) + 1  # no unpriced count while the ledger is made
        assert parts[:2] == whole[:2] and all(p.endswith(word) for p in parts[2:]), parts  # the phase cost, the TCO
        # the same label, the TCO's with what it covers once the ledger that says it is made ('（租用 3 个月）')
        assert all(w.startswith(p.removesuffix(word).rstrip("：: ")) and w != p
                   for p, w in zip(parts[2:], whole[2:4], strict=True))
    model = CandidateTableModel()
    model.set_candidates(phase.candidates, search_pending=True, costs_pending=True)
    own = model.pinned_row()
    assert model.index(own, COL_COST).data() == "Calculating…"
    attach_costs(phase, catalog)
    assert summary_text(phase, display_text("zh")) == summary_text(full, display_text("zh"))
    model.set_candidates(phase.candidates, search_pending=True, costs_pending=False)
    shown = model.index(model.pinned_row(), COL_COST).data()
    assert shown != "Calculating…" and any(ch.isdigit() for ch in shown)


def test_ranked_rows_read_times_and_money_as_the_figure_tables(qapp) -> None:
    """The window's ranked alternatives read '0.0501 days' (format_value beside display_value): now '1.2 h'."""
    from gpudesk.ui.panels.candidate_model import _number

    assert _number(0.0501, "days") == "1.2 h" and _number(1.16, "days") == "1.16 days"
    assert _number(143_969.0, "USD") == "143,969 USD"


def test_the_ranked_cost_column_reads_one_unit_in_chinese(qapp) -> None:
    """walk-23: a cost column read '1.35 亿元' above '5,204 万元'; the window's ranked table (and a figure table of
    amounts) reads them all in 万, as the proposal's and the bill of materials."""
    from dataclasses import replace

    from PySide6.QtCore import QLocale

    from gpudesk.ui.panels.candidate_model import COL_COST, CandidateTableModel

    plan = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, Catalog.open())
    own = next(c for c in plan.phases[-1].candidates if c.pinned and c.cost_unit == "CNY")
    rows = [replace(own, cost=135_120_000.0), replace(own, cost=52_040_000.0, pinned=False, rank=own.rank + 1)]
    was = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    try:
        model = CandidateTableModel()
        model.set_candidates(rows)
        cells = [model.index(r, COL_COST).data() for r in range(2)]
    finally:
        QLocale.setDefault(was)
    assert cells == ["13,512 万元", "5,204 万元"], cells
    assert display_value(135_120_000.0, "CNY/year", "zh", wan=True) == ("万元/year", "13,512")
