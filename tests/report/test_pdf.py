"""PDF output: embedded CJK font, extractable Chinese headings, clean page breaks, page images to look at."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from dataclasses import replace

import pytest
from PySide6 import QtGui
from report_samples import roadmap_plan, training_plan, training_project

from gpudesk.core.plan_result import BomLine
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.ui.report.pdf_writer import write_proposal_pdf
from gpudesk.ui.report.text_layout import section_number

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed"),
]
ISSUED = dt.date(2025, 6, 1)


def _run(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def _pdf(tmp_path, lang, plan=None, project=None, branding=Branding("示例科技有限公司", "", "王工"), name=""):
    doc = build_proposal(plan or training_plan(), project or training_project(), lang, branding, issued=ISSUED)
    path = tmp_path / (name or f"proposal_{lang}.pdf")
    pages = write_proposal_pdf(doc, path)
    return doc, path, pages


def _snap(path, screenshot_dir, stem):
    for old in screenshot_dir.glob(f"{stem}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(path), str(screenshot_dir / stem)], check=True)
    return sorted(screenshot_dir.glob(f"{stem}-*.png"))


def test_chinese_pdf_embeds_cjk_font_and_extracts_headings(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "zh")
    fonts = _run("pdffonts", str(path))
    cjk = [line for line in fonts.splitlines() if "WenQuanYi" in line]
    assert cjk and all(" yes " in line for line in cjk), fonts  # embedded
    text = _run("pdftotext", "-layout", str(path), "-")
    for heading in ("技术方案书", "方案摘要", "配置清单及报价", "供电、制冷与机柜", "风险与应对", "修订记录"):
        assert heading in text, heading
    assert "$2,312,000" in text and "华东某银行" in text
    assert f"第{pages}页/共{pages}页" in text.replace(" ", "")
    assert len(_snap(path, screenshot_dir, "proposal_zh")) == pages


def test_english_pdf(qapp, tmp_path, screenshot_dir):
    doc, path, pages = _pdf(tmp_path, "en")
    text = _run("pdftotext", str(path), "-")
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
    plain_images = _run("pdfimages", "-list", str(plain)).splitlines()[2:]
    branded_images = _run("pdfimages", "-list", str(branded)).splitlines()[2:]
    assert len(plain_images) >= len(doc.charts())  # every chart drawn (plus any soft masks)
    assert len(branded_images) > len(plain_images)
    widths = [int(line.split()[3]) for line in plain_images]
    assert max(widths) >= 1200  # 640-px chart rendered at 2× → sharp in print


def test_long_table_breaks_across_pages_with_header_repeated(qapp, tmp_path, screenshot_dir):
    plan = training_plan()
    line = plan.phases[0].bom[0]
    plan.phases[0].bom = [replace(line, item=f"SRV-{i:03d}", quantity=1) for i in range(140)]
    _doc, path, pages = _pdf(tmp_path, "zh", plan=plan, name="long.pdf")
    text = _run("pdftotext", "-layout", str(path), "-")
    assert "SRV-139" in text
    bom_pages = [p for p in text.split("\f") if "SRV-" in p]
    assert len(bom_pages) >= 3
    assert all("价格来源" in p for p in bom_pages)  # header row repeated on every page the table spans
    _snap(path, screenshot_dir, "long_bom")


def test_roadmap_pdf(qapp, tmp_path, screenshot_dir):
    plan, project = roadmap_plan()
    _doc, path, pages = _pdf(tmp_path, "zh", plan, project, name="roadmap.pdf")
    text = _run("pdftotext", str(path), "-")
    assert "分阶段实施路线图" in text and "配置清单：Production" in text
    _snap(path, screenshot_dir, "roadmap_zh")


def test_unwritable_output_is_an_oserror(qapp, tmp_path):
    doc = build_proposal(training_plan(), training_project(), "en", Branding())
    with pytest.raises(OSError):
        write_proposal_pdf(doc, tmp_path / "missing-folder" / "out.pdf")


def test_section_numbers():
    assert [section_number(i, "zh") for i in (1, 10, 11, 16, 20)] == ["一、", "十、", "十一、", "十六、", "二十、"]
    assert section_number(3, "en") == "3."


def test_bom_line_extended():
    assert BomLine("compute", "x", 3, "server", 10.0, "USD", "s", "d").extended == 30.0
