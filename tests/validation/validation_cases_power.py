"""System power: measured GPU-server draw during published training runs against gpudesk's server power figure.

Source: Sustainable Metal Cloud's MLPerf Training v4.0 power submission (closed division, reviewed by MLCommons),
Llama 2 70B LoRA on 8 × H100 SXM servers cooled by immersion, https://smc.co/mlperfv40/results/llama2-70b-lora
(2024-06): per run, the total energy (J, AC and DC), the run time and the average DC power per node (compute
server) and per node's share of the network switches. Three runs: 29:06 on one node, 5:24 and 2:06 on more;
the node count of a run is its total DC energy ÷ run time ÷ the combined power per node (1, 8 and 64 nodes).

Measured = the average node (server) power, converted to AC input with the run's own AC/DC energy ratio
(1.3–1.6% rectifier loss), since the catalog's server maximum is input power. gpudesk = ``power.server_kw`` of a
training server on the catalog's only H100 SXM server row (``dgx-h100``, 10.2 kW maximum), immersed as SMC's
servers are (``validation_power_model.as_run``: all heat to the fluid, so no fans): the rest of the server
(SERVER_HOST_POWER_SHARE of its maximum less its fans, SERVER_FAN_POWER_SHARE) + 8 GPUs, each between its idle and busy power by the share
of the training step it computes (``train.compute_time_s / train.step_time_s`` of gpudesk's time model for the
run's layout), the figure a plan shows. The layouts are NVIDIA's v4.0 DGX H100 configurations for this benchmark
(SMC ran NVIDIA's NeMo implementation; its own configuration files are not in the stored copies): one node
config_DGXH100_1x8x4xtp4pp1cp1 (TP4, DP2, global batch 8); 8 nodes config_DGXH100_8x8x1xtp4pp1cp2 (TP4 CP2,
DP8, global batch 8); 64 nodes TP4 CP2 with one sequence per data-parallel rank (DP64, global batch 64, between
NVIDIA's 8- and 128-node configurations; assumed). FP8, LoRA r = 16, sequence 8,192, 8 × 400 Gb/s per node. None of the power constants comes from these cases.
"""

from __future__ import annotations

from dataclasses import dataclass

from validation_cases_power_mlperf import findings as mlperf_findings
from validation_cases_power_serving import findings as serving_findings
from validation_hardware import LLAMA2_70B
from validation_power_model import as_run, server_power, server_row, step_compute_share

from gpudesk.catalog.records import Accelerator

GROUP_POWER = "system power"
IMMERSED = 1.0  # share of an immersed server's heat that goes to the fluid: all of it (SMC's servers have no fans)
_SMC = ("Sustainable Metal Cloud, MLPerf Training v4.0 closed, power submission, Llama 2 70B LoRA on 8 × H100 SXM "
        "(immersion), https://smc.co/mlperfv40/results/llama2-70b-lora (2024-06)")


@dataclass(frozen=True)
class PowerCase:
    id: str
    citation: str
    server_id: str
    nodes: int
    run_s: float
    energy_ac_j: float
    energy_dc_j: float
    node_dc_kw: float  # average DC power of one compute node
    network_dc_kw: float  # the network switches' average DC power per node (0 = none)
    layout: tuple[int, int, int] = (4, 1, 1)  # tp, cp, global batch of the run (see the module docstring)
    note: str = ""

    def accelerator(self) -> Accelerator:
        return server_row(self.server_id)[1]

    @property
    def measured(self) -> float:
        """Average node input power (kW AC): the node's DC power × the run's AC/DC energy ratio."""
        return self.node_dc_kw * self.energy_ac_j / self.energy_dc_j


def compute_share(case: PowerCase) -> float:
    """gpudesk's share of the run's training step spent in compute (FP8 LoRA, sequence 8,192)."""
    tp, cp, batch = case.layout
    return step_compute_share(LLAMA2_70B, server_row(case.server_id)[1], case.nodes * 8, tp, cp, batch, 8192, "fp8",
                              "lora")


def predict_power(case: PowerCase) -> tuple[float, str]:
    """gpudesk's server power during training (kW per server) and what it assumed."""
    share = compute_share(case)
    server, accelerator = server_row(case.server_id)
    fs = server_power(as_run(server, "liquid", IMMERSED), accelerator, share)
    kw = fs.value_at("power.server_kw", 0)
    tp, cp, batch = case.layout
    return kw, (f"gpudesk: TP{tp} CP{cp} global batch {batch}, compute {share:.0%} of the step; {case.server_id} "
                f"maximum {fs.value_at('power.server_max_kw', 0):.1f} kW, rest of the server "
                f"{fs.value_at('power.host_kw', 0):.2f} kW + 8 GPUs at {fs.value_at('power.gpu_draw_kw', 0) * 1e3:.0f} W "
                "(immersed: no fans)")


def _run(nodes: int, minutes: float, ac: float, dc: float, node: float, net: float,
         layout: tuple[int, int, int]) -> PowerCase:
    derived = dc / (minutes * 60.0) / 1e3 / (node + net)
    return PowerCase(
        id=f"smc-mlperf-t40-lora-{nodes * 8}xh100-power", citation=_SMC, server_id="dgx-h100", nodes=nodes,
        run_s=minutes * 60.0, energy_ac_j=ac, energy_dc_j=dc, node_dc_kw=node, network_dc_kw=net, layout=layout,
        note=(f"{nodes} node(s) × 8 H100 SXM (DC energy {dc / 1e6:,.2f} MJ in {minutes:.2f} min ÷ {node + net:.3f} kW "
              f"per node = {derived:.2f} nodes); node {node:.3f} kW DC × AC/DC {ac / dc:.4f}"
              + (f"; network {net:.3f} kW DC per node not counted (gpudesk prices switches apart)" if net else "")))


POWER_CASES = [
    _run(1, 29.10069, 12_127_904, 11_769_962, 6.741, 0.0, (4, 1, 8)),
    _run(8, 5.40279, 20_644_275, 20_381_549, 5.847, 2.013, (4, 2, 8)),
    _run(64, 2.10304, 46_574_813, 45_837_402, 4.745, 0.931, (4, 2, 64)),
]


def findings(results: list) -> list[str]:
    """The 'known large errors' paragraphs of docs/validation.md for system power, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in POWER_CASES}}
    parts = ", ".join(f"{c.nodes} node(s) {c.measured:.2f} kW measured, {rows[c.id].error:+.0%}" for c in POWER_CASES)
    return [
        f"* **System power, immersion-cooled H100** ({len(rows)} of the group's held-out cases): "
        "Sustainable Metal Cloud's "
        "MLPerf Training v4.0 power submission (Llama 2 70B LoRA on immersion-cooled 8 × H100 SXM servers; "
        f"`tests/validation/validation_cases_power.py`): {parts}. gpudesk builds a training server's draw from "
        "its GPUs' idle and busy power by the share of the step they compute (train.compute_time_s / "
        f"train.step_time_s) plus the rest of the server; its time model puts that share at "
        f"{', '.join(f'{compute_share(c):.0%}' for c in POWER_CASES)} on 1, 8 and 64 nodes (LoRA's gradients are "
        "small and NVIDIA's configurations overlap the TP collectives), so the draw it gives hardly falls with "
        "scale, while the measured draw falls from 6.7 to 5.8 and 4.7 kW DC per node. What the step model does not "
        "see is where the larger runs lose time: an MLPerf run's evaluation passes, start-up and the wait of every "
        "GPU on the slowest (the 64-node run took 2.1 min, the 8-node 5.4 min: 2.6 times faster on 8 times the "
        "nodes). The servers are immersed, so gpudesk counts no fans (SERVER_FAN_POWER_SHARE, 1.0 kW of the "
        "dgx-h100 row's 10.2 kW, left out); with the fans the three were +9%, +27% and +56%. No other H100 node-level "
        "measurement was found in the stored copies: the MLPerf Inference v4.1–v6.0 copies hold performance logs "
        "and results tables with no power column or power log (the v4.0 copy holds NVIDIA's DGX H100 MaxQ power "
        "logs, inference runs: last paragraph); the MLPerf Training v5.0 copy holds Lenovo's B200 "
        "power logs (next paragraph); and the two published H100-node measurements found (Latif et al. 2024; Newkirk et al. 2025) are the sources of the "
        "power constants (GPU_BUSY_POWER_SHARE, SERVER_HOST_POWER_SHARE), so they cannot also test them.",
        *mlperf_findings(results),
        *serving_findings(results),
    ]
