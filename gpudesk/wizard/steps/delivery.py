"""Step 6: Delivery mode by business cycle (交付方式要贴着业务周期选)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="delivery",
    intro=Text(
        "Short tests and fluctuating business suit public cloud; long, stable, high-utilisation or "
        "sensitive workloads suit private or dedicated clusters; hybrid keeps core data in-house with "
        "elastic capacity.",
        "短期测试、业务波动大适合公有云；业务长期稳定、利用率高、数据敏感适合私有化或专属集群；"
        "需要弹性又不能外放核心数据时考虑混合部署。",
    ),
    fields=(
        FieldRow("delivery.mode", "Delivery mode", "交付方式"),
        FieldRow("delivery.cloud_offer_id", "Cloud offer", "云实例", choices="cloud_offers"),
        FieldRow("delivery.utilisation.hours_per_day", "Busy hours per day", "每日使用小时"),
        FieldRow("delivery.utilisation.days_per_month", "Busy days per month", "每月使用天数"),
        FieldRow("delivery.utilisation.peak_months", "Peak months (1–12, comma-separated)", "旺季月份（1–12，逗号分隔）"),
        FieldRow("delivery.utilisation.peak_multiplier", "Peak-season multiplier", "旺季倍数"),
        FieldRow("delivery.data_sensitivity", "Data sensitivity", "数据敏感度"),
        FieldRow("delivery.hybrid_owned_share", "Owned share (hybrid)", "自有比例（混合）"),
        FieldRow("compliance.data_residency", "Data residency", "数据驻留"),
        FieldRow("compliance.mlps_level", "MLPS 2.0 level (等保)", "等保 2.0 级别"),
        FieldRow("compliance.domestic_parts", "Domestic parts (信创)", "信创（国产部件）"),
        FieldRow("compliance.industry", "Industry", "行业"),
        FieldRow("duration_months", "Phase duration", "阶段时长"),
        FieldRow("notes", "Phase notes (reasoning for the proposal)", "阶段说明（写入方案书）"),
    ),
    figure_prefixes=("delivery.",),
    headlines=(
        "plan.phase_cost", "delivery.owned_utilisation",
    ),
    charts=("cost",),
    panel="whatif",
)
