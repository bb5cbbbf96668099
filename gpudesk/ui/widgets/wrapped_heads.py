"""A table's columns kept within its view by wrapping long column heads onto lines.

The comparison's key-figure table heads each plan's column with the plan's label and name ("Plan A: Bank
customer-service LLM (China): pilot on a China cloud, …"). Sized to their heads, four such columns ran past the
view's right edge at 1366 × 768, and a plan's figures were cut at the edge or out of sight. Where the columns as
wide as their heads and cells do not fit, :func:`fit_heads` gives the wrappable columns the room the others leave,
shared equally but never narrower than their cells, and breaks their heads onto lines that fit: between words,
and inside a Chinese name between characters, at most three lines (the rest elided). A head keeps its whole text in
its tool tip.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QTableView

_PIECE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+")
"""A piece a line may break after: one CJK character (or full-width sign), or a Latin word with its spaces."""


FITS_WIDTH = "fitsWidth"
"""The property a table fitted by :func:`fit_heads` carries: the window audit holds its columns within its view
(tests/ui/window_audit_tables.columns_past_the_edge); a table meant to scroll sideways (the catalog's) has none."""
HEAD_LINES = 3
"""Lines a wrapped head takes at most: a taller header left the table's rows out of sight at 1366 × 768."""


def wrap_to_width(text: str, width: float, metrics: QFontMetricsF, most_lines: int = 0) -> str:
    """``text`` on lines (joined by newlines) no wider than ``width`` pixels; a single word wider than that stays
    whole on its own line (a column is then as wide as that word). ``most_lines`` (0: any): the text past them is
    left out of the last line, which ends in "…" (the whole text belongs in a tool tip)."""
    lines: list[str] = []
    line = ""
    for piece in _PIECE.findall(text):
        if line and metrics.horizontalAdvance((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    if most_lines and len(lines) > most_lines:
        rest = " ".join(lines[most_lines - 1:])
        lines = lines[:most_lines - 1] + [metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)]
    return "\n".join(lines)


def fit_heads(view: QTableView, wrappable: Sequence[int], heads: Sequence[str],
              show: Callable[[dict[int, str]], None]) -> None:
    """Size ``view``'s columns to their heads and cells and, where that is wider than the view, wrap the heads of
    the ``wrappable`` columns (their whole texts: ``heads``) so every column shows within the view. ``show`` sets
    the heads shown ({column: text with line breaks}; empty: the whole heads)."""
    view.setProperty(FITS_WIDTH, True)
    show({})
    view.resizeColumnsToContents()
    header = view.horizontalHeader()
    room = view.viewport().width()
    if room <= 0 or header.length() <= room or not wrappable:
        return
    fixed = sum(header.sectionSize(c) for c in range(header.count()) if c not in wrappable)
    share = (room - fixed) / len(wrappable)
    metrics = QFontMetricsF(header.font())
    padding = {c: header.sectionSizeHint(c) - metrics.horizontalAdvance(heads[c]) for c in wrappable}
    widths = {c: max(share, view.sizeHintForColumn(c)) for c in wrappable}
    show({c: wrap_to_width(heads[c], widths[c] - padding[c], metrics, HEAD_LINES) for c in wrappable})
    for c in wrappable:  # the share itself, not the widest line's width: the room a line left went to the last column
        header.resizeSection(c, max(int(widths[c]), header.sectionSizeHint(c)))
    over = header.length() - room  # the stretched last column's own least width, and rounding
    if over > 0:
        for c in wrappable:
            header.resizeSection(c, max(header.sectionSize(c) - math.ceil(over / len(wrappable)),
                                        view.sizeHintForColumn(c)))
