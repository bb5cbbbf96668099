"""Column widths and rows of a table, so that no number, amount or date ever wraps inside.

Each column gets at least its widest unbreakable piece (a whole value for number, money, date and
quantity cells; a word or one CJK character otherwise) and at most its widest cell; the width left over
goes to the columns that wrap. A table whose unbreakable pieces do not fit the page is set in a smaller
type (down to ``MIN_TABLE_PT``) before any value would be cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpudesk.pdf import styles as S
from gpudesk.pdf.flow import Cell, Row, Table, TextLines
from gpudesk.pdf.styles import Metrics, is_value, longest_token, wrap

KEY_SHARE = 0.36  # key column of a key-value table
SHORT_CELL = 10  # characters: a cell this short is a label and does not wrap


def _columns(m: Metrics, rows: Sequence[Sequence[str]], fixed: Sequence[bool],
             header_rows: int = 0) -> tuple[list[float], list[float]]:
    """Each column's least and preferred width. A column of values does not wrap, but its header does: a plan's
    long name over a column of amounts wraps instead of pushing the table off the page."""
    pad = 2 * S.CELL_PAD_X + 1
    ncol = len(rows[0]) if rows else 0
    mins, prefs = [0.0] * ncol, [0.0] * ncol
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            full = max((m.width(part) for part in text.split("\n")), default=0.0)
            short = len(text) <= SHORT_CELL and "\n" not in text  # a label like "待询价" or "目录价 [3]"
            keep = (fixed[j] and i >= header_rows) or short or is_value(text)
            least = full if keep else longest_token(m, text)
            if keep and "\n" in text:  # an amount over a note ("+ 7 lines awaiting quotes"): the amount stays whole,
                head, *notes = text.split("\n")  # and a short note too ("+ 1 项待询价" broke before its last 价)
                least = max([m.width(head), *(m.width(note) if len(note) <= SHORT_CELL else
                                              max((m.width(word) for word in note.split()), default=0.0)
                                              for note in notes)])
            mins[j] = max(mins[j], least + pad)
            prefs[j] = max(prefs[j], full + pad)
    return mins, prefs


def column_widths(family: str, rows: Sequence[Sequence[str]], fixed: Sequence[bool], width: float = S.BODY_W,
                  size: float = S.TABLE_PT, shares: Sequence[float] | None = None,
                  header_rows: int = 0) -> tuple[Metrics, list[float]]:
    """(metrics, widths): the largest type size from ``size`` down whose unbreakable pieces fit ``width``."""
    pt = size
    while True:
        m = Metrics(family, pt)
        mins, prefs = _columns(m, rows, fixed, header_rows)
        if sum(mins) <= width or pt <= S.MIN_TABLE_PT:
            break
        pt = round(pt - 0.5, 2)
    if shares:  # key-value tables: fixed proportions, widened where a value may not wrap
        widths = [max(width * s, lo) for s, lo in zip(shares, mins)]
        over = sum(widths) - width
        if over > 0:
            j = max(range(len(widths)), key=lambda i: widths[i] - mins[i])
            widths[j] = max(mins[j], widths[j] - over)
        return m, widths
    if sum(prefs) <= width:
        extra = width - sum(prefs)
        flexible = [j for j in range(len(prefs)) if not fixed[j]] or list(range(len(prefs)))
        weight = sum(prefs[j] for j in flexible) or 1.0
        return m, [p + (extra * p / weight if j in flexible else 0.0) for j, p in enumerate(prefs)]
    slack = [p - lo for p, lo in zip(prefs, mins)]
    room = max(width - sum(mins), 0.0)
    total = sum(slack) or 1.0
    return m, [lo + room * s / total for lo, s in zip(mins, slack)]


def _cell_lines(m: Metrics, text: str, w: float) -> list[str]:
    inner = w - 2 * S.CELL_PAD_X
    if "\n" in text:  # each line on its own: an amount stays whole, a note under it wraps by words
        return [line for part in text.split("\n") for line in _cell_lines(m, part, w)]
    return [text] if is_value(text) and m.width(text) <= inner + 1 else wrap(m, text, inner)


def build_table(family: str, header: Sequence[str] | None, rows: Sequence[Sequence[str]], align: Sequence[str],
                title: str = "", marked: frozenset[tuple[int, int]] = frozenset(), total_rows: int = 0,
                shares: Sequence[float] | None = None, fixed: Sequence[bool] | None = None,
                links: dict[tuple[int, int], str] | None = None, key_column: bool = False) -> Table:
    ncol = len(header) if header else (len(rows[0]) if rows else 1)
    fixed = list(fixed) if fixed is not None else [False] * ncol
    every = ([list(header)] if header else []) + [list(r) for r in rows]
    m, widths = column_widths(family, every, fixed, shares=shares, header_rows=1 if header else 0)
    links = links or {}

    def row(cells: Sequence[str], r: int, fill: str = "") -> Row:
        out = []
        for j, text in enumerate(cells):
            mark = (r, j) in marked
            shown = f"{text} ★" if mark else text
            lines = _cell_lines(m, shown, widths[j])
            cell_fill = S.MARK if mark else (S.SHADE if key_column and j == 0 else "")
            out.append(Cell(lines, align[j] if j < len(align) else "left", cell_fill,
                            S.LINK if (r, j) in links else S.INK, links.get((r, j), "")))
        height = max(len(c.lines) for c in out) * m.line_height + 2 * S.CELL_PAD_Y
        return Row(out, height, fill)

    head = row(header, -1) if header else None
    body = [row(cells, r, S.TOTAL_SHADE if r >= len(rows) - total_rows else "") for r, cells in enumerate(rows)]
    caption = None
    if title:
        tm = Metrics(family, S.BODY_PT)
        caption = TextLines(tm, wrap(tm, title, S.BODY_W), S.ACCENT, gap_after=2.0, keep=True)
    return Table(m, widths, head, body, title=caption, keep_tail=total_rows)
