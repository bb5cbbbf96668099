"""PDF output: subset CJK font, extractable text read once, contents and outline, links, vector charts, page breaks.

Read with Python libraries (pypdf, pypdfium2); every property is checked on the written file.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

import pypdf
import pytest
from pdf_support import pdf_fonts, pdf_images, pdf_pages_text, pdf_text, render_pages
from PySide6 import QtGui
from report_samples import catalog, roadmap_plan, training_plan, training_project

from gpudesk.paths import resource_path
from gpudesk.pdf.flow import Table, TextLines
from gpudesk.pdf.layout import layout
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.styles import BODY_H, is_value, section_number
from gpudesk.pdf.tables import build_table
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal

pytestmark = [pytest.mark.gui]
ISSUED = dt.date(2025, 6, 1)


def _pdf(tmp_path, lang, plan=None, project=None, branding=Branding("示例科技有限公司", "", "王工"), name=""):
    doc = build_proposal(plan or training_plan(), project or training_project(), lang, branding, issued=ISSUED,
                         catalog=catalog())
    path = tmp_path / (name or f"proposal_{lang}.pdf")
    pages = write_proposal_pdf(doc, path)
    return doc, path, pages


def test_chinese_pdf_embeds_a_subset_cjk_font_and_extracts_headings(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "zh")
    fonts = pdf_fonts(path)
    assert fonts and all(fonts.values()), fonts  # every font embedded
    assert all(re.match(r"/[A-Z]{6}\+WenQuanYi", name) for name in fonts), fonts  # named as a subset
    reader = pypdf.PdfReader(str(path))
    embedded = {id(d): len(d["/FontFile2"].get_object().get_data()) for p in reader.pages
                for f in (p["/Resources"].get("/Font") or {}).values()
                for d in [c.get_object()["/FontDescriptor"].get_object() for c in f.get_object()["/DescendantFonts"]]}
    whole = resource_path("fonts", "wqy-microhei.ttc").stat().st_size
    assert max(embedded.values()) < whole / 10  # the glyphs used, not the 5 MB font
    text = pdf_text(path)
    for heading in ("技术方案书", "目录", "方案摘要", "配置清单及报价", "供电、制冷与机柜", "风险与应对", "参考资料",
                    "修订记录"):
        assert heading in text, heading
    assert "华东某银行" in text and f"第{pages}页/共{pages}页" in text.replace(" ", "").replace("\t", "")
    assert len(render_pages(path, screenshot_dir, "proposal_zh")) == pages


def test_text_layer_reads_every_line_once(qapp, tmp_path):
    """No synthetic bold drawn twice, no line of the next page painted clipped: a section title is on one page."""
    doc, path, _pages = _pdf(tmp_path, "zh")
    body = pdf_pages_text(path)[2:]  # after the cover and the contents
    for number, section in enumerate(doc.sections[1:], start=1):
        title = section_number(number, "zh") + section.title
        found = [i for i, page in enumerate(body) if title in page.replace("\t", "").replace("\n", "")]
        assert len(found) == 1, (title, found)
    flat = "".join(body).replace("\t", "").replace("\n", "").replace(" ", "")
    model = doc.to_text().replace(" ", "").replace("\n", "")
    for word in ("配置清单及报价", "风险", "一次性费用", "增值税", "运维人员"):
        assert flat.count(word) == model.count(word), word  # as often as the document says it: no ghost copies


def test_english_pdf_has_contents_outline_and_links(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "en")
    text = pdf_text(path)
    assert f"Page 2 of {pages}" in text and "Contents" in text
    reader = pypdf.PdfReader(str(path))
    titles = [item["/Title"] for item in reader.outline if not isinstance(item, list)]
    numbered = [s for s in doc.sections if s.id != "cover"]
    assert len(titles) == len(numbered) and titles[0] == "1. Executive summary" and titles[-1].endswith("history")
    contents = reader.pages[1].get("/Annots") or []
    internal = [a.get_object() for a in contents if "/Dest" in a.get_object()]
    assert len(internal) == len(numbered)  # every contents line jumps to its section
    first_dest = internal[0]["/Dest"]
    assert reader.get_page_number(first_dest[0].get_object()) == 2  # the summary starts on page 3
    uris = [a.get_object()["/A"]["/URI"] for p in reader.pages for a in (p.get("/Annots") or [])
            if "/A" in a.get_object()]
    assert uris and all(u.startswith("http") for u in uris)  # the references link their URLs
    assert len(render_pages(path, screenshot_dir, "proposal_en")) == pages


def test_charts_are_vectors_and_only_the_logo_is_an_image(qapp, tmp_path):
    logo = QtGui.QImage(240, 80, QtGui.QImage.Format.Format_RGB32)
    logo.fill(QtGui.QColor("#0072B2"))
    logo_path = tmp_path / "logo.png"
    assert logo.save(str(logo_path))
    doc, plain, _ = _pdf(tmp_path, "zh", name="plain.pdf")
    _doc, branded, _ = _pdf(tmp_path, "zh", branding=Branding("示例科技", str(logo_path), "王工"), name="logo.pdf")
    assert doc.charts() and pdf_images(plain) == []  # charts are drawn as vectors, not pasted as pictures
    assert len(pdf_images(branded)) == 1
    text = pdf_text(plain)
    for label in ("权重", "显存容量", "机柜上限"):  # chart words are text, in the document's language
        assert label in text.replace("\t", ""), label


def test_long_table_breaks_between_rows_with_header_repeated(qapp, tmp_path, screenshot_dir):
    plan = training_plan()
    ledger = plan.phases[0].ledger
    line = ledger.lines[0]
    plan.phases[0].ledger_made = replace(ledger, lines=tuple(replace(line, item=f"SRV-{i:03d}", quantity=1) for i in range(140))
                                    + ledger.lines[1:])
    _doc, path, pages = _pdf(tmp_path, "zh", plan=plan, name="long.pdf")
    page_texts = pdf_pages_text(path)
    seen = [name for page in page_texts for name in re.findall(r"SRV-\d{3}", page)]
    assert seen == [f"SRV-{i:03d}" for i in range(140)]  # every row once, in order: none split, none drawn twice
    bom_pages = [p for p in page_texts if "SRV-" in p]
    assert len(bom_pages) >= 3
    assert all("价格依据" in p for p in bom_pages)  # header row repeated on every page the table spans
    render_pages(path, screenshot_dir, "long_bom")


def test_layout_keeps_headings_with_their_content_and_values_on_one_line(qapp):
    ensure_application()
    plan, project = roadmap_plan()
    doc = build_proposal(plan, project, "zh", Branding("示例科技"), issued=ISSUED, catalog=catalog())
    laid = layout(doc, cjk_font_family())
    for page in laid.pages:
        last = page[-1][0]
        assert not (isinstance(last, TextLines) and last.keep), "a heading left at the foot of a page"
        used = sum(f.height() for f, _x, _y in page)
        assert used <= BODY_H + 8  # the gap below the last block may fall off the foot
        for flowable, _x, _y in page:
            if isinstance(flowable, Table):
                for row in flowable.rows:
                    for cell in row.cells:
                        if len(cell.lines) > 1:
                            assert not is_value("".join(cell.lines)), cell.lines  # an amount never wraps


def test_roadmap_pdf(qapp, tmp_path, screenshot_dir):
    plan, project = roadmap_plan()
    _doc, path, _pages = _pdf(tmp_path, "zh", plan, project, name="roadmap.pdf")
    text = pdf_text(path)
    assert "分阶段实施路线图" in text and "全部阶段" in text and "Production" in text
    render_pages(path, screenshot_dir, "roadmap_zh")


def test_unwritable_output_is_an_oserror(qapp, tmp_path):
    doc = build_proposal(training_plan(), training_project(), "en", Branding())
    with pytest.raises(OSError):
        write_proposal_pdf(doc, tmp_path / "missing-folder" / "out.pdf")


def test_section_numbers():
    assert [section_number(i, "zh") for i in (1, 10, 11, 16, 20)] == ["一、", "十、", "十一、", "十六、", "二十、"]
    assert section_number(3, "en") == "3."


def test_a_short_note_under_an_amount_stays_on_one_line(qapp):
    """The bank proposal's roadmap (zh, page 27) broke '+ 1 项待询价' before its last character: a note of a few
    characters under an amount is as unbreakable as the amount; the phase's name wraps instead."""
    ensure_application()
    header = ("阶段", "起始月", "月数", "GPU 数", "交付方式", "一次性投入", "年运营费用", "阶段合计")
    rows = [("上线：在昇腾 910B 上私有化推理（信创）" * 2, "4", "12", "248", "私有化部署（自购）", "4,532 万元",
             "494.4 万元", "5,026 万元\n+ 4 项待询价")]
    align = ("left", "right", "right", "right", "left", "right", "right", "right")  # as the roadmap's DataTable
    table = build_table(cjk_font_family(), header, rows, align, fixed=[a == "right" for a in align])
    assert table.rows[0].cells[7].lines == ["5,026 万元", "+ 4 项待询价"]
    assert len(table.rows[0].cells[0].lines) > 1


def test_the_warm_up_page_holds_every_block_kind_and_draws(qapp):
    """``gpudesk report`` draws a throwaway page while the searches run, so that the proposal drawn after them does
    not pay what a process's first document pays (gpudesk/pdf/warm_up.py): it holds a block of every kind a
    proposal has (a new kind is warmed up too), drawn to memory."""
    from typing import get_args

    from gpudesk.pdf.warm_up import warm_up_document, warm_up_painting
    from gpudesk.report import document

    assert {type(b) for s in warm_up_document("zh").sections for b in s.blocks} == set(get_args(document.Block))
    warm_up_painting("zh")
