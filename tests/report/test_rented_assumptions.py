"""A phase renting an instance states the instance and the provider's network as its hardware (walk-26 item 1).

The ecommerce sample rents 2 x g6e.xlarge on AWS's 20 Gb/s network; its assumptions once named the plan's owned
fallback (a generic 8-card L40S server, BlueField-3 with SN5600 switches, a PUE, a tariff, a rack limit) as what the
phase runs on, disagreeing with the proposal's own architecture and network sections. The owned figures price only
the owning comparison, so they are said as 'if owned instead'.
"""

from __future__ import annotations

import datetime as dt

from gpudesk.report.document import Branding, BulletList
from gpudesk.report.proposal import build_proposal
from gpudesk.report.proposal_closing import phase_assumptions


def test_a_rented_instance_phase_assumes_the_instance_and_the_providers_network(searched_sample) -> None:
    plan, _project = searched_sample("ecommerce-recsys")
    for phase in plan.phases:
        keys = [a.key for a in phase.assumptions if hasattr(a, "key")]
        assert keys[:3] == ["rented_instance", "storage_only", "if_owned_instead"], keys
        assert not {"hardware", "storage_network", "power_price", "rack_limit"} & set(keys)
        rented = phase.assumptions[0]
        assert rented.values["instance"] == "g6e.xlarge" and rented.values["network_gbps"] == 20
        en, zh = phase_assumptions(phase, "en"), phase_assumptions(phase, "zh")
        assert "g6e.xlarge" in en[0] and "20 Gb/s" in en[0] and "BlueField" not in en[0] + en[1]
        assert en[2].startswith("If owned instead") and "PUE" in en[2]
        assert "服务商网络" in zh[0] and zh[2].startswith("若改为自建")


def test_an_owned_phase_keeps_its_hardware_assumptions(searched_sample) -> None:
    plan, _project = searched_sample("manufacturer-vision-private")
    keys = [a.key for a in plan.phases[0].assumptions if hasattr(a, "key")]
    assert keys[:4] == ["hardware", "storage_network", "power_price", "rack_limit"]


def test_the_proposal_prints_the_rented_instance_assumption(searched_sample) -> None:
    plan, project = searched_sample("ecommerce-recsys")
    doc = build_proposal(plan, project, "zh", Branding("示例科技有限公司", "", "王工"), issued=dt.date(2025, 6, 1),
                         catalog=searched_sample.catalog)
    items = [i for b in doc.section("assumptions").blocks if isinstance(b, BulletList) for i in b.items]
    assert any(i.startswith("租用 AWS g6e.xlarge 实例") for i in items)
    assert any(i.startswith("若改为自建") for i in items)
    assert not any(i.startswith("加速卡 NVIDIA L40S") for i in items)
