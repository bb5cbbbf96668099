"""A large money amount typed and shown in 万 for a Chinese reader: 1,250 万元, not 12500000.00.

Chinese quotations state amounts from ten thousand up in 万元 (``report.number_format.WAN``), as the figure
tables, the status bar and the proposal already show them. A form field that holds a price per GPU or server, a
budget, a yearly staff cost or a quoted service is edited the same way; the plan keeps the amount in the
currency's own unit, exactly (to the cent): the box holds amount / 10,000 with six decimals and writes back
``round(shown × 10,000, 2)``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QWidget

from gpudesk.report.number_format import CHINESE_MONEY_UNITS, WAN

MONEY_IN_WAN = 1e7
"""In Chinese, a money field whose range reaches this much (a price per GPU or per server, a budget, a yearly staff
cost, a quoted service) is typed in 万; smaller rates (per kWh, per rack and month, per GPU and year) stay in 元."""
CENT = 2  # decimals of the stored amount
NOT_QUOTED = -1.0
"""A money field's "not quoted yet" (project/model.py: installation_per_server's -1, the minimum it is declared with).
Typed as the field's help says, -1, or as the words the box shows for it; never scaled into 万 (-1 万 is no amount,
and the box's least value, -0.0001 万, is no number a user types)."""


def in_wan(meta: dict[str, Any], lang: str) -> bool:
    """Whether the field ``meta`` describes is edited in 万 in ``lang``."""
    return (lang == "zh" and str(meta.get("unit", "")).split("/")[0] == "currency"
            and float(meta.get("max", 0)) >= MONEY_IN_WAN)


def wan_unit(unit: str, currency: str) -> str:
    """The declared unit with its money part in 万 ("currency/server", CNY -> "万元/server")."""
    _money, slash, per = unit.partition("/")
    units = CHINESE_MONEY_UNITS.get(currency, CHINESE_MONEY_UNITS["CNY"])
    return units[-1][1] + slash + per


class TrimmedSpinBox(QDoubleSpinBox):
    """A number typed with the decimals it may need and shown without trailing zeros, as every figure beside it is
    (``plain_number``): step 7's inputs read '2.00 人', '8.00 %' and a rack limit of '5.40 kW' beside the figure
    table's '8 kW' and '5.4 kW'; now '2 人', '8 %', '5.4 kW'."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt override
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        return text.rstrip("0").rstrip(point) if point in text else text


class WanSpinBox(TrimmedSpinBox):
    """A money amount shown and typed in 万, without trailing zeros (1,250 万元; 1,234.5678 万元)."""

    SCALE = WAN

    def __init__(self, low: float, high: float, value: float, parent: QWidget | None = None, *,
                 scale: float = WAN, decimals: int = 6, digits: int = CENT) -> None:
        """``scale``: what one shown unit holds; ``decimals`` shown so that ``digits`` of the stored value survive
        (0.000001 万 = 0.01: the amount to the cent). ``count_spin`` reuses it for counts in 亿 or 万."""
        super().__init__(parent)
        self.SCALE, self._digits = scale, digits
        self.setDecimals(decimals)
        self.setRange(low / scale, high / scale)
        self.setGroupSeparatorShown(True)
        self.set_amount(value)

    def amount(self) -> float:
        """The amount in the currency's own unit, as the plan holds it."""
        return round(self.value() * self.SCALE, self._digits)

    def takes_not_quoted(self) -> bool:
        """Whether the box's least value is the field's "not quoted yet" (``NOT_QUOTED``), shown in words."""
        return self.SCALE != 1 and round(self.minimum() * self.SCALE, self._digits) == NOT_QUOTED

    def _typed_not_quoted(self, text: str) -> bool:
        """The text typed is the field's "not quoted yet": -1, as its help says, or the words the box shows."""
        if not self.takes_not_quoted():
            return False
        bare = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        return bare == str(int(NOT_QUOTED)) or (bool(bare) and bare == self.specialValueText().strip())

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:  # Qt override
        if self._typed_not_quoted(text):
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> float:  # noqa: N802 - Qt override
        return self.minimum() if self._typed_not_quoted(text) else super().valueFromText(text)

    def set_amount(self, amount: float) -> None:
        if self.amount() != round(amount, self._digits):
            self.setValue(amount / self.SCALE)
