"""The Explain panel shows formulas and source lines in Chinese in the Chinese interface; in English the formula as
the core wrote it, and a derived input's source with its figures named by their labels."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from screenshot_paths import screenshot_folder

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.catalog.store import Catalog
from gpudesk.core.explain import FigureSet
from gpudesk.project.model import Project
from gpudesk.report.display_text import display_text
from gpudesk.report.formula_text import formula_text, named_formula
from gpudesk.report.source_words import source_words
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.fonts import apply_application_font
from gpudesk.ui.i18n import install_language
from gpudesk.ui.widgets.explain_panel import ExplainPanel, explanation_html, figure_labels, formula_html

SHOTS = screenshot_folder("explain-zh")
KEYS = {"memory-total": "mem.total", "time-to-train": "train.time_to_train_days", "tco-5y": "tco.total_5y"}
ZH = formula_text("zh")


@pytest.fixture(scope="module")
def figures() -> FigureSet:
    return estimate_plan(Project(), Catalog.open()).phases[0].figures


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    before = QLocale()
    installed = install_language(QApplication.instance(), "zh")
    yield
    installed.uninstall()
    QLocale.setDefault(before)


@pytest.mark.parametrize("key", KEYS.values())
def test_chinese_explanation_shows_the_chinese_formula_and_sources(figures, key):
    exp = figures.explain(key)
    page = explanation_html(exp, figures, display_text("zh"))
    chinese = ZH.formula(exp.formula)
    assert chinese != exp.formula
    assert f"<span class='formula'>{formula_html(chinese)}</span>" in page
    assert html.escape(exp.formula) not in page
    for q in exp.inputs:
        if q.source.startswith("derived: "):  # the origin column of a derived input: its formula, in Chinese
            assert html.escape("推导：" + ZH.formula(q.source[len("derived: "):])) in page
            assert html.escape(q.source) not in page


@pytest.mark.parametrize("key", KEYS.values())
def test_english_explanation_shows_the_formula_unchanged(figures, key):
    exp = figures.explain(key)
    page = explanation_html(exp, figures, display_text("en"))
    assert f"<span class='formula'>{formula_html(exp.formula)}</span>" in page
    for q in exp.inputs:
        if q.source.startswith("derived: "):  # an input's own formula names its figures by their labels (0e7726ad)
            assert html.escape(named_formula(q.source, figure_labels(exp, figures))) in page
        elif q.source:  # in words (report/source_words.py): the customer's figure, a row's name, a citation's title
            assert html.escape(source_words(q.source, "en", figure_labels(exp, figures))) in page


def test_screenshots_of_chinese_explanations(qtbot, qapp, chinese, figures):
    apply_application_font(qapp)
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.resize(760, 900)
    panel.set_figures(figures)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, key in KEYS.items():
        panel.show_figure(key)
        shown = panel.browser.toPlainText()
        assert ZH.formula(figures.explain(key).formula) in shown
        assert "公式" in shown  # the heading, through the Qt translator
        path = SHOTS / f"{name}.png"
        assert panel.grab().save(str(path))
        assert path.stat().st_size > 20_000


def test_the_typed_measurement_units_read_chinese(chinese, qtbot):
    """The calibration dialog listed '训练单步时间 [s]'; its units read as the rest of the Chinese interface."""
    from gpudesk.ui.calibration.inputs import TypedMeasurement

    form = TypedMeasurement()
    qtbot.addWidget(form)
    items = [form.metric_box.itemText(i) for i in range(form.metric_box.count())]
    assert items[0].endswith("[秒]") and any(i.endswith("[毫秒]") for i in items), items
    assert not any(i.endswith("[s]") or i.endswith("[ms]") for i in items), items


def test_a_formula_sets_its_letters_apart_from_its_digits():
    """The monospace face draws the letter O (output tokens) as the digit 0: "I + (O² + sd(O)²)/(2·O); sd 0" read
    "/(2·0)", a division by zero. One-letter symbols are set in italics, digits and words upright."""
    shown = formula_html("I + (O² + sd(O)²)/(2·O); sd 0: I + O/2, O_max, TPOT")
    assert shown == ("<i>I</i> + (<i>O</i>² + sd(<i>O</i>)²)/(2·<i>O</i>); sd 0: <i>I</i> + <i>O</i>/2, O_max, TPOT")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_explain_panel_sets_the_letter_o_apart_from_the_digit_0(qapp, lang):
    """The formula "I + (O² + sd(O)²)/(2·O) (…; sd 0: I + O/2)" in the Explain panel: in its monospace face the
    italic O and the upright 0 were one width and, in the CJK face's monospace, nearly one shape (product-20's
    screenshot). Set in the panel's text face, the O is wider than the 0 by a fifth or more."""
    from PySide6.QtGui import QFontMetricsF, QTextCursor

    apply_application_font(qapp)
    panel = ExplainPanel()
    exp = FigureSet()
    exp.input("x.i", 1.0, "tokens", "input tokens")
    exp.add("x.mean", 1.0, "tokens", "mean context", "I + (O² + sd(O)²)/(2·O); sd 0: I + O/2", ["x.i"])
    panel.browser.setHtml(explanation_html(exp.explain("x.mean"), exp, display_text(lang)))
    document = panel.browser.document()
    found = document.find("(O")
    assert not found.isNull(), document.toPlainText()
    found.setPosition(found.selectionEnd() - 1)
    found.movePosition(QTextCursor.MoveOperation.NextCharacter, QTextCursor.MoveMode.KeepAnchor)
    assert found.selectedText() == "O"
    font = found.charFormat().font()
    assert font.italic()
    metrics = QFontMetricsF(font)
    letter, digit = metrics.horizontalAdvance("O"), metrics.horizontalAdvance("0")
    assert letter >= 1.2 * digit, (font.family(), font.fixedPitch(), letter, digit)
