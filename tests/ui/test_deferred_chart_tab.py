"""A chart the window leaves to idle time after an edit: its tab says so, never shows the previous chart.

The gov sample's step 2 opens on its memory-fit chart; the inference chart behind the next tab, like every chart not
on screen, is drawn in idle time after an edit (``results.pipeline.DEFERRED_CHARTS``). Between the edit's estimate and
the idle work the tab must stay (no tab bar re-layout) and say the chart is being drawn, with no plot; after the idle work it must show
what a fresh estimate of the edited plan draws. With that tab open the edit draws the chart at once.
"""

from __future__ import annotations

from test_shell_support import catalog, flush, make_window, searched_window_at, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.report.chart_text import localise_spec
from gpudesk.results.pipeline import DEFERRED_CHARTS, estimate_plan

FIELD = "phases[0].workloads[0].prompt_tokens"


def _fresh_inference(window, catalog):  # noqa: F811
    return localise_spec(estimate_plan(window.document.project, catalog, search=False, layout=False)
                         .phases[0].charts["inference"], "en")


def test_a_hidden_tabs_chart_is_drawn_in_idle_time_and_never_stale(make_window, catalog) -> None:  # noqa: F811
    """Over 2 s (about 8 s at load): it waits for the window's idle work twice (the searches after opening the
    sample, then the deferred chart and the searches after the edit): that idle work is what it tests."""
    window = searched_window_at(make_window, "gov-llm-domestic-accelerator", "gpu")
    page = window.current_page()
    names = list(page.charts)
    inference = page.charts["inference"]
    assert page.chart_on_screen() == "memory_fit" and page.chart_tabs.isTabVisible(names.index("inference"))
    page.chart_tabs.setCurrentIndex(names.index("inference"))
    old = inference.spec
    page.chart_tabs.setCurrentIndex(names.index("memory_fit"))

    window.document.set(FIELD, window.document.get(FIELD) * 2)
    window.controller.run_now()  # the edit's estimate; no idle time yet
    # every chart but the one on screen, the inference chart among them, and the roadmap's timeline (its dock hidden)
    assert window.controller.estimate.phases[0].deferred_charts == (
        *(c for c in DEFERRED_CHARTS if c != "memory_fit"), "timeline")
    assert page.chart_tabs.isTabVisible(names.index("inference")), "the tab came and went"
    page.chart_tabs.setCurrentIndex(names.index("inference"))
    assert inference.pending and inference.spec is None, "the previous edit's chart was shown"
    assert any("Drawing" in text for text in inference.visible_texts())

    assert window.controller.finish_search()
    flush()
    assert not inference.pending and inference.spec == _fresh_inference(window, catalog) != old

    # with the tab open, the next edit draws it at once
    window.document.set(FIELD, window.document.get(FIELD) * 2)
    window.controller.run_now()
    assert "inference" not in window.controller.estimate.phases[0].deferred_charts
    assert inference.spec == _fresh_inference(window, catalog)
