"""ChartView: every chart kind renders its spec, hover, legend, export, reuse."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from screenshot_paths import screenshot_folder
from test_charts_samples import (
    ALL_SPECS,
    MEMORY_CANDIDATES,
    inference_spec,
    memory_fit_spec,
    rack_layout_spec,
    scaling_spec,
    timeline_spec,
)

from gpudesk.plotting import ChartView
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.rack_layout_spec import RackLayoutSpec

SCREENSHOTS = screenshot_folder("charts")
@pytest.fixture
def view(shown_chart) -> ChartView:
    return shown_chart()


def _drawn(chart: ChartView, name: str):
    for panel in chart.panels:
        for drawn in panel.drawn:
            if drawn.series.name == name:
                return drawn
    raise KeyError(name)


def _plotted(item) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(item, pg.BarGraphItem):
        return np.asarray(item.opts["x"], float), np.asarray(item.opts["height"], float)
    x, y = item.getOriginalDataset()
    return np.asarray(x, float), np.asarray(y, float)


def _assert_items_match_spec(chart: ChartView, spec: ChartSpec) -> None:
    for s in spec.series:
        drawn = _drawn(chart, s.name)
        x, y = _plotted(drawn.item)
        if s.style == "bar":
            assert np.allclose(y, s.y)
            assert np.allclose(x - x[0], np.asarray(s.x) - s.x[0])  # group offset is a constant shift
        elif s.style == "tick":
            assert np.allclose(y[::2], s.y) and np.allclose((x[::2] + x[1::2]) / 2, s.x)
        elif s.style == "step":
            assert np.allclose(x, s.x) and np.allclose(y, s.y[:-1])
        else:
            assert np.allclose(x, s.x) and np.allclose(y, s.y)


@pytest.mark.parametrize("kind", sorted(ALL_SPECS))
def test_each_chart_kind_renders_its_spec_and_exports_at_2x(view: ChartView, kind: str) -> None:
    spec = ALL_SPECS[kind]()
    view.set_spec(spec)
    if isinstance(spec, ChartSpec):
        _assert_items_match_spec(view, spec)
        assert view.plot(1).isVisible() == spec.has_second_panel
        legend_names = [label.text for _sample, label in view.legend.items]
        assert legend_names == [s.name for s in spec.series]
    else:
        boxes = [b.label for r in spec.racks for b in r.boxes]
        assert sorted(p.box.label for p in view.racks.boxes) == sorted(boxes)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = view.export_png(SCREENSHOTS / f"{kind}.png", scale=2)
    image = QtGui.QImage(str(path))
    rect = view.graphics.ci.boundingRect()
    assert (image.width(), image.height()) == (round(rect.width() * 2), round(rect.height() * 2))
    # Not a blank image: the chart drew coloured pixels.
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 23)}
    assert len(colours) > 8


def _scene_at(chart: ChartView, panel: int, x: float, y: float) -> QtCore.QPointF:
    return chart.plot(panel).vb.mapViewToScene(QtCore.QPointF(x, y))


def _move_mouse(chart: ChartView, scene: QtCore.QPointF) -> None:
    """A real mouse-move event through the view (QTest.mouseMove needs a cursor offscreen lacks)."""
    viewport = chart.graphics.viewport()
    local = QtCore.QPointF(chart.graphics.mapFromScene(scene))
    event = QtGui.QMouseEvent(
        QtCore.QEvent.Type.MouseMove, local, QtCore.QPointF(viewport.mapToGlobal(local)),
        QtCore.Qt.MouseButton.NoButton, QtCore.Qt.MouseButton.NoButton, QtCore.Qt.KeyboardModifier.NoModifier,
    )
    QtWidgets.QApplication.sendEvent(viewport, event)


def test_hover_over_a_stacked_bar_segment_shows_its_formula(view: ChartView, qtbot) -> None:
    spec = memory_fit_spec()
    view.set_spec(spec)
    optimizer = _drawn(view, "优化器 optimizer")
    middle = (optimizer.base[1] + optimizer.top[1]) / 2
    scene = _scene_at(view, 0, optimizer.x[1], middle)
    with qtbot.waitSignal(view.hovered, timeout=2000) as signal:
        _move_mouse(view, scene)
    text = signal.args[0]
    assert text.splitlines()[0] == "优化器 optimizer"
    assert MEMORY_CANDIDATES[1] in text
    assert "Memory per GPU: 12.05 GB" in text
    assert "mem.optimizer = 12.05 GB (per GPU)" in text
    assert view.hover_text == text


def test_hover_finds_capacity_tick_and_empty_space(view: ChartView) -> None:
    view.set_spec(memory_fit_spec())
    assert "catalog accelerators memory_gb = 141 GB" in view.hover_at(_scene_at(view, 0, 2.2, 141.0))
    assert view.hover_at(_scene_at(view, 0, 3.0, 120.0)) == ""


def test_hover_on_log_axis_prefers_marker_then_nearest_point(view: ChartView) -> None:
    view.set_spec(scaling_spec())
    marker_text = view.hover_at(_scene_at(view, 0, np.log10(64), 89.6))
    assert marker_text.splitlines()[0] == "chosen: 64 GPUs"
    assert "layout TP8 PP1 DP8" in marker_text
    point_text = view.hover_at(_scene_at(view, 0, np.log10(128) + 0.01, 84.0))
    assert point_text.splitlines()[:3] == ["Measured model (TP8 × DP)", "GPUs: 128", "Scaling efficiency: 83.8 %"]
    assert "at N=128" in point_text


def test_hover_in_second_panel_uses_its_axis(view: ChartView) -> None:
    view.set_spec(inference_spec())
    text = view.hover_at(_scene_at(view, 1, np.log10(64), 360.0))
    assert text.splitlines()[:3] == ["TTFT p50", "Concurrent requests: 64", "Latency: 360 ms"]


def test_hover_over_rack_box(view: ChartView) -> None:
    view.set_spec(rack_layout_spec())
    text = view.hover_at(_scene_at(view, 0, 1.0, 16.0))
    assert text.splitlines() == ["DGX H100 #5", "R02: U13–U20", "10.2 kW", "NVIDIA DGX H100 datasheet: 10.2 kW max"]


def test_legend_click_toggles_visibility(view: ChartView, qtbot) -> None:
    spec = memory_fit_spec()
    view.set_spec(spec)
    sample = next(s for s, label in view.legend.items if label.text == "激活 activations")
    scene = sample.mapToScene(sample.boundingRect().center())
    with qtbot.waitSignal(view.seriesToggled, timeout=2000) as signal:
        qtbot.mouseClick(view.graphics.viewport(), QtCore.Qt.MouseButton.LeftButton,
                         pos=view.graphics.mapFromScene(scene))
    assert signal.args == ["激活 activations", False]
    assert not _drawn(view, "激活 activations").item.isVisible()
    activations = _drawn(view, "激活 activations")
    # A hidden series is not hovered; the bar below it still is.
    assert view.hover_at(_scene_at(view, 0, 0.0, (activations.base[0] + activations.top[0]) / 2)) == ""
    view.set_spec(spec)  # an update keeps the user's choice
    assert not _drawn(view, "激活 activations").item.isVisible()
    assert view.toggle_series("激活 activations") is True
    assert _drawn(view, "激活 activations").item.isVisible()


def test_set_spec_twice_reuses_items(view: ChartView) -> None:
    view.set_spec(memory_fit_spec())
    before = [set(map(id, view.plot(p).items)) for p in (0, 1)]
    samples = [id(s) for s, _ in view.legend.items]
    changed = memory_fit_spec()
    changed.series[0] = type(changed.series[0])(**{**changed.series[0].__dict__, "y": (20.0, 3.0, 20.0, 3.0, 3.0)})
    view.set_spec(changed)
    assert [set(map(id, view.plot(p).items)) for p in (0, 1)] == before
    assert [id(s) for s, _ in view.legend.items] == samples
    x, y = _plotted(_drawn(view, "权重 weights").item)
    assert np.allclose(y, [20.0, 3.0, 20.0, 3.0, 3.0])
    # The gradients segment now starts on top of the new weights.
    assert np.allclose(_drawn(view, "梯度 gradients").base, [20.0, 3.0, 20.0, 3.0, 3.0])


def test_switching_kinds_hides_what_the_new_spec_does_not_use(view: ChartView) -> None:
    view.set_spec(timeline_spec())
    assert view.plot(1).isVisible()
    view.set_spec(memory_fit_spec())
    assert not view.plot(1).isVisible()
    assert not view.racks.boxes
    view.set_spec(rack_layout_spec())
    assert all(not d.item.isVisible() for d in view.panels[0].drawn) and not view.panels[0].drawn
    view.set_spec(scaling_spec())
    assert not any(item.isVisible() for item in view.racks.role_items.values())


def test_reset_view_undoes_zoom(view: ChartView) -> None:
    view.set_spec(scaling_spec())
    full = view.plot(0).vb.viewRange()
    view.plot(0).vb.scaleBy((0.3, 0.3))
    assert view.plot(0).vb.viewRange() != full
    view.reset_view_action.trigger()
    assert np.allclose(view.plot(0).vb.viewRange(), full)


def test_render_to_image_scales_and_leaves_the_widget_alone(view: ChartView) -> None:
    view.set_spec(inference_spec())
    geometry = view.graphics.ci.geometry()
    image = view.render_to_image(640, 400, scale=2)
    assert (image.width(), image.height()) == (1280, 800)
    assert view.graphics.ci.geometry() == geometry
    assert QtGui.QColor(image.pixel(2, 2)) == QtGui.QColor("#FFFFFF")


def test_dark_theme_background(qtbot) -> None:
    chart = ChartView(theme="dark")
    qtbot.addWidget(chart)
    chart.set_spec(scaling_spec())
    image = chart.render_to_image(400, 300, scale=1)
    assert QtGui.QColor(image.pixel(2, 2)).lightnessF() < 0.2


def test_rack_legend_toggles_a_colour_role(view: ChartView) -> None:
    spec = rack_layout_spec()
    assert isinstance(spec, RackLayoutSpec)
    view.set_spec(spec)
    assert [label.text for _s, label in view.legend.items] == ["GPU servers (liquid)", "Network", "Storage"]
    view.toggle_series("GPU servers (liquid)")
    assert view.hover_at(_scene_at(view, 0, 1.0, 16.0)) == ""


def test_show_spec_skips_an_identical_spec_and_keeps_the_zoom(view: ChartView) -> None:
    view.set_spec(scaling_spec())
    view.plot(0).vb.scaleBy((0.3, 0.3))
    zoomed = view.plot(0).vb.viewRange()
    view.show_spec(scaling_spec())  # equal data (a new object): nothing to redraw, the user's zoom stays
    assert np.allclose(view.plot(0).vb.viewRange(), zoomed)
    changed = scaling_spec()
    changed.series[0].y = tuple(v * 2 for v in changed.series[0].y)
    view.show_spec(changed)
    assert view.spec == changed
    assert not np.allclose(view.plot(0).vb.viewRange(), zoomed)
    assert np.allclose(_plotted(_drawn(view, changed.series[0].name).item)[1], changed.series[0].y)


def test_an_auto_chart_follows_a_theme_change_at_once(qtbot) -> None:
    from gpudesk.ui.theme import apply_theme

    app = QtWidgets.QApplication.instance()
    apply_theme(app, "light")
    chart = ChartView(theme="auto")
    qtbot.addWidget(chart)
    chart.resize(500, 350)
    chart.show()
    chart.set_spec(scaling_spec())
    try:
        apply_theme(app, "dark")
        qtbot.waitUntil(lambda: chart.graphics.backgroundBrush().color().lightnessF() < 0.2)
        image = chart.render_to_image(400, 300, scale=1)
        assert QtGui.QColor(image.pixel(2, 2)).lightnessF() < 0.2
        labels = [label for _sample, label in chart.legend.items]
        assert labels and all(QtGui.QColor(label.opts["color"]).lightnessF() > 0.7 for label in labels)
    finally:
        apply_theme(app, "light")
    qtbot.waitUntil(lambda: chart.graphics.backgroundBrush().color().lightnessF() > 0.9)


def test_axis_titles_come_back_after_a_rack_chart_used_the_same_plot(view: ChartView) -> None:
    spec = scaling_spec()
    view.set_spec(spec)
    titles = (view.plot(0).getAxis("left").labelText, view.plot(0).getAxis("bottom").labelText)
    assert all(titles)
    view.set_spec(rack_layout_spec())
    assert view.plot(0).getAxis("left").labelText == "U"
    view.set_spec(spec)
    assert (view.plot(0).getAxis("left").labelText, view.plot(0).getAxis("bottom").labelText) == titles


def test_reference_lines_and_their_labels_lie_over_the_bars(view: ChartView) -> None:
    """A horizontal rack-power chart hid its '机柜上限 8.4 kW' label behind the rows' bars but for 'kW' (gov sample,
    step 7, 1366x768): every reference line (its label a child) draws above every bar and curve of its panel."""
    checked = 0
    for kind in sorted(ALL_SPECS):
        view.set_spec(ALL_SPECS[kind]())
        for panel in view.panels:
            lines = [line for line in (*panel._hlines, *panel._vlines) if line.isVisible()]
            drawn = [d.item for d in panel.drawn if d.item.isVisible()]
            if lines and drawn:
                checked += 1
                assert min(line.zValue() for line in lines) > max(item.zValue() for item in drawn), kind
    assert checked >= 2
