"""Colours that say a status (done, warning, blocked, information, unknown) and read at 4.5:1 or better
(WCAG 2.1 AA for text) on the backgrounds they appear on, in the light and in the dark theme.

Measured by ``contrast_ratio`` against the light palette's base (#ffffff), alternate base (#f7f7f7) and window
(#efefef), and the dark palette's base (#1f2023) and window (#2b2d31); ``tests/ui/test_contrast.py`` checks
every pair, and the selected row's white text on the highlight colour of each theme.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

COMPLETE, WARNING, BLOCKED, INFO, UNKNOWN = "complete", "warning", "blocked", "info", "unknown"
PENDING = "pending"  # still being computed in idle time

LIGHT = {COMPLETE: "#196f3d", WARNING: "#7e5109", BLOCKED: "#a93226", INFO: "#1a5f8f", UNKNOWN: "#a93226",
         PENDING: "#1a5f8f"}
DARK = {COMPLETE: "#58d68d", WARNING: "#f5b041", BLOCKED: "#ff7b72", INFO: "#7fb3ff", UNKNOWN: "#ff7b72",
        PENDING: "#7fb3ff"}
MARKS = {COMPLETE: "✔", WARNING: "▲", BLOCKED: "✖", INFO: "ⓘ", UNKNOWN: "？", PENDING: "…"}
"""Status marks drawn from the bundled WenQuanYi Micro Hei (``gpudesk.ui.fonts``), so that they never fall back
to a font a machine may lack (⛔ and ⚠ are not in it: ⛔ drew as an empty box)."""
LIGHT_HIGHLIGHT = "#2a64a8"  # white text on it: 6.0:1 (Fusion's own #308cc6 gives 3.6:1)
DARK_HIGHLIGHT = "#2f6db5"  # white text on it: 5.3:1


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def status_colour(status: str, palette: QPalette) -> QColor:
    """The colour of ``status`` for text on ``palette``'s base or window colour."""
    table = DARK if is_dark(palette) else LIGHT
    return QColor(table[status])


def _luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast_ratio(foreground: QColor, background: QColor) -> float:
    """WCAG 2.1 contrast ratio, 1 to 21."""
    high, low = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)
