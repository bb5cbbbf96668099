"""The one rule for a figure's digits, declared once for every surface: the core's English check messages and
reasons, the window's tables, the Explain panel, the status bar, the CLI and the proposal (report/number_format.py
reads it from here, below it in the layers)."""

from __future__ import annotations

import math

SIGNIFICANT_DIGITS = 3
"""The one rule for a figure's digits on every surface (window tables, Explain panel, status bar, CLI, proposal,
search words): thousands separators, whole numbers from 1,000 up, else three significant digits. The bank pilot's
training time read '2.528 天' in the window, '2.53 天' in the proposal and '2.2 天' in the search's words."""


def plain_number(value: float) -> str:
    """A number as a person writes it, by ``SIGNIFICANT_DIGITS``: '2.528', '1,078', '0.0123', never ``1e-05``."""
    magnitude = abs(value)
    if magnitude == 0:
        return "0"
    if magnitude >= 1000:
        return f"{value:,.0f}"
    if magnitude >= 1e-3:
        return f"{value:,.{SIGNIFICANT_DIGITS}g}"
    decimals = min(12, SIGNIFICANT_DIGITS - 1 - math.floor(math.log10(magnitude)))
    return f"{value:.{decimals}f}".rstrip("0").rstrip(".") or "0"
