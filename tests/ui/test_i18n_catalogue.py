"""The translation catalogue: complete, in step with the code, compiled, and loaded with the right language."""

from __future__ import annotations

import datetime as dt
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui import i18n


def ts_messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    out = {}
    for context in ET.parse(path).getroot().iter("context"):
        for message in context.iter("message"):
            out[(context.findtext("name"), message.findtext("source"))] = message.find("translation")
    return out


def test_the_ts_holds_every_text_of_the_code_and_nothing_else():
    extracted = set(i18n.extract())
    in_ts = set(ts_messages(i18n.ts_path()))
    assert not extracted - in_ts, f"run `python -m gpudesk.ui.i18n` and translate: {sorted(extracted - in_ts)[:20]}"
    assert not in_ts - extracted, f"texts no longer in the code: {sorted(in_ts - extracted)[:20]}"


def test_every_text_is_translated_keeping_its_placeholders():
    for (context, source), translation in ts_messages(i18n.ts_path()).items():
        # a count's noun picks its singular or plural sentence, never "1 row(s)" (31ec655 and after)
        assert "(s)" not in source, (context, source)
        assert translation is not None and translation.get("type") is None and translation.text, (context, source)
        for n in range(10):
            assert (f"{{{n}}}" in source) == (f"{{{n}}}" in translation.text), (context, source, translation.text)


def test_a_chinese_count_of_gpus_keeps_the_space_before_gpu():
    """'31 个节点共 248 张GPU' in the ranking's reasons beside '共 660 张 GPU' in the summary (walk-24, bank step 2)."""
    import re

    glued = [(source, t.text) for (_context, source), t in ts_messages(i18n.ts_path()).items()
             if t is not None and t.text and re.search(r"[张卡个台]GPU", t.text)]
    assert not glued, glued[:5]


def test_the_committed_qm_is_compiled_from_the_ts(tmp_path):
    """Compiled anew, the .qm equals the committed one; and compiling never changes a .qm a running app has loaded.

    Qt maps a loaded .qm file into memory and reads its translations from the mapping. lrelease rewrote the file in
    place (same inode), so every translator already loaded from it read the new file's bytes through its old offsets
    and answered nothing: each tr() text of a running Chinese window turned English from that moment on (a full window
    audit, running while `python -m gpudesk.ui.i18n` recompiled the catalogue, reported 87 English texts on one step
    of a Chinese walk: the 'Figure' header, 'Click to see the formula…', the what-if's 'Largest minus smallest…').
    ``compile_qm`` writes a new file and moves it into place: the loaded translator keeps the file it mapped."""
    fresh = tmp_path / "fresh.qm"
    shutil.copyfile(Path(i18n.qt_translations_dir()) / "qtbase_zh_CN.qm", fresh)  # another catalogue, loaded
    loaded = QTranslator()
    assert loaded.load(str(fresh)) and loaded.translate("QPlatformTheme", "Cancel") == "取消"
    i18n.compile_qm(i18n.ts_path(), fresh)
    assert fresh.read_bytes() == i18n.qm_path().read_bytes(), "run `python -m gpudesk.ui.i18n` to recompile the .qm"
    assert loaded.translate("QPlatformTheme", "Cancel") == "取消", "compiling rewrote a loaded .qm in place"


@pytest.mark.parametrize(
    ("command_line", "preference", "system", "expected"),
    [("en", "zh", "zh", "en"), (None, "zh", "en", "zh"), (None, "system", "zh", "zh"), (None, "system", "en", "en"),
     (None, "system", "fr", "en")],
)
def test_language_command_line_then_preference_then_system(command_line, preference, system, expected):
    assert i18n.choose_language(command_line, preference, system) == expected


def test_system_language_is_chinese_for_any_chinese_locale():
    assert i18n.system_language(QLocale("zh_TW")) == "zh"
    assert i18n.system_language(QLocale("zh_CN")) == "zh"
    assert i18n.system_language(QLocale("de_DE")) == "en"


def test_installing_chinese_translates_gpudesk_and_qt_and_sets_the_locale(qapp):
    before = QLocale()
    installed = i18n.install_language(QApplication.instance(), "zh")
    try:
        assert not installed.missing and len(installed.translators) == 2
        assert QCoreApplication.translate("MainWindow", "&File") == "文件(&F)"
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"  # Qt's own buttons
        assert QLocale().name() == "zh_CN"
    finally:
        installed.uninstall()
        QLocale.setDefault(before)
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"


def test_english_needs_no_translator(qapp):
    before = QLocale()
    installed = i18n.install_language(QApplication.instance(), "en")
    try:
        assert installed.translators == [] and QLocale().name() == "en_US"
    finally:
        QLocale.setDefault(before)


def test_numbers_money_and_dates_follow_the_locale():
    zh, en, de = QLocale("zh_CN"), QLocale("en_US"), QLocale("de_DE")
    assert i18n.format_number(1234567.25, 2, en) == "1,234,567.25"
    assert i18n.format_number(1234567.25, 2, de) == "1.234.567,25"
    assert i18n.format_money(1234567, "CNY", locale=zh) == "¥1,234,567"
    assert i18n.format_money(1234.5, "USD", 2, en) == "US$1,234.50"
    assert i18n.format_date(dt.date(2025, 3, 7), zh) == "2025/3/7"
    assert i18n.format_date(dt.date(2025, 3, 7), en) == "3/7/25"
