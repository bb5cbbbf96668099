"""The PDF colours every series of a chart as the window does (light theme): one choice of colours, not two. The
PDF wrote its own copy of the rule and chose differently for a series whose role has no colour of its own: every
sample's timeline drew its 'Spend' line blue on paper and orange in the window."""

from __future__ import annotations

import pytest

from gpudesk.paths import samples_dir
from gpudesk.pdf.chart_paint import series_colours as paper_colours
from gpudesk.plotting.palette import LIGHT
from gpudesk.plotting.palette import series_colours as window_colours
from gpudesk.results.chart_model import ChartSpec

SAMPLES = sorted(path.stem for path in samples_dir().glob("*.gpudesk"))


@pytest.mark.parametrize("stem", SAMPLES)
def test_each_sample_chart_has_the_same_colours_on_paper_and_in_the_window(stem, searched_sample) -> None:
    plan, _project = searched_sample(stem)
    specs = [spec for phase in plan.phases for spec in phase.charts.values() if isinstance(spec, ChartSpec)]
    assert any(spec.kind == "timeline" for spec in specs), stem  # the chart the two copies coloured apart
    for spec in specs:
        window = {name: colour.name() for name, colour in window_colours(LIGHT, spec.series).items()}
        assert paper_colours(spec) == window, (stem, spec.kind)
