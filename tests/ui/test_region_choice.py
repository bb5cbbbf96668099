"""The facility region is a choice of named regions (中国大陆 / Mainland China), not a code typed into a text
field; a region code the list does not know (an older plan's) is shown as it is, marked, and kept."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QComboBox
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.ui.i18n import install_language

PATH = "phases[0].facility.region"


def region_combo(window) -> QComboBox:
    window.select(0, 0)
    window.go_to_step(7)
    flush()
    combo = window.current_page().form.editors[PATH]
    assert isinstance(combo, QComboBox)
    return combo


def test_region_is_a_named_choice_in_chinese(qapp, make_window) -> None:  # noqa: F811
    before = QLocale()  # install_language sets the default locale: later tests must get theirs back
    installed = install_language(qapp, "zh")
    try:
        window = make_window(next(p for p in SAMPLES if p.stem.startswith("gov")), lang="zh")
        combo = region_combo(window)
        assert combo.currentText() == "中国大陆" and combo.currentData() == "cn"
        assert [combo.itemText(i) for i in range(combo.count())] == ["中国大陆", "美国"]
        combo.setCurrentIndex(combo.findData("us"))
        flush()
        assert window.document.get(PATH) == "us"
    finally:
        installed.uninstall()
        QLocale.setDefault(before)


def test_an_unknown_region_code_is_shown_and_kept(make_window) -> None:  # noqa: F811
    window = make_window(next(p for p in SAMPLES if p.stem.startswith("ecommerce")))
    window.document.set(PATH, "cn-shanghai")
    combo = region_combo(window)
    window.current_page().form.refresh()
    flush()
    assert combo.currentData() == "cn-shanghai", combo.currentText()
    assert combo.currentText().startswith("cn-shanghai") and "not in the list" in combo.currentText()
    assert window.document.get(PATH) == "cn-shanghai"  # showing it changed nothing
    window.current_page().form.refresh()  # a second refresh keeps one marked entry, not two
    assert [combo.itemData(i) for i in range(combo.count())] == ["cn", "us", "cn-shanghai"]
    combo.setCurrentIndex(combo.findData("us"))
    flush()
    assert window.document.get(PATH) == "us"
