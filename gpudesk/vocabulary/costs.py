"""Cost ledger categories and what a line's price rests on."""

from __future__ import annotations

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
