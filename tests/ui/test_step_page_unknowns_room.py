"""A step page's right column is as tall as it needs at its width: on a 1920 × 1080 screen (the window opens at
1440 × 900) step 7 of the manufacturer sample wraps 'Why some figures are unknown' to three lines, which Qt counted as
one, so the figures-over-charts splitter got 443 px of its 473 px minimum and the power chart (300 px, in a 272 px tab)
lost its rack label 'R01' under the text, in English and Chinese (walk-26). The column (``MinimumForWidth``) asks its
layout's minimum at its width; the page scrolls where the window is shorter."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QSplitter
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401
from window_walk import language_and_theme

from gpudesk.plotting.view import ChartView
from gpudesk.ui.screen_fit import fit_to_screen


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_charts_get_their_room_under_a_wrapped_reason(make_window, qapp, lang):  # noqa: F811
    with language_and_theme(qapp, lang, "light"):
        desktop = next(s for s in QApplication.screens() if s.name() == "2-desktop")
        window = make_window(next(p for p in SAMPLES if p.stem.startswith("manufacturer")), lang=lang, screen=desktop)
        fit_to_screen(window, 1440, 900)
        window.controller.run_now()
        assert window.controller.finish_search(timeout_ms=120_000)
        flush()
        window.go_to_step(7)
        flush()
        page = window.current_page()
        assert page.unknowns.isVisible() and page.unknowns.height() > page.unknowns.minimumSizeHint().height()
        results = page.figures.parentWidget()
        assert isinstance(results, QSplitter)
        assert results.height() >= results.minimumSizeHint().height(), (results.height(), results.minimumSizeHint())
        views = [v for v in page.findChildren(ChartView) if v.isVisible()]
        assert views
        for view in views:
            holder, tab_page = view.parentWidget(), view.parentWidget().parentWidget()
            assert holder.height() <= tab_page.height(), (view.spec.kind, holder.height(), tab_page.height())
