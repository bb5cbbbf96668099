"""Proposal sections on what is bought and run: power, network, storage, delivery modes, cost.

A rented phase runs in its provider's facility: the power section names the provider and region instead of
sizing racks and cooling. The storage data flow follows the workload: training streams samples and writes
checkpoints; serving loads weights and answers requests (no tokenisation on a vision line, no checkpoints
when nothing trains).
"""

from __future__ import annotations

import math
from dataclasses import replace

from gpudesk.catalog.sources import chinese_texts
from gpudesk.report.document import BulletList, ChartRef, DataTable, KeyValueTable, Note, Paragraph, Section
from gpudesk.report.figure_rows import FigureFormatter, rows_of
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import format_number, format_quantity
from gpudesk.report.proposal_context import CHART_HOME, ProposalContext
from gpudesk.report.server_names import configured_server_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.results.rack_layout_spec import RackLayoutSpec
from gpudesk.vocabulary.delivery import RESERVATION_TERM_MONTHS, delivery_name

POWER_FIGURES = rows_of([
    ("power.servers", "integer"),
    ("power.server_max_kw", "quantity"),
    ("power.server_kw", "quantity"),
    ("power.network_kw", "quantity"),
    ("power.it_max_kw", "quantity"),
    ("power.it_kw", "quantity"),
    ("power.facility_max_kw", "quantity"),
    ("power.facility_kw", "quantity"),
    ("power.rack_kw", "quantity"),
    ("power.rack_limit_kw", "quantity"),
    ("power.servers_per_rack", "integer"),
    ("power.racks", "integer"),
    ("power.pdus_per_rack", "integer", True),
    ("power.btu_per_h", "quantity"),
    ("power.btu_per_h_typical", "quantity"),
    ("power.cooling_tons", "quantity"),
    ("power.cooling_tons_typical", "quantity"),
    ("power.pue", "quantity"),
    ("power.liquid_kw", "quantity", True),
    ("power.air_kw", "quantity"),
    ("power.liquid_heat_share", "percent"),
    ("power.annual_kwh", "quantity"),
    ("power.annual_energy_cost", "money"),
    ("power.annual_co2_t", "quantity"),
])
NETWORK_FIGURES = rows_of([
    ("net.tiers", "integer"),
    ("net.nics_per_node", "integer"),
    ("net.nic_gbps", "quantity"),
    ("net.leaf_switches", "integer"),
    ("net.spine_switches", "integer", True),
    ("net.core_switches", "integer", True),
    ("net.switches", "integer"),
    ("net.optics", "integer"),
    ("net.cables", "integer"),
    ("net.effective_per_gpu_bw", "quantity"),
    ("net.scaling_efficiency", "percent"),
    ("net.power_kw", "quantity"),
    ("train.exposed_comm_s", "quantity"),
])
PROVIDER_NETWORK_KEYS = ("net.nic_gbps", "net.effective_per_gpu_bw", "net.scaling_efficiency", "train.exposed_comm_s")
# (a rented instance's phase has no fabric figures of its own: its fabric row says the offer's network)
STORAGE_FIGURES = rows_of([
    ("storage.capacity_needed", "quantity"),
    ("storage.dataset_at_horizon", "quantity"),
    ("storage.read_bw_needed", "quantity", True),
    ("storage.read_bw_offered", "quantity"),
    ("storage.checkpoint_size", "quantity", True),
    ("storage.checkpoint_write_time", "quantity", True),
    ("storage.checkpoint_stall_share", "percent", True),
    ("host.cores_needed", "quantity"),  # whole cores, rounded up in the core (1.27 needed -> 2, never '1 核')
    ("host.ram_needed", "quantity", True),
])
COST_FIGURES = rows_of([
    ("plan.phase_cost", "money"),
    ("tco.capex", "money"),
    ("tco.server_capex", "money", True),
    ("tco.network_capex", "money", True),
    ("tco.fitout_capex", "money", True),
    ("tco.installation_capex", "money", True),
    ("run.services_once", "money", True),  # a line of the one-time total (bank launch: 40 万元 left out of its sum)
    ("tax.vat_goods", "money", True),
    ("tax.vat_services_once", "money", True),
    ("tco.one_time", "money"),
    ("tco.opex_per_year", "money"),
    ("tco.rent_per_year", "money"),  # a rented phase's rent (the bank pilot's 225.9 万元/年 showed no rent line)
    ("tco.cpu_vms_per_year", "money"),
    ("tco.energy_per_year", "money", True),
    ("tco.maintenance_per_year", "money", True),
    ("run.staff_per_year", "money", True),
    ("run.software_per_year", "money", True),
    ("run.licence_per_year", "money", True),
    ("tax.vat_services_per_year", "money", True),
    ("tco.colo_per_year", "money", True),
    ("run.storage_per_year", "money", True),
    ("tco.depreciation_per_year", "money", True),
    ("tco.total_3y", "money"),
    ("tco.total_5y", "money"),
    ("tco.total_horizon", "money"),
    ("tco.cost_per_gpu_hour", "money"),
    ("tco.cost_per_million_tokens", "money", True),
    ("tco.cost_per_training_run", "money", True),
    ("delivery.break_even.private_vs_cloud_on_demand", "quantity"),
])
BREAK_EVEN_KEY = "delivery.break_even.private_vs_cloud_on_demand"
# Delivery-mode comparison columns: (catalogue key, FigureSet key pattern, kind); one row per mode present.
DELIVERY_COLUMNS = (
    ("delivery_metric.total", "delivery.total.{mode}", "money"),
    ("delivery_metric.break_even", "delivery.break_even.private_vs_{mode}", "quantity"),
    ("delivery_metric.allowed", "delivery.allowed.{mode}", "yesno"),
)



TRAINS = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora", "vision_train")
TEXT_KINDS = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora", "llm_inference", "agent_hosting",
              "embedding_inference")
CHECKPOINT_KEYS = ("storage.checkpoint_size", "storage.checkpoint_write_time", "storage.checkpoint_stall_share")


def infrastructure_sections(ctx: ProposalContext) -> list[Section]:
    return [power_section(ctx), network_section(ctx), storage_section(ctx), delivery_section(ctx),
            cost_section(ctx)]


def add_rows_and_charts(ctx: ProposalContext, section: Section, phase: PhaseEstimate | None,
                        rows: list[tuple[str, str]], home: str | None = None) -> None:
    """A phase's key-value rows (or "not estimated" when there are none), then the charts that live in ``home``."""
    section.add(KeyValueTable(tuple(rows)) if rows else Note(ctx.text.get("note.not_estimated")))
    if home is not None and phase is not None:
        for chart in phase_charts(ctx, phase, home):
            section.add(chart)


def phase_charts(ctx: ProposalContext, phase: PhaseEstimate, home: str) -> list[ChartRef]:
    return [
        ChartRef(name, ctx.chart_caption(name, spec), _servers_named(spec, phase, ctx.text.lang))
        for name, spec in phase.charts.items()
        if CHART_HOME.get(str(getattr(spec, "kind", "")), "charts") == home
    ]


def _servers_named(spec: object, phase: PhaseEstimate, lang: str) -> object:
    """A rack elevation whose server boxes name the chassis as the rest of the document does (a generic chassis
    in the reader's language: "通用 8 卡 NVIDIA L20 48GB 服务器", not the catalog's "Generic 8 × L20 server")."""
    if not isinstance(spec, RackLayoutSpec):
        return spec
    catalog_name, shown = phase.config.server_name, configured_server_name(phase.config, lang)
    if shown == catalog_name:
        return spec
    racks = [replace(rack, boxes=[replace(box, label=shown) if box.label == catalog_name else box for box in rack.boxes])
             for rack in spec.racks]
    return replace(spec, racks=racks)


def provider_note(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    """Where a rented phase runs: the provider and region of its instances, else the provider's facility."""
    t = ctx.text
    line = next((ln for ln in phase.ledger.lines if ln.category in ("cloud", "rental") and ln.params), None)
    params = dict(line.params) if line is not None else {}
    provider, region = str(params.get("provider", "")), str(params.get("region", ""))
    offer = str(params.get("offer_id", ""))
    provider, region = chinese_texts().offer_named(provider, offer, t.lang), chinese_texts().offer_named(region, offer, t.lang)
    region = "" if region and region in provider else region  # AWS 中国（宁夏区域，…）: its region named already
    if provider:
        where = f"{provider}（{region}）" if region and t.lang == "zh" else f"{provider} ({region})" if region \
            else provider
        return t.get("power.provider_named", provider=where)  # fill_chinese drops the space after a '）'
    return t.get("power.provider_facility")


def power_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("power")
    for phase, spec, fmt in ctx.each_phase(section):
        if not phase.config.owns_hardware:
            section.add(Note(provider_note(ctx, phase)))
            continue
        rows = list(fmt.rows(POWER_FIGURES))
        if spec is not None:
            rows.insert(0, (t.get("power.cooling_method"), t.choice("cooling", spec.facility.cooling)))
        add_rows_and_charts(ctx, section, phase, rows, "power")
    return section


def _line_item(phase: PhaseEstimate, key: str) -> str:
    line = phase.ledger.line(key)
    return line.item if line is not None else ""


def fabric_text(phase: PhaseEstimate, fabric: str, t: ReportText) -> str:
    """The fabric between a phase's nodes: the plan's own setting; a rented phase's instances reach each other over
    the provider's network, the offer's (``net.instance_gbps``), unknown where the catalog does not say:
    a 4-instance rented phase read 'Fabric: none (single node)'."""
    if phase.config.owns_hardware or "net.instance_gbps" not in phase.figures:  # not an instance shape
        return t.choice("fabric", fabric)
    if phase.config.instances == 1:  # one instance: no network between instances
        return t.choice("fabric", "none")
    gbps = phase.figures.number("net.instance_gbps")
    if not math.isfinite(gbps):
        return t.get("network.instance_fabric_unknown", instance=phase.config.instance)
    return t.get("network.instance_fabric", instance=phase.config.instance, gbps=format_quantity(gbps, "Gb/s", t))


def network_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("network")
    for phase, spec, fmt in ctx.each_phase(section):
        rows = []
        if spec is not None:
            net = spec.network
            rows.append((t.get("network.fabric"), fabric_text(phase, net.fabric, t)))
            if phase.config.owns_hardware:  # the plan's own fabric settings: a rented phase's network is the provider's
                rows += [
                    (t.get("network.oversubscription"), f"{format_number(net.oversubscription)}:1"),
                    (t.get("network.rail_optimized"), t.get("value.yes") if net.rail_optimized else t.get("value.no")),
                ]
            optics = phase.ledger.line("optics")
            nic = dict(optics.params).get("nic", "") if optics is not None else ""
            rows += [(t.get(f"network.{k}"), str(v)) for k, v in (("nic", nic),
                                                                  ("switch", _line_item(phase, "switches"))) if v]
        if not phase.config.owns_hardware:
            rows.append((t.get("network.provided"), provider_note(ctx, phase)))
        # a rented phase uses the provider's network: its bandwidth and scaling are shown, not switches to buy
        rows += fmt.rows(NETWORK_FIGURES if phase.config.owns_hardware else
                         tuple(r for r in NETWORK_FIGURES if r.key in PROVIDER_NETWORK_KEYS))
        add_rows_and_charts(ctx, section, phase, rows, "network")
    return section


def storage_flows(ctx: ProposalContext, phase: PhaseEstimate, name: str, hours: float) -> list[str]:
    """The data flow of the phase's workloads: training streams and checkpoints, serving loads and answers."""
    t = ctx.text
    kinds = [w.kind for w in phase.config.workloads]
    flows: list[str] = []
    if any(k in TRAINS for k in kinds):
        prepare = "text" if any(k in TEXT_KINDS for k in kinds if k in TRAINS) else "images"
        flows += [t.get("storage.flow_data", option=name), t.get("storage.flow_stream", option=name),
                  t.get(f"storage.flow_host_{prepare}"),
                  t.get("storage.flow_checkpoints", option=name, hours=format_number(hours))]
    if any(k not in TRAINS for k in kinds):
        flows += [t.get("storage.flow_weights", option=name), t.get("storage.flow_requests"),
                  t.get("storage.flow_outputs", option=name)]
    return flows


def storage_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("storage")
    for phase, spec, fmt in ctx.each_phase(section):
        rows = []
        trains = any(w.kind in TRAINS for w in phase.config.workloads)
        if spec is not None:
            store = spec.storage
            name = ctx.storage_name(phase, spec)
            rows += [
                (t.get("storage.option"), name),
                (t.get("storage.dataset"), format_quantity(store.dataset_tb, "TB", t)),
                (t.get("storage.growth"), format_quantity(store.growth_pct_per_year, "%/year", t)),
            ]
            if trains:
                rows.append((t.get("storage.checkpoint_interval"),
                             format_quantity(store.checkpoint_interval_hours, "h", t)))
            section.add(BulletList(tuple(storage_flows(ctx, phase, name, store.checkpoint_interval_hours))))
        specs = [r for r in STORAGE_FIGURES if trains or r.key not in CHECKPOINT_KEYS]
        rows += fmt.rows(specs)
        add_rows_and_charts(ctx, section, phase, rows)
    return section


def delivery_table(ctx: ProposalContext, fmt: FigureFormatter) -> DataTable | None:
    """One row per option the core priced (``delivery.modes``, in its order: the monthly subscription too, which the
    window's cost chart draws and the table left out: the manufacturer's '公有云包月' at 215.4 万元 under on-demand's
    257.5 万元), and the plan's own owned servers where they await a quote: the core's ``delivery.total.private`` is
    then unknown with its lines awaiting a quote (core/ledger_figures), shown as every such total is (the
    manufacturer's and gov's owned servers were missing from their own comparison)."""
    t = ctx.text
    modes = [m for m in str(fmt.figures.value_at("delivery.modes")).split(",") if m] if fmt.has("delivery.modes") \
        else []
    if "private" not in modes and "delivery.total.private" in fmt.figures:
        modes.append("private")
    columns = [c for c in DELIVERY_COLUMNS if any(_cell_known(fmt, c[1].format(mode=m)) for m in modes)]
    if not columns:
        return None
    header = (t.get("delivery.mode"), *[t.get(label) for label, _key, _kind in columns])
    rows = []
    for mode in modes:
        cells = [_cell(fmt, key.format(mode=mode), kind) for _label, key, kind in columns]
        rows.append((_option_name(mode, t.lang), *cells))
    return DataTable(header, tuple(rows), ("left",) + ("right",) * len(columns))


def _cell_known(fmt: FigureFormatter, key: str) -> bool:
    """A figure the table can say: known, or unknown with the lines awaiting a quote that leave it so."""
    return fmt.has(key) or key in fmt.figures and bool(fmt.figures.awaiting(key))


def _cell(fmt: FigureFormatter, key: str, kind: str) -> str:
    """A comparison cell: the figure, '待询价（3 项）' for a total unknown for want of quotes, else '—'."""
    if fmt.has(key):
        return fmt.shown(key, kind)
    waiting = fmt.figures.awaiting(key) if key in fmt.figures else ()
    return awaiting_total("", len(waiting), fmt.text, 0.0) if waiting else "—"


def _option_name(code: str, lang: str) -> str:
    """A priced option's name as a row label: a delivery mode's or the monthly subscription's (vocabulary/delivery),
    capitalised ('public cloud, monthly subscription' beside 'Public cloud, spot')."""
    name = delivery_name(code, lang)
    return name[:1].upper() + name[1:]


def _chosen(mode: str, fmt: FigureFormatter, t: ReportText) -> str:
    """'推荐交付模式：容器服务。' above a table without a row of that name: a mode the comparison prices as another
    (``delivery.chosen_mode``, core/delivery; the ecommerce sample's container service at the on-demand rate) says
    which row is its own."""
    name = t.choice("delivery_mode", mode)
    basis = str(fmt.figures.value_at("delivery.chosen_mode")) if fmt.has("delivery.chosen_mode") else mode
    if basis == mode:
        return t.get("delivery.chosen", mode=name)
    return t.get("delivery.chosen_priced_as", mode=name, basis=_option_name(basis, t.lang))


def delivery_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("delivery")
    section.add(Note(t.get("delivery.before_tax")))
    for _phase, spec, fmt in ctx.each_phase(section):
        if spec is not None:
            section.add(Paragraph(_chosen(spec.delivery.mode, fmt, t)))
        table = delivery_table(ctx, fmt)
        if table is not None:
            section.add(table)
        elif spec is None:
            section.add(Note(t.get("note.not_estimated")))
        for mode in RESERVATION_TERM_MONTHS:  # a reservation bills its whole term: say what and how much of it
            term, months = fmt.value(f"delivery.term_months.{mode}"), spec.duration_months if spec else 0
            if term is not None and term > months:
                section.add(Paragraph(t.get("delivery.reservation_term", mode=t.choice("delivery_mode", mode),
                                            term=f"{term:g}", months=months,
                                            cost=fmt.shown(f"delivery.term_cost.{mode}", "money"))))
        if fmt.has(BREAK_EVEN_KEY) and fmt.value(BREAK_EVEN_KEY) == math.inf:
            section.add(Paragraph(t.get("delivery.never_breaks_even")))
        elif fmt.has(BREAK_EVEN_KEY):
            section.add(Paragraph(t.get("delivery.break_even", months=fmt.shown(BREAK_EVEN_KEY))))
    return section


def costs_in_wan(fmt: FigureFormatter) -> bool:
    """Whether a phase's amounts read in 万 (Chinese), in the cost table and wherever another table repeats one of
    them: '$0' capex over '7.0 万美元/年' opex in one unit, and '13,546 万元' in both tables, not '1.35 亿元' in one."""
    return fmt.in_wan(s for s in COST_FIGURES if fmt.has(s.key))


def cost_rows(ctx: ProposalContext, phase: PhaseEstimate, fmt: FigureFormatter) -> list[tuple[str, str]]:
    """The phase's cost figures; a total that leaves out lines awaiting a quote says so beside its amount, and
    one that is nothing but such lines reads "awaiting quotes" (an owned server without a price is not ¥0.00)."""
    t = ctx.text
    rows = []
    unpriced = [line.figure_key for line in phase.ledger.unpriced]
    wan = costs_in_wan(fmt)
    for s in COST_FIGURES:
        if s.key in phase.figures and not fmt.has(s.key) and s.key in unpriced:  # a line without a price: named
            rows.append((fmt.label(s.key), awaiting_total("", unpriced.count(s.key), t, 0.0)))
            continue
        if not fmt.has(s.key) or (s.skip_zero and fmt.value(s.key) == 0):
            continue
        # the lines a total leaves out are the core's (FigureSet.awaiting): the ledger's, once, for every surface
        rows.append((fmt.label(s.key), fmt.marked(s.key, s.kind, wan)))
    return rows


def cost_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("cost")
    for phase, spec, fmt in ctx.each_phase(section):
        rows = cost_rows(ctx, phase, fmt)
        if phase.ledger.unpriced:
            rows.append((t.get("cost.unpriced"), t.get("cost.unpriced_value", count=len(phase.ledger.unpriced))))
        if spec is not None:
            costs = spec.costs
            rows.append((t.get("cost.currency"), t.get(f"currency_name.{costs.currency}")))
            if costs.currency == "CNY" or ctx.currency == "CNY":
                rows.append((t.get("cost.exchange_rate"), format_quantity(costs.cny_per_usd, "CNY/USD", t)))
        add_rows_and_charts(ctx, section, phase, rows, "cost")
    return section
