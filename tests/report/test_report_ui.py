"""The proposal dialog and the comparison view, driven as a user drives them."""

from __future__ import annotations

import csv
import datetime as dt
import re

import pytest
from pdf_support import pdf_text, render_pages
from PySide6 import QtCore, QtWidgets
from PySide6.QtPrintSupport import QPrinter
from report_samples import three_training_plans, training_plan, training_project

from gpudesk.pdf.styles import MARK
from gpudesk.report.comparison import compare_plans
from gpudesk.report.proposal import build_proposal
from gpudesk.ui.report.compare_view import CompareView, ComparisonTableModel
from gpudesk.ui.report.proposal_dialog import ProposalDialog

pytestmark = pytest.mark.gui


def _factory(calls):
    def build(lang, branding):
        calls.append((lang, branding))
        return build_proposal(training_plan(), training_project(), lang, branding, issued=dt.date(2025, 6, 1))
    return build


def test_dialog_saves_pdf_with_chosen_language_and_company(qtbot, tmp_path):
    calls = []
    out = tmp_path / "p.pdf"
    dialog = ProposalDialog(_factory(calls), str(out), lang="zh", author="王工")
    qtbot.addWidget(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    qtbot.keyClicks(dialog.company, "Acme Compute")
    with qtbot.waitSignal(dialog.saved) as saved:
        qtbot.mouseClick(dialog.save_button, QtCore.Qt.MouseButton.LeftButton)
    assert saved.args == [str(out)] and out.stat().st_size > 10_000
    assert calls[-1][0] == "en" and calls[-1][1].company == "Acme Compute" and calls[-1][1].author == "王工"
    text = pdf_text(out)
    assert "Acme Compute" in text and "Technical Proposal" in text


def test_dialog_refuses_non_pdf_output(qtbot, tmp_path):
    dialog = ProposalDialog(_factory([]), str(tmp_path / "p.txt"))
    qtbot.addWidget(dialog)
    assert dialog.save_pdf() is False and ".pdf" in dialog.status.text()


def test_dialog_refuses_a_logo_it_cannot_draw_and_writes_nothing(qtbot, tmp_path):
    """An empty logo.png was left off the cover and the proposal saved without a word."""
    logo, out = tmp_path / "logo.png", tmp_path / "p.pdf"
    logo.write_bytes(b"")
    dialog = ProposalDialog(_factory([]), str(out), lang="zh")
    qtbot.addWidget(dialog)
    dialog.logo.setText(str(logo))
    assert not dialog.save_pdf() and not out.exists()
    shown = dialog.status.text()  # in the session's language
    assert "logo.png" in shown and ("无法读取为图片" in shown or "cannot be read as an image" in shown), shown


def test_print_preview_paints_the_document(qtbot, tmp_path):
    dialog = ProposalDialog(_factory([]), "", lang="zh")
    qtbot.addWidget(dialog)
    preview = dialog.make_preview()
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "preview.pdf"
    printer.setOutputFileName(str(out))
    preview.paintRequested.emit(printer)
    text = pdf_text(out)
    assert "技术方案书" in text and "风险与应对" in text
    preview.deleteLater()


def test_comparison_model_passes_modeltester(qtmodeltester):
    model = ComparisonTableModel()
    from gpudesk.report.text_catalog import ReportText

    model.set_comparison(compare_plans(three_training_plans()), ReportText("en"))
    qtmodeltester.check(model)
    assert model.columnCount() == 2 + 3 + 2
    gpus = [model.index(r, 0).data() for r in range(model.rowCount())].index("GPUs (peak)")
    best = model.index(gpus, 3)  # plan "Small" has the fewest GPUs
    assert best.data(QtCore.Qt.ItemDataRole.BackgroundRole).color().name() == MARK
    assert model.index(gpus, 2).data(QtCore.Qt.ItemDataRole.BackgroundRole) is None
    assert model.index(gpus, 5).data(QtCore.Qt.ItemDataRole.ToolTipRole).startswith("GPUs (peak): Small − Base = ")
    assert "peak over phases of the sized configuration's GPUs" in model.index(gpus, 2).data(
        QtCore.Qt.ItemDataRole.ToolTipRole)
    model.set_comparison(compare_plans(three_training_plans()), ReportText("zh"))  # where it comes from, in Chinese
    tip = model.index(gpus, 2).data(QtCore.Qt.ItemDataRole.ToolTipRole)
    assert "各阶段测算配置 GPU 数的峰值" in tip and "compare." not in tip and "peak" not in tip, tip
    model.set_comparison(None, ReportText("en"))
    assert model.rowCount() == 0


def test_compare_view_exports_csv_and_pdf(qtbot, tmp_path, monkeypatch, screenshot_dir):
    view = CompareView("zh")
    qtbot.addWidget(view)
    assert not view.csv_button.isEnabled()
    view.set_comparison(compare_plans(three_training_plans()))
    # what each plan builds, phase by phase, in the proposal's words (the view showed figures only)
    configuration = view.configuration
    assert configuration.rowCount() == 1 and configuration.columnCount() == 3
    assert [configuration.horizontalHeaderItem(c).text() for c in range(3)] == ["方案 A", "方案 B", "方案 C"]
    assert all("卡" in configuration.item(0, c).text() and "TP" in configuration.item(0, c).text() for c in range(3))
    # each value with its unit and an unset value as the form words it, as the PDF prints them: the window read
    # "阶段时长 10" (months) and would read "¥0/卡" for a GPU price override left to the catalog
    cells = [view.inputs.topLevelItem(i).text(c) for i in range(view.inputs.topLevelItemCount()) for c in (1, 2, 3)]
    assert "8 台" in cells and "目录默认" in cells, cells
    assert not [c for c in cells if re.fullmatch(r"[-\d.,]+", c)], cells
    # every plan's column in sight: sized to its contents, a first plan's long names pushed the next plans' values
    # past the list's right edge (a comparison showing one plan's inputs). The view is made 12 px narrower than its
    # columns' contents (since 46d70e4e heads the plans by label, '方案 A', they fit a fixed 300 px on some fonts)
    view.resize(300, 700)
    view.show()
    qtbot.waitExposed(view)
    header = view.inputs.header()
    need = sum(view.inputs.sizeHintForColumn(c) for c in range(header.count()))
    view.resize(300 - (view.inputs.viewport().width() - need) - 12, 700)
    qtbot.waitUntil(lambda: view.inputs.viewport().width() < need)
    width = view.inputs.viewport().width()
    last = header.count() - 1
    assert need > width  # they would not fit
    assert header.sectionViewportPosition(last) + header.sectionSize(last) <= width
    assert view.chart.spec.kind == "cost_over_time"
    target = tmp_path / "cmp.csv"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(view.csv_button, QtCore.Qt.MouseButton.LeftButton)
    rows = list(csv.reader(target.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0][4:7] == ["Base", "Small", "Cheap"]
    assert ["nodes"] == [r[2] for r in rows if r[:2] == ["input", "phases[0].hardware.nodes"]]  # the unit said
    pdf = tmp_path / "cmp.pdf"
    assert view.export_pdf(pdf) >= 2
    text = pdf_text(pdf)
    assert "方案对比" in text and "输入差异" in text and "phases[" not in text  # inputs in words, not paths
    assert "散热方式" in text
    render_pages(pdf, screenshot_dir, "compare_zh")
