"""The configuration search in the proposal: the chosen configuration, the two best alternatives, why, and the
trade-off chart — as data any proposal layout can place (``search_section`` for a whole section, ``search_blocks``
for one phase's blocks).

The words come from the reason catalogues (the search's why, levers and configurations are reasons with their
numbers, core/search_levers.py) and from the ``[search]`` table of the report catalogues. GPUs, servers and cost are those of the plan that pins each
configuration, from its cost ledger (``PhaseEstimate.point_costs``, results/search_pricing.py).
"""

from __future__ import annotations

import math
from dataclasses import replace

from gpudesk.core.candidates import Reason
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import amd_cdna3_caveat, attention_dp_caveat, describe, performance, pipeline_caveat
from gpudesk.report.check_text import reason_text, words
from gpudesk.report.document import Block, BulletList, ChartRef, DataTable, KeyValueTable, Note, Paragraph, Section
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import format_money, format_money_zh, format_number
from gpudesk.report.proposal_alternatives import unpriced_lines
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.sizing import BINDING


def _priced(p: SearchPoint, phase: PhaseEstimate) -> tuple[int, int, float]:
    """GPUs, nodes and cost over the phase of the plan that pins ``p`` (unknown cost when it was not priced)."""
    return phase.point_costs.get(p.index, (p.gpus, p.nodes, math.nan))


def _cost(cost: float, search: PhaseSearch, t: ReportText, waiting: int = 0, stacked: bool = False) -> str:
    """A configuration's cost over the phase, beside the lines awaiting a quote its ledger leaves out (``_waiting``),
    as the ranked table prints the same row (proposal_alternatives.candidate_cost)."""
    if not math.isfinite(cost):
        return awaiting_quote(t.lang)
    shown = (format_money_zh if t.lang == "zh" else format_money)(cost, search.currency)
    return awaiting_total(shown, waiting, t, stacked=stacked)


def _waiting(p: SearchPoint, phase: PhaseEstimate) -> int:
    """How many lines awaiting a quote the ledger of the plan pinning ``p`` leaves out: its ranked row's
    (``unpriced_lines``; the recommendation and the alternatives are each their accelerator's best row). The search
    section read '752.1 万元' for the manufacturer's recommendation beside the ranked table's '752.1 万元 + 1 项待询价'."""
    row = next((c for c in phase.candidates if c.point == p.index), None)
    return unpriced_lines(row) if row is not None else 0


def _named(p: SearchPoint, phase: PhaseEstimate, t: ReportText) -> str:
    """A configuration as the plan pinning it runs it: the GPUs of its ledger (``_priced``), as the search's why
    names it (PhaseSearch.explain_priced). The manufacturer's recommendation read 'Huawei Ascend 910B 64GB × 1 卡'
    in its table over 'GPU 数 3' and the why's '× 3 卡': an item-rate point is one GPU, the plan the GPUs its rate needs."""
    gpus, nodes, _cost_ = _priced(p, phase)
    return words(describe(replace(p, gpus=gpus, nodes=nodes)), t.lang)


def _words(reason: Reason | None, t: ReportText) -> str:
    return reason_text(reason, t.lang) if reason is not None else ""


def _basis(search: PhaseSearch, t: ReportText) -> str:
    """What a configuration's cost covers (core/search_levers.cost_basis): the horizon owned, the phase rented."""
    if search.rent_months > 0:
        return t.get("search.basis_phase_rent", months=int(round(search.rent_months)))
    return t.get("search.basis_phase", years=search.horizon_years)


def _rows(p: SearchPoint, search: PhaseSearch, phase: PhaseEstimate, t: ReportText) -> tuple[tuple[str, str], ...]:
    config = _named(p, phase, t)
    found = performance(p)
    perf = reason_text(found, t.lang) if found is not None else ""
    gpus, nodes, cost = _priced(p, phase)
    rows = [(t.get("search.configuration"), config), (t.get("search.gpus"), format_number(gpus, 0)),
            (t.get("search.instances" if search.rent_months > 0 else "search.servers"), format_number(nodes, 0))]
    if perf:
        rows.append((t.get("search.performance"), perf))
    rows.append((_basis(search, t), _cost(cost, search, t, _waiting(p, phase))))
    power = p.value("power_kw")
    if math.isfinite(power) and search.basis == "own":  # a rented phase's power is the provider's
        rows.append((t.get("search.power"), f"{format_number(power, 1)} kW"))
    return tuple(rows)


def search_blocks(phase: PhaseEstimate, t: ReportText, caption: str = "") -> list[Block]:
    """The blocks of one phase's search: recommendation, why, alternatives, levers, counts, chart."""
    search: PhaseSearch | None = phase.search
    if search is None:
        return []
    blocks: list[Block] = []
    rec = search.recommended
    why = reason_text(search.why, t.lang)
    if rec is None:
        blocks.append(Note(why, "warning"))
    else:
        blocks.append(KeyValueTable(_rows(rec, search, phase, t), title=t.get("search.recommended")))
        blocks.append(Paragraph(why))
        blocks.append(Paragraph(t.get("search.binding", binding=BINDING.name_of(search.binding, t.lang))))
    shown = [p for p in (rec, *search.alternatives) if p is not None]
    if len(shown) > 1:
        header = (t.get("search.option"), t.get("search.configuration"), t.get("search.gpus"), t.get("search.performance"),
                  _basis(search, t))
        names = [t.get("search.option_recommended")] + [t.get("search.option_alternative", n=i) for i in
                                                        range(1, len(shown))]
        rows = tuple((name, _named(p, phase, t),
                      format_number(_priced(p, phase)[0], 0), _words(performance(p), t),
                      _cost(_priced(p, phase)[2], search, t, _waiting(p, phase), stacked=True))
                     for name, p in zip(names, shown))
        blocks.append(DataTable(header, rows, ("left", "left", "right", "left", "right"),
                                title=t.get("search.alternatives")))
    for p in shown[1:]:  # the recommendation's own warning is in the why
        for caveat in (attention_dp_caveat(p), pipeline_caveat(p),
                       amd_cdna3_caveat(p, search.families.get(p.accelerator_id, ""))):
            if caveat is not None:
                blocks.append(Note(_named(p, phase, t) + ("：" if t.lang == "zh" else ": ")
                                   + reason_text(caveat, t.lang), "warning"))
    if search.levers:
        blocks.append(BulletList(tuple(reason_text(lv.reason, t.lang) for lv in search.levers)))
    blocks.append(Note(t.get("search.counted", summary=reason_text(search.summary, t.lang))))
    spec = phase.charts.get("pareto")
    if spec is not None:
        blocks.append(ChartRef("pareto", caption or t.get("search.chart"), spec))
    return blocks


def search_words(search: PhaseSearch) -> dict[str, dict[str, object]]:
    """The search's why, levers and dropped-points count worded in each language (``gpudesk estimate --json``)."""
    return {lang: {"why": reason_text(search.why, lang), "summary": reason_text(search.summary, lang),
                   "levers": [reason_text(lv.reason, lang) for lv in search.levers]} for lang in ("en", "zh")}


def search_section(ctx: ProposalContext) -> Section | None:
    """A section with every phase's search (None when no phase was searched)."""
    if not any(p.search is not None for p in ctx.plan.phases):
        return None
    section = ctx.section("search")
    section.add(Paragraph(ctx.text.get("search.intro")))
    for phase, _project_phase, _fmt in ctx.each_phase(section):
        for block in search_blocks(phase, ctx.text):
            section.add(block)
    return section
