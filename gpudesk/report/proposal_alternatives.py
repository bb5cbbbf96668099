"""The executive summary's alternatives: the plan's configuration of its largest phase beside the two best
alternatives the ranking found (configuration, GPUs, cost over the phase), and the warnings those rows carry
(attention data parallel, servers reused from the previous phase). Read off the phase's ranked candidates.
"""

from __future__ import annotations

from gpudesk.core.candidates import Candidate
from gpudesk.report.check_text import reason_text
from gpudesk.report.document import DataTable, Note
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import CURRENCY_SYMBOLS, format_money, format_number, format_quantity, wan_column
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.results.plan_rows import awaiting_lines
from gpudesk.vocabulary.costs import awaiting_quote


def alternatives_table(ctx: ProposalContext, phase: PhaseEstimate) -> DataTable | None:
    """The plan's configuration of the largest phase and the two best alternatives the ranking found, each with its
    configuration (precision and layout), GPUs and cost over the phase, as the ranked table prints them."""
    t = ctx.text
    others = _alternatives(phase)
    if not others:
        return None
    own = next((c for c in phase.candidates if c.pinned), None)
    wan = costs_in_wan([*others, *([own] if own is not None else [])], t)  # one unit: not '1.35 亿元' over '5,204 万元'
    rows = [(t.get("exec.chosen"), _configuration(own.accelerator_named(t.lang), own.precision, own.layout, t)
             if own is not None else phase.config.accelerator_named(t.lang), format_number(phase.config.gpus, 0),
             candidate_cost(own, t, wan) if own is not None else awaiting_quote(t.lang))]
    rows += [(t.get("exec.alternative", n=i), _configuration(c.accelerator_named(t.lang), c.precision, c.layout, t),
              format_number(c.gpus, 0), candidate_cost(c, t, wan))
             for i, c in enumerate(others, start=1)]
    header = (t.get("search.option"), t.get("search.configuration"), t.get("candidates.gpus"),
              t.get("candidates.cost" if phase.config.owns_hardware else "candidates.cost_rent"))
    return DataTable(header, tuple(rows), ("left", "left", "right", "right"), title=t.get("exec.alternatives"))


def _alternatives(phase: PhaseEstimate) -> list[Candidate]:
    return [c for c in phase.candidates if not c.pinned and c.fits and c.gpus > 0][:2]


LAYOUT_CAVEATS = ("search_attention_dp", "search_pipeline")
"""Reasons of an alternative whose layout's published runs carry their own band (core/search_words): a note each."""

REUSES = ("ledger_reuses_servers", "ledger_reuses_servers_only")
"""Reasons of a row whose cost buys only what the servers carried in from the previous phase lack: beside the table,
so a reader comparing the rows' costs sees which buy servers and which reuse them."""


def alternatives_warnings(ctx: ProposalContext, phase: PhaseEstimate) -> list[Note]:
    """The layout warning of each alternative in the table that runs attention data-parallel or pipeline stages (its
    reason, ``LAYOUT_CAVEATS``), and for the plan's row and each alternative that reuses the previous phase's
    servers, how many it reuses and buys."""
    others = _alternatives(phase)
    t = ctx.text
    sep = "：" if t.lang == "zh" else ": "
    notes = [Note(_configuration(c.accelerator_named(t.lang), c.precision, c.layout, t) + sep
                  + reason_text(r, t.lang), "warning")
             for c in others for r in c.reasons if r.key in LAYOUT_CAVEATS]
    own = next((c for c in phase.candidates if c.pinned), None)
    rows = ([(t.get("exec.chosen"), own)] if own is not None else []) + \
        [(t.get("exec.alternative", n=i), c) for i, c in enumerate(others, start=1)]
    notes += [Note(name + sep + reason_text(r, t.lang)) for name, c in rows for r in c.reasons if r.key in REUSES]
    return notes


def _configuration(accelerator: str, precision: str, layout: str, t: ReportText) -> str:
    """"Huawei Ascend 910B 64GB（FP16 · TP2 × PP4）": the accelerator with its precision and layout, once each."""
    # the layout leads with the precision (the ranked row's 'BF16 · TP2', or 'BF16' alone where it has no layout)
    parts = [part for part in ((layout,) if precision and layout.startswith(precision) else (precision, layout)) if part]
    detail = " · ".join(parts)
    return accelerator if not detail else (f"{accelerator}（{detail}）" if t.lang == "zh" else f"{accelerator} ({detail})")


def candidate_cost(c: Candidate, t: ReportText, wan: bool = False) -> str:
    """A ranked row's cost over the phase (its ledger total, in the plan's currency), beside the lines awaiting a quote
    that total leaves out (its ``ledger_lines_unpriced`` reason, results/plan_rows.ledger_reasons), stacked as the
    cost pages print them: the bank's plan row read '13,546 万元' beside the cost page's '13,546 万元 + 3 项待询价';
    a quote needed when unknown; ``wan``: its column reads in 万 (``costs_in_wan``)."""
    if c.cost_unit not in CURRENCY_SYMBOLS:
        return format_quantity(c.cost, c.cost_unit, t)
    if c.cost != c.cost:
        return awaiting_quote(t.lang)
    return awaiting_total(format_money(c.cost, c.cost_unit, t.lang, wan), unpriced_lines(c), t, stacked=True)


def unpriced_lines(c: Candidate) -> int:
    """How many lines awaiting a quote a row's cost leaves out (its ledger's, ``ledger_lines_unpriced``); 0: none."""
    return awaiting_lines(c.reasons)


def costs_in_wan(candidates: list[Candidate], t: ReportText) -> bool:
    """Whether a table's cost column of ``candidates`` reads in 万 (``number_format.wan_column``), one unit for it."""
    return any(wan_column([c.cost], c.cost_unit, t.lang) for c in candidates)
