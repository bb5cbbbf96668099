"""A step form rebuilt on screen fits beside the step list and the guide on a 1366 × 768 laptop without scrolling sideways.

The English step-7 form (labels such as "Site power for this phase (0 = no limit)" beside their editors, about
560 px) pushed the results column off the page: the page scrolled sideways, the figure table read "2," and "11."
and the roadmap chart was cut at "Roadmap: capaci". A form wider than ``FORM_WRAP_WIDTH`` now puts each label above
its editor. (The window audit's text checks do not see it: what a scroll area clips counts as shown.) That no step
page scrolls sideways is read off the window audit's walks of the bank sample on the laptop
(tests/ui/test_window_fits.py ``test_no_step_page_scrolls_sideways_on_a_laptop``), which open that window anyway.
"""

from __future__ import annotations

import pytest
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


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


def test_a_long_name_shows_its_beginning(make_window) -> None:  # noqa: F811
    """Step 1 on a laptop read the bank plan's name as '国区云上试点，国产昇腾上线与扩容' and its phase's as 'oRA 微调（AWS
    中国宁夏区域）': the ends of both. The form put the cursor at the start, then set the field's maximum length,
    which sets the text again and moves the cursor to its end."""
    from PySide6.QtWidgets import QLineEdit

    window = make_window(next(p for p in SAMPLES if p.stem == "bank-llm-assistant"))
    window.go_to_step(1)
    flush()
    names = {e.objectName(): e for e in window.current_page().form.findChildren(QLineEdit)}
    for path in ("meta.name", "phases[0].name"):
        assert names[path].cursorPosition() == 0, (path, names[path].cursorPosition(), len(names[path].text()))
