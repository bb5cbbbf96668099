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
from gpudesk.core.derived_servers import instance_server
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.plan_resolve import INSTANCE_KINDS, resolve_phase
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


def test_a_rented_instances_cpu_and_memory_are_the_offers(catalog):
    """The bank pilot rents 4 × p4d.24xlarge (96 vCPUs, 1,152 GB each) yet its feed check read the owned HGX A100
    server ('Server CPU and memory not in the catalog'): the instance's cores and RAM are the offer row's."""
    project = load_project(samples_dir() / "bank-llm-assistant.gpudesk").project
    phase = estimate_plan(project, catalog).phases[0]
    offer = catalog.cloud_offer(project.phases[0].delivery.cloud_offer_id)
    f = phase.figures
    assert offer.vcpus > 0 and offer.ram_gb > 0 and not phase.config.owns_hardware
    assert f.number("host.cpu_cores") == offer.vcpus // 2 and f.number("host.ram") == offer.ram_gb * 1e9
    assert f"cloud_offers/{offer.id}" in f.source("host.cpu_cores") and "VCPUS_PER_CORE" in f.source("host.cpu_cores")
    assert not any(c.id == "host.server_spec_unknown" for c in phase.checks)
    assert "host.pcie_lanes_needed" not in f  # the provider lays out its PCIe and network: no NIC check of ours
    # an offer row without them: unknown, never the owned server's nor 0
    bare = dataclasses.replace(offer, vcpus=0, ram_gb=0)
    r = resolve_phase(catalog, project.phases[0], "phases[0]")
    node = instance_server(r.server, r.accelerator, bare)
    assert (node.cpu_cores_total, node.ram_gb) == (0, 0.0)
    assert {"cpu_cores_total", "ram_gb"} <= set(node.provenance.unknown)


PUBLISHED_NETWORK = {  # offer row -> Gb/s between instances as the provider publishes it (resources/catalog citations)
    "awscn-bjs-g4dn-xlarge": 25, "awscn-zhy-g4dn-12xlarge": 50, "azure-nd96asr-v4": 1600,
    "azure-nd96isr-h100-v5": 3200, "azure-nc40ads-h100-v5": 40, "gcp-a3-highgpu-8g": 1000,
}


def test_instance_rows_give_the_published_network_or_the_search_names_them(catalog, searched_sample):
    """Azure, GCP and AWS g4dn rows had no network, so rented layouts across their instances were dropped for
    'span servers that have no scale-out network' without a word about the offer. Rows with a published figure now
    give it (cited); the bank pilot's search names the offers still without one (Aliyun's L20 and H20)."""
    for rid, gbps in PUBLISHED_NETWORK.items():
        row = catalog.cloud_offer(rid)
        assert row.network_gbps == gbps and "network_gbps" in row.provenance.field_sources, rid
    plan, _project = searched_sample("bank-llm-assistant")
    search = plan.phases[0].search
    unknown = [o for o in catalog.cloud_offers() if o.kind in INSTANCE_KINDS and o.gpus > 0 and not o.network_gbps
               and o.id in str(search.summary)]
    assert search.dropped.get("fabric") and unknown, search.summary
    from gpudesk.report.check_text import reason_text
    zh = reason_text(search.summary, "zh")  # the offers named in Chinese, as the catalog's provider_zh gives them
    assert "阿里云 ecs.gn8is.2xlarge" in zh and "Alibaba" not in zh and "目录未给出" in zh, zh


def test_a_per_gpu_rental_row_says_it_is_timed_on_the_plans_server(catalog):
    """Lambda's 'H100 SXM (per GPU)' row prices one GPU of the provider's node and gives no node or network; the
    phase was timed on the plan's DGX H100 and its ConnectX-7 with no word of it. The assumption says so (zh too);
    an instance row (the bank pilot's p4d.24xlarge) is timed on its own network and says nothing of the kind."""
    from gpudesk.project.model import Phase, Project, Workload
    from gpudesk.report.assumption_text import assumption_text

    phase = Phase(name="Pilot", workloads=[Workload(kind="finetune_lora", model_id="llama-3.1-8b", train_tokens=1e9)])
    phase.hardware.accelerator_id, phase.delivery.mode = "h100-sxm", "cloud_on_demand"
    estimate = estimate_plan(Project(phases=[phase]), catalog).phases[0]
    said = [a for a in estimate.assumptions if a.key.startswith("rented_on_plan_server")]
    r = resolve_phase(catalog, phase, "phases[0]")
    assert r.instance is None and r.offer is not None and r.offer.kind not in INSTANCE_KINDS
    assert len(said) == 1 and r.offer.instance in said[0] and r.server.name in said[0]
    assert "按服务商节点中的单张 GPU 计价" in assumption_text(said[0], "zh")
    bank = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, catalog).phases[0]
    assert not [a for a in bank.assumptions if a.key.startswith("rented_on_plan_server")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_proposal_counts_a_rented_phases_gpus_per_unit_it_rents(lang, searched_sample):
    """The startup's second phase rents one A100 by the GPU; its architecture table read '每台 GPU 数 8 卡' (the plan
    server's slots) under '1 台 A100 80GB SXM（…）（每台 1 张 GPU）'. A rented phase's unit is what it rents, an
    instance or a GPU; and the host's cores read as the window reads them (5.47, not '5 核', short of the need)."""
    from gpudesk.report.document import Branding, KeyValueTable
    from gpudesk.report.proposal import build_proposal

    plan, project = searched_sample("startup-inspection")
    t = ReportText(lang)
    doc = build_proposal(plan, project, lang, Branding())
    tables = [dict(b.rows) for b in doc.section("architecture").blocks if isinstance(b, KeyValueTable)]
    for phase, rows in zip(plan.phases, tables, strict=True):
        assert not phase.config.owns_hardware and phase.config.instances
        assert t.get("architecture.gpus_per_node") not in rows, (phase.name, rows)
        assert rows[t.get("architecture.gpus_per_instance")].startswith(f"{phase.config.gpus_per_instance} "), rows
    cores = [dict(b.rows).get(t.get("figure.host.cores_needed")) for b in doc.section("storage").blocks
             if isinstance(b, KeyValueTable)]
    needed = [p.figures.number("host.cores_needed") for p in plan.phases]
    assert [c.split()[0] for c in cores if c] == [f"{n:.3g}" for n in needed], (cores, needed)


def test_an_instance_wider_than_the_plans_node_is_cut_from_a_whole_server(catalog):
    """fuzz-26: 4 nodes × 1 GPU of H200 on spot are billed as p5e-class instances of 8 H200s, and each instance was cut
    from the plan's 1-GPU server (the 8-GPU row fitted with 1): the host figures counted 1 GPU per instance (host cores
    needed 1 where the instance feeds 8) beside an instance node of 8 GPUs. The instance is cut from the whole row."""
    from reconcile_checks import check_phase_surfaces

    from gpudesk.project.model import Phase, Project, Workload

    phase = Phase(workloads=[Workload(kind="finetune_lora", model_id="llama-3.1-8b", train_tokens=1e8)])
    project = Project(phases=[phase])
    phase.hardware.accelerator_id, phase.hardware.server_id, phase.hardware.candidates = "h200-sxm", "", ["h200-sxm"]
    phase.hardware.nodes, phase.hardware.gpus_per_node, phase.delivery.mode = 8, 1, "cloud_spot"
    resolved = resolve_phase(catalog, phase, "phases[0]")
    assert resolved.instance is not None and resolved.instance.gpus == 8 and resolved.server.gpus == 1
    assert resolved.timed()[0].gpus == 8
    plan = estimate_plan(project, catalog, search=True)
    figures, config = plan.phases[0].figures, plan.phases[0].config
    assert (config.gpus, config.gpus_per_node, figures.number("host.gpus")) == (8, 8, 8)
    check_phase_surfaces(plan)
