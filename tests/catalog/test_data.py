"""The shipped catalog holds the required rows with their published values."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.catalog.validate import validate_tables

REQUIRED_ACCELERATORS = (
    "a100-sxm-40gb a100-sxm-80gb a100-pcie-40gb a100-pcie-80gb a800-sxm-80gb h100-sxm h100-pcie h100-nvl "
    "h800-sxm h200-sxm h200-nvl h20 l20 b200 b300 gb200 gb300 l40s l40 l4 a10 a30 t4 rtx-4090 rtx-5090 "
    "rtx-pro-6000-blackwell rtx-6000-ada mi250x mi300x mi325x mi355x gaudi2 gaudi3 ascend-910b"
).split()
REQUIRED_MODELS = (
    "llama-3.1-8b llama-3.1-70b llama-3.1-405b llama-3.2-1b llama-3.2-3b qwen2.5-7b qwen2.5-72b qwen3-8b "
    "qwen3-32b qwen3-235b-a22b mistral-7b-v0.1 gemma-2-9b gemma-2-27b mixtral-8x7b mixtral-8x22b deepseek-v3 "
    "deepseek-r1-distill-qwen-32b glm-4-9b yi-34b phi-3-mini bert-base bert-large vit-b-16 vit-l-16 resnet-50 "
    "yolov8-l sdxl-base stable-diffusion-3-medium flux-1-dev whisper-large-v3 dlrm-dcnv2 gpt-3-175b llama-2-70b"
).split()


def test_shipped_catalog_is_valid(catalog: Catalog) -> None:
    assert validate_tables(catalog.tables(), catalog.citations()) == []


def test_coverage_counts(catalog: Catalog) -> None:
    assert len(catalog.accelerators()) >= 30
    assert len(catalog.servers()) >= 15
    assert len(catalog.cloud_offers()) >= 25
    assert len(catalog.models()) >= 30
    kinds = {o.kind for o in catalog.cloud_offers()}
    assert {"hyperscaler", "gpu-cloud", "china-cloud", "cpu-vm"} <= kinds
    assert any(o.currency == "CNY" for o in catalog.cloud_offers())


@pytest.mark.parametrize("rid", REQUIRED_ACCELERATORS)
def test_required_accelerator(catalog: Catalog, rid: str) -> None:
    acc = catalog.accelerator(rid)
    assert acc.provenance.source and acc.provenance.date
    assert acc.memory_gb > 0 and acc.mem_bw_gbs > 0


@pytest.mark.parametrize("rid", REQUIRED_MODELS)
def test_required_model(catalog: Catalog, rid: str) -> None:
    model = catalog.model(rid)
    assert model.params_total > 0
    assert catalog.citation(model.provenance.source).title


def test_required_servers_and_storage(catalog: Catalog) -> None:
    for rid in ("dgx-h100", "hgx-h200-8", "dgx-b200", "hgx-b300-8", "gb200-nvl72", "gb300-nvl72", "pcie-8x-l40s",
                "pcie-4x-l40s", "pcie-8x-l4", "pcie-4x-rtx-pro-6000", "pcie-8x-rtx-4090", "mi300x-8-platform",
                "gaudi3-8-server", "ascend-910b-8-server", "hgx-a100-8", "hgx-h20-8", "pcie-8x-h100-pcie"):
        catalog.server(rid)
    catalog.storage_option("parallel-fs-lustre")
    assert {s.kind for s in catalog.storage_options()} == {"local-nvme", "parallel-fs", "nas", "object"}


def test_peer_mistakes_are_not_in_the_data(catalog: Catalog) -> None:
    qwen = catalog.model("qwen3-32b")
    assert qwen.head_dim == 128 and qwen.hidden // qwen.n_heads == 80
    gemma = catalog.model("gemma-2-9b")
    assert gemma.head_dim == 256 and gemma.sliding_window == 4096 and gemma.n_sliding_layers == 21
    assert catalog.model("mistral-7b-v0.1").sliding_window == 4096
    ds = catalog.model("deepseek-v3")
    assert (ds.attention, ds.n_experts, ds.n_shared_experts, ds.experts_per_token) == ("mla", 256, 1, 8)
    assert ds.mla_kv_lora_rank == 512 and ds.params_total == 671e9 and ds.params_active == 37e9
    assert 68e9 <= catalog.model("llama-2-70b").params_total <= 70e9


def test_accelerator_figures_are_dense_and_one_direction(catalog: Catalog) -> None:
    h100 = catalog.accelerator("h100-sxm")
    assert h100.bf16_tflops == 989.5 and h100.sparsity_factor == 2
    assert h100.scaleup_bw_gbs == 450 and h100.peak_tflops("fp8") == 1979
    assert catalog.accelerator("h800-sxm").scaleup_bw_gbs == 200
    assert catalog.accelerator("ascend-910b").provenance.verified is False
    assert "domestic" in catalog.accelerator("ascend-910b").markets
    assert catalog.accelerator("l40s").rt_cores and catalog.accelerator("l40s").vgpu_profiles_gb


def test_gb200_rack_heat_split_is_cited_and_unverified(catalog: Catalog) -> None:
    rack = catalog.server("gb200-nvl72")
    assert rack.is_rack and rack.power_max_kw == 132
    assert rack.liquid_heat_share == pytest.approx(115 / 132, abs=1e-3)
    assert rack.provenance.source_of("liquid_heat_share") == "seed-ai-lifecycle"
    assert rack.provenance.verified is False


def test_unknown_values_are_empty_and_listed(catalog: Catalog) -> None:
    acc = catalog.accelerator("b300")
    assert acc.tdp_w is None and "tdp_w" in acc.provenance.unknown


def test_facility_defaults(catalog: Catalog) -> None:
    assert catalog.facility_default("pue", "air").value == 1.58
    assert catalog.facility_default("rack_power", "liquid").unit == "kW"
