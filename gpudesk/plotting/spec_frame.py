"""Whether a chart spec only brings new values for the chart already shown (an edit's new figures)."""

from __future__ import annotations

import dataclasses

from gpudesk.results.chart_model import ChartSpec, RackLayoutSpec


def values_only_change(shown: ChartSpec | RackLayoutSpec | None, spec: ChartSpec | RackLayoutSpec) -> bool:
    """Whether ``spec`` differs from the chart ``shown`` only in its values: the y values of its series, their
    tooltips and point keys, the positions of its reference lines and markers and the markers' words. Everything
    that decides the chart's frame (kind, titles, units, categories, series names, styles, colours, x values,
    panels, log axes, notes, tick language) is equal, so the axes, the legend and the layout already shown fit it."""
    if not isinstance(shown, ChartSpec) or not isinstance(spec, ChartSpec) or shown is spec:
        return False
    return _frame(shown) == _frame(spec)


def new_categories_only(shown: ChartSpec | RackLayoutSpec | None, spec: ChartSpec | RackLayoutSpec) -> bool:
    """Whether ``spec`` differs from the chart ``shown`` in its values and in the words of its categories only (as
    many, at the same places): a memory-fit column marked pending while its alternative is searched again after an
    edit, and named again when the search is done. The view relabels the categories in place when their labels
    take the room the shown ones take (``ChartView.set_spec``)."""
    if not isinstance(shown, ChartSpec) or not isinstance(spec, ChartSpec) or shown is spec \
            or shown.categories is None or spec.categories is None or len(shown.categories) != len(spec.categories):
        return False
    return _frame(dataclasses.replace(shown, categories=spec.categories)) == _frame(spec)


def _frame(spec: ChartSpec) -> ChartSpec:
    series = [dataclasses.replace(s, y=[1.0] * len(s.x), tooltips=None, keys=None, tooltip_reasons=None)
              for s in spec.series]
    return dataclasses.replace(spec, series=series, hlines=[dataclasses.replace(r, value=1.0) for r in spec.hlines],
                               vlines=[dataclasses.replace(r, value=1.0) for r in spec.vlines],
                               markers=[dataclasses.replace(m, x=1.0, y=1.0, label="", tooltip="") for m in spec.markers])
