"""The Explain panel: formula, inputs, constants and sources behind a figure."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from gpudesk.core.checks import Check
from gpudesk.core.explain import Explanation, FigureSet, format_value
from gpudesk.core.pitfalls_zh import localise
from gpudesk.report.formula_text import formula_text
from gpudesk.ui.widgets.display_text import DisplayText
from gpudesk.ui.widgets.figure_table import display_value
from gpudesk.ui.widgets.session_text import session_language, session_text


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


def explanation_html(exp: Explanation, figures: FigureSet | None = None, text: DisplayText | None = None) -> str:
    """The explanation as rich text; labels, units, formulas, sources and headings in ``text``'s language
    (default: the session's)."""
    text = text or session_text()
    formulas = formula_text(text.lang)

    def origin(source: str) -> str:
        return html.escape(text.source(formulas.source(source)))

    heads = _headings()
    unit, value = display_value(exp.value, exp.unit, text.lang)
    label = text.figure_label(exp.key, exp.label)
    parts = [f"<h3>{html.escape(label)}</h3>",
             f"<p><b>{html.escape(text.value(value))} {html.escape(text.unit(unit))}</b>"]
    if unit != exp.unit and not isinstance(exp.value, str):
        parts.append(f" <span style='color:gray'>({format_value(exp.value)} {html.escape(text.unit(exp.unit))})</span>")
    parts.append("</p>")
    if exp.formula:
        parts.append(f"<p><i>{html.escape(heads['formula'])}</i><br><code>{html.escape(formulas.formula(exp.formula))}</code></p>")
    if exp.source:
        parts.append(f"<p><i>{html.escape(heads['source'])}</i>: {origin(exp.source)}</p>")
    if exp.inputs:
        headers = (heads["input"], heads["value"], heads["unit"], heads["origin"])
        parts.append("<table cellspacing=0 cellpadding=3 border=1 style='border-collapse:collapse'>")
        parts.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr>")
        for q in exp.inputs:
            derived = figures is not None and q.key in figures and not figures.is_input(q.key)
            q_label = html.escape(text.figure_label(q.key, q.label))
            if derived:
                q_label = f"<a href='fig:{html.escape(q.key)}'>{q_label}</a>"
            q_unit, q_value = display_value(q.value, q.unit)
            parts.append(
                f"<tr><td>{q_label}<br><small>{html.escape(q.key)}</small></td>"
                f"<td align=right>{html.escape(text.value(q_value))}</td>"
                f"<td>{html.escape(text.unit(q_unit))}</td><td><small>{origin(q.source)}</small></td></tr>"
            )
        parts.append("</table>")
    if exp.note:
        parts.append(f"<p><i>{html.escape(heads['note'])}</i>: {html.escape(exp.note)}</p>")
    if figures is not None and exp.key in figures:
        leaves = figures.sources_behind(exp.key)
        cited = sorted({q.source for q in leaves if q.source and q.source != "user input"})
        if cited:
            parts.append(f"<p><i>{html.escape(heads['all_sources'])}</i></p><ul>")
            parts += [f"<li><small>{origin(s)}</small></li>" for s in cited]
            parts.append("</ul>")
    return "".join(parts)


def check_html(check: Check, lang: str | None = None) -> str:
    """A check as rich text, in ``lang`` (default: the session's language)."""
    title, message, fix = localise(check, lang or session_language())
    heads = _headings()
    colour = {"blocker": "#c0392b", "warning": "#b9770e"}.get(check.severity, "#2e86c1")
    numbers = "".join(
        f"<tr><td>{html.escape(str(k))}</td><td align=right>{html.escape(format_value(v) if isinstance(v, (int, float)) else str(v))}</td></tr>"
        for k, v in check.numbers.items()
    )
    return (
        f"<h3 style='color:{colour}'>{html.escape(title)}</h3>"
        f"<p>{html.escape(message)}</p>"
        + (f"<table border=1 cellspacing=0 cellpadding=3 style='border-collapse:collapse'>{numbers}</table>" if numbers else "")
        + f"<p><b>{html.escape(heads['fix'])}</b>: {html.escape(fix)}</p>"
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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.browser)
        self._figures: FigureSet | None = None
        self.current_key = ""
        self.show_hint()

    def show_hint(self) -> None:
        self.browser.setHtml(
            "<p>" + html.escape(self.tr("Select any figure or warning to see its formula, inputs, constants and sources."))
            + "</p>"
        )

    def set_figures(self, figures: FigureSet | None) -> None:
        self._figures = figures
        if self.current_key and figures is not None and self.current_key in figures:
            self.show_figure(self.current_key)

    def show_figure(self, key: str) -> None:
        if self._figures is None or key not in self._figures:
            return
        self.current_key = key
        self.browser.setHtml(explanation_html(self._figures.explain(key), self._figures))

    def show_check(self, check: Check) -> None:
        self.current_key = ""
        self.browser.setHtml(check_html(check))

    def _on_anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("fig:"):
            self.show_figure(text[4:])
            self.figure_requested.emit(text[4:])
