"""The Explain panel: formula, inputs, constants and sources behind a figure."""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from gpudesk.core.checks import Check
from gpudesk.core.explain import Explanation, FigureSet, format_value
from gpudesk.ui.widgets.figure_table import display_value


def explanation_html(exp: Explanation, figures: FigureSet | None = None) -> str:
    unit, value = display_value(exp.value, exp.unit)
    parts = [f"<h3>{html.escape(exp.label)}</h3>", f"<p><b>{html.escape(value)} {html.escape(unit)}</b>"]
    if unit != exp.unit and not isinstance(exp.value, str):
        parts.append(f" <span style='color:gray'>({format_value(exp.value)} {html.escape(exp.unit)})</span>")
    parts.append("</p>")
    if exp.formula:
        parts.append(f"<p><i>Formula</i><br><code>{html.escape(exp.formula)}</code></p>")
    if exp.source:
        parts.append(f"<p><i>Source</i>: {html.escape(exp.source)}</p>")
    if exp.inputs:
        parts.append("<table cellspacing=0 cellpadding=3 border=1 style='border-collapse:collapse'>")
        parts.append("<tr><th>Input</th><th>Value</th><th>Unit</th><th>Where it comes from</th></tr>")
        for q in exp.inputs:
            derived = figures is not None and q.key in figures and not figures.is_input(q.key)
            label = html.escape(q.label)
            if derived:
                label = f"<a href='fig:{html.escape(q.key)}'>{label}</a>"
            q_unit, q_value = display_value(q.value, q.unit)
            parts.append(
                f"<tr><td>{label}<br><small>{html.escape(q.key)}</small></td><td align=right>{html.escape(q_value)}</td>"
                f"<td>{html.escape(q_unit)}</td><td><small>{html.escape(q.source)}</small></td></tr>"
            )
        parts.append("</table>")
    if exp.note:
        parts.append(f"<p><i>Note</i>: {html.escape(exp.note)}</p>")
    if figures is not None and exp.key in figures:
        leaves = figures.sources_behind(exp.key)
        cited = sorted({q.source for q in leaves if q.source and q.source != "user input"})
        if cited:
            parts.append("<p><i>All sources behind this figure</i></p><ul>")
            parts += [f"<li><small>{html.escape(s)}</small></li>" for s in cited]
            parts.append("</ul>")
    return "".join(parts)


def check_html(check: Check) -> str:
    colour = {"blocker": "#c0392b", "warning": "#b9770e"}.get(check.severity, "#2e86c1")
    numbers = "".join(
        f"<tr><td>{html.escape(str(k))}</td><td align=right>{html.escape(format_value(v) if isinstance(v, (int, float)) else str(v))}</td></tr>"
        for k, v in check.numbers.items()
    )
    return (
        f"<h3 style='color:{colour}'>{html.escape(check.title)}</h3>"
        f"<p>{html.escape(check.message)}</p>"
        + (f"<table border=1 cellspacing=0 cellpadding=3 style='border-collapse:collapse'>{numbers}</table>" if numbers else "")
        + f"<p><b>Fix</b>: {html.escape(check.fix)}</p>"
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
