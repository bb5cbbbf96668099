"""The window audit's money and count rules (no tests here): a Chinese reader counts money from 万 up and large
counts in 亿 and 万."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

MONEY_UNIT = re.compile(r"元|美元|CNY|USD")
LARGE_MONEY = 100_000
"""A Chinese reader counts money from 万 up (1,250 万元): a field that shows this much or more in 元 reads wrong."""


def large_money_in_yuan(spin: QSpinBox | QDoubleSpinBox) -> bool:
    """A Chinese money field showing a large amount in 元 or dollars rather than in 万 ("12,500,000.00 元")."""
    unit = spin.prefix() + spin.suffix()
    if not MONEY_UNIT.search(unit) or "万" in unit or "亿" in unit:
        return False
    try:
        return abs(float(spin.cleanText().replace(",", ""))) >= LARGE_MONEY
    except ValueError:
        return False


LARGE_COUNT = 10_000_000
"""A Chinese reader counts in 亿 and 万 (3,000 亿 tokens, 864 万项/天): a field showing a count of this much or more in
plain digits ("300,000,000,000 tokens") reads wrong."""


def large_count_in_digits(spin: QSpinBox | QDoubleSpinBox) -> bool:
    """A Chinese field showing a large count in raw digits rather than in 亿 or 万 (money is the rule above)."""
    unit = spin.prefix() + spin.suffix()
    if MONEY_UNIT.search(unit) or "万" in unit or "亿" in unit:
        return False
    try:
        return abs(float(spin.cleanText().replace(",", ""))) >= LARGE_COUNT
    except ValueError:
        return False
