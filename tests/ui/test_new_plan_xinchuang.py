"""File → New plan asks a China customer about 信创 (as the delivery step's compliance rows do), in zh and en."""

from __future__ import annotations

import pytest
from test_shell_support import SAMPLES, catalog, flush, language_restored, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.ui.i18n import install_language


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_new_plan_dialog_asks_xinchuang_in_china_only(qtbot, qapp, make_window, language_restored, lang):
    install_language(qapp, lang)
    window = make_window(None, lang=lang)
    dialog = window.dialogs.new_plan()
    flush()
    china = dialog.market.findData("cn")
    dialog.market.setCurrentIndex(china)
    assert dialog.domestic.isVisibleTo(dialog)
    words = [dialog.domestic.itemText(i) for i in range(dialog.domestic.count())]
    assert all("信创" in w for w in words[1:]) and ("必须国产（信创）" in words if lang == "zh" else
                                                    "Domestic parts required (信创)" in words)
    dialog.domestic.setCurrentIndex(dialog.domestic.findData("required"))
    assert ("昇腾" in dialog.summary.text() or "Ascend" in dialog.summary.text())
    dialog.select_kind("rendering_vdi")  # no domestic part in the catalog states vGPU profiles: said, not hidden
    assert ("国产" in dialog.summary.text()) if lang == "zh" else "no domestic accelerator" in dialog.summary.text()
    dialog.select_kind("llm_inference")
    dialog.accept()
    flush()
    phase = window.document.project.phases[0]
    assert phase.compliance.domestic_parts == "required"
    assert phase.hardware.accelerator_id == "ascend-910b"
    other = window.dialogs.new_plan()
    flush()
    other.market.setCurrentIndex(other.market.findData("us"))
    assert not other.domestic.isVisibleTo(other)
    other.reject()
