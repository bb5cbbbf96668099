"""Step 4: Storage matched to the data flow (存储方案要和数据流匹配)."""

from __future__ import annotations

from gpudesk.wizard.step_record import TRAINING, FieldRow, Step, Text

STEP = Step(
    key="storage",
    intro=Text("step.storage.intro"),
    fields=(
        FieldRow("storage.option_id", choices="storage"),
        FieldRow("storage.dataset_tb"),
        FieldRow("storage.growth_pct_per_year"),
        FieldRow("storage.checkpoint_interval_hours", TRAINING),
        FieldRow("storage.team_size"),
        FieldRow("storage.concurrent_jobs"),
    ),
    figure_prefixes=("storage.",),
    headlines=(
        "storage.read_bw_needed", "storage.read_bw_offered", "storage.checkpoint_size",
        "storage.checkpoint_write_time", "storage.capacity_needed", "run.storage_monthly",
    ),
)
