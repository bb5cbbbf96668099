"""Why the figures a step page shows as unknown are unknown, in the page's words: the unknown inputs behind them
(``core.unknown_causes``), one line per kind of gap (not published in the catalog, not set in the plan, not quoted
yet), each naming how to supply them and the figures they leave unknown. A customer never sees 未知 without its
reason."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from gpudesk.core.explain import FigureSet
from gpudesk.core.unknown_causes import CATALOG, OTHER, QUOTE, USER_INPUT, UnknownCause, unknown_causes
from gpudesk.ui.widgets.session_text import session_text

SHOWN_NAMES = 3
"""At most this many inputs or figures are named in a line; the rest are counted (each unknown figure's Explain
panel names its own cause)."""


def _names(names: list[str]) -> str:
    comma = QCoreApplication.translate("UnknownCauses", ", ")
    names = list(dict.fromkeys(names))
    if len(names) <= SHOWN_NAMES:
        return comma.join(names)
    more = QCoreApplication.translate("UnknownCauses", "{0} and {1} more")
    return more.format(comma.join(names[:SHOWN_NAMES]), len(names) - SHOWN_NAMES)


def _line(kind: str) -> str:
    if kind == CATALOG:
        return QCoreApplication.translate("UnknownCauses", "Not published in the catalog: {0}. Fill them in in the catalog browser (Catalog menu), or choose an option that has them. Unknown until then: {1}.")  # noqa: E501
    if kind == USER_INPUT:
        return QCoreApplication.translate("UnknownCauses", "Not set in the plan: {0}. Enter them on their steps. Unknown until then: {1}.")  # noqa: E501
    if kind == QUOTE:
        return QCoreApplication.translate("UnknownCauses", "Awaiting a quote: {0}. Enter the supplier's quote on step 7 (costs). Unknown until then: {1}.")  # noqa: E501
    return QCoreApplication.translate("UnknownCauses", "No value yet: {0}. The Explain panel shows what each is computed from. Unknown until then: {1}.")  # noqa: E501


def unknown_text(figures: FigureSet, keys: list[str]) -> str:
    """Rich text naming, for the figures of ``keys`` that are unknown, the inputs they lack and how to supply them;
    "" when none is unknown."""
    causes, _unexplained = unknown_causes(figures, keys)
    if not causes:
        return ""
    text = session_text()
    lines = []
    for kind in (CATALOG, USER_INPUT, QUOTE, OTHER):
        of_kind: list[UnknownCause] = [c for c in causes if c.kind == kind]
        if not of_kind:
            continue
        inputs = [text.figure_label(c.key, c.label) for c in of_kind]
        shown = [text.figure_label(k, figures.label(k)) for c in of_kind for k in c.figures]
        lines.append(html.escape(_line(kind).format(_names(inputs), _names(shown))))
    title = QCoreApplication.translate("UnknownCauses", "Why some figures are unknown")
    return f"<b>{html.escape(title)}</b><br>" + "<br>".join(lines)
