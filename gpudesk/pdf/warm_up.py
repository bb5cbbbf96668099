"""What the first document drawn in a process pays once, paid ahead on a throwaway page.

The first proposal a process draws costs about 0.05-0.1 s of CPU more than the next one (bank, 30 pages: 0.29-0.34
against 0.20-0.24 s): PySide6 makes the Qt namespace's enum classes on the first ``setPen``/``fillRect`` call that
resolves an overload, Qt builds its font engines and glyph caches, and the layout's and painter's caches start
empty. ``gpudesk report`` calls :func:`warm_up_painting` while the configuration searches run in their worker
processes (gpudesk/cli/report_cmd.py), so the pages drawn after the searches no longer pay it. Nothing of the
throwaway page is kept but those caches, which hold what the same calls would compute again: the document drawn
afterwards is the same, page for page (tests/report/test_report_cli.py).
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui

from gpudesk.pdf.pdf_writer import PDF_DPI, paint_document
from gpudesk.report.document import (
    Branding,
    BulletList,
    ChartRef,
    DataTable,
    Heading,
    KeyValueTable,
    Note,
    Paragraph,
    ProposalDocument,
    Reference,
    ReferenceList,
    Section,
)
from gpudesk.results.chart_model import ChartSpec, Marker, Series


def warm_up_document(lang: str) -> ProposalDocument:
    """A one-page document with a block of every kind a proposal draws and a small chart, in Latin and Chinese
    text (it is never shown)."""
    section = Section(id="warm-up", title="一、预热 Warm-up")
    for block in (Heading("小节 Part", 2), Paragraph("正文 Text 1,234 万元。"), BulletList(("要点 a", "b")),
                  Note("提示 Note", "warning"), KeyValueTable((("键 Key", "值 1"),), "表 Table"),
                  DataTable(("列 A", "B"), (("1", "2"), ("合计 Total", "3")), ("left", "right"), "表 Table",
                            frozenset({(0, 1)}), 1),
                  ChartRef("warm-up", "图 Chart", ChartSpec(
                      kind="generic", title="图 Chart", x_label="x", y_label="y",
                      series=[Series("s", [1.0, 2.0, 4.0], [1.0, 3.0, 2.0]),
                              Series("t", [1.0, 2.0, 4.0], [2.0, 1.0, 3.0], style="scatter")],
                      markers=[Marker(2.0, 3.0, "m")])),
                  ReferenceList((Reference(1, "来源 Source", "https://example.org", "2026"),))):
        section.add(block)
    return ProposalDocument(title="预热 Warm-up", lang=lang, project_name="预热 Warm-up", branding=Branding(),
                            sections=[section], footer_text="{page} / {pages}")


def warm_up_painting(lang: str) -> None:
    """Draw :func:`warm_up_document` onto a PDF writer that writes to memory, and drop it."""
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    writer = QtGui.QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    paint_document(warm_up_document(lang), writer)
    del writer
    buffer.close()
