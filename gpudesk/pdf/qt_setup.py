"""The Qt pieces a proposal needs before it can be drawn: an application and the bundled CJK font."""

from __future__ import annotations

import os
import sys
from functools import cache

from PySide6 import QtGui, QtWidgets

from gpudesk.paths import resource_path

CJK_FONT_FILE = ("fonts", "wqy-microhei.ttc")  # WenQuanYi Micro Hei, Apache-2.0 / GPLv3 (see LICENSE file beside it)


class FontUnavailableError(RuntimeError):
    """The bundled CJK font could not be loaded; Chinese would print as boxes."""


def ensure_application() -> QtWidgets.QApplication:
    """The running QApplication, or a new one (offscreen when there is no display).

    Charts are widgets, so a bare QGuiApplication is not enough.
    """
    app = QtWidgets.QApplication.instance()
    if app is not None:
        if not isinstance(app, QtWidgets.QApplication):
            raise RuntimeError("a QGuiApplication is running; rendering proposals needs a QApplication")
        return app
    headless = sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QtWidgets.QApplication(["gpudesk-report"])


@cache
def cjk_font_family() -> str:
    """Register the bundled WenQuanYi Micro Hei once per process and return its family name."""
    path = resource_path(*CJK_FONT_FILE)
    font_id = QtGui.QFontDatabase.addApplicationFont(str(path))
    if font_id < 0:
        raise FontUnavailableError(f"cannot load the bundled CJK font {path}")
    families = QtGui.QFontDatabase.applicationFontFamilies(font_id)
    if not families:
        raise FontUnavailableError(f"the bundled CJK font {path} declares no font family")
    return families[0]
