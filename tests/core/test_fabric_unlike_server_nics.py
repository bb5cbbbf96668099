"""A plan whose fabric is not the kind of the server's own NICs says so (walk-26 core item 5).

A wizard plan switched to Ascend 910B kept the starter's InfiniBand fabric while the Huawei Atlas 800T A2 carries
8 × 200GE RoCE (Ethernet) NICs (its catalog row's nic_kind, from Huawei's product page): the proposal printed
'计算网络 InfiniBand' over RoCE NICs without a word. net.fabric_unlike_server_nics says the two disagree.
"""

from __future__ import annotations

import copy

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.check_text import localise
from gpudesk.results.pipeline import estimate_plan

LAUNCH = 1  # the bank's launch phase: Ascend 910B in Atlas 800T A2 servers


def _bank(catalog, fabric: str | None):  # type: ignore[no-untyped-def]
    project = copy.deepcopy(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project)
    phase = project.phases[LAUNCH]
    assert phase.hardware.server_id == "ascend-910b-8-server"
    if fabric is not None:
        phase.network.fabric, phase.network.nic_id, phase.network.switch_id = fabric, "", ""
    return estimate_plan(project, catalog).phases[LAUNCH]


def test_an_infiniband_fabric_over_roce_nics_is_said(searched_sample) -> None:
    phase = _bank(searched_sample.catalog, "infiniband")
    [check] = [c for c in phase.checks if c.id == "net.fabric_unlike_server_nics"]
    assert check.severity == "warning" and "Ethernet" in check.message and "InfiniBand" in check.message
    _title, message, fix = localise(check, "zh")
    assert "以太网" in message and "InfiniBand" in message and "ethernet" not in message + fix


def test_the_servers_own_kind_of_fabric_is_quiet(searched_sample) -> None:
    assert "net.fabric_unlike_server_nics" not in {c.id for c in _bank(searched_sample.catalog, "ethernet").checks}
    assert "net.fabric_unlike_server_nics" not in {c.id for c in _bank(searched_sample.catalog, None).checks}
