"""Colour roles -> colours, for a light and a dark theme.

Hues follow the Okabe–Ito palette (Okabe & Ito, "Color Universal Design",
2002; recommended by Wong, Nature Methods 8:441, 2011), chosen to stay
distinguishable for deuteranopia, protanopia and tritanopia. Dark-theme
variants are lightened so that they keep contrast on a dark background.
Roles that share a chart use different hues *and* lightness, and lines
additionally differ in dash pattern where they carry a meaning (reference
lines are dashed), so charts still read in greyscale print.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PySide6 import QtGui, QtWidgets

_BLUE = ("#0072B2", "#56A8E0")
_SKY = ("#56B4E9", "#8FD0F5")
_GREEN = ("#009E73", "#2FC99A")
_ORANGE = ("#E69F00", "#F2B93B")
_VERMILLION = ("#D55E00", "#FF8040")
_PURPLE = ("#CC79A7", "#E3A3C8")
_YELLOW = ("#B8A000", "#F0E442")
_GREY = ("#7F7F7F", "#A8A8A8")
_INK = ("#222222", "#E6E6E6")

ROLE_COLOURS: dict[str, tuple[str, str]] = {
    # memory fit
    "weights": _BLUE,
    "gradients": _SKY,
    "optimizer": _ORANGE,
    "activations": _GREEN,
    "kv_cache": _PURPLE,
    "overhead": _GREY,
    "capacity": _INK,
    # targets and limits
    "target": _VERMILLION,
    "limit": _VERMILLION,
    "break_even": _INK,
    # power and cooling
    "liquid": _BLUE,
    "air": _ORANGE,
    "network": _GREEN,
    "storage": _PURPLE,
    # delivery modes (the cost chart's series: every mode and compared option its own colour)
    "cloud_on_demand": _ORANGE,
    "cloud_reserved": _YELLOW,
    "cloud_reserved_1y": _SKY,  # beside on demand in most plans: a light blue against its orange, not olive
    "cloud_reserved_3y": _YELLOW,
    "cloud_spot": _VERMILLION,
    "cloud_monthly": _PURPLE,
    "gpu_rental": _GREY,
    "bare_metal": _INK,
    "private": _BLUE,
    "hybrid": _GREEN,
    # search results
    "candidate": _SKY,
    "pareto": _VERMILLION,
    "chosen": _PURPLE,
    "lower_precision": _ORANGE,
    "plan": _INK,
    # serving and scaling
    "throughput": _BLUE,
    "latency": _VERMILLION,
    "ttft": _VERMILLION,
    "tpot": _ORANGE,
    "efficiency": _BLUE,
    "ideal": _GREY,
    # timeline
    "spend": _ORANGE,
    "trigger": _PURPLE,
}

CYCLE: tuple[tuple[str, str], ...] = (_BLUE, _ORANGE, _GREEN, _VERMILLION, _PURPLE, _SKY, _YELLOW, _GREY)
"""Colours for series whose role is empty or unknown, in order."""


@dataclass(frozen=True)
class Theme:
    dark: bool
    background: str
    foreground: str
    grid_alpha: float
    label_fill: str

    def colour(self, role: str, fallback_index: int = 0) -> QtGui.QColor:
        pair = ROLE_COLOURS.get(role) or CYCLE[fallback_index % len(CYCLE)]
        return QtGui.QColor(pair[1] if self.dark else pair[0])


def series_colours(theme: Theme, series: Iterable[Any]) -> dict[str, QtGui.QColor]:
    """Each series of one chart (by name) its own colour: its role's, unless a series before it in the chart took
    that colour, then the first colour of ``CYCLE`` no series took (public cloud on demand and a 1-year
    reservation were both orange on the startup sample's cost chart). Series that share a name share a colour.
    Chosen once per theme and list of (name, role): a chart's update after an edit asks again with the same list
    (the choice made ~40 colours, 0.2-0.6 ms per memory-fit update; issue 24)."""
    chosen = _chosen_colours(theme, tuple((item.name, item.color_role) for item in series))
    return {name: QtGui.QColor.fromRgba(rgba) for name, rgba in chosen}


@functools.lru_cache(maxsize=64)
def _chosen_colours(theme: Theme, named: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...]:
    """``series_colours``' choice, as (name, RGBA) pairs."""
    colours: dict[str, QtGui.QColor] = {}
    for index, (name, role) in enumerate(named):
        if name in colours:
            continue
        colour = theme.colour(role, index)
        taken = {c.name() for c in colours.values()}
        if colour.name() in taken:
            free = [QtGui.QColor(pair[1] if theme.dark else pair[0]) for pair in CYCLE]
            colour = next((c for c in free if c.name() not in taken), colour)
        colours[name] = colour
    return tuple((name, colour.rgba()) for name, colour in colours.items())


LIGHT = Theme(dark=False, background="#FFFFFF", foreground="#222222", grid_alpha=0.25, label_fill="#F7F7F2")
DARK = Theme(dark=True, background="#1E1F22", foreground="#E6E6E6", grid_alpha=0.3, label_fill="#2B2D31")


def theme_for(name: str) -> Theme:
    """``"light"``, ``"dark"`` or ``"auto"`` (follow the application palette)."""
    if name == "light":
        return LIGHT
    if name == "dark":
        return DARK
    if name != "auto":
        raise ValueError(f"theme {name!r} not in ('light', 'dark', 'auto')")
    app = QtWidgets.QApplication.instance()
    if not isinstance(app, QtWidgets.QApplication):
        return LIGHT
    window = app.palette().color(QtGui.QPalette.ColorRole.Window)
    return DARK if window.lightnessF() < 0.5 else LIGHT
