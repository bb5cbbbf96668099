"""Number formatting per language."""

from __future__ import annotations

import math

from gpudesk.report.display_units import display_value
from gpudesk.report.number_format import format_count, format_money, format_number, format_percent, format_quantity
from gpudesk.report.text_catalog import ReportText


def test_money_symbols_and_separators():
    assert format_money(2_312_000, "USD") == "$2,312,000"
    assert format_money(1_234_567.6, "CNY") == "¥1,234,568"
    assert format_money(-5000, "USD") == "-$5,000"
    assert format_money(None, "USD") == "—"


def test_numbers_read_by_one_rule_on_every_surface():
    """Three significant digits, whole numbers from 1,000 up (number_format.plain_number, which the window's
    display_value reads too): the bank pilot's days read '2.528 天' in the window and '2.53 天' in the proposal."""
    assert format_number(85.2) == "85.2"
    assert format_number(290_702.4) == "290,702"
    assert format_number(1.3) == "1.3"
    assert format_number(8.0) == "8"
    assert format_number(math.nan) == "—"
    assert format_number(0.0123) == "0.0123"
    assert format_number(0.000123) == "0.000123"
    assert format_number(2.5278) == display_value(2.5278, "days", "zh")[1] == "2.53"


def test_counts_and_units_per_language():
    assert format_count(2e10, "zh") == "200 亿"
    assert format_count(3.5e9, "en") == "3.5 B"  # as the window: trailing zeros dropped
    assert format_quantity(64, "GPUs", ReportText("zh"), 0) == "64 卡"
    assert format_quantity(30, "%/year", ReportText("en")) == "30%/year"  # as a plain percentage: no space
    assert format_quantity(12, "unlisted-unit", ReportText("zh")) == "12 unlisted-unit"
    assert format_percent(0.913, 1) == "91.3%"


def test_unknown_and_unbounded_values_read_as_missing_never_inf_or_nan():
    assert format_number(float("inf")) == format_number(float("nan")) == format_number(None) == "—"
    assert format_money(float("nan"), "USD") == "—"
