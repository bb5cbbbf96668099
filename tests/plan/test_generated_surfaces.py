"""Plans nobody wrote by hand (tests/generated_plans.py) read one configuration and one ledger on every surface.

Each generated plan is estimated as the window does (the estimate first, its configuration searches later), saved
and run through ``gpudesk estimate --json`` (one search process), and estimated with its searches at once
(``estimate_plan(search=True)``, what the reports' tests read): all three must give the same JSON document, and the
window's counts, totals, power and racks must not move when its searches end. Then the figures, the
ledger, the delivery comparison, the proposal (summary, BOM, roadmap, cost page), the comparison and its CSV and
the JSON carry the same GPUs, servers and totals (tests/plan/reconcile_checks.py), and a value the
catalog does not give is unknown everywhere: null in the JSON, 'awaiting a quote' in the proposal, never 0, NaN
or 'inf'. A plan gpudesk cannot estimate is refused with a keyed reason naming a plan field, worded in Chinese
too. ``GPUDESK_GENERATED_PLANS=500`` (and ``GPUDESK_GENERATED_SEED``) runs a larger draw.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import math
import os
import re

import pytest
from generated_plans import FAMILIES, KINDS, MODES, VGPU_PARTS, Drawn, generated_plans, serving_input_plans
from reconcile_checks import check_documents, check_phase_surfaces

from gpudesk.catalog.errors import CatalogError
from gpudesk.cli import estimate_cmd
from gpudesk.project.io import save_project
from gpudesk.refusals import reason_of
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.report.refusal_text import error_text
from gpudesk.results.pipeline import PlanInputError, complete_search, estimate_plan
from gpudesk.results.plan_json import plan_to_json
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.wizard.fields import describe_path

SEED = int(os.environ.get("GPUDESK_GENERATED_SEED", "20261204"))
COUNT = int(os.environ.get("GPUDESK_GENERATED_PLANS", "16"))  # about 0.5 CPU-s a plan
PLANS = generated_plans(SEED, COUNT)
SERVING = serving_input_plans(SEED, max(COUNT // 3, 3))  # issue 18's serving inputs stated (scenario, spreads, engine …)
CJK = re.compile(r"[\u3400-\u9fff]")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:\[\d+\])?\.[A-Za-z_]\w*")  # a plan path: never in front of a user
NAMES = re.compile(r"torch\.compile|'[^']*'|\"[^\"]*\"")  # as tests/report/test_refusal_text.py: quoted names may
NOT_A_NUMBER = re.compile(r"(?<![A-Za-z])(nan|NaN|inf|Infinity)(?![A-Za-z])")


def _json(plan: PlanEstimate) -> str:
    return json.dumps(plan_to_json(plan), allow_nan=False, sort_keys=True, ensure_ascii=False)


def _command_line(drawn: Drawn, folder) -> dict:  # type: ignore[no-untyped-def, type-arg]
    """``gpudesk estimate PLAN --json`` on the plan saved to a file (GPUDESK_WORKERS=1: searched in this process),
    its search summary's words left out (the command adds them; the other paths leave them to the faces)."""
    path = folder / "plan.gpudesk"
    save_project(copy.deepcopy(drawn.project), path)
    out, err = io.StringIO(), io.StringIO()
    code = estimate_cmd.run(argparse.Namespace(plan=path, json=True, explain=None, phase=0, lang=None), out, err)
    assert code == 0, f"{drawn.label}: {err.getvalue()}"
    document = json.loads(out.getvalue())
    for phase in document["phases"]:
        (phase.get("search") or {}).pop("text", None)
    return document


def _first_difference(a: PlanEstimate, b: PlanEstimate) -> str:
    for one, other in zip(a.phases, b.phases, strict=True):
        for what in ("checks", "configuration", "ledger", "figures", "candidates", "search"):
            x, y = (json.dumps(plan_to_json(p)["phases"][one.index][what], sort_keys=True, default=str)[:4000]
                    for p in (a, b))
            if x != y:
                at = next(i for i, (m, n) in enumerate(zip(x, y)) if m != n) if x[:len(y)] != y[:len(x)] else min(
                    len(x), len(y))
                return f"phase {one.index} {what}: ...{x[max(at - 80, 0):at + 120]} | ...{y[max(at - 80, 0):at + 120]}"
    return "elsewhere in the document"


def _shown(plan: PlanEstimate) -> list[tuple[object, ...]]:
    """What the window's steps show before the searches end: counts, totals, power and racks."""
    return [(p.config.gpus, p.config.nodes, p.ledger.phase_total,
             *(p.figures.value_at(k) if k in p.figures else None for k in ("power.it_kw", "power.racks")))
            for p in plan.phases]


def check_unknowns(plan: PlanEstimate, document: dict) -> None:  # type: ignore[type-arg]
    """An unknown figure is null in the JSON (a known one its number), an unpriced ledger line has no amount (never
    0), and every total that leaves lines out lists them."""
    for phase, data in zip(plan.phases, document["phases"], strict=True):
        for key in phase.figures.keys():
            value = phase.figures.value_at(key)
            if isinstance(value, float):
                shown = (data["inputs"] if phase.figures.is_input(key) else data["figures"])[key]["value"]
                assert (shown is None) == (not math.isfinite(value)), (phase.name, key, value, shown)
        lines = {line["key"]: line for line in data["ledger"]["lines"]}
        for line in phase.ledger.unpriced:
            assert lines[line.key]["amount"] is None and lines[line.key]["phase_amount"] is None, (phase.name, line)
        assert data["ledger"]["unpriced"] == [line.key for line in phase.ledger.unpriced]


def check_proposal_text(plan: PlanEstimate, drawn: Drawn) -> None:
    """Neither language's proposal prints a number gpudesk does not have as NaN or infinity."""
    for lang in ("en", "zh"):
        text = build_proposal(plan, drawn.project, lang, Branding()).to_text()
        found = NOT_A_NUMBER.findall(text)
        assert not found, (lang, found, [line for line in text.splitlines() if NOT_A_NUMBER.search(line)][:5])


def check_refusal(error: Exception, drawn: Drawn) -> None:
    """Refused: a keyed reason naming a field of the plan, one line, with Chinese words for the Chinese window."""
    reason = reason_of(error)
    assert reason is not None, (drawn.label, str(error))
    assert "\n" not in str(error) and str(error).startswith("phases["), (drawn.label, str(error))
    zh = error_text(error, "zh", describe_path)  # as the Chinese window's status bar words it
    assert CJK.search(zh) and not IDENTIFIER.search(NAMES.sub("", zh)), (drawn.label, zh)
    if drawn.mixed_currency:
        assert reason.key == "input.mixed_currency", (drawn.label, str(error))


@pytest.mark.parametrize("drawn", PLANS + SERVING, ids=[d.label.split(":")[0] for d in PLANS + SERVING])
def test_a_generated_plan_agrees_on_every_surface(drawn: Drawn, catalog, tmp_path, monkeypatch) -> None:
    try:
        window = estimate_plan(copy.deepcopy(drawn.project), catalog)  # the window: the estimate, then searches
    except (PlanInputError, CatalogError) as refused:
        check_refusal(refused, drawn)
        return
    assert not drawn.mixed_currency, f"{drawn.label}: phases in two currencies were added up"
    shown = _shown(window)
    complete_search(window, catalog)
    after = _shown(window)
    assert repr(after) == repr(shown), f"{drawn.label}: the search moved what the window showed"
    plan = estimate_plan(copy.deepcopy(drawn.project), catalog, search=True)
    same = _json(window) == _json(plan)  # (not compared in the assert: pytest's diff of two long strings takes minutes)
    assert same, f"{drawn.label}: the window and a search at once differ: {_first_difference(window, plan)}"
    monkeypatch.setenv("GPUDESK_WORKERS", "1")
    same = _command_line(drawn, tmp_path) == json.loads(_json(window))  # (a saved 1 reads back as 1.0: equal)
    assert same, f"{drawn.label}: the window and gpudesk estimate --json differ"
    check_phase_surfaces(plan)
    check_documents(plan, drawn.project)
    check_unknowns(plan, json.loads(_json(plan)))
    check_proposal_text(plan, drawn)


def test_the_generated_plans_meet_every_family_kind_and_mode_and_both_scales() -> None:
    phases = [(d, p) for d in PLANS for p in d.project.phases]
    assert {f for d in PLANS for f in d.families} == set(FAMILIES)
    if COUNT >= 16:
        assert {w.kind for _d, p in phases for w in p.workloads} == set(KINDS)
        assert len({p.delivery.mode for _d, p in phases}) >= len(MODES) - 2
    assert any(p.hardware.nodes >= 256 for _d, p in phases) and any(p.hardware.nodes == 0 for _d, p in phases)
    assert any(w.batching == "disaggregated" for _d, p in phases for w in p.workloads)
    assert {d.project.phases[0].costs.currency for d in PLANS} == {"CNY", "USD"}
    assert any(d.mixed_currency for d in PLANS)



def test_generated_vdi_parts_have_profiles(catalog) -> None:
    """The generator drew virtual desktops on the RTX PRO 6000 Blackwell as a 'part with vGPU profiles', which the
    catalog gives none (no source lists its Q-series sizes): every such plan was refused, and counted as tested."""
    rows = {a.id: a for a in catalog.accelerators()}
    assert all(rows[part].vgpu_profiles_gb for part in VGPU_PARTS), VGPU_PARTS
