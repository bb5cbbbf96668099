"""Screenshots for review: every wizard step in Chinese on the manufacturer sample, the main window in dark theme."""

from __future__ import annotations

from screenshot_paths import screenshot_folder
import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.ui.i18n import install_language
from gpudesk.ui.theme import apply_theme

SHOTS = screenshot_folder("i18n")
MANUFACTURER = next(p for p in SAMPLES if p.name.startswith("manufacturer"))


@pytest.fixture
def chinese() -> Iterator[None]:
    before = QLocale()
    installed = install_language(QApplication.instance(), "zh")
    yield
    installed.uninstall()
    QLocale.setDefault(before)


def save(widget, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    flush()
    path = SHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 10_000
    return path


def test_every_step_in_chinese(chinese, make_window):  # noqa: F811
    window = make_window(MANUFACTURER, lang="zh")
    assert window.menuBar().actions()[0].text() == "文件(&F)"
    for step in range(1, 8):
        window.go_to_step(step)
        assert window.step_list.currentRow() == step - 1
        save(window, f"zh-step-{step}")


def test_main_window_dark(chinese, make_window, qapp):  # noqa: F811
    apply_theme(qapp, "dark")
    try:
        window = make_window(MANUFACTURER, lang="zh")
        window.go_to_step(2)
        image = window.grab().toImage()
        assert image.pixelColor(image.width() // 2, image.height() // 2).lightness() < 128
        save(window, "zh-main-dark")
    finally:
        apply_theme(qapp, "system")
