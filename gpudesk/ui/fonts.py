"""Make Chinese render as Chinese everywhere: UI, charts and PDFs.

The app bundles WenQuanYi Micro Hei (resources/fonts, Apache-2.0) and
registers it at start, so a fresh machine without CJK fonts still shows
and prints Chinese, never boxes.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from gpudesk.paths import resource_path

CJK_FONT_FILE = "wqy-microhei.ttc"
CJK_FAMILY = "WenQuanYi Micro Hei"


def register_bundled_fonts() -> list[str]:
    """Register the bundled fonts; returns the families Qt now knows from them."""
    families: list[str] = []
    font_dir = resource_path("fonts")
    for path in sorted(font_dir.glob("*.tt[cf]")) + sorted(font_dir.glob("*.otf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return families


def document_font(point_size: float = 10.0) -> QFont:
    """A font for documents (PDF): the bundled CJK family, which also covers Latin."""
    font = QFont(CJK_FAMILY)
    font.setPointSizeF(point_size)
    return font


def apply_application_font(app: QApplication) -> None:
    """Keep the platform's UI font for Latin text and fall back to the CJK family."""
    register_bundled_fonts()
    font = app.font()
    families = [f for f in font.families() if f] or [font.family()]
    if CJK_FAMILY not in families:
        families.append(CJK_FAMILY)
    font.setFamilies(families)
    app.setFont(font)
