"""Step 3: CPU and memory that keep GPUs fed (CPU和内存要能跟上GPU)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="host",
    intro=Text("step.host.intro"),
    fields=(
        FieldRow("hardware.server_id", choices="servers"),
        FieldRow("hardware.cpu_cores_per_node"),
        FieldRow("hardware.host_ram_gb"),
    ),
    figure_prefixes=("host.",),
    headlines=(
        "host.cores_needed", "host.cores_per_gpu_offered", "host.gpu_feed_fraction", "host.ram_needed", "host.ram",
        "host.ram_headroom",
    ),
    # do the server's CPUs and memory keep up with its GPUs? Not answered (no ✓) while either is unknown
    verdicts=("host.gpu_feed_fraction", "host.ram_headroom"),
)
