"""A chart shares its room between the plot, a legend and category labels (``gpudesk.plotting.arrange``).

Categories that run down the side of a transposed chart take the plot's left edge: a legend beside the plot must
leave the plot its minimum width after them. The step-2 memory-fit chart of a searched bank plan (six
accelerators named like "Huawei Ascend 910C 128GB ×16", eight memory parts) in a 493 px tab on a 1920 × 1080
desktop put its legend beside a 197 px category axis and had 37 px of plot left, its value axis title cut to
"显…". The window audit saw it only after a laptop case had warmed the shared catalog's search cache, so the
search was done before the audit reached step 2. On a 1920 × 1080 laptop at 150% the same chart is about 300 px
wide: the labels down its side took 224 px and left 48 px of plot ("显存（…"); they now break onto two lines when
they would take more than ``fit.CATEGORY_AXIS_SHARE`` of the chart."""

from __future__ import annotations

import pytest

from gpudesk.plotting import fit
from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series

ACCELERATORS = ["A100 SXM4 40GB（方案）", "L20 48GB ×128", "Huawei Ascend 910C 128GB ×16", "Biren BR100 64GB ×16",
                "Biren BR104 32GB ×32", "Kunlunxin P800 96GB ×32"]
PARTS = ["权重", "梯度", "优化器状态", "LoRA 适配器", "激活", "运行时（上下文、通信缓冲）", "分配器预留"]


def memory_spec() -> ChartSpec:
    xs = list(range(len(ACCELERATORS)))
    series = [Series(part, xs, [4.0 + i] * len(xs), style="bar", stack_group="memory") for i, part in enumerate(PARTS)]
    series.append(Series("显存容量", xs, [40, 48, 128, 64, 32, 96], style="tick"))
    return ChartSpec("memory_fit", "每卡显存占用", y_label="显存", y_unit="GB", series=series,
                     categories=ACCELERATORS, stacked=True, tick_language="zh")


@pytest.mark.parametrize("width", [300, 493, 640])
def test_a_legend_beside_a_transposed_chart_leaves_the_plot_its_width(shown_chart, width: int) -> None:
    view = shown_chart(width, 302)
    view.set_spec(memory_spec())
    plot = view.plot(0)
    assert view._transposed  # six long names do not fit under a plot this narrow
    value_axis = plot.getAxis("bottom")
    assert plot.vb.width() >= fit.PLOT_MIN_WIDTH - 2 * 72, (width, view._legend_plan, plot.vb.width())
    assert value_axis.gpudesk_shown_title == value_axis.gpudesk_full_title, value_axis.gpudesk_shown_title
    assert plot.getAxis("left").width() <= max(fit.CATEGORY_AXIS_SHARE * width, 240)


def test_a_legend_beside_the_plot_is_as_tall_as_its_entries(shown_chart) -> None:
    """Two entries beside a 300 px plot were spread over its whole height, 106 px apart (the step-6 cost chart)."""
    view = shown_chart(450, 300)
    view.set_spec(ChartSpec("cost_over_time", "Cumulative cost by delivery mode", y_unit="USD",
                            series=[Series(n, [1, 2, 3], [1, 2, 3 + i]) for i, n in enumerate(["on demand", "1 year"])]))
    assert view._legend_plan.mode == fit.BESIDE
    (_s1, first), (_s2, second) = view.legend.items
    gap = second.sceneBoundingRect().center().y() - first.sceneBoundingRect().center().y()
    assert 0 < gap <= 2 * first.geometry().height(), gap


def test_category_labels_wrap_when_the_chart_narrows_after_drawing(qtbot, shown_chart) -> None:
    """Drawn in a wide chart, then its tab narrowed (the bank's memory-fit chart on a laptop at 150%): the labels down
    the side break onto two lines at the new width instead of keeping their one-line 197 px axis."""
    view = shown_chart(640, 302)  # at 700 px the names fit under the plot, the legend below it in four columns
    view.set_spec(memory_spec())
    assert view._transposed
    wide = view.plot(0).getAxis("left").width()
    view.resize(272, 302)
    qtbot.waitUntil(lambda: view.width() == 272)
    value_axis = view.plot(0).getAxis("bottom")
    assert view.plot(0).getAxis("left").width() < wide
    assert value_axis.gpudesk_shown_title == value_axis.gpudesk_full_title, value_axis.gpudesk_shown_title


@pytest.mark.parametrize(("x", "y"), [(32, 100.0), (1024, 100.0), (8, 100.0), (1024, 80.0)])
def test_a_marker_label_stays_inside_its_plot(qtbot, shown_chart, x: float, y: float) -> None:
    """The step-5 scaling chart marks the plan's GPU count near 100% efficiency, the top of its range: its label
    "当前切分" sat above the point, half of it past the plot's top edge, which clips it. A label at an edge goes below
    its point or the other way along the axis; one wider than the plot is shortened, its whole text in its tool tip."""
    from window_audit import labels_outside_plots

    counts = [8, 16, 32, 64, 128, 256, 512, 1024]
    label = "当前切分" if x != 1024 else "当前切分：在 1,024 张 GPU 上按计划的 TP × PP 切分训练"
    spec = ChartSpec("scaling", "扩展效率", x_label="GPU 数", y_label="效率", y_unit="%", log_x=True,
                     series=[Series("A100", counts, [100.0 - i * 2.5 for i in range(len(counts))], style="line")],
                     markers=[Marker(x, y, label, f"{x} GPUs")], tick_language="zh")
    view = shown_chart(480, 300)
    view.set_spec(spec)
    qtbot.wait(1)  # painted: a text item places itself in the view when drawn
    assert not labels_outside_plots(view), labels_outside_plots(view)
    text = view.panels[0]._marker_labels[0]
    assert view.visible_texts().count(label) == 1  # the words are the whole label, shortened or not
    assert text.toPlainText() == label or (text.toPlainText().endswith("…") and text.toolTip() == label)


def test_a_marker_label_stays_inside_when_the_plot_moves_after_drawing(qtbot, shown_chart) -> None:
    """A label is placed for where its point is when the chart is drawn; a later zoom or an axis that widened once
    its ticks were drawn moved the point and the label with it: '方案' on the bank plan's step-6 search chart ran
    5 px past the plot's right edge in a loaded test run. The label is placed again when the plot moves."""
    from window_audit import labels_outside_plots

    spec = ChartSpec("cost_vs_speed", "成本与交互速度", x_label="单用户每秒输出 token", y_label="成本",
                     series=[Series("H100", [10, 20, 40, 80], [4.0, 3.0, 2.5, 2.0], style="scatter")],
                     markers=[Marker(20, 3.0, "方案", "plan")], tick_language="zh")
    view = shown_chart(480, 300)
    view.set_spec(spec)
    qtbot.wait(1)
    assert not labels_outside_plots(view)
    view.plot(0).vb.setXRange(0, 20.5, padding=0)  # the point moves to the right edge, as a zoom puts it
    qtbot.wait(1)
    assert not labels_outside_plots(view), labels_outside_plots(view)


def test_a_marker_label_with_no_room_in_the_roadmap_dock_gives_way_to_the_phase_names(qtbot, shown_chart,
                                                                                      searched_sample) -> None:
    """The bank plan's timeline as the Roadmap dock shows it on a 1366 × 768 laptop (964 × 194 px, no title): a
    phase's name runs along the top of its 56 px plot, and the "+2 个节点" marker at that phase's start has no free
    room. Painted over the name on the label background, it hid the name's start (the dock read "+2 个节点 腾 910B
    上私有化推理（信…"); now the label is shown only where it covers no name (with the labels' 2 px box, above the
    star under the names; with none free, not at all), the star stays and hovering it tells the label, and a
    taller chart shows the label. Its time is the shared ``searched_sample`` estimate when it is the first
    test to ask for the bank plan (about 3 s); the chart itself takes 0.3 s."""
    import dataclasses

    from window_audit import labels_outside_plots

    from gpudesk.plotting.hover import Hit, describe
    from gpudesk.report.chart_text import localise_spec

    plan, _project = searched_sample("bank-llm-assistant")
    spec = dataclasses.replace(localise_spec(plan.charts["timeline"], "zh"), title="")
    view = shown_chart(964, 194)
    view.set_spec(spec)
    qtbot.wait(1)
    view._fit_labels()  # as a resize does, now that every label has been painted where it is
    assert not labels_outside_plots(view), labels_outside_plots(view)
    panel = view.panels[0]
    text, marker = panel._marker_labels[0], panel.markers[0]
    names = [line.label.sceneBoundingRect() for line in panel._vlines if line.isVisible()]
    assert names and panel._marker_item.isVisible()
    # since the labels' tighter box (7d3f7c2f) the label fits above its star, under the names; wherever it is
    # shown, it covers no phase name (painted over one, it hid the name's start)
    assert not (text.isVisible() and any(text.sceneBoundingRect().intersects(name) for name in names)), (
        text.sceneBoundingRect(), names)
    assert marker.label in describe(spec, Hit(0, marker.x, marker.y, marker=marker))
    view.resize(964, 330)  # room below the names: the label is back, off them
    qtbot.wait(1)
    view._fit_labels()
    assert text.isVisible() and text.toPlainText() == marker.label
    assert not [r for r in (line.label.sceneBoundingRect() for line in panel._vlines if line.isVisible())
                if r.intersects(text.sceneBoundingRect())]


ROADMAPS = ["gov-llm-domestic-accelerator", "bank-llm-assistant", "ecommerce-recsys", "startup-inspection",
            "manufacturer-vision-private"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(964, 194), (964, 330), (640, 260)])
@pytest.mark.parametrize("stem", ROADMAPS)
def test_a_roadmap_trigger_label_covers_no_line_and_no_phase_name(qtbot, shown_chart, searched_sample, stem, lang,
                                                                   size) -> None:
    """walk-23: the gov plan's Roadmap dock put '+2 nodes when requests per day exceed 3,000,000' beside its star, over
    the GPU line running on from it to the right (above it, the phase names). A shown marker label covers no piece of
    a drawn line and no phase name: the gov label reads just under the line, past its star, where the plot has the
    height; in the dock's 56 px plot at 1366 x 768 it has none, and the label gives way (its star stays, hovering it
    tells the label), as it does to the phase names."""
    import dataclasses

    from gpudesk.plotting.marker_labels import drawn_segments
    from gpudesk.report.chart_text import localise_spec

    plan, _project = searched_sample(stem)
    if plan.charts.get("timeline") is None:
        pytest.skip(f"{stem} has one phase: no roadmap")
    view = shown_chart(*size)
    view.set_spec(dataclasses.replace(localise_spec(plan.charts["timeline"], lang), title=""))
    qtbot.wait(1)
    view._fit_labels()  # as a resize does, now that every label has been painted where it is
    for panel in view.panels:
        names = [line.label.sceneBoundingRect() for line in panel._vlines if line.isVisible() and line.label.isVisible()]
        segments = drawn_segments(panel)
        for text in panel._marker_labels[: len(panel.markers)]:
            if not text.isVisible():
                continue
            box = text.sceneBoundingRect()
            assert not [n for n in names if n.intersects(box)], (text.toPlainText(), box, names)
            crossed = [(s.p1().toTuple(), s.p2().toTuple()) for s in segments if _crosses(s, box)]
            assert not crossed, (text.toPlainText(), box.getCoords(), crossed)
    if stem == ROADMAPS[0] and size == (964, 330):  # room under the line: the growth trigger's label is shown there
        growth = view.panels[0]._marker_labels[1]
        star = view.panels[0].plot.vb.mapViewToScene(growth.pos())  # the label's anchor is its star
        assert growth.isVisible() and growth.sceneBoundingRect().top() > star.y(), (growth.sceneBoundingRect(), star)


def _crosses(segment, box) -> bool:
    """Whether a straight piece of a line meets ``box`` (sampled every half pixel along it: independent of the
    placement's own test)."""
    steps = max(2, int(segment.length() * 2))
    return any(box.contains(segment.pointAt(i / steps)) for i in range(steps + 1))


def test_a_chart_narrowed_after_drawing_is_drawn_at_its_new_width(qtbot, shown_chart) -> None:
    """Drawn wide with its legend beside the plot, then its tab narrowed (the English step-6 cost chart on a
    1366 × 768 laptop): the legend goes below and the drawing takes the new width; it kept the width the legend
    beside had needed, and the view showed its left part, the last month and the legend cut off on the right."""
    from window_audit import charts_wider_than_their_view

    names = ["public cloud, on demand", "public cloud, reserved 1 year", "private cluster (owned)"]
    spec = ChartSpec("cost_over_time", "Cumulative cost by delivery mode", x_label="Month", y_label="Cumulative cost",
                     y_unit="CNY", series=[Series(n, [1, 2, 3], [1e5 * (i + 1), 2e5 * (i + 1), 3e5 * (i + 1)])
                                           for i, n in enumerate(names)])
    view = shown_chart(900, 302)
    view.set_spec(spec)
    assert view._legend_plan.mode == fit.BESIDE
    view.resize(296, 302)
    qtbot.wait(1)
    assert view._legend_plan.mode != fit.BESIDE
    assert not charts_wider_than_their_view(view), charts_wider_than_their_view(view)


def test_a_title_longer_than_the_chart_leaves_it_its_width(qtbot, shown_chart) -> None:
    """The English step-7 timeline is 235 px wide at 1366 × 768: its title "Roadmap: capacity and monthly spend"
    shortened to the chart's width less 24 px still set a minimum 4 px wider than the chart (the layout's and the
    text's margins), and a layout sized while the longer title stood kept that size: the view showed the chart's
    left part only. Shortened to what the margins leave, the whole title is still its full text."""
    from window_audit import charts_wider_than_their_view

    view = shown_chart(235, 280)
    view.set_spec(ChartSpec("timeline", "Roadmap: capacity and monthly spend", x_label="Month", y_label="GPUs",
                            series=[Series("GPUs", [0, 4, 16], [32, 512, 1536], style="line")]))
    qtbot.wait(1)
    assert not charts_wider_than_their_view(view), charts_wider_than_their_view(view)
    assert view._title.text == "Roadmap: capacity<br>and monthly spend"  # two whole lines where they fit
    longer = "Roadmap: capacity, monthly spend and the GPUs bought in each of the phases of the plan"
    view.set_spec(ChartSpec("timeline", longer, series=[Series("GPUs", [0, 4, 16], [32, 512, 1536], style="line")]))
    qtbot.wait(1)
    assert not charts_wider_than_their_view(view), charts_wider_than_their_view(view)
    assert view._title.text.endswith("…") and view._title.gpudesk_full_title == longer
    assert view._title.toolTip() == longer


def test_a_title_keeps_its_closing_parentheses_whole(shown_chart) -> None:
    """The what-if chart's title ends with the plan's value and its unpriced marker ("（方案值：115.6 万元 + 4 项待询价）"),
    cut to "+ 4 项待…" at 1366 × 768 in Chinese: too long for the chart, it takes two whole lines, the parentheses on
    the second (shortened to '影响本阶段成…（方案值…）' on one line, it read as cut: the window audit's cut_chart_titles);
    where the head does not fit a line either, the parentheses stay whole on their line and the head is shortened, the
    whole title the tool tip; a chart with room shows it whole on one line."""
    aside = "（方案值：115.6 万元 + 4 项待询价）"
    title = "影响本阶段成本的因素" + aside
    spec = ChartSpec("generic", title, categories=["效率", "电价"], y_label="变化", y_unit="%",
                     series=[Series("区间下限", [0, 1], [5.0, -3.0], style="bar")])
    from PySide6 import QtGui

    from gpudesk.plotting.chart_title import title_lines

    view = shown_chart(300, 300)
    font = QtGui.QFont(view.font())
    font.setPointSizeF(12)
    font.setBold(True)
    metrics = QtGui.QFontMetricsF(font)
    whole, parentheses = metrics.horizontalAdvance(title), metrics.horizontalAdvance(aside)
    view.resize(int(whole + 36 - 30), 300)  # the head would lose a few letters on one line
    view.set_spec(spec)
    assert view._title.text.split("<br>") == [title[:-len(aside)], aside] and view._title.toolTip() == ""
    view.resize(int(parentheses + 36 + 20), 300)  # room for the parentheses, on a line of their own
    view.set_spec(spec)  # laid out at the new width
    assert view._title.text.split("<br>") == [title[:-len(aside)], aside] and view._title.toolTip() == ""
    long_head = "影响本阶段成本、电价、利用率、效率、GPU 单价、机柜租金与运维人员的全部因素" + aside
    assert title_lines(long_head, metrics, metrics.horizontalAdvance(aside) + 120) == \
        [fit.elide(long_head[:-len(aside)], metrics, 120) + aside]  # a head too long for a line: shortened
    view.resize(int(whole + 36 + 40), 300)
    view.set_spec(spec)
    assert view._title.text == title and view._title.toolTip() == ""


def test_a_shortened_value_axis_title_stays_beside_its_axis(qtbot, shown_chart) -> None:
    """Drawn tall, then made short (the bank's step-2 trade-offs chart at 1366 × 768, its legend moved below): the
    value axis title, shortened to "Cost per mil…", was still placed for its whole length and hung below the axis
    into the legend (pyqtgraph places an axis label when the axis resizes, not when its text changes)."""
    view = shown_chart(520, 420)
    view.set_spec(ChartSpec("cost_vs_speed", "Cost against interactivity", x_label="Output tokens/s per user",
                            y_label="Cost per million output tokens", y_unit="CNY",
                            series=[Series("Pareto front", [10, 50, 100, 150], [50, 80, 200, 1500])]))
    view.resize(520, 170)
    qtbot.waitUntil(lambda: view.height() == 170)
    axis = view.plot(0).getAxis("left")
    assert axis.gpudesk_shown_title != axis.gpudesk_full_title  # shortened to the short axis
    label, along = axis.label.sceneBoundingRect(), view.plot(0).vb.sceneBoundingRect()  # the axis runs along it
    assert abs(label.center().y() - along.center().y()) <= 3, (label, along)  # centred on its axis, as drawn whole


def test_two_markers_side_by_side_in_a_corner_both_keep_their_labels(qtbot, shown_chart) -> None:
    """The bank plan's step-2 trade-off chart: the recommended point and the plan's own point sit side by side in the
    bottom right corner. The recommendation's label took the place above-left of both, and the plan's label, with
    no free place above, below or beside its point, was hidden: a black diamond nobody could name. It now goes a
    line higher, above the other label, over its own point."""
    spec = ChartSpec("cost_vs_speed", "成本与训练时长", x_label="训练时长", y_label="成本",
                     series=[Series("帕累托前沿", [1, 5, 10, 18], [40.0, 20.0, 8.0, 2.0], style="line")],
                     markers=[Marker(18, 2.0, "推荐配置", "recommended", "chosen"),
                              Marker(19.5, 2.0, "当前方案", "plan", "plan")], tick_language="zh")
    view = shown_chart(480, 300)
    view.set_spec(spec)
    qtbot.wait(1)
    view._fit_labels()
    texts = view.panels[0]._marker_labels[:2]
    assert all(t.isVisible() for t in texts), [t.toPlainText() for t in texts if not t.isVisible()]
    a, b = (t.sceneBoundingRect() for t in texts)
    assert not a.intersects(b), (a, b)


GOV_ACCELERATORS = ["Cambricon MLU370-X8 48GB（方案）", "Huawei Ascend 910B 64GB ×24", "Biren BR100 64GB ×8",
                    "Huawei Ascend 910C 128GB ×16", "Hygon DCU K100-AI 64GB ×16", "Kunlunxin P800 96GB ×24",
                    "Moore Threads MTT S4000 48GB ×16", "Iluvatar CoreX BI-V150 64GB ×16"]


@pytest.mark.parametrize("count", [4, 6, 8])
@pytest.mark.parametrize(("width", "height"), [(478, 304), (380, 300), (640, 302), (300, 302)])
def test_category_labels_down_the_side_are_not_drawn_over_each_other(shown_chart, count: int, width: int,
                                                                      height: int) -> None:
    """The gov sample's memory-fit chart at 1366 × 768 in Chinese (478 × 304, five memory parts and the capacity in a
    legend of three rows below a 95 px plot) drew its six accelerators' names, each broken onto two lines, over each other: twelve
    lines in 95 px. They take one line each where two do not fit the plot's height, and the legend folds away where
    even one line each does not (the Legend button shows it)."""
    from window_audit_charts import overlapping_ticks

    names = GOV_ACCELERATORS[:count]
    series = [Series(part, list(range(count)), [4.0 + i] * count, style="bar", stack_group="memory")
              for i, part in enumerate(["权重", "激活", "KV 缓存", "运行时（上下文、通信缓冲）", "分配器预留"])]
    series.append(Series("显存容量", list(range(count)), [48.0 + 8 * i for i in range(count)], style="tick"))
    view = shown_chart(width, height)
    view.set_spec(ChartSpec("memory_fit", "每卡显存占用", y_label="显存", y_unit="GB", series=series, categories=names,
                            stacked=True, tick_language="zh"))
    assert view._transposed
    assert not overlapping_ticks(view.plot(0).getAxis("left")), (view._legend_plan, view.plot(0).vb.height())
    assert not overlapping_ticks(view.plot(0).getAxis("bottom")), view.plot(0).vb.width()  # '80100' at 300 px
    assert view.plot(0).vb.width() >= 80, view.plot(0).vb.width()  # the labels take at most 55% of the chart


DRIVERS = ["利用率\n(5–15 小时/天)", "电价\n(0.3124–0.9372 元/kWh)", "效率\n(0.5–1.5 倍)", "GPU 单价\n(70–130 万元)",
           "机柜租金\n(0.35–0.65 万元/月)", "运维人员\n(1–3 人)"]


@pytest.mark.parametrize(("width", "height", "count"), [(380, 240, 6), (478, 270, 6), (640, 240, 6), (478, 340, 6),
                                                     (427, 222, 3)])
def test_what_if_drivers_down_the_side_are_not_drawn_over_each_other(shown_chart, width: int, height: int,
                                                                     count: int) -> None:
    """The what-if chart names each driver with its range on a second line; turned down the side of the
    manufacturer's step-6 chart at 1366 × 768 in Chinese (427 × 222), three drivers' six lines were drawn over each
    other ('效率 (0.5–1.5 倍)' over '电价 (0.3124–0.9372 元/kWh)' by 5 px): the band its '方案' line's label takes at
    the top left them 77 of the plot's 109 px. They take one line each where two do not fit."""
    from window_audit_charts import overlapping_ticks

    xs = list(range(count))
    view = shown_chart(width, height)
    view.set_spec(ChartSpec("generic", "影响本阶段成本的因素（方案值：337.1 万元 + 2 项待询价）", y_label="相对方案的变化",
                            y_unit="%", categories=DRIVERS[:count], hlines=[RefLine(0.0, "方案", color_role="capacity")],
                            series=[Series("区间下限", xs, [-5.0 - i for i in xs], style="bar"),
                                    Series("区间上限", xs, [5.0 + i for i in xs], style="bar")]))
    assert view._transposed
    assert not overlapping_ticks(view.plot(0).getAxis("left")), (view._legend_plan, view.plot(0).vb.height())


def test_the_audit_finds_a_marker_label_nearer_another_marker(shown_chart) -> None:
    """The window audit's attribution check (``labels_nearer_another_marker``): the two markers' labels as placed are
    nearest their own; the plan's label moved onto the recommended point is found."""
    from window_audit_charts import labels_nearer_another_marker

    spec = ChartSpec("time_vs_cost", "成本与训练时长", x_label="训练时长", y_label="费用", y_unit="美元",
                     series=[Series("候选", [1, 2, 3, 4], [40, 30, 20, 10], style="scatter")],
                     markers=[Marker(1.2, 38, "当前方案", color_role="plan"), Marker(3.8, 12, "推荐配置")])
    view = shown_chart(480, 300)
    view.set_spec(spec)
    panel = view.panels[0]
    assert not labels_nearer_another_marker(view, panel)
    panel._marker_labels[0].setPos(3.8, 12)  # the plan's label at the recommended point
    assert [f.text for f in labels_nearer_another_marker(view, panel)] == ["当前方案"]


STARTUP_WHAT_IF, MANUFACTURER_WHAT_IF = ("What moves cost of this phase (plan: 34,912 USD)",
                                         "What moves cost of this phase (plan: 1,400,887 CNY + 3 lines awaiting quotes)")


@pytest.mark.parametrize(("width", "title", "cut"), [(358, STARTUP_WHAT_IF, False), (497, MANUFACTURER_WHAT_IF, False),
                                                     (240, MANUFACTURER_WHAT_IF, True)])
def test_the_audit_finds_a_cut_chart_title(shown_chart, width: int, title: str, cut: bool) -> None:
    """``cut_chart_titles``: the English what-if chart's title read 'What moves cost of t… (plan: 34,912 USD)' at
    1366 × 768 (358 px) and 'What moves … (plan: 1,400,887 CNY + 3 lines awaiting quotes)' at 1920 × 1080 (497 px); it
    takes two whole lines now, and only a chart too narrow for them shows it cut."""
    from window_audit_charts import cut_chart_titles

    view = shown_chart(width, 260)
    view.set_spec(ChartSpec("generic", title, y_label="Change", y_unit="%", categories=["Efficiency", "Utilisation"],
                            series=[Series("Low end of the range", [0, 1], [-5.0, -3.0], style="bar")]))
    assert [f.why for f in cut_chart_titles(view)] == (["a chart title cut short"] if cut else [])
