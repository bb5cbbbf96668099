"""``ChartView``: renders any :class:`ChartSpec` or :class:`RackLayoutSpec`.

Layout (one ``GraphicsLayoutWidget``): title, main plot, optional second plot sharing the x axis, legend
(beside or below the plots, or folded behind the Legend button: ``arrange.py``), notes. Hovering shows the
nearest point's series, x, y with units and its tooltip (formula); the mouse wheel zooms and dragging pans;
"Reset view" restores the full range; clicking a legend sample hides or shows its series."""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from gpudesk.plotting import arrange, chart_title, export, fit, legend_room, legend_toggle, marker_labels, pointer
from gpudesk.plotting.axes import ChartLegend
from gpudesk.plotting.palette import Theme, series_colours, theme_for
from gpudesk.plotting.plot_panel import PlotPanel
from gpudesk.plotting.rack_panel import RackPanel
from gpudesk.plotting.spec_frame import values_only_change
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.rack_layout_spec import RackLayoutSpec

AnySpec = ChartSpec | RackLayoutSpec

_ROW_TITLE, _ROW_PLOT, _ROW_PLOT2, _ROW_LEGEND, _ROW_NOTES = (chart_title.ROW_TITLE, arrange.ROW_PLOT, arrange.ROW_PLOT2,
                                                             arrange.ROW_LEGEND, arrange.ROW_NOTES)
LEGEND_MAX_COLUMNS = 4


class ChartView(QtWidgets.QWidget):
    """An interactive chart. ``theme``: "auto" (follow the app), "light" or "dark"."""

    seriesToggled = QtCore.Signal(str, bool)  # noqa: N815 - Qt signal naming
    hovered = QtCore.Signal(str)
    pointClicked = QtCore.Signal(str, int, str)  # noqa: N815 - series name, point index, the point's key

    def __init__(self, parent: QtWidgets.QWidget | None = None, theme: str = "auto") -> None:
        super().__init__(parent)
        self._theme_name = theme
        self._theme: Theme = theme_for(theme)
        self._spec: AnySpec | None = None
        self._hidden: set[str] = set()

        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(self._theme.background)
        # one rectangle around what changed is repainted, not a region of seven (bars and words): 0.27 ms less per edit
        self.graphics.setViewportUpdateMode(QtWidgets.QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        layout = self.graphics.ci
        layout.setContentsMargins(8, 8, 12, 8)
        legend_room.pin_spacing(layout.layout)
        self._title = pg.LabelItem("", size="12pt", bold=True)
        self._legend = ChartLegend(colCount=LEGEND_MAX_COLUMNS, horSpacing=16, frame=False, labelTextSize="10pt",
                                   labelTextColor=self._theme.foreground)
        self._legend.hide()  # placed by _arrange: beside, below or folded away
        self._legend_wanted: bool | None = None  # None: the room decides; the Legend button sets True/False
        self._legend_plan = fit.LegendPlan(fit.HIDDEN)
        self._transposed = False  # categories drawn down the side because their labels do not fit under the plot
        self._notes = pg.LabelItem("", size="8pt", justify="left")
        layout.addItem(self._title, row=_ROW_TITLE, col=0, colspan=2)
        first = PlotPanel.new_plot()
        layout.addItem(first, row=_ROW_PLOT, col=0)
        layout.layout.setRowStretchFactor(_ROW_PLOT, 3)
        self.panels = [_panel(first)]  # the second, stacked below, is made when first asked for (``plot(1)``)
        self._second_shown = False
        self.racks = RackPanel(first)
        self._hover_box = pointer.HoverBox(self._theme)

        self.reset_view_action = QtGui.QAction(self.tr("Reset view"), self)
        self.reset_view_action.setToolTip(self.tr("Show the whole chart again after zooming or panning"))
        self.reset_view_action.triggered.connect(self.reset_view)
        self.export_action = QtGui.QAction(self.tr("Export PNG…"), self)
        self.export_action.setToolTip(self.tr("Save the chart as a PNG image at twice its size"))
        self.export_action.triggered.connect(self._export_dialog)
        self.legend_action = QtGui.QAction(self.tr("Legend"), self)
        self.legend_action.setCheckable(True)
        self.legend_action.setToolTip(self.tr("Show or hide the legend (hovering a line or bar names it too)"))
        self.legend_action.toggled.connect(self._on_legend_toggled)
        bar = QtWidgets.QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addStretch(1)
        self.legend_button = QtWidgets.QToolButton(autoRaise=True)
        for button, action in ((self.legend_button, self.legend_action), (QtWidgets.QToolButton(autoRaise=True),
                               self.export_action), (QtWidgets.QToolButton(autoRaise=True), self.reset_view_action)):
            button.setDefaultAction(action)
            bar.addWidget(button)
        box = QtWidgets.QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.addLayout(bar)
        box.addWidget(self.graphics, 1)
        self._pending = QtWidgets.QLabel(alignment=QtCore.Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self._pending.setObjectName("chart-pending")  # in place of the plot while its figures are computed
        self._pending.hide()
        box.addWidget(self._pending, 1)
        self.graphics.scene().sigMouseMoved.connect(self.hover_at)
        self.graphics.scene().sigMouseClicked.connect(self._on_click)

    # -- public API -----------------------------------------------------------
    @property
    def spec(self) -> AnySpec | None:
        """What the chart plots; None while it is pending (``show_pending``)."""
        return None if self.pending else self._spec

    @property
    def legend(self) -> ChartLegend:
        return self._legend

    @property
    def hover_text(self) -> str:
        return self._hover_box.text

    def plot(self, panel: int = 0) -> pg.PlotItem:
        """The main plot (0) or the one below it (1), made hidden on first use (most charts never show it)."""
        if panel == 1 and len(self.panels) == 1:
            second = PlotPanel.new_plot()
            second.setXLink(self.panels[0].plot)
            second.hide()
            self.panels.append(_panel(second))
        return self.panels[panel].plot

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 - Qt override
        """The legend moves beside, below or out of the way, and categories turn, as the room changes."""
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self, width: float | None = None, height: float | None = None, wanted: bool | None = None) -> None:
        arrange.arrange_view(self, width, height, wanted)

    def _fit_labels(self) -> None:
        arrange.fit_axis_titles(self)
        for panel in self.panels[: 1 + self._second_shown]:
            marker_labels.fit_ref_labels(panel)

    def _on_legend_toggled(self, on: bool) -> None:
        self._legend_wanted = on
        self._arrange()

    def visible_texts(self) -> list[str]:
        """Every text the chart shows: title, legend, axes, reference and marker labels, notes (or the pending text)."""
        return [self._pending.text()] if self.pending else arrange.visible_texts(self)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 - Qt override
        """A chart that follows the application ("auto") redraws in the new colours when the theme changes."""
        super().changeEvent(event)
        if event.type() in (QtCore.QEvent.Type.PaletteChange, QtCore.QEvent.Type.ApplicationPaletteChange):
            self._follow_theme()

    def _follow_theme(self) -> None:
        theme = theme_for(self._theme_name)
        if theme == self._theme:
            return
        self._theme = theme
        self.graphics.setBackground(theme.background)
        self._legend.setLabelTextColor(theme.foreground)
        for _sample, label in self._legend.items:
            label.setText(label.text, color=theme.foreground)  # pyqtgraph stores the colour but keeps old text
        self._hover(None)
        if self._spec is not None:
            self.set_spec(self._spec)

    @property
    def pending(self) -> bool:  # the chart says its figures are being computed (``show_pending``)
        return not self._pending.isHidden()

    def show_pending(self, text: str) -> None:
        """Say ``text`` (its figures are being computed) in place of the plot until ``show_spec`` gives them: the
        previous figures are never shown as current meanwhile, and nothing is drawn."""
        self._pending.setText(text)
        if not self.pending:
            self.graphics.hide()
            self._pending.show()
            for action in (self.reset_view_action, self.export_action):
                action.setEnabled(False)

    def show_spec(self, spec: AnySpec, keep_frame: bool = False) -> None:
        """Show ``spec`` (``set_spec``) unless the chart shows it already: an input change that leaves this chart's
        data as it was costs nothing and keeps the user's zoom (also after a pending state)."""
        if self.pending:
            self._pending.hide()
            self.graphics.show()
            for action in (self.reset_view_action, self.export_action):
                action.setEnabled(True)
        if spec != self._spec:
            self.set_spec(spec, keep_frame)

    def set_spec(self, spec: AnySpec, keep_frame: bool = False) -> None:
        """Show ``spec``, reusing graphics items; series hidden by a legend click stay hidden. New values in the
        same frame (``spec_frame.values_only_change``) update the items and ranges only (``arrange.render_values``),
        and so do new category words that take the room the shown ones take (``arrange.relabels_in_place``).
        ``keep_frame``: ``spec`` holds parts still being computed (memory-fit columns pending the search, no value
        drawn); the value axis keeps its range, widened where the values drawn need more, never narrowed, until
        a spec is shown without it (the search's, which gets its own range)."""
        previous, self._spec = self._spec, spec
        in_place = isinstance(spec, ChartSpec) and (values_only_change(previous, spec) or arrange.relabels_in_place(
            self, previous, spec))
        for panel in self.panels:
            panel.held_range = panel.value_range if keep_frame else None
        if in_place:
            arrange.render_values(self, spec)  # type: ignore[arg-type]  # a ChartSpec (in_place)
        else:
            self._transposed = arrange.transposes(self, spec)
            self._render(spec)
            self._arrange()
        # The view boxes move their items to the new ranges now: pyqtgraph does it at the start of the next paint,
        # and the items it moves there ask for a second paint of the chart (two paints per update).
        self.graphics.scene().prepareForPaint()

    def _render(self, spec: AnySpec) -> None:
        theme = self._theme
        if isinstance(spec, ChartSpec) and self._transposed:
            spec = dataclasses.replace(spec, horizontal=True)
        self._hover(None)
        chart_title.set_title(self, html.escape(spec.title), theme.foreground)
        notes = "<br>".join(html.escape(line) for line in spec.notes.splitlines())
        _set_text(self._notes, notes, theme.foreground)
        self._set_row(self._notes, _ROW_NOTES, bool(notes))
        if isinstance(spec, RackLayoutSpec):
            for panel in self.panels:
                panel.clear()
            self._show_second(False)
            self.plot(0).vb.invertY(False)  # a horizontal chart before this one turned it over
            entries = self.racks.render(spec, theme, self._hidden)
        else:
            self.racks.clear()
            order = series_colours(theme, spec.series)
            second = spec.has_second_panel
            self._show_second(second)
            self.panels[0].render(spec, 0, theme, self._hidden, order)
            if second:
                self.panels[1].render(spec, 1, theme, self._hidden, order)
            elif len(self.panels) > 1:
                self.panels[1].clear()
            arrange.link_panels(self, second)
            entries = [(d.series.name, d.item) for p in self.panels[: 1 + second] for d in p.drawn]
        legend_toggle.fill_legend(self, entries)
        # Lay out title, legend and panels now (not at the next event loop turn), so that an
        # export or a hover right after set_spec sees the final geometry.
        self._legend.layout.activate()
        self.graphics.ci.layout.activate()
        self.reset_view()
        arrange.settle_axes(self)

    def reset_view(self) -> None:
        """Show the whole chart (undo mouse zoom and pan)."""
        spec = self._spec
        if spec is None:
            return
        if isinstance(spec, RackLayoutSpec):
            self.racks.reset_range()
            return
        self.panels[0].reset_range(spec, 0)
        if self._second_shown:
            x_range = self.plot(0).vb.viewRange()[0]
            self.panels[1].reset_range(spec, 1)
            self.plot(0).vb.setXRange(*x_range, padding=0)

    def hover_at(self, scene_pos: QtCore.QPointF) -> str:
        """Hover at ``scene_pos`` (scene coordinates); return the text shown ("" for nothing)."""
        return pointer.hover_at(self, scene_pos)

    def click_at(self, scene_pos: QtCore.QPointF) -> str:
        """A left click at ``scene_pos``: emits ``pointClicked`` for the point under it and returns its key
        ("" for no point, or a point without a key)."""
        return pointer.click_at(self, scene_pos)

    def _on_click(self, event) -> None:
        if event.button() == QtCore.Qt.MouseButton.LeftButton and not event.double():
            self.click_at(event.scenePos())

    def _export_dialog(self) -> None:
        title = (self._spec.title if self._spec is not None else "") or "chart"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, self.tr("Export chart"), f"{title}.png",
                                                        self.tr("PNG images (*.png)"))
        if path:
            self.export_png(path if path.lower().endswith(".png") else path + ".png")

    def export_png(self, path: str | Path, scale: float = 2) -> Path:
        """Write the chart as shown, at ``scale`` times its on-screen size, as PNG (plotting/export.py)."""
        return export.export_png(self, path, scale)

    def render_to_image(self, width: int, height: int, scale: float = 2) -> QtGui.QImage:
        """Render at ``width``×``height`` logical pixels into an image ``scale`` times larger (for proposals),
        without resizing the widget on screen (plotting/export.py)."""
        return export.render_to_image(self, width, height, scale)

    # -- internals ------------------------------------------------------------
    def _set_row(self, item: pg.GraphicsWidget, row: int, shown: bool) -> None:
        layout = self.graphics.ci
        present = item in layout.items
        if shown and not present:
            layout.addItem(item, row=row, col=0, colspan=1 if row in (_ROW_PLOT, _ROW_PLOT2) else 2)
        elif not shown and present:
            layout.removeItem(item)
        item.setVisible(shown)

    def _show_second(self, shown: bool) -> None:
        if shown != self._second_shown:
            self._set_row(self.plot(1), _ROW_PLOT2, shown)
            self.graphics.ci.layout.setRowStretchFactor(_ROW_PLOT2, 2 if shown else 0)
            self.graphics.ci.layout.activate()  # place the panels now, so ranges and hover are right at once
            self._second_shown = shown

    def _on_legend_clicked(self, item: pg.GraphicsObject) -> None:
        legend_toggle.series_toggled(self, item)

    def toggle_series(self, name: str) -> bool:
        """Toggle a series as a click on its legend entry would; return whether it is now shown."""
        return legend_toggle.toggle_series(self, name)

    def _hover(self, text: str | None, plot: pg.PlotItem | None = None, x: float = 0.0, y: float = 0.0) -> str:
        """Show ``text`` in the hover box at (x, y) of ``plot`` (None: hide it); ``hovered`` says each change."""
        if self._hover_box.show(text, plot, x, y, self._theme):
            self.hovered.emit(self._hover_box.text)
        return self._hover_box.text


def _panel(plot: pg.PlotItem) -> PlotPanel:  # no auto-range button (nor menu: number_plot); labels refit on a move
    panel = PlotPanel(plot)
    plot.hideButtons()
    marker_labels.refit_when_the_plot_moves(panel, marker_labels.fit_ref_labels)
    return panel


def _set_text(label: pg.LabelItem, text: str, colour: str) -> None:
    """Set a label's text only when it or its colour changes: each set re-lays out the whole chart."""
    if label.text != text or label.opts.get("color") != colour:
        label.setText(text, color=colour)
