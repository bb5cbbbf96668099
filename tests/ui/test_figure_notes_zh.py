"""Every note a figure carries reads in Chinese in the Chinese Explain panel (issue 21).

The core writes a figure's note in English (``FigureSet.add(note=…)``: "the catalog has no idle power for this
server"); ``formulas_<lang>.toml`` ``[note]`` holds its words by the figure's id and the Explain panel shows them
in the reader's language. Walks every figure of every shipped sample's estimate (phases and roadmap)."""

from __future__ import annotations

import pytest
from test_i18n_support import english_words

from gpudesk.paths import samples_dir
from gpudesk.report.display_text import display_text
from gpudesk.report.formula_text import formula_text
from gpudesk.text_catalogues import catalogue
from gpudesk.ui.widgets.explain_panel import explanation_html

SAMPLES = sorted(p.stem for p in samples_dir().glob("*.gpudesk"))
ZH = formula_text("zh")
MATHS = frozenset("d m N".split())  # variable letters the notes share with the formulas (d: data parallel, m: micro-batches)


def notes_of(plan) -> dict[str, str]:
    """Every figure note of an estimate (phases and roadmap), by ``"<phase>:<key>"``."""
    sets = [(str(p.index), p.figures) for p in plan.phases] + ([("roadmap", plan.roadmap)] if plan.roadmap else [])
    return {f"{where}:{key}": note for where, figures in sets for key in figures.keys()
            if (note := figures.explain(key).note)}


@pytest.mark.parametrize("stem", SAMPLES)
def test_every_note_of_a_sample_reads_in_chinese(stem, searched_sample) -> None:
    plan, _project = searched_sample(stem)
    notes = notes_of(plan)
    missing = {where: note for where, note in notes.items() if ZH.lookup_note(note) is None}
    assert not missing, f"{stem}: notes without a Chinese entry in formulas_zh.toml [note]: {missing}"
    english = {where: words for where, note in notes.items()
               if (words := english_words(ZH.note(note), MATHS))}
    assert not english, f"{stem}: English left in Chinese notes: {english}"


def test_the_walk_finds_notes(searched_sample) -> None:
    """The walk above reads notes at all: the bank's plan prices servers the catalog gives no power for."""
    notes = notes_of(searched_sample("bank-llm-assistant")[0])
    assert any(key.endswith(":power.server_idle_kw") for key in notes), sorted(notes)


def test_every_catalogued_note_has_chinese_without_english() -> None:
    english, chinese = catalogue("formulas", "en")["note"], catalogue("formulas", "zh")["note"]
    assert set(english) == set(chinese)
    for note_id, text in english.items():
        shown = ZH.note(text.replace("{0}", "1"))
        assert shown == chinese[note_id].replace("{0}", "1"), note_id
        assert not english_words(shown, MATHS), (note_id, shown)


def test_the_explain_panel_shows_the_note_in_the_reader_language(searched_sample, qapp) -> None:
    plan, _project = searched_sample("bank-llm-assistant")
    phase = next(p for p in plan.phases if "power.server_idle_kw" in p.figures
                 and p.figures.explain("power.server_idle_kw").note)
    exp = phase.figures.explain("power.server_idle_kw")
    zh = explanation_html(exp, phase.figures, display_text("zh"))
    en = explanation_html(exp, phase.figures, display_text("en"))
    assert "目录中没有这款服务器的空闲功耗" in zh and exp.note not in zh
    assert exp.note in en
