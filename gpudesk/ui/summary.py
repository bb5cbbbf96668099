"""The one-line answer in the status bar, read off the phase's sized configuration and cost ledger (said to be
being computed while the ledger is made in idle time)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpudesk.report.check_text import pools_text
from gpudesk.report.display_text import DisplayText
from gpudesk.report.display_units import capacity_and_peak, display_value
from gpudesk.report.server_names import configured_server_name
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.ui.widgets.figure_table import pending_word
from gpudesk.ui.widgets.session_text import session_text

translate = QCoreApplication.translate
SUMMARY_SEPARATOR = " · "
"""Between the parts of the status bar's line; the bar shortens the line by whole parts (``ElidedLabel``). One space
each side: two took 35 px of the gov sample's English line at 1366 × 768, which then dropped its design power."""


def _figure(phase: PhaseEstimate, key: str, currency: str, text: DisplayText) -> str | None:
    """The figure's value and unit; the pending word while it is being computed (``figure_pending``: the costs left to
    idle time after an edit), never a previous value; None when the phase has no such figure."""
    figures = phase.figures
    if key not in figures:
        return pending_word(text.lang) if phase.figure_pending(key) else None
    unit, value = display_value(figures.value_at(key), figures.unit(key), text.lang)
    return f"{text.value(value)} {text.unit(unit, currency)}".strip()


def _tco_label(phase: PhaseEstimate, years: int, lang: str) -> str:
    """What the horizon total prices, in the words every surface puts beside it (the ledger's
    ``basis_words``, results/cost_basis.py): owned hardware over the whole horizon; rented capacity for the months
    it is billed (a 3-month rented pilot's 5-year TCO is its 3 months); without them while the costs are made."""
    if not phase.costs_done:
        return translate("Summary", "{years}-year TCO").format(years=years)
    return translate("Summary", "{years}-year TCO ({basis})").format(
        years=years, basis=phase.ledger.basis_words(years, lang))


def summary_text(phase: PhaseEstimate, text: DisplayText | None = None) -> str:
    """``"28 GPUs in 4 × NVIDIA DGX H100 · time to train: 12 days · cost of this phase: … · 5-year TCO: … · + 1 line
    awaiting a quote · design IT power: 41 kW"``: each figure by its one name
    (``DisplayText.figure_label``, the proposal's and the figure tables').

    The parts go from the most to the least needed, as the bar drops whole parts from the end where the line does
    not fit (``ElidedLabel``): the lines awaiting a quote stay beside the amounts that leave them out, and the IT
    power goes first (the gov sample's English line at 1366 × 768 lost "excluding 4 lines awaiting a quote", so its
    costs read complete). The line fits a 1366 × 768 laptop whole on every sample in both languages, the power too: one
    space each side of a separator, the proposal's '+ 4 lines awaiting quotes', '156 of 160 GPUs in'.

    Amounts name the currency the phase is costed in (its ledger's: the phase's ``costs.currency``); a plan whose
    phases state different currencies is refused before it gets here (core/plan_admission.py). While the costs are
    being computed (``costs_done`` False) the power, cost and TCO parts say so ("phase cost: Calculating…") and no
    unpriced lines are counted yet."""
    text = text or session_text()
    currency = phase.currency
    sep = "：" if text.translates else ": "
    c = phase.config
    server = configured_server_name(c, text.lang)
    if c.owns_hardware and c.gpus == 1:
        parts = [translate("Summary", "1 GPU in {servers} × {server}").format(servers=f"{c.servers:,}", server=server)]
    elif c.owns_hardware and c.installed_gpus > c.gpus:  # GPUs used of those bought, as the proposal says it
        # '156 of 160 GPUs in 20 × …' ('used' took 29 px of the gov sample's English line at 1366 × 768)
        parts = [translate("Summary", "{gpus} of {installed} GPUs in {servers} × {server}").format(
            gpus=f"{c.gpus:,}", installed=f"{c.installed_gpus:,}", servers=f"{c.servers:,}", server=server)]
    elif c.owns_hardware:
        parts = [translate("Summary", "{gpus} GPUs in {servers} × {server}").format(  # '4,096', as every figure reads
            gpus=f"{c.gpus:,}", servers=f"{c.servers:,}", server=server)]
    elif c.gpus == 1:  # the provider's servers: what is rented is GPUs (the ledger names the offer)
        parts = [translate("Summary", "1 GPU, rented")]
    else:
        parts = [translate("Summary", "{gpus} GPUs, rented").format(gpus=f"{c.gpus:,}")]
    pools = next((pools_text(w.pools, text.lang) for w in c.workloads if w.pools), "")
    if pools:  # its GPUs in two pools: the layout's replicas are both pools' instances
        parts.append(pools)
    for key in ("train.time_to_train_days", "vision.time_to_train_days"):
        shown = _figure(phase, key, currency, text)
        if shown:
            parts.append(text.figure_label(key, "time to train") + sep + shown)
            break
    for w in c.workloads:
        cap = w.capacity
        if cap is not None and cap.unserved:  # never 'capacity 0 requests/s': why it cannot serve
            parts.append(translate("Summary", "cannot serve: {reason}").format(reason=cap.unserved_text(text.lang)))
            break
        if cap is not None and cap.total == cap.total and cap.target > 0:
            total, target, unit = capacity_and_peak(cap.total, cap.target, cap.unit, text.lang)
            parts.append(translate("Summary", "capacity {total} {unit}, peak {target} {unit}").format(
                total=text.value(total), target=text.value(target), unit=text.unit(unit, currency)))
            break
    cost = _figure(phase, "plan.phase_cost", currency, text)
    if cost:
        parts.append(text.figure_label("plan.phase_cost", "cost of this phase") + sep + cost)
    years = phase.horizon_years
    tco = _figure(phase, "tco.total_horizon", currency, text)
    if tco and years:
        parts.append(_tco_label(phase, years, text.lang) + sep + tco)
    if phase.costs_done and phase.ledger.unpriced:
        count = len(phase.ledger.unpriced)
        # the proposal's words for a total that leaves lines out ('+ 4 lines awaiting quotes', report_en.toml
        # partial_total); 'excluding 4 lines awaiting a quote' took 49 px more of the gov sample's English line
        parts.append(translate("Summary", "+ 1 line awaiting a quote") if count == 1 else
                     translate("Summary", "+ {count} lines awaiting quotes").format(count=count))
    if c.owns_hardware:  # last: the part the bar drops first where the line does not fit (step 6 shows it)
        shown = _figure(phase, "power.it_max_kw", currency, text)
        if shown:
            parts.append(text.figure_label("power.it_max_kw", "design power") + sep + shown)
    return SUMMARY_SEPARATOR.join(parts)
