"""Filters an architect applies to a catalog table (Qt-free, so the rules are testable on their own).

Which filters a table offers comes from :data:`TABLE_FILTERS`; a filter a
table does not offer never hides its rows. A row whose filtered value is
unknown does not pass a filter on that value (an unknown price is not
"under 10,000").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Precisions a user can require, and the accelerator field that says the part has it.
PRECISION_FIELDS: dict[str, str] = {
    "FP64": "fp64_tflops", "TF32": "tf32_tflops", "BF16": "bf16_tflops", "FP16": "fp16_tflops",
    "FP8": "fp8_tflops", "FP6": "fp6_tflops", "FP4": "fp4_tflops", "INT8": "int8_tops",
}


@dataclass(frozen=True)
class TableFilters:
    """The record fields that each kind of filter reads, per table ("" = filter not offered)."""

    vendor: str = ""
    memory: str = ""
    precision: bool = False
    markets: str = ""
    cooling: str = ""
    price: str = ""


TABLE_FILTERS: dict[str, TableFilters] = {
    "accelerators": TableFilters(vendor="vendor", memory="memory_gb", precision=True, markets="markets",
                                 price="price_usd"),
    "servers": TableFilters(vendor="vendor", memory="ram_gb", cooling="cooling", price="price_usd"),
    "switches": TableFilters(price="price_usd"),
    "nics": TableFilters(price="price_usd"),
    "storage_options": TableFilters(price="price_usd_per_tb_month"),
    "cloud_offers": TableFilters(vendor="provider", memory="ram_gb", price="on_demand_per_hour"),
    "interconnects": TableFilters(),
    "facility_defaults": TableFilters(),
    "models": TableFilters(),
}


@dataclass(frozen=True)
class FilterCriteria:
    text: str = ""
    vendor: str = ""
    min_memory: float | None = None
    precisions: tuple[str, ...] = ()  # keys of PRECISION_FIELDS, all required
    market: str = ""
    cooling: str = ""
    price_min: float | None = None
    price_max: float | None = None

    def accepts(self, table: str, record: Any, search_text: str) -> bool:
        """``search_text`` is everything the row shows, lower-cased (built by the table model)."""
        offered = TABLE_FILTERS.get(table, TableFilters())
        for term in self.text.lower().split():
            if term not in search_text:
                return False
        if self.vendor and offered.vendor and _value(record, offered.vendor) != self.vendor:
            return False
        if self.min_memory is not None and offered.memory:
            memory = _value(record, offered.memory)
            if memory is None or memory < self.min_memory:
                return False
        if self.precisions and offered.precision:
            if any(_value(record, PRECISION_FIELDS[p]) is None for p in self.precisions):
                return False
        if self.market and offered.markets and self.market not in (_value(record, offered.markets) or ()):
            return False
        if self.cooling and offered.cooling and _value(record, offered.cooling) != self.cooling:
            return False
        if (self.price_min is not None or self.price_max is not None) and offered.price:
            price = _value(record, offered.price)
            if price is None:
                return False
            if self.price_min is not None and price < self.price_min:
                return False
            if self.price_max is not None and price > self.price_max:
                return False
        return True


def _value(record: Any, name: str) -> Any:
    """The field's value, or None when the row lists it as unknown."""
    if name in record.provenance.unknown:
        return None
    return getattr(record, name, None)


def choices_in(records: list[Any], name: str) -> list[str]:
    """Distinct values of a text (or list) field across rows, sorted, for a filter's drop-down."""
    seen: set[str] = set()
    for r in records:
        value = _value(r, name)
        items = value if isinstance(value, tuple) else (value,)
        seen.update(str(v) for v in items if v not in (None, ""))
    return sorted(seen)
