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
    assert format_money_zh(5e6, "USD") == "$5,000,000"
    assert format_money_zh(None, "CNY") == MISSING
    assert format_money_zh(math.nan, "CNY") == MISSING
