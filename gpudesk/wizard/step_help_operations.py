"""The step guide's content for steps 5–7 (running it: network, delivery mode, operating cost and TCO).

Same notation and sources as ``step_help_machine`` (its docstring says how the content follows the seeds).
"""

from __future__ import annotations

from gpudesk.wizard.step_help import StepHelp
from gpudesk.wizard.step_help import case_note as _c
from gpudesk.wizard.step_help import question as _q
from gpudesk.wizard.step_help import rule as _r
from gpudesk.wizard.step_record import Text

GUIDE_OPERATIONS: tuple[StepHelp, ...] = (
    StepHelp("network", Text("guide.network.decides"), (
        _q("guide.network.q1", "network.fabric"),
        _q("guide.network.q2", "network.nic_id network.oversubscription network.rail_optimized"),
        _q("guide.network.q3", "network.switch_id"),
    ), (
        _r("guide.network.rule1", "seven",
           "train.comm_dp_s train.exposed_comm_s net.effective_per_gpu_bw", "net.oversubscribed"),
        _r("guide.network.rule2", "seven",
           "net.headroom_nodes net.max_nodes_this_tier",
           "net.no_expansion_headroom roadmap.fabric_cannot_grow pitfall.no_scaling_path"),
        _r("guide.network.rule3", "train_infer", "net.north_south_gbps", "net.frontend_short net.latency_budget"),
        _r("guide.network.rule4", "gpudesk",
           "scale.best_tokens_per_s scale.best_limit scale.best_efficiency", "scaling.better_layout"),
    ), (
        _r("guide.network.mistake1", "seven", "train.exposed_comm_s", "pitfall.bottlenecks"),
        _r("guide.network.mistake2", "seven",
           checks="pitfall.no_scaling_path"),
    ), (
        _c("guide.network.case_startup", "startup", "p0.network.fabric=none p1.network.fabric=none"),
        _c("guide.network.case_ecommerce", "ecommerce", "p0.network.fabric=ethernet p0.network.oversubscription=1"),
        _c("guide.network.case_manufacturer", "manufacturer", "p0.network.fabric=ethernet p1.network.fabric=ethernet"),
    )),
    StepHelp("delivery", Text("guide.delivery.decides"), (
        _q("guide.delivery.q1", "delivery.utilisation.hours_per_day delivery.utilisation.days_per_month delivery.utilisation.peak_months "
           "delivery.utilisation.peak_multiplier duration_months"),
        _q("guide.delivery.q2", "delivery.data_sensitivity"),
        _q("guide.delivery.q3", "delivery.mode delivery.cloud_offer_id delivery.hybrid_owned_share"),
        _q("guide.delivery.q4", "notes"),
    ), (
        _r("guide.delivery.rule1", "seven", "delivery.owned_utilisation delivery.total.cloud_on_demand"),
        _r("guide.delivery.rule2", "seven",
           "delivery.total.private delivery.break_even.private_vs_cloud_on_demand",
           "delivery.regulated_data_public_cloud delivery.sensitive_data_public_cloud"),
        _r("guide.delivery.rule3", "seven",
           "delivery.total.hybrid", "delivery.hybrid_burst_data"),
        _r("guide.delivery.rule4", "seven"),
        _r("guide.delivery.rule5", "lifecycle", "delivery.chosen_mode"),
        _r("guide.delivery.rule6", "gpudesk",
           "delivery.cumulative.private delivery.break_even.private_vs_cloud_reserved_1y",
           "delivery.owning_not_paid_back roadmap.retired_before_payback"),
    ), (
        _r("guide.delivery.mistake1", "seven",
           "delivery.owned_utilisation", "pitfall.no_utilisation_plan"),
        _r("guide.delivery.mistake2", "seven",
           "delivery.owned_utilisation"),
    ), (
        _c("guide.delivery.case_startup", "startup", "p0.delivery.mode=cloud_on_demand p0.delivery.utilisation.hours_per_day=10 "
           "p0.delivery.utilisation.days_per_month=22 p1.delivery.mode=cloud_on_demand"),
        _c("guide.delivery.case_ecommerce", "ecommerce", "p0.delivery.mode=container_service p1.w0.items_per_day=75000000000 "
           "p1.delivery.utilisation.peak_multiplier=1 p1.duration_months=2"),
        _c("guide.delivery.case_manufacturer", "manufacturer", "p0.delivery.mode=private p0.delivery.data_sensitivity=regulated "
           "p0.delivery.utilisation.hours_per_day=24"),
    )),
    StepHelp("tco", Text("guide.tco.decides"), (
        _q("guide.tco.q1", "costs.staff_fte costs.staff_cost_per_year"),
        _q("guide.tco.q2", "facility.region facility.cooling facility.pue facility.electricity_per_kwh facility.rack_power_limit_kw"),
        _q("guide.tco.q3", "costs.software_per_gpu_year costs.maintenance_pct_per_year costs.colo_per_rack_month costs.depreciation_years"),
        _q("guide.tco.q4", "costs.currency costs.cny_per_usd costs.horizon_years"),
    ), (
        _r("guide.tco.rule1", "seven",
           "run.staff_per_year tco.opex_per_year tco.total_horizon"),
        _r("guide.tco.rule2", "seven"),
        _r("guide.tco.rule3", "train_infer", "tco.capex power.annual_energy_cost tco.maintenance_per_year tco.depreciation_per_year power.pue"),
        _r("guide.tco.rule4", "lifecycle",
           "power.rack_kw power.liquid_kw power.air_kw", "power.needs_liquid_cooling power.rack_limit_exceeded"),
        _r("guide.tco.rule5", "gpudesk", "power.facility_kw power.cooling_tons power.btu_per_h",
           "roadmap.rack_power_cannot_grow"),
    ), (
        _r("guide.tco.mistake1", "seven",
           "tco.cost_per_training_run tco.cost_per_gpu_hour", "pitfall.per_gpu_price"),
        _r("guide.tco.mistake2", "seven"),
    ), (
        _c("guide.tco.case_startup", "startup", "p0.costs.currency=USD p0.costs.horizon_years=3 p0.costs.staff_fte=0.5 p1.costs.staff_fte=1"),
        _c("guide.tco.case_ecommerce", "ecommerce", "p0.costs.staff_fte=2 p1.costs.staff_fte=3 p0.costs.horizon_years=3"),
        _c("guide.tco.case_manufacturer", "manufacturer", "p0.costs.currency=CNY p0.costs.horizon_years=5 p0.costs.depreciation_years=5 "
           "p0.costs.staff_fte=2 p0.facility.region=cn"),
    )),
)
