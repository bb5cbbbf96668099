"""Figures and words a customer would flag in the shipped samples' proposals, each checked at its source: a risk
cites its catalog source by title and reference (never by id), the BOM's phase totals carry the awaiting-quote
marker the ledger's unpriced lines call for, and one unit word per language for latency."""

from __future__ import annotations

import re

import pytest

from gpudesk.report.customer_text import CustomerText
from gpudesk.report.document import Branding, DataTable, KeyValueTable, Paragraph
from gpudesk.report.proposal import build_proposal
from gpudesk.report.sources import short_title
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.wizard.defaults import unset_word


def test_short_title_is_the_part_before_the_quotation():
    assert short_title("Huawei Ascend (CANN): PyTorch through the torch_npu plugin") == "Huawei Ascend (CANN)"
    assert short_title("NVIDIA H100 datasheet") == "NVIDIA H100 datasheet"
    quoted = 'modal-labs/modal-client pull request #2797, "docs fix: nvidia quotes GB on their GPUs not GiB" (totals)'
    assert short_title(quoted) == 'modal-labs/modal-client pull request #2797, "docs fix…"'
    assert short_title("华为昇腾（CANN）：PyTorch 通过 torch_npu") == "华为昇腾（CANN）"
    long = short_title("A very long title " * 10)
    assert long.endswith("…") and len(long) <= 61


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_risks_cite_sources_by_title_and_reference_never_by_id(lang, bank_proposal):
    _plan, doc = bank_proposal(lang)
    risks = doc.section("risks")
    text = "\n".join(risks_text(risks))
    assert "stack-ascend" not in doc.to_text()  # the catalog citation id of the Ascend software stack
    if lang == "en":
        assert re.search(r"\(source: Huawei Ascend \(CANN\) \[\d+\]\)", text)
    else:
        assert re.search(r"（\s*\[\d+\]\s*）|\s\[\d+\]", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_risk_row_reads_the_numbers_of_every_phase_it_lists(lang, bank_proposal):
    """Phases share a risk row only when their risk reads the same: the bank's unpriced-lines row read "1 line
    awaiting a quote" for phases 1, 2 and 3 (phase 2 awaits 4) and its host row "8 cores and 3 GB" for all three
    (phases 2 and 3 need 335 GB)."""
    plan, doc = bank_proposal(lang)
    customer = CustomerText(ReportText(lang), plan.all_checks())
    table = next(b for b in doc.section("risks").blocks if isinstance(b, DataTable))
    listed: dict[tuple[int, str], str] = {}
    for row in table.rows:
        for number in re.findall(r"\d+", row[0]):
            assert (int(number), row[2]) not in listed, row  # one row per phase and risk
            listed[(int(number), row[2])] = row[3]
    for phase in plan.phases:
        for check in phase.checks:
            title, message, _fix = customer.risk(check)
            detail = listed[(phase.index + 1, title)]
            assert all(n in detail for n in re.findall(r"\d[\d,.]*\d|\d", message)), (phase.index, message, detail)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bytes_read_in_the_prefix_the_window_shows(lang, bank_proposal):
    """A byte figure reads between 1 and 1000 of its prefix, as in the window's figure table: the bank's pilot read
    "0.000061 GB/s" of storage reads (the window: 61.03 kB/s) and "37,981 GB" of storage (37.98 TB)."""
    _plan, doc = bank_proposal(lang)
    text = doc.to_text()
    assert not re.findall(r"(?<![\d.,])0\.\d+ [kMGT]?B\b(?:/s)?", text)
    assert not re.findall(r"\b\d{1,3}(?:,\d{3})+(?:\.\d+)? [kMG]?B(?:/s)?(?![\w/])", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_amount_of_nothing_shows_cents(lang, bank_proposal):
    """The rented pilot's one-time cost read "¥0.00" in the cost table (the executive summary: ¥0)."""
    _plan, doc = bank_proposal(lang)
    assert not re.findall(r"[¥$]0\.00(?!\d)", doc.to_text())


def test_replicas_times_their_share_make_the_capacity(searched_sample):
    """The gov summary read "a peak of 13.9 requests/s needs 55 replicas at 0.25 requests/s each": 55 × 0.25 = 13.75,
    short of the peak the plan meets (55 × 0.2545 = 14.0); a share carries the digits its product needs."""
    plan, project = searched_sample("gov-llm-domestic-accelerator")
    doc = build_proposal(plan, project, "en", Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    found = re.findall(r"(\d+) replicas at ([\d.]+) requests/s each", doc.to_text())
    assert found
    capacities = {w.capacity.replicas: w.capacity for phase in plan.phases for w in phase.config.workloads
                  if w.capacity is not None}
    for replicas, share in found:
        cap = capacities[int(replicas)]
        assert float(share) * cap.replicas == pytest.approx(cap.total, rel=0.005), (share, cap)


def test_no_space_between_two_chinese_characters(bank_proposal):
    """A Chinese sentence spaces a Latin name it quotes, not a Chinese one: the storage flows read "存放于 并行文件存储
    一体机" and a risk "大模型推理服务 的框架支持为 经厂商插件或分支支持"."""
    _plan, doc = bank_proposal("zh")
    cjk = "[\u3400-\u9fff]"
    body = doc.to_text().split("# 参考资料")[0]  # the references keep their sources' own titles
    assert not re.findall(f"{cjk} {cjk}", body)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rented_pilot_is_costed_and_ranked_over_its_own_months(lang, bank_proposal):
    """The bank's 3-month rented pilot (56.5 万元) read a '5-year TCO' of 1,130 万元 (20 quarters of rent), its
    search recommended renting 128 × L20 at '2,632 万元 over 5 years', and the ranked table left out the plan's own
    A100 row (rank 14 of 17) and the chart its marker. A rented phase costs its own months; every ranked table holds
    the plan's row (★); the pilot's chart marks the plan; the table's header says what its costs cover."""
    plan, doc = bank_proposal(lang)
    pilot = plan.phases[0]
    assert not pilot.config.owns_hardware and pilot.search is not None and pilot.search.rent_months == 3
    own = next(c for c in pilot.candidates if c.pinned)
    assert own.cost == pytest.approx(pilot.ledger.phase_total) == pytest.approx(pilot.figures.number("tco.total_5y"))
    assert any(m.color_role == "plan" for m in pilot.charts["pareto"].markers)
    t = ReportText(lang)
    tables = [b for s in doc.sections for b in s.blocks if isinstance(b, DataTable)
              and b.title == t.get("candidates.title")]
    assert len(tables) == len(plan.phases)
    for table, phase in zip(tables, plan.phases):
        assert table.marked and table.header[-1] == t.get("candidates.cost" if phase.config.owns_hardware
                                                         else "candidates.cost_rent"), table.header
        assert table.header[3] == t.get("candidates.nodes" if phase.config.owns_hardware else "candidates.instances")
    # the L20's one-GPU instances (laid out as TP4, timed as on an 8-GPU node) need the network between instances,
    # which the catalog's L20 offer rows do not give: no L20 layout is timed or ranked ('fabric')
    assert "l20" in pilot.search.searched and pilot.search.dropped.get("fabric", 0) > 0
    assert pilot.search.unit_gpus["l20"] == 1
    assert not any("L20" in c.accelerator_name and c.cost == c.cost for c in pilot.candidates)
    # rented rows count what is rented, as the ledger bills it: the plan's own 4 × p4d.24xlarge
    assert (pilot.config.instances, pilot.config.instance, own.nodes) == (4, "p4d.24xlarge", 4)
    rented = t.get("summary.instances_value", count="4", instance="p4d.24xlarge", per=8)
    assert any(value == rented for s in doc.sections for b in s.blocks if isinstance(b, KeyValueTable)
               for _label, value in b.rows)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_inputs_not_given_read_as_the_form_words_them(lang, bank_proposal):
    """The requirements listed "服务人数 0 人", "峰值每秒请求数（0 = 按日请求量推算） 0 请求/秒" and "端到端时延
    （按分位；0 = 不设） 0 毫秒" for inputs left unset (gov, bank): a zero the customer never gave reads as the form
    words it ("未给出", "不设"), as the comparison's inputs do."""
    plan, doc = bank_proposal(lang)
    rows = [r for b in doc.section("requirements").blocks if isinstance(b, KeyValueTable) for r in b.rows]
    served = [r for r in rows if r[0] == ReportText(lang).get("workload.users")]
    assert served and all(r[1] == unset_word("workloads[0].users", 0, 0, lang) for r in served), served
    assert not [r for r in rows if re.fullmatch(r"0 (人|people|请求/秒|requests/s|毫秒|ms)", r[1])], rows
    # a printed requirement is not a form: its label gives no input hint ('引擎最大批量（0 = 自动推算） 64 条序列')
    assert not [r for r in rows if "0 =" in r[0]], rows


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_roadmap_table_never_prices_an_unquoted_purchase_at_zero(lang, bank_proposal):
    """The gov roadmap table read capex ¥0 for two phases of servers without a price, and the bank's launch and growth
    capex without the 4 and 3 lines awaiting a quote it leaves out, where the summary's investment table reads
    待询价 and "+ 4 项待询价": the roadmap's cells carry the same markers (``ledger_text.awaiting_total``)."""
    plan, doc = bank_proposal(lang)
    t = ReportText(lang)
    table = next(b for b in doc.section("roadmap").blocks if isinstance(b, DataTable))
    assert any(p.figures.awaiting("tco.one_time") for p in plan.phases)
    for phase, row in zip(plan.phases, table.rows):
        for cell, key, amount in ((row[5], "tco.one_time", phase.ledger.one_time),
                                  (row[6], "tco.opex_per_year", phase.ledger.opex_per_year)):
            waiting = len(phase.figures.awaiting(key))
            if waiting and amount == 0:
                assert cell == t.get("cost.quote_pending" + ("_one" if waiting == 1 else ""), count=waiting), (key, row)
            else:
                assert ("\n+ " in cell) == (waiting > 0) and (not waiting or str(waiting) in cell), (key, row)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_summary_names_the_phase_its_gpu_count_sentence_sizes(lang, bank_proposal):
    """The manufacturer summary read "16 张 GPU 上完成训练" right after phases of 10 and 19 GPUs (the 16: phase 2's
    training share), the bank's "564 张 GPU" after three phases: the sentence names its phase (and workload where the
    phase has several), and its count is that workload's."""
    plan, doc = bank_proposal(lang)
    why = next(b.text for b in doc.section("summary").blocks if isinstance(b, Paragraph)
               and ("GPU 数量" in b.text or "the GPU count" in b.text))
    largest = max(plan.phases, key=lambda p: p.config.gpus)
    named = ReportText(lang).get("exec.phase_short", index=largest.index + 1)
    # after 'Phase 3: ' the sentence runs on in lower case, as the roadmap's 'phase 1 (Pilot): 16 …' ('Phase 3: The')
    assert why.startswith(named + ("的 GPU 数量" if lang == "zh" else ": the GPU count")), why
    assert f"{max(w.gpus for w in largest.config.workloads):,}" in why, why


def test_a_roadmap_trigger_says_it_is_a_condition_in_the_readers_language(searched_sample):
    """The roadmap printed a bare "+2 个节点" at the gov growth phase's start, beside a GPU line going from 112 to 220
    (14 servers): the plan's growth trigger (add 2 nodes when requests per day exceed 3,000,000) read as the phase's
    growth. The marker states its condition, in Chinese in a Chinese document, its hover text too."""
    from gpudesk.report.chart_text import localise_spec

    plan, project = searched_sample("bank-llm-assistant")
    spec = plan.charts["timeline"]
    triggers = [trig for phase in project.phases for trig in phase.triggers]
    assert triggers and len(spec.markers) == len(triggers)
    for marker, trig in zip(spec.markers, triggers):
        assert marker.label.startswith(f"+{trig.add_nodes} node") and f"exceed {trig.threshold:,.0f}" in marker.label
        assert marker.tooltip.startswith(marker.label)
    for marker in localise_spec(spec, "zh").markers:
        assert "超过" in marker.label and "个节点" in marker.label and not re.search("[A-Za-z]", marker.label), marker
        assert marker.tooltip.startswith(marker.label), marker


def test_a_bom_quantity_of_one_reads_in_the_singular(bank_proposal):
    """The English BOMs read "1 appliances" (the storage appliance of every owned phase) and "1 servers", "1 switches"
    (bank, gov, manufacturer): a line's unit has its singular for a quantity of one."""
    _plan, doc = bank_proposal("en")
    text = doc.to_text()
    assert re.search(r"(?<![\d.,])1 (appliance|server|switch)\b", text)  # the bank's BOM has such lines
    assert not re.findall(r"(?<![\d.,])1 (?:servers|switches|transceivers|appliances|[\w]+-(?:months|hours))\b", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_latencies_read_in_milliseconds_as_their_targets(lang, bank_proposal):
    """The architecture table read a P99 first token of "1.36 s" under a P50 of "409 ms" (the summary: 1,356 ms
    against a 4,000 ms target): a latency reads in the unit its target is stated in."""
    _plan, doc = bank_proposal(lang)
    seconds = "秒" if lang == "zh" else "s"
    rows = [r for b in doc.section("architecture").blocks for r in getattr(b, "rows", ())
            if len(r) == 2 and ("token" in r[0] or "TTFT" in r[0] or "TPOT" in r[0])]
    assert rows
    assert not [r for r in rows if re.fullmatch(rf"[\d.,]+ {seconds}", r[1])], rows


def test_one_of_a_thing_reads_singular(bank_proposal):
    """The English bank proposal read "1 line(s) have no price yet" (its BOM), "1 cost line(s) have" (its risks) and
    "141 replica(s)": a count reads in the singular or the plural, never "(s)"."""
    _plan, doc = bank_proposal("en")
    assert "(s)" not in doc.to_text()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_mitigation_never_asks_the_customer_to_edit_the_catalog(lang, searched_sample):
    """The gov proposal's top risk told the customer "在目录中填入厂商公布的 MLU-Link 单卡带宽（注明来源）" / "Enter the
    vendor's MLU-Link bandwidth per GPU in the catalog": the check's fix for the gpudesk user, not the customer."""
    plan, project = searched_sample("gov-llm-domestic-accelerator")
    doc = build_proposal(plan, project, lang, Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    assert any(c.id == "gpu.scaleup_bandwidth_unknown" for c in plan.all_checks())
    text = doc.to_text()
    assert "在目录中填" not in text and "in the catalog (with" not in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bom_sum_says_what_awaits_a_quote(lang, searched_sample):
    """The gov BOM summed three unpriced lines (servers, installation, storage) to a subtotal of "¥0", and its recurring
    subtotal left the unpriced maintenance out unmarked: a sum beside lines awaiting a quote says so."""
    plan, project = searched_sample("gov-llm-domestic-accelerator")
    doc = build_proposal(plan, project, lang, Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    text = ReportText(lang)
    needed, marker = awaiting_quote(lang), ("待询价" if lang == "zh" else "awaiting")
    tables = [b for b in doc.section("bom").blocks if isinstance(b, DataTable) and b.total_rows]
    assert tables
    for table in tables:
        body, sums = table.rows[:-table.total_rows], table.rows[-table.total_rows:]
        if any(needed in row for row in body):
            for row in sums:
                if row[1] in (text.get("bom.subtotal_once"), text.get("bom.total_once"),
                              text.get("bom.subtotal_recurring"), text.get("bom.total_recurring")):
                    assert all(marker in cell for cell in row[5:-2] if cell), row


def risks_text(section) -> list[str]:
    return [cell for block in section.blocks for row in getattr(block, "rows", ()) for cell in row]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bom_phase_totals_carry_the_ledgers_awaiting_quote_count(lang, bank_proposal):
    plan, doc = bank_proposal(lang)
    text = ReportText(lang)
    totals = [b for b in doc.section("bom").blocks if isinstance(b, KeyValueTable) and b.title == text.get(
        "bom.totals_title")]
    assert len(totals) == len(plan.phases)
    for phase, table in zip(plan.phases, totals, strict=True):
        phase_row = table.rows[-1][1]
        waiting = len(phase.ledger.unpriced)
        marker = "项待询价" if lang == "zh" else "awaiting"
        assert (marker in phase_row) == bool(waiting), (phase.index, phase_row)
        if waiting:
            assert f"{waiting} " in phase_row or (waiting == 1 and "1 line" in phase_row)


@pytest.mark.parametrize("lang,word", [("zh", "毫秒"), ("en", "ms")])
def test_latency_reads_one_unit_word_per_language(lang, word, bank_proposal):
    _plan, doc = bank_proposal(lang)
    text = ReportText(lang)
    table = next(b for b in doc.section("summary").blocks if getattr(b, "title", "") == text.get("exec.performance"))
    latencies = [cell for row in table.rows for cell in row[2:4] if re.search(r"\d (ms|毫秒)$", cell)]
    assert latencies and all(cell.endswith(f" {word}") for cell in latencies)
    paragraph = " ".join(b.text for b in doc.section("summary").blocks if hasattr(b, "text"))
    if lang == "zh":  # the recommendation's latency sentence too
        assert not re.search(r"\d ms\b", paragraph)


def test_a_large_rate_reads_as_the_window_shows_it():
    """The e-commerce proposal read '峰值 3,472,222 项/秒' and a capacity of '10,780,265 项/秒' where the window's status
    bar read '1,078 万项/秒' (English '10.78 M items/s'): a rate from ten thousand up is scaled as display_value
    scales it; a small part keeps the digits its product needs (55 × 0.255 ≈ 14.0 requests/s)."""
    from gpudesk.report.proposal_summary import rate_text as _rate

    assert _rate(10_780_265.0, "items/s", ReportText("zh")) == "1,078 万项/秒"
    assert _rate(3_472_222.0, "items/s", ReportText("en")) == "3.47 M items/s"  # three significant digits
    assert _rate(0.2545, "requests/s", ReportText("en"), (55, 14.0)) == "0.255 requests/s"
    # the architecture's figure rows likewise ('Peak recommendation rate 3,472,222 items/s' read '347.2 万项/秒' on screen)
    from gpudesk.core.explain import FigureSet
    from gpudesk.report.figure_rows import FigureFormatter

    fs = FigureSet()
    fs.input("recsys.peak_items_per_s", 3_472_222.0, "items/s", "peak item rate", "test")
    assert FigureFormatter(fs, ReportText("zh"), "CNY").shown("recsys.peak_items_per_s") == "347 万项/秒"


def test_an_item_service_counts_what_it_serves_in_one_unit(searched_sample):
    """The recommendation service's capacity and targets read 'items/s' ('项/秒') beside its rate per GPU in
    'samples/s/GPU' ('样本/秒/GPU'): one quantity, two names. Each item-serving kind declares its unit once
    (vocabulary/workloads.ITEM_UNITS) and every figure, capacity and ranked row of it says that unit."""
    from gpudesk.vocabulary.workloads import ITEM_UNITS

    plan, _project = searched_sample("ecommerce-recsys")
    for phase in plan.phases:
        for w in phase.config.workloads:
            noun = ITEM_UNITS[w.kind]
            assert w.capacity is not None and w.capacity.unit == f"{noun}/s"
            units = {phase.figures.unit(k) for k in ("recsys.peak_items_per_s", "task.peak_items_per_s",
                                                    "recsys.items_per_day", "recsys.samples_per_s_per_gpu")}
            assert units == {f"{noun}/s", f"{noun}/day", f"{noun}/s/GPU"}, units
            assert {c.time_or_throughput_unit for c in phase.candidates} == {f"{noun}/s/GPU"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_total_reads_alike_in_the_cost_and_measured_data_tables(lang, bank_proposal):
    """The gov proposal's measured-data table read the 5-year TCO as "609.6 万元" where its cost table read
    "609.6 万元 + 4 项待询价" (walk of polish-25): a total beside the lines it leaves out, in every table that shows it
    (``FigureFormatter.marked``)."""
    plan, doc = bank_proposal(lang)

    def cells(section: str) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for block in doc.section(section).blocks:
            if isinstance(block, (KeyValueTable, DataTable)):
                for row in block.rows:
                    found.setdefault(row[0], []).append(row[1])
        return found

    cost, measured = cells("cost"), cells("calibration")
    shared = [label for label in measured if label in cost]
    assert shared and any(p.figures.awaiting("tco.total_5y") for p in plan.phases), (list(measured), list(cost))
    for label in shared:
        assert measured[label] == cost[label], (label, measured[label], cost[label])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_per_replica_figure_says_so_in_the_proposal(lang, bank_proposal):
    """The gov proposal's accuracy table read 请求吞吐 0.282 请求/秒 / 'Request throughput 0.282 requests/s' two pages
    after its summary's capacity of 7.1 requests/s: the figure is one replica's (the window's label says 'request
    capacity per replica'), and the proposal's label dropped it (walk of polish-25)."""
    plan, _doc = bank_proposal(lang)
    text = ReportText(lang)
    per_replica = {key for p in plan.phases for key in p.figures.keys() if "per replica" in p.figures.label(key)
                   and text.has(f"figure.{key}")}
    assert {"infer.tokens_per_s", "infer.requests_per_s"} <= per_replica
    for key in per_replica:
        assert ("每副本" if lang == "zh" else "per replica") in text.get(f"figure.{key}"), key
