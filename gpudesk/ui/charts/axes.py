"""Axis and legend items tuned for proposal charts."""

from __future__ import annotations

import math

import pyqtgraph as pg


class NumberAxis(pg.AxisItem):
    """Plain numbers with thousands separators; never an SI prefix or ``1e+07``."""

    def __init__(self, orientation: str, **kwargs) -> None:
        super().__init__(orientation, **kwargs)
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        if self.logMode:
            return [_log_tick(v, len(values)) for v in values]
        return [format_tick(v * scale, spacing * scale) for v in values]


def format_tick(value: float, spacing: float) -> str:
    if not math.isfinite(value):
        return ""
    if spacing > 0:
        places = max(0, math.ceil(-math.log10(spacing)))
    else:
        places = 0 if abs(value) >= 1 or value == 0 else max(0, math.ceil(-math.log10(abs(value))))
    text = f"{value:,.{places}f}"
    return "0" if text in ("-0", "-0.0") else text


def _log_tick(exponent: float, count: int) -> str:
    """Label 1-2-5 steps of each decade (only decades when ticks are dense)."""
    value = 10.0**exponent
    mantissa = round(value / 10.0 ** math.floor(exponent + 1e-9), 6)
    shown = (1.0,) if count > 12 else (1.0, 2.0, 5.0)
    return format_tick(value, 0.0) if mantissa in shown else ""


def wrap_category(label: str, width: int = 14) -> str:
    """Break a long category label at the space nearest its middle (two lines at most)."""
    if len(label) <= width or " " not in label or "\n" in label:
        return label
    middle = len(label) // 2
    spaces = [i for i, ch in enumerate(label) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return label[:cut] + "\n" + label[cut + 1 :]


class ChartLegend(pg.LegendItem):
    """A legend laid out in the chart's grid (not floating over the data).

    Clicking an entry's sample toggles its series, as in pyqtgraph; dragging
    does nothing, because the legend has a fixed place in the layout."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # pyqtgraph's floating legend ignores transformations; laid out in the
        # grid it must scale with the scene, or image exports print it tiny.
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations, False)

    def mouseDragEvent(self, ev) -> None:  # noqa: N802 - Qt override
        ev.ignore()
