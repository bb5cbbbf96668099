"""Step 7: Operating cost and TCO (运维成本要提前算进去)."""

from __future__ import annotations

from gpudesk.core.ledger_figures import OPEX_LINES
from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="tco",
    intro=Text("step.tco.intro"),
    fields=(
        FieldRow("costs.currency"),
        FieldRow("costs.cny_per_usd"),
        FieldRow("costs.horizon_years"),
        FieldRow("facility.region"),
        FieldRow("facility.cooling"),
        FieldRow("facility.pue"),
        FieldRow("facility.electricity_per_kwh"),
        FieldRow("facility.rack_power_limit_kw"),
        FieldRow("facility.power_limit_kw"),
        FieldRow("costs.staff_fte"),
        FieldRow("costs.staff_cost_per_year"),
        FieldRow("costs.software_per_gpu_year"),
        FieldRow("costs.maintenance_pct_per_year"),
        FieldRow("costs.colo_per_rack_month"),
        FieldRow("costs.depreciation_years"),
        FieldRow("costs.gpu_price_override"),
        FieldRow("costs.budget"),
        FieldRow("costs.installation_per_server"),
        FieldRow("costs.services_once"),
        FieldRow("costs.licence"),
        FieldRow("costs.licence_per_unit_year"),
        FieldRow("costs.vat_goods_pct"),
        FieldRow("costs.vat_services_pct"),
    ),
    figure_prefixes=("power.", "tco.", "calib."),
    headlines=(
        "power.it_kw", "power.facility_kw", "power.racks", "power.rack_kw", "power.liquid_kw", "power.air_kw",
        "power.btu_per_h", "power.cooling_tons", "power.annual_energy_cost", "power.annual_co2_t", "tco.capex",
        "tco.opex_per_year", *OPEX_LINES, "tco.horizon_years", "tco.total_horizon",
    ),
    # the plan's own horizon, not the fixed 3- and 5-year totals that comparisons across plans read
    hidden=("tco.total_3y", "tco.total_5y"),
    charts=("power", "rack_layout", "timeline"),
    panel="whatif",
)
