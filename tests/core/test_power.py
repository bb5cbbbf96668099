"""Power and cooling against published system figures (hardware-facts.md section 4D, section 5).

The catalog rows below (with their cited values) are shared by the other infrastructure tests."""

from dataclasses import replace

import numpy as np
import pytest

from gpudesk.catalog.records import Accelerator, CloudOffer, Nic, Provenance, Server, StorageOption, Switch
from gpudesk.core import constants as C
from gpudesk.core.derived_servers import power_limited
from gpudesk.core.power import PowerInputs, power_checks, power_figures, rack_layout

FACTS = "shared/reference/hardware-facts.md"

DGX_H100 = Server(
    id="dgx-h100", name="NVIDIA DGX H100", vendor="nvidia", accelerator_id="h100-sxm", gpus=8,
    cpu_model="2x Xeon Platinum 8480C", cpu_sockets=2, cpu_cores_total=112, ram_gb=2048, nics=8, nic_gbps=400,
    frontend_nics=2, frontend_nic_gbps=400, local_nvme_tb=30.72, pcie_gen=5, power_max_kw=10.2, rack_units=8,
    cooling="air", scaleup_domain=8,
    provenance=Provenance(source=f"{FACTS} 4C/4D (NVIDIA DGX H100 user guide via unanswered.io)",
                          unknown=("power_idle_kw", "power_typical_kw", "price_usd")),
)
DGX_B200 = Server(
    id="dgx-b200", name="NVIDIA DGX B200", vendor="nvidia", accelerator_id="b200", gpus=8, cpu_sockets=2,
    cpu_cores_total=112, ram_gb=2048, nics=8, nic_gbps=400, pcie_gen=5, power_max_kw=14.3, rack_units=10,
    weight_kg=142.4, provenance=Provenance(source="docs.nvidia.com/dgx/dgxb200-user-guide (14.3 kW max, 10U)"),
)
GB200_NVL72 = Server(
    id="gb200-nvl72", name="GB200 NVL72", vendor="nvidia", accelerator_id="gb200", gpus=72, cpu_sockets=36,
    power_max_kw=132.0, cooling="hybrid", liquid_heat_share=115.0 / 132.0, is_rack=True, scaleup_domain=72,
    provenance=Provenance(source="seed ai-lifecycle-gpu-guide.zh.txt: ~132 kW rack, ~115 kW liquid / ~17 kW air"),
)
QM9700 = Switch(id="qm9700", name="NVIDIA Quantum-2 QM9700", kind="infiniband", ports=64, port_gbps=400,
                rack_units=1, ports_per_cage=2, provenance=Provenance(source="NVIDIA QM97xx user manual: 64 NDR 400 Gb/s ports, 1U"))
CX7 = Nic(id="cx7-ndr", name="ConnectX-7 NDR", kind="infiniband", gbps=400,
          provenance=Provenance(source=f"{FACTS} 4C: ConnectX-7 400 Gb/s"))
LUSTRE = StorageOption(id="lustre-test", name="parallel FS", kind="parallel-fs", read_gbs_per_node=20.0,
                       write_gbs_per_node=10.0, aggregate_read_gbs_max=100.0, price_usd_per_tb_month=50.0,
                       provenance=Provenance(source="test row: values chosen for hand arithmetic"))
NVME = StorageOption(id="nvme-test", name="local NVMe", kind="local-nvme", read_gbs_per_node=25.0,
                     write_gbs_per_node=12.0, provenance=Provenance(source="test row: values chosen for hand arithmetic"))
P5 = CloudOffer(id="aws-p5-capacity-block", provider="aws", instance="p5.48xlarge", accelerator_id="h100-sxm", gpus=8,
                on_demand_per_hour=98.32, reserved_1y_per_hour=39.33, spot_per_hour=None,
                provenance=Provenance(source=f"{FACTS} 6: p5.48xlarge on-demand $98.32/h (2023 list); "
                                             "Capacity Blocks $39.33/h used here as the committed rate"))
RENTAL = CloudOffer(id="h800-rental", provider="rental", instance="8xH800", accelerator_id="h800", gpus=8,
                    on_demand_per_hour=16.0, kind="rental",
                    provenance=Provenance(source=f"{FACTS} 6: DeepSeek-V3 paper H800 rental $2/GPU-h"))
H100 = Accelerator(id="h100-sxm", name="H100 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80,
                   memory_type="HBM3", mem_bw_gbs=3350, software_stack="CUDA", frameworks=("PyTorch", "JAX"),
                   pcie_gen=5, support_llm_training="upstream", support_llm_serving="upstream",
                   support_deep_learning="upstream")
ASCEND = Accelerator(id="ascend-910b", name="Ascend 910B", vendor="huawei", family="huawei-ascend", memory_gb=64,
                     memory_type="HBM2e", mem_bw_gbs=0, software_stack="CANN", frameworks=("MindSpore", "PyTorch"),
                     support_llm_training="vendor", support_llm_serving="vendor", support_deep_learning="vendor",
                     provenance=Provenance(source="test row", field_sources={"support_llm_training": "stack-ascend"}))


def _power(server, servers=1, limit=200.0, **kw):
    return power_figures(PowerInputs(server=server, servers=servers, rack_power_limit_kw=limit,
                                     electricity_per_kwh=0.10, grid_co2_kg_per_kwh=0.5, **kw))


def test_dgx_h100_max_and_superpod_rack():
    # DGX H100 max input 10.2 kW; SuperPOD design: 4 systems/rack -> 40.8 kW (hardware-facts 4D)
    fs = _power(DGX_H100, servers=4, limit=40.8)
    assert fs["power.server_kw"] == pytest.approx(10.2)
    assert fs["power.servers_per_rack"] == 4
    assert fs["power.rack_kw"] == pytest.approx(40.8)
    assert fs["power.racks"] == 1


def test_dgx_b200_max_and_rack_fit():
    # DGX B200: 14.3 kW max, 10U (docs.nvidia.com dgxb200 user guide). 50 kW rack: floor(50/14.3) = 3 by power,
    # floor(42/10) = 4 by space -> 3 per rack; 7 servers -> 3 racks.
    fs = _power(DGX_B200, servers=7, limit=50.0)
    assert fs["power.server_max_kw"] == pytest.approx(14.3)
    assert fs["power.servers_per_rack"] == 3
    assert fs["power.racks"] == 3


def test_gb200_nvl72_liquid_air_split_btu_tons():
    # Seed document: ~132 kW rack, ~115 kW to liquid, ~17 kW to air. hardware-facts 4D: ~120-132 kW.
    fs = _power(GB200_NVL72, servers=1, limit=140.0)
    assert 120.0 <= fs["power.it_kw"] <= 132.0
    assert fs["power.liquid_kw"] == pytest.approx(115.0)
    assert fs["power.air_kw"] == pytest.approx(17.0)
    # NIST SP 811 B.8: 1 W = 3.412 141 633 Btu_IT/h (the domain guide's rounded 3.412 read 450,384)
    assert fs["power.btu_per_h"] == pytest.approx(132_000 * 3.412141633, rel=1e-9)  # 450,403 BTU/h
    assert fs["power.cooling_tons"] == pytest.approx(132 / 3.517)  # 37.5 tons
    assert fs["power.servers_per_rack"] == 1


def test_pue_default_matches_uptime_surveys():
    # Uptime Institute: 1.58 (2023), 1.56 (2024 survey); hardware-facts section 5
    assert C.PUE_UPTIME_2023.value == 1.58
    assert C.PUE_DEFAULT.value == 1.56
    fs = _power(DGX_H100, servers=4, limit=40.8)
    assert fs["power.facility_kw"] == pytest.approx(40.8 * 1.56)
    # annual kWh = 40.8 x 1.56 x 8760; cost at 0.10/kWh; CO2 at 0.5 kg/kWh
    kwh = 40.8 * 1.56 * 8760
    assert fs["power.annual_kwh"] == pytest.approx(kwh)
    assert fs["power.annual_energy_cost"] == pytest.approx(kwh * 0.10)
    assert fs["power.annual_co2_t"] == pytest.approx(kwh * 0.5 / 1000)


def test_load_factor_interpolates_and_sweeps():
    from dataclasses import replace
    server = replace(DGX_H100, power_idle_kw=2.0)
    fs = _power(server, servers=1, load_factor=np.array([0.0, 0.5, 1.0]))
    np.testing.assert_allclose(fs["power.server_kw"], [2.0, 6.1, 10.2])
    # Idle unknown in the catalog: estimated as SERVER_IDLE_SHARE_OF_MAX (0.25) x 10.2 kW = 2.55 kW, and said so.
    unknown_idle = _power(DGX_H100, load_factor=np.array([0.5, 1.0]))
    np.testing.assert_allclose(unknown_idle["power.server_kw"], [2.55 + 0.5 * (10.2 - 2.55), 10.2])
    assert "no idle power" in unknown_idle.explain("power.server_idle_kw").note


def test_server_max_power_estimated_from_gpu_tdp_when_unknown():
    from dataclasses import replace
    generic = replace(DGX_H100, power_max_kw=None, power_idle_kw=None)
    fs = _power(generic, servers=1, load_factor=1.0, accelerator_tdp_w=700.0)
    # 8 GPUs x 0.7 kW / 0.55 GPU share of server maximum (derived from DGX H100 and B200 rows)
    assert fs["power.server_kw"] == pytest.approx(8 * 0.7 / 0.55)


def test_rack_layout_and_pdus():
    fs = _power(DGX_H100, servers=6, limit=40.8, switch=QM9700, switch_count=3)
    racks = rack_layout(fs, "DGX H100", "QM9700")
    compute = [r for r in racks if r["kind"] == "compute"]
    assert [r["servers"] for r in compute] == [4, 2]
    # PDU: sqrt(3) x 415 V x 32 A x 0.8 = 18.4 kW; 40.8 kW -> 3 per feed x 2 feeds = 6
    assert fs["power.pdu_kw"] == pytest.approx(18.40, abs=0.01)
    assert compute[0]["pdus"] == 6
    assert [r["switches"] for r in racks if r["kind"] == "network"] == [3]


def test_checks_rack_limit_and_liquid():
    fs = _power(GB200_NVL72, limit=40.0, facility_cooling="air")
    ids = {c.id for c in power_checks(fs)}
    assert ids == {"power.rack_limit_exceeded", "power.needs_liquid_cooling"}
    assert power_checks(_power(DGX_H100, limit=40.8)) == []


def test_training_draw_follows_the_share_of_the_step_the_gpus_compute():
    """A training server draws the rest of the server plus 8 GPUs between idle and busy power by the compute share:
    by hand on DGX H100 (10.2 kW, 8 × 700 W), 0.28 × 10.2 = 2.856 kW + 8 × 0.7 × (0.1 + 0.77 s). Energy follows
    that average draw; racks, PDUs and cooling stay at the nameplate maximum whatever the share."""
    share = np.array([0.0, 0.5, 1.0])
    fs = _power(DGX_H100, servers=4, load_factor=0.68, accelerator_tdp_w=700.0, compute_share=share)
    lo, hi = C.GPU_STATIC_POWER_SHARE.value, C.GPU_BUSY_POWER_SHARE.value
    expect = C.SERVER_HOST_POWER_SHARE.value * 10.2 + 8 * 0.7 * (lo + (hi - lo) * share)
    assert np.allclose(fs["power.server_kw"], expect)
    assert np.allclose(fs["power.server_kw"], [3.416, 5.572, 7.728], atol=1e-3)
    assert fs["power.server_kw"][0] < fs["power.server_kw"][2] < 10.2
    kwh = np.asarray(fs["power.annual_kwh"], dtype=float)
    assert kwh[0] < kwh[1] < kwh[2]  # energy (opex) reads the average draw
    for design in ("power.it_max_kw", "power.rack_kw", "power.cooling_tons", "power.pdus_per_rack"):
        assert np.allclose(fs[design], _power(DGX_H100, servers=4, load_factor=1.0)[design]), design
    assert "nameplate" in fs.explain("power.server_kw").note
    capped = _power(DGX_H100, servers=1, accelerator_tdp_w=700.0, compute_share=1.0, gpu_power_limit_w=500.0)
    assert capped.number("power.gpu_draw_kw") == pytest.approx(0.5)  # min(0.87 × 0.7 = 0.609, 0.5) kW, busy


def test_a_gpu_power_limit_lowers_only_the_gpus_busy_draw():
    """A GPU power limit bounds a GPU's draw under load (NVML nvmlDeviceGetPowerManagementLimit), not its idle draw
    nor the CPUs, fans and NICs around it: a DGX H100 capped at 450 W idled at 2.22-2.25 kW before its MLPerf
    Inference v4.0 run. By hand, DGX H100 (10.2 kW, 8 × 700 W) capped at 450 W: maximum 10.2 − 8 × 0.25 = 8.2 kW;
    idle 0.25 × 10.2 = 2.55 kW (main gave 0.25 × 8.2 = 2.05); training at compute share 1: rest of the server
    0.28 × 10.2 = 2.856 kW (main: 0.28 × 8.2), each GPU min(0.87 × 0.7, 0.45) = 0.45 kW (main: 0.87 × 0.45), server
    2.856 + 8 × 0.45 = 6.456 kW; at share 0 each GPU idles at 0.1 × 0.7 = 0.07 kW (main: 0.1 × 0.45)."""
    server = power_limited(DGX_H100, replace(H100, tdp_w=700.0), 450.0)
    assert server.power_max_kw == pytest.approx(8.2)
    kw = {"accelerator_tdp_w": 700.0, "gpu_power_limit_w": 450.0, "server_max_capped": True}
    serving = _power(server, load_factor=0.7, **kw)
    assert serving.number("power.server_max_uncapped_kw") == pytest.approx(10.2)
    assert serving.number("power.server_idle_kw") == pytest.approx(2.55)
    assert serving.number("power.server_kw") == pytest.approx(2.55 + 0.7 * (8.2 - 2.55))
    assert serving.number("power.server_max_kw") == pytest.approx(8.2)  # racks and cooling: the capped nameplate
    training = _power(server, compute_share=np.array([0.0, 1.0]), **kw)
    assert np.allclose(training["power.gpu_draw_kw"], [0.07, 0.45])
    assert training.number("power.host_kw") == pytest.approx(2.856)
    assert np.allclose(training["power.server_kw"], [2.856 + 8 * 0.07, 6.456])
    assert "nvmlDeviceGetPowerManagementLimit" in training.explain("power.server_max_uncapped_kw").note
    uncapped = _power(DGX_H100, compute_share=np.array([0.0, 1.0]), accelerator_tdp_w=700.0)
    assert "power.server_max_uncapped_kw" not in uncapped  # no limit: the formulas as before
    assert np.allclose(uncapped["power.server_kw"], [2.856 + 8 * 0.07, 2.856 + 8 * 0.609])


def test_the_rest_of_the_server_loses_its_fans_where_liquid_carries_the_heat():
    """The fans (SERVER_FAN_POWER_SHARE 0.10 of the maximum, part of SERVER_HOST_POWER_SHARE 0.28) move only the
    heat that leaves a server by air. By hand at compute share 1 (8 GPUs at 0.87 of their TDP): DGX H100 air-cooled
    0.28 × 10.2 = 2.856 kW + 8 × 0.609 = 7.728 kW, as before; immersed (all heat to the fluid, no fans)
    (0.28 − 0.10) × 10.2 = 1.836 kW + 4.872 = 6.708 kW; DGX B200 water-cooled with no recorded liquid share
    (DIRECT_LIQUID_HEAT_SHARE 0.87) (0.28 − 0.10 × 0.87) × 14.3 = 2.7599 kW + 8 × 0.87 = 9.7199 kW, where main
    charged 0.28 × 14.3 = 4.004 kW with fans the server does not have; GB200 NVL72 (hybrid, 115 of its 132 kW to
    liquid) 0.28 × 132 − 0.10 × 115 = 25.46 kW. A hybrid server without a recorded share keeps
    the air-cooled fans (how much heat goes to liquid is not known)."""
    def host(server: Server, tdp: float) -> tuple[float, float]:
        fs = _power(server, accelerator_tdp_w=tdp, compute_share=1.0)
        return fs.number("power.host_kw"), fs.number("power.server_kw")

    assert host(DGX_H100, 700.0) == pytest.approx((2.856, 7.728))
    assert host(replace(DGX_H100, cooling="liquid", liquid_heat_share=1.0), 700.0) == pytest.approx((1.836, 6.708))
    assert host(replace(DGX_B200, cooling="liquid"), 1000.0) == pytest.approx((2.7599, 9.7199))
    assert host(GB200_NVL72, 1200.0)[0] == pytest.approx(25.46)
    assert host(replace(DGX_B200, cooling="hybrid"), 1000.0)[0] == pytest.approx(0.28 * 14.3)
    fs = _power(replace(DGX_B200, cooling="liquid"), accelerator_tdp_w=1000.0, compute_share=1.0)
    assert fs.number("power.air_heat_share") == pytest.approx(0.13)
    assert "DIRECT_LIQUID_HEAT_SHARE" in fs.explain("power.direct_liquid_heat_share").source
    assert "immersed" in fs.explain("power.host_kw").note
    unknown = replace(DGX_H100, cooling="", provenance=replace(DGX_H100.provenance, unknown=("cooling",)))
    fs = _power(unknown, accelerator_tdp_w=700.0, compute_share=1.0)
    assert fs.number("power.host_kw") == pytest.approx(2.856)  # cooling not recorded: the air-cooled fans, labelled
    assert fs.explain("power.air_heat_share").source.endswith(".cooling: " + DGX_H100.provenance.source
                                                                 + " (unknown in catalog)")
