"""Inputs where 0 means "let gpudesk choose": which figure holds the value the estimate used instead.

The form shows that value in place of the 0 ("auto: 3 nodes", "catalog default: 1.58"), so the user sees what
the plan assumes, not 0.000. Paths are relative to the active phase as in ``gpudesk.wizard.fields``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UsedValue:
    figure: str  # the figure whose value the estimate used
    en: str  # what chose it, in each language
    zh: str

    def word(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


SIZED = ("sized", "测算")
SERVER = ("server", "服务器默认")
CATALOG = ("catalog", "目录默认")

USED_VALUES: dict[str, UsedValue] = {
    "hardware.nodes": UsedValue("plan.nodes", *SIZED),
    "hardware.gpu_power_limit_w": UsedValue("power.gpu_tdp_kw", "TDP", "TDP"),  # no cap: the datasheet TDP
    "workloads[{w}].parallel.dp": UsedValue("train.dp", *SIZED),
    "hardware.cpu_cores_per_node": UsedValue("host.cpu_cores", *SERVER),
    "hardware.host_ram_gb": UsedValue("host.ram", *SERVER),
    "facility.pue": UsedValue("power.pue", *CATALOG),
    "facility.electricity_per_kwh": UsedValue("power.electricity_price", *CATALOG),
    "facility.rack_power_limit_kw": UsedValue("power.rack_limit_kw", *CATALOG),
    "costs.gpu_price_override": UsedValue("tco.gpu_price", *CATALOG),
}
"""Row path -> the figure that holds the value used when the input is 0."""

ZERO_MEANS: dict[str, tuple[str, str]] = {
    "costs.colo_per_rack_month": ("none: own facility", "无：自有机房"),
    "costs.services_once": ("none", "无"),
    "costs.licence_per_unit_year": ("list price, else a quote", "目录价（无则询价）"),
    "compliance.mlps_level": ("none: not filed", "无：未定级"),
    # fields where 0 is a real value ("no VAT line", "included in the price") say "not set" with -1, their minimum
    "facility.grid_co2_kg_per_kwh": ("catalog default for the region", "目录默认（按地区）"),
    "costs.vat_goods_pct": ("the market's standard rate", "市场标准税率"),
    "costs.vat_services_pct": ("the market's standard rate", "市场标准税率"),
    "costs.installation_per_server": ("not quoted yet", "尚未报价"),
}
"""Row path -> what the field's unset value means (0, or -1 where 0 is a value) where no figure stands in for it."""
