"""Catalog browser: user rows through the form, invalid edits, CSV and package exchange."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QMessageBox

from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser import CatalogBrowser
from gpudesk.ui.catalog_browser.citation_dialog import CitationDialog
from gpudesk.ui.catalog_browser.exchange import ImportReportDialog
from gpudesk.ui.catalog_browser.row_form import RowFormDialog
from gpudesk.ui.fonts import apply_application_font


@pytest.fixture
def catalog(qapp) -> Catalog:
    apply_application_font(qapp)
    return Catalog.open()


@pytest.fixture
def browser(qtbot, catalog) -> CatalogBrowser:
    widget = CatalogBrowser(catalog)
    qtbot.addWidget(widget)
    widget.resize(1400, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _type(qtbot, dialog: RowFormDialog, field: str, text: str) -> None:
    editor = dialog.editors[field]
    if isinstance(editor, QLineEdit):
        editor.clear()
    qtbot.keyClicks(editor, text)


def _type_chinese(editor: QLineEdit, text: str) -> None:
    """Chinese arrives through the input method, as a committed string (QTest keys are Latin-1 only)."""
    editor.setFocus()
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(editor, event)


def _new_source(qtbot, existing: set[str]) -> CitationDialog:
    source = CitationDialog(existing)
    qtbot.addWidget(source)
    qtbot.keyClicks(source.id_edit, "quote-acme-2025-05")
    qtbot.keyClicks(source.title_edit, "Acme reseller quote May 2025")
    qtbot.keyClicks(source.publisher_edit, "Acme Systems")
    source.accept()
    assert source.citation is not None and source.citation.id == "quote-acme-2025-05"
    return source


def add_user_accelerator(qtbot, browser: CatalogBrowser, rid: str = "acme-x1", name: str = "测试加速卡") -> RowFormDialog:
    browser.show_table("accelerators")
    dialog = browser.open_row_form("add")
    qtbot.addWidget(dialog)
    _type(qtbot, dialog, "id", rid)
    _type(qtbot, dialog, "name", "Acme X1 ")
    _type_chinese(dialog.editors["name"], name)
    for field, text in (("vendor", "huawei"), ("family", "huawei-ascend")):
        combo = dialog.editors[field]
        assert isinstance(combo, QComboBox)
        qtbot.keyClicks(combo, text)
        assert combo.currentText() == text
    for field, text in (("memory_gb", "96"), ("memory_type", "HBM2e"), ("mem_bw_gbs", "1600"),
                        ("bf16_tflops", "300"), ("tdp_w", "400"), ("price_usd", "15000")):
        _type(qtbot, dialog, field, text)
    dialog.editors["markets"].boxes["china-market"].setChecked(True)
    dialog.add_pending_citation(_new_source(qtbot, set(browser.catalog.citations())).citation)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    return dialog


def test_add_user_accelerator_with_the_keyboard_marks_it(qtbot, browser) -> None:
    dialog = add_user_accelerator(qtbot, browser)
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.error_label.text()
    page = browser.pages["accelerators"]
    row = page.model.row_of("acme-x1")
    assert row >= 0
    assert "★" in page.model.index(row, 0).data()
    assert page.model.index(row, 1).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert [r.id for r in page.selected_records()] == ["acme-x1"]
    assert "Acme reseller quote May 2025" in browser.detail.toPlainText()
    stored = Catalog.open().accelerator("acme-x1")  # on disk, in the user overlay
    assert stored.provenance.user_row and stored.memory_gb == 96 and stored.price_usd == 15000
    assert stored.markets == ("china-market",) and stored.name == "Acme X1 测试加速卡"
    assert "fp8_tflops" in stored.provenance.unknown  # left empty = unknown, never guessed
    assert stored.provenance.source == "quote-acme-2025-05"


def test_invalid_edit_shows_the_reason_and_writes_nothing(qtbot, browser) -> None:
    add_user_accelerator(qtbot, browser)
    browser.select("accelerators", ["acme-x1"])
    assert browser.edit_action.isEnabled()
    dialog = browser.open_row_form("edit")
    qtbot.addWidget(dialog)
    assert dialog.mode == "edit" and dialog.editors["id"].isReadOnly()
    _type(qtbot, dialog, "memory_gb", "5000")
    dialog.date_edit.setText("2025-13-40")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.result() != dialog.DialogCode.Accepted
    text = dialog.error_label.text()
    assert "Memory (GB): 5000 GB is above 1000 GB" in text
    assert "Date" in text and "calendar date" in text
    assert dialog.editors["memory_gb"].property("catalogError")
    assert Catalog.open().accelerator("acme-x1").memory_gb == 96
    _type(qtbot, dialog, "memory_gb", "abc")
    dialog.date_edit.setText("2025-05-20")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "Memory (GB): expected a number" in dialog.error_label.text()
    assert not dialog.date_edit.property("catalogError")  # the fixed field is no longer marked
    _type(qtbot, dialog, "memory_gb", "128")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted
    assert Catalog.open().accelerator("acme-x1").memory_gb == 128


def test_add_with_a_taken_id_or_missing_source_is_refused(qtbot, browser) -> None:
    browser.show_table("nics")
    dialog = browser.open_row_form("add")
    qtbot.addWidget(dialog)
    _type(qtbot, dialog, "id", "connectx-7-ndr")
    _type(qtbot, dialog, "name", "Copy")
    qtbot.keyClicks(dialog.editors["kind"], "infiniband")
    _type(qtbot, dialog, "gbps", "400")
    before = len(Catalog.open().nics())
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "Id: this id is already used" in dialog.error_label.text()
    _type(qtbot, dialog, "id", "my-nic")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "Source: every row needs a source citation" in dialog.error_label.text()
    assert len(Catalog.open().nics()) == before


def test_shipped_rows_duplicate_into_user_rows_and_only_user_rows_delete(qtbot, browser, catalog) -> None:
    shipped_price = catalog.accelerator("h100-sxm").price_usd
    browser.select("accelerators", ["h100-sxm"])
    assert not browser.edit_action.isEnabled() and browser.duplicate_action.isEnabled()
    assert not browser.delete_action.isEnabled()
    dialog = browser.open_row_form("edit")  # a shipped row is duplicated, never edited in place
    qtbot.addWidget(dialog)
    assert dialog.mode == "duplicate" and dialog.editors["id"].text() == "h100-sxm-copy"
    _type(qtbot, dialog, "price_usd", "25123")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.error_label.text()
    copy = catalog.accelerator("h100-sxm-copy")
    assert copy.provenance.user_row and copy.price_usd == 25123 and copy.memory_gb == 80
    assert "price_usd" not in copy.provenance.unknown
    assert catalog.accelerator("h100-sxm").price_usd == shipped_price  # the shipped row is untouched
    assert browser.delete_action.isEnabled()
    assert browser.delete_rows("accelerators", ["h100-sxm"])  # refused, with the reason
    assert browser.delete_rows("accelerators", ["h100-sxm-copy"]) == []
    assert browser.pages["accelerators"].model.row_of("h100-sxm-copy") == -1


def test_csv_export_then_import_round_trip(qtbot, browser, tmp_path: Path) -> None:
    add_user_accelerator(qtbot, browser)
    original = browser.catalog.accelerator("acme-x1")
    path = tmp_path / "mine.csv"
    assert browser.export_csv_to("accelerators", path, user_only=True) == 1
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: spreadsheets read the Chinese name
    full = tmp_path / "all.csv"
    assert browser.export_csv_to("accelerators", full) == len(browser.catalog.accelerators())
    browser.delete_rows("accelerators", ["acme-x1"])
    report = browser.import_csv_from("accelerators", path)
    qtbot.addWidget(report)
    assert report.outcome.applied and report.outcome.counts == {"accelerators": 1}
    assert report.rows() == [["accelerators", "1"]]
    assert browser.catalog.accelerator("acme-x1") == original
    assert browser.pages["accelerators"].model.row_of("acme-x1") >= 0


def test_rejected_csv_import_lists_every_row_and_applies_nothing(qtbot, browser, tmp_path: Path) -> None:
    add_user_accelerator(qtbot, browser)
    path = tmp_path / "prices.csv"
    browser.export_csv_to("accelerators", path, user_only=True)
    text = path.read_text(encoding="utf-8-sig").splitlines()
    good = text[1].replace("acme-x1", "acme-x2", 1)
    bad = text[1].replace("acme-x1", "acme-x3", 1).replace(",96.0,", ",9600.0,", 1)
    path.write_text("\n".join([text[0], good, bad]) + "\n", encoding="utf-8")
    before = len(browser.catalog.accelerators())
    report = browser.import_csv_from("accelerators", path)
    qtbot.addWidget(report)
    assert not report.outcome.applied
    assert "nothing was imported" in report.summary.text()
    rows = report.rows()
    assert any(r[2] == "memory_gb" and "above" in r[3] and "acme-x3" in r[1] for r in rows)
    assert len(Catalog.open().accelerators()) == before  # not even the good line


def test_gb18030_csv_from_a_chinese_spreadsheet_imports(qtbot, browser, tmp_path: Path) -> None:
    add_user_accelerator(qtbot, browser)
    path = tmp_path / "gbk.csv"
    browser.export_csv_to("accelerators", path, user_only=True)
    text = path.read_text(encoding="utf-8-sig").replace("acme-x1", "acme-gbk")
    path.write_bytes(text.encode("gb18030"))
    report = browser.import_csv_from("accelerators", path)
    qtbot.addWidget(report)
    assert report.outcome.applied and report.outcome.encoding == "gb18030"
    assert browser.catalog.accelerator("acme-gbk").name == "Acme X1 测试加速卡"


def test_price_list_package_round_trip_and_rejection(qtbot, browser, tmp_path: Path) -> None:
    add_user_accelerator(qtbot, browser)
    package = tmp_path / "team.gpcat.zip"
    assert browser.export_package_to(package) == {"accelerators": 1}
    browser.delete_rows("accelerators", ["acme-x1"])
    report = browser.import_package_from(package)
    qtbot.addWidget(report)
    assert report.outcome.applied and browser.catalog.accelerator("acme-x1").price_usd == 15000
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"not a zip")
    report = browser.import_package_from(broken)
    qtbot.addWidget(report)
    assert isinstance(report, ImportReportDialog) and not report.outcome.applied
    assert "not a readable catalog package" in report.rows()[0][3]


def test_delete_asks_first_and_then_removes_the_user_row(qtbot, browser) -> None:
    add_user_accelerator(qtbot, browser)
    browser.select("accelerators", ["acme-x1"])
    assert browser.delete_action.isEnabled()
    browser.delete_action.trigger()
    box = browser.open_dialogs[-1]
    assert isinstance(box, QMessageBox) and "acme-x1" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert browser.pages["accelerators"].model.row_of("acme-x1") == -1
    assert all(a.id != "acme-x1" for a in Catalog.open().accelerators())
