"""A figure over the months of a phase (``explain.SERIES_OVER``) is shown by its basis, never by its first month
alone: the Explain panel read the bank pilot's cumulative on-demand cost as 179,965 CNY (its first month; the three
months make 539,896) and an owned phase's cost per month as month 1's purchase, 35,357,703 CNY/month, beside
355,777 every month after. The figure table reads the same value (``figure_display``)."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.explain import FigureSet
from gpudesk.report.display_text import display_text
from gpudesk.ui.widgets.explain_panel import explanation_html
from gpudesk.ui.widgets.figure_table import figure_display


def delivery_like() -> FigureSet:
    fs = FigureSet()
    fs.input("delivery.peak_multiplier", 1.5, "x", "demand in peak months over baseline")
    fs.add("delivery.demand_multiplier", np.array([1.0, 1.5, 1.0]), "x", "demand multiplier per month",
           "peak_multiplier in peak months, else 1", ["delivery.peak_multiplier"], over="month")
    fs.add("delivery.monthly.cloud_on_demand", np.full(3, 179965.396), "CNY/month", "on demand cost per month",
           "f", ["delivery.demand_multiplier"], over="month")
    fs.add("delivery.cumulative.cloud_on_demand", np.cumsum(np.full(3, 179965.396)), "CNY",
           "on demand cumulative cost", "running sum of monthly cost", ["delivery.monthly.cloud_on_demand"],
           over="month_total")
    fs.add("delivery.monthly.private", np.array([35357703.476, 355776.796, 355776.796]), "CNY/month",
           "private cost per month", "g", ["delivery.peak_multiplier"], over="month")
    return fs


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_month_series_reads_by_its_basis(lang) -> None:
    fs, text = delivery_like(), display_text(lang)
    total = explanation_html(fs.explain("delivery.cumulative.cloud_on_demand"), fs, text)
    monthly = explanation_html(fs.explain("delivery.monthly.cloud_on_demand"), fs, text)
    owned = explanation_html(fs.explain("delivery.monthly.private"), fs, text)
    if lang == "en":
        assert "<b>539,896 CNY</b>" in total and "running total after 3 months" in total, total
        assert "<b>179,965 CNY/month</b>" in monthly and "same every month, 3 months" in monthly, monthly
        assert "3 months together: 539,896 CNY" in monthly, monthly
        assert "<b>355,777–35,357,703 CNY/month</b>" in owned and "month 1: 35,357,703 CNY/month" in owned, owned
        assert ">1–1.5<" in monthly, "the multiplier behind it, as an input: its range, not month 1's 1"
    else:
        assert "<b>54.0 万元</b>" in total and "3 个月的累计值" in total, total
        assert "<b>18.0 万元/月</b>" in monthly and "3 个月合计 54.0 万元" in monthly, monthly
        assert "<b>35.6–3,536 万元/月</b>" in owned and "第 1 个月：3,536 万元/月" in owned, owned
    assert figure_display(fs, "delivery.cumulative.cloud_on_demand", text)[0] == ("539,896" if lang == "en" else "54.0")
    assert figure_display(fs, "delivery.demand_multiplier", text)[0] == "1–1.5"


def test_a_figure_over_candidates_keeps_its_own_value() -> None:
    fs = FigureSet()
    fs.add("x.per_candidate", np.array([2.0, 3.0]), "GPUs", "GPUs per candidate", "h")
    assert fs.over("x.per_candidate") == "" and not fs.explain("x.per_candidate").series
    with pytest.raises(ValueError, match="over must be one of"):
        fs.add("x.bad", np.array([1.0]), "x", "bad", "h", over="week")
