"""Printed chart axes (gpudesk/pdf/chart_axes.py): tick labels say the value they stand for, worded as the window's
(report.tick_words): one notation per axis, chosen by its range."""

from __future__ import annotations

import re

import pytest
from pdf_support import pdf_pages_text, print_chart
from tick_notations import two_notations

from gpudesk.pdf.chart_axes import linear_axis, log_axis, tick_labels
from gpudesk.results.chart_model import ChartSpec, Series


def test_a_log_axis_over_small_decades_labels_each_decade_not_zero() -> None:
    # a one-GPU training run of minutes, in days: the trade-off chart's time axis spans 0.0002 to 1.5 days
    assert tick_labels(log_axis([0.0002, 0.003, 0.04, 1.5]), "zh") == ("0.001", "0.01", "0.1", "1")
    # ticks at 1.5 times a power of ten (within one decade) and at 2.2 (a span inside one step) keep their digit
    assert tick_labels(log_axis([0.00011, 0.0009]), "en")[:3] == ("0.00015", "0.0002", "0.0003")
    assert tick_labels(log_axis([1.2e4, 9e4]), "zh")[:3] == ("1.5 万", "2 万", "3 万")
    assert tick_labels(log_axis([1.8, 2.6]), "en") == ("1.8", "2", "2.2", "2.4", "2.6")
    assert tick_labels(linear_axis([0.0, 0.25], from_zero=True), "en") == ("0", "0.05", "0.10", "0.15", "0.20", "0.25")


@pytest.mark.parametrize(("values", "log", "lang", "expected"), [
    # an English log axis read '1,000 · 10k · 100k · 1M': each label in the notation of its own size
    ((1_000.0, 150_000.0), True, "en", ("1,000", "10,000", "100,000")),
    ((1_000.0, 2e6), True, "en", ("1k", "10k", "100k", "1M")),
    # a Chinese one read '5,000 · 1 万': an axis reaching 万 writes every label from 1,000 up in 万 and 亿
    ((5_000.0, 30_000.0), True, "zh", ("0.5 万", "1 万", "2 万")),
    ((300.0, 2e8), True, "zh", ("0.1 万", "1 万", "10 万", "100 万", "1,000 万", "1 亿")),
    ((300.0, 5_000.0), True, "zh", ("500", "1,000", "2,000", "5,000")),
    # a linear axis: one count word chosen by its largest value, as the window's (0.5 万 · 1.0 万 · 1.5 万)
    ((0.0, 15_000.0), False, "zh", ("0", "0.5 万", "1.0 万", "1.5 万")),
    ((0.0, 15_000.0), False, "en", ("0", "5,000", "10,000", "15,000")),
    # a step of 2.5 keeps its decimal: the gov proposal's axis read '2 万 · 5 万 · 8 万' for 2.5, 5 and 7.5 万
    ((0.0, 125_000.0), False, "zh", ("0", "2.5 万", "5.0 万", "7.5 万", "10.0 万", "12.5 万")),
    ((0.0, 12_500.0), False, "zh", ("0", "0.25 万", "0.50 万", "0.75 万", "1.00 万", "1.25 万")),
    ((0.0, 2.5e8), False, "zh", ("0", "0.5 亿", "1.0 亿", "1.5 亿", "2.0 亿", "2.5 亿")),
    ((0.0, 2.5e6), False, "en", ("0", "0.5M", "1.0M", "1.5M", "2.0M", "2.5M")),
])
def test_a_printed_axis_reads_in_one_notation(values: tuple[float, float], log: bool, lang: str,
                                              expected: tuple[str, ...]) -> None:
    labels = tick_labels(log_axis(values) if log else linear_axis(values, from_zero=True), lang)
    assert labels == expected
    assert not two_notations(list(labels))


NUMBER = re.compile(r"-?[\d.,]*\d(?: ?(?:k|M|B|T|万亿|万|亿)(?![\w]))?")
"""A number as a tick label writes it, with its count word if it has one ('0.5 万', '10k', '5,000')."""


def _printed_axes(tmp_path, spec: ChartSpec, lang: str) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """The tick labels of ``spec`` printed on a PDF page, read back from the page's text: the value axis's (one a
    line, down the left) and the bottom axis's (the line with several numbers)."""
    path = print_chart(tmp_path / f"axes_{lang}.pdf", spec, lang)
    lines = [line.strip() for page in pdf_pages_text(path) for line in page.splitlines()]
    numbers = [NUMBER.findall(line) for line in lines if line and not NUMBER.sub("", line).strip()]
    return [n[0] for n in numbers if len(n) == 1], next(n for n in numbers if len(n) > 1)


@pytest.mark.parametrize(("lang", "left", "bottom"), [
    ("en", ["1k", "10k", "100k", "1M"], ["0", "5,000", "10,000", "15,000"]),
    ("zh", ["0.1 万", "1 万", "10 万", "100 万"], ["0", "0.5 万", "1.0 万", "1.5 万"]),
])
def test_the_printed_axes_each_read_in_one_notation(tmp_path, lang: str, left: list[str], bottom: list[str]) -> None:
    """The proposal's printed axes read '1,000 · 10k · 100k · 1M' and '5,000 · 1 万 · 1.5 万' (each label in the
    notation of its own size) where the window's read one notation per axis: a log cost axis from 1,000 to 2 million
    against a linear speed axis up to 15,000, printed and read back from the page."""
    spec = ChartSpec(kind="cost_vs_speed", title="", x_label="", y_label="", log_y=True,
                     series=[Series("Pareto front", [1_000.0, 5_000.0, 15_000.0], [2e6, 4e4, 1e3], style="line")])
    printed_left, printed_bottom = _printed_axes(tmp_path, spec, lang)
    assert (printed_left, printed_bottom) == (left, bottom)
    assert not two_notations(printed_left) and not two_notations(printed_bottom)


def test_a_log_axis_inside_one_decade_still_has_several_ticks() -> None:
    # a training search whose points all take 1.8 to 2.6 days printed one tick, "2", under the whole chart
    assert log_axis([1.8, 2.6]).ticks == (1.8, 2.0, 2.2, 2.4, 2.6)
    assert log_axis([1.6, 6.5]).ticks == (2.0, 3.0, 4.0, 5.0, 6.0)
    assert log_axis([20, 20000]).ticks == (100.0, 1000.0, 10000.0)


def test_a_printed_time_axis_ticks_round_durations_each_in_its_unit() -> None:
    # the startup sample's training front spans a 1,024-GPU point of seconds to a one-GPU point of 1.7 days: ticks
    # in days read "0.001 0.01 0.1 1"; a reader wants minutes, hours and days
    from gpudesk.pdf.chart_axes import duration_axis
    from gpudesk.report.durations import duration_text
    axis = duration_axis([0.000264, 0.0769, 1.7])
    assert [duration_text(t, "zh") for t in axis.ticks] == ["1 分钟", "10 分钟", "1 小时", "6 小时", "1 天"]
    assert [duration_text(t, "en") for t in axis.ticks] == ["1 min", "10 min", "1 h", "6 h", "1 day"]
    assert axis.low <= 0.000264 and axis.high >= 1.7
    # a span inside one day's steps keeps the log axis's own ticks, labelled as durations
    assert duration_axis([1.8, 2.6]).ticks == (1.8, 2.0, 2.2, 2.4, 2.6)
    assert len(duration_axis([1e-5, 900.0]).ticks) <= 6
