"""Counts read as whole numbers (no "1.5 GPUs" tick), neighbouring phase labels on a small timeline do not print
over each other, and the Roadmap dock leaves the step page most of a laptop screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.pdf.chart_axes import linear_axis
from gpudesk.plotting import ChartView
from gpudesk.results.chart_model import ChartSpec, RefLine, Series
from gpudesk.ui.roadmap_view import ROADMAP_DOCK_SHARE


def timeline(gpus: list[float], phases: list[tuple[float, str]]) -> ChartSpec:
    months = [float(m) for m in range(1, len(gpus) + 1)]
    return ChartSpec(kind="timeline", title="Roadmap", x_label="Month", y_label="GPUs", y_counts=True,
                     series=[Series("GPUs", months, gpus, style="step")],
                     vlines=[RefLine(x, label, "trigger") for x, label in phases])


@pytest.fixture
def small_chart(shown_chart) -> ChartView:
    return shown_chart(330, 260)  # step 7's chart tab on a 1366-pixel laptop


def test_a_count_axis_has_whole_ticks_only(small_chart) -> None:
    small_chart.set_spec(timeline([1, 1, 2, 2, 2, 2], [(1.0, "Pilot"), (3.0, "Production")]))
    small_chart.reset_view()
    axis = small_chart.plot(0).getAxis("left")
    low, high = axis.range
    values = [v for _spacing, level in axis.tickValues(low, high, 200) for v in level]
    assert values and all(v == int(v) for v in values), values
    assert linear_axis([1.0, 2.0], True, whole=True).ticks == (0.0, 1.0, 2.0)  # the printed chart too


def test_a_month_axis_has_whole_months_only(small_chart) -> None:
    """A three-month phase's cumulative cost read 'Month 1.5, 2.0, 2.5' in step 6; the printed chart steps in
    whole months already (pdf.chart_axes linear_axis months=True)."""
    spec = ChartSpec(kind="cost_over_time", title="Cumulative cost", x_label="Month", y_label="Cost",
                     series=[Series("public cloud", [1.0, 2.0, 3.0], [10.0, 20.0, 30.0], style="line")])
    assert spec.x_in_months
    small_chart.set_spec(spec)
    small_chart.reset_view()
    axis = small_chart.plot(0).getAxis("bottom")
    low, high = axis.range
    values = [v for _spacing, level in axis.tickValues(low, high, 300) for v in level]
    assert values and all(v == int(v) for v in values), values


def test_neighbouring_phase_labels_do_not_overlap(small_chart) -> None:
    labels = [(1.0, "Launch: serve a 72B model on Cambricon MLU370-X8 (W8A8)"),
              (5.0, "Growth: a second service line on the same platform"),
              (7.0, "Third phase with a long name as well")]
    small_chart.set_spec(timeline([8.0] * 12, labels))
    flush()
    lines = [line for line in small_chart.panels[0]._vlines if line.isVisible()]
    rects = [line.label.sceneBoundingRect() for line in lines]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            overlap = a.intersected(b)
            assert overlap.isEmpty() or overlap.width() < 1, (a, b)
    assert all(QRectF(small_chart.rect()).contains(r) for r in rects if not r.isEmpty())


def test_phase_labels_and_stars_leave_the_gpu_line_in_sight(small_chart) -> None:
    """The phase names run along the plot's top over room kept above the GPU line, and a trigger's star at the
    highest count is drawn whole: the guided start's 1-GPU line was hidden behind "Dedicated inference in
    production" and gov's stars were cut by the top edge (looks-15, Roadmap dock)."""
    from window_audit_charts import labels_outside_plots

    from gpudesk.results.chart_model import Marker

    spec = timeline([1.0] * 12, [(1.0, "Dedicated inference in production")])
    spec.markers.append(Marker(1.0, 1.0, "+1 node"))
    small_chart.resize(850, 180)  # the Roadmap dock's GPU panel on a laptop: ~60 px of plot
    small_chart.set_spec(spec)
    flush()
    assert not labels_outside_plots(small_chart), labels_outside_plots(small_chart)
    small_chart.resize(850, 156)  # a smaller dock: the room kept for the new height
    flush()
    assert not labels_outside_plots(small_chart), labels_outside_plots(small_chart)


def test_the_roadmap_dock_leaves_the_page_most_of_a_laptop_screen(make_window) -> None:  # noqa: F811
    window = make_window(next(p for p in SAMPLES if p.stem.startswith("gov")), lang="en")
    window.roadmap_dock.show()
    flush()
    assert window.roadmap_dock.height() <= window.height() * (ROADMAP_DOCK_SHARE + 0.05), (
        window.roadmap_dock.height(), window.height())
    assert window.current_page().height() >= window.height() * 0.45


def test_a_marker_label_keeps_off_the_phase_labels(small_chart) -> None:
    from gpudesk.results.chart_model import Marker

    spec = timeline([20.0] + [200.0] * 11, [(1.0, "Launch: serve a 72B model"), (4.0, "Growth")])
    spec.markers.append(Marker(1.0, 200.0, "+2 nodes"))  # at the top, where the phase labels are
    small_chart.set_spec(spec)
    flush()
    panel = small_chart.panels[0]
    from gpudesk.plotting.hover import Hit, describe
    from gpudesk.plotting.marker_labels import drawn_segments

    label = panel._marker_labels[0]
    for line in panel._vlines:  # shown, it keeps off the phase names
        if line.isVisible() and label.isVisible():
            overlap = label.sceneBoundingRect().intersected(line.label.sceneBoundingRect())
            assert overlap.isEmpty() or overlap.width() < 1 or overlap.height() < 1
    # in step 7's small tab every place off the names crosses the GPU line (its riser at month 2 or its tread at
    # 200): the label gives way to the line as to the names (marker_labels.LABELS_GIVE_WAY), and its star tells it
    box = label.sceneBoundingRect()
    assert not label.isVisible() or not any(box.contains(s.pointAt(i / 20)) for s in drawn_segments(panel)
                                            for i in range(21))
    assert panel._marker_item.isVisible() and "+2 nodes" in describe(spec, Hit(0, 1.0, 200.0, marker=spec.markers[0]))
    spec.markers[0] = Marker(4.0, 200.0, "+2 nodes")  # at the second phase's start: room under the line there
    small_chart.set_spec(spec)
    flush()
    small_chart._fit_labels()
    box = label.sceneBoundingRect()
    assert label.isVisible(), box
    assert not any(box.intersects(line.label.sceneBoundingRect())
                   for line in panel._vlines if line.isVisible() and line.label.isVisible())
    assert not any(box.contains(s.pointAt(i / 20)) for s in drawn_segments(panel) for i in range(21))


def test_a_chart_title_wider_than_a_narrow_chart_is_shortened(small_chart) -> None:
    """Too wide for a line, a title takes two whole lines (``chart_title.title_lines``); too wide for two, it is
    shortened with "…"."""
    spec = timeline([8.0] * 12, [(1.0, "Pilot")])
    spec.title = "Roadmap: capacity and monthly spend across every phase of the plan"
    small_chart.set_spec(spec)
    flush()
    assert small_chart._title.text == "Roadmap: capacity and monthly<br>spend across every phase of the plan"
    spec.title += ", its purchases, its rented months and the spend of each workload in it"
    small_chart.set_spec(spec)
    flush()
    shown = small_chart._title.text
    assert shown.endswith("…") and len(shown) < len(spec.title), shown
    small_chart.resize(1400, 500)  # room again: the whole title
    flush()
    assert small_chart._title.text == spec.title
