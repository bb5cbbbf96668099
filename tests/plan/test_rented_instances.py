"""A rented phase is laid out and timed on what it rents: its node is the instance (a 1-GPU instance has no tensor
parallel partner), and the instances reach each other over the network the catalog's offer row gives, unknown where
it does not say, never the plan's own NIC or fabric setting.

The bank sample's L20 alternative (128 one-GPU instances) was laid out as TP4 and timed as on an 8-GPU node; the
startup sample's 4 × g6.xlarge pilot was one '8 x L4 server fitted with 4' with 'Fabric: none (single node)'."""

from __future__ import annotations

import dataclasses
import math

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.plan_resolve import instance_server, resolve_phase
from gpudesk.core.plan_workload import hardware_for
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.proposal_infra import fabric_text
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan


@pytest.fixture(scope="module")
def catalog():
    return Catalog.open()


def test_an_instance_shares_its_scale_up_links_only_among_its_own_gpus(catalog):
    a100 = catalog.accelerator("a100-sxm-80gb")
    server = next(s for s in catalog.servers() if s.accelerator_id == a100.id and s.gpus == 8)
    one_gpu = next(o for o in catalog.cloud_offers() if o.accelerator_id == a100.id and o.gpus == 1)
    rented = hardware_for(a100, instance_server(server, a100, one_gpu), 1, None)
    owned = hardware_for(a100, server, 8, None)
    assert (rented.scaleup_domain[0], owned.scaleup_domain[0]) == (1, 8)
    # an owned NVL72's 4-GPU trays stay one 72-GPU domain: only a rented instance is capped at its own GPUs
    gb200 = catalog.accelerator("gb200")
    assert HardwareArrays.from_accelerators([gb200], gpus_per_node=4).scaleup_domain[0] == 72


def test_an_instance_is_its_gpus_on_its_offers_network(catalog):
    server = catalog.server("hgx-a100-40gb-8")
    acc = catalog.accelerator("a100-sxm-40gb")
    p4d = catalog.cloud_offer("awscn-zhy-p4d-24xlarge")
    node = instance_server(server, acc, p4d)
    assert (node.gpus, node.nics, node.nic_gbps) == (8, 1, 400.0)  # 4 × 100 Gb/s EFA: 400 Gb/s per instance
    l20 = next(o for o in catalog.cloud_offers() if o.accelerator_id == "l20" and o.gpus == 1)
    one = instance_server(catalog.server(next(s.id for s in catalog.servers() if s.accelerator_id == "l20")),
                          catalog.accelerator("l20"), l20)
    assert one.gpus == 1 and one.scaleup_domain == 1
    assert l20.network_gbps is not None or (one.nics, one.nic_gbps) == (0, 0.0)  # not given: unknown, not a guess


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_rented_instances_are_four_nodes_on_the_providers_network(lang, catalog):
    project = load_project(samples_dir() / "startup-inspection.gpudesk").project
    pilot = project.phases[0]
    assert pilot.delivery.cloud_offer_id == "aws-g6-xlarge" and pilot.network.fabric == "none"
    r = resolve_phase(catalog, pilot, "phases[0]")
    assert r.instance is not None and r.node_gpus(pilot) == 1
    phase = estimate_plan(project, catalog).phases[0]
    f = phase.figures
    assert f.number("plan.nodes") == f.number("plan.instances") == 4 == phase.config.gpus
    assert f.number("net.instance_gbps") == 10.0
    assert "cloud_offers/aws-g6-xlarge" in f.source("net.instance_gbps")
    assert not any(c.id in ("pitfall.no_fabric_for_nodes", "hardware.server_partly_populated") for c in phase.checks)
    t = ReportText(lang)
    shown = fabric_text(phase, pilot.network.fabric, t)
    assert shown != t.choice("fabric", "none") and "g6.xlarge" in shown and ("10 Gb/s" in shown), shown
    # the instance's own network, where the catalog does not give it: unknown, in words
    unknown = f.without("net.instance_gbps")
    unknown.input("net.instance_gbps", math.nan, "Gb/s", "network", "unknown")
    blank = dataclasses.replace(phase, figures=unknown)
    assert fabric_text(blank, "none", t) == t.get("network.instance_fabric_unknown", instance="g6.xlarge")
