"""Step 7: Operating cost and TCO (运维成本要提前算进去)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="tco",
    intro=Text(
        "The instance price is only part of the cost: images, drivers, scheduling, monitoring, backup "
        "and staff take time and budget for years. Count power at a PUE, cooling, maintenance and "
        "software too.",
        "实例价格只是总成本的一部分。"
        "镜像管理、驱动适配、作业调度、监控告警、备份恢复、人员维护都会长期占用时间和预算；"
        "还要算上电费（按PUE）、制冷、维保和软件。",
    ),
    fields=(
        FieldRow("costs.currency", "Currency", "币种"),
        FieldRow("costs.cny_per_usd", "Exchange rate", "汇率"),
        FieldRow("costs.horizon_years", "Horizon", "测算年限"),
        FieldRow("facility.region", "Region", "地区"),
        FieldRow("facility.cooling", "Cooling", "散热方式"),
        FieldRow("facility.pue", "PUE (0 = default)", "PUE（0=默认）"),
        FieldRow("facility.electricity_per_kwh", "Electricity price (0 = default)", "电价（0=默认）"),
        FieldRow("facility.rack_power_limit_kw", "Rack power limit (0 = default)", "机柜功率上限（0=默认）"),
        FieldRow("facility.power_limit_kw", "Site power for this phase (0 = no limit)", "本阶段可用供电（0=不限）"),
        FieldRow("costs.staff_fte", "Operations staff", "运维人员"),
        FieldRow("costs.staff_cost_per_year", "Cost per staff-year", "人均年成本"),
        FieldRow("costs.software_per_gpu_year", "Software per GPU-year", "每卡年软件费"),
        FieldRow("costs.maintenance_pct_per_year", "Maintenance", "维保比例"),
        FieldRow("costs.colo_per_rack_month", "Colocation per rack-month", "机柜租金/月"),
        FieldRow("costs.depreciation_years", "Depreciation", "折旧年限"),
        FieldRow("costs.gpu_price_override", "GPU price override", "GPU单价覆盖"),
        FieldRow("costs.budget", "Budget over the horizon (0 = none)", "测算期预算（0=不限）"),
        FieldRow("costs.installation_per_server", "Installation per server (-1 = not quoted)", "每台安装调试费（-1=待报价）"),
        FieldRow("costs.services_once", "Professional services (lump sum)", "专业服务费（一次性）"),
        FieldRow("costs.licence", "Licensed GPU software", "GPU 授权软件"),
        FieldRow("costs.licence_per_unit_year", "Licence per GPU or seat and year (0 = list price)",
                 "每卡/每用户年许可费（0=目录价）"),
        FieldRow("costs.vat_goods_pct", "VAT on goods (-1 = market rate)", "货物增值税率（-1=市场标准税率）"),
        FieldRow("costs.vat_services_pct", "VAT on services (-1 = market rate)", "服务增值税率（-1=市场标准税率）"),
    ),
    figure_prefixes=("power.", "tco.", "calib."),
    headlines=(
        "power.it_kw", "power.facility_kw", "power.racks", "power.rack_kw", "power.liquid_kw", "power.air_kw",
        "power.btu_per_h", "power.cooling_tons", "power.annual_energy_cost", "power.annual_co2_t", "tco.capex",
        "tco.opex_per_year", "tco.horizon_years", "tco.total_horizon",
    ),
    # the plan's own horizon, not the fixed 3- and 5-year totals that comparisons across plans read
    hidden=("tco.total_3y", "tco.total_5y"),
    charts=("power", "rack_layout", "timeline"),
    panel="whatif",
)
