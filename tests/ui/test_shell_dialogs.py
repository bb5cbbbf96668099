"""Preferences round trip, proposal PDF through the dialog, comparing plans to CSV, crash reports."""

from __future__ import annotations

import csv
import logging
import sys

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QPushButton
from test_shell_support import SAMPLES, catalog, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.paths import user_log_dir
from gpudesk.ui.actions import ActionId
from gpudesk.ui.excepthook import CrashDialog, install_excepthook
from gpudesk.ui.preferences_dialog import PreferencesDialog
from gpudesk.ui.settings import SETTINGS, AppSettings, open_qsettings

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

USD_SAMPLES = [p for p in SAMPLES if p.name in ("ecommerce-recsys.gpudesk", "startup-inspection.gpudesk")]


def test_settings_round_trip_and_bad_values_read_as_default(tmp_path):
    path = tmp_path / "s.ini"
    first = AppSettings(open_qsettings(path))
    first.set("preferences/author", "张工")
    first.set("preferences/autosave_interval_s", 7)
    first.set("window/geometry", b"\x00\x01geometry")
    with pytest.raises(ValueError):
        first.set("preferences/theme", "purple")
    first.store.setValue("ui/last_step", "99")
    first.sync()
    second = AppSettings(open_qsettings(path))
    assert second.get("preferences/author") == "张工"
    assert second.get("preferences/autosave_interval_s") == 7 and second.autosave_interval_ms == 7000
    assert second.get("window/geometry") == b"\x00\x01geometry"
    assert second.get("ui/last_step") == 1
    assert second.language("en") == "en"
    assert {s.key for s in SETTINGS} >= {"preferences/language", "preferences/theme", "preferences/company_name",
                                          "preferences/company_logo", "preferences/default_currency"}


def test_preferences_dialog_validates_and_saves(qtbot, settings, tmp_path):
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.editors["preferences/company_name"].setText("算力方案有限公司")
    dialog.editors["preferences/company_logo"].setText(str(tmp_path / "missing.png"))
    assert not dialog.validate() and "does not exist" in dialog.problem.text()
    logo = tmp_path / "logo.png"
    logo.write_bytes(b"\x89PNG\r\n\x1a\n")
    dialog.editors["preferences/company_logo"].setText(str(logo))
    dialog.editors["preferences/language"].setCurrentIndex(dialog.editors["preferences/language"].findData("zh"))
    dialog.editors["preferences/default_currency"].setCurrentIndex(1)
    dialog.editors["preferences/autosave_interval_s"].setValue(12)
    assert dialog.validate()
    dialog.accept()
    reread = AppSettings(open_qsettings(settings.store.fileName()))
    assert reread.get("preferences/company_name") == "算力方案有限公司"
    assert reread.get("preferences/company_logo") == str(logo)
    assert reread.get("preferences/language") == "zh" and reread.get("preferences/default_currency") == "CNY"
    assert reread.get("preferences/autosave_interval_s") == 12


def test_a_company_or_author_over_the_proposals_limit_is_refused_in_words_not_cut(qtbot, settings):
    """The preferences cut a pasted name at 300 characters without a word, and the proposal clipped it again at the
    cover's 80 (company) or 60 (author): now the dialog keeps every character typed and says the limit."""
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.editors["preferences/company_name"].setText("公" * 500)
    assert dialog.editors["preferences/company_name"].text() == "公" * 500
    assert not dialog.validate() and "500 characters; at most 80" in dialog.problem.text(), dialog.problem.text()
    dialog.editors["preferences/company_name"].setText("公" * 80)
    dialog.editors["preferences/author"].setText("王" * 61)
    assert not dialog.validate() and "61 characters; at most 60" in dialog.problem.text()
    dialog.editors["preferences/author"].setText("王工")
    assert dialog.validate()


def test_preferences_apply_to_the_window_and_new_plans(make_window, settings):
    window = make_window()
    dialog = window.actions_[ActionId.PREFERENCES].trigger() or window.dialogs.open["preferences"]
    dialog.editors["preferences/language"].setCurrentIndex(dialog.editors["preferences/language"].findData("zh"))
    dialog.editors["preferences/default_currency"].setCurrentIndex(dialog.editors["preferences/default_currency"]
                                                                  .findData("CNY"))
    dialog.editors["preferences/autosave_interval_s"].setValue(3)
    dialog.accept()
    # this window was built without a LanguageSwitch, so it keeps its language (the switch itself:
    # test_language_switch.py); the preference is saved for the next start
    assert window.lang == "en" and settings.get("preferences/language") == "zh"
    assert window.files._timer.interval() == 3000
    window.files.new_document()
    assert window.document.project.phases[0].costs.currency == "CNY"


def test_export_proposal_pdf_through_the_dialog(qtbot, make_window, settings, tmp_path, monkeypatch):
    settings.set("preferences/company_name", "Acme AI")
    settings.set("preferences/author", "Li Lei")
    window = make_window(USD_SAMPLES[0])
    window.actions_[ActionId.EXPORT_PROPOSAL].trigger()
    dialog = window.dialogs.open["proposal"]
    assert dialog.company.text() == "Acme AI" and dialog.branding().author == "Li Lei"
    target = tmp_path / "proposal.pdf"
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "PDF"))
    dialog._browse_output()
    with qtbot.waitSignal(dialog.saved, timeout=30000):
        dialog.save_button.click()
    assert target.read_bytes()[:5] == b"%PDF-" and target.stat().st_size > 10_000


def test_compare_two_sample_plans_into_csv(make_window, tmp_path, monkeypatch):
    window = make_window()
    monkeypatch.setattr("gpudesk.ui.window_dialogs.QFileDialog.getOpenFileNames",
                        lambda *a, **k: ([str(p) for p in USD_SAMPLES[:2]], ""))
    window.actions_[ActionId.COMPARE].trigger()
    dialog = window.dialogs.open["compare"]
    assert len(dialog.view.comparison.names) == 2
    target = tmp_path / "compare.csv"
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "CSV"))
    dialog.view.csv_button.click()
    rows = list(csv.reader(target.read_text(encoding="utf-8-sig").splitlines()))
    assert len(rows) > 3 and len(rows[0]) >= 4


def test_compare_refuses_a_single_plan_with_a_message(make_window):
    window = make_window()
    assert window.dialogs.compare_plans(USD_SAMPLES[:1]) is None
    assert "between 2 and 4" in window.statusBar().currentMessage()


def test_about_names_version_and_catalog(make_window, catalog):
    window = make_window()
    window.actions_[ActionId.ABOUT].trigger()
    text = window.dialogs.open["about"].text()
    assert catalog.version in text and catalog.built in text
    window.actions_[ActionId.USER_GUIDE].trigger()
    assert "The seven steps" in window.dialogs.open["user_guide"].browser.toPlainText()


class Emitter(QObject):
    fire = Signal()


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_is_logged_and_shown(qtbot):
    shown = []
    previous = sys.excepthook
    install_excepthook(lambda report, path: shown.append((report, path)))
    try:
        emitter = Emitter()

        def broken_slot() -> None:
            raise RuntimeError("slot failed on purpose")

        emitter.fire.connect(broken_slot)
        emitter.fire.emit()
    finally:
        sys.excepthook = previous
    assert len(shown) == 1
    report, path = shown[0]
    assert "RuntimeError: slot failed on purpose" in report and "broken_slot" in report
    for handler in logging.getLogger("gpudesk").handlers:
        handler.flush()
    assert path == user_log_dir() / "gpudesk.log"
    assert "slot failed on purpose" in path.read_text(encoding="utf-8")
    dialog = CrashDialog(report, path)
    qtbot.addWidget(dialog)
    copy_button = next(b for b in dialog.findChildren(QPushButton) if "Copy" in b.text())
    copy_button.click()
    assert QApplication.clipboard().text() == report
    assert dialog.report.toPlainText() == report and dialog.report.isReadOnly()


def test_new_plans_start_in_yuan_in_a_chinese_interface_until_a_currency_is_picked(qapp, settings):
    """The guided start offered a Chinese user the US market and dollars (the preference defaulted to USD in
    every language); a currency the user picked is kept in either language."""
    from PySide6.QtCore import QLocale

    from gpudesk.ui.i18n import install_language

    before = QLocale()
    installed = install_language(qapp, "zh")
    try:
        assert settings.get("preferences/default_currency") == "CNY"
        settings.set("preferences/default_currency", "USD")
        assert settings.get("preferences/default_currency") == "USD"
    finally:
        installed.uninstall()
        QLocale.setDefault(before)
    settings.store.remove("preferences/default_currency")
    assert settings.get("preferences/default_currency") == "USD"
