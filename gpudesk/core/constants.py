"""Every tuning constant of the estimation core, each with its source.

This module is the one place where efficiencies, overheads and defaults
live. Code elsewhere refers to a constant by its Python name; the
FigureSet records it with its source so the UI can show where a number
came from. A constant is never tuned to make a single validation case
pass: the source says what measurement or publication it reflects.

Sections: memory overheads; compute efficiency (per hardware family and
operation class); communication; inference serving; host and storage;
power and facility; cost. Each area's module adds its constants in its
own section below and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    label: str
    source: str

    def __float__(self) -> float:
        return float(self.value)


GIB = 1024.0**3
GB = 1e9

# ---------------------------------------------------------------------------
# Memory overheads (runtime, per GPU)
# ---------------------------------------------------------------------------
CUDA_CONTEXT_BYTES = Constant(
    "CUDA_CONTEXT_BYTES", 0.75 * GIB, "B", "CUDA/ROCm context and kernels",
    "domain guide: CUDA context ~0.5–1 GB per process (midpoint); PyTorch issue reports of 500–900 MiB on Hopper",
)
COMM_BUFFER_BYTES = Constant(
    "COMM_BUFFER_BYTES", 0.35 * GIB, "B", "NCCL/RCCL communication buffers",
    "domain guide: NCCL buffers ~0.3–0.4 GB per process when more than one GPU communicates",
)
ALLOCATOR_FRAGMENTATION = Constant(
    "ALLOCATOR_FRAGMENTATION", 0.05, "fraction", "allocator reserve / fragmentation",
    "PyTorch caching allocator: reserved exceeds allocated by ~5–10% in steady training "
    "(torch.cuda.memory_stats reserved vs allocated); lower bound used",
)
SERVING_MEMORY_FRACTION = Constant(
    "SERVING_MEMORY_FRACTION", 0.90, "fraction", "serving engine memory fraction",
    "vLLM default gpu_memory_utilization=0.9 (vLLM engine arguments documentation)",
)
