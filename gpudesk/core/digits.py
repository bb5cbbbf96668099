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


PERCENT_FLOOR = 0.01
"""The smallest share, in percent, a percentage prints digits for; below it a share reads '< 0.01%'. A percentage
keeps the places its format asks for ('32%', '43.1%') but never prints a false 0: a serving plan's peak
utilisation of 0.02% read '峰值利用率 0%' and a runner-up 0.3% dearer 'wins if its price falls by 0%'."""


def percent_text(fraction: float, decimals: int = 0, signed: bool = False) -> str:
    """``fraction`` as a percentage with ``decimals`` places ('32%', '+14.2%'), by the one rule for shares on every
    surface: a share that is not 0 but would round to 0 keeps its first significant digit ('0.02%', '-0.3%'), and
    one under ``PERCENT_FLOOR`` reads '< 0.01%'; 0 is '0%' (never '-0%')."""
    percent = fraction * 100.0 + 0.0  # + 0.0: -0.0 reads '0%'
    places = max(0, decimals)
    magnitude = abs(percent)
    if magnitude > 0 and round(magnitude, places) == 0:
        if magnitude < PERCENT_FLOOR:
            return f"< {PERCENT_FLOOR:g}%"
        places = -math.floor(math.log10(magnitude))
    sign = "+" if signed and percent else ""
    return f"{percent:{sign},.{places}f}%"
