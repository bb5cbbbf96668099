"""Step 5: Network for multi-node work (多机多卡场景下，网络不是配角)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="network",
    intro=Text("step.network.intro"),
    fields=(
        FieldRow("network.fabric"),
        FieldRow("network.nic_id", choices="nics"),
        FieldRow("network.switch_id", choices="switches"),
        FieldRow("network.oversubscription"),
        FieldRow("network.rail_optimized"),
    ),
    figure_prefixes=("scale.", "net."),
    headlines=(
        "scale.best_tp", "scale.best_pp", "scale.best_ep", "scale.best_tokens_per_s", "scale.best_limit",
        "net.instance_gbps", "net.switches", "net.tiers", "net.effective_per_gpu_bw", "net.headroom_nodes", "net.cost",
    ),
    charts=("scaling",),
    no_figures=Text("step.network.no_figures"),
)
