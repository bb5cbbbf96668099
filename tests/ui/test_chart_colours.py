"""Every series of a chart in its own colour from the colour-blind-safe palette (issue 21: the startup sample's
step-6 cost chart drew public cloud on demand and its 1-year reservation in the same orange, the reservation having
no colour role of its own and falling back to the palette's second colour, orange)."""

from __future__ import annotations

import pytest
from test_charts_samples import ALL_SPECS

from gpudesk.plotting import ChartView
from gpudesk.plotting.palette import CYCLE, DARK, LIGHT, ROLE_COLOURS, series_colours
from gpudesk.results.chart_model import ChartSpec, Series
from gpudesk.results.rack_layout_spec import RackLayoutSpec
from gpudesk.vocabulary.delivery import DELIVERY_OPTION


def cost_spec(modes: list[str]) -> ChartSpec:
    return ChartSpec("cost_over_time", "Cumulative cost by delivery mode", y_unit="USD",
                     series=[Series(mode, [1, 2, 3], [i, 2 * i, 3 * i], color_role=mode) for i, mode in enumerate(modes)])


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_priced_delivery_option_has_its_own_colour(theme) -> None:
    options = [term.code for term in DELIVERY_OPTION]
    assert all(code in ROLE_COLOURS for code in options)
    colours = series_colours(theme, cost_spec(options).series)
    assert len({c.name() for c in colours.values()}) == len(options), {k: c.name() for k, c in colours.items()}


@pytest.mark.parametrize("kind", sorted(k for k in ALL_SPECS if not isinstance(ALL_SPECS[k](), RackLayoutSpec)))
def test_each_sample_chart_kind_draws_its_series_in_distinct_colours(kind: str) -> None:
    spec = ALL_SPECS[kind]()
    colours = series_colours(LIGHT, spec.series)
    assert len({c.name() for c in colours.values()}) == len(colours), (kind, {k: c.name() for k, c in colours.items()})


def test_a_colour_taken_earlier_in_the_chart_goes_to_the_next_free_palette_colour() -> None:
    spec = ChartSpec("cost_over_time", "x", series=[Series("a", [1], [1], color_role="weights"),
                                                     Series("b", [1], [2], color_role="liquid"),  # both blue
                                                     Series("c", [1], [3], color_role="no such role")])
    colours = series_colours(LIGHT, spec.series)
    assert colours["a"].name() == CYCLE[0][0].lower()
    assert len({c.name() for c in colours.values()}) == 3


def test_the_drawn_lines_of_the_startup_cost_chart_differ(qtbot) -> None:
    """What the window draws: the pens of the on-demand and 1-year reservation lines (the startup plan's step 6)."""
    view = ChartView(theme="light")
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.set_spec(cost_spec(["cloud_on_demand", "cloud_reserved_1y"]))
    pens = {d.series.name: d.item.opts["pen"].color().name() for d in view.panels[0].drawn}
    assert len(set(pens.values())) == 2, pens
