"""The Qt-free proposal model: section order, numbers equal to the figures, wording in both languages."""

from __future__ import annotations

import copy
import datetime as dt
import math
import re
from pathlib import Path

import pytest
from report_samples import catalog, roadmap_plan, roadmap_project, training_plan, training_project

from gpudesk.report.document import Branding, DataTable, KeyValueTable, Paragraph
from gpudesk.report.number_format import plain_number
from gpudesk.report.proposal import build_proposal
from gpudesk.report.text_catalog import MissingTextError, ReportText, load_catalogue
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.vocabulary.costs import awaiting_quote

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

ISSUED = dt.date(2025, 6, 1)
BRAND = Branding("示例科技有限公司", "", "王工")
SINGLE_PHASE_ORDER = ["cover", "summary", "requirements", "architecture", "search", "bom", "power", "network", "storage",
                      "delivery", "cost", "charts", "assumptions", "risks", "calibration", "accuracy", "references",
                      "revisions"]
REPORT_SOURCES = Path(__file__).resolve().parents[2] / "gpudesk" / "report"


def _doc(lang: str, plan: PlanEstimate | None = None, project=None):
    return build_proposal(plan or training_plan(), project or training_project(), lang, BRAND, issued=ISSUED,
                          catalog_date="2025-05-20")


def _kv(doc, section_id: str) -> dict[str, str]:
    return {k: v for b in doc.section(section_id).blocks if isinstance(b, KeyValueTable) for k, v in b.rows}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_sections_in_proposal_order(lang):
    assert _doc(lang).section_ids() == SINGLE_PHASE_ORDER


def test_roadmap_section_only_with_several_phases():
    plan, project = roadmap_plan()
    ids = _doc("zh", plan, project).section_ids()
    assert ids == SINGLE_PHASE_ORDER[:-3] + ["roadmap", "accuracy", "references", "revisions"]
    roadmap = _doc("en", plan, project).section("roadmap")
    tables = [b for b in roadmap.blocks if isinstance(b, DataTable)]
    assert tables[0].rows[0][0] == "Pilot" and tables[0].rows[1][0] == "Production"
    assert len(tables) == 1  # the phases' bills of materials are in the BOM section, not printed twice
    def waiting(count: int) -> str:  # a total leaving out lines awaiting a quote says so (on its own line in a table)
        return f"\n+ {count} lines awaiting quotes" if count else ""

    for row, phase in zip(tables[0].rows, plan.phases):  # the phase table reads the ledger
        assert row[3] == f"{phase.config.gpus:,}"
        assert row[7] == f"${phase.ledger.phase_total:,.0f}" + waiting(len(phase.ledger.unpriced))
        # capex says the one-time lines it leaves out, as the summary's investment table does (never a bare $0)
        assert row[5] == f"${phase.ledger.one_time:,.0f}" + waiting(len(phase.figures.awaiting("tco.one_time")))
    assert tables[0].rows[-1][7] == f"${plan.total:,.0f}" + waiting(plan.unpriced_lines) and tables[0].total_rows == 1
    totals = [b for b in roadmap.blocks if isinstance(b, KeyValueTable)][0]
    assert ("Total spend, all phases", f"${plan.total:,.0f}" + waiting(plan.unpriced_lines).replace("\n", " ")) \
        in totals.rows and ("Peak GPUs", "64 GPUs") in totals.rows
    assert any(getattr(b, "name", "") == "timeline" for b in roadmap.blocks)


def test_chinese_headings_follow_proposal_convention():
    doc = _doc("zh")
    assert doc.title == "技术方案书"
    titles = [s.title for s in doc.sections]
    assert "配置清单及报价" in titles and "风险与应对" in titles and "修订记录" in titles


def test_summary_numbers_equal_the_figures():
    plan = training_plan()
    phase = plan.phases[0]
    fs, ledger = phase.figures, phase.ledger
    doc = _doc("en", plan)
    investment = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable))
    # a single phase's 3- and 5-year columns say what they cover (owned servers: the whole span), as its cost page
    assert investment.header == ("Phase", "One-time", "Per year", "3-year TCO (owned)", "5-year TCO (owned)",
                                 "Phase total")
    # an amount that leaves out lines awaiting a quote says so beside it (on a line of its own in the table's cell):
    # the totals every unpriced line, the one-time column the one-time ones (the core's FigureSet.awaiting)
    def pending(lines: list[object]) -> str:
        return f"\n+ {len(lines)} lines awaiting quotes" if len(lines) > 1 else "\n+ 1 line awaiting a quote" \
            if lines else ""

    once = pending([line for line in ledger.unpriced if line.period == "once"])
    yearly = pending([line for line in ledger.unpriced if line.period == "month"])
    every = pending(list(ledger.unpriced))
    assert ledger.unpriced and once  # the training plan's servers are priced, other one-time lines are not
    assert investment.rows[0][1:] == (f"${ledger.one_time:,.0f}{once}", f"${ledger.opex_per_year:,.0f}{yearly}",
                                      f"${ledger.total_over_years(3):,.0f}{every}",
                                      f"${ledger.total_over_years(5):,.0f}{every}",
                                      f"${ledger.phase_total:,.0f}{every}")
    assert f"${fs.number('tco.total_5y'):,.0f}{every}" == investment.rows[0][4]  # the figure the step pages show
    architecture = _kv(doc, "architecture")
    # the one rule for a figure's digits (report/number_format.plain_number), as the window shows them
    assert architecture["Time to train"] == f"{plain_number(fs.number('train.time_to_train_days'))} days"
    assert architecture["Memory per GPU"] == f"{plain_number(fs.number('mem.total') / 1e9)} GB"
    assert architecture["GPUs"] == "64 GPUs" and architecture["Servers"] == "8 × NVIDIA DGX H100"
    assert architecture["Parallel layout"] == "TP8 × PP1 × DP8"
    assert architecture["What sets the GPU count"] == "the node count set in the plan"
    assert architecture["Recommended delivery mode"] == "Private on-premises (owned)"
    recommendation = " ".join(b.text for b in doc.section("summary").blocks if isinstance(b, Paragraph))
    assert "8 × NVIDIA DGX H100 with 64 NVIDIA H100 SXM5 80GB GPUs" in recommendation
    assert "the node count set in the plan" in recommendation
    power = _kv(_doc("zh", plan), "power")
    assert power["散热负荷（额定）"] == f"{fs.number('power.btu_per_h'):,.0f} BTU/小时"  # cooling sized on nameplate
    assert power["所需机柜数"] == f"{fs.number('power.racks'):.0f} 个机柜"
    assert power["制冷方式"] == "风冷"


def test_performance_against_targets_for_serving_and_training(searched_sample):
    """The summary's performance table reads the sized capacity against the peak and the figures against targets."""
    plan, project = searched_sample("bank-llm-assistant")
    doc = build_proposal(plan, project, "en", BRAND, issued=ISSUED)
    table = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable) and b.title ==
                 "Performance against the targets")
    launch = plan.phases[1]
    cap = launch.config.workloads[0].capacity
    rows = [r for r in table.rows if r[0].startswith("Phase 2")]
    capacity = next(r for r in rows if r[1] == "Capacity at the peak load")
    assert capacity[2] == f"{cap.target:.3g} requests/s" and capacity[3] == f"{cap.total:.3g} requests/s"
    p99 = next(r for r in rows if r[1] == "Time to first token (P99)")
    assert p99[2] == "≤ 4,000 ms" and p99[3] == f"{launch.figures.number('infer.ttft_at_percentile_s') * 1000:,.0f} ms"
    training = next(r for r in table.rows if r[1] == "Time to train")
    assert training[0].startswith("Phase 1") and training[4] == "yes"
    notice = [b.text for b in doc.section("summary").blocks if type(b).__name__ == "Note"]
    n = plan.unpriced_lines
    assert notice and ("1 cost line is awaiting a quote" if n == 1 else f"{n} cost lines are awaiting a quote") in notice[0]


def test_rented_phase_has_no_capex_and_no_facility():
    plan, project = roadmap_plan()
    pilot = plan.phases[0]
    assert pilot.config.servers_owned == 0 and pilot.ledger.capex == 0
    assert all(line.nature == "opex" for line in pilot.ledger.lines)
    assert "power.racks" not in pilot.figures and "alt.power.racks" in pilot.figures  # owning only as an alternative
    doc = _doc("en", plan, project)
    notes = [b.text for b in doc.section("power").blocks if type(b).__name__ == "Note"]
    assert any("racks, power and cooling are the provider's" in n for n in notes)
    once = [b for b in doc.section("bom").blocks if isinstance(b, DataTable) and b.title.startswith("One-time")]
    assert len(once) == 1  # the owned production phase only: the rented pilot buys nothing


def test_bom_is_the_ledger_with_its_total_and_unpriced_lines():
    doc = _doc("en")
    ledger = training_plan().phases[0].ledger
    tables = [b for b in doc.section("bom").blocks if isinstance(b, DataTable)]
    once, recurring = tables
    assert once.header == ("No.", "Item", "Configuration", "Quantity", "Unit price", "Extended", "Price basis",
                           "Price date")
    servers = ledger.line("servers")
    assert once.rows[0][1:6] == (servers.item, f"8 × {servers.params[1][1]} per server", "8 servers",
                                 f"${servers.unit_price:,.0f}", f"${servers.amount:,.0f}")
    unpriced = [r for t in tables for r in t.rows if r[4] == awaiting_quote("en")]
    assert len(unpriced) == len(ledger.unpriced) >= 1  # the catalog has no switch price: shown, never zero
    waiting = sum(1 for ln in ledger.unpriced if ln.period == "once")  # the sum says what it leaves out
    assert once.rows[-1][5] == f"${ledger.one_time:,.0f}\n+ {waiting} lines awaiting quotes" and once.total_rows >= 2
    staff = ledger.line("staff")
    assert not [r for r in recurring.rows if "Operations staff" in r[1]]  # staff is never a purchase
    totals = _kv(doc, "bom")
    # the phase total leaves out the lines awaiting a quote and says so (the ledger's unpriced count)
    assert totals["Cost of the phase over its 12 months (staff included)"] == \
        f"${ledger.phase_total:,.0f} + {len(ledger.unpriced)} lines awaiting quotes"
    assert totals["Customer's own operations staff (1 FTE, not part of the purchases)"] == \
        f"${staff.per_year:,.0f} per year"


def test_prices_keep_their_quoted_precision_and_bom_words_lines_in_chinese():
    from gpudesk.report.ledger_text import unit_price

    assert unit_price(0.8048, "USD") == "$0.8048" and unit_price(1.861, "USD") == "$1.861"
    assert unit_price(172.873412, "CNY") == "¥172.87" and unit_price(651780.0, "CNY") == "¥651,780"
    assert unit_price(210.0, "USD") == "$210" and unit_price(0.6248, "CNY") == "¥0.6248"
    text = _doc("zh").to_text()
    for english in ("Operations staff", "Electricity", "Installation and commissioning", "instance-hour",
                    "FTE-month", "user input", "catalog ", "facility_defaults"):
        assert english not in text, english


def test_risks_sorted_by_severity_and_calibration_marks_measured():
    doc = _doc("en")
    risks = next(b for b in doc.section("risks").blocks if isinstance(b, DataTable))
    order = {"blocker": 0, "warning": 1, "info": 2}
    severities = [r[0] for r in risks.rows]
    assert severities == sorted(severities, key=order.__getitem__) and severities
    basis = next(b for b in doc.section("calibration").blocks if isinstance(b, DataTable))
    assert all(r[2] == "catalog default" for r in basis.rows)  # no pilot calibration in this plan


def test_large_counts_in_language_units():
    zh = _doc("zh").to_text()
    en = _doc("en").to_text()
    assert "200 亿 token" in zh and "20 B tokens" in en


def test_catalogues_have_the_same_keys():
    zh, en = load_catalogue("zh"), load_catalogue("en")
    assert sorted(set(zh) - set(en)) == [] and sorted(set(en) - set(zh)) == []
    for catalogue in (zh, en):  # only a dimensionless unit ("fraction") may print as nothing
        assert not [k for k, v in catalogue.items() if not v.strip() and not k.startswith("unit.")]


def test_every_literal_key_used_by_the_builders_exists():
    used: set[str] = set()
    for path in REPORT_SOURCES.glob("*.py"):
        used |= set(re.findall(r'\b(?:t|text|ctx\.text)\.get\("([a-z_0-9.]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 60
    for lang in ("zh", "en"):
        missing = sorted(k for k in used if not ReportText(lang).has(k))
        assert not missing, f"{lang} catalogue lacks {missing}"


def test_missing_key_raises_instead_of_printing_blank():
    text = ReportText("en", {"a": "x"})
    with pytest.raises(MissingTextError, match="'b' is missing from the en catalogue"):
        text.get("b")
    with pytest.raises(ValueError):
        build_proposal(training_plan(), training_project(), "fr", BRAND)


def test_multi_phase_sections_head_each_phase():
    project = roadmap_project()
    peak = copy.deepcopy(project.phases[1])
    peak.name, peak.start_month, peak.hardware.nodes = "Peak", 27, 4
    project.phases.append(peak)
    plan = estimate_plan(project, catalog(), search=True)
    doc = _doc("en", plan, project)
    headings = [b.text for b in doc.section("power").blocks if type(b).__name__ == "Heading"]
    assert headings == ["Phase 1: Pilot", "Phase 2: Production", "Phase 3: Peak"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_golden_text(lang, golden):
    plan, project = roadmap_plan()
    golden(f"proposal_single_{lang}.txt", _doc(lang).to_text())
    golden(f"proposal_roadmap_{lang}.txt", _doc(lang, plan, project).to_text())


def test_every_listed_figure_has_a_label_in_both_languages():
    from gpudesk.report import proposal, proposal_closing, proposal_infra

    rows = (*proposal.WORKLOAD_FIGURES, *proposal.PHASE_FIGURES, *proposal_infra.POWER_FIGURES,
            *proposal_infra.NETWORK_FIGURES,
            *proposal_infra.STORAGE_FIGURES, *proposal_infra.COST_FIGURES, *proposal_closing.ROADMAP_FIGURES)
    for lang in ("zh", "en"):
        text = ReportText(lang)
        assert not [r.key for r in rows if not text.has(f"figure.{r.key}")], lang


def test_delivery_modes_table_reads_pipeline_keys_and_skips_series():
    doc = _doc("en")
    table = next(b for b in doc.section("delivery").blocks if isinstance(b, DataTable))
    # the phase's cost, as its label says: it read "Cost over the horizon" (测算期总成本), the word the cost section
    # uses for the 5-year TCO, while its value is the phase's (the bank's 3-month pilot: 54.0 万元 against 1,130 万元)
    assert table.header[:2] == ("Delivery mode", "Cost of the phase") and table.header[-1] == "Allowed for the data"
    fs = training_plan().phases[0].figures
    assert table.rows[0][:2] == ("Public cloud, on demand", f"${fs.number('delivery.total.cloud_on_demand'):,.0f}")
    assert table.rows[0][-1] == "yes"
    private = next(r for r in table.rows if r[0] == "Private on-premises (owned)")
    assert private[1] == f"${fs.number('delivery.total.private'):,.0f}" == f"${fs.number('plan.phase_cost'):,.0f}"  # the ledger's
    assert not [r for r in table.rows if "per month" in " ".join(r)]  # monthly series are charts, not table cells


def test_summary_names_the_plans_own_accelerator_not_the_cheapest_alternative(searched_sample):
    """The proposal describes the pinned configuration and the GPUs the plan sized, even when an
    alternative ranks first (the real pipeline on the manufacturer sample ranks L4 above the L40S plan)."""
    plan, project = searched_sample("manufacturer-vision-private")
    phase = plan.phases[0]
    assert phase.candidates[0].accelerator_id != "l40s" and any(c.pinned for c in phase.candidates)
    doc = build_proposal(plan, project, "en", Branding())
    summary = _kv(doc, "architecture")
    pinned = next(c for c in phase.candidates if c.pinned)
    assert summary["Accelerator"] == pinned.accelerator_name == phase.config.accelerator_name  # the L40S of the plan
    last = plan.phases[-1]  # the summary lists each phase; later phases overwrite earlier keys in _kv
    assert summary["GPUs"] == f"{last.config.gpus:,} GPUs"
    assert (pinned.gpus, pinned.nodes) == (phase.config.gpus, phase.config.nodes)  # the plan's own configuration


def test_summary_alternatives_read_as_the_ranked_table_with_configuration_and_cost():
    """The summary's alternatives are the ranked table's rows: the plan's own first, each with its precision and
    layout, GPUs and the same cost cell, so a reader compares the proposed configuration with the best others."""
    doc = _doc("zh")
    summary = next(b for b in doc.section("summary").blocks if isinstance(b, DataTable)
                   and b.title == "备选方案（规模最大的阶段）")
    ranked = next(b for b in doc.section("architecture").blocks if isinstance(b, DataTable)
                  and b.title == "备选方案排序")
    own = next(r for r, row in enumerate(ranked.rows) if (r, 1) in ranked.marked)
    assert summary.header[-1] == ranked.header[-1] == "测算期总体拥有成本"
    assert summary.rows[0][0] == "本方案配置" and summary.rows[0][2:] == (ranked.rows[own][2], ranked.rows[own][-1])
    assert ranked.rows[own][4] in summary.rows[0][1]  # its layout, beside the accelerator
    assert len(summary.rows) == 3 and all(row[3] for row in summary.rows)


def test_an_owned_training_phase_ranks_on_the_servers_its_ledger_buys():
    """The search ranked owned training points on the run (GPU-hours at a GPU-hour of TCO) while each row's ledger
    charges the servers bought over the horizon: 32 × H100 ($2,454,971) was recommended over 8 × B200 meeting the
    30-day deadline at $1,573,937. Rows and recommendation now order by the ledger cost they show (docs/search.md)."""
    phase = training_plan().phases[0]
    search = phase.search
    assert phase.config.owns_hardware and search is not None and search.recommended is not None
    priced = [c for c in phase.candidates if c.point >= 0 and c.fits and math.isfinite(c.cost)
              and search.tiers.get(c.accelerator_id, 0) == 1]  # the plan's market: every server part in tier 1
    assert len(priced) >= 3 and [c.cost for c in priced] == sorted(c.cost for c in priced)
    assert priced[0].point == search.recommended.index
    assert phase.point_costs[search.recommended.index][2] == min(c.cost for c in priced)


def test_summary_counts_carry_their_thousands_separator() -> None:
    """The summary's sentences read counts as every table does: '125 台 … 共 1,000 张' (they read '共 1000 张' beside
    a table's '1,000', and '100000 台 … 共 800000 张' on a 100,000-node plan)."""
    from gpudesk.project.model import Phase, Project, Workload

    phase = Phase(name="P1", workloads=[Workload(kind="llm_inference", model_id="llama-3.1-8b", requests_per_day=1e5)])
    phase.hardware.accelerator_id, phase.hardware.candidates = "h100-sxm", ["h100-sxm"]
    phase.hardware.nodes, phase.delivery.mode = 125, "private"
    project = Project(phases=[phase])
    plan = estimate_plan(project, catalog(), search=True)
    for lang, count in (("zh", "共 1,000 张"), ("en", "1,000 NVIDIA")):
        text = " ".join(b.text for b in build_proposal(plan, project, lang, Branding()).section("summary").blocks
                        if isinstance(b, Paragraph))
        assert count in text and "1000" not in text, text
