"""How capacity is delivered (step 6), with what each mode implies for cost and facility sizing.

Traits:
- ``owns_hardware``: the customer buys servers (capex, depreciation, facility: racks, cooling, fit-out).
  Rented modes (cloud, rental, bare metal, platforms) run in the provider's facility: no capex, no
  facility sizing. Hybrid owns its baseline and rents bursts.
- ``public_cloud``: shared public infrastructure (ruled out for regulated data).
- ``priced_as``: the delivery model's price basis for the mode.
- ``committed``: billed for reserved capacity whether used or not.
"""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary


def _mode(code: str, en: str, zh: str, owns: bool, public: bool, priced_as: str, committed: bool) -> Term:
    return Term(code, en, zh, {"owns_hardware": owns, "public_cloud": public, "priced_as": priced_as,
                               "committed": committed})


DELIVERY_MODE: Vocabulary[Term] = Vocabulary("delivery mode", (
    _mode("cloud_on_demand", "Public cloud, on demand", "公有云按需", False, True, "cloud_on_demand", False),
    _mode("cloud_reserved_1y", "Public cloud, 1-year reservation", "公有云包年（1 年）", False, True,
          "cloud_reserved_1y", True),
    _mode("cloud_reserved_3y", "Public cloud, 3-year reservation", "公有云包年（3 年）", False, True,
          "cloud_reserved_3y", True),
    _mode("cloud_spot", "Public cloud, spot", "公有云竞价实例", False, True, "cloud_spot", False),
    _mode("gpu_rental", "GPU rental (monthly)", "GPU 算力租赁", False, True, "gpu_rental", True),
    _mode("bare_metal", "Dedicated bare metal (rented)", "裸金属租用", False, False, "bare_metal", True),
    _mode("private", "Private on-premises (owned)", "私有化部署（自购）", True, False, "private", True),
    _mode("hybrid", "Hybrid: owned baseline + cloud bursts", "混合部署（自购基线 + 云上扩容）", True, False, "hybrid", True),
    _mode("container_service", "Managed container service", "容器服务", False, True, "cloud_on_demand", False),
    _mode("serverless_api", "Serverless inference API", "无服务器推理 API", False, True, "cloud_on_demand", False),
    _mode("managed_training", "Managed training platform", "托管训练平台", False, True, "cloud_on_demand", False),
    _mode("agent_platform", "Agent hosting platform", "智能体托管平台", False, True, "cloud_on_demand", False),
))

COMPARED_ONLY_MODE: Vocabulary[Term] = Vocabulary("compared delivery option", (
    _mode("cloud_monthly", "public cloud, monthly subscription", "公有云包月", False, True, "cloud_monthly", True),
))
"""Options the delivery comparison prices that a plan cannot choose as its mode (named like the modes)."""


OWNED_MODES = DELIVERY_MODE.where(owns_hardware=True)
RENTED_MODES = DELIVERY_MODE.where(owns_hardware=False)
PUBLIC_CLOUD_MODES = DELIVERY_MODE.where(public_cloud=True)
COMMITTED_MODES = DELIVERY_MODE.where(committed=True)
RESERVATION_TERM_MONTHS = {"cloud_reserved_1y": 12, "cloud_reserved_3y": 36}  # a reservation bills its whole term


def owns_hardware(mode: str) -> bool:
    return bool(DELIVERY_MODE.term(mode).owns_hardware)


def billed_months(mode: str, phase_months: int) -> int:
    """The months a phase's capacity is billed: its own months; a reservation (``mode`` a delivery mode or its
    price basis) bills whole terms, so a 1-year reservation for a 3-month pilot bills 12 months and one for an
    18-month phase 24. The one rule the delivery comparison, the phase's cost ledger and every total read."""
    months = max(int(phase_months), 1)
    term = RESERVATION_TERM_MONTHS.get(mode, 0)
    return -(-months // term) * term if term else months


def horizon_months(mode: str, phase_months: int, years: float) -> float:
    """The months a phase's cost over a horizon of ``years`` covers: owned hardware is bought once and runs the
    whole horizon (12 × years); rented capacity is paid only while it is billed (the phase's months, a reservation
    whole terms: ``billed_months``), within the horizon."""
    horizon = 12.0 * max(years, 0.0)
    if owns_hardware(mode):
        return horizon
    return min(float(billed_months(mode, phase_months)), horizon)


def priced_as(mode: str) -> str:
    return str(DELIVERY_MODE.term(mode).priced_as)


DELIVERY_OPTION: Vocabulary[Term] = Vocabulary("delivery option", (
    *(DELIVERY_MODE.term(code) for code in ("cloud_on_demand", "cloud_reserved_1y", "cloud_reserved_3y")),
    COMPARED_ONLY_MODE.term("cloud_monthly"),
    *(DELIVERY_MODE.term(code) for code in ("cloud_spot", "gpu_rental", "bare_metal", "private", "hybrid")),
))
"""The ways of paying for the same GPUs that the delivery comparison prices side by side: every price basis of a
delivery mode (``priced_as``) and the monthly cloud subscription an offer may carry."""


LEGEND_NAMES: dict[str, tuple[str, str]] = {
    "cloud_on_demand": ("Cloud, on demand", "公有云按需"),
    "cloud_reserved_1y": ("Cloud, 1-year reserved", "公有云包年（1 年）"),
    "cloud_reserved_3y": ("Cloud, 3-year reserved", "公有云包年（3 年）"),
    "cloud_monthly": ("Cloud, monthly", "公有云包月"),
    "cloud_spot": ("Cloud, spot", "公有云竞价"),
    "gpu_rental": ("GPU rental (monthly)", "GPU 算力租赁"),
    "bare_metal": ("Bare metal (rented)", "裸金属租用"),
    "private": ("Owned (on-premises)", "私有化部署（自购）"),
    "hybrid": ("Hybrid (owned + cloud)", "混合部署（自购 + 云上扩容）"),
}
"""Each priced option's name in a chart's legend (en, zh), shorter than the form's: the six options of the ecommerce
sample's step-6 cost chart ('Hybrid: owned baseline + cloud bursts' …) fitted neither beside nor below its 497 × 277
plot at 1366 × 768 and folded behind 'Legend (6)'; in these names they read beside it, in both languages."""
if set(LEGEND_NAMES) != set(DELIVERY_OPTION.codes):
    raise ValueError(f"legend names for {sorted(set(DELIVERY_OPTION.codes) ^ set(LEGEND_NAMES))}: one per option")


def legend_name(code: str, lang: str) -> str:
    """A priced option's name in a chart's legend in ``lang`` (another code: its name, as ``delivery_name``)."""
    names = LEGEND_NAMES.get(code)
    return delivery_name(code, lang) if names is None else names[1] if lang == "zh" else names[0]


def public_cloud(code: str) -> bool:
    """True for a delivery mode or a priced option that runs on shared public infrastructure."""
    term = DELIVERY_OPTION.term(code) if code in DELIVERY_OPTION else DELIVERY_MODE.term(code)
    return bool(term.public_cloud)


def delivery_name(code: str, lang: str) -> str:
    """The name of a delivery mode or priced option in ``lang`` (an unknown code as it is)."""
    return (DELIVERY_OPTION if code in DELIVERY_OPTION else DELIVERY_MODE).name_of(code, lang)


def compared_mode_name(mode: str, lang: str) -> str:
    """The name of a delivery mode or of a compared-only option (monthly subscription) in ``lang``."""
    return delivery_name(mode, lang)
