"""How an axis's tick labels are written, read back from their text (no Qt): the window audit's check on drawn axes
(tests/ui/window_audit_charts.axes_in_two_notations) and the printed charts' test (tests/report/test_chart_axes.py)
read the same two notations."""

from __future__ import annotations

import re

GROUPED = re.compile(r"^-?\d{1,3}(,\d{3})+(\.\d+)?$")
"""A tick label in grouped digits: '100,000'."""
COUNTED = re.compile(r"^-?[\d.,]+ ?(k|M|B|T|万|亿|万亿)$")
"""A tick label with a count word: '1M', '100k', '10 万', '1.5 亿'."""


def two_notations(texts: list[str]) -> bool:
    """Whether an axis's tick labels mix grouped digits and count words ('100,000' under '1M', '1,000' under '1 万')."""
    return any(GROUPED.match(t) for t in texts) and any(COUNTED.match(t) for t in texts)
