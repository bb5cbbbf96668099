"""Step 6: Delivery mode by business cycle (交付方式要贴着业务周期选)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="delivery",
    intro=Text("step.delivery.intro"),
    fields=(
        FieldRow("delivery.mode"),
        FieldRow("delivery.cloud_offer_id", choices="cloud_offers"),
        FieldRow("delivery.utilisation.hours_per_day"),
        FieldRow("delivery.utilisation.days_per_month"),
        FieldRow("delivery.utilisation.peak_months"),
        FieldRow("delivery.utilisation.peak_multiplier"),
        FieldRow("delivery.data_sensitivity"),
        FieldRow("delivery.hybrid_owned_share"),
        FieldRow("compliance.data_residency"),
        FieldRow("compliance.mlps_level"),
        FieldRow("compliance.domestic_parts"),
        FieldRow("compliance.industry"),
        FieldRow("duration_months"),
        FieldRow("notes"),
    ),
    figure_prefixes=("delivery.",),
    headlines=(
        "plan.phase_cost", "delivery.owned_utilisation",
    ),
    charts=("cost",),
    panel="whatif",
)
