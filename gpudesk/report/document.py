"""The proposal as plain data: ordered sections of typed blocks.

A :class:`ProposalDocument` knows nothing about pages, fonts or Qt. The
builders in :mod:`gpudesk.report.proposal` fill it from a
:class:`~gpudesk.results.plan_result.PlanEstimate`; the Qt renderer in
``gpudesk.ui.report`` lays it out on A4 pages; :meth:`ProposalDocument.to_text`
gives the same content as plain text for golden-file tests and the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ALIGNMENTS = ("left", "right", "center")


COMPANY_MAX_CHARS = 80
"""The most characters of the issuing company's name (``--company``, the preferences): one line of the cover and the
right of every page header; a longer name is refused where it is typed, and a page never shows more of it."""


@dataclass(frozen=True)
class Branding:
    """Who issues the proposal: shown on the cover and in every page header."""

    company: str = ""
    logo_path: str = ""
    author: str = ""


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2  # level 1 is the section title itself


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class KeyValueTable:
    rows: tuple[tuple[str, str], ...]
    title: str = ""


@dataclass(frozen=True)
class DataTable:
    """A table with a header row; ``marked`` holds (row, column) cells to emphasise; the last ``total_rows`` rows
    are totals (shaded); ``links`` maps (row, column) cells to a target ("#ref-3", "#section-bom", a URL)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()
    title: str = ""
    marked: frozenset[tuple[int, int]] = frozenset()
    total_rows: int = 0
    links: tuple[tuple[tuple[int, int], str], ...] = ()

    def __post_init__(self) -> None:
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:
                raise ValueError(f"table {self.title!r}: row {row!r} has {len(row)} cells for {width} columns")
        if self.align and len(self.align) != width:
            raise ValueError(f"table {self.title!r}: {len(self.align)} alignments for {width} columns")
        bad = [a for a in self.align if a not in ALIGNMENTS]
        if bad:
            raise ValueError(f"table {self.title!r}: unknown alignment {bad}")

    def alignment(self, column: int) -> str:
        return self.align[column] if self.align else "left"


@dataclass(frozen=True)
class ChartRef:
    """A chart by name; ``spec`` is the ChartSpec/RackLayoutSpec the renderer draws."""

    name: str
    caption: str
    spec: Any = None


@dataclass(frozen=True)
class BulletList:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Note:
    text: str
    kind: str = "info"  # info | warning


@dataclass(frozen=True)
class Reference:
    """One cited source: numbered in the order the document first cites it."""

    number: int
    title: str
    url: str = ""
    detail: str = ""  # publisher, date of the figure or of access

    @property
    def anchor(self) -> str:
        return f"ref-{self.number}"


@dataclass(frozen=True)
class ReferenceList:
    items: tuple[Reference, ...]


Block = Heading | Paragraph | KeyValueTable | DataTable | ChartRef | BulletList | Note | ReferenceList


@dataclass
class Section:
    id: str  # stable identifier, e.g. "bom"; the order of ids is tested
    title: str
    blocks: list[Block] = field(default_factory=list)

    def add(self, block: Block) -> None:
        self.blocks.append(block)


@dataclass
class ProposalDocument:
    title: str
    lang: str
    project_name: str
    branding: Branding
    sections: list[Section] = field(default_factory=list)
    footer_text: str = ""  # e.g. "第 {page} 页 / 共 {pages} 页"

    def section_ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(f"no section {section_id!r}; sections are {self.section_ids()}")

    def charts(self) -> list[ChartRef]:
        return [b for s in self.sections for b in s.blocks if isinstance(b, ChartRef)]

    def to_text(self) -> str:
        """Every word and number of the document as plain text (for goldens and the terminal)."""
        lines = [self.title, self.project_name, ""]
        for section in self.sections:
            lines += [f"# {section.title}", ""]
            for block in section.blocks:
                lines += _block_text(block)
                lines.append("")
        return "\n".join(lines).rstrip() + "\n"


def _block_text(block: Block) -> list[str]:
    if isinstance(block, Heading):
        return ["#" * block.level + " " + block.text]
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, Note):
        return [f"[{block.kind}] {block.text}"]
    if isinstance(block, BulletList):
        return [f"- {item}" for item in block.items]
    if isinstance(block, ChartRef):
        return [f"[chart {block.name}] {block.caption}"]
    if isinstance(block, ReferenceList):
        return [f"[{r.number}] {r.title}" + (f". {r.detail}" if r.detail else "") + (f". {r.url}" if r.url else "")
                for r in block.items]
    if isinstance(block, KeyValueTable):
        title = [block.title] if block.title else []
        return title + [f"{k}: {v}" for k, v in block.rows]
    title = [block.title] if block.title else []
    rows = [" | ".join(block.header)]
    for r, row in enumerate(block.rows):
        cells = [f"{c} ★" if (r, i) in block.marked else c for i, c in enumerate(row)]
        rows.append(" | ".join(cells))
    return title + rows
