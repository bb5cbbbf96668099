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
    _mode("cloud_on_demand", "public cloud, on demand", "公有云按需", False, True, "cloud_on_demand", False),
    _mode("cloud_reserved_1y", "public cloud, 1-year reservation", "公有云包年（1 年）", False, True,
          "cloud_reserved_1y", True),
    _mode("cloud_reserved_3y", "public cloud, 3-year reservation", "公有云包年（3 年）", False, True,
          "cloud_reserved_3y", True),
    _mode("cloud_spot", "public cloud, spot", "公有云竞价实例", False, True, "cloud_spot", False),
    _mode("gpu_rental", "GPU rental (monthly)", "GPU 算力租赁", False, True, "gpu_rental", True),
    _mode("bare_metal", "dedicated bare metal (rented)", "裸金属租用", False, False, "bare_metal", True),
    _mode("private", "private on-premises (owned)", "私有化部署（自购）", True, False, "private", True),
    _mode("hybrid", "hybrid: owned baseline + cloud bursts", "混合部署（自购基线 + 云上扩容）", True, False, "hybrid", True),
    _mode("container_service", "managed container service", "容器服务", False, True, "cloud_on_demand", False),
    _mode("serverless_api", "serverless inference API", "无服务器推理 API", False, True, "cloud_on_demand", False),
    _mode("managed_training", "managed training platform", "托管训练平台", False, True, "cloud_on_demand", False),
    _mode("agent_platform", "agent hosting platform", "智能体托管平台", False, True, "cloud_on_demand", False),
))

COMPARED_ONLY_MODE: Vocabulary[Term] = Vocabulary("compared delivery option", (
    _mode("cloud_monthly", "public cloud, monthly subscription", "公有云包月", False, True, "cloud_monthly", True),
))
"""Options the delivery comparison prices that a plan cannot choose as its mode (named like the modes)."""


def compared_mode_name(mode: str, lang: str) -> str:
    """The name of a delivery mode or of a compared-only option (monthly subscription) in ``lang``."""
    vocabulary = COMPARED_ONLY_MODE if mode in COMPARED_ONLY_MODE.codes else DELIVERY_MODE
    return vocabulary.name_of(mode, lang)


OWNED_MODES = DELIVERY_MODE.where(owns_hardware=True)
RENTED_MODES = DELIVERY_MODE.where(owns_hardware=False)
PUBLIC_CLOUD_MODES = DELIVERY_MODE.where(public_cloud=True)
COMMITTED_MODES = DELIVERY_MODE.where(committed=True)


def owns_hardware(mode: str) -> bool:
    return bool(DELIVERY_MODE.term(mode).owns_hardware)


def priced_as(mode: str) -> str:
    return str(DELIVERY_MODE.term(mode).priced_as)
