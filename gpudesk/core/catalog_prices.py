"""A catalog price (the catalog keeps prices in USD) recorded in the plan's currency.

One plan, one currency: a CNY plan's fabric and storage figures read in CNY, as its server price does. The figure
is an input whose source names the catalog's field and the conversion ("… (USD, in CNY at 7.1 CNY/USD)"), the
convention of the server and GPU prices (core/tco.py); the figures computed from it are in the plan's currency too,
so the cost ledger and the TCO read them as they are, with no second conversion.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.delivery import convert
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import record_field

CATALOG_CURRENCY = "USD"  # the catalog's price fields (price_usd, optic_price_usd, price_usd_per_tb_month)


def catalog_price(fs: FigureSet, key: str, record: Any, field_name: str, unit_after_currency: str, label: str,
                  currency: str, cny_per_usd: float) -> Any:
    """``record.field_name`` (USD) as input ``key`` in ``currency``; its unit is the currency followed by
    ``unit_after_currency`` ("" or "/TB/month"). Unknown in the catalog stays unknown (NaN)."""
    unit = currency + unit_after_currency
    usd = record_field(fs, key, record, field_name, unit, label)
    if currency == CATALOG_CURRENCY or not np.isfinite(usd):  # unknown in any currency: its source says so
        return usd
    source = fs.source(key) + conversion_note(currency, cny_per_usd)
    return fs.input(key, convert(usd, CATALOG_CURRENCY, currency, cny_per_usd), unit, label, source)


def conversion_note(currency: str, cny_per_usd: float) -> str:
    """What a USD price's source adds once converted to ``currency`` (report/sources.CONVERSION reads it, and
    sources_zh.toml words it); nothing where the plan is in USD (a USD plan's server price read '(USD, in USD at 7.1
    CNY/USD)')."""
    if currency == CATALOG_CURRENCY:
        return ""
    return f" ({CATALOG_CURRENCY}, in {currency} at {cny_per_usd:g} CNY/USD)"
