"""What QPainter cannot write into a PDF, added as an incremental update of the file Qt wrote.

* the outline (bookmarks): sections and their phase headings;
* link annotations: contents lines and reference numbers to their anchors, reference URLs to the web;
* the subset tag on the embedded font's names (Qt embeds only the glyphs used, but names the Type0 and
  CID fonts without the ``ABCDEF+`` tag PDF readers use to report a subset).

An incremental update appends new versions of the changed objects (catalog, pages' annotation arrays,
font dictionaries) and a new cross-reference section after Qt's; nothing Qt wrote is rewritten. Qt writes a
classic cross-reference table, which is all this reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gpudesk.pdf.draw import LinkArea

_OBJ = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)


class PdfStructureError(ValueError):
    """The file is not laid out as Qt writes PDFs (the update is skipped, the PDF stays valid)."""


@dataclass(frozen=True)
class Bookmark:
    level: int
    title: str
    page: int  # from 1
    y: float  # points from the top of the page


def _pdf_text(text: str) -> bytes:
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def _pdf_string(text: str) -> bytes:
    safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + safe.encode("latin-1", "replace") + b")"


class _Pdf:
    def __init__(self, data: bytes) -> None:
        self.data = data
        start = data.rfind(b"startxref")
        if start < 0:
            raise PdfStructureError("no startxref")
        self.xref_at = int(data[start + 9:].split()[0])
        if not data.startswith(b"xref", self.xref_at):
            raise PdfStructureError("not a classic cross-reference table")
        self.offsets: dict[int, int] = {}
        pos = self.xref_at + 4
        lines = data[pos:data.index(b"trailer", pos)].split(b"\n")
        i = 0
        while i < len(lines):
            head = lines[i].split()
            i += 1
            if len(head) != 2:
                continue
            first, count = int(head[0]), int(head[1])
            for k in range(count):
                entry = lines[i + k].split()
                if len(entry) >= 3 and entry[2] == b"n":
                    self.offsets[first + k] = int(entry[0])
            i += count
        trailer = data[data.index(b"trailer", self.xref_at):start]
        self.size = int(re.search(rb"/Size\s+(\d+)", trailer).group(1))  # type: ignore[union-attr]
        self.root = int(re.search(rb"/Root\s+(\d+) 0 R", trailer).group(1))  # type: ignore[union-attr]
        info = re.search(rb"/Info\s+(\d+) 0 R", trailer)
        self.info = int(info.group(1)) if info else None
        ids = re.search(rb"/ID\s*(\[.*?\])", trailer, re.S)
        self.ids = ids.group(1) if ids else b""

    def obj(self, number: int) -> bytes:
        at = self.offsets[number]
        match = _OBJ.match(self.data, at)
        if match is None or int(match.group(1)) != number:
            raise PdfStructureError(f"object {number} is not where the table says")
        return match.group(2)

    def pages(self) -> list[int]:
        catalog = self.obj(self.root)
        pages_ref = int(re.search(rb"/Pages\s+(\d+) 0 R", catalog).group(1))  # type: ignore[union-attr]
        kids = re.search(rb"/Kids\s*\[(.*?)\]", self.obj(pages_ref), re.S)
        if kids is None:
            raise PdfStructureError("no page list")
        found = [int(n) for n in re.findall(rb"(\d+) 0 R", kids.group(1))]
        if any(b"/Type /Pages" in self.obj(n) for n in found):
            raise PdfStructureError("nested page tree")
        return found


def add_navigation(path: str, bookmarks: Sequence[Bookmark], links: Sequence[LinkArea],
                   anchors: dict[str, tuple[int, float]], title: str = "") -> None:
    """Append the outline, the links and the font subset tags to the PDF at ``path``."""
    with open(path, "rb") as handle:
        data = handle.read()
    pdf = _Pdf(data)
    pages = pdf.pages()
    heights = []
    for number in pages:
        box = re.search(rb"/MediaBox\s*\[\s*[\d.\-]+\s+[\d.\-]+\s+[\d.\-]+\s+([\d.\-]+)\s*\]", pdf.obj(number))
        heights.append(float(box.group(1)) if box else 842.0)
    new: dict[int, bytes] = {}
    next_number = pdf.size

    def allocate() -> int:
        nonlocal next_number
        next_number += 1
        return next_number - 1

    def dest(page: int, y: float) -> bytes:
        index = min(max(page, 1), len(pages)) - 1
        top = heights[index] - max(y - 6.0, 0.0)
        return b"[%d 0 R /XYZ 0 %.2f null]" % (pages[index], top)

    # -- links ---------------------------------------------------------------
    per_page: dict[int, list[int]] = {}
    for link in links:
        if not (1 <= link.page <= len(pages)):
            continue
        x, y, w, h = link.rect
        height = heights[link.page - 1]
        rect = b"[%.2f %.2f %.2f %.2f]" % (x, height - y - h, x + w, height - y)
        if link.target.startswith("#"):
            anchor = anchors.get(link.target[1:])
            if anchor is None:
                continue
            action = b"/Dest " + dest(*anchor)
        else:
            action = b"/A << /S /URI /URI " + _pdf_string(link.target) + b" >>"
        number = allocate()
        new[number] = b"<< /Type /Annot /Subtype /Link /Rect " + rect + b" /Border [0 0 0] " + action + b" >>"
        per_page.setdefault(link.page, []).append(number)
    for page, annots in per_page.items():
        page_obj = pdf.obj(pages[page - 1])
        ref = re.search(rb"/Annots\s+(\d+) 0 R", page_obj)
        array = b"[" + b" ".join(b"%d 0 R" % n for n in annots) + b"]"
        if ref is not None:
            new[int(ref.group(1))] = array
        else:
            new[pages[page - 1]] = page_obj.rstrip().removesuffix(b">>") + b"/Annots " + array + b"\n>>"

    # -- outline ---------------------------------------------------------------
    catalog = pdf.obj(pdf.root)
    if bookmarks:
        outline_root = allocate()
        items = [allocate() for _ in bookmarks]
        parents: list[int | None] = []
        stack: list[tuple[int, int]] = []  # (level, item number)
        for i, mark in enumerate(bookmarks):
            while stack and stack[-1][0] >= mark.level:
                stack.pop()
            parents.append(stack[-1][1] if stack else None)
            stack.append((mark.level, items[i]))
        children: dict[int, list[int]] = {}
        for item, parent in zip(items, parents):
            children.setdefault(parent if parent is not None else outline_root, []).append(item)
        for i, mark in enumerate(bookmarks):
            me = items[i]
            declared = parents[i]
            parent = declared if declared is not None else outline_root
            siblings = children[parent]
            k = siblings.index(me)
            body = b"<< /Title " + _pdf_text(mark.title) + b" /Parent %d 0 R /Dest " % parent + dest(mark.page, mark.y)
            if k > 0:
                body += b" /Prev %d 0 R" % siblings[k - 1]
            if k + 1 < len(siblings):
                body += b" /Next %d 0 R" % siblings[k + 1]
            mine = children.get(me, [])
            if mine:
                body += b" /First %d 0 R /Last %d 0 R /Count -%d" % (mine[0], mine[-1], len(mine))
            new[me] = body + b" >>"
        top = children[outline_root]
        new[outline_root] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (top[0], top[-1], len(top))
        catalog = re.sub(rb"/(Outlines|PageMode)\s+\S+(\s+0 R)?", b"", catalog)
        catalog = catalog.rstrip().removesuffix(b">>") + b"/Outlines %d 0 R\n/PageMode /UseOutlines\n>>" % outline_root
        new[pdf.root] = catalog

    # -- font subset tags -------------------------------------------------------
    for number in pdf.offsets:
        body = pdf.obj(number)
        if b"/Type /FontDescriptor" in body or b"/FontFile" in body:
            continue
        if b"/BaseFont" in body and (b"/Type0" in body or b"/CIDFontType2" in body):
            descriptor = re.search(rb"/FontDescriptor\s+(\d+) 0 R", body)
            name = re.search(rb"/BaseFont\s*/([^\s/<>\[\]]+)", body)
            tag = _subset_name(pdf, body, descriptor)
            if name and tag and not re.match(rb"[A-Z]{6}\+", name.group(1)):
                new[number] = body.replace(b"/BaseFont /" + name.group(1), b"/BaseFont /" + tag, 1)

    _append(path, data, pdf, new, next_number)


def _subset_name(pdf: _Pdf, body: bytes, descriptor: re.Match[bytes] | None) -> bytes:
    """The tagged name of the font's descriptor (the Type0 font reaches it through its descendant)."""
    if descriptor is None:
        child = re.search(rb"/DescendantFonts\s*\[\s*(\d+) 0 R", body)
        if child is None:
            return b""
        descriptor = re.search(rb"/FontDescriptor\s+(\d+) 0 R", pdf.obj(int(child.group(1))))
        if descriptor is None:
            return b""
    found = re.search(rb"/FontName\s*/([A-Z]{6}\+[^\s/<>\[\]]+)", pdf.obj(int(descriptor.group(1))))
    return found.group(1) if found else b""


def _append(path: str, data: bytes, pdf: _Pdf, new: dict[int, bytes], size: int) -> None:
    if not new:
        return
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    offsets = {}
    for number in sorted(new):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + new[number] + b"\nendobj\n"
    xref_at = len(out)
    out += b"xref\n"
    for number in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (number, offsets[number])
    out += b"trailer\n<< /Size %d /Root %d 0 R /Prev %d" % (max(size, pdf.size), pdf.root, pdf.xref_at)
    if pdf.info is not None:
        out += b" /Info %d 0 R" % pdf.info
    if pdf.ids:
        out += b" /ID " + pdf.ids
    out += b" >>\nstartxref\n%d\n%%%%EOF\n" % xref_at
    with open(path, "wb") as handle:
        handle.write(out)
