"""A chart names a figure as the figure tables name it, in English and in Chinese.

The inference chart's legend read 'Tokens/s per replica', 'TPOT' and 'TTFT' where the step's table, the proposal and
the CLI read 'Output throughput per replica', 'Time per output token' and 'Time to first token without queueing'
(labels-25: one English name per figure, report_en.toml [figure]); the memory chart's Chinese title read '每卡显存占用'
beside the table's '单卡显存占用'. A chart's title or series that draws a figure now carries its key
(ChartSpec.title_figure, Series.figure) and report/chart_text.py names it through DisplayText.row_label, the figure
tables' own naming.
"""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import Project
from gpudesk.report.chart_text import localise_spec
from gpudesk.report.display_text import display_text
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.pipeline import estimate_plan

# chart kind -> the figures it must name by their keys (a chart that stops doing so fails here)
# (the scaling chart's title names no figure of the tables: it draws the plan's layout at each GPU count, where
# net.scaling_efficiency is the fabric's and scale.best_efficiency the best layouts')
NAMED = {"memory_fit": {"mem.total", "mem.weights", "mem.capacity"}, "power_per_rack": {"power.rack_kw"},
         "inference": {"infer.tokens_per_s", "infer.tpot_s", "infer.ttft_unloaded_s"}}


@pytest.fixture(scope="module")
def charts():
    """(phase figures, chart) of the bank sample (serving: memory, power, inference) and a default plan."""
    catalog = Catalog.open()
    try:
        plans = [estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, catalog),
                 estimate_plan(Project(), catalog)]
    finally:
        catalog.close()
    return [(phase.figures, spec) for plan in plans for phase in plan.phases for spec in phase.charts.values()
            if isinstance(spec, ChartSpec)]


def _named(spec: ChartSpec) -> set[str]:
    return {key for key in (spec.title_figure, *(s.figure for s in spec.series)) if key}


def test_every_chart_that_shows_a_figure_says_which(charts) -> None:
    kinds = {spec.kind for _fs, spec in charts}
    assert set(NAMED) <= kinds, f"the plans drew no {sorted(set(NAMED) - kinds)} chart"
    for _fs, spec in charts:
        assert NAMED.get(spec.kind, set()) <= _named(spec), spec.kind


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_chart_names_each_figure_as_the_figure_table_does(charts, lang: str) -> None:
    table = display_text(lang)
    for fs, spec in charts:
        shown = localise_spec(spec, lang)
        if spec.title_figure:
            assert shown.title == table.row_label(spec.title_figure, fs.label(spec.title_figure)), spec.kind
        for series in shown.series:
            if series.figure:
                assert series.figure in fs, (spec.kind, series.figure)
                full = table.row_label(series.figure, fs.label(series.figure))
                # the legend takes the short name report_<lang>.toml [legend] gives, the hover the full name
                assert series.name == table.legend_label(series.figure, fs.label(series.figure)), (spec.kind, lang)
                assert all(t.startswith(full + ("：" if lang == "zh" else ": ")) for t in series.tooltips or ()
                           if t.startswith(series.name)), (full, (series.tooltips or [""])[0])
    if lang == "en":  # the names the step tables print (report_en.toml [figure])
        inference = next(spec for _fs, spec in charts if spec.kind == "inference")
        assert [s.name for s in localise_spec(inference, "en").series] == [
            "Output throughput per replica", "Time per output token", "Time to first token without queueing"]
