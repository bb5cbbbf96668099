"""Step 4: Storage matched to the data flow (存储方案要和数据流匹配)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, TRAINING, Text

STEP = Step(
    key="storage",
    intro=Text(
        "Large datasets stall training when IO lags: local NVMe for frequent training; shared "
        "high-performance storage when several people and jobs share datasets. Slow training is often "
        "the disk, not the GPU.",
        "训练数据集体量大、IO跟不上时训练会频繁卡顿。高频训练适合NVMe本地盘；"
        "多人协作、多个任务共用数据集要考虑高性能共享存储。很多时候训练慢是先卡在磁盘。",
    ),
    fields=(
        FieldRow("storage.option_id", "Storage", "存储方案", choices="storage"),
        FieldRow("storage.dataset_tb", "Dataset size", "数据集大小"),
        FieldRow("storage.growth_pct_per_year", "Data growth", "数据年增长"),
        FieldRow("storage.checkpoint_interval_hours", "Checkpoint interval", "检查点间隔", TRAINING),
        FieldRow("storage.team_size", "Team size", "团队人数"),
        FieldRow("storage.concurrent_jobs", "Concurrent jobs", "并发作业数"),
    ),
    figure_prefixes=("storage.",),
    headlines=(
        "storage.read_bw_needed", "storage.read_bw_offered", "storage.checkpoint_size",
        "storage.checkpoint_write_time", "storage.capacity_needed", "run.storage_monthly",
    ),
)
