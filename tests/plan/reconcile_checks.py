"""The checks that every surface of an estimated plan tells one story (no tests here): the figures, the ledger and
the delivery comparison of each phase; its opex lines, partial totals, host cores and power arithmetic; and the
proposal's summary, BOM and roadmap tables, the comparison table and CSV and the JSON, to the unit. Run on the
samples and generated plans by tests/plan/test_reconciliation.py and test_generated_surfaces.py.
"""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from gpudesk.core.cost_ledger import per_year
from gpudesk.core.ledger_figures import OPEX_LINES
from gpudesk.project.model import Project
from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_export import to_csv
from gpudesk.report.document import Branding, DataTable, KeyValueTable
from gpudesk.report.number_format import LARGE_COUNT_FROM, format_money, format_quantity
from gpudesk.report.proposal import build_proposal
from gpudesk.report.proposal_infra import COST_FIGURES
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_json import plan_to_json
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.results.plan_rows import ledger_cost
from gpudesk.vocabulary.delivery import priced_as


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


def check_phase_surfaces(plan: PlanEstimate) -> None:
    """The figures, the ledger and the delivery comparison of every phase tell one story."""
    for phase in plan.phases:
        f, c, ledger = phase.figures, phase.config, phase.ledger
        # a rented phase's servers are the owned alternative's, labelled so (alt.plan.servers)
        servers = "plan.servers" if c.owns_hardware else "alt.plan.servers"
        assert f.number("plan.gpus") == c.gpus and f.number(servers) == c.servers
        assert f.number("plan.nodes") == c.nodes and f.number("plan.servers_carried") == c.servers_carried
        assert c.servers_new == c.servers_owned - c.servers_carried >= 0
        assert sum(w.gpus for w in c.workloads) == c.baseline_gpus or c.shared_capacity
        for w in c.workloads:  # no count against the layout: '1 GPU' beside TP 4 (zhmsg-18)
            assert w.layout.model_parallel * w.layout.dp <= w.gpus <= c.gpus, (phase.name, w.layout, w.gpus, c.gpus)
        priced = [line.phase_amount for line in ledger.lines if line.phase_amount is not None]
        assert _close(f.number("plan.phase_cost"), ledger.phase_total) and _close(ledger.phase_total, sum(priced))
        assert _close(f.number("tco.capex"), ledger.capex) and _close(f.number("tco.opex_per_year"), ledger.opex_per_year)
        assert _close(sum(ledger.monthly()), ledger.phase_total)
        assert f.number("tco.unpriced_lines") == len(ledger.unpriced)
        check_partial_totals(phase)
        check_opex_lines_add_up(phase)
        chosen = f"delivery.total.{priced_as(c.delivery_mode)}"
        if chosen in f and math.isnan(f.number(chosen)):  # owned servers awaiting a quote: unknown, and says why
            assert ledger.unpriced and f.awaiting(chosen) == ledger.awaiting(), (phase.name, f.awaiting(chosen))
        elif chosen in f:  # the delivery comparison's own figure for the chosen mode is the ledger's total before VAT
            assert _close(f.number(chosen), ledger.before_tax), (phase.name, f.number(chosen), ledger.before_tax)
        if not c.owns_hardware:  # rented: nothing bought, no facility of the provider's sized
            assert ledger.capex == 0 and not [line for line in ledger.lines if line.nature == "capex"]
            assert "power.racks" not in f and "tco.depreciation_per_year" not in f
        else:
            servers = ledger.line("servers")
            assert servers is None or servers.quantity == c.servers_new
            _check_power_arithmetic(phase)
        own = [cand for cand in phase.candidates if cand.pinned]  # the plan's own row is the configuration and ledger
        assert len(own) == 1 and own[0].gpus == c.gpus and own[0].nodes == c.units  # rented: instances billed
        assert c.owns_hardware or not c.instances or f.number("plan.instances") == c.instances
        assert own[0].cost_unit == ledger.currency
        check_host_follows_the_phases_gpus(phase)
        tco = ledger_cost(ledger, int(f.number("tco.horizon_years")))  # the ledger's total over the horizon
        assert (_close(own[0].cost, tco) and _close(tco, f.number("tco.total_horizon"))) \
            or (math.isnan(own[0].cost) and math.isnan(tco))
    assert _close(plan.total, sum(p.ledger.phase_total for p in plan.phases))
    if plan.roadmap is not None:
        assert _close(plan.roadmap.number("roadmap.total_spend"), plan.total)
        if plan.roadmap.number("roadmap.months") <= 36:  # every month billed is placed (a reservation's term too)
            assert _close(plan.roadmap.number("roadmap.spend_3y"), plan.total)
        assert plan.roadmap.number("roadmap.peak_gpus") == max(p.config.gpus for p in plan.phases)


def check_opex_lines_add_up(phase) -> None:  # type: ignore[no-untyped-def]
    """The lines a cost page lists beneath the yearly run rate add up to it, and every recurring line of the ledger
    is one of them, priced or named as awaiting a quote. The bank's rented pilot read '年运营费用 225.9 万元/年' above
    staff 50 万元 and VAT 10 万元: its rent, 166.0 万元 a year, had no line."""
    f, ledger = phase.figures, phase.ledger
    shown = [key for key in OPEX_LINES if key in f and math.isfinite(f.number(key))]
    assert _close(sum(f.number(key) for key in shown), f.number("tco.opex_per_year")), \
        (phase.name, {key: f.number(key) for key in shown}, f.number("tco.opex_per_year"))
    for key in [*shown, "tco.opex_per_year"]:  # one unit for a yearly line: staff read '50.0 万元' beside '万元/年'
        assert f.unit(key) == per_year(ledger.currency), (phase.name, key, f.unit(key))
    named = {item for key in shown for item in f.awaiting(key)}
    for line in ledger.lines:
        if line.period == "month" and line.status != "carried" and not line.priced:  # unknown: named, never 0
            assert line.item in named or (line.figure_key in OPEX_LINES and line.figure_key in f), (phase.name, line)
    assert set(OPEX_LINES) <= {row.key for row in COST_FIGURES}


def check_partial_totals(phase) -> None:  # type: ignore[no-untyped-def]
    """A money figure that leaves out lines awaiting a quote names them (FigureSet.awaiting), so no surface shows the
    priced part as the whole: the totals every line, the one-time and recurring ones theirs, and the annual cost and
    every cost per unit the recurring lines plus the unpriced hardware an owned phase depreciates."""
    f, ledger = phase.figures, phase.ledger
    items = [(line.item, line.period, line.nature, line.category) for line in ledger.unpriced]
    for key in ("plan.phase_cost", "tco.total_3y", "tco.total_5y", "tco.total_horizon"):
        assert list(f.awaiting(key)) == [i[0] for i in items], (phase.name, key)
    assert list(f.awaiting("tco.one_time")) == [i[0] for i in items if i[1] == "once"]
    assert list(f.awaiting("tco.capex")) == [i[0] for i in items if i[1] == "once" and i[2] == "capex"]
    assert list(f.awaiting("tco.opex_per_year")) == list(f.awaiting("tco.opex_per_month")) == \
        [i[0] for i in items if i[1] == "month"]
    unvalued = [i[0] for i in items if phase.config.servers_owned and i[1] == "once" and i[3] in ("hardware", "network")]
    assert set(f.awaiting("tco.annual_cost")) == set(unvalued) | set(f.awaiting("tco.opex_per_year"))
    for key in ("tco.cost_per_gpu_hour", "tco.cost_per_million_tokens", "tco.cost_per_training_run",
                "tco.cost_per_seat_month"):
        if key in f:
            assert f.awaiting(key) == f.awaiting("tco.annual_cost"), (phase.name, key)
    if not items:
        assert not any(f.awaiting(key) for key in f.keys()), phase.name


def check_host_follows_the_phases_gpus(phase) -> int:  # type: ignore[no-untyped-def]
    """Host and storage figures follow the GPUs the phase runs in its busiest server, not the server's slots (the
    startup sample's 1-GPU phase was sized for 8); returns 1 when the phase runs fewer GPUs than a server holds."""
    f, c = phase.figures, phase.config
    # a rented instance's node is the instance (its own vCPUs and RAM feed its own GPUs), not the plan's server: the
    # sized configuration says so (the ecommerce phase on 1-GPU instances read gpus_per_node 8, the plan server's)
    per_node = c.gpus_per_node
    assert per_node == f.number("plan.gpus_per_node") and c.nodes == max(1, math.ceil(c.gpus / per_node))
    if "net.instance_gbps" in f and "plan.gpus_per_instance" in f:  # an instance shape (a per-GPU row: the plan's)
        assert per_node == f.number("plan.gpus_per_instance") == c.gpus_per_instance, (phase.name, per_node)
    used = min(per_node, max(c.gpus, 1))
    fewer = used < f.number("host.gpus")
    assert ("host.gpus_used" in f) == fewer, (phase.name, used, f.number("host.gpus"))
    if fewer:
        assert f.number("host.gpus_used") == used and "fewer GPUs than the server holds" in f.source("host.gpus_used")
    if math.isfinite(f.number("host.cores_needed")):  # whole cores, rounded up (core/host.py)
        assert f.number("host.cores_needed") == math.ceil(f.number("host.cores_per_gpu_needed") * used - 1e-9), \
            (phase.name, "host.cores_needed")
    if math.isfinite(f.number("host.kv_swap")):
        assert _close(f.number("host.kv_swap"), f.number("host.kv_swap_per_gpu") * used), (phase.name, "host.kv_swap")
    if math.isfinite(f.number("host.pinned_buffers")):
        assert _close(f.number("host.pinned_buffers"),
                      f.number("host.batch_bytes_per_gpu") * f.number("host.loader_batches_held") * used)
    read = f.number("storage.read_bw_needed")
    if math.isfinite(read):
        assert _close(read, f.number("storage.throughput_per_gpu") * f.number("storage.bytes_per_unit") * c.gpus / 1e9)
    return int(fewer)


def _check_power_arithmetic(phase) -> None:  # type: ignore[no-untyped-def]
    f = phase.figures
    it, it_max, idle = f.number("power.it_kw"), f.number("power.it_max_kw"), f.number("power.idle_it_kw")
    busy, pue = f.number("power.busy_fraction"), f.number("power.pue")
    if all(math.isfinite(v) for v in (it, it_max, idle, busy, pue)):
        assert _close(f.number("power.annual_kwh"), (it * busy + idle * (1 - busy)) * pue * 8760)
        assert _close(f.number("power.cooling_tons"), it_max / 3.517)  # designed for the nameplate maximum
        assert _close(f.number("power.btu_per_h"), it_max * 1000 * 3.412141633)
        assert it_max >= it >= idle


def check_documents(plan: PlanEstimate, project: Project) -> None:
    """The proposal (summary, BOM, roadmap table), the comparison (table, CSV) and the JSON read the same numbers."""
    doc = build_proposal(plan, project, "en", Branding())
    config_rows = [dict(b.rows) for b in doc.section("architecture").blocks if isinstance(b, KeyValueTable)]
    for phase, rows in zip(plan.phases, config_rows, strict=True):
        # the configuration's count, as the proposal writes a count ('1.58 B GPUs' from 10^8 up: fuzz-26's plan of
        # 1,582,982,468 GPUs failed this check written as digits)
        assert rows["GPUs"] == format_quantity(phase.config.gpus, "GPUs", ReportText("en"), 0), rows["GPUs"]
        assert phase.config.gpus >= LARGE_COUNT_FROM or rows["GPUs"] == \
            f"{phase.config.gpus:,} GPU{'' if phase.config.gpus == 1 else 's'}"
    invest = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable))
    assert invest.title == "Total investment"
    def pending(count: int) -> str:  # a total that leaves out lines awaiting a quote says so beside the amount
        if count == 1:
            return " + 1 line awaiting a quote"
        return f" + {count} lines awaiting quotes" if count else ""

    for phase, row in zip(plan.phases, invest.rows, strict=False):  # the marker on a line of its own in the cell
        assert row[-1].replace("\n", " ") == format_money(phase.ledger.phase_total, phase.ledger.currency) + \
            pending(len(phase.ledger.unpriced))
    if len(plan.phases) > 1:
        plan_row = next(r for r in invest.rows if r[0].startswith("All phases"))
        assert plan_row[-1].replace("\n", " ") == format_money(plan.total, plan.phases[0].ledger.currency) + \
            pending(sum(len(p.ledger.unpriced) for p in plan.phases))
    totals = [dict(b.rows) for b in doc.section("bom").blocks
              if isinstance(b, KeyValueTable) and b.title == "Phase totals"]
    for phase, rows in zip(plan.phases, totals, strict=True):
        assert list(rows.values())[-1] == format_money(phase.ledger.phase_total, phase.ledger.currency) + \
            pending(len(phase.ledger.unpriced))
    if len(plan.phases) > 1:  # the roadmap's amounts column puts the marker on a line of its own
        table = next(b for b in doc.section("roadmap").blocks if isinstance(b, DataTable))
        for phase, row in zip(plan.phases, table.rows, strict=False):
            assert row[3] == f"{phase.config.gpus:,}" and row[-1].replace("\n", " ") == format_money(
                phase.ledger.phase_total, phase.ledger.currency) + pending(len(phase.ledger.unpriced))
        assert table.rows[-1][-1].replace("\n", " ") == format_money(plan.total, plan.phases[0].ledger.currency) + \
            pending(plan.unpriced_lines)
    text = ReportText("en")
    costs = [dict(b.rows) for b in doc.section("cost").blocks if isinstance(b, KeyValueTable)
             and text.get("figure.plan.phase_cost") in dict(b.rows)]
    for phase, rows in zip(plan.phases, costs, strict=True):  # each recurring line on the cost page, by its row
        for line in phase.ledger.lines:
            if line.period != "month" or line.status == "carried" or (line.priced and not line.per_year):
                continue
            key = "tco.rent_per_year" if line in phase.ledger.rent_lines else "tco.cpu_vms_per_year" \
                if line in phase.ledger.cpu_vm_lines else line.figure_key
            assert text.get(f"figure.{key}") in rows, (phase.name, line.key, list(rows))
            assert line.priced or "awaiting" in rows[text.get(f"figure.{key}")], (phase.name, line.key, rows)
    comparison = compare_plans([(plan, project), (plan, project)])
    assert comparison.row("total").values[0] == pytest.approx(plan.total)
    assert comparison.row("gpus").values[0] == max(p.config.gpus for p in plan.phases)
    rows = {r[1]: r for r in csv.reader(io.StringIO(to_csv(comparison, ReportText("en")))) if r and r[0] == "figure"}
    assert float(rows["total"][4]) == pytest.approx(plan.total)
    last = plan.phases[-1].figures  # the last phase's rent, a line of its opex: the comparison's and the CSV's
    if "tco.rent_per_year" in last:
        assert comparison.row("rent").values[0] == pytest.approx(last.number("tco.rent_per_year"))
        rent = last.number("tco.rent_per_year")  # a rent none of whose lines is priced is unknown, never 0.0
        assert rows["rent"][4] == "" if rent == 0 and last.awaiting("tco.rent_per_year") else \
            float(rows["rent"][4]) == pytest.approx(rent)
        if "tco.rent_hours_per_year" in last:  # the instances once ("(per GPU, typical)" split the line in two)
            source = last.explain("tco.rent_hours_per_year").source
            assert source.count(" × ") == 1 and "instances)" not in source, source
    else:
        assert "rent" not in rows
    document = json.loads(json.dumps(plan_to_json(plan), allow_nan=False))
    assert document["total"] == pytest.approx(plan.total)
    for phase, data in zip(plan.phases, document["phases"], strict=True):
        assert data["configuration"]["gpus"] == phase.config.gpus
        assert data["configuration"]["servers"] == phase.config.servers
        assert data["ledger"]["phase_total"] == pytest.approx(phase.ledger.phase_total)
        # a reader of the JSON learns that a total leaves lines out, and which
        assert data["ledger"]["totals_complete"] is (not phase.ledger.unpriced)
        assert len(data["ledger"]["unpriced"]) == len(phase.ledger.unpriced)
        assert data["ledger"]["awaiting"]["phase_total"] == list(phase.figures.awaiting("plan.phase_cost"))
        for key, figure in data["figures"].items():  # and each figure that is a priced part says which lines it lacks
            assert figure.get("awaiting_quotes", []) == list(phase.figures.awaiting(key)), key
    if plan.roadmap is not None:
        assert len(plan.roadmap.awaiting("roadmap.total_spend")) == plan.unpriced_lines
