"""How catalog fields are presented: labels with units, cell text, sort keys, "better" direction.

Everything here is derived from the record types (``catalog/schema.py``)
and the catalog's own field rules (``catalog/field_rules.py``), so a field
added to a record appears in the browser with its unit without UI changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from gpudesk.catalog.field_rules import unit_of
from gpudesk.catalog.schema import TABLES, field_kinds, table_spec
from gpudesk.ui.widgets.session_text import session_language, session_text
from gpudesk.vocabulary.catalog_fields import CATALOG_FIELD
from gpudesk.vocabulary.catalog_values import ACCELERATOR_VENDOR, CATALOG_MARKET, FRAMEWORK_SUPPORT
from gpudesk.vocabulary.plan_choices import AVAILABILITY_STATUS, COOLING, MARKET
from gpudesk.vocabulary.terms import Term, Vocabulary

UNKNOWN_TEXT = "—"

# Fields that hold another field's text in Chinese: the browser shows one column, in the reader's language (the
# Chinese text where the row has one), not a zh/en pair ("Rule" beside "Rule zh"); the row form edits both.
LANGUAGE_VARIANTS: dict[str, str] = {"rule_zh": "rule"}
_IN_CHINESE = {base: variant for variant, base in LANGUAGE_VARIANTS.items()}

# Catalog fields whose values are codes with names: shown by name in the reader's language ("不可采购" and "中国大陆",
# not "unavailable" and "cn" in the Chinese availability table); the row form and CSV files keep the codes.
VALUE_VOCABULARIES: dict[str, Vocabulary[Term]] = {
    "status": AVAILABILITY_STATUS, "market": MARKET, "vendor": ACCELERATOR_VENDOR,  # another table's vendor: as held
    "markets": CATALOG_MARKET, "cooling": COOLING,
    **dict.fromkeys(("support_llm_training", "support_llm_serving", "support_deep_learning"), FRAMEWORK_SUPPORT),
}

# Units for fields the field rules leave without one (derived from the name's suffix).
_SUFFIX_UNITS: tuple[tuple[str, str], ...] = (
    ("_gbs", "GB/s"), ("_gbps", "Gb/s"), ("_tflops", "TFLOPS"), ("_tops", "TOPS"), ("_gb", "GB"),
    ("_tb", "TB"), ("_kw", "kW"), ("_w", "W"), ("_usd", "USD"), ("_kg", "kg"), ("_us", "µs"),
)
_UNIT_DISPLAY = {"us": "µs", "fraction": "share"}

# Which way is better when comparing rows side by side; fields absent here are not ranked.
HIGHER_IS_BETTER = frozenset({
    "memory_gb", "usable_memory_mib", "mem_bw_gbs", "fp64_tflops", "fp32_tflops", "tf32_tflops", "bf16_tflops",
    "fp16_tflops", "fp8_tflops", "fp6_tflops", "fp4_tflops", "int8_tops", "scaleup_bw_gbs", "scaleup_domain",
    "ram_gb", "cpu_cores_total", "nic_gbps", "frontend_nic_gbps", "local_nvme_tb", "bw_gbs", "max_domain",
    "ports", "port_gbps", "gbps", "read_gbs_per_node", "write_gbs_per_node", "read_gbs_per_tb",
    "aggregate_read_gbs_max", "vcpus", "max_context",
})
LOWER_IS_BETTER = frozenset({
    "tdp_w", "price_usd", "optic_price_usd", "power_idle_kw", "power_typical_kw", "power_max_kw",
    "weight_kg", "latency_us", "power_w", "price_usd_per_tb_month", "price_cny_per_tb_month",
    "on_demand_per_hour", "reserved_1y_per_hour", "reserved_3y_per_hour", "spot_per_hour",
})

# The columns a table view shows at first; the others are one right-click away.
DEFAULT_VISIBLE: dict[str, tuple[str, ...]] = {
    "accelerators": ("name", "vendor", "memory_gb", "memory_type", "mem_bw_gbs", "bf16_tflops",
                     "fp8_tflops", "fp4_tflops", "tdp_w", "form_factor", "scaleup_bw_gbs", "markets",
                     "price_usd"),
    "models": ("name", "kind", "params_total", "params_active", "n_layers", "hidden", "n_kv_heads",
               "attention", "max_context", "license"),
    "servers": ("name", "vendor", "accelerator_id", "gpus", "cpu_model", "ram_gb", "nics", "nic_gbps",
                "power_max_kw", "rack_units", "cooling", "price_usd"),
    "interconnects": ("name", "kind", "generation", "bw_gbs", "scope", "latency_us", "max_domain"),
    "switches": ("name", "kind", "ports", "port_gbps", "ports_per_cage", "power_w", "rack_units", "price_usd"),
    "nics": ("name", "kind", "gbps", "ports", "power_w", "price_usd", "optic_price_usd"),
    "storage_options": ("name", "kind", "read_gbs_per_node", "write_gbs_per_node", "read_gbs_per_tb",
                        "latency_class", "price_usd_per_tb_month", "price_cny_per_tb_month"),
    "cloud_offers": ("provider", "instance", "accelerator_id", "gpus", "region", "currency",
                     "on_demand_per_hour", "reserved_1y_per_hour", "spot_per_hour", "kind"),
    "facility_defaults": ("id", "kind", "region", "value", "unit"),
    "availability": ("item_table", "item_id", "market", "status", "effective", "rule"),
}


@dataclass(frozen=True)
class Column:
    field: str
    kind: str  # schema kind: str, float, int, bool, opt_float, tuple_str, ...
    label: str
    unit: str

    @property
    def header(self) -> str:
        return self.header_with(self.label)

    def header_with(self, label: str) -> str:
        """The header for a (translated) label: "Memory (GB)"."""
        return f"{label} ({self.unit})" if self.unit else label

    @property
    def numeric(self) -> bool:
        return self.kind.removeprefix("opt_") in ("float", "int")

    @property
    def better(self) -> str:
        """"higher", "lower" or "" (not ranked)."""
        if self.field in HIGHER_IS_BETTER:
            return "higher"
        return "lower" if self.field in LOWER_IS_BETTER else ""


def field_unit(table: str, name: str) -> str:
    unit = unit_of(table, name)
    if not unit or unit in ("parameters",):
        unit = "" if unit == "parameters" else next((u for s, u in _SUFFIX_UNITS if name.endswith(s)), "")
    return session_text().unit(_UNIT_DISPLAY.get(unit, unit))  # in the session language: "(per hour)" -> "(每小时)"


def field_label(name: str) -> str:
    """A catalog field's name in the session's language (``vocabulary/catalog_fields.py``); the unit is apart."""
    return CATALOG_FIELD.name_of(name, session_language()) if name in CATALOG_FIELD else \
        name.replace("_", " ").capitalize()


def columns_for(table: str) -> list[Column]:
    """Status marker first is added by the model; these are the record's own fields in order."""
    kinds = field_kinds(table_spec(table).record_type)
    cols = [Column(name, kind, field_label(name), field_unit(table, name)) for name, kind in kinds.items()
            if name not in LANGUAGE_VARIANTS]
    first = DEFAULT_VISIBLE.get(table, ())[:1]
    return sorted(cols, key=lambda c: 0 if c.field in first else 1)


def title_of(record: Any) -> str:
    """The name an architect knows a row by."""
    if hasattr(record, "name"):
        return str(record.name)
    if hasattr(record, "instance"):
        return f"{record.provider} {record.instance}"
    return str(record.id)


def is_unknown(record: Any, name: str) -> bool:
    return name in record.provenance.unknown


def format_number(value: float | int, unit: str = "") -> str:
    if isinstance(value, bool):
        return session_text().value("yes" if value else "no")
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if abs(value) >= 1e9 and unit == "":
        return f"{value / 1e9:.4g} B"
    if abs(value) >= 1e6 and unit == "":
        return f"{value / 1e6:.4g} M"
    if abs(value) >= 1_000:
        return f"{value:,.1f}".removesuffix(".0")
    return f"{value:.4g}"


def _value(record: Any, name: str) -> Any:
    """A field's value as the reader reads it: a text the row also gives in Chinese, in Chinese to a Chinese reader."""
    variant = _IN_CHINESE.get(name)
    if variant and session_text().lang == "zh" and getattr(record, variant, ""):
        return getattr(record, variant)
    return getattr(record, name)


def cell_text(column: Column, record: Any) -> str:
    value = _value(record, column.field)
    if value is None or is_unknown(record, column.field):
        return UNKNOWN_TEXT
    if isinstance(value, bool):
        return session_text().value("yes" if value else "no")
    if isinstance(value, tuple):
        if not value:
            return ""
        return ", ".join(format_number(v, column.unit) if isinstance(v, (int, float)) else value_name(column.field, str(v))
                         for v in value)
    if isinstance(value, (int, float)):
        return format_number(value, column.unit)
    return value_name(column.field, str(value))


def value_name(field_name: str, value: str) -> str:
    """A catalog code by its name in the session's language where its field has a vocabulary, else as held."""
    vocabulary = VALUE_VOCABULARIES.get(field_name)
    if vocabulary is not None and value in vocabulary:
        return vocabulary.name_of(value, session_text().lang)
    if field_name == "item_table" and value in TABLES:  # the table's title, as its tab names it
        return QCoreApplication.translate("DetailPane", table_spec(value).title)
    return value


def sort_key(column: Column, record: Any) -> float | str | None:
    """Numbers sort as numbers; None (unknown) sorts after every value."""
    value = _value(record, column.field)
    if value is None or is_unknown(record, column.field):
        return None
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value).lower()
    return str(value).lower()
