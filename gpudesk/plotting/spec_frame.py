"""Whether a chart spec only brings new values for the chart already shown (an edit's new figures)."""

from __future__ import annotations

import dataclasses

from gpudesk.results.chart_model import ChartSpec, Marker, RefLine, Series
from gpudesk.results.rack_layout_spec import RackLayoutSpec


def values_only_change(shown: ChartSpec | RackLayoutSpec | None, spec: ChartSpec | RackLayoutSpec) -> bool:
    """Whether ``spec`` differs from the chart ``shown`` only in its values: the y values of its series, their
    tooltips and point keys, the positions of its reference lines and markers and the markers' words. Everything
    that decides the chart's frame (kind, titles, units, categories, series names, styles, colours, x values,
    panels, log axes, notes, tick language) is equal, so the axes, the legend and the layout already shown fit it."""
    if not isinstance(shown, ChartSpec) or not isinstance(spec, ChartSpec) or shown is spec:
        return False
    return shown.categories == spec.categories and _frame(shown) == _frame(spec)


def new_categories_only(shown: ChartSpec | RackLayoutSpec | None, spec: ChartSpec | RackLayoutSpec) -> bool:
    """Whether ``spec`` differs from the chart ``shown`` in its values and in the words of its categories only (as
    many, at the same places): a memory-fit column marked pending while its alternative is searched again after an
    edit, and named again when the search is done. The view relabels the categories in place when their labels
    take the room the shown ones take (``ChartView.set_spec``)."""
    if not isinstance(shown, ChartSpec) or not isinstance(spec, ChartSpec) or shown is spec \
            or shown.categories is None or spec.categories is None or len(shown.categories) != len(spec.categories):
        return False
    return _frame(shown) == _frame(spec)


# what does not decide the frame: values and their words (the categories are compared apart)
_VALUES = {ChartSpec: ("series", "hlines", "vlines", "markers", "categories"), Series: ("y", "tooltips", "keys", "tooltip_reasons"),
           RefLine: ("value",), Marker: ("x", "y", "label", "tooltip")}
_FRAME_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(f.name for f in dataclasses.fields(kind) if f.name not in values) for kind, values in _VALUES.items()}


def _fields(item: object) -> tuple[object, ...]:
    return tuple(getattr(item, name) for name in _FRAME_FIELDS[type(item)])


_FRAMES_KEPT = 16
"""Specs whose frame is kept (``_frame``): the shown and the new spec of each chart an edit updates."""
_frames: dict[int, tuple[ChartSpec, tuple[object, ...]]] = {}


def _frame(spec: ChartSpec) -> tuple[object, ...]:
    """The fields of ``spec`` that decide its frame, but for its categories: every field of the spec, its series,
    reference lines and markers less their values (``_VALUES``), read from the dataclasses' own fields so that a
    field added later counts as frame. Kept for the last specs asked about (with the spec, so that its id is not
    another's): an edit compares a chart's new spec with the shown one up to twice, and the shown one was the new
    one of the edit before (3 of 4 reads of bank's memory-fit frame, issue 24). A chart's spec is not changed in
    place once made (``ChartView`` keeps it as shown); a spec changed in place reads as the frame it was read with."""
    kept = _frames.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    frame = (_fields(spec), [(_fields(s), len(s.x)) for s in spec.series], [_fields(r) for r in spec.hlines],
             [_fields(r) for r in spec.vlines], [_fields(m) for m in spec.markers])
    if len(_frames) >= _FRAMES_KEPT:
        del _frames[next(iter(_frames))]
    _frames[id(spec)] = (spec, frame)
    return frame
