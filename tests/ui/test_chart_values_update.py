"""A chart given new values in the same frame updates its items in place and shows what a fresh chart shows.

``ChartView.set_spec`` skips the axes, legend and layout when only values changed (``values_only_change``: an
edit's new figures). These tests fail if that path leaves anything of the previous values on screen (bars,
curves, ranges, tick levels, reference lines, marker labels) or differs in any way from drawing the new spec in
a fresh chart, and if a change of the frame (categories, a series' name) is taken for a change of values.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyqtgraph as pg
import pytest
from test_charts_samples import ALL_SPECS, memory_fit_spec

from gpudesk.plotting import ChartView
from gpudesk.plotting.view import values_only_change
from gpudesk.results.chart_model import ChartSpec

STYLE_OPTIONS = ("pen", "symbol", "symbolSize", "symbolBrush", "symbolPen", "fillLevel", "brush", "connect", "stepMode")
KINDS = sorted(k for k, make in ALL_SPECS.items() if isinstance(make(), ChartSpec))


def _new_values(spec: ChartSpec, factor: float = 1.7) -> ChartSpec:
    """The same chart with every value moved, as an edit moves them (positive stays positive: log axes)."""
    series = [dataclasses.replace(s, y=[v * factor + (0.0 if spec.log_y else 1.0) for v in s.y]) for s in spec.series]
    return dataclasses.replace(
        spec, series=series,
        hlines=[dataclasses.replace(r, value=r.value * 1.3) for r in spec.hlines],
        vlines=[dataclasses.replace(r, value=r.value * 1.1) for r in spec.vlines],
        markers=[dataclasses.replace(m, y=m.y * factor + (0.0 if spec.log_y else 1.0), label=m.label + " ·")
                 for m in spec.markers])


def _state(chart: ChartView) -> dict:
    """Everything drawn that a value can change: items' data and visibility, ranges, ticks, labels, texts."""
    out: dict = {"texts": chart.visible_texts(), "legend": [label.text for _s, label in chart.legend.items],
                 "second": chart.plot(1).isVisible()}
    for i, panel in enumerate(chart.panels[: 1 + chart._second_shown]):
        plot = panel.plot
        drawn = []
        for d in panel.drawn:
            if isinstance(d.item, pg.BarGraphItem):
                data = [np.asarray(d.item.opts[k], float).round(9).tolist() if d.item.opts[k] is not None else None
                        for k in ("x", "y", "x0", "y0", "height", "width")]
                data.append([d.item.opts.get(k) for k in ("brush", "pen")])
            else:
                data = [np.asarray(a, float).round(9).tolist() for a in d.item.getData()]
                data.append([d.item.opts.get(k) for k in STYLE_OPTIONS])
            drawn.append((d.series.name, d.item.isVisible(), data, d.x.round(9).tolist(), d.base.round(9).tolist(),
                          d.top.round(9).tolist()))
        out[f"drawn{i}"] = drawn
        out[f"range{i}"] = np.round(plot.vb.viewRange(), 9).tolist()
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            out[f"axis{i}{name}"] = (axis.labelText, axis.width() if name == "left" else axis.height(),
                                     axis._tickLevels, axis.logMode)
        lines = [line for line in (*panel._hlines, *panel._vlines) if line.isVisible()]
        out[f"lines{i}"] = [(round(line.value(), 9), line.label.format, line.label.anchors) for line in lines]
        out[f"markers{i}"] = [(text.toPlainText(), round(text.pos().x(), 9), round(text.pos().y(), 9), tuple(text.anchor))
                              for text in panel._marker_labels if text.isVisible()]
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_new_values_in_the_same_frame_show_what_a_fresh_chart_shows(shown_chart, kind: str) -> None:
    first = ALL_SPECS[kind]()
    second = _new_values(first)
    assert values_only_change(first, second)
    updated, fresh = shown_chart(), shown_chart()
    updated.set_spec(first)
    before = _state(updated)
    updated.set_spec(second)  # the values-only path
    fresh.set_spec(second)
    after = _state(updated)
    assert after == _state(fresh)
    assert after != before  # the previous values are gone from the screen


def test_a_changed_frame_is_drawn_whole(shown_chart) -> None:
    first = memory_fit_spec()
    renamed = dataclasses.replace(first, categories=[c + " (new)" for c in first.categories or []])
    other_series = dataclasses.replace(first, series=[dataclasses.replace(first.series[0], name="Renamed"),
                                                      *first.series[1:]])
    assert not values_only_change(first, renamed)
    assert not values_only_change(first, other_series)
    assert not values_only_change(None, first)
    for changed in (renamed, other_series):
        updated, fresh = shown_chart(), shown_chart()
        updated.set_spec(first)
        updated.set_spec(changed)
        fresh.set_spec(changed)
        assert _state(updated) == _state(fresh)


def test_a_series_hidden_by_the_legend_stays_hidden_through_new_values(shown_chart) -> None:
    first = memory_fit_spec()
    chart = shown_chart()
    chart.set_spec(first)
    name = first.series[0].name
    chart._hidden.add(name)  # what a legend click records
    chart.set_spec(_new_values(first))
    assert not next(d for d in chart.panels[0].drawn if d.series.name == name).item.isVisible()


def test_every_field_but_the_values_decides_the_frame() -> None:
    """A change of any field of the spec, a series, a reference line or a marker that is not one of their values
    (``spec_frame._VALUES``) is a change of the frame: drawn whole, never updated in place."""
    from gpudesk.plotting.spec_frame import _VALUES, new_categories_only
    from gpudesk.results.chart_model import Marker, RefLine, Series

    def changed(value: object) -> object:
        if isinstance(value, bool):
            return not value
        if isinstance(value, (int, float)):
            return value + 1 if value not in (0, 1) else 1 - value
        if isinstance(value, str):
            return value + " (other)"
        if isinstance(value, (list, tuple)):
            return [*value, value[-1]] if value else ["other"]
        return "other" if value is None else value

    base = memory_fit_spec()
    base = dataclasses.replace(base, hlines=[RefLine(10.0, "limit")], vlines=[RefLine(1.0, "here")],
                               markers=[Marker(1.0, 5.0, "chosen")])
    checked = 0
    for kind, make in ((ChartSpec, lambda f, v: dataclasses.replace(base, **{f: v})),
                       (Series, lambda f, v: dataclasses.replace(base, series=[
                           dataclasses.replace(base.series[0], **{f: v}), *base.series[1:]])),
                       (RefLine, lambda f, v: dataclasses.replace(base, hlines=[dataclasses.replace(base.hlines[0], **{f: v})])),
                       (Marker, lambda f, v: dataclasses.replace(base, markers=[dataclasses.replace(base.markers[0], **{f: v})]))):
        sample = {ChartSpec: base, Series: base.series[0], RefLine: base.hlines[0], Marker: base.markers[0]}[kind]
        for field in dataclasses.fields(kind):
            if field.name in _VALUES[kind]:
                continue
            value = changed(getattr(sample, field.name))
            if field.name in ("x",):  # as many x values as y values
                value = [v + 1 for v in sample.x]
            if field.name == "panel":
                value = 1 - getattr(sample, field.name)
            if field.name in ("style", "color_role", "stack_group") and kind is Series:
                value = {"style": "line", "color_role": "other", "stack_group": None}[field.name]
            try:
                other = make(field.name, value)
            except (ValueError, TypeError):
                continue
            assert not values_only_change(base, other), f"{kind.__name__}.{field.name} taken for a value"
            assert not new_categories_only(base, other) or field.name == "categories", f"{kind.__name__}.{field.name}"
            checked += 1
    assert checked >= 25
