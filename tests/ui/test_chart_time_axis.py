"""A trade-off chart whose times to train span seconds to days, in a step-2 tab at 1366×768.

The startup sample's phase-0 chart on main drew eight configurations between 1.4 s and 1.7 days on a log axis
ticked at the data, each tick rounded to whole days: the axis read "0 0 0 0 0 1 1 2". Its notes, one unwrapped
line each, made the chart 632 px wide in a 390 px tab (the title cut to "成本与训…"), and with the legend below,
the plot was 15 px tall."""

from __future__ import annotations

import pytest
from test_charts_axes import _drawn_labels

from gpudesk.plotting import fit
from gpudesk.report.chart_text import localise_spec
from gpudesk.report.durations import duration_text
from gpudesk.report.tick_words import data_tick
from gpudesk.results.chart_model import ChartSpec, Series

# the startup sample's front (days to train, ledger cost in USD) as main drew it
DAYS = [0.0002644, 0.07695, 0.1414, 0.2707, 0.6156, 1.131, 1.682]
COSTS = [4.276e7, 5.266e5, 3.008e5, 2.256e5, 2.077e5, 1.997e5, 1.987e5]
NOTES = ("Every point: the cost ledger of the plan that pins it, as in the ranked rows and the proposal.\n"
         "The vertical axis is logarithmic: the costs span more than tenfold.\n"
         "Drawn: 8 of the 291 configurations that meet every target (the front, the ranked rows and those named); "
         "the other 283 are not priced. Not drawn: 21 awaiting a quote.")


def trade_off_spec(lang: str) -> ChartSpec:
    spec = ChartSpec("time_vs_cost", "Cost against time to train", x_label="Time to train", x_unit="days",
                     y_label="Cost over the plan's horizon", y_unit="USD", y_short_label="Cost",
                     series=[Series("Configurations", [1.259], [2.095e5], style="scatter"),
                             Series("Lower precision (quality caveat)", [0.0001322], [4.276e7], style="scatter"),
                             Series("Pareto front", DAYS, COSTS, style="line")],
                     log_x=True, log_y=True, notes=NOTES)
    return localise_spec(spec, lang)


def test_durations_read_in_the_unit_they_reach() -> None:
    assert [duration_text(d) for d in (0.0002644, 0.01, 0.07695, 0.6156, 1.0, 1.682, 12.3)] == \
        ["23 s", "14 min", "1.8 h", "15 h", "1 day", "1.7 days", "12 days"]
    assert [duration_text(d, "zh") for d in (0.0002644, 0.07695, 1.682)] == ["23 秒", "1.8 小时", "1.7 天"]


def test_a_data_tick_keeps_two_significant_digits() -> None:
    assert [data_tick(v) for v in (0.0002644, 0.07695, 0.5, 1.682, 4.0, 1024.0, 2e6)] == \
        ["0.00026", "0.077", "0.50", "1.7", "4", "1,024", "2.0M"]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(390, 302), (306, 302), (640, 360)])
def test_a_time_axis_from_seconds_to_days_fits_a_laptop_tab(shown_chart, lang: str, size: tuple[int, int]) -> None:
    view = shown_chart(*size)
    spec = trade_off_spec(lang)
    view.set_spec(spec)
    plot = view.plot(0)
    labels = [text for _at, text in _drawn_labels(plot.getAxis("bottom"))]
    assert len(labels) >= 2 and len(set(labels)) == len(labels), labels  # distinct, never "0 0"
    unit = {"zh": ("秒", "小时", "天"), "en": (" s", " h", "day")}[lang]
    assert all(any(u in text for u in unit) for text in labels), labels
    positions = sorted(_drawn_labels(plot.getAxis("bottom")))
    assert all(b[0] - a[0] > 20 for a, b in zip(positions, positions[1:])), positions  # no two labels on one spot
    assert plot.getAxis("bottom").labelText == ("训练时长" if lang == "zh" else "Time to train")
    assert view.graphics.ci.geometry().width() <= view.graphics.width() + 0.5  # nothing runs off the tab
    assert view._title.text == spec.title  # whole, not elided
    assert plot.vb.geometry().height() >= fit.PLOT_MIN_HEIGHT - 50, plot.vb.geometry()
    notes = view._notes
    assert notes.text == notes.gpudesk_full_notes or notes.toolTip().replace("\n", "<br>") == \
        notes.gpudesk_full_notes  # folded to one line, the whole text on hover


def test_a_legend_beside_the_plot_keeps_each_sample_on_its_name_s_line(shown_chart) -> None:
    """Stretched over the plot's rows, the legend spread its rows and drew each sample a row below its name."""
    view = shown_chart(790, 300)
    view.set_spec(ChartSpec("time_vs_cost", "Cost against time to train", x_label="Time to train", x_unit="days",
                            y_label="Cost", y_unit="CNY", log_x=True,
                            series=[Series("Configurations", [2.055], [3.164e7], style="scatter"),
                                    Series("Pareto front", [1.896, 2.212], [2.632e7, 1.13e7], style="line")]))
    assert view._legend_plan.mode == fit.BESIDE
    assert view.legend.geometry().height() <= 35 * len(view.legend.items), view.legend.geometry()  # not 190 px
    labels = [text for _at, text in _drawn_labels(view.plot(0).getAxis("bottom"))]
    assert labels == ["1.9 days", "2.1 days", "2.2 days"]  # the end points' labels overhang the axis a little
