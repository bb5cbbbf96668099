"""A ProposalDocument as a paginating QTextDocument (HTML subset Qt understands).

Layout units are 96-dpi pixels; the PDF painter scales them to the device.
Tables repeat their header row on every page they span (``<thead>``), and
charts are images added as document resources, rendered at twice their
printed size so they stay sharp.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6 import QtCore, QtGui

from gpudesk.report.document import (
    BulletList, ChartRef, DataTable, Heading, KeyValueTable, Note, Paragraph, ProposalDocument,
)

LAYOUT_DPI = 96.0
BODY_PX = 13
INK = "#1f2328"
RULE = "#b8c0c8"
SHADE = "#eef1f4"
MARK = "#d8f0dc"
WARN = "#fff3d6"
ZH_NUMERALS = "一二三四五六七八九十"
CHART_SIZE = (640, 340)
KEEP_WITH_NEXT_PX = 110.0  # a heading needs this much room below it (itself plus two table rows)
MAX_LAYOUT_PASSES = 40  # logical px the chart occupies on the page


def section_number(index: int, lang: str) -> str:
    """'一、' … '二十、' in Chinese proposals, '1.' … in English ones."""
    if lang != "zh":
        return f"{index}."
    if index <= 10:
        return ZH_NUMERALS[index - 1] + "、"
    tens, ones = divmod(index, 10)
    prefix = ("" if tens == 1 else ZH_NUMERALS[tens - 1]) + "十"
    return prefix + (ZH_NUMERALS[ones - 1] if ones else "") + "、"


def _esc(text: str) -> str:
    return html.escape(text).replace("\n", "<br/>")


def _align(value: str) -> str:
    return {"left": "left", "right": "right", "center": "center"}[value]


def _data_table(table: DataTable) -> str:
    parts = []
    if table.title:
        parts.append(f'<p style="font-weight:bold; margin-top:6px">{_esc(table.title)}</p>')
    parts.append(f'<table width="100%" border="1" cellspacing="0" cellpadding="4" style="border-color:{RULE}; border-style:solid; '
                 f'border-collapse:collapse"><thead><tr>')
    for i, cell in enumerate(table.header):
        parts.append(f'<th bgcolor="{SHADE}" align="{_align(table.alignment(i))}">{_esc(cell)}</th>')
    parts.append("</tr></thead><tbody>")
    for r, row in enumerate(table.rows):
        parts.append("<tr>")
        for c, cell in enumerate(row):
            marked = (r, c) in table.marked
            bg = f' bgcolor="{MARK}"' if marked else ""
            shown = f"<b>{_esc(cell)} ★</b>" if marked else _esc(cell)
            parts.append(f'<td align="{_align(table.alignment(c))}"{bg}>{shown}</td>')
        parts.append("</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _key_value_table(table: KeyValueTable) -> str:
    parts = []
    if table.title:
        parts.append(f'<p style="font-weight:bold; margin-top:6px">{_esc(table.title)}</p>')
    parts.append(f'<table width="100%" border="1" cellspacing="0" cellpadding="4" style="border-color:{RULE}; border-style:solid; '
                 f'border-collapse:collapse">')
    for key, value in table.rows:
        parts.append(f'<tr><td width="38%" bgcolor="{SHADE}">{_esc(key)}</td><td>{_esc(value)}</td></tr>')
    parts.append("</table>")
    return "".join(parts)


def _break(page_break: bool) -> str:
    return " page-break-before:always;" if page_break else ""


def block_html(block: object, chart_url: str | None, page_break: bool = False) -> str:
    if isinstance(block, Heading):
        size = 16 if block.level <= 2 else 14
        return (f'<h{block.level} style="font-size:{size}px; margin-top:12px;{_break(page_break)}">'
                f"{_esc(block.text)}</h{block.level}>")
    if isinstance(block, Paragraph):
        return f"<p>{_esc(block.text)}</p>"
    if isinstance(block, Note):
        bg = WARN if block.kind == "warning" else SHADE
        return (f'<table width="100%" cellspacing="0" cellpadding="6"><tr><td bgcolor="{bg}">'
                f"<i>{_esc(block.text)}</i></td></tr></table>")
    if isinstance(block, BulletList):
        return "<ul>" + "".join(f"<li>{_esc(item)}</li>" for item in block.items) + "</ul>"
    if isinstance(block, KeyValueTable):
        return _key_value_table(block)
    if isinstance(block, DataTable):
        return _data_table(block)
    if isinstance(block, ChartRef):
        width, height = CHART_SIZE
        image = f'<img src="{chart_url}" width="{width}" height="{height}"/><br/>' if chart_url else ""
        return f'<p align="center">{image}<span style="color:#555">{_esc(block.caption)}</span></p>'
    raise TypeError(f"unknown block type {type(block).__name__}")


def document_html(doc: ProposalDocument, chart_urls: Mapping[int, str], skip: tuple[str, ...] = ("cover",),
                  breaks: frozenset[int] = frozenset()) -> str:
    """HTML for the body; ``chart_urls`` maps the n-th ChartRef to its resource URL; ``breaks`` holds
    the ordinals (section titles and headings, in order) that start a new page."""
    parts = [f'<html><body style="font-size:{BODY_PX}px; color:{INK}">']
    chart_index = 0
    number = 0
    heading = 0
    for section in doc.sections:
        if section.id in skip:
            chart_index += sum(1 for b in section.blocks if isinstance(b, ChartRef))
            continue
        number += 1
        parts.append(f'<h1 style="font-size:20px; margin-top:18px; margin-bottom:6px;{_break(heading in breaks)}">'
                     f"{section_number(number, doc.lang)}{'' if doc.lang == 'zh' else ' '}{_esc(section.title)}</h1>")
        heading += 1
        for block in section.blocks:
            url = None
            if isinstance(block, ChartRef):
                url = chart_urls.get(chart_index)
                chart_index += 1
            parts.append(block_html(block, url, isinstance(block, Heading) and heading in breaks))
            heading += isinstance(block, Heading)
    parts.append("</body></html>")
    return "".join(parts)


def _text_document(doc: ProposalDocument, font_family: str, page_size: QtCore.QSizeF,
                   chart_images: Mapping[int, QtGui.QImage], breaks: frozenset[int]) -> QtGui.QTextDocument:
    text_doc = QtGui.QTextDocument()
    font = QtGui.QFont(font_family)
    font.setPixelSize(BODY_PX)
    text_doc.setDefaultFont(font)
    text_doc.setDocumentMargin(0)
    urls: dict[int, str] = {}
    for index, image in chart_images.items():
        url = f"chart://figure-{index}"
        text_doc.addResource(QtGui.QTextDocument.ResourceType.ImageResource, QtCore.QUrl(url), image)
        urls[index] = url
    text_doc.setHtml(document_html(doc, urls, breaks=breaks))
    text_doc.setPageSize(page_size)
    text_doc.pageCount()  # finishes the (otherwise lazy) layout before anything is measured
    return text_doc


def stranded_headings(text_doc: QtGui.QTextDocument, page_height: float) -> list[int]:
    """Ordinals of headings left at the foot of a page with too little room for what they head."""
    layout = text_doc.documentLayout()
    found, ordinal = [], 0
    run_start: int | None = None  # first heading of a run of consecutive headings (a title and a phase heading)
    block = text_doc.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0:
            run_start = ordinal if run_start is None else run_start
            top = layout.blockBoundingRect(block).top()
            if top > 0 and page_height - (top % page_height) < KEEP_WITH_NEXT_PX and run_start not in found:
                found.append(run_start)
            ordinal += 1
        else:
            run_start = None
        block = block.next()
    return found


def build_text_document(
    doc: ProposalDocument, font_family: str, page_size: QtCore.QSizeF, chart_images: Mapping[int, QtGui.QImage]
) -> QtGui.QTextDocument:
    """A QTextDocument laid out on pages of ``page_size`` (layout px), charts attached as resources.

    Qt's text layout has no keep-with-next, so a heading that would sit at the foot of a page is
    given a page break before it and the document is laid out again (first stranded heading
    first, since every move shifts what follows), at most ``MAX_LAYOUT_PASSES`` times.
    """
    breaks: frozenset[int] = frozenset()
    text_doc = _text_document(doc, font_family, page_size, chart_images, breaks)
    for _ in range(MAX_LAYOUT_PASSES):
        stranded = [h for h in stranded_headings(text_doc, page_size.height()) if h not in breaks]
        if not stranded:
            break
        breaks = breaks | {stranded[0]}
        text_doc = _text_document(doc, font_family, page_size, chart_images, breaks)
    return text_doc
