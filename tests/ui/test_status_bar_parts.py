"""The status bar's line at 1366 x 768 is shortened by whole parts, never inside an amount: product-20 found it cut
on long phases ('5-year TCO (owned): 6,096,40…' reads as another number than the plan's). What does not fit is in
its tool tip, whole."""

from __future__ import annotations

import pytest
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401
from window_walk import language_and_theme

from gpudesk.ui.summary import SUMMARY_SEPARATOR
from gpudesk.ui.widgets.elided_label import ELLIPSIS, ElidedLabel


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_status_line_ends_after_a_whole_part(make_window, qapp, lang):  # noqa: F811
    path = next(p for p in SAMPLES if p.stem == "gov-llm-domestic-accelerator")
    with language_and_theme(qapp, lang, "light"):
        window = make_window(path, lang=lang)
        window.resize(1366, 768)
        window.controller.run_now()
        window.controller.finish_search(timeout_ms=120_000)
        flush()
        label = window.findChild(ElidedLabel, "summary")
        elided = 0
        for phase in range(len(window.document.project.phases)):
            window.select(phase, 0)
            for width in (1366, 1100):  # a laptop, and the window beside another
                window.resize(width, 768)
                flush()
                text, shown = label.text(), label.shown_text()
                parts = text.split(SUMMARY_SEPARATOR)
                if shown == text:
                    continue
                elided += 1
                assert shown.endswith(SUMMARY_SEPARATOR + ELLIPSIS), shown
                kept = shown.removesuffix(SUMMARY_SEPARATOR + ELLIPSIS).split(SUMMARY_SEPARATOR)
                assert kept == parts[:len(kept)], (kept, parts)  # each part shown whole, in order
                assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
                assert label.toolTip() == text  # the whole line on hover
        assert elided  # the case this test is about did occur
