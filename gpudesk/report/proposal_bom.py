"""The bill of materials as a vendor quote: one-time and recurring costs in separate tables, tax and totals.

Every row is a line of the phase's cost ledger (``PhaseEstimate.ledger``), worded by its key in the document's
language (:mod:`gpudesk.report.ledger_text`); every total is the ledger's. One-time lines (equipment,
installation, services) with their VAT make the first table; recurring purchases (cloud, rental, licences,
support, energy, storage, colocation) with their VAT the second. The customer's own operations staff is a
line of its own below the purchases, never part of a hardware or purchase total. Each price says what it
rests on and cites its source ([n] in the references section).
"""

from __future__ import annotations

from gpudesk.core.cost_ledger import CostLedger, LedgerLine
from gpudesk.report import ledger_text as L
from gpudesk.report.document import Block, DataTable, KeyValueTable, Note, Section
from gpudesk.report.number_format import wan_column
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.costs import awaiting_quote

RIGHT = "right"


def _basis(ctx: ProposalContext, line: LedgerLine) -> tuple[str, str]:
    """(what the price rests on, link to its first reference) for the price column."""
    t = ctx.text
    if line.status == "carried":
        return t.get("bom.basis_carried"), ""
    if not line.priced:
        return awaiting_quote(t.lang), ""
    words = t.get(f"bom.basis_{line.status}")
    if line.status == "estimated" and line.key == "servers":  # priced from its GPUs: the rule, then the GPU price's source
        params = dict(line.params)
        words = t.get("bom.basis_estimated_servers", gpus=params["gpus"], factor=f"{params['platform_factor']:g}")
    refs = ctx.sources.refs_in(line.source)
    if not refs:
        return words, ""
    return f"{words} [{', '.join(str(r.number) for r in refs)}]", "#" + refs[0].anchor


def _date(line: LedgerLine) -> str:
    return line.date if line.priced else ""


def _name(line: LedgerLine, t: ReportText) -> str:
    return L.item(line, t)


def _awaiting(ledger: CostLedger, lines: list[LedgerLine]) -> int:
    """How many of ``lines`` await a quote (the ledger's ``unpriced``): a sum of the table leaves them out."""
    waiting = {id(ln) for ln in ledger.unpriced}
    return sum(1 for ln in lines if id(ln) in waiting)


def once_table(ctx: ProposalContext, ledger: CostLedger) -> DataTable | None:
    t = ctx.text
    cur = ledger.currency
    lines = [ln for ln in ledger.lines if ln.period == "once" and ln.category != "tax"]
    if not lines:
        return None
    header = tuple(t.get(f"bom.{c}") for c in ("no", "item", "detail", "quantity", "unit_price", "extended", "basis",
                                               "date"))
    rows: list[tuple[str, ...]] = []
    links: list[tuple[tuple[int, int], str]] = []
    wan = wan_column([ledger.one_time, *(ln.amount for ln in ledger.lines if ln.period == "once")], cur, t.lang)
    for n, line in enumerate(lines, start=1):
        basis, link = _basis(ctx, line)
        if link:
            links.append(((len(rows), 6), link))
        price = (L.unit_price(line.unit_price, cur, t.lang) if line.priced else
                 t.get("bom.carried") if line.status == "carried" else awaiting_quote(t.lang))
        amount = L.money(line.amount, cur, t.lang, wan) if line.priced else price
        rows.append((str(n), _name(line, t), L.detail(line, t), L.quantity(line, t), price, amount, basis,
                     _date(line)))
    pre_tax = sum(ln.amount or 0.0 for ln in lines if ln.priced)
    waiting = _awaiting(ledger, lines)

    def total(amount: float) -> str:  # gov's unpriced servers, installation and storage summed to "¥0"
        return L.awaiting_total(L.money(amount, cur, t.lang, wan), waiting, t, amount, stacked=True)

    rows.append(("", t.get("bom.subtotal_once"), "", "", "", total(pre_tax), "", ""))
    taxes = [ln for ln in ledger.lines if ln.period == "once" and ln.category == "tax"]
    for line in taxes:
        basis, link = _basis(ctx, line)
        if link:
            links.append(((len(rows), 6), link))
        rows.append(("", L.item(line, t), L.detail(line, t), L.quantity(line, t), L.rate(line),
                     L.money(line.amount, cur, t.lang, wan), basis, ""))
    rows.append(("", t.get("bom.total_once"), "", "", "", total(ledger.one_time), "", ""))
    align = ("right", "left", "left", RIGHT, RIGHT, RIGHT, "left", "left")
    return DataTable(header, tuple(rows), align, t.get("bom.once_title"), total_rows=2 + len(taxes),
                     links=tuple(links))


def recurring_table(ctx: ProposalContext, ledger: CostLedger) -> tuple[DataTable | None, list[LedgerLine]]:
    """The recurring purchases (staff apart) and the staff lines."""
    t = ctx.text
    cur = ledger.currency
    recurring = [ln for ln in ledger.lines if ln.period == "month"]
    staff = [ln for ln in recurring if ln.category == "staff"]
    bought = [ln for ln in recurring if ln.category not in ("staff", "tax")]
    if not bought:
        return None, staff
    header = tuple(t.get(f"bom.{c}") for c in ("no", "item", "detail", "quantity_month", "unit_price", "per_month",
                                               "per_year", "basis", "date"))
    rows: list[tuple[str, ...]] = []
    links: list[tuple[tuple[int, int], str]] = []
    # one unit per column of amounts: '$6,304' a year over '1.7665 万美元' read as two currencies
    months = [ln.amount for ln in recurring if ln.category != "staff"]
    per_month = wan_column([*months, sum(a or 0.0 for a in months)], cur, t.lang)
    years = [ln.per_year for ln in recurring if ln.category != "staff"]
    per_year_wan = wan_column([*years, sum(a or 0.0 for a in years)], cur, t.lang)
    for n, line in enumerate(bought, start=1):
        basis, link = _basis(ctx, line)
        if link:
            links.append(((len(rows), 7), link))
        unknown = awaiting_quote(t.lang)
        rows.append((str(n), _name(line, t), L.detail(line, t), L.quantity(line, t),
                     L.recurring_price(line, cur, t) if line.priced else unknown,
                     L.money(line.amount, cur, t.lang, per_month) if line.priced else unknown,
                     L.money(line.per_year, cur, t.lang, per_year_wan) if line.priced else unknown, basis,
                     _date(line)))
    per_year = sum(ln.per_year or 0.0 for ln in bought if ln.priced)
    waiting = _awaiting(ledger, bought)

    def total(amount: float, wan: bool) -> str:  # the lines awaiting a quote the sum leaves out, as the phase totals
        return L.awaiting_total(L.money(amount, cur, t.lang, wan), waiting, t, amount, stacked=True)

    rows.append(("", t.get("bom.subtotal_recurring"), "", "", "", total(per_year / 12.0, per_month),
                 total(per_year, per_year_wan), "", ""))
    taxes = [ln for ln in ledger.lines if ln.period == "month" and ln.category == "tax"]
    for line in taxes:
        basis, link = _basis(ctx, line)
        if link:
            links.append(((len(rows), 7), link))
        yearly = line.per_year or 0.0
        rows.append(("", L.item(line, t), L.detail(line, t), L.quantity(line, t), L.rate(line),
                     L.money(yearly / 12.0, cur, t.lang, per_month), L.money(yearly, cur, t.lang, per_year_wan), basis,
                     ""))
    everything = per_year + sum(ln.per_year or 0.0 for ln in taxes)
    rows.append(("", t.get("bom.total_recurring"), "", "", "", total(everything / 12.0, per_month),
                 total(everything, per_year_wan), "", ""))
    align = ("right", "left", "left", RIGHT, RIGHT, RIGHT, RIGHT, "left", "left")
    return DataTable(header, tuple(rows), align, t.get("bom.recurring_title"), total_rows=2 + len(taxes),
                     links=tuple(links)), staff


def phase_totals(ctx: ProposalContext, ledger: CostLedger, staff: list[LedgerLine]) -> KeyValueTable:
    """The phase's sums, each with the lines awaiting a quote it leaves out (the ledger's ``unpriced``), as the
    summary and the cost pages print them."""
    t = ctx.text
    cur = ledger.currency
    staff_year = sum(ln.per_year or 0.0 for ln in staff if ln.priced)
    bought_year = ledger.opex_per_year - staff_year
    waiting = ledger.unpriced
    once = sum(1 for ln in waiting if ln.period == "once")
    bought = sum(1 for ln in waiting if ln.period == "month" and ln.category != "staff")
    staffed = sum(1 for ln in waiting if ln.period == "month" and ln.category == "staff")

    wan = wan_column([ledger.one_time, bought_year, staff_year, ledger.phase_total], cur, t.lang)  # one unit

    def per_year(amount: float, count: int) -> str:
        shown = t.get("bom.amount_per_year", amount=L.money(amount, cur, t.lang, wan))
        return L.awaiting_total(shown, count, t, amount)

    rows = [
        (t.get("bom.sum_once"), L.awaiting_total(L.money(ledger.one_time, cur, t.lang, wan), once, t,
                                                 ledger.one_time)),
        (t.get("bom.sum_recurring"), per_year(bought_year, bought)),
    ]
    if staff:
        fte = sum(ln.quantity for ln in staff)
        rows.append((t.get("bom.sum_staff", fte=f"{fte:g}"), per_year(staff_year, staffed)))
    billed = ledger.span_months  # a reservation bills its whole term, past the phase's months
    rows.append((t.get("bom.sum_phase", months=ledger.months) if billed == ledger.months else
                 t.get("bom.sum_phase_billed", months=ledger.months, billed=billed),
                 L.awaiting_total(L.money(ledger.phase_total, cur, t.lang, wan), len(waiting), t)))
    return KeyValueTable(tuple(rows), t.get("bom.totals_title"))


def unpriced_note(ctx: ProposalContext, ledger: CostLedger) -> Note | None:
    t = ctx.text
    lines = ledger.unpriced
    if not lines:
        return None
    names = "、".join(dict.fromkeys(_name(ln, t) for ln in lines)) if t.lang == "zh" else \
        "; ".join(dict.fromkeys(_name(ln, t) for ln in lines))
    return Note(t.get("bom.unpriced_note", count=len(lines), names=names), "warning")


def bom_blocks(ctx: ProposalContext, ledger: CostLedger) -> list[Block]:
    blocks: list[Block] = []
    once = once_table(ctx, ledger)
    if once is not None:
        blocks.append(once)
    recurring, staff = recurring_table(ctx, ledger)
    if recurring is not None:
        blocks.append(recurring)
    blocks.append(phase_totals(ctx, ledger, staff))
    note = unpriced_note(ctx, ledger)
    if note is not None:
        blocks.append(note)
    return blocks


def bom_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("bom")
    section.add(Note(t.get("bom.lead", currency=t.get(f"currency_name.{ctx.currency}")
                           if t.has(f"currency_name.{ctx.currency}") else ctx.currency)))
    for phase, _spec, _fmt in ctx.each_phase(section):
        if not phase.ledger.lines:
            section.add(Note(t.get("note.not_estimated")))
            continue
        for block in bom_blocks(ctx, phase.ledger):
            section.add(block)
    return section
