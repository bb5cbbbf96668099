"""Flowables: measured pieces of a page that split only where a reader expects (between lines, rows, items).

A table row, a heading, a chart and a note are never split across pages; a table repeats its header on
every page it spans; a paragraph keeps at least two lines on each side of a page break. Each flowable
measures itself for a width, splits for the height left on a page, and paints itself at a position with
a :class:`Canvas` (points; ``gpudesk.pdf.draw``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gpudesk.pdf import styles as S
from gpudesk.pdf.styles import Metrics, wrap


class Canvas(Protocol):
    """What a flowable paints with (``gpudesk.pdf.draw.PageCanvas``)."""

    def text(self, m: Metrics, x: float, y: float, text: str, color: str = S.INK, align: str = "left",
             width: float = 0.0) -> None: ...
    def rect(self, x: float, y: float, w: float, h: float, fill: str = "", stroke: str = "",
             line: float = 0.5) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float, color: str = S.RULE, width: float = 0.5) -> None: ...
    def chart(self, spec: Any, x: float, y: float, w: float, h: float) -> None: ...
    def link(self, x: float, y: float, w: float, h: float, target: str) -> None: ...
    def anchor(self, name: str, y: float) -> None: ...


class Flowable(ABC):
    """A block the page flow places: it knows its height, may split across pages, and paints itself."""

    keep_with_next = False

    @abstractmethod
    def height(self) -> float:
        """The block's height in points."""

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        """(the part that fits in ``avail``, the rest); (None, self) when nothing fits."""
        return (self, None) if self.height() <= avail else (None, self)

    def first_height(self) -> float:
        """The least height a first part can have (what a heading must see below it)."""
        return self.height()

    @abstractmethod
    def paint(self, c: Canvas, x: float, y: float) -> None:
        """Draw the block with its top-left corner at (x, y)."""


@dataclass
class Spacer(Flowable):
    h: float

    def height(self) -> float:
        return self.h

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        return (self, None)  # a gap at the foot of a page is simply dropped

    def paint(self, c: Canvas, x: float, y: float) -> None:
        return


@dataclass
class PageBreak(Flowable):
    def height(self) -> float:
        return 0.0

    def paint(self, c: Canvas, x: float, y: float) -> None:
        return


@dataclass
class TextLines(Flowable):
    """Wrapped lines of one paragraph (or heading); ``min_lines`` stay together at a page break."""

    m: Metrics
    lines: list[str]
    color: str = S.INK
    indent: float = 0.0
    gap_after: float = S.PARA_GAP
    min_lines: int = 2
    anchor_name: str = ""
    link_target: str = ""  # the whole block links there (a table-of-contents entry)
    keep: bool = False
    width: float = S.BODY_W
    marker: str = ""  # a bullet drawn left of the first line (the lines are indented past it)

    @property
    def keep_with_next(self) -> bool:  # type: ignore[override]
        return self.keep

    def height(self) -> float:
        return len(self.lines) * self.m.line_height + self.gap_after

    def first_height(self) -> float:
        return min(len(self.lines), self.min_lines) * self.m.line_height

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        if self.height() - self.gap_after <= avail:
            return self, None
        fit = int(avail // self.m.line_height)
        n = len(self.lines)
        if self.keep or n < 2 * self.min_lines or fit < self.min_lines:
            return None, self
        fit = min(fit, n - self.min_lines)
        head = TextLines(self.m, self.lines[:fit], self.color, self.indent, 0.0, self.min_lines, self.anchor_name,
                         self.link_target, False, self.width, self.marker)
        tail = TextLines(self.m, self.lines[fit:], self.color, self.indent, self.gap_after, self.min_lines, "",
                         self.link_target, False, self.width)
        return head, tail

    def paint(self, c: Canvas, x: float, y: float) -> None:
        if self.anchor_name:
            c.anchor(self.anchor_name, y)
        if self.marker:
            c.text(self.m, x + self.indent - 10, y, self.marker, S.ACCENT)
        for i, line in enumerate(self.lines):
            c.text(self.m, x + self.indent, y + i * self.m.line_height, line, self.color)
        if self.link_target:
            c.link(x, y, self.width, len(self.lines) * self.m.line_height, self.link_target)


def paragraph(m: Metrics, text: str, width: float = S.BODY_W, **kw: Any) -> TextLines:
    indent = float(kw.get("indent", 0.0))
    return TextLines(m, wrap(m, text, width - indent), width=width, **kw)


@dataclass
class Boxed(Flowable):
    """A shaded box around wrapped text (notes, warnings): never split unless taller than a page."""

    m: Metrics
    lines: list[str]
    fill: str
    ink: str = S.INK
    pad: float = 5.0
    width: float = S.BODY_W

    def height(self) -> float:
        return len(self.lines) * self.m.line_height + 2 * self.pad + S.PARA_GAP

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        if self.height() <= avail:
            return self, None
        if self.height() <= S.BODY_H:
            return None, self
        fit = max(1, int((avail - 2 * self.pad - S.PARA_GAP) // self.m.line_height))
        return (Boxed(self.m, self.lines[:fit], self.fill, self.ink, self.pad, self.width),
                Boxed(self.m, self.lines[fit:], self.fill, self.ink, self.pad, self.width))

    def paint(self, c: Canvas, x: float, y: float) -> None:
        h = self.height() - S.PARA_GAP
        c.rect(x, y, self.width, h, fill=self.fill)
        for i, line in enumerate(self.lines):
            c.text(self.m, x + self.pad, y + self.pad + i * self.m.line_height, line, self.ink)


@dataclass
class Rule(Flowable):
    color: str = S.RULE
    gap: float = 4.0

    def height(self) -> float:
        return 2 * self.gap

    def paint(self, c: Canvas, x: float, y: float) -> None:
        c.line(x, y + self.gap, x + S.BODY_W, y + self.gap, self.color, 0.6)


@dataclass
class Chart(Flowable):
    spec: Any
    caption_lines: list[str]
    caption: Metrics
    w: float = S.CHART_W
    h: float = S.CHART_H

    def height(self) -> float:
        return self.h + len(self.caption_lines) * self.caption.line_height + 2 * S.PARA_GAP

    def paint(self, c: Canvas, x: float, y: float) -> None:
        c.chart(self.spec, x, y, self.w, self.h)
        for i, line in enumerate(self.caption_lines):
            c.text(self.caption, x, y + self.h + 3 + i * self.caption.line_height, line, S.MUTED, "center", self.w)


@dataclass
class Cell:
    lines: list[str]
    align: str = "left"
    fill: str = ""
    ink: str = S.INK
    link: str = ""


@dataclass
class Row:
    cells: list[Cell]
    height: float
    fill: str = ""


SMALL_TABLE = 6  # rows: a table this short is never split across pages


@dataclass
class Table(Flowable):
    """Rows that never split; the header row repeats on every page the table spans."""

    m: Metrics
    widths: list[float]
    header: Row | None
    rows: list[Row]
    gap_after: float = S.PARA_GAP + 2
    title: TextLines | None = None
    continued: bool = False  # a continuation part (its title is not repeated)
    grid: bool = True
    keep_tail: int = 0  # the last rows (totals) stay together and with the row above them

    def _head(self) -> float:
        return (self.title.height() if self.title and not self.continued else 0.0) + (
            self.header.height if self.header else 0.0)

    def height(self) -> float:
        return self._head() + sum(r.height for r in self.rows) + self.gap_after

    def first_height(self) -> float:
        if len(self.rows) <= SMALL_TABLE:  # a short table is never split: it all comes with its heading
            return self._head() + sum(r.height for r in self.rows)
        return self._head() + sum(r.height for r in self.rows[:2])

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        if self.height() - self.gap_after <= avail:  # the gap below a table may fall off the page's foot
            return self, None
        if len(self.rows) <= SMALL_TABLE and self.height() <= S.BODY_H:
            return None, self  # a short table moves whole to the next page
        room = avail - self._head()
        fit, used = 0, 0.0
        for row in self.rows:
            if used + row.height > room:
                break
            used += row.height
            fit += 1
        if self.keep_tail:
            fit = min(fit, len(self.rows) - self.keep_tail - 1)  # totals stay with the last line above them
        fit = min(fit, len(self.rows) - 2)  # never a single row alone on the next page
        if fit < 2:
            return None, self
        head = Table(self.m, self.widths, self.header, self.rows[:fit], 0.0, self.title, self.continued, self.grid)
        tail = Table(self.m, self.widths, self.header, self.rows[fit:], self.gap_after, self.title, True, self.grid,
                     self.keep_tail)
        return head, tail

    def paint(self, c: Canvas, x: float, y: float) -> None:
        if self.title and not self.continued:
            self.title.paint(c, x, y)
            y += self.title.height()
        top = y
        if self.header:
            y = self._paint_row(c, x, y, self.header, head=True)
        for row in self.rows:
            y = self._paint_row(c, x, y, row)
        if self.grid:
            c.rect(x, top, sum(self.widths), y - top, stroke=S.RULE, line=0.6)

    def _paint_row(self, c: Canvas, x: float, y: float, row: Row, head: bool = False) -> float:
        if row.fill or head:
            c.rect(x, y, sum(self.widths), row.height, fill=row.fill or S.SHADE)
        cx = x
        for w, cell in zip(self.widths, row.cells):
            if cell.fill:
                c.rect(cx, y, w, row.height, fill=cell.fill)
            for i, line in enumerate(cell.lines):
                c.text(self.m, cx + S.CELL_PAD_X, y + S.CELL_PAD_Y + i * self.m.line_height, line,
                       S.ACCENT if head else cell.ink, cell.align, w - 2 * S.CELL_PAD_X)
            if cell.link:
                c.link(cx, y, w, row.height, cell.link)
            cx += w
        if self.grid:
            c.line(x, y + row.height, x + sum(self.widths), y + row.height, S.RULE, 0.4)
            cx = x
            for w in self.widths[:-1]:
                cx += w
                c.line(cx, y, cx, y + row.height, S.RULE, 0.4)
        return y + row.height


@dataclass
class Group(Flowable):
    """Flowables kept on one page when they fit on one (a bullet and its text, a short key-value table)."""

    items: Sequence[Flowable] = field(default_factory=list)

    def height(self) -> float:
        return sum(i.height() for i in self.items)

    def paint(self, c: Canvas, x: float, y: float) -> None:
        for item in self.items:
            item.paint(c, x, y)
            y += item.height()


@dataclass
class TableWithNote(Flowable):
    """A table and the note under it (the lines awaiting a quote that its totals leave out): the note never opens a
    page apart from its table. Where both do not fit, the table's last rows move with the note (the bank's phase
    totals stood on page 13, their awaiting-quote note alone at the top of page 14)."""

    table: Table
    note: Flowable

    def height(self) -> float:
        return self.table.height() + self.note.height()

    def first_height(self) -> float:
        return self.table.first_height() + (self.note.height() if len(self.table.rows) <= SMALL_TABLE else 0.0)

    def split(self, avail: float) -> tuple[Flowable | None, Flowable | None]:
        if self.height() <= avail:
            return self, None
        head, rest = self.table.split(avail)
        if rest is None:  # the table fits and its note does not: its last rows go over with the note
            last = self.table.rows[-1].height if self.table.rows else 0.0
            head, rest = self.table.split(self.table.height() - self.table.gap_after - last - 0.5)
        if head is None:  # a table that does not split moves whole, its note with it, unless they outgrow a page
            return (None, self) if self.height() <= S.BODY_H else (self.table, self.note)
        assert isinstance(rest, Table)
        return head, TableWithNote(rest, self.note)

    def paint(self, c: Canvas, x: float, y: float) -> None:
        self.table.paint(c, x, y)
        self.note.paint(c, x, y + self.table.height())
