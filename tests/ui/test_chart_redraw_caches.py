"""What a chart keeps between edits (issue 24: an edit redraws only what the user sees change) is never stale.

The bars keep their bounding rectangle until their values or the view's transform change (``plotting/bars.py``);
the hidden top and right axes are ``NumberAxis`` too, so a range change no longer re-typesets their SI-prefixed
titles. The tests fail if the updated chart's pixels differ from a chart drawn fresh with the same figures (after
a wider range, the same range, a narrower one, a resize), if a bar's kept rectangle differs from pyqtgraph's own,
or if an edit measures the bars per paint, draws an axis whose range and ticks did not change, or re-typesets a title.
"""

from __future__ import annotations

import dataclasses

import pyqtgraph as pg
from PySide6 import QtGui
from test_charts_samples import inference_spec, memory_fit_spec

from gpudesk.plotting import fit
from gpudesk.plotting.axes import NumberAxis
from gpudesk.plotting.bars import Bars
from gpudesk.results.chart_model import ChartSpec
from gpudesk.ui.fonts import CJK_FAMILY, register_bundled_fonts


def _scaled(spec: ChartSpec, factor: float) -> ChartSpec:
    return dataclasses.replace(spec, series=[dataclasses.replace(s, y=[v * factor for v in s.y]) for s in spec.series])


def _pixels(chart) -> QtGui.QImage:
    return chart.graphics.grab().toImage()


def test_an_updated_chart_paints_what_a_fresh_one_paints(shown_chart) -> None:
    """A bigger range, the same range, then a resize: after each, the updated chart's pixels are a fresh chart's."""
    first = memory_fit_spec()
    updated = shown_chart(700, 420)
    updated.set_spec(first)
    _pixels(updated)  # drawn once: what is kept from here on
    for spec in (_scaled(first, 1.6), _scaled(first, 1.6), _scaled(first, 0.5)):
        updated.set_spec(spec)
        fresh = shown_chart(700, 420)
        fresh.set_spec(spec)
        assert _pixels(updated) == _pixels(fresh)
        fresh.close()
    updated.resize(560, 360)
    fresh = shown_chart(560, 360)
    fresh.set_spec(_scaled(first, 0.5))
    assert _pixels(updated) == _pixels(fresh)
    # on screen each axis's drawing is kept as an image (plotting/axis_images.py): the pixels its picture plays
    shown = _pixels(fresh)
    axes = [fresh.plot(0).getAxis(side) for side in ("left", "bottom")]
    assert all(axis.images.kept for axis in axes), "the axes were not drawn from their images"
    for axis in axes:
        axis.images.play = lambda *_args: False
    assert _pixels(fresh) == shown


def test_the_bars_bounds_follow_their_values_and_the_view(shown_chart) -> None:
    chart = shown_chart(700, 420)
    chart.set_spec(memory_fit_spec())
    _pixels(chart)
    bars = [d.item for d in chart.panels[0].drawn if isinstance(d.item, pg.BarGraphItem)]
    assert bars and all(isinstance(b, Bars) for b in bars)

    def fresh_bounds() -> list:  # pyqtgraph's own rectangle, computed now
        return [pg.BarGraphItem.boundingRect(b) for b in bars]

    assert [b.boundingRect() for b in bars] == fresh_bounds()
    chart.set_spec(_scaled(memory_fit_spec(), 3.0))  # new values: a new range, a new transform
    assert [b.boundingRect() for b in bars] == fresh_bounds()
    chart.resize(520, 300)  # a new transform only: the pen's padding is another length in data units
    _pixels(chart)
    assert [b.boundingRect() for b in bars] == fresh_bounds()


def test_an_edit_measures_each_bar_once_and_redraws_the_value_axis_only(shown_chart, monkeypatch) -> None:
    """A repaint with nothing changed measures no bar and draws no axis; new values measure each bar item once (not
    per paint and per caller: 30 measurements of 5 items before), draw the value axis only, and re-typeset no
    hidden axis's title (pyqtgraph's own top axis did, on every range change)."""
    chart = shown_chart(700, 420)
    first = memory_fit_spec()
    chart.set_spec(first)
    _pixels(chart)
    measured: list[object] = []
    drawn: list[str] = []
    titled: list[str] = []
    pixels, specs, title = pg.GraphicsItem.pixelVectors, pg.AxisItem.generateDrawSpecs, pg.AxisItem._updateLabel
    monkeypatch.setattr(pg.GraphicsItem, "pixelVectors",
                        lambda self, *a: (measured.append(self) if isinstance(self, pg.BarGraphItem) else None)
                        or pixels(self, *a))
    monkeypatch.setattr(pg.AxisItem, "generateDrawSpecs", lambda self, p: drawn.append(self.orientation) or specs(self, p))
    monkeypatch.setattr(pg.AxisItem, "_updateLabel", lambda self: titled.append(self.orientation) or title(self))
    ticked: list[tuple[str, bool]] = []
    ticks = NumberAxis.tickValues
    monkeypatch.setattr(NumberAxis, "tickValues",
                        lambda self, *a: ticked.append((self.orientation, self.isVisible())) or ticks(self, *a))
    chart.graphics.viewport().repaint()
    assert measured == [] and drawn == []
    chart.set_spec(_scaled(first, 1.6))
    _pixels(chart)
    bar_items = [d.item for d in chart.panels[0].drawn if isinstance(d.item, pg.BarGraphItem)]
    assert len(measured) == len(bar_items)
    value_axis = "bottom" if chart._transposed else "left"  # memory per GPU; the category axis stays
    assert drawn == [value_axis]
    assert titled == []
    assert ticked and all(shown for _side, shown in ticked), f"hidden axes asked for their ticks: {ticked}"


def test_a_second_panel_shown_later_reserves_its_labels_room(shown_chart) -> None:
    """Hidden axes (top, right, a hidden second plot's) compute no ticks (``NumberAxis.reserve_label_space``); a
    second plot shown, hidden and shown again with other values sizes its axes for their labels: the chart paints
    what a fresh chart of the two-panel spec paints."""
    updated = shown_chart(700, 420)
    for spec in (memory_fit_spec(), inference_spec(), memory_fit_spec(), _scaled(inference_spec(), 1e4)):
        updated.set_spec(spec)  # the second plot shown, hidden, and shown again with other values at its old size
        _pixels(updated)
    fresh = shown_chart(700, 420)
    fresh.set_spec(_scaled(inference_spec(), 1e4))
    assert updated.plot(1).isVisible()
    assert _pixels(updated) == _pixels(fresh)


def test_kept_text_widths_are_the_fonts_own(qapp) -> None:
    """``fit.kept_metrics`` measures each text once per font: every width is what Qt measures for that font now,
    and a font of another size, weight or families never gets the widths of the first (with and without the Chinese
    fallback family a font has one key, and after a language switch 'H100 ×8' kept the other's 44.6 px for 53.4)."""
    texts = ["H100 ×8", "Searching…", "搜索中…", "B300 288GB (plan)", ""]
    register_bundled_fonts()
    base = QtGui.QFont()
    bigger, bold, chinese = QtGui.QFont(base), QtGui.QFont(base), QtGui.QFont(base)
    bigger.setPointSizeF(base.pointSizeF() * 2)
    bold.setBold(True)
    # the same key() with and without the Chinese fallback family, which draws the '×' of 'H100 ×8' narrower
    chinese.setFamilies([family for family in base.families() if family != CJK_FAMILY] + [CJK_FAMILY])
    latin = QtGui.QFont(chinese)
    latin.setFamilies(chinese.families()[:-1])
    for font in (base, bigger, bold, chinese, latin, base):
        kept, fresh = fit.kept_metrics(font), QtGui.QFontMetricsF(font)
        for _ in range(2):
            assert [kept.horizontalAdvance(t) for t in texts] == [fresh.horizontalAdvance(t) for t in texts]
    assert fit.kept_metrics(bigger).horizontalAdvance(texts[0]) > fit.kept_metrics(base).horizontalAdvance(texts[0])


def test_set_bars_places_the_rectangles_pyqtgraphs_set_opts_places(qapp) -> None:
    """``Bars.set_bars`` (the chart's own placing, without pyqtgraph's normalisation) leaves the options, the
    rectangles (bit for bit) and the data bounds that ``BarGraphItem.setOpts`` leaves for the same bars: upright and
    lying, stacked bases, negative lengths (a tornado's low bars), zero lengths (a pending column), and no bars."""
    import numpy as np

    cases = [([0.0, 1.0, 2.0, 3.0], [0.0, 1.5, -2.0, 0.0], [1.25, -0.5, -1.0, 0.0], 0.7),
             ([-0.2, 0.8333333333333334, 1.8], [3.1, 0.0, 0.1], [2.2, 7.7, 0.30000000000000004], 0.23333333333333334),
             ([], [], [], 1.0)]
    for centres, bases, lengths, width in cases:
        for horizontal in (False, True):
            ours = Bars(x=[], height=[], width=1.0)
            ours.set_bars(centres, bases, lengths, width, horizontal, brush="#0072B2", pen=pg.mkPen("#FFFFFF", width=1))
            c, b, n = (np.asarray(v, dtype=float) for v in (centres, bases, lengths))
            given = (dict(x=None, y=c, x0=b, y0=None, width=n, height=width) if horizontal
                     else dict(x=c, y=None, x0=None, y0=b, height=n, width=width))  # what the chart gave setOpts
            theirs = pg.BarGraphItem(**given, brush="#0072B2", pen=pg.mkPen("#FFFFFF", width=1))
            for key, value in given.items():
                assert (ours.opts[key] is None) if value is None else np.array_equal(ours.opts[key], value)
            assert np.array_equal(ours._rectarray.ndarray(), theirs._rectarray.ndarray())
            assert ours._dataBounds == theirs._dataBounds
            assert ours.pixelPadding() == theirs.pixelPadding()


def test_an_update_in_the_same_frame_fits_no_title_and_sets_no_range(shown_chart, monkeypatch) -> None:
    """New values in a kept frame (an edit's pending memory-fit column): the titles fitted to the same room and the
    range already shown are not fitted or set again; a zoom is undone by the next update, a resize fits the titles
    again."""
    from pyqtgraph.graphicsItems.ViewBox.ViewBox import ViewBox

    chart = shown_chart(700, 420)
    first = memory_fit_spec()
    chart.set_spec(first)
    _pixels(chart)
    fitted: list[str] = []
    ranged: list[object] = []
    elide, title_in, set_range = fit.elide, fit.axis_title_in, ViewBox.setRange
    monkeypatch.setattr(fit, "elide", lambda *a: fitted.append("title") or elide(*a))
    monkeypatch.setattr(fit, "axis_title_in", lambda *a: fitted.append("axis") or title_in(*a))
    monkeypatch.setattr(ViewBox, "setRange", lambda self, *a, **k: ranged.append(k) or set_range(self, *a, **k))
    shown = chart.plot(0).vb.viewRange()
    before = _pixels(chart)
    chart.set_spec(_scaled(first, 1.0), keep_frame=True)  # equal values, a new spec: the same frame and range
    assert fitted == [] and ranged == []
    assert chart.plot(0).vb.viewRange() == shown and _pixels(chart) == before
    chart.set_spec(_scaled(first, 0.9), keep_frame=True)  # smaller values in the kept frame: the range stays
    assert fitted == [] and ranged == [] and chart.plot(0).vb.viewRange() == shown
    chart.plot(0).vb.setRange(xRange=(0, 5), yRange=(0, 1), padding=0)  # the user zooms
    ranged.clear()
    chart.set_spec(_scaled(first, 0.8), keep_frame=True)
    assert ranged and chart.plot(0).vb.viewRange() == shown, "an update kept the user's zoom"
    chart.resize(560, 360)  # (a resized chart's pixels are a fresh one's: test_an_updated_chart_paints_...)
    _pixels(chart)
    assert "title" in fitted and "axis" in fitted, "a resize did not fit the titles to the new room"
