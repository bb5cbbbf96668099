"""The memory chart's legend names each part as the figure tables name it and still shows on a 1366 × 768 laptop.

Named by the figure tables' full names ('运行时开销（CUDA 上下文 + 通信缓冲区）', 'Weights (served weights)'), the
bank sample's memory chart of five searched accelerators (469 × 280 px of chart at 1366 × 768) had no room for its
six names below or beside the plot and folded its legend behind the Legend button, in Chinese and in English. The
legend takes the short name report_<lang>.toml [legend] gives; the hover says the full name."""

from __future__ import annotations

import pytest
from window_walk import language_and_theme

from gpudesk.plotting import fit
from gpudesk.report.chart_text import localise_spec
from gpudesk.report.display_text import display_text

# (phase, chart width): the launch on Ascend 910B (the plan's column and four searched accelerators, six parts) as
# step 2 shows it at 1366 × 768 (469 × 280 px under its buttons); the LoRA pilot's eight parts (weights, gradients,
# optimizer, adapters …) also with the Explain dock open (420 px), where they folded away too
CASES = [(1, 469), (0, 469), (0, 420)]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("phase_index", "width"), CASES)
def test_the_memory_legend_names_figures_and_shows_on_a_laptop(qapp, qtbot, shown_chart, searched_sample, lang,
                                                               phase_index, width):
    plan, _project = searched_sample("bank-llm-assistant")
    phase = plan.phases[phase_index]
    spec = phase.charts["memory_fit"]
    assert len(spec.categories) >= 5, spec.categories
    with language_and_theme(qapp, lang, "light"):
        shown = localise_spec(spec, lang)
        view = shown_chart(width, 305)
        view.set_spec(shown)
        qtbot.wait(1)
        assert view._legend_plan.mode != fit.HIDDEN, (view._legend_plan, [s.name for s in shown.series], spec.categories, view.graphics.width(), view.graphics.height())
        table = display_text(lang)
        for series in shown.series:
            full = table.row_label(series.figure, phase.figures.label(series.figure))
            assert series.figure and series.name == table.legend_label(series.figure, full), (series.name, full)
            if series.style == "bar":  # each part's hover names it in full
                assert all(tip.startswith(full) for tip in series.tooltips or ()), (full, series.tooltips)
