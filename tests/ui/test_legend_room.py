"""A chart's legend takes the room planned for it (``fit.plan_legend``, measured by ``legend_room``), beside or below
the plot, and shows where it fits: the step-6 cost chart's delivery modes on a 1920 × 1080 screen."""

from __future__ import annotations

import pytest
from window_audit_charts import legends_over_plots_or_cut

from gpudesk.plotting import fit
from gpudesk.results.chart_model import ChartSpec, Series

MODES = {
    "en": ["public cloud, on demand", "public cloud, monthly subscription", "public cloud, spot",
           "public cloud, 1-year reservation", "private on-premises (owned)", "hybrid: owned baseline + cloud bursts"],
    "zh": ["公有云按需", "公有云包月", "公有云竞价实例", "公有云包年（1 年）", "私有化部署（自购）", "混合部署（自购基线 + 云上扩容）"],
}
NOTES = {"en": "Not drawn: private on-premises (owned), the plan's own mode, awaits a quote.",
         "zh": "未画出：本方案采用的私有化部署（自购）待询价。"}


def cost_chart(lang: str, count: int, notes: bool = False) -> ChartSpec:
    months = list(range(1, 13))
    series = [Series(name, months, [1e5 * (i + 1) + 2e4 * m for m in months]) for i, name in
              enumerate(MODES[lang][:count])]
    return ChartSpec("cost_over_time", "Cumulative cost by delivery mode", x_label="Month", y_label="Cumulative cost",
                     y_unit="CNY", series=series, notes=NOTES[lang] if notes else "", tick_language=lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 6])
@pytest.mark.parametrize(("width", "height"), [(497, 277), (389, 300), (640, 420), (300, 302), (800, 500)])
def test_a_legend_takes_the_room_planned_for_it(qtbot, shown_chart, lang: str, count: int, width: int,
                                                height: int) -> None:
    """Planned at 21 px a row where pyqtgraph draws each 24 px high (a 10 pt line and its text's margins) with 18 px of
    margins around them, and each entry 34 px plus its label where it takes 44 plus the grid's margins, a legend of
    three rows below the plot was 27 px taller than planned, and one beside it wider: the plot lost the difference.
    The legend as drawn is the legend as planned, and it is drawn over nothing."""
    view = shown_chart(width, height)
    view.set_spec(cost_chart(lang, count))
    qtbot.wait(1)
    plan, drawn = view._legend_plan, view.legend.geometry()
    if plan.mode == fit.BELOW:
        assert abs(drawn.height() - plan.height) <= 1, (plan, drawn)
    if plan.mode == fit.BESIDE:
        assert abs(drawn.width() + view.graphics.ci.layout.horizontalSpacing() - plan.width) <= 1, (plan, drawn)
    assert not legends_over_plots_or_cut(view), legends_over_plots_or_cut(view)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("count", "notes"), [(2, True), (2, False), (3, False)])
def test_the_step_6_cost_legend_shows_on_a_desktop_screen(qtbot, shown_chart, lang: str, count: int,
                                                         notes: bool) -> None:
    """On a 1920 × 1080 screen the step-6 cost chart is 497 × 302 px (277 of it drawn, under its buttons): the manufacturer's two delivery modes ('public
    cloud, on demand', 'public cloud, monthly subscription') were folded behind the Legend button, each column planned
    as wide as the wider name (one per row, two rows) and the plot left too little height. In columns as wide as their
    own names, or beside the plot with the longer name on two lines, they show."""
    view = shown_chart(497, 302)
    view.set_spec(cost_chart(lang, count, notes))
    qtbot.wait(1)
    assert view._legend_plan.mode != fit.HIDDEN, view._legend_plan
    assert view.legend.isVisible()
    assert not legends_over_plots_or_cut(view), legends_over_plots_or_cut(view)
    plot = view.plot(0)
    assert plot.width() >= fit.PLOT_MIN_WIDTH - 1 and plot.vb.height() >= 90, (view._legend_plan, plot.geometry())


def test_the_audit_finds_a_legend_over_its_plot(qtbot, shown_chart) -> None:
    """``legends_over_plots_or_cut``: a legend moved onto its plot is found."""
    view = shown_chart(640, 420)
    view.set_spec(cost_chart("en", 2))
    qtbot.wait(1)
    assert view.legend.isVisible() and not legends_over_plots_or_cut(view)
    view.legend.setPos(view.plot(0).vb.sceneBoundingRect().center())
    assert [f.why for f in legends_over_plots_or_cut(view)] == ["a legend over its plot"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ecommerce_step_6_legend_reads_at_1366_by_768(qtbot, shown_chart, searched_sample, lang: str) -> None:
    """walk-23: the ecommerce sample's step-6 cost chart (497 × 277 on a 1366 × 768 screen) compares six ways of
    paying; in English their form names ('Hybrid: owned baseline + cloud bursts' …) fitted neither beside nor below
    the plot and folded behind 'Legend (6)', and in Chinese too. The legend names them short
    (``delivery.LEGEND_NAMES``) and shows all six, drawn over nothing, the plot keeping its least width."""
    from gpudesk.report.chart_text import localise_spec
    from gpudesk.vocabulary.delivery import LEGEND_NAMES

    plan, _project = searched_sample("ecommerce-recsys")
    spec = localise_spec(plan.phases[0].charts["cost"], lang)
    assert len(spec.series) == 6
    view = shown_chart(497, 277)
    view.set_spec(spec)
    qtbot.wait(1)
    shown = [label.text for _sample, label in view.legend.items]
    assert view._legend_plan.mode != fit.HIDDEN and view.legend.isVisible(), view._legend_plan
    assert shown == [s.name for s in spec.series] and set(shown) <= {n[lang == "zh"] for n in LEGEND_NAMES.values()}
    assert not legends_over_plots_or_cut(view), legends_over_plots_or_cut(view)
    assert view.plot(0).width() >= fit.PLOT_MIN_WIDTH - 1, view.plot(0).geometry()
    assert view.legend_action.text() == view.tr("Legend")  # not 'Legend (6)'
    # a short name never reads as its code with spaces ('GPU rental' for gpu_rental: the window audit's finding)
    assert not [code for code, (en, _zh) in LEGEND_NAMES.items() if en.lower() == code.replace("_", " ")]
