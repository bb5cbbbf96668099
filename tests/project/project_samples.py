"""Sample plans for the plan-file tests (imported by conftest.py and the tests)."""

from __future__ import annotations

from gpudesk.project.model import (
    Calibration,
    GrowthTrigger,
    Hardware,
    Measurement,
    Phase,
    Project,
    ProjectMeta,
    Revision,
    Workload,
)


def build_complex_project(phases: int = 3, workloads: int = 3, measurements: int = 5) -> Project:
    """A plan that uses every kind of field: several phases, workloads, lists, mappings, free-form data."""
    project = Project(
        app_version="0.1.0",
        catalog_version="2025.06",
        meta=ProjectMeta(name="某银行大模型平台 — 三期", customer="示例客户", author="SA", language="zh", notes="备注\n" * 20),
        revisions=[Revision(date="2025-06-01", author="SA", summary="初稿"), Revision(date="2025-06-09", summary="v2")],
        calibration=Calibration(
            measurements=[
                Measurement(kind="train_step", source_name=f"pilot-{i}.log", accelerator_id="h100-sxm",
                            values={"step_time_s": 1.25 + i, "mfu": 0.41}, conditions={"gpus": 64.0, "seq_len": 8192.0})
                for i in range(measurements)
            ],
            fitted={"EFF_MATMUL_HOPPER": 0.62},
            uncertainty={"EFF_MATMUL_HOPPER": 0.08},
        ),
        catalog_snapshot={
            "accelerators/h100-sxm": {"id": "h100-sxm", "memory_gb": 80.0, "tags": ["hopper", "sxm"],
                                      "provenance": {"source": "nvidia-h100-datasheet", "unknown": []}},
        },
    )
    project.phases = []
    kinds = ("pretrain", "llm_inference", "finetune_lora", "agent_hosting", "rendering_vdi")
    for p in range(phases):
        phase = Phase(name=f"阶段 {p + 1}", stage="training" if p == 0 else "production", start_month=6 * p)
        phase.workloads = [
            Workload(kind=kinds[(p + w) % len(kinds)], name=f"w{p}.{w}", seq_len=2048 * (w + 1), train_tokens=1.5e12,
                     custom_model={"layers": 32, "hidden": 4096, "moe": {"experts": 8, "top_k": 2}, "note": None}
                     if w == 0 else None)
            for w in range(workloads)
        ]
        phase.hardware = Hardware(accelerator_id="h200-sxm", candidates=["h100-sxm", "mi300x"], nodes=4 + p)
        phase.delivery.utilisation.peak_months = [11, 12]
        phase.triggers = [GrowthTrigger(metric="concurrency", threshold=500.0, add_nodes=2, note="双十一")]
        phase.network.oversubscription = 2.0
        project.phases.append(phase)
    return project
