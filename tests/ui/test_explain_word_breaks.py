"""The Explain panel's inputs table in the ~290 px dock of a 1366×768 window breaks a label between words, and a
figure key between its parts, never inside a word: 'communication on the critical path' read 'communica' / 'tion',
'train.compute_time_s' read 'train.compu' / 'te_time_s' (looks-17, left)."""

from __future__ import annotations

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.report.display_text import display_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.fonts import apply_application_font
from gpudesk.ui.widgets.explain_panel import ExplainPanel


def broken_words(document, wanted: list[str]) -> list[str]:
    """Lines of the blocks that hold one of ``wanted`` that end inside a word ('communica|tion')."""
    out = []
    block = document.begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        if any(w in text for w in wanted):
            for i in range(layout.lineCount() - 1):
                line = layout.lineAt(i)
                end = line.textStart() + line.textLength()
                if 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
                    out.append(f"{text[max(0, end - 12):end]}|{text[end:end + 8]}")
        block = block.next()
    return out


def test_input_labels_and_keys_break_between_words_in_a_narrow_dock(qtbot, qapp) -> None:
    apply_application_font(qapp)
    figures = estimate_plan(Project(), Catalog.open()).phases[0].figures
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 700)
    panel.show()
    panel.set_figures(figures)
    text = display_text("en")
    for key in ("train.step_time_s", "train.mfu"):
        panel.show_figure(key)
        inputs = figures.explain(key).inputs
        labels = [text.row_label(q.key, q.label) for q in inputs]  # as the inputs table's cells read them
        assert "Exposed communication per step" in labels or key != "train.step_time_s"
        assert not broken_words(panel.browser.document(), labels), key
