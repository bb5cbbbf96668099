"""One assumption of a phase, worded in English and Chinese from a key and its values.

``ASSUMPTION_TEMPLATES`` holds the English and Chinese wording of each assumption key that
``plan_assembly.assumptions`` records.
"""

from __future__ import annotations

from typing import Any

ASSUMPTION_TEMPLATES: dict[str, tuple[str, str]] = {
    "compliance": (
        "Market {market_name}: {accelerator} is {status} there (rule: {rule}; effective {effective}; source {source}, "
        "taken {taken}). Data residency: {residency_name}; MLPS 2.0 level: {mlps_level}; domestic parts: {domestic_name}; "
        "industry: {industry_name}.",
        "市场：{market_name}。{accelerator} 的供货状态为{status}（依据：{rule}；生效日期 {effective}；来源 {source}，"
        "采集于 {taken}）。数据驻留：{residency_name}；等保 2.0 级别：{mlps_level}；信创要求：{domestic_name}；行业：{industry_name}。",
    ),
    "compliance_unknown": (
        "Market {market_name}: the catalog holds no availability record for {accelerator} (confirm with the vendor). "
        "Data residency: {residency_name}; MLPS 2.0 level: {mlps_level}; domestic parts: {domestic_name}; industry: {industry_name}.",
        "市场：{market_name}。产品目录未收录 {accelerator} 在该市场的供货记录（请向厂商确认）。数据驻留：{residency_name}；"
        "等保 2.0 级别：{mlps_level}；信创要求：{domestic_name}；行业：{industry_name}。",
    ),
    "hardware": (
        "Accelerator {accelerator} in {server} ({gpus_per_system:,} GPUs per system).",
        "加速卡 {accelerator}，服务器 {server}（每台 {gpus_per_system:,} 张 GPU）。",
    ),
    "storage_network": (
        "Storage: {storage}. Network: {nic} with {switch} switches, oversubscription {oversubscription:g}:1.",
        "存储：{storage}。网络：{nic}，交换机 {switch}，收敛比 {oversubscription:g}:1。",
    ),
    "storage_no_network": (
        "Storage: {storage}. Network: none with no switches, oversubscription {oversubscription:g}:1.",
        "存储：{storage}。无计算网络与交换机（收敛比 {oversubscription:g}:1）。",
    ),
    "power_price": (
        "PUE {pue:g} ({pue_source}); electricity {electricity:g} per kWh ({electricity_source}).",
        "PUE {pue:g}（{pue_source}）；电价每千瓦时 {electricity:g}（{electricity_source}）。",
    ),
    "rack_limit": (
        "Rack power limit {rack_limit_kw:g} kW ({rack_limit_source}).",
        "单机柜功率上限 {rack_limit_kw:g} kW（{rack_limit_source}）。",
    ),
    "utilisation": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month.",
        "使用强度：每天 {hours_per_day:g} 小时，每月 {days_per_month:g} 天。",
    ),
    "utilisation_peak": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month, peak months {peak_months} at "
        "{peak_multiplier:g}×.",
        "使用强度：每天 {hours_per_day:g} 小时，每月 {days_per_month:g} 天；高峰月份 {peak_months} 为平时的 "
        "{peak_multiplier:g} 倍。",
    ),
    "horizon_currency": (
        "Phase duration {months} months; TCO horizon {horizon_years} years; hardware depreciated over "
        "{depreciation_years} years; currency {currency} at {cny_per_usd:g} CNY/USD.",
        "阶段时长 {months} 个月；总拥有成本测算周期 {horizon_years} 年；硬件按 {depreciation_years} 年折旧；币种 {currency}，"
        "汇率 1 美元 = {cny_per_usd:g} 元人民币。",
    ),
    "cloud_price": (
        "Cloud price from {provider} {instance} ({region}, {date}).",
        "云价格取自 {provider} {instance}（{region}，{date}）。",
    ),
    "assumed_inputs": (
        "Workload {workload}: not set in the plan, gpudesk's defaults were used: {inputs}.",
        "工作负载 {workload}：方案未设定以下输入，采用 gpudesk 默认值：{inputs}。",
    ),
}
"""Wording of each assumption key: (English, Chinese), filled with ``Assumption.values``."""


def assumption_text(key: str, values: dict[str, Any], language: str = "en") -> str:
    """The assumption ``key`` in ``en`` or ``zh``, filled with ``values``; in Chinese a value ``<name>_zh`` (a code
    already worded in Chinese) stands in for ``<name>``."""
    english, chinese = ASSUMPTION_TEMPLATES[key]
    if language == "zh":
        values = {**values, **{k[:-3]: v for k, v in values.items() if k.endswith("_zh")}}
    return (chinese if language == "zh" else english).format(**values)


class Assumption(str):
    """One assumption of a phase: its English sentence (the ``str`` value, so JSON output and
    older consumers print it as before), plus ``key`` and ``values`` so the proposal can word
    it in Chinese (``ASSUMPTION_TEMPLATES``). A plain ``str`` in
    ``PhaseEstimate.assumptions`` (a note typed by hand) is printed as it is."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, values: dict[str, Any]) -> Assumption:
        self = super().__new__(cls, assumption_text(key, values, "en"))
        self.key = key
        self.values = dict(values)
        return self

    def text(self, language: str = "en") -> str:
        return assumption_text(self.key, self.values, language)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "text": str(self), "values": dict(self.values)}
