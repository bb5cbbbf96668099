"""Why the figures a step page shows as unknown are unknown, in the page's words: the unknown input behind them
(``core.unknown_causes``) and how to supply it. A customer never sees 未知 without its reason."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from gpudesk.core.explain import FigureSet
from gpudesk.core.unknown_causes import CATALOG, QUOTE, USER_INPUT, UnknownCause, unknown_causes
from gpudesk.ui.widgets.session_text import session_text

SHOWN_CAUSES = 3
"""At most this many causes are listed; the rest are counted (each figure's Explain panel names its own)."""
SHOWN_FIGURES = 2


def _figures(figures: FigureSet, keys: tuple[str, ...]) -> str:
    text = session_text()
    names = [text.figure_label(k, figures.label(k)) for k in keys]
    comma = QCoreApplication.translate("UnknownCauses", ", ")
    if len(names) <= SHOWN_FIGURES:
        return comma.join(names)
    more = QCoreApplication.translate("UnknownCauses", "{0} and {1} more")
    return more.format(comma.join(names[:SHOWN_FIGURES]), len(names) - SHOWN_FIGURES)


def _line(cause: UnknownCause) -> str:
    if cause.kind == CATALOG:
        return QCoreApplication.translate("UnknownCauses", "{0} is not published in the catalog: fill it in in the catalog browser (Catalog menu), or choose an option that has it. Unknown until then: {1}.")  # noqa: E501
    if cause.kind == USER_INPUT:
        return QCoreApplication.translate("UnknownCauses", "{0} is not set in the plan: enter it on its step. Unknown until then: {1}.")  # noqa: E501
    if cause.kind == QUOTE:
        return QCoreApplication.translate("UnknownCauses", "{0} is not quoted yet: enter the supplier's quote on step 7 (costs). Unknown until then: {1}.")  # noqa: E501
    return QCoreApplication.translate("UnknownCauses", "{0} has no value yet: the Explain panel shows what it is computed from. Unknown until then: {1}.")  # noqa: E501


def unknown_text(figures: FigureSet, keys: list[str]) -> str:
    """Rich text naming, for the figures of ``keys`` that are unknown, the inputs they lack and how to supply each;
    "" when none is unknown."""
    causes, _unexplained = unknown_causes(figures, keys)
    if not causes:
        return ""
    text = session_text()
    lines = [html.escape(_line(c).format(text.figure_label(c.key, c.label), _figures(figures, c.figures)))
             for c in causes[:SHOWN_CAUSES]]
    if len(causes) > SHOWN_CAUSES:
        more = QCoreApplication.translate("UnknownCauses", "{0} more missing inputs: the Explain panel of each unknown figure names its own.")  # noqa: E501
        lines.append(html.escape(more.format(len(causes) - SHOWN_CAUSES)))
    title = QCoreApplication.translate("UnknownCauses", "Why some figures are unknown")
    return f"<b>{html.escape(title)}</b><br>" + "<br>".join(lines)
