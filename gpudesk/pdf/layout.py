"""A ProposalDocument laid out on A4 pages: cover, table of contents, then the sections.

Sections are numbered (一、二、… in Chinese, 1. 2. … in English); a section title starts a new page when
less than a quarter of the page is left, and a heading always has its first lines, rows or chart below it
on the same page. The table of contents lists the sections with their page numbers (known once the body is
laid out: the contents' own length is fixed by its entry count), and every heading is an anchor for the
PDF outline and the contents' links.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.pdf import styles as S
from gpudesk.pdf.flow import (
    Boxed,
    Canvas,
    Chart,
    Flowable,
    PageBreak,
    Spacer,
    Table,
    TableWithNote,
    TextLines,
    paragraph,
)
from gpudesk.pdf.styles import Metrics, section_number, wrap
from gpudesk.pdf.tables import KEY_SHARE, build_table
from gpudesk.report.document import (
    BulletList,
    ChartRef,
    DataTable,
    Heading,
    KeyValueTable,
    Note,
    Paragraph,
    ProposalDocument,
    ReferenceList,
)

NEW_PAGE_BELOW = 0.25  # a section title starts a new page when less than this share of the page is left
TOC_TITLE = {"zh": "目录", "en": "Contents"}


@dataclass
class OutlineEntry:
    level: int
    title: str
    anchor: str


@dataclass
class Laid:
    """Pages of placed flowables (body pages only), anchors and the outline."""

    pages: list[list[tuple[Flowable, float, float]]]
    toc_pages: list[list[tuple[Flowable, float, float]]]
    outline: list[OutlineEntry]
    anchors: dict[str, tuple[int, float]] = field(default_factory=dict)  # name -> (page number from 1, y)
    page_numbers: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return 1 + len(self.toc_pages) + len(self.pages)


@dataclass
class TocEntry(Flowable):
    """A contents line: number and title linked to the section, dot leaders, the page number on the right."""

    m: Metrics
    label: str
    anchor: str
    numbers: dict[str, int]
    indent: float = 0.0

    def height(self) -> float:
        return self.m.line_height + 3

    def paint(self, c: Canvas, x: float, y: float) -> None:
        page = str(self.numbers.get(self.anchor, ""))
        title_w = self.m.width(self.label)
        c.text(self.m, x + self.indent, y, self.label, S.INK)
        right = x + S.BODY_W
        dots_from, dots_to = x + self.indent + title_w + 6, right - self.m.width(page) - 6
        dot = self.m.width(" .")
        if dots_to > dots_from + dot:
            c.text(self.m, dots_from, y, " ." * int((dots_to - dots_from) / dot), S.RULE)
        c.text(self.m, right - 40, y, page, S.INK, "right", 40)
        c.link(x, y, S.BODY_W, self.m.line_height, "#" + self.anchor)


def section_anchor(section_id: str) -> str:
    return f"section-{section_id}"


def _blocks(doc: ProposalDocument, family: str, outline: list[OutlineEntry]) -> list[Flowable]:
    body = Metrics(family, S.BODY_PT)
    small = Metrics(family, S.SMALL_PT)
    out: list[Flowable] = []
    number = 0
    for section in doc.sections:
        if section.id == "cover":
            continue
        number += 1
        title = f"{section_number(number, doc.lang)}{'' if doc.lang == 'zh' else ' '}{section.title}"
        anchor = section_anchor(section.id)
        outline.append(OutlineEntry(1, title, anchor))
        h1 = Metrics(family, S.H1_PT)
        out.append(_NewSection())
        out.append(TextLines(h1, wrap(h1, title, S.BODY_W), S.ACCENT, gap_after=6.0, anchor_name=anchor, keep=True))
        heading_n = 0
        for block in section.blocks:
            if isinstance(block, Heading):
                heading_n += 1
                size = S.H2_PT if block.level <= 2 else S.H3_PT
                hm = Metrics(family, size)
                name = f"{anchor}-h{heading_n}"
                if block.level <= 2:
                    outline.append(OutlineEntry(2, block.text, name))
                out.append(Spacer(4.0))
                out.append(TextLines(hm, wrap(hm, block.text, S.BODY_W), S.ACCENT, gap_after=4.0, anchor_name=name,
                                     keep=True))
            else:
                made = _block(block, family, body, small)
                above = out[-1] if out else None
                if isinstance(block, Note) and len(made) == 1 and isinstance(above, Table):
                    out.pop()
                    made = [TableWithNote(above, made[0])]  # a note under a table stays with it
                out += made
                if isinstance(block, Paragraph) and isinstance(out[-1], TextLines) and len(out[-1].lines) <= 2:
                    out[-1].keep = _introduces(section.blocks, block)
    return out


def _introduces(blocks: list, block: object) -> bool:
    """A short sentence right before a table, list or chart introduces it: keep it with it."""
    at = next(i for i, b in enumerate(blocks) if b is block)
    following = blocks[at + 1] if at + 1 < len(blocks) else None
    return isinstance(following, (DataTable, KeyValueTable, ChartRef, BulletList))


class _NewSection(Flowable):
    """Marks a section start: a new page when too little of this one is left."""

    def height(self) -> float:
        return 0.0

    def paint(self, c: Canvas, x: float, y: float) -> None:
        return


def _block(block: object, family: str, body: Metrics, small: Metrics) -> list[Flowable]:
    if isinstance(block, Paragraph):
        return [paragraph(body, block.text)]
    if isinstance(block, Note):
        fill = S.WARN if block.kind == "warning" else S.SHADE
        return [Boxed(small, wrap(small, block.text, S.BODY_W - 10), fill)]
    if isinstance(block, BulletList):
        return [paragraph(body, item, indent=12.0, min_lines=1, gap_after=2.0, marker="•") for item in block.items] + [
            Spacer(3.0)]
    if isinstance(block, KeyValueTable):
        rows = [(k, v) for k, v in block.rows]
        return [build_table(family, None, rows, ("left", "left"), block.title, shares=(KEY_SHARE, 1 - KEY_SHARE),
                            key_column=True)]
    if isinstance(block, DataTable):
        fixed = [a == "right" for a in block.align] if block.align else None
        return [build_table(family, block.header, block.rows, block.align or ("left",) * len(block.header),
                            block.title, block.marked, block.total_rows, fixed=fixed, links=dict(block.links))]
    if isinstance(block, ChartRef):
        if block.spec is None:
            return [paragraph(small, block.caption, color=S.MUTED)]
        return [Chart(block.spec, wrap(small, block.caption, S.CHART_W), small)]
    if isinstance(block, ReferenceList):
        items: list[Flowable] = []
        for ref in block.items:
            text = f"[{ref.number}] {ref.title}" + (f". {ref.detail}" if ref.detail else "")
            items.append(paragraph(small, text, min_lines=1, gap_after=0.5, anchor_name=ref.anchor))
            if ref.url:
                items.append(paragraph(small, ref.url, indent=14.0, min_lines=1, gap_after=3.0, color=S.LINK,
                                       link_target=ref.url))
        return items
    raise TypeError(f"unknown block type {type(block).__name__}")


def _kept_height(queue: list[Flowable], i: int) -> float:
    """Height of the chain of keep-with-next flowables from ``i`` (a title, a phase heading, a lead sentence)
    plus the first part of what follows them: all of it must fit where the chain starts."""
    need = 0.0
    for f in queue[i:]:
        if isinstance(f, Spacer):
            need += f.height()
            continue
        if f.keep_with_next:
            need += f.height()
            continue
        return need + f.first_height()
    return need


def paginate(flowables: list[Flowable], first_page: int) -> tuple[list[list[tuple[Flowable, float, float]]],
                                                                   dict[str, tuple[int, float]]]:
    """Place ``flowables`` on body pages; returns the pages and each anchor's (page number, y)."""
    pages: list[list[tuple[Flowable, float, float]]] = [[]]
    anchors: dict[str, tuple[int, float]] = {}
    y = 0.0
    queue = list(flowables)
    i = 0
    while i < len(queue):
        f = queue[i]
        avail = S.BODY_H - y
        if isinstance(f, PageBreak) or (isinstance(f, _NewSection) and avail < NEW_PAGE_BELOW * S.BODY_H):
            if pages[-1]:
                pages.append([])
                y = 0.0
            i += 1
            continue
        if isinstance(f, _NewSection):
            i += 1
            continue
        if f.keep_with_next and pages[-1] and _kept_height(queue, i) > avail:
            pages.append([])
            y = 0.0
            continue
        head, rest = f.split(avail)
        if head is None:
            if not pages[-1]:  # taller than a page and unsplittable: place it anyway, clipped by the page
                head, rest = f, None
            else:
                pages.append([])
                y = 0.0
                continue
        if not (isinstance(head, Spacer) and not pages[-1]):  # no gap at the top of a page
            name = getattr(head, "anchor_name", "")
            if name:
                anchors[name] = (first_page + len(pages) - 1, y)
            pages[-1].append((head, S.BODY_X, S.BODY_TOP + y))
            y += head.height()
        if rest is not None:
            queue[i] = rest
            pages.append([])
            y = 0.0
        else:
            i += 1
    if not pages[-1] and len(pages) > 1:
        pages.pop()
    return pages, anchors


def layout(doc: ProposalDocument, family: str) -> Laid:
    outline: list[OutlineEntry] = []
    flowables = _blocks(doc, family, outline)
    numbers: dict[str, int] = {}
    toc_m = Metrics(family, S.BODY_PT + 0.5)
    h1 = Metrics(family, S.H1_PT)
    toc: list[Flowable] = [TextLines(h1, [TOC_TITLE.get(doc.lang, "Contents")], S.ACCENT, gap_after=10.0)]
    toc += [TocEntry(toc_m, e.title, e.anchor, numbers) for e in outline if e.level == 1]
    toc_pages, _ = paginate(toc, 2)
    pages, anchors = paginate(flowables, 2 + len(toc_pages))
    numbers.update({name: page for name, (page, _y) in anchors.items()})
    return Laid(pages, toc_pages, outline, anchors, numbers)
