"""Step 5 after an edit: the layout search shows as pending until idle time fills it, never the old figures.

The window estimates an edit without the step-5 layout search (issue 24: what the step on screen needs, first)
and attaches it between events. Right after the edit's estimate, step 5 must say its layout is still being
computed, list no scale.* figure (the previous edit's would be stale) and mark the step pending in the step
list; once the idle work has run, it must show the edited plan's figures, as a fresh estimate gives them.
"""

from __future__ import annotations

from test_shell_support import catalog, flush, make_window, searched_window_at, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.results.pipeline import estimate_plan
from gpudesk.wizard.navigation import PENDING

KEY = "scale.best_tokens_per_s"


def test_an_edit_shows_the_layout_pending_then_the_new_one(make_window, catalog) -> None:  # noqa: F811
    window = searched_window_at(make_window, "bank-llm-assistant", "network")
    page = window.current_page()
    assert KEY in page.figures.figure_model.keys() and not page.pending.isVisible()
    before = page.figures.figure_model.value_text(KEY)

    window.document.set("phases[0].workloads[0].seq_len", 2048)
    window.controller.run_now()  # the edit's estimate, as the window's timer runs it; no idle time yet
    assert page.pending.isVisible()
    assert not [k for k in page.figures.figure_model.keys() if k.startswith("scale.")], \
        "step 5 listed a layout figure before the edited plan's layout search ran"
    assert window.step_list.status["network"] == PENDING
    assert not [c for c in window.controller.estimate.phases[0].checks if c.id.startswith("scaling.")]

    assert window.controller.finish_search()  # the idle work: layout searches, then configuration searches
    flush()
    assert not page.pending.isVisible()
    assert window.step_list.status["network"] != PENDING
    fresh = estimate_plan(window.document.project, catalog, search=False).phases[0].figures
    shown = window.controller.estimate.phases[0].figures
    assert shown.value_at(KEY) == fresh.value_at(KEY)
    assert page.figures.figure_model.value_text(KEY) != before  # the edited plan's, not the old text
