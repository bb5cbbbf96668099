"""Arranges a :class:`~gpudesk.plotting.view.ChartView` for the room it has (decisions in ``fit.py``): the
legend beside, below or folded away, categories transposed when their labels do not fit, axis titles and
reference-line labels shortened to their room."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui, QtWidgets

from gpudesk.plotting import fit, headroom
from gpudesk.plotting.axes import align_widths, set_category_ticks, wrap_category
from gpudesk.plotting.chart_notes import NOTES_AXIS_HEIGHT, notes_height, wrap_notes
from gpudesk.plotting.chart_title import ROW_TITLE, refit_title, title_extra_height
from gpudesk.plotting.legend_room import legend_box, wrap_labels
from gpudesk.plotting.palette import series_colours
from gpudesk.plotting.spec_frame import new_categories_only
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.rack_layout_spec import RackLayoutSpec

if TYPE_CHECKING:

    from gpudesk.plotting.plot_panel import PlotPanel
    from gpudesk.plotting.view import ChartView

ROW_PLOT, ROW_PLOT2, ROW_LEGEND, ROW_NOTES = range(ROW_TITLE + 1, ROW_TITLE + 5)
AXIS_WIDTH = 72
"""Pixels of a left value axis with its title: what the plot loses beside it."""


def legend_names(view: ChartView) -> list[str]:
    return [label.text for _sample, label in view.legend.items]


def place_legend(view: ChartView, plan: fit.LegendPlan) -> None:
    """Put the legend where ``plan`` says (beside: a second column next to the plots; below: a row under
    them in ``plan.columns`` columns; hidden: out of the layout)."""
    layout = view.graphics.ci
    legend = view.legend
    if legend in layout.items:
        layout.removeItem(legend)
    shown = plan.mode != fit.HIDDEN and bool(legend.items)
    legend.setVisible(shown)
    # as tall as its entries: stretched over the plot's rows beside it, its rows spread apart and each sample sat
    # a row's height below its name
    legend.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Fixed)
    if shown:
        if legend.columnCount != plan.columns:
            legend.setColumnCount(plan.columns)
        if plan.mode == fit.BESIDE:
            layout.addItem(legend, row=ROW_PLOT, col=1, rowspan=2)
            layout.layout.setAlignment(legend, QtCore.Qt.AlignmentFlag.AlignTop | QtCore.Qt.AlignmentFlag.AlignLeft)
        else:
            layout.addItem(legend, row=ROW_LEGEND, col=0, colspan=2)
            layout.layout.setAlignment(legend, QtCore.Qt.AlignmentFlag.AlignLeft)
    layout.layout.setColumnStretchFactor(0, 1)
    layout.layout.setColumnStretchFactor(1, 0)
    layout.layout.activate()


def plot_width(view: ChartView, plan: fit.LegendPlan) -> float:
    """Pixels along the category axis of the main plot under ``plan``."""
    return max(1.0, view.graphics.width() - plan.width - AXIS_WIDTH - 24)


def fit_axis_titles(view: ChartView) -> None:
    """Shorten each shown axis title to its axis's length (two stacked panels share the chart's height), and the
    chart's title to its width."""
    refit_title(view)
    for panel in view.panels:
        plot = panel.plot
        if not plot.isVisible():
            continue
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            full = getattr(axis, "gpudesk_full_title", None)
            if full is None or axis.labelText not in (full, getattr(axis, "gpudesk_shown_title", None)):
                full = axis.labelText  # set anew by the renderer since the last fit
                axis.gpudesk_full_title = full
            if not full:
                continue
            room = (axis.geometry().height() if name == "left" else axis.geometry().width()) - 6
            shorter = getattr(axis, "gpudesk_short_title", "")
            fitted = (full, room, shorter, axis.label.font().key())
            if getattr(axis, "gpudesk_fitted", None) == fitted and axis.labelText == axis.gpudesk_shown_title:
                continue  # fitted to this room already and shown as fitted: the same title and tool tip
            metrics = QtGui.QFontMetricsF(axis.label.font())
            shown = fit.axis_title_in(full, metrics, room, name == "left", shorter) if room > 0 else full
            axis.gpudesk_fitted = fitted
            axis.gpudesk_shown_title = shown
            if shown != axis.labelText:
                colour = axis.labelStyle.get("color")
                plot.setLabel(name, shown, color=colour)
                axis.gpudesk_shown_title = axis.labelText
                axis.resizeEvent()  # pyqtgraph places a label when its axis resizes, not when its text changes
            axis.setToolTip(full if shown != full else "")
    align_stacked_axes(view)  # a title put on two lines needs a wider axis


def names_of(view: ChartView, spec: object) -> list[str]:
    """The legend's entries for ``spec`` (before it is drawn: its series' names)."""
    if isinstance(spec, ChartSpec):
        return list(dict.fromkeys(s.name for s in spec.series if s.panel == 0 or spec.has_second_panel))
    return legend_names(view)


def should_transpose(view: ChartView, spec: ChartSpec, plan: fit.LegendPlan, width: float) -> bool:
    """Whether ``spec``'s categories must run down the side: their labels do not fit under the plot."""
    if not spec.categories or spec.has_second_panel or getattr(spec, "horizontal", False):
        return False
    room = max(1.0, width - plan.width - AXIS_WIDTH - 24)
    metrics = QtGui.QFontMetricsF(view.plot(0).getAxis("bottom").font())
    return not fit.categories_fit(list(spec.categories), metrics, room)


def category_axis_extra(view: ChartView, spec: ChartSpec, rows_room: float) -> float:
    """Pixels the category labels down the side of a transposed chart take beyond a value axis (``AXIS_WIDTH``):
    the labels' axis is as wide as its longest line (``fit.side_axis_width``, as ``PlotPanel`` draws it)."""
    metrics, categories = fit.kept_metrics(view.plot(0).getAxis("left").font()), list(spec.categories or ())
    return max(0.0, fit.side_axis_width(categories, metrics, view.graphics.width(), rows_room) - AXIS_WIDTH)


def rows_fit(view: ChartView, spec: ChartSpec, rows_room: float) -> bool:
    """Whether the category labels down the side fit a plot ``rows_room`` pixels high (``fit.side_labels``)."""
    metrics = fit.kept_metrics(view.plot(0).getAxis("left").font())
    labels = fit.side_labels(list(spec.categories or ()), metrics, view.graphics.width(), rows_room)
    return fit.rows_height(labels, metrics) <= rows_room


def side_rows_room(view: ChartView, spec: object, height: float, plan: fit.LegendPlan) -> float:
    """Pixels the rows of category labels down the side get under ``plan`` (``headroom.rows_room``)."""
    categories, lines = (spec.categories or (), spec.hlines) if isinstance(spec, ChartSpec) else ((), ())
    label = QtGui.QFontMetricsF(view.font()).height() + 8  # a value line's label: a line and its margins (4 + 4 px)
    return headroom.rows_room(len(categories), any(line.label for line in lines), fit.plot_height(height, plan), label)


def legend_and_transpose(view: ChartView, spec: object, width: float, height: float,
                         wanted: bool | None) -> tuple[fit.LegendPlan, bool]:
    """Where the legend goes and whether the categories run down the side, decided together: categories down
    the side take the plot's left edge, so a legend beside the plot must leave its minimum width after them
    (the memory-fit chart of six searched accelerators at 493 px had 37 px of plot left and its axis title
    cut to "显…"). A legend below that leaves the labels too little height (``fit.side_labels``) folds away; their
    height is kept for ``PlotPanel`` (``view.graphics.gpudesk_rows_room``)."""
    names = names_of(view, spec)
    # the notes and the bottom axis take their lines whatever the legend does (fit.CHROME_HEIGHT counts neither)
    height -= notes_height(view) + NOTES_AXIS_HEIGHT + title_extra_height(view)  # fit.PLOT_FRAME counts one title line
    panels = 2 if isinstance(spec, ChartSpec) and spec.has_second_panel else 1
    plan = fit.plan_legend(names, legend_box(view.legend, view.graphics.ci.layout), width, height, wanted, panels)
    view.graphics.gpudesk_rows_room = rows_room = side_rows_room(view, spec, height, plan)
    if not isinstance(spec, ChartSpec) or not should_transpose(view, spec, plan, width):
        return plan, False
    extra = category_axis_extra(view, spec, rows_room)
    if plan.mode == fit.BESIDE and extra > 0:
        plan = fit.plan_legend(names, legend_box(view.legend, view.graphics.ci.layout), width - extra, height, wanted,
                               panels)
    transposed = should_transpose(view, spec, plan, width)
    if transposed and plan.mode == fit.BELOW and wanted is not True \
            and not rows_fit(view, spec, side_rows_room(view, spec, height, plan)):
        plan = fit.LegendPlan(fit.HIDDEN)  # as when it fits nowhere: the Legend button shows it, hover names a series
    view.graphics.gpudesk_rows_room = side_rows_room(view, spec, height, plan)
    return plan, transposed


def transposes(view: ChartView, spec: object) -> bool:
    """The transposition ``spec`` needs at the view's size (before drawing it)."""
    width, height = view.graphics.width(), view.graphics.height()
    if not isinstance(spec, ChartSpec) or width < 50:
        return False
    return legend_and_transpose(view, spec, width, height, view._legend_wanted)[1]


def arrange_view(view: ChartView, width: float | None, height: float | None, wanted: bool | None) -> None:
    """Place the legend for a chart of ``width`` × ``height`` (default: as shown), turn categories that do not
    fit, shorten axis titles and reference labels. ``wanted``: overrides the Legend button (exports)."""
    as_shown = width is None and height is None
    width = view.graphics.width() if width is None else width
    height = view.graphics.height() if height is None else height
    if width < 50 or height < 50:
        return  # not laid out yet: arranged at its first real size
    names = names_of(view, view.spec)
    spec = view.spec
    if wrap_notes(view, width, height) and as_shown:
        view.graphics.ci.setGeometry(QtCore.QRectF(0, 0, width, height))  # it kept the unwrapped notes' width
    refit_title(view)  # its lines, which the legend's and the labels' room leave out (``title_extra_height``)
    plan, transpose = legend_and_transpose(view, spec, width, height, view._legend_wanted if wanted is None else wanted)
    wrap_labels(view.legend, legend_box(view.legend, view.graphics.ci.layout), plan.text_width)  # new ones too
    if plan != view._legend_plan or (plan.mode != fit.HIDDEN) != view.legend.isVisible():
        place_legend(view, plan)
        view._legend_plan = plan
    action = view.legend_action
    with QtCore.QSignalBlocker(action):
        action.setChecked(plan.mode != fit.HIDDEN)
    action.setEnabled(bool(names))
    base = view.tr("Legend")
    action.setText(f"{base} ({len(names)})" if plan.mode == fit.HIDDEN and names else base)
    if isinstance(spec, ChartSpec):
        if transpose != view._transposed or (transpose and _side_axis_stale(view, spec, width)):
            view._transposed = transpose
            view._render(spec)
    ci = view.graphics.ci
    for attempt in range(2):  # again once the title is shortened to the new width (``_fit_labels``)
        stale = as_shown and ci.geometry().size() != QtCore.QSizeF(width, height)
        if stale:
            # a layout that once needed more room (a legend beside the plot, a longer title) kept that size when
            # its view shrank, and the view showed its left part: the English step-6 cost chart at 1366 × 768 lost
            # its last month and legend, the step-7 timeline its right half
            ci.setGeometry(QtCore.QRectF(0, 0, width, height))
        if attempt and not stale:
            break
        ci.layout.activate()
        view._fit_labels()


def _side_axis_stale(view: ChartView, spec: ChartSpec, width: float) -> bool:
    """Whether the category labels down the side were drawn for another width (on one line in a wider chart, the
    bank's memory-fit chart drawn before its tab shrank to 272 px kept a 197 px label axis and 47 px of plot)."""
    metrics = fit.kept_metrics(view.plot(0).getAxis("left").font())
    wanted = int(fit.side_axis_width(list(spec.categories or ()), metrics, width, view.panels[0].side_room()[1]))
    return abs(view.plot(0).getAxis("left").width() - wanted) > 1


def visible_texts(view: ChartView) -> list[str]:
    if view.spec is None:
        return []
    texts = [view._title.text, view._notes.text, *legend_names(view)]
    if isinstance(view.spec, RackLayoutSpec):
        texts += view.racks.texts()
    for panel in view.panels[: 1 + view._second_shown]:
        texts += panel.texts()
    return [t for t in texts if t]


def settle_axes(view: ChartView) -> None:
    """Apply the axis widths the new ranges' tick labels need (``NumberAxis`` asks for them
    when its range changes), so an export straight after ``set_spec`` prints every label."""
    for _ in range(3):  # a wider axis narrows the plot, which may change the ticks once more
        align_stacked_axes(view)
        widths = [p.plot.getAxis("left").width() for p in view.panels]
        for panel in view.panels:
            panel.plot.layout.activate()  # the axes sit in each PlotItem's own grid
        view.graphics.ci.layout.activate()
        if widths == [p.plot.getAxis("left").width() for p in view.panels]:
            break


def link_panels(view: ChartView, second: bool) -> None:
    """With two panels, the x axis is labelled once (below) and the y axes align.
    A horizontal chart shares its categories (the view's y axis) instead."""
    top, horizontal = view.plot(0), view.panels[0].horizontal
    for below in [p.plot for p in view.panels[1:]]:  # none yet on a chart that never showed two
        below.setXLink(None if horizontal else top)
        below.setYLink(top if horizontal else None)
    top.getAxis("bottom").setStyle(showValues=not second or horizontal)
    top.showLabel("bottom", (not second or horizontal) and bool(top.getAxis("bottom").labelText))
    if not horizontal:
        for plot in view.panels:
            plot.plot.getAxis("left").setWidth(AXIS_WIDTH if second else None)


def align_stacked_axes(view: ChartView) -> None:
    """Two stacked panels' value axes take one width (``axes.align_widths``); one panel or a horizontal chart: free."""
    axes = [panel.plot.getAxis("left") for panel in view.panels]
    if len(axes) == 2 and not view.panels[0].horizontal and all(axis.fixedWidth is not None for axis in axes) \
            and align_widths(axes, AXIS_WIDTH):
        for panel in view.panels:  # the plots narrow now, before labels are fitted to them
            panel.plot.layout.activate()
        view.graphics.ci.layout.activate()


def relabels_in_place(view: ChartView, shown: object, spec: ChartSpec) -> bool:
    """Whether ``spec`` brings new values and new category words only (``spec_frame.new_categories_only``: a
    memory-fit column pending after an edit, named again by the search) that fit where the shown words are: down
    the side, within the category axis's width (which stays); under the plot, on as many lines and without
    needing to turn. The axes, legend and layout stay; ``render_values`` relabels."""
    if not isinstance(shown, ChartSpec) or not new_categories_only(shown, spec):
        return False
    if view._transposed:
        metrics = fit.kept_metrics(view.plot(0).getAxis("left").font())
        wanted = int(fit.side_axis_width(list(spec.categories or ()), metrics, *view.panels[0].side_room()))
        return wanted <= view.plot(0).getAxis("left").width()
    lines = [any("\n" in wrap_category(c) for c in s.categories or ()) for s in (shown, spec)]
    return lines[0] == lines[1] and not transposes(view, spec)


def render_values(view: ChartView, spec: ChartSpec) -> None:
    """New values in the items already drawn for a spec of the same frame (``spec_frame.values_only_change``): the
    axes, legend and layout stay; the ranges, tick room and reference and marker labels follow, and the category
    words when they changed (``relabels_in_place``)."""
    # a transposed chart draws as a horizontal one: the panels hold that orientation from the last full render
    # (``restyle=False`` reads no orientation from the spec), so the spec is not copied to say so (0.05 ms, issue 24)
    view._hover(None)
    if spec.categories is not None and list(spec.categories) != view.panels[0]._categories:
        _relabel(view.panels[0], list(spec.categories))
    colours = series_colours(view._theme, spec.series)
    for index, panel in enumerate(view.panels[: 1 + view._second_shown]):
        panel.render(spec, index, view._theme, view._hidden, colours, restyle=False)
    view.reset_view()
    settle_axes(view)
    view._fit_labels()  # reference and marker labels moved with their values


def _relabel(panel: PlotPanel, categories: list[str]) -> None:
    """New words for the categories, as ``PlotPanel._style_axes`` labels them, on the axis as it is
    (``relabels_in_place``: they fit in its room)."""
    positions = panel.plot.getAxis("left" if panel.horizontal else "bottom")
    labels = (fit.side_labels(categories, fit.kept_metrics(positions.font()), *panel.side_room())
              if panel.horizontal else [wrap_category(c) for c in categories])
    set_category_ticks(positions, labels)
    panel._categories = categories
