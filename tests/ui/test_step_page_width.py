"""A step page fits beside the step list and the guide on a 1366 × 768 laptop without scrolling sideways.

The English step-7 form (labels such as "Site power for this phase (0 = no limit)" beside their editors, about
560 px) pushed the results column off the page: the page scrolled sideways, the figure table read "2," and "11."
and the roadmap chart was cut at "Roadmap: capaci". A form wider than ``FORM_WRAP_WIDTH`` now puts each label above
its editor. (The window audit does not see it: what a scroll area clips counts as shown.) A few seconds (4-7 s): the window
and its seven pages are built; the audit's own cases take longer.
"""

from __future__ import annotations

from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.wizard.steps import STEPS


def test_no_step_page_scrolls_sideways_on_a_laptop(make_window, catalog) -> None:  # noqa: F811
    from PySide6.QtWidgets import QScrollArea, QStyle

    # the configuration search is left pending: what sets a page's width is its form and its results' minimums
    window = make_window(next(p for p in SAMPLES if p.stem == "bank-llm-assistant"))
    window.resize(1362, 764)  # as the app opens it on a 1366 x 768 laptop: inside the screen with its frame
    sideways = []
    for step in STEPS:
        window.go_to_step(step.number)
        flush()
        page = window.current_page()
        for area in page.findChildren(QScrollArea, "page-scroll"):
            # room for the page's least width even under a vertical scroll bar, which the page gets when the
            # Roadmap dock leaves it short (the English step 6 then scrolled 4 px sideways: 759 px in 755)
            bar = 0 if area.verticalScrollBar().isVisible() else area.style().pixelMetric(
                QStyle.PixelMetric.PM_ScrollBarExtent)
            over = max(area.horizontalScrollBar().maximum(),
                       area.widget().minimumSizeHint().width() - (area.viewport().width() - bar))
            if over > 0:
                sideways.append((step.key, over))
    assert not sideways, f"steps that scroll sideways at 1366 × 768 (key, pixels): {sideways}"


def test_a_form_rebuilt_on_screen_for_another_phase_does_not_scroll_sideways(make_window, catalog) -> None:  # noqa: F811
    """Choosing another phase or workload rebuilds the form of the page on screen. The new form was still hidden
    (Qt shows a child added to a shown widget at the next event-loop turn) when the inputs column took its minimum
    width from the form's size: 71 px, and the guided plan's step-1 inputs scrolled sideways at 1366 × 768 with
    their editors cut ('城市商业银')."""
    window = make_window(next(p for p in SAMPLES if p.stem == "bank-llm-assistant"))
    window.resize(1366, 768)
    window.go_to_step(1)
    flush()
    for phase in (1, 0):
        window.select(phase, 0)  # as the toolbar's phase list does
        flush()
        scroll = window.current_page().inputs_scroll
        assert scroll.minimumWidth() >= window.current_page().form.minimumSizeHint().width(), phase
        assert scroll.horizontalScrollBar().maximum() == 0, phase
