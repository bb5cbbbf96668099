"""A cost ledger line as a quotation words it, in the document's language.

The core writes each line's item and detail in English (for JSON and the CLI) and keeps the values they are
made of in ``LedgerLine.params``. The proposal words the line by its key from ``ledger.<key>`` of the text
catalogue; product and service names (servers, instances, licences, storage products) stay as they are.
Prices are shown at the precision they are quoted in: 0.8048 USD per instance-hour, not "$1".
"""

from __future__ import annotations

import math
import re

from gpudesk.catalog.sources import chinese_texts
from gpudesk.core.cost_ledger import LedgerLine
from gpudesk.report.check_text import offers_named
from gpudesk.report.number_format import CHINESE_MONEY_UNITS, CURRENCY_SYMBOLS, WAN, format_number
from gpudesk.report.server_names import server_display_name, storage_display_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.costs import line_unit_name

WORKLOAD_PREFIX = re.compile(r"^w\d+\.")
SERVER_ITEMS = ("servers", "servers.carried")
STORAGE_ITEMS = ("storage", "storage.appliances", "storage.appliances.carried", "storage.appliances.expansion")
KEEP_ITEM = ("servers", "servers.carried", "switches", "cloud.instances", "cloud.reserved", "cloud.burst",
             "gpu_rental.instances", "bare_metal.instances", "storage", "storage.appliances",
             "storage.appliances.carried", "storage.appliances.expansion", "licence", "agents.cpu_vms")
OFFER_ITEMS = ("cloud.instances", "cloud.reserved", "cloud.burst", "gpu_rental.instances", "bare_metal.instances",
               "agents.cpu_vms")
"""Lines named by the cloud offer they rent (its provider and instance); ``ledger.<key>.no_offer`` without one."""


def base_key(line: LedgerLine) -> str:
    return WORKLOAD_PREFIX.sub("", line.key)


def _params(line: LedgerLine, text: ReportText) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, value in line.params:
        if isinstance(value, bool):
            out[name] = value
        elif isinstance(value, float):
            out[name] = format_number(value)
        else:
            out[name] = value
    if "per" in out and out["per"] in ("GPU", "seat"):
        out["per_unit"] = text.get(f"ledger.per_{out['per']}")
    if "on" in out:
        out["on_what"] = text.get(f"ledger.tax_on_{out['on']}")
    return offers_named(out, text.lang)  # "{instances} 台 H100 SXM（按卡计，典型价）", not "… (per GPU, typical)"


def item(line: LedgerLine, text: ReportText) -> str:
    key = base_key(line)
    if key in SERVER_ITEMS:  # a generic chassis is named in the reader's language; a vendor's product as it is
        params = dict(line.params)
        words = chinese_texts()
        accelerator = words.part_named("accelerators", str(params.get("accelerator_id", "")),
                                       str(params.get("accelerator", "")), text.lang)
        server = words.part_named("servers", str(params.get("server_id", "")), line.item, text.lang)
        return server_display_name(server, str(params.get("server_vendor", "")), int(params.get("slots", 0)),
                                   accelerator, text.lang)
    if key in STORAGE_ITEMS:
        return storage_display_name(line.item, text.lang)
    offer = str(dict(line.params).get("offer_id", "")) if key in OFFER_ITEMS else ""
    if offer:  # an offer by its provider in the reader's language
        return chinese_texts().offer_named(line.item, offer, text.lang)
    if key in OFFER_ITEMS and text.has(f"ledger.{key}.no_offer"):  # no offer: what the line buys
        return text.get(f"ledger.{key}.no_offer")
    if key in KEEP_ITEM or not text.has(f"ledger.{key}.item"):
        return line.item if key != "optics" else text.get("ledger.optics.item", **_params(line, text))
    return text.get(f"ledger.{key}.item", **_params(line, text))


def detail(line: LedgerLine, text: ReportText) -> str:
    key = base_key(line)
    variant = dict(line.params).get("variant")  # a line worded otherwise when a figure it names is unknown
    entry = f"ledger.{key}.detail" + (f"_{variant}" if variant else "")
    if not text.has(entry):
        return line.detail if text.lang == "en" else ""
    values = _params(line, text)
    try:
        shown = text.get(entry, **values)
    except (KeyError, IndexError, ValueError):
        return line.detail if text.lang == "en" else ""
    if key.startswith("servers") and line.params and dict(line.params).get("partly"):
        shown += text.get("ledger.servers.partly", **values)
    if text.has(f"ledger.licensed_{values.get('basis')}"):  # a per-GPU line says which GPUs it bills
        shown += text.get(f"ledger.licensed_{values['basis']}", **values)
    return shown


def quantity(line: LedgerLine, text: ReportText) -> str:
    """"31 台", "800 实例·小时", "¥138,299 计税基数"."""
    if line.category == "tax":
        return f"{money(line.quantity, line.currency, text.lang)}"
    per_month = f"line_quantity_unit.{line.unit}"  # 38 TB held each month, priced per TB-month: not "38 TB-months"
    # "1 appliance", not "1 appliances" (vocabulary.costs.LINE_UNIT, as the checks name the same lines)
    shown = text.get(per_month) if text.has(per_month) else line_unit_name(line.unit, line.quantity, text.lang)
    number = format_number(line.quantity, 0 if line.quantity >= 10 or float(line.quantity).is_integer() else None)
    return f"{number} {shown}".strip()


def _in_wan(value: float, currency: str, lang: str) -> bool:
    return lang == "zh" and currency in CHINESE_MONEY_UNITS and abs(value) >= WAN


def _wan_exact(value: float, currency: str) -> str:
    """An amount of 10,000 and more as a Chinese quotation writes it, to the unit: 65.178 万元, 91,350.4905 万元,
    17.8881 万美元."""
    shown = f"{abs(round(value)) / WAN:,.4f}".rstrip("0").rstrip(".")
    return f"{'-' if value < 0 else ''}{shown} {dict(CHINESE_MONEY_UNITS[currency])[WAN]}"


def unit_price(value: float | None, currency: str, lang: str = "en") -> str:
    """A price at the precision it is quoted in: ¥651,780 · ¥172.87 · $1.99 · $0.8048 (65.178 万元 in Chinese)."""
    if value is None or not math.isfinite(value):
        return "—"
    magnitude = abs(value)
    if _in_wan(value, currency, lang):
        return _wan_exact(value, currency)
    if magnitude >= 10_000 or (magnitude >= 100 and abs(value - round(value)) < 0.005):
        places = 0
    elif magnitude >= 100:
        places = 2
    else:
        places = next((p for p in range(2, 5) if abs(round(value, p) - value) < 5e-7 * max(magnitude, 1.0)), 4)
    symbol = CURRENCY_SYMBOLS.get(currency, currency + " ")
    return f"{'-' if value < 0 else ''}{symbol}{magnitude:,.{places}f}"


def recurring_price(line: LedgerLine, currency: str, text: ReportText) -> str:
    """A recurring line's unit price, with the unit it is per where the quantity does not say it: $23.00/TB·月."""
    shown = unit_price(line.unit_price, currency, text.lang)
    rate_key = f"line_rate.{line.unit}"
    return shown + text.get(rate_key) if text.has(rate_key) and shown != "—" else shown


def money(value: float | None, currency: str, lang: str = "en", wan: bool = False) -> str:
    """A whole-unit amount: ¥1,451,780 (145.178 万元 in Chinese, to the yuan: a quotation's exact figure); ``wan``
    (``number_format.wan_column``): in 万 below 10,000 too, as the rest of its column (0.6304 万美元, 0 万美元)."""
    if value is None or not math.isfinite(value):
        return "—"
    if _in_wan(value, currency, lang) or (wan and lang == "zh" and currency in CHINESE_MONEY_UNITS):
        return _wan_exact(value, currency)
    symbol = CURRENCY_SYMBOLS.get(currency, currency + " ")
    return f"{'-' if value < 0 else ''}{symbol}{abs(value):,.0f}"


def rate(line: LedgerLine) -> str:
    """A tax line's rate: 13%."""
    return f"{(line.unit_price or 0.0) * 100:g}%"


def awaiting_total(shown: str, count: int, text: ReportText, priced_part: float | None = None,
                   stacked: bool = False) -> str:
    """A total beside the lines awaiting a quote it leaves out, as every surface prints it: "383.7 万元 + 7 项待询价"
    ("+ 1 line awaiting a quote" in English); "awaiting quotes (3 lines)" when nothing of it is priced yet
    (``priced_part`` 0: an owned server without a price is not ¥0); the amount alone when nothing is missing.
    ``stacked`` puts the marker on a line of its own, for a table column of amounts (which never wraps inside a
    value, so the marker must not widen it)."""
    if not count:
        return shown
    if priced_part == 0:
        return text.get("cost.quote_pending_one" if count == 1 else "cost.quote_pending", count=count)
    key = "cost.partial_total_one" if count == 1 and text.has("cost.partial_total_one") else "cost.partial_total"
    marked = text.get(key, value=shown, count=count)
    return marked.replace(f"{shown} + ", f"{shown}\n+ ", 1) if stacked else marked
