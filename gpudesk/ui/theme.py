"""Light, dark or system appearance for the whole application."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from gpudesk.ui.status_style import DARK_HIGHLIGHT, LIGHT_HIGHLIGHT

Role = QPalette.ColorRole
DARK_COLOURS = {
    Role.Window: "#2b2d31", Role.WindowText: "#e8e8e8", Role.Base: "#1f2023", Role.AlternateBase: "#2b2d31",
    Role.Text: "#e8e8e8", Role.Button: "#34363b", Role.ButtonText: "#e8e8e8", Role.Highlight: DARK_HIGHLIGHT,
    Role.HighlightedText: "#ffffff", Role.ToolTipBase: "#34363b", Role.ToolTipText: "#e8e8e8",
    Role.PlaceholderText: "#9a9a9a", Role.Link: "#6fb3ff",
}
COLOUR_SCHEMES = {"system": Qt.ColorScheme.Unknown, "light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK_COLOURS.items():
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, Role.Text, QColor("#7a7a7a"))
    palette.setColor(QPalette.ColorGroup.Disabled, Role.ButtonText, QColor("#7a7a7a"))
    return palette


def effective_theme(app: QApplication, theme: str) -> str:
    """"light" or "dark": ``theme`` itself, or for "system" what the platform reports (Qt 6.5+ colour scheme)."""
    if theme != "system":
        return theme
    return "dark" if app.styleHints().colorScheme() == Qt.ColorScheme.Dark else "light"


def apply_theme(app: QApplication, theme: str) -> None:
    """``theme``: "system", "light" or "dark". Charts created afterwards follow the palette."""
    if theme not in COLOUR_SCHEMES:
        raise ValueError(f"theme {theme!r} not in {tuple(COLOUR_SCHEMES)}")
    hints = app.styleHints()
    if theme == "system":
        hints.unsetColorScheme()
    else:
        hints.setColorScheme(COLOUR_SCHEMES[theme])
    if effective_theme(app, theme) == "dark":
        app.setStyle("Fusion")
        app.setPalette(dark_palette())
    else:
        palette = app.style().standardPalette()
        palette.setColor(Role.Highlight, QColor(LIGHT_HIGHLIGHT))  # white selected text at 6:1, not 3.6:1
        app.setPalette(palette)
