"""The memory-fit chart through an edit: the searched alternatives' columns marked pending, updated in place.

After an edit the window shows the edited plan's own column at once; the alternatives come with the idle search
(ui/controller.py). The chart keeps their columns, marked pending (``with_pending_columns``: "Searching…", no
memory and no capacity drawn), so the edit and the search's return update its items in place
(``arrange.relabels_in_place``) instead of drawing it whole twice; the window shows it with ``keep_frame``: the
value axis keeps its range while the search is pending (widened if the plan's column needs more), so the edit does
not redraw that axis. These tests fail if a pending column shows a bar or a capacity level, if the plan's column is
not its new value, if the kept frame cuts it off or stays after the search's chart is shown, if either change draws
the chart whole, or if the chart after the search differs from a fresh chart of the searched spec (under the plot
and down the side).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pyqtgraph as pg
import pytest
from test_chart_redraw_caches import _scaled
from test_chart_values_update import _state
from test_charts_samples import memory_fit_spec

from gpudesk.plotting import ChartView
from gpudesk.report.chart_text import localise_spec
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.plan_charts import PENDING_COLUMN, with_pending_columns


def _plan_only(spec: ChartSpec, factor: float = 1.3) -> ChartSpec:
    """The chart an edit's estimate gives before the search: the plan's own column, with new values."""
    series = [dataclasses.replace(s, x=s.x[:1], y=[v * factor for v in s.y[:1]],
                                  tooltips=None if s.tooltips is None else s.tooltips[:1]) for s in spec.series]
    return dataclasses.replace(spec, categories=list(spec.categories or [])[:1], series=series)


def _count_full_draws(chart: ChartView, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    drawn: list[int] = []
    render = chart._render
    monkeypatch.setattr(chart, "_render", lambda spec: (drawn.append(1), render(spec)))
    return drawn


def test_pending_columns_hold_no_value() -> None:
    searched = memory_fit_spec()
    columns = len(searched.categories or [])
    pending = with_pending_columns(_plan_only(searched), columns - 1)
    assert pending.categories == [searched.categories[0], *[PENDING_COLUMN] * (columns - 1)]
    for s in pending.series:
        assert list(s.x) == [float(i) for i in range(columns)]
        assert all(math.isnan(v) for v in s.y[1:]) and math.isfinite(s.y[0])
        assert s.tooltips is not None and s.tooltips[1:] == [PENDING_COLUMN] * (columns - 1)
    assert with_pending_columns(searched, 0) is searched
    zh = localise_spec(pending, "zh")
    assert zh.categories[1:] == ["搜索中…"] * (columns - 1)
    assert all(t == "搜索中…" for s in zh.series for t in (s.tooltips or [])[1:])


@pytest.mark.parametrize("size", [(800, 500), (330, 420)], ids=["under the plot", "down the side"])
def test_an_edit_and_the_search_update_the_chart_in_place(shown_chart, monkeypatch, size) -> None:
    searched = memory_fit_spec()
    columns = len(searched.categories or [])
    pending = with_pending_columns(_plan_only(searched), columns - 1)
    chart = shown_chart(*size)
    chart.set_spec(searched)
    transposed = chart._transposed
    assert transposed == (size[0] < 400), "the narrow chart runs its categories down the side"
    before = _state(chart)
    full = _count_full_draws(chart, monkeypatch)

    chart.set_spec(pending)  # the edit: the plan's column changes, the alternatives are searched again
    assert not full, "the edit drew the chart whole"
    assert chart.visible_texts().count(PENDING_COLUMN) == columns - 1
    panel = chart.panels[0]
    for d in panel.drawn:
        if d.series.style == "bar":
            assert np.all(d.top[1:] == d.base[1:]), f"{d.series.name}: a pending column shows a bar"
    capacity = next(d for d in panel.drawn if d.series.style == "tick")
    assert len(capacity.item.getData()[0]) == 2, "a pending column shows a capacity level"
    low, high = panel.plot.vb.viewRange()[0 if transposed else 1]
    plan_top = sum(s.y[0] for s in pending.series if s.style == "bar")
    own_capacity = next(s.y[0] for s in pending.series if s.style == "tick")
    assert math.isfinite(low) and math.isfinite(high) and high >= max(plan_top, own_capacity)
    assert high < 1.2 * max(plan_top, own_capacity), "the range kept a previous column's value"

    chart.set_spec(searched)  # the search is done: its columns again
    assert not full, "the search's return drew the chart whole"
    assert _state(chart) == before
    fresh = shown_chart(*size)
    fresh.set_spec(searched)
    assert _state(chart) == _state(fresh)


@pytest.mark.parametrize("size", [(800, 500), (330, 420)], ids=["under the plot", "down the side"])
def test_a_pending_search_keeps_the_value_axis_and_shows_current_values_only(shown_chart, monkeypatch, size) -> None:
    """The window shows the pending chart with ``keep_frame`` (ui/pages/step_page.py): the value axis keeps the range
    it had, so neither the edit nor a search that brings values inside it redraws that axis; the only values drawn
    are the edited plan's own column; a column that needs more room widens the range; the search's chart, shown
    without it, has its own range, as a fresh chart of it has (also a narrower one: the kept frame does not stay)."""
    searched = memory_fit_spec()
    columns = len(searched.categories or [])
    chart = shown_chart(*size)
    chart.set_spec(searched)
    chart.graphics.grab()
    axis = 0 if chart._transposed else 1
    kept = chart.panels[0].plot.vb.viewRange()[axis]
    drawn: list[str] = []
    specs = pg.AxisItem.generateDrawSpecs
    monkeypatch.setattr(pg.AxisItem, "generateDrawSpecs", lambda self, p: drawn.append(self.orientation) or specs(self, p))
    full = _count_full_draws(chart, monkeypatch)

    pending = with_pending_columns(_plan_only(searched, 0.5), columns - 1)  # alone it would narrow the range
    chart.set_spec(pending, keep_frame=True)
    chart.graphics.grab()
    assert not full, "the edit drew the chart whole"
    assert chart.panels[0].plot.vb.viewRange()[axis] == kept
    assert drawn == (["left"] if chart._transposed else ["bottom"]), "the value axis was drawn again"
    panel = chart.panels[0]
    plan_top = sum(s.y[0] for s in pending.series if s.style == "bar")
    bars = [d for d in panel.drawn if d.series.style == "bar"]
    assert all(np.all(d.top[1:] == d.base[1:]) for d in bars), "a pending column shows a bar"
    assert max(float(d.top[0]) for d in bars) == pytest.approx(plan_top), "the plan's column is not its new value"
    capacity = next(d for d in panel.drawn if d.series.style == "tick")
    assert len(capacity.item.getData()[0]) == 2, "a pending column shows a capacity level"

    own = max(plan_top, next(s.y[0] for s in pending.series if s.style == "tick"))
    grown = with_pending_columns(_plan_only(searched, 0.5 * 1.25 * kept[1] / own), columns - 1)
    chart.set_spec(grown, keep_frame=True)  # the plan's column outgrows the frame: it widens, the column fits
    low, high = chart.panels[0].plot.vb.viewRange()[axis]
    assert low == kept[0] and high > max(sum(s.y[0] for s in grown.series if s.style == "bar"), kept[1])

    for spec in (searched, _scaled(searched, 0.4)):  # the search's chart: its own range, also a narrower one
        chart.set_spec(spec)
        fresh = shown_chart(*size)
        fresh.set_spec(spec)
        shown, drawn_fresh = _state(chart), _state(fresh)
        # a value axis narrows by more than 10 px only (pyqtgraph's hysteresis, as any update after a wider range)
        for state in (shown, drawn_fresh):
            state["axis0left"] = state["axis0left"][:1] + state["axis0left"][2:]
        assert shown == drawn_fresh
        fresh.close()


@pytest.mark.parametrize("size", [(800, 500), (330, 420)], ids=["under the plot", "down the side"])
def test_axis_pictures_played_again_are_the_ones_drawn_anew(shown_chart, monkeypatch, size) -> None:
    """Issue 24: the category axis goes from the alternatives' names to "Searching…" at each edit and back when the
    search lands; an axis plays the picture it drew for the same ticks, words, range and size again
    (``NumberAxis.paint``) instead of generating it anew. The chart must look exactly as with pictures drawn anew."""
    searched = memory_fit_spec()
    pending = with_pending_columns(_plan_only(searched), len(searched.categories or []) - 1)
    chart = shown_chart(*size)
    grabs = []
    for spec in (searched, pending, searched):
        chart.set_spec(spec)
        grabs.append(chart.graphics.grab().toImage())
    generated: list[int] = []
    generate = pg.AxisItem.generateDrawSpecs
    monkeypatch.setattr(pg.AxisItem, "generateDrawSpecs", lambda axis, p: (generated.append(1), generate(axis, p))[1])
    chart.set_spec(pending)  # the next edit
    again = chart.graphics.grab().toImage()
    assert not generated, "an axis generated the picture it drew for the same words again"
    assert again == grabs[1] and grabs[2] == grabs[0]
    assert _drawn_anew(chart) == again, "a picture played again differs from one drawn anew"
    assert generated, "the pictures were not drawn anew"
    chart.resize(size[0] + 40, size[1] + 30)  # another size: never a picture kept for the size before
    for spec in (searched, pending):
        chart.set_spec(spec)
        shown = chart.graphics.grab().toImage()
        assert _drawn_anew(chart) == shown


def _drawn_anew(chart: ChartView):
    """The chart's image with every axis picture generated anew."""
    for panel in chart.panels:
        for name in ("left", "bottom"):
            axis = panel.plot.getAxis(name)
            axis.pictures.clear()
            axis.picture = None
    return chart.graphics.grab().toImage()
