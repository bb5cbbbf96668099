"""The roadmap chart as step 7 shows it on a 1366 x 768 laptop (330 x 230 px, two stacked panels), in Chinese: the
spend axis's title on two lines stays clear of its ticks, a marker label never lies over its own star, and a phase
too narrow for even one letter of its name shows no empty label box (its line carries the name as a tool tip)."""

from __future__ import annotations

from test_shell_support import flush

from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series


def roadmap(markers: list[Marker]) -> ChartSpec:
    months = [float(m) for m in range(1, 40)]
    gpus = [32.0] * 3 + [248.0] * 12 + [664.0] * 24
    spend = [0.0] * 3 + [4.6e7] + [1e6] * 11 + [7.4e7] + [1e6] * 23
    return ChartSpec(kind="timeline", title="路线图：容量与月度支出", x_label="月份", y_label="GPU 数",
                     y2_label="月度支出", y2_unit="元", y2_short_label="支出", y_counts=True, tick_language="zh",
                     series=[Series("GPU 数", months, gpus, style="step", color_role="capacity"),
                             Series("支出", months, spend, style="step", color_role="cost", panel=1)],
                     vlines=[RefLine(1.0, "试点：在租用的 A100 上做 LoRA 微调", "trigger"),
                             RefLine(4.0, "上线：在昇腾 910B 上私有化推理", "trigger"),
                             RefLine(16.0, "扩容：第二条业务线（信用卡中心）", "trigger")],
                     markers=markers)


def test_a_two_line_spend_title_stays_clear_of_its_ticks(shown_chart) -> None:
    chart = shown_chart(330, 230)
    chart.set_spec(roadmap([]))
    flush()
    axis = chart.plot(1).getAxis("left")
    assert "<br>" in axis.labelText, axis.labelText  # the case under test: the title needed two lines
    title_right = axis.label.mapRectToScene(axis.label.boundingRect()).right() - 4  # the text's own margin
    # the axis's own box (its bounding rectangle reaches over the plot for the grid lines)
    tick_left = axis.scenePos().x() + axis.width() - max(0, axis.style["tickLength"]) \
        - axis.style["tickTextOffset"][0] - axis.textWidth
    assert title_right <= tick_left, (title_right, tick_left, axis.width())  # was 72 px wide, 13 px over
    assert chart.plot(0).getAxis("left").width() == axis.width()  # the panels' plots stay aligned


def test_a_marker_label_never_lies_over_its_star(shown_chart) -> None:
    """At 330 x 300 the label beside the star poked out of the plot's left edge and was slid back over the star."""
    chart = shown_chart(330, 300)
    chart.set_spec(roadmap([Marker(4.0, 248.0, "+27 个节点")]))
    flush()
    panel = chart.panels[0]
    label = panel._marker_labels[0]
    star = panel.plot.vb.mapViewToScene(label.pos())
    text = label.sceneBoundingRect().adjusted(4, 4, -4, -4)  # the text item's own margin
    assert not (label.isVisible() and text.contains(star)), (text, star)


def test_a_phase_too_narrow_for_its_name_shows_no_empty_box(shown_chart) -> None:
    chart = shown_chart(330, 230)
    chart.set_spec(roadmap([]))
    flush()
    for line in chart.panels[0]._vlines:
        text = line.label.textItem.toPlainText()
        if line.label.isVisible():
            assert text.strip("…"), f"an empty label box at month {line.value()}"
        else:
            assert line.toolTip() == line.gpudesk_text
    assert any(not line.label.isVisible() for line in chart.panels[0]._vlines)  # the pilot's three months


def test_capacity_and_spend_axes_start_at_zero(shown_chart) -> None:
    """A pilot of 4 GPUs, then 1: the GPU axis read 0.76-4.24 with ticks 2 and 3 only, both lines on the plot's
    edges, and the spend axis began near the pilot's monthly spend (startup sample, 1366 x 768 roadmap dock)."""
    months = [float(m) for m in range(1, 19)]
    chart = shown_chart(330, 160)
    chart.set_spec(ChartSpec(kind="timeline", title="Roadmap", x_label="Month", y_label="GPUs", y2_label="Spend",
                             y2_unit="USD", y_counts=True,
                             series=[Series("GPUs", months, [4.0] * 6 + [1.0] * 12, style="step"),
                                     Series("Spend", months, [6000.0] * 6 + [12000.0] * 12, style="step", panel=1)]))
    flush()
    gpus, spend = chart.panels[0].value_range, chart.panels[1].value_range
    assert gpus[0] == 0.0 and gpus[1] > 4.0, gpus
    assert spend[0] == 0.0 and spend[1] > 12000.0, spend
