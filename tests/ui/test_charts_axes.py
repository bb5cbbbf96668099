"""Tick labels every chart kind prints, and horizontal (tornado) bars.

The cost chart comes from ``plan_charts.cost_chart`` over cumulative costs up to
3 million: its value axis must print tick labels (with a thousands separator or an
M suffix) that read back as the values at their positions, even when the chart is
exported straight after ``set_spec``, before Qt lays the widget out again.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pyqtgraph as pg
import pytest
from screenshot_paths import screenshot_folder
from test_charts_samples import ALL_SPECS, scaling_spec
from tick_notations import two_notations
from window_audit_charts import drawn_tick_labels

from gpudesk.core.explain import FigureSet
from gpudesk.plotting import ChartView
from gpudesk.plotting.axes import NumberAxis
from gpudesk.report.tick_words import SUFFIXES_ZH, format_tick
from gpudesk.results.chart_model import ChartSpec, RefLine, Series
from gpudesk.results.plan_charts import cost_chart

SCREENSHOTS = screenshot_folder("charts")
TICK = re.compile(r"^-?\d{1,3}(,\d{3})*(\.\d+)?[MBT]?$")


@pytest.fixture
def view(shown_chart) -> ChartView:
    return shown_chart()


def _drawn_labels(axis: pg.AxisItem) -> list[tuple[float, str]]:
    """(pixel position along the axis, text) of every tick label the axis paints now."""
    vertical = axis.orientation in ("left", "right")
    return [(rect.center().y() if vertical else rect.center().x(), text) for rect, text in drawn_tick_labels(axis)]


def _number(text: str) -> float:
    scale = {"M": 1e6, "B": 1e9, "T": 1e12}.get(text[-1], 1.0)
    return float(text.rstrip("MBT").replace(",", "")) * scale


def _cost_figures(top: float) -> FigureSet:
    fs = FigureSet()
    months = np.arange(1, 37, dtype=float)
    fs.input("delivery.modes", "private,cloud_on_demand,hybrid", "", "delivery modes compared")
    fs.input("delivery.cumulative.private", 0.4 * top + 0.6 * top * months / 36, "CNY", "cumulative cost, private")
    fs.input("delivery.cumulative.cloud_on_demand", 0.9 * top * months / 36, "CNY", "cumulative cost, on demand")
    fs.input("delivery.cumulative.hybrid", 0.15 * top + 0.7 * top * months / 36, "CNY", "cumulative cost, hybrid")
    fs.input("delivery.break_even.private_vs_cloud_on_demand", 30.0, "months", "break-even month")
    return fs


def _assert_sensible_value_ticks(axis: pg.AxisItem, low: float, high: float) -> list[str]:
    labels = _drawn_labels(axis)
    texts = [t for _pos, t in labels]
    assert len(texts) >= 3, f"too few tick labels: {texts}"
    for text in texts:
        assert TICK.match(text), f"unreadable tick label {text!r}"
    values = [_number(t) for t in texts]
    assert min(values) <= max(low, 0.0) + (high - low) * 0.5 and max(values) >= low + (high - low) * 0.5
    # Each label reads back as the value at its position (no stray labels from another range).
    vb = axis.linkedView()
    for (pos, text), value in zip(labels, values):
        mapped = vb.mapViewToScene(pg.Point(0, value)).y() - axis.sceneBoundingRect().top()
        spacing = abs(vb.mapViewToScene(pg.Point(0, 0)).y() - vb.mapViewToScene(pg.Point(0, high)).y())
        assert abs(mapped - pos) < 0.02 * spacing + 3, (text, mapped, pos)
    return texts


@pytest.mark.parametrize("top", [3e6, 2.4e5, 8.5e7])
def test_cost_chart_prints_readable_value_ticks_right_after_set_spec(view: ChartView, top: float) -> None:
    spec = cost_chart(_cost_figures(top), "CNY")
    assert spec is not None and max(max(s.y) for s in spec.series) == pytest.approx(top)
    view.set_spec(scaling_spec())  # a small-valued chart first: its narrow axis must not clip the next
    view.set_spec(spec)
    texts = _assert_sensible_value_ticks(view.plot(0).getAxis("left"), 0.0, top)
    if top >= 1e6:
        assert all(t.endswith("M") or t == "0" for t in texts), texts
    else:
        assert any("," in t for t in texts), texts
    if top == 3e6:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        view.export_png(SCREENSHOTS / "cost_over_time_pipeline.png", scale=2)


@pytest.mark.parametrize("kind", sorted(k for k, make in ALL_SPECS.items() if isinstance(make(), ChartSpec)))
def test_every_chart_kind_prints_numeric_value_ticks(view: ChartView, kind: str) -> None:
    spec = ALL_SPECS[kind]()
    view.set_spec(spec)
    for panel in range(1 + spec.has_second_panel):  # drawn horizontal (crowded categories): values below
        axis = view.plot(panel).getAxis("bottom" if view.panels[panel].horizontal else "left")
        texts = [t for _pos, t in _drawn_labels(axis) if t]
        assert len(texts) >= 2, (kind, panel, texts)
        assert all(TICK.match(t) for t in texts), (kind, panel, texts)


@pytest.mark.parametrize(
    ("value", "spacing", "magnitude", "text"),
    [
        (0.0, 5e5, 3e6, "0"),
        (1.5e6, 5e5, 3e6, "1.5M"),
        (2e6, 1e6, 3e6, "2M"),
        (-5e5, 5e5, 3e6, "-0.5M"),
        (250_000.0, 50_000.0, 400_000.0, "250,000"),
        (12_500.0, 2_500.0, 20_000.0, "12,500"),
        (0.25, 0.05, 1.0, "0.25"),
        (38.0, 2.0, 40.0, "38"),
        (4e9, 1e9, 8e9, "4B"),
        (1e-7 * 0.5, 1e5, 3e5, "0"),
    ],
)
def test_format_tick(value: float, spacing: float, magnitude: float, text: str) -> None:
    assert format_tick(value, spacing, magnitude) == text


def tornado_spec() -> ChartSpec:
    """What-if sensitivity of a 5-year TCO (M CNY) to four drivers, lowest and highest setting."""
    drivers = ["GPU price ±20%", "Utilisation 12-24 h/day", "Electricity 0.5-1.2 CNY/kWh", "Efficiency ±15%"]
    low = [-6.2, -3.1, -1.4, -0.9]
    high = [6.2, 2.4, 2.1, 1.1]
    spec = ChartSpec(
        kind="generic", title="What moves the 5-year TCO", x_label="Driver", y_label="Change in TCO", y_unit="M CNY",
        categories=drivers, stacked=True,
        series=[
            Series("Low setting", range(4), low, style="bar", color_role="cloud_on_demand",
                   tooltips=[f"tco.total_5y({d}, low) - base" for d in drivers]),
            Series("High setting", range(4), high, style="bar", color_role="private",
                   tooltips=[f"tco.total_5y({d}, high) - base" for d in drivers]),
        ],
        hlines=[RefLine(0.0, "base plan", "target")],
    )
    spec.horizontal = True  # ChartSpec.horizontal: see docs; absent on older specs means vertical
    return spec


def test_horizontal_bars_for_a_tornado_chart(view: ChartView) -> None:
    spec = tornado_spec()
    view.set_spec(spec)
    plot = view.plot(0)
    assert plot.vb.yInverted()  # first driver on top
    low, high = (view.panels[0].drawn[i] for i in range(2))
    for drawn, values in ((low, spec.series[0].y), (high, spec.series[1].y)):
        opts = drawn.item.opts
        assert np.allclose(opts["y"], [0, 1, 2, 3])  # bar centres on the category axis
        assert np.allclose(opts["x0"], 0.0)  # low and high bars both start at the base plan
        assert np.allclose(opts["width"], values)
        assert opts["height"] == pytest.approx(0.7)
    ticks = plot.getAxis("left")._tickLevels[0]
    assert [t for _pos, t in ticks] == spec.categories
    assert [t for _pos, t in _drawn_labels(plot.getAxis("left"))] == spec.categories
    bottom = [t for _pos, t in _drawn_labels(plot.getAxis("bottom"))]
    assert "0" in bottom and all(TICK.match(t) for t in bottom), bottom
    base_line = view.panels[0]._hlines[0]  # the spec's horizontal reference line, drawn upright
    assert base_line.isVisible() and math.isclose(base_line.angle, 90.0) and base_line.value() == 0.0
    (x_low, x_high), (y_low, y_high) = plot.vb.viewRange()
    assert x_low < -6.2 and x_high > 6.2 and y_low < 0 < 3 < y_high
    # Hover over the GPU-price high bar (value axis horizontal, category vertical).
    scene = plot.vb.mapViewToScene(pg.Point(3.0, 0.0))
    text = view.hover_at(scene)
    assert text.startswith("High setting") and "GPU price" in text and "tco.total_5y" in text
    scene = plot.vb.mapViewToScene(pg.Point(-1.0, 2.0))
    assert view.hover_at(scene).startswith("Low setting")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.export_png(SCREENSHOTS / "tornado.png", scale=2)
    # A vertical chart afterwards is upright again, with numeric ticks on the left.
    view.set_spec(scaling_spec())
    assert not plot.vb.yInverted()
    assert all(TICK.match(t) for _p, t in _drawn_labels(plot.getAxis("left")))


def test_linear_axes_grid_major_ticks_only_and_log_axes_keep_one_minor_level(view: ChartView) -> None:
    """Fewer grid lines keep an update after an input change within a frame (benchmarks/bench_ui.py); a log
    axis keeps its 2..9 level so that a range inside one decade is still labelled."""
    spec = ALL_SPECS["scaling"]()
    view.set_spec(spec)
    for panel in range(1 + spec.has_second_panel):
        for name in ("left", "bottom"):
            axis = view.plot(panel).getAxis(name)
            assert axis.style["maxTickLevel"] == (1 if axis.logMode else 0), (panel, name)
    log_spec = ChartSpec(kind="generic", title="one decade", log_y=True,
                         series=[Series("s", (1.0, 2.0, 3.0), (200.0, 350.0, 800.0))])
    view.set_spec(log_spec)
    axis = view.plot(0).getAxis("left")
    assert axis.logMode and axis.style["maxTickLevel"] == 1
    assert len([t for _pos, t in _drawn_labels(axis) if t]) >= 2


@pytest.mark.parametrize("top", [3e6, 2.4e9])
def test_a_chinese_chart_counts_in_wan_and_yi(view: ChartView, top: float) -> None:
    """A zh reader sees 150万 and 1.5亿 on the window's axes, as on the printed charts and in money (issue 17)."""
    from gpudesk.report.chart_text import localise_spec

    spec = localise_spec(cost_chart(_cost_figures(top), "CNY"), "zh")
    assert spec.tick_language == "zh"
    view.set_spec(spec)
    texts = [t for _pos, t in _drawn_labels(view.plot(0).getAxis("left")) if t and t != "0"]
    suffix, size = ("万", 1e4) if top < 1e8 else ("亿", 1e8)
    assert len(texts) >= 2 and all(t.endswith(" " + suffix) for t in texts), texts  # the spacing rule: '150 万'
    values = [float(t[:-2].replace(",", "")) * size for t in texts]
    assert max(values) <= top * 1.05 and max(values) >= top * 0.5
    view.set_spec(cost_chart(_cost_figures(top), "CNY"))  # back to English: M/B again
    texts = [t for _pos, t in _drawn_labels(view.plot(0).getAxis("left")) if t and t != "0"]
    assert all(t[-1] in "MB" for t in texts), texts


def test_format_tick_in_chinese() -> None:
    assert format_tick(1.5e6, 5e5, 3e6, SUFFIXES_ZH) == "150 万"  # a space as in '200 亿' and '410.1 万元'
    assert format_tick(2.5e8, 5e7, 3e8, SUFFIXES_ZH) == "2.5 亿"
    assert format_tick(1.5e6, 5e5, 3e6) == "1.5M"  # the English axis abbreviations stay glued
    assert format_tick(5_000.0, 1_000.0, 8_000.0, SUFFIXES_ZH) == "5,000"


def test_axis_units_read_in_the_chart_language(view) -> None:
    """The window titled a Chinese chart's axis '成本 (USD/run)'; it reads as the printed chart does."""
    from gpudesk.report.chart_text import localise_spec

    spec = ChartSpec(kind="time_vs_cost", title="Time against cost", x_label="Time to train", x_unit="days",
                     y_label="Cost", y_unit="USD/run",
                     series=[Series("Configurations", [1.0, 2.0], [40.0, 80.0], style="scatter")])
    view.set_spec(localise_spec(spec, "zh"))
    plot = view.plot(0)
    assert plot.getAxis("left").labelText == "成本（美元/次）"
    assert plot.getAxis("bottom").labelText == "训练时长"  # a time axis: each tick carries its unit
    assert plot.getAxis("bottom").tickStrings([1.0], 1.0, 1.0) == ["1 天"]
    view.set_spec(spec)
    assert plot.getAxis("left").labelText == "Cost (USD/run)"


@pytest.mark.timeout(30)
def test_a_log_axis_given_a_linear_range_draws_no_ticks_at_once(view: ChartView) -> None:
    """A view reused from a linear chart (values up to 4.2e8) for a log one reads the old range as exponents until
    the new spec's range is set: pyqtgraph's tick search over 4.2e8 decades ran for minutes (and ``_log_tick``'s
    10**exponent overflowed, suite-17's chart-pixel run). Such a range gets no ticks; a real log range keeps its own."""
    axis = NumberAxis("bottom")
    axis.setLogMode(True)
    assert axis.tickValues(0.0, 4.2e8, 600.0) == []
    assert any(ticks for _spacing, ticks in axis.tickValues(0.0, 3.0, 600.0))


def test_many_categories_label_the_last_one_too(qapp) -> None:
    """Twenty racks are labelled every fourth on the level pyqtgraph always draws (R01, R05 … R17): the gov sample's
    20th rack, part-filled (3.6 of 7.3 kW), read no name at 1366 × 768. The last is labelled too where it is half a
    step or more past the last labelled; not where it would crowd it."""
    from gpudesk.plotting.axes import set_category_ticks

    axis = pg.AxisItem("left")
    for count, last in ((20, True), (17, False), (8, True)):
        set_category_ticks(axis, [f"R{i + 1:02d}" for i in range(count)])
        first = [label for _position, label in axis._tickLevels[0]]
        assert (f"R{count:02d}" in first) == last, (count, first)


@pytest.mark.parametrize(("lang", "low", "high", "expected"), [
    ("en", 3.5, 7.2, ["10k", "100k", "1M", "10M"]),  # the startup plan's cost axis read '100,000' under '1M'
    ("en", 1.5, 5.5, ["100", "1,000", "10,000", "100,000"]),  # below a million: grouped digits throughout
    ("zh", 2.5, 6.2, ["0.1 万", "1 万", "10 万", "100 万"]),  # reaching 万: every label from 1,000 up in 万 and 亿
    ("zh", 1.5, 3.8, ["100", "1,000"]),
    ("zh", 6.5, 8.6, ["1,000 万", "1 亿"]),
])
def test_a_log_axis_reads_in_one_notation(qapp, lang: str, low: float, high: float, expected: list[str]) -> None:
    """One notation per axis, chosen by its range: the English startup plan's log cost axis read '100,000' under '1M'
    (each label took the notation of its own size). An axis that reaches a count word (M; in Chinese 万) writes every
    label from 1,000 up with one (1k, 100k, 1M; 0.1 万, 10 万, 1 亿), one that does not, grouped digits."""
    axis = NumberAxis("left")
    axis.set_language(lang)
    axis.setLogMode(True)
    axis.setRange(low, high)
    decades = [float(e) for e in range(math.ceil(low), math.floor(high) + 1)]
    texts = [t for t in axis.tickStrings(decades, 1.0, 1.0) if t]
    assert texts == expected
    assert not two_notations(texts)
    assert two_notations(["100,000", "1M"]) and two_notations(["1,000", "1 万"])


def test_data_ticks_read_in_the_axis_notation(qapp) -> None:
    """Ticks at the data's own values (a log axis with few values) take the axis's notation too: 50,000 beside 2.0M
    read as two notations."""
    axis = NumberAxis("bottom")
    axis.setLogMode(True)
    axis.set_data_ticks([math.log10(5e4), math.log10(2e6)])
    axis.setRange(4.5, 6.5)
    texts = axis.tickStrings(list(axis.data_ticks), 1.0, 1.0)
    assert texts == ["50k", "2.0M"] and not two_notations(texts)
