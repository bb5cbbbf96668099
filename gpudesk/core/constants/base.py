"""The Constant type and unit factors shared by every constants module."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    label: str
    source: str

    def __float__(self) -> float:
        return float(self.value)


GIB = 1024.0**3
GB = 1e9

