"""A chart's title fitted to its width: whole on one line; else on two whole lines (before the parentheses it ends
in, or at a space); else shortened with "…", its closing parentheses kept whole and the whole title its tool tip.
The English what-if chart at 1366 × 768 read 'What moves cost of t… (plan: 34,912 USD)' where two lines held it."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from PySide6 import QtGui

from gpudesk.plotting import fit

if TYPE_CHECKING:
    from gpudesk.plotting.view import ChartView

ROW_TITLE = 0
"""The title's row in the chart's layout (``arrange`` lays out the rest below it)."""
TRAILING_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]$")
"""The parentheses a title ends with: kept whole where the title is too long for its chart (``title_lines``)."""
TITLE_HEAD_MIN = 4
"""Letters a title's head keeps before its parentheses on one line; fewer: the parentheses take a second line."""


def set_title(view: ChartView, text: str, colour: str) -> None:
    """The chart's title fitted to the chart's width (``title_lines``, a narrow tab on a laptop); an untitled chart
    (one whose frame names it, the Roadmap dock) gives its row to the plot."""
    label = view._title
    label.gpudesk_full_title = text
    # the layout's margins (8 + 12 px) and the text's own (4 + 4 px) and a little air: shortened to ``width - 24``,
    # the title still set a minimum wider than the chart and the view showed the chart's left part only
    width = view.width() - 36
    fitted = (text, colour, width, view.font().key())
    if getattr(label, "gpudesk_fitted", None) == fitted and label.text == getattr(label, "gpudesk_shown", None):
        return  # fitted to this width and font already, and shown as fitted (an edit's update: 0.1 ms, issue 24)
    if text and width > 0:
        font = QtGui.QFont(view.font())
        font.setPointSizeF(12)
        font.setBold(True)
        plain, metrics = html.unescape(text), QtGui.QFontMetricsF(font)
        lines = title_lines(plain, metrics, width)
        shown = [fit.elide(line, metrics, width) for line in lines]
        cut = "".join(shown).replace(" ", "") != plain.replace(" ", "")  # (the lines lose the space between them)
        label.setToolTip(plain if cut else "")  # shortened: the whole title on hover
        text = "<br>".join(html.escape(line) for line in shown)
    if label.text != text or label.opts.get("color") != colour:  # each set re-lays out the whole chart
        label.setText(text, color=colour)
    view._set_row(label, ROW_TITLE, bool(text))
    label.gpudesk_fitted, label.gpudesk_shown = fitted, label.text


def refit_title(view: ChartView) -> None:
    """The title fitted again to the chart's width now."""
    full = getattr(view._title, "gpudesk_full_title", None)
    if full:
        set_title(view, full, view._title.opts.get("color") or view._theme.foreground)


def title_lines(title: str, metrics: QtGui.QFontMetricsF, width: float) -> list[str]:
    """A title as its lines: one when it fits; two whole ones where they fit, broken before the parentheses it ends in
    (the what-if chart's "(plan: 34,912 USD)") or, without them, at the space that leaves the shorter longest line;
    else one line whose head is shortened when it ends in parentheses that must stay whole (the what-if chart's
    "(plan: 115.6 万元 + 4 项待询价)": its unpriced marker was cut to "…" at 1366 × 768); the parentheses on a second
    line where the head would keep less than ``TITLE_HEAD_MIN`` letters."""
    if metrics.horizontalAdvance(title) <= width:
        return [title]
    aside = TRAILING_ASIDE.search(title)
    if aside is None or aside.start() == 0:
        breaks = [[title[:i], title[i + 1:]] for i, ch in enumerate(title) if ch == " "]
        two = min(breaks, key=lambda lines: max(map(metrics.horizontalAdvance, lines)), default=None)
        return two if two and max(map(metrics.horizontalAdvance, two)) <= width else [title]
    head, parentheses = title[:aside.start()], aside.group().strip()
    if max(metrics.horizontalAdvance(head), metrics.horizontalAdvance(parentheses)) <= width:
        return [head, parentheses]
    short = fit.elide(head, metrics, width - metrics.horizontalAdvance(aside.group()))
    if len(short.rstrip("…")) >= TITLE_HEAD_MIN:
        return [short + aside.group()]
    return [head, parentheses]


def title_extra_height(view: ChartView) -> float:
    """Pixels the title takes beyond one line (0 on one line or none): its lines as drawn, less one."""
    label = view._title
    if not (label.isVisible() and label.text):
        return 0.0
    lines = label.text.count("<br>") + 1
    inner = label.itemRect().height() - 2 * label.item.document().documentMargin()
    return inner / lines * (lines - 1)
