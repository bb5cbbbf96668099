"""Marker labels (the plan's diamond, the recommended star) placed off each other's markers
(``marker_labels.keep_marker_labels_inside``), and the window audit's checks that find one that is not."""

from __future__ import annotations

import pytest
from window_audit_charts import labels_nearer_another_marker, labels_over_other_markers

from gpudesk.results.chart_model import ChartSpec, Marker, Series

TIMES = [0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.6]
COSTS = [3e6, 9e5, 4e5, 2e5, 1e5, 6e4, 5e4, 4.6e4]


def trade_off(plan: tuple[float, float], recommended: tuple[float, float], lang: str) -> ChartSpec:
    """The startup plan's step-2 trade-off chart: cost against time on log axes, the configurations as points, the
    plan's diamond and the recommended star a few pixels apart in the bottom right corner."""
    names = ("当前方案", "推荐配置") if lang == "zh" else ("plan", "recommended")
    return ChartSpec("time_vs_cost", "成本与训练时长", x_label="训练时长", y_label="费用", y_unit="美元", log_x=True,
                     log_y=True, series=[Series("配置", TIMES, COSTS, style="scatter")],
                     markers=[Marker(*plan, names[0], color_role="plan"),
                              Marker(*recommended, names[1], color_role="chosen")], tick_language=lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("plan", "recommended"), [
    ((1.35, 4.6e4), (1.6, 4.5e4)),  # the startup plan at 1366 × 768: the diamond just left of the star, both low right
    ((1.6, 4.5e4), (1.35, 4.6e4)),
    ((0.02, 3e6), (0.024, 2.9e6)),  # top left
    ((1.5, 3e6), (1.6, 2.8e6)),  # top right
])
@pytest.mark.parametrize("size", [(414, 302), (358, 302), (640, 420)])
def test_marker_labels_stay_off_the_other_markers(qtbot, shown_chart, lang: str, plan, recommended, size) -> None:
    """At 1366 × 768 the startup plan's '推荐配置' ('recommended') sat above its star slid left over the plan's diamond
    beside it, and read as the diamond's. Each label keeps off the other markers' symbols and stays nearer its own."""
    view = shown_chart(*size)
    view.set_spec(trade_off(plan, recommended, lang))
    qtbot.wait(1)
    view._fit_labels()
    panel = view.panels[0]
    shown = [t.toPlainText() for t in panel._marker_labels[:2] if t.isVisible()]
    assert len(shown) == 2, shown
    assert not labels_over_other_markers(view, panel), labels_over_other_markers(view, panel)
    assert not labels_nearer_another_marker(view, panel), labels_nearer_another_marker(view, panel)


def test_the_audit_finds_a_marker_label_over_another_marker(shown_chart) -> None:
    """``labels_over_other_markers``: the labels as placed keep off the other marker; the plan's label moved onto the
    recommended point is found."""
    view = shown_chart(480, 300)
    view.set_spec(trade_off((0.1, 4e5), (0.8, 6e4), "zh"))
    panel = view.panels[0]
    assert not labels_over_other_markers(view, panel)
    own = panel._marker_labels[0]
    own.setAnchor((0.5, 0.5))  # centred on its own star (the startup roadmap's trigger label sat on its star)
    assert [(f.text, f.why) for f in labels_over_other_markers(view, panel)] == [
        ("当前方案", "a marker's label over its own marker")]
    own.setPos(*panel._marker_labels[1].pos().toTuple())
    assert [(f.text, f.why) for f in labels_over_other_markers(view, panel)] == [
        ("当前方案", "a marker's label over another marker")]
