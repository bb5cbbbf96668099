"""Step 3: CPU and memory that keep GPUs fed (CPU和内存要能跟上GPU)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="host",
    intro=Text(
        "Too few CPU threads or too little memory bandwidth stalls data preprocessing and scheduling. "
        "With several GPUs, CPU, memory and PCIe lanes must match, or GPUs wait for data.",
        "CPU线程数不够、内存带宽不足，数据预处理和任务调度会拖后腿。"
        "多卡场景下CPU、内存和PCIe通道要匹配，否则GPU在等数据、利用率上不去。",
    ),
    fields=(
        FieldRow("hardware.server_id", "Server model", "服务器型号", choices="servers"),
        FieldRow("hardware.cpu_cores_per_node", "CPU cores per node (0 = server)", "每节点CPU核数（0=服务器默认）"),
        FieldRow("hardware.host_ram_gb", "Host RAM per node (0 = server)", "每节点内存（0=服务器默认）"),
    ),
    figure_prefixes=("host.",),
    headlines=(
        "host.cores_needed", "host.cores_per_gpu_offered", "host.gpu_feed_fraction", "host.ram_needed", "host.ram",
        "host.ram_headroom",
    ),
    # do the server's CPUs and memory keep up with its GPUs? Not answered (no ✓) while either is unknown
    verdicts=("host.gpu_feed_fraction", "host.ram_headroom"),
)
