"""Units, ranges and allowed values of catalog fields.

The ranges reject input mistakes (a unit slip of 1000x, a negative price),
not unusual hardware: each bound is wide enough for every shipping part
and says why in ``why``. Fields without a rule only get their type checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpudesk.refusals import Refusal, refusal
from gpudesk.vocabulary.plan_choices import MARKET


@dataclass(frozen=True)
class FieldRule:
    unit: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    why: str = ""  # what the range covers, in English
    why_zh: str = ""  # the same in Chinese

    def why_in(self, lang: str) -> str:
        return self.why_zh if lang == "zh" else self.why

    def check(self, value: Any) -> Refusal | None:
        """None when ``value`` is acceptable, else the reason it is not (its English is ``str()``)."""
        if value is None or value == "" or value == ():
            return None
        if self.choices:
            items = value if isinstance(value, tuple) else (value,)
            bad = [v for v in items if v not in self.choices]
            if bad:
                return refusal("rule.not_choice", text=repr(bad[0]), choices=", ".join(self.choices))
            return None
        items = value if isinstance(value, tuple) else (value,)
        for v in items:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            if self.low is not None and v < self.low:
                return refusal("rule.below", value=v, unit=self.unit, bound=self.low, why=self._why())
            if self.high is not None and v > self.high:
                return refusal("rule.above", value=v, unit=self.unit, bound=self.high, why=self._why())
        return None

    def _why(self) -> Refusal | str:
        return refusal("rule.why", text=self.why, text_zh=self.why_zh) if self.why else ""


# Accelerator vendors; the China-domestic ones (DOMESTIC_VENDORS) are what a 信创 requirement accepts.
DOMESTIC_VENDORS = ("huawei", "hygon", "cambricon", "kunlunxin", "metax", "moorethreads", "biren", "iluvatar",
                    "enflame")
VENDORS = ("nvidia", "amd", "intel", *DOMESTIC_VENDORS)
MARKETS = MARKET.codes
AVAILABILITY_STATUSES = ("available", "restricted", "unavailable")

_TFLOPS = FieldRule("TFLOPS", 0.01, 50_000, why="dense peak per device; the fastest 2025 part is ~15,000 dense FP4",
                                            why_zh="单卡稠密峰值；2025 年最快的部件约 15,000（稠密 FP4）")
_PRICE = FieldRule("USD", 0, 10_000_000, why="per unit", why_zh="每件")
_HOURLY = FieldRule("per hour", 0, 2_000, why="per instance-hour in the offer's currency", why_zh="每实例每小时，按报价币种")
_KW = FieldRule("kW", 0, 500, why="per server or rack system", why_zh="每台服务器或整机柜系统")
_GBS = FieldRule("GB/s", 0.01, 20_000, why="one direction", why_zh="单向")

_SUPPORT = FieldRule("", choices=("upstream", "vendor", "partial", "none"),
                     why="upstream framework release, the vendor's plugin or fork, works with gaps, or not at all",
                     why_zh="主流框架原生支持、经厂商插件或分支支持、部分支持（有已知缺口），或不支持")

RULES: dict[str, dict[str, FieldRule]] = {
    "accelerators": {
        "vendor": FieldRule("", choices=VENDORS),
        "family": FieldRule("", choices=(
            "nvidia-volta", "nvidia-turing", "nvidia-ampere", "nvidia-ada", "nvidia-hopper", "nvidia-blackwell",
            "amd-cdna2", "amd-cdna3", "amd-cdna4", "intel-gaudi", "huawei-ascend",
            "hygon-dcu", "cambricon-mlu", "kunlunxin-xpu", "metax-c", "moorethreads-musa", "biren-br",
            "iluvatar-corex", "enflame-gcu",
        )),
        "memory_gb": FieldRule("GB", 1, 1_000, why="per device; 2025 parts carry up to 288 GB",
                                               why_zh="单卡；2025 年部件最多 288 GB"),
        "mem_bw_gbs": FieldRule("GB/s", 50, 20_000, why="per device memory bandwidth", why_zh="单卡显存带宽"),
        "usable_memory_mib": FieldRule("MiB", 1_024, 1_000_000,
                                       why="device total the driver reports, in MiB (2^20 B); 2025 parts ~280,000",
                                       why_zh="驱动报告的单卡总量，单位 MiB（2^20 字节）；2025 年部件约 280,000"),
        "fp64_tflops": _TFLOPS, "fp32_tflops": _TFLOPS, "tf32_tflops": _TFLOPS,
        "bf16_tflops": _TFLOPS, "fp16_tflops": _TFLOPS, "fp8_tflops": _TFLOPS,
        "fp6_tflops": _TFLOPS, "fp4_tflops": _TFLOPS,
        "int8_tops": FieldRule("TOPS", 0.01, 50_000, why="dense", why_zh="稠密"),
        "sparsity_factor": FieldRule("x", 1, 4, why="2:4 structured sparsity doubles peak", why_zh="2:4 结构化稀疏使峰值翻倍"),
        "tdp_w": FieldRule("W", 10, 3_000, why="board or module power", why_zh="板卡或模组功耗"),
        "form_factor": FieldRule("", choices=("SXM", "OAM", "PCIe", "superchip")),
        "scaleup_bw_gbs": FieldRule("GB/s", 0, 5_000, why="per GPU, one direction", why_zh="每卡，单向"),
        "scaleup_domain": FieldRule("GPUs", 1, 1_024),
        "scaleup_topology": FieldRule("", choices=("switched", "full-mesh"),
                                      why="a switch gives any group the whole bandwidth; a full mesh one link per peer",
                                      why_zh="交换芯片让任意通信组用到全部带宽；全互联时与每个对端各一条链路"),
        "scaleup_links": FieldRule("links", 1, 64, why="peer links per GPU in a full mesh (8-GPU boards: 7)",
                                                   why_zh="全互联时每张 GPU 连向对端的链路数（8 卡基板：7）"),
        "pcie_gen": FieldRule("gen", 3, 6),
        "display_outputs": FieldRule("ports", 0, 8),
        "vgpu_profiles_gb": FieldRule("GB", 0.5, 288),
        "release_year": FieldRule("year", 2015, 2035),
        "markets": FieldRule("", choices=("global", "china", "china-market", "export-controlled", "domestic")),
        "price_usd": _PRICE,
        "support_llm_training": _SUPPORT, "support_llm_serving": _SUPPORT, "support_deep_learning": _SUPPORT,
        "segment": FieldRule("", choices=("datacenter", "workstation", "consumer")),
    },
    "models": {
        "kind": FieldRule("", choices=(
            "decoder", "encoder", "encoder-decoder", "vision", "diffusion", "speech", "recsys",
        )),
        "params_total": FieldRule("parameters", 1e5, 1e14),
        "params_active": FieldRule("parameters", 1e5, 1e14),
        "n_layers": FieldRule("layers", 0, 1_000),
        "hidden": FieldRule("", 0, 100_000),
        "n_heads": FieldRule("", 0, 1_024),
        "n_kv_heads": FieldRule("", 0, 1_024),
        "head_dim": FieldRule("", 0, 1_024),
        "ffn_hidden": FieldRule("", 0, 500_000),
        "vocab": FieldRule("tokens", 0, 2_000_000),
        "max_context": FieldRule("tokens", 0, 100_000_000),
        "attention": FieldRule("", choices=("mha", "gqa", "mqa", "mla", "none")),
        "sliding_window": FieldRule("tokens", 1, 10_000_000),
        "n_experts": FieldRule("", 0, 4_096),
        "experts_per_token": FieldRule("", 0, 256),
        "image_size": FieldRule("px", 1, 16_384),
        "gflops_per_sample": FieldRule("GFLOP", 0, 1e9),
        "denoise_steps": FieldRule("steps", 1, 10_000),
    },
    "servers": {
        "gpus": FieldRule("GPUs", 0, 1_024),
        "cpu_sockets": FieldRule("sockets", 0, 1_024, why="rack-scale systems hold hundreds of CPUs",
                                                      why_zh="整机柜系统可含数百颗 CPU"),
        "cpu_cores_total": FieldRule("cores", 0, 100_000),
        "ram_gb": FieldRule("GB", 0, 1_000_000),
        "nics": FieldRule("NICs", 0, 1_024), "nic_gbps": FieldRule("Gb/s", 0, 3_200),
        "frontend_nics": FieldRule("NICs", 0, 1_024), "frontend_nic_gbps": FieldRule("Gb/s", 0, 3_200),
        "nic_kind": FieldRule("", choices=("infiniband", "ethernet")),
        "local_nvme_tb": FieldRule("TB", 0, 10_000),
        "pcie_gen": FieldRule("gen", 3, 6),
        "power_idle_kw": _KW, "power_typical_kw": _KW, "power_max_kw": _KW,
        "rack_units": FieldRule("U", 0, 60),
        "weight_kg": FieldRule("kg", 0, 5_000),
        "cooling": FieldRule("", choices=("air", "liquid", "hybrid")),
        "liquid_heat_share": FieldRule("fraction", 0, 1),
        "scaleup_domain": FieldRule("GPUs", 1, 1_024),
        "price_usd": _PRICE,
    },
    "interconnects": {
        "kind": FieldRule("", choices=("nvlink", "pcie", "infiniband", "roce", "ethernet", "xgmi", "hccs")),
        "bw_gbs": _GBS,
        "scope": FieldRule("", choices=("per-gpu", "per-port")),
        "latency_us": FieldRule("us", 0, 1_000),
        "max_domain": FieldRule("GPUs", 1, 1_000_000),
    },
    "switches": {
        "kind": FieldRule("", choices=("infiniband", "ethernet", "nvswitch")),
        "ports": FieldRule("ports", 1, 1_024), "port_gbps": FieldRule("Gb/s", 1, 3_200),
        "power_w": FieldRule("W", 0, 50_000), "rack_units": FieldRule("U", 0, 60),
        "price_usd": _PRICE, "ports_per_cage": FieldRule("ports", 1, 8),
    },
    "nics": {
        "kind": FieldRule("", choices=("infiniband", "ethernet")),
        "gbps": FieldRule("Gb/s", 1, 3_200), "ports": FieldRule("ports", 1, 16),
        "power_w": FieldRule("W", 0, 500), "price_usd": _PRICE, "optic_price_usd": _PRICE,
    },
    "storage_options": {
        "kind": FieldRule("", choices=("local-nvme", "parallel-fs", "nas", "object")),
        "read_gbs_per_node": FieldRule("GB/s", 0, 2_000), "write_gbs_per_node": FieldRule("GB/s", 0, 2_000),
        "read_gbs_per_tb": FieldRule("GB/s per TB", 0, 100),
        "aggregate_read_gbs_max": FieldRule("GB/s", 0, 100_000_000),
        "latency_class": FieldRule("", choices=("us", "sub-ms", "ms", "10ms+")),
        "price_usd_per_tb_month": FieldRule("USD/TB-month", 0, 10_000),
        "price_cny_per_tb_month": FieldRule("CNY/TB-month", 0, 100_000),
        "read_requests_per_s": FieldRule("requests/s", 0, 100_000_000, why="per prefix or file system",
                                                                       why_zh="每个前缀或文件系统"),
    },
    "cloud_offers": {
        "gpus": FieldRule("GPUs", 0, 1_024), "vcpus": FieldRule("vCPU", 0, 10_000),
        "ram_gb": FieldRule("GB", 0, 100_000),
        "currency": FieldRule("", choices=("USD", "CNY", "EUR", "SGD", "JPY")),
        "on_demand_per_hour": _HOURLY, "reserved_1y_per_hour": _HOURLY,
        "reserved_3y_per_hour": _HOURLY, "spot_per_hour": _HOURLY,
        "kind": FieldRule("", choices=("hyperscaler", "gpu-cloud", "china-cloud", "rental", "cpu-vm")),
        "market": FieldRule("", choices=MARKETS),
        "monthly_per_month": FieldRule("per month", 0, 2_000_000, why="per instance-month in the offer's currency",
                                                                  why_zh="每实例每月，按报价币种"),
        "network_gbps": FieldRule("Gb/s", 0, 100_000, why="per instance, between instances", why_zh="每实例，实例之间"),
    },
    "facility_defaults": {
        "kind": FieldRule("", choices=("pue", "electricity", "grid_co2", "rack_power")),
    },
    "availability": {
        "item_table": FieldRule("", choices=("accelerators", "servers")),
        "market": FieldRule("", choices=MARKETS),
        "status": FieldRule("", choices=AVAILABILITY_STATUSES),
    },
}

# Facility values depend on the row's kind.
FACILITY_RULES: dict[str, FieldRule] = {
    "pue": FieldRule("ratio", 1.0, 3.0, why="PUE is facility power / IT power", why_zh="PUE = 设施总功率 / IT 功率"),
    "electricity": FieldRule("per kWh", 0.0, 5.0, why="price per kWh in the row's currency", why_zh="每千瓦时电价，按该行币种"),
    "grid_co2": FieldRule("kgCO2e/kWh", 0.0, 1.5, why="grid emission factor", why_zh="电网排放因子"),
    "rack_power": FieldRule("kW", 1.0, 300.0, why="per rack", why_zh="每机柜"),
}
FACILITY_UNITS: dict[str, tuple[str, ...]] = {
    "pue": ("ratio",),
    "electricity": ("USD/kWh", "CNY/kWh", "EUR/kWh", "SGD/kWh"),
    "grid_co2": ("kgCO2e/kWh",),
    "rack_power": ("kW",),
}


def rule_for(table: str, field_name: str) -> FieldRule | None:
    return RULES.get(table, {}).get(field_name)


def unit_of(table: str, field_name: str) -> str:
    rule = rule_for(table, field_name)
    return rule.unit if rule else ""
