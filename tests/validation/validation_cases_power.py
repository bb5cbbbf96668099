"""System power: measured GPU-server draw during published training runs against gpudesk's server power figure.

Source: Sustainable Metal Cloud's MLPerf Training v4.0 power submission (closed division, reviewed by MLCommons),
Llama 2 70B LoRA on 8 × H100 SXM servers cooled by immersion, https://smc.co/mlperfv40/results/llama2-70b-lora
(2024-06): per run, the total energy (J, AC and DC), the run time and the average DC power per node (compute
server) and per node's share of the network switches. Three runs: 29:06 on one node, 5:24 and 2:06 on more;
the node count of a run is its total DC energy ÷ run time ÷ the combined power per node (1, 8 and 64 nodes).

Measured = the average node (server) power, converted to AC input with the run's own AC/DC energy ratio
(1.3–1.6% rectifier loss), since the catalog's server maximum is input power. gpudesk = ``power.server_kw`` of a
training phase on the catalog's only H100 SXM server row (``dgx-h100``, 10.2 kW maximum, air-cooled): idle share
+ TRAINING_POWER_LOAD × (maximum − idle), the figure a plan shows. The immersion-cooled servers have no fans;
gpudesk's row does. These are the first system-power cases; the two node measurements gpudesk's load constant
comes from (Latif et al. 2024; Newkirk et al. 2025) are not among them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gpudesk.catalog.records import Accelerator, Server
from gpudesk.catalog.store import Catalog
from gpudesk.core import constants as C
from gpudesk.core.power import PowerInputs, power_figures

GROUP_POWER = "system power"
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
    note: str = ""

    @property
    def measured(self) -> float:
        """Average node input power (kW AC): the node's DC power × the run's AC/DC energy ratio."""
        return self.node_dc_kw * self.energy_ac_j / self.energy_dc_j

    def server(self) -> Server:
        return _catalog().server(self.server_id)

    def accelerator(self) -> Accelerator:
        return _catalog().accelerator(self.server().accelerator_id)


@lru_cache(maxsize=1)
def _catalog() -> Catalog:
    return Catalog.open()


def predict_power(case: PowerCase) -> tuple[float, str]:
    """gpudesk's server power during training (kW per server) and what it assumed."""
    fs = power_figures(PowerInputs(server=case.server(), servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
                                   grid_co2_kg_per_kwh=0.5, load_factor=C.TRAINING_POWER_LOAD.value))
    kw = fs.value_at("power.server_kw", 0)
    return kw, (f"gpudesk: {case.server_id} maximum {fs.value_at('power.server_max_kw', 0):.1f} kW, idle "
                f"{fs.value_at('power.server_idle_kw', 0):.2f} kW, training load {C.TRAINING_POWER_LOAD.value:.2f} "
                "of the way from idle to maximum (air-cooled row with fans)")


def _run(nodes: int, minutes: float, ac: float, dc: float, node: float, net: float) -> PowerCase:
    derived = dc / (minutes * 60.0) / 1e3 / (node + net)
    return PowerCase(
        id=f"smc-mlperf-t40-lora-{nodes * 8}xh100-power", citation=_SMC, server_id="dgx-h100", nodes=nodes,
        run_s=minutes * 60.0, energy_ac_j=ac, energy_dc_j=dc, node_dc_kw=node, network_dc_kw=net,
        note=(f"{nodes} node(s) × 8 H100 SXM (DC energy {dc / 1e6:,.2f} MJ in {minutes:.2f} min ÷ {node + net:.3f} kW "
              f"per node = {derived:.2f} nodes); node {node:.3f} kW DC × AC/DC {ac / dc:.4f}"
              + (f"; network {net:.3f} kW DC per node not counted (gpudesk prices switches apart)" if net else "")))


POWER_CASES = [
    _run(1, 29.10069, 12_127_904, 11_769_962, 6.741, 0.0),
    _run(8, 5.40279, 20_644_275, 20_381_549, 5.847, 2.013),
    _run(64, 2.10304, 46_574_813, 45_837_402, 4.745, 0.931),
]


def findings(results: list) -> list[str]:
    """The 'known large errors' paragraph of docs/validation.md for system power, from this run's results."""
    rows = {r.id: r for r in results if r.group == GROUP_POWER}
    parts = ", ".join(f"{c.nodes} node(s) {c.measured:.2f} kW measured, {rows[c.id].error:+.0%}" for c in POWER_CASES)
    return [
        f"* **System power** ({len(rows)} cases, below the 10 a group needs to be judged): Sustainable Metal Cloud's "
        "MLPerf Training v4.0 power submission (Llama 2 70B LoRA on immersion-cooled 8 × H100 SXM servers; "
        f"`tests/validation/validation_cases_power.py`): {parts}. gpudesk gives a training server one draw, "
        "TRAINING_POWER_LOAD of the way from idle to its maximum, whatever the run; the measured draw falls as the "
        "same job spreads over more servers (6.7, 5.8 and 4.7 kW DC on 1, 8 and 64 nodes), as each GPU waits "
        "longer on communication, and immersion servers run without fans. No other node-level measurement was "
        "found in the stored copies: the MLPerf Inference v4.1–v6.0 copies hold performance logs and results "
        "tables with no power column or power log, no MLPerf Training power log is stored, and the two published "
        "H100-node measurements found (Latif et al. 2024; Newkirk et al. 2025) are the source of "
        "`TRAINING_NODE_DRAW_SHARE` itself, so they cannot also test it.",
    ]
