"""Chinese money formatting in 万元 / 亿元 (issue 17)."""

from __future__ import annotations

import math

from gpudesk.report.number_format import MISSING, format_money_zh


def test_cny_amounts_from_ten_thousand_up_read_in_wan() -> None:
    assert format_money_zh(4_101_081.6, "CNY") == "410.1 万元"
    assert format_money_zh(12_345_678, "CNY") == "1,235 万元"
    assert format_money_zh(-50_000, "CNY") == "-5.0 万元"
    assert format_money_zh(2.35e8, "CNY") == "2.35 亿元"


def test_small_amounts_other_currencies_and_unknowns_keep_their_form() -> None:
    assert format_money_zh(9_740, "CNY") == "¥9,740"
    assert format_money_zh(5e6, "USD") == "500.0 万美元"  # US dollars count in 万 too (issue 21)
    assert format_money_zh(9_740, "USD") == "$9,740"
    assert format_money_zh(5e6, "EUR") == "EUR 5,000,000"
    assert format_money_zh(None, "CNY") == MISSING
    assert format_money_zh(math.nan, "CNY") == MISSING


# -- every surface that shows money reads CNY in 万元 in Chinese, through the one helper --------------------------
import re  # noqa: E402

import pytest  # noqa: E402

from gpudesk.report.comparison import compare_plans  # noqa: E402
from gpudesk.report.comparison_export import table_cells  # noqa: E402
from gpudesk.report.document import Branding  # noqa: E402
from gpudesk.report.number_format import format_money, money_in_chinese_units  # noqa: E402
from gpudesk.report.proposal import build_proposal  # noqa: E402
from gpudesk.report.text_catalog import ReportText  # noqa: E402

BIG_YUAN = re.compile(r"¥(\d{2,3}(,\d{3})+|\d(,\d{3}){2,})")  # 10,000 and more written out in yuan (¥9,740 stays)


def test_format_money_takes_the_language() -> None:
    assert format_money(4_101_081.6, "CNY", "zh") == "410.1 万元"
    assert format_money(4_101_081.6, "CNY") == "¥4,101,082"
    assert format_money(4_101_081.6, "USD", "zh") == "410.1 万美元"
    assert format_money(4_101_081.6, "USD") == "$4,101,082"
    assert money_in_chinese_units(4_101_081.6, "CNY", "zh") == ("410.1", "万元")
    assert money_in_chinese_units(9_999, "CNY", "zh") is None
    assert money_in_chinese_units(math.inf, "CNY", "zh") is None


@pytest.fixture
def bank(searched_sample):  # type: ignore[no-untyped-def]
    plan, project = searched_sample("bank-llm-assistant")  # the shipped sample, searched once per test process
    assert project.phases[0].costs.currency == "CNY"
    return plan, project


def test_the_zh_proposal_of_a_cny_plan_reads_in_wan(bank) -> None:  # type: ignore[no-untyped-def]
    plan, project = bank
    zh = build_proposal(plan, project, "zh", Branding("示例", "", "王工")).to_text()
    en = build_proposal(plan, project, "en", Branding("Example", "", "Wang")).to_text()
    assert "万元" in zh and "万元" not in en
    assert not BIG_YUAN.search(zh), BIG_YUAN.search(zh)
    assert BIG_YUAN.search(en)


def test_the_zh_comparison_reads_in_wan(bank) -> None:  # type: ignore[no-untyped-def]
    comparison = compare_plans([bank, bank])
    zh = "\n".join("|".join(row) for row in table_cells(comparison, ReportText("zh")))
    assert "万元" in zh and not BIG_YUAN.search(zh)


def test_a_zh_comparison_row_reads_its_amounts_in_one_unit(bank, searched_sample) -> None:  # type: ignore[no-untyped-def]
    """walk-23: a compared row read '1.21 亿元' beside '¥0' and '1.9 万元' (a plan of 1 亿 and more beside small
    ones); each money row reads every plan's amount, and their differences, in 万, as a column of the proposal."""
    gov = searched_sample("gov-llm-domestic-accelerator")
    assert gov[1].phases[0].costs.currency == "CNY"
    rows = table_cells(compare_plans([bank, gov]), ReportText("zh"))
    units = [({unit for unit in ("亿元", "万元", "¥") for cell in row[2:] if unit in cell}, row) for row in rows]
    money = [(found, row) for found, row in units if found]
    assert len(money) >= 3
    for found, row in money:
        assert found == {"万元"}, row
