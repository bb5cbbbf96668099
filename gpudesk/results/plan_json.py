"""A PlanEstimate as JSON: every figure with unit, formula and inputs.

Keys are documented in docs/figures.md. Non-finite numbers become null so
the output is strict JSON.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from gpudesk.core.applicability import not_applicable
from gpudesk.core.explain import FigureSet
from gpudesk.results.cost_basis import totals_basis
from gpudesk.results.plan_result import PlanEstimate


def _clean(value: Any) -> Any:
    """Non-finite numbers become null, recursively, so the output is strict JSON."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def figures_to_json(figures: FigureSet, include_inputs: bool = False) -> dict[str, Any]:
    out = {}
    for key in figures.keys(include_inputs=include_inputs):
        exp = figures.explain(key)
        out[key] = {
            "value": _clean(exp.value),
            "unit": exp.unit,
            "label": exp.label,
            "formula": exp.formula,
            "inputs": [q.key for q in exp.inputs],
        }
        if exp.source:
            out[key]["source"] = exp.source
        if exp.awaiting:  # a money figure's value is its priced part: these lines have no price yet
            out[key]["awaiting_quotes"] = list(exp.awaiting)
        if exp.series:  # a figure over the phase's months: "value" is month 1; every month and what they are
            out[key]["months"], out[key]["over"] = _clean(list(exp.series)), exp.over
        if exp.vocabulary is not None:  # a categorical figure: its code's names, from the figure's own vocabulary
            out[key]["names"] = {lang: exp.worded(lang) for lang in ("en", "zh")}
        if reason := not_applicable(figures, key):  # the value stands as computed; surfaces say "not applicable"
            out[key]["not_applicable"] = reason
    return out


def _inputs_to_json(figures: FigureSet) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in figures.keys():
        if figures.is_input(key):
            out[key] = {"value": _clean(figures.value_at(key)), "unit": figures.unit(key), "label": figures.label(key),
                        "source": figures.source(key)}
            if figures.awaiting(key):  # the priced part of a total: these lines have no price yet
                out[key]["awaiting_quotes"] = list(figures.awaiting(key))
            if figures.vocabulary(key) is not None:  # a chosen setting: its code's names, as a categorical figure's
                out[key]["names"] = {lang: figures.word(key, lang) for lang in ("en", "zh")}
    return out


def _with_basis(figures: dict[str, Any], basis: dict[str, dict[str, str]]) -> dict[str, Any]:
    """The figures, each total over years with what it covers (``basis``: {"en": "owned", "zh": "自购"}), the words
    the window and the proposal print beside its label."""
    for key, words in basis.items():
        if key in figures:
            figures[key]["basis"] = words
    return figures


def _chart_to_json(spec: Any) -> Any:
    to_dict = getattr(spec, "to_dict", None)
    return to_dict() if callable(to_dict) else None


def plan_to_json(plan: PlanEstimate) -> dict[str, Any]:
    """The plan as ``gpudesk estimate --json`` prints it, searched rows included (SearchPending before
    ``pipeline.complete_search``)."""
    plan.require_search("plan_to_json")
    phases = []
    for phase in plan.phases:
        phases.append({
            "index": phase.index,
            "name": phase.name,
            "figures": _with_basis(figures_to_json(phase.figures), totals_basis(phase.figures, phase.ledger)),
            "inputs": _inputs_to_json(phase.figures),
            "checks": [c.to_dict() for c in phase.checks],
            "configuration": phase.config.to_dict(),
            "ledger": phase.ledger.to_dict(),
            # what figures.tco.total_horizon covers, in the words the window and the proposal print beside it
            "horizon_basis": {"years": phase.horizon_years, "months": phase.ledger.months_within(phase.horizon_years),
                              "en": phase.ledger.basis_words(phase.horizon_years, "en"),
                              "zh": phase.ledger.basis_words(phase.horizon_years, "zh")},
            "candidates": [dataclasses.asdict(c) for c in phase.candidates],
            # every searched point with the GPUs, nodes and cost of the plan that pins it (its cost ledger's total
            # over the horizon; unknown when not priced), the search's own estimate as "ranking_cost"
            "search": phase.search.to_dict(phase.point_costs) if phase.search is not None else None,
            "search_priced": {str(i): {"gpus": g, "nodes": n, "cost": c} for i, (g, n, c) in phase.point_costs.items()},
            "assumptions": [a.to_dict() if hasattr(a, "to_dict") else a for a in phase.assumptions],
            "calibrated_keys": list(phase.calibrated_keys),
            "accuracy": phase.accuracy,
            "charts": {name: _chart_to_json(spec) for name, spec in phase.charts.items()},
        })
    document: dict[str, Any] = _clean({
        "project": plan.project_name,
        "app_version": plan.app_version,
        "catalog_version": plan.catalog_version,
        "currency": plan.currency,
        "accuracy_band": plan.accuracy_band,
        "phases": phases,
        "total": plan.total,
        "unpriced_lines": plan.unpriced_lines,
        "roadmap": {"figures": figures_to_json(plan.roadmap, include_inputs=True)} if plan.roadmap is not None else None,
        "roadmap_checks": [c.to_dict() for c in plan.roadmap_checks],
    })
    return document
