"""The Explain panel: formula, inputs, constants and sources behind a figure."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Container

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from gpudesk.core.applicability import not_applicable
from gpudesk.core.checks import Check
from gpudesk.core.explain import Explanation, FigureSet, Quantity
from gpudesk.report.check_text import localise
from gpudesk.report.display_text import DisplayText, display_text
from gpudesk.report.display_units import NOT_APPLICABLE, display_value, plain_number
from gpudesk.report.formula_text import formula_text, named_formula
from gpudesk.report.series_text import per_month_total_unit, series_basis, series_value
from gpudesk.report.source_words import source_words
from gpudesk.ui.status_style import BLOCKED, DARK, INFO, LIGHT, WARNING, is_dark
from gpudesk.ui.widgets.field_units import SINGULAR_UNITS
from gpudesk.ui.widgets.figure_table import pending_label, pending_word, remember_text
from gpudesk.ui.widgets.session_text import session_language, session_text

EXACT_IN_DISPLAY = ("fraction", "bool")
"""Units whose displayed form says the stored value exactly (a share as a percentage, yes or no): no raw value in
brackets after them ("100 % (1 fraction)")."""


def _headings() -> dict[str, str]:
    """Headings of an explanation in the session language (literal texts, so the extractor finds them)."""
    return {
        "formula": QCoreApplication.translate("ExplainPanel", "Formula"),
        "source": QCoreApplication.translate("ExplainPanel", "Source"),
        "input": QCoreApplication.translate("ExplainPanel", "Input"),
        "value": QCoreApplication.translate("ExplainPanel", "Value"),
        "unit": QCoreApplication.translate("ExplainPanel", "Unit"),
        "origin": QCoreApplication.translate("ExplainPanel", "Where it comes from"),
        "note": QCoreApplication.translate("ExplainPanel", "Note"),
        "all_sources": QCoreApplication.translate("ExplainPanel", "All sources behind this figure"),
        "fix": QCoreApplication.translate("ExplainPanel", "Fix"),
    }


_SYMBOL = re.compile(r"(?<![A-Za-z_\d])([A-Z])(?![A-Za-z_\d])")


def formula_html(formula: str) -> str:
    """A formula as rich text, its one-letter symbols in italics as mathematics sets them: "(O² + sd(O)²)/(2·O); sd 0"
    must not read as a division by zero ("/(2·0)"), nor I as 1. Set in the text's own (proportional) face, where O is
    round and wide and 0 narrow and oval; a monospace face gives both one width and, in WenQuanYi Micro Hei Mono (the
    bundled CJK face, which sets Chinese formulas), nearly one shape, italic or not (``FORMULA_STYLE``)."""
    return _SYMBOL.sub(r"<i>\1</i>", html.escape(formula))


FORMULA_STYLE = "formula"
"""How a formula is set in the Explain panel: a paragraph of the panel's text face, not ``<code>`` (monospace), so that
the letter O and the digit 0 differ in width and shape (tests/ui/test_formula_zh.py measures them)."""


def explanation_html(exp: Explanation, figures: FigureSet | None = None, text: DisplayText | None = None) -> str:
    """The explanation as rich text; labels, units, formulas, sources and headings in ``text``'s language
    (default: the session's)."""
    text = text or session_text()
    formulas = formula_text(text.lang)

    worded_labels = figure_labels(exp, figures) if text.lang == "en" else translated_labels(exp, figures, text)

    def origin(source: str) -> str:  # in words: the row and field, the citation's title, the constant's source
        shown = source_words(source, text.lang, worded_labels)
        if text.lang == "en" and shown.startswith(DERIVED):  # an input's own formula: its figures by their labels
            shown = named_formula(shown, figure_labels(exp, figures))
        return CONSTANT_NAMES.sub(r"<span style='color:gray'>\1</span>", html.escape(powers_of_ten(shown)))

    heads = _headings()
    inapplicable = not_applicable(figures, exp.key) if figures is not None else ""
    value, unit = (text.value(NOT_APPLICABLE), "") if inapplicable else _shown(exp, text)
    label = text.row_label(exp.key, exp.label)  # a heading: "Time to train", as the table's row
    parts = [f"<h3>{html.escape(label)}</h3>",
             f"<p><b>{html.escape(value)} {html.escape(unit)}</b>"]
    stored = text.unit(exp.unit)
    if inapplicable:  # why, in place of the 0 it was computed as (a serving phase's checkpoint size)
        parts.append(f" <span style='color:gray'>({html.escape(text.not_applicable(inapplicable))})</span>")
    elif exp.series:  # a figure over the phase's months: what its value is (a running total, every month, a range)
        per_month = per_month_total_unit(exp.unit)
        basis = series_basis(exp.series, exp.over, _number_shown(exp.unit, text),
                             _number_shown(per_month, text) if per_month else None, text.lang)
        parts.append(f" <span style='color:gray'>({html.escape(basis)})</span>")
    elif unit not in (stored, SINGULAR_UNITS.get(stored)) and isinstance(exp.value, float) \
            and math.isfinite(exp.value) and exp.vocabulary is None and exp.unit not in EXACT_IN_DISPLAY:
        parts.append(f" <span style='color:gray'>({plain_number(exp.value)} {html.escape(text.unit(exp.unit))})</span>")
    parts.append("</p>")
    if exp.formula:
        formula = powers_of_ten(formulas.formula(exp.formula))
        if text.lang == "en":  # the figures a formula names as code by their labels (Chinese: the translation's words)
            formula = named_formula(formula, figure_labels(exp, figures))
        else:  # a figure key a translation keeps ('… + infer.prefill_wait_s)') by its label in the language
            formula = named_formula(formula, translated_labels(exp, figures, text), spaced=False)
        parts.append(f"<p><i>{html.escape(heads['formula'])}</i><br><span class='{FORMULA_STYLE}'>{formula_html(formula)}"
                     "</span></p>")
    if exp.source:
        parts.append(f"<p><i>{html.escape(heads['source'])}</i>: {origin(exp.source)}</p>")
    if exp.inputs:
        headers = (heads["input"], heads["value"], heads["unit"], heads["origin"])
        parts.append("<table width=100% cellspacing=0 cellpadding=3 border=1 style='border-collapse:collapse'>")
        widths = (f" width={INPUT_COLUMN_SHARE}%", "", "", "")
        parts.append("<tr>" + "".join(f"<th{w}>{html.escape(h)}</th>" for w, h in zip(widths, headers)) + "</tr>")
        for q in exp.inputs:
            derived = figures is not None and q.key in figures and not figures.is_input(q.key)
            q_label = html.escape(text.row_label(q.key, q.label))  # a cell: as the figure tables
            if derived:
                q_label = f"<a href='fig:{html.escape(q.key)}'>{q_label}</a>"
            q_value, q_unit = (text.value(NOT_APPLICABLE), "") if figures is not None and \
                not_applicable(figures, q.key) else _shown(q, text)  # as its own row reads: never 0 GB/s
            parts.append(
                f"<tr><td>{q_label}<br><small style='color:gray'>{code_breaks(html.escape(q.key))}</small></td>"
                f"<td align=right style='white-space:nowrap'>{html.escape(q_value)}</td>"
                f"<td>{html.escape(q_unit)}</td><td><small>{origin(q.source)}</small></td></tr>"
            )
        parts.append("</table>")
    if exp.note:
        parts.append(f"<p><i>{html.escape(heads['note'])}</i>: {html.escape(formulas.note(exp.note))}</p>")
    if figures is not None and exp.key in figures:
        leaves = figures.sources_behind(exp.key)
        cited = sorted({q.source for q in leaves if q.source and q.source != "user input"})
        if cited:
            parts.append(f"<p><i>{html.escape(heads['all_sources'])}</i></p><ul>")
            parts += [f"<li><small>{origin(s)}</small></li>" for s in cited]
            parts.append("</ul>")
    return "".join(parts)


def translated_labels(exp: Explanation, figures: FigureSet | None, text: DisplayText) -> Callable[[str], str | None]:
    """The label in ``text``'s language of a figure a formula names by its whole key (an input of the explanation or
    a figure of the phase); None for any other name, which the translated formula keeps as it is."""
    own = {q.key: q.label for q in exp.inputs}

    def label(code: str) -> str | None:
        english = own.get(code) or (figures.label(code) if figures is not None and code in figures else None)
        return text.figure_label(code, english) if english else None
    return label


def figure_labels(exp: Explanation, figures: FigureSet | None) -> Callable[[str], str | None]:
    """The English label of a figure a formula names (its key, or the key's last part): one of the explanation's
    inputs first, then a figure of the phase, nearest the explained figure's own prefix."""
    own = {q.key: q.label for q in exp.inputs}
    keys = figures.keys() if figures is not None else []
    prefix = exp.key.rsplit(".", 1)[0] + "."
    named = display_text("en").figure_label  # the figure's one English name, the tables' and the proposal's

    def label(code: str) -> str | None:
        if code in own:
            return named(code, own[code])
        if figures is not None and code in figures:
            return named(code, figures.label(code))
        ends = [k for k in own if k.rsplit(".", 1)[-1] == code] or [k for k in own if code in k.split(".")]
        if ends:  # an input's key ends in the name, or holds it as a part (delivery.billed_gpus.cloud)
            return named(ends[0], own[ends[0]])
        ends = sorted((k for k in keys if k.endswith("." + code)), key=lambda k: (not k.startswith(prefix), k))
        return named(ends[0], figures.label(ends[0])) if ends and figures is not None else None
    return label


CONSTANT_NAMES = re.compile(r"((?:\s?[(（][A-Z][A-Z0-9]*_[A-Z0-9_]*(?:\.[a-z]+)?[)）])+)$")
"""The names of the constants a source quotes, trailing it (report/source_words.py): set in grey, after the words a
reader reads (the source's text), for an expert who looks a constant up."""
DERIVED = "derived:"
"""How the core's source line of a derived figure begins, its formula after it."""
INPUT_COLUMN_SHARE = 36
"""Per cent of the inputs table's width its Input column keeps, so that a label's longest word fits whole in the
~290 px dock at 1366×768 (the four columns shared it by their contents, and 'communication on the critical path'
broke as 'communica' / 'tion')."""
_CODE_BREAK = re.compile(r"([._])")


def code_breaks(code: str) -> str:
    """A figure key with a break opportunity (a zero-width space) after each '.' and '_': in a narrow column it
    wrapped anywhere ('train.compu' / 'te_time_s'), now between its parts ('train.compute_' / 'time_s')."""
    return _CODE_BREAK.sub("\\1\u200b", code)


_E_NOTATION = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)e([+-]?\d+)(?![\w.])")
_SUPERSCRIPT = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")


_TIMES = re.compile(r"(?<=\S) x (?=\S)")
"""A product written with the letter x between spaces ('billed GPUs x hours per month'): 14 Chinese and 91 English
formulas were written so, the other 236 with ×, and a reader took '计费 GPU 数 x 需求倍数' for a variable x."""


def powers_of_ten(formula: str) -> str:
    """A formula's constants and products as a reader writes them: "/ 1e9" -> "/ 10⁹", "2.5e-3" -> "2.5×10⁻³",
    "a x b" -> "a × b"."""

    def render(match: re.Match[str]) -> str:
        mantissa, exponent = match.group(1), str(int(match.group(2))).translate(_SUPERSCRIPT)
        return f"10{exponent}" if mantissa in ("1", "1.0") else f"{mantissa}×10{exponent}"

    return _TIMES.sub(" × ", _E_NOTATION.sub(render, formula))


def _shown(figure: Explanation | Quantity, text: DisplayText) -> tuple[str, str]:
    """A value and its unit as the figure table shows them: words for categories (the figure's vocabulary),
    readable units, unknown."""
    named = figure.worded(text.lang)
    if named is not None:
        return named, ""
    if figure.series:
        return series_value(figure.series, figure.over, _number_shown(figure.unit, text))
    shown_unit, shown = display_value(figure.value, figure.unit, text.lang)
    unit = text.unit(shown_unit)
    if shown == "1" and not text.translates:  # "1 GPU", not "1 GPUs"
        unit = SINGULAR_UNITS.get(unit, unit)
    return text.value(shown), unit


def _number_shown(unit: str, text: DisplayText) -> Callable[[float], tuple[str, str]]:
    """A number of ``unit`` as the panel shows one: readable units, in ``text``'s language."""
    def shown(value: float) -> tuple[str, str]:
        shown_unit, number = display_value(value, unit, text.lang)
        return text.value(number), text.unit(shown_unit)
    return shown


def check_html(check: Check, lang: str | None = None, dark: bool = False) -> str:
    """A check as rich text, in ``lang`` (default: the session's language)."""
    title, message, fix = localise(check, lang or session_language())
    heads = _headings()
    colours = DARK if dark else LIGHT  # 4.5:1 or better on the theme's base colour
    colour = {"blocker": colours[BLOCKED], "warning": colours[WARNING]}.get(check.severity, colours[INFO])
    # the message states the check's numbers in words; its raw parameters (check.numbers) stay internal
    return (
        f"<h3 style='color:{colour}'>{html.escape(title)}</h3>"
        f"<p>{html.escape(message)}</p>"
        f"<p><b>{html.escape(heads['fix'])}</b>: {html.escape(fix)}</p>"
    )


class ExplainPanel(QWidget):
    """Shows one explanation; links to derived inputs drill down."""

    figure_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_anchor)
        self.browser.setAccessibleName(self.tr("Explanation"))
        self.browser.setProperty("codes-shown", True)  # figure keys in small print under each input's label
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.browser)
        self._figures: FigureSet | None = None
        self._pending: Container[str] = ()
        self.current_key = ""
        self.show_hint()

    def show_hint(self) -> None:
        self.browser.setHtml(
            "<p>" + html.escape(self.tr("Select any figure or warning to see its formula, inputs, constants and sources."))
            + "</p>"
        )

    def set_figures(self, figures: FigureSet | None, pending: Container[str] = ()) -> None:
        """The latest estimate's figures; ``pending``: those being computed (``figure_table.PendingFigures``): the
        figure shown, when pending, says so until it is computed, never its previous explanation."""
        self._figures = figures
        self._pending = pending
        if self.current_key and figures is not None and (self.current_key in figures or self.current_key in pending):
            self.show_figure(self.current_key)

    def show_figure(self, key: str) -> None:
        if self._figures is not None and key not in self._figures and key in self._pending:
            self.current_key = key
            text = session_text()
            label = (pending_label(key, text) or (key, ""))[0]
            self.browser.setHtml(f"<h3>{html.escape(label)}</h3><p><i>{html.escape(pending_word(text.lang))}</i></p>")
            return
        if self._figures is None or key not in self._figures:
            return
        self.current_key = key
        remember_text(self._figures, key)  # named by it while it is computed again (a cost figure after an edit)
        self.browser.setHtml(explanation_html(self._figures.explain(key), self._figures))

    def show_check(self, check: Check) -> None:
        self.current_key = ""
        self.browser.setHtml(check_html(check, dark=is_dark(self.palette())))

    def _on_anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("fig:"):
            self.show_figure(text[4:])
            self.figure_requested.emit(text[4:])
