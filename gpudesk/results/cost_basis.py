"""What a total cost of ownership covers, said beside it: one wording (``vocabulary.costs.TOTAL_BASIS``, read off
the phase's cost ledger, ``CostLedger.basis_words``) for the step's figure table, the status bar, the proposal and
``estimate --json``.

A rented 3-month pilot read '年运营费用 225.9 万元/年' (the rent's annual rate) beside '测算年限 5 年' and
'测算期总体拥有成本 56.5 万元' (its 3 rented months) with no word that the total covers only those months; the
status bar alone said it. Every total over some years now carries its basis: '测算期总体拥有成本（租用 3 个月）'.
"""

from __future__ import annotations

from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet

TOTAL_YEARS = {"tco.total_3y": 3, "tco.total_5y": 5}
"""The totals over a fixed span; ``tco.total_horizon`` spans the plan's horizon (``tco.horizon_years``)."""
HORIZON_TOTAL = "tco.total_horizon"


def total_span(key: str, figures: FigureSet) -> float | None:
    """The years figure ``key`` totals over; None for a figure that is not a total over years (an alternative's
    ``alt.`` totals are its own ledger's, not the phase's)."""
    if key == HORIZON_TOTAL:
        return figures.number("tco.horizon_years") if "tco.horizon_years" in figures else None
    return TOTAL_YEARS.get(key)


def basis_label(label: str, key: str, figures: FigureSet, ledger: CostLedger | None, lang: str) -> str:
    """``label`` of figure ``key``, with what it covers when it is a total over years: ``"测算期总体拥有成本（租用 3
    个月）"`` / ``"Total cost over the planning horizon (3-month rent)"``; as it is for any other figure, or without
    the ledger (its costs being made)."""
    years = None if ledger is None else total_span(key, figures)
    if years is None or ledger is None:
        return label
    return with_basis(label, ledger.basis_words(years, lang), lang)


def with_basis(label: str, words: str, lang: str) -> str:
    """``label`` with what its total covers (``words``, ``CostLedger.basis_words``) after it; ``label`` without
    words (``estimate --json`` records them beside each total over years as ``basis``, which the CLI reads)."""
    if not words:
        return label
    return f"{label}（{words}）" if lang == "zh" else f"{label} ({words})"


def totals_basis(figures: FigureSet, ledger: CostLedger) -> dict[str, dict[str, str]]:
    """figure key -> {language: what it covers} of the totals over years among ``figures``, for
    ``estimate --json``."""
    spans = {key: total_span(key, figures) for key in figures.keys()}
    return {key: {lang: ledger.basis_words(years, lang) for lang in ("en", "zh")}
            for key, years in spans.items() if years is not None}
