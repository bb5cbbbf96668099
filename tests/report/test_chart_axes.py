"""Printed chart axes (gpudesk/pdf/chart_axes.py): tick labels say the value they stand for."""

from __future__ import annotations

from gpudesk.pdf.chart_axes import log_axis, tick_text


def test_a_log_axis_over_small_decades_labels_each_decade_not_zero() -> None:
    # a one-GPU training run of minutes, in days: the trade-off chart's time axis spans 0.0002 to 1.5 days
    axis = log_axis([0.0002, 0.003, 0.04, 1.5])
    labels = [tick_text(t, "zh", 0.0) for t in axis.ticks]
    assert labels == ["0.001", "0.01", "0.1", "1"]
    assert tick_text(0.0001, "en") == "0.0001" and tick_text(0.005, "en") == "0.005"
    assert tick_text(0.25, "en") == "0.25" and tick_text(15000, "zh") == "1.5 万" and tick_text(0, "zh") == "0"
    assert tick_text(2.5e8, "zh", 5e7) == "2.5 亿" and tick_text(8e7, "zh", 2e7) == "8,000 万"  # the spacing rule


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
