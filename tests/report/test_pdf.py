"""PDF output: embedded CJK font, extractable Chinese headings, clean page breaks, page images to look at."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from PySide6 import QtGui
from pdf_support import pdf_fonts, pdf_images, pdf_text, render_pages
from report_samples import roadmap_plan, training_plan, training_project

from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.pdf.text_layout import section_number

pytestmark = [pytest.mark.gui]
ISSUED = dt.date(2025, 6, 1)


def _pdf(tmp_path, lang, plan=None, project=None, branding=Branding("示例科技有限公司", "", "王工"), name=""):
    doc = build_proposal(plan or training_plan(), project or training_project(), lang, branding, issued=ISSUED)
    path = tmp_path / (name or f"proposal_{lang}.pdf")
    pages = write_proposal_pdf(doc, path)
    return doc, path, pages


def _snap(path, screenshot_dir, stem):
    return render_pages(path, screenshot_dir, stem)


def test_chinese_pdf_embeds_cjk_font_and_extracts_headings(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "zh")
    fonts = pdf_fonts(path)
    cjk = {name: embedded for name, embedded in fonts.items() if "WenQuanYi" in name}
    assert cjk and all(cjk.values()), fonts  # embedded
    text = pdf_text(path)
    for heading in ("技术方案书", "方案摘要", "配置清单及报价", "供电、制冷与机柜", "风险与应对", "修订记录"):
        assert heading in text, heading
    assert f"${plan_capex():,.0f}" in text and "华东某银行" in text
    assert f"第{pages}页/共{pages}页" in text.replace(" ", "")
    assert len(_snap(path, screenshot_dir, "proposal_zh")) == pages


def test_english_pdf(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "en")
    text = pdf_text(path)
    for section in doc.sections[1:]:
        assert section.title in text.replace("\n", " ") or section.title.split()[0] in text, section.title
    assert f"Page 2 of {pages}" in text
    assert len(_snap(path, screenshot_dir, "proposal_en")) == pages


def test_charts_and_logo_are_embedded_as_images(qapp, tmp_path):
    logo = QtGui.QImage(240, 80, QtGui.QImage.Format.Format_RGB32)
    logo.fill(QtGui.QColor("#0072B2"))
    logo_path = tmp_path / "logo.png"
    assert logo.save(str(logo_path))
    doc, plain, _ = _pdf(tmp_path, "zh", name="plain.pdf")
    _doc, branded, _ = _pdf(tmp_path, "zh", branding=Branding("示例科技", str(logo_path), "王工"), name="logo.pdf")
    plain_images = pdf_images(plain)
    branded_images = pdf_images(branded)
    assert len(plain_images) >= len(doc.charts())  # every chart drawn
    assert len(branded_images) > len(plain_images)
    widths = [width for width, _height in plain_images]
    assert max(widths) >= 1200  # 640-px chart rendered at 2× → sharp in print


def test_long_table_breaks_across_pages_with_header_repeated(qapp, tmp_path, screenshot_dir):
    plan = training_plan()
    ledger = plan.phases[0].ledger
    line = ledger.lines[0]
    plan.phases[0].ledger = replace(ledger, lines=tuple(replace(line, item=f"SRV-{i:03d}", quantity=1) for i in range(140)))
    _doc, path, pages = _pdf(tmp_path, "zh", plan=plan, name="long.pdf")
    text = pdf_text(path)
    assert "SRV-139" in text
    bom_pages = [p for p in text.split("\f") if "SRV-" in p]
    assert len(bom_pages) >= 3
    assert all("价格来源" in p for p in bom_pages)  # header row repeated on every page the table spans
    _snap(path, screenshot_dir, "long_bom")


def test_roadmap_pdf(qapp, tmp_path, screenshot_dir):
    plan, project = roadmap_plan()
    _doc, path, pages = _pdf(tmp_path, "zh", plan, project, name="roadmap.pdf")
    text = pdf_text(path)
    assert "分阶段实施路线图" in text and "配置清单：" in text and "Production" in text
    _snap(path, screenshot_dir, "roadmap_zh")


def test_unwritable_output_is_an_oserror(qapp, tmp_path):
    doc = build_proposal(training_plan(), training_project(), "en", Branding())
    with pytest.raises(OSError):
        write_proposal_pdf(doc, tmp_path / "missing-folder" / "out.pdf")


def test_section_numbers():
    assert [section_number(i, "zh") for i in (1, 10, 11, 16, 20)] == ["一、", "十、", "十一、", "十六、", "二十、"]
    assert section_number(3, "en") == "3."


def plan_capex() -> float:
    return training_plan().phases[0].ledger.capex
