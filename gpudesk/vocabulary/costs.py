"""Cost ledger categories and what a line's price rests on."""

from __future__ import annotations

from gpudesk.vocabulary.counts import by_count
from gpudesk.vocabulary.terms import Term, Vocabulary


def _category(code: str, en: str, zh: str, nature: str) -> Term:
    return Term(code, en, zh, {"nature": nature})


COST_CATEGORY: Vocabulary[Term] = Vocabulary("cost category", (
    _category("hardware", "compute hardware", "计算硬件", "capex"),
    _category("network", "network", "网络", "capex"),
    _category("storage", "storage", "存储", "either"),
    _category("facility", "facility fit-out", "机房改造", "capex"),
    _category("rental", "GPU rental", "GPU 算力租赁", "opex"),
    _category("cloud", "cloud instances", "云实例", "opex"),
    _category("software", "software and licences", "软件与许可", "opex"),
    _category("support", "support and maintenance", "维保与支持", "opex"),
    _category("energy", "Energy", "电费", "opex"),
    _category("colocation", "colocation", "机柜托管", "opex"),
    _category("staff", "operations staff", "运维人员", "opex"),
    _category("services", "installation and services", "安装与服务", "capex"),
    _category("tax", "value-added tax", "增值税", "either"),
))

NATURE: Vocabulary[Term] = Vocabulary("cost nature", (
    Term("capex", "capital expenditure", "一次性投入"),
    Term("opex", "operating expenditure", "运营费用"),
))

PRICE_STATUS: Vocabulary[Term] = Vocabulary("price status", (
    Term("priced", "priced from the catalog", "目录价格"),
    Term("user_quote", "quoted by the user", "用户报价"),
    Term("estimated", "estimated (derived)", "估算价格"),
    Term("unpriced", "awaiting a quote", "待询价"),
    Term("carried", "carried forward: bought in an earlier phase", "沿用前一阶段已购设备"),
))

def _line_unit(code: str, one: str, many: str, zh: str) -> Term:
    return Term(code, many, zh, {"one_en": one})


LINE_UNIT: Vocabulary[Term] = Vocabulary("cost line unit", (
    _line_unit("server", "server", "servers", "台"),
    _line_unit("switch", "switch", "switches", "台"),
    _line_unit("transceiver", "transceiver", "transceivers", "个"),
    _line_unit("appliance", "appliance", "appliances", "台"),
    _line_unit("lot", "lot", "lot", "项"),
    _line_unit("kWh", "kWh", "kWh", "千瓦时"),
    _line_unit("month", "lot per month", "lot per month", "项/月"),
    _line_unit("rack-month", "rack-month", "rack-months", "机柜·月"),
    _line_unit("instance-hour", "instance-hour", "instance-hours", "实例·小时"),
    _line_unit("GPU-month", "GPU-month", "GPU-months", "卡·月"),
    _line_unit("FTE-month", "FTE-month", "FTE-months", "人·月"),
    _line_unit("TB", "TB", "TB", "TB"),
    _line_unit("TB-month", "TB-month", "TB-months", "TB·月"),
    _line_unit("seat-month", "seat-month", "seat-months", "席·月"),
    _line_unit("vCPU-hour", "vCPU-hour", "vCPU-hours", "vCPU·小时"),
    _line_unit("kW", "kW", "kW", "千瓦"),
))
"""The unit a cost line counts its quantity in (core/ledger_build.py's ``unit``), as the bill of materials and the
checks print it: English plural by name, singular as ``one_en`` ("1 appliance", not "1 appliances"); Chinese has
one measure word."""


def line_unit_name(code: str, quantity: float, lang: str) -> str:
    """``"servers"`` / ``"server"`` (a quantity of one) / ``"台"``; a unit no term names is shown as it is."""
    if code not in LINE_UNIT:
        return code
    term = LINE_UNIT.term(code)
    return term.zh if lang == "zh" else by_count(quantity, term.one_en, term.en)


LICENCE: Vocabulary[Term] = Vocabulary("software licence", (
    Term("none", "No licence line", "不含软件许可"),
    Term("nvidia_ai_enterprise", "NVIDIA AI Enterprise (per GPU)", "NVIDIA AI Enterprise（按 GPU）"),
    Term("nvidia_vgpu", "NVIDIA vGPU software (per concurrent user)", "NVIDIA vGPU 软件（按并发用户）"),
))

TOTAL_BASIS: Vocabulary[Term] = Vocabulary("basis of a total cost of ownership", (
    Term("owned", "owned", "自购"),
    Term("rented", "{months}-month rent", "租用 {months} 个月"),
))
"""What a total cost of ownership over some years covers, said beside it on every surface (the step's figure table,
the status bar, the proposal, ``estimate --json``): owned hardware is paid once and runs the whole span (one-time +
years × the yearly running cost); rented capacity is paid only in the months it is billed within the span (the
phase's months, a reservation its whole term: a 3-month rented pilot's 5-year total is its 3 months of rent, while
its yearly figure is the rent's annual rate)."""


def total_basis(code: str, months: float, lang: str) -> str:
    """``"租用 3 个月"`` / ``"3-month rent"`` / ``"自购"``: the basis ``code`` of a total covering ``months``."""
    return TOTAL_BASIS.term(code).name(lang).format(months=f"{months:,.0f}")


def awaiting_quote(lang: str) -> str:
    """The one name of a price that awaits a quote ("待询价" / "awaiting a quote"), on every surface: a cell, a
    basis, a status, a money value that is unknown until the supplier quotes."""
    return PRICE_STATUS.name_of("unpriced", lang)
