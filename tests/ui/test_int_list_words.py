"""A typed list of months refused in the reader's language: the Chinese window said "'x' is not a whole number" and
"13 is outside 1–12" (gpudesk/ui/widgets/int_list.py), English in front of a Chinese user."""

from __future__ import annotations

import pytest

from gpudesk.report.refusal_text import refusal_text
from gpudesk.ui.widgets.int_list import ListRefused, parse_int_list


def test_a_month_out_of_range_or_not_a_number_is_refused_in_either_language() -> None:
    assert parse_int_list("10，11 12", 1, 12, "month") == [10, 11, 12]
    with pytest.raises(ListRefused) as out_of_range:
        parse_int_list("10, 13", 1, 12, "month")
    zh = refusal_text(out_of_range.value.reason, "zh")
    assert zh.startswith("13 高于最大值 12") and "允许 1 … 12" in zh and "outside" not in zh, zh
    assert refusal_text(out_of_range.value.reason, "en").startswith("13 is above the maximum 12")
    with pytest.raises(ListRefused) as not_whole:
        parse_int_list("10, x", 1, 12, "month")
    zh = refusal_text(not_whole.value.reason, "zh")
    assert zh.startswith("应为整数") and "x" in zh and "whole" not in zh, zh
