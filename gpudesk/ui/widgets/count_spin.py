"""A large count typed and shown in 亿 or 万 for a Chinese reader: 3,000 亿 tokens, not 300,000,000,000.

Chinese readers count in 亿 and 万 (the figure tables show 76.15 亿参数). A plan field holding a large count
(training tokens, requests or items per day, training images, users) declares its Chinese scale next to its bounds
(``zh_scale`` in ``project/model.py``: one fixed scale per field, so typing is predictable: training tokens in 亿,
per-day counts in 万). The box holds count / scale with as many decimals as the scale has zeros, so every whole
count can be typed, and writes back the exact whole number; its tool tip ends with the full number.
"""

from __future__ import annotations

import math

from PySide6.QtWidgets import QWidget

from gpudesk.report.display_units import ZH_SCALES as ZH_SCALES  # "亿" -> 1e8, "万" -> 1e4
from gpudesk.ui.widgets.money_spin import WanSpinBox


class CountSpinBox(WanSpinBox):
    """A whole count shown and typed in 亿 or 万 (864 万项/天), kept exactly; the tool tip adds the full number."""

    def __init__(self, word: str, low: float, high: float, value: float, unit: str, integer: bool,
                 parent: QWidget | None = None) -> None:
        scale = ZH_SCALES[word]
        self._tip, self._unit, self._integer = "", unit, integer
        super().__init__(low, high, value, parent, scale=scale, decimals=round(math.log10(scale)), digits=0)
        self.valueChanged.connect(lambda _v: self._show_tip())
        self._show_tip()

    def amount(self) -> float:
        """The count as the plan holds it: a whole number (an int for an int field)."""
        count = round(self.value() * self.SCALE)
        return int(count) if self._integer else float(count)

    def full_number(self) -> str:
        """The count in plain digits with its unit ("3,000,000,000 tokens")."""
        return f"{int(self.amount()):,} {self._unit}".rstrip()

    def setToolTip(self, tip: str) -> None:  # noqa: N802 - Qt override: the form's tip, then the full number
        self._tip = tip
        self._show_tip()

    def _show_tip(self) -> None:
        super().setToolTip(f"{self._tip}\n= {self.full_number()}" if self._tip else f"= {self.full_number()}")
