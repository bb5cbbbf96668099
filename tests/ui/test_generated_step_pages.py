"""The window's step pages and status bar read the generated plans' one configuration and one ledger.

The plans are tests/generated_plans.py's (every vendor family, 1 to 4,096 GPUs, parts without a price),
estimated as the window estimates them (its searches after). On every step, in both languages, each figure reads as
the figure table shows it: an unknown number as unknown, never 'nan', 'inf' or 0; the headline GPUs and the phase
cost read the sized configuration and the ledger. The status bar says the same GPUs, servers and phase cost, and
names the lines awaiting a quote. (Reconciliation of the other surfaces: tests/plan/test_generated_surfaces.py.)
"""

from __future__ import annotations

import copy
import math
import re

import pytest
from generated_plans import generated_plans

from gpudesk.catalog.store import Catalog
from gpudesk.report.display_text import display_text
from gpudesk.results.pipeline import PlanInputError, complete_search, estimate_plan
from gpudesk.ui.summary import summary_text
from gpudesk.ui.widgets.figure_table import figure_display
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import STEPS

PLANS = generated_plans(20261204, 10)  # the first plans tests/plan/test_generated_surfaces.py reconciles
NOT_A_NUMBER = re.compile(r"(?<![A-Za-z])(nan|NaN|inf|Infinity)(?![A-Za-z])")
UNKNOWN = {"en": "unknown", "zh": "未知"}


@pytest.fixture(scope="module")
def window_plans():
    catalog = Catalog.open(user_db=None)
    estimated = []
    for drawn in PLANS:
        try:
            plan = estimate_plan(copy.deepcopy(drawn.project), catalog)
        except PlanInputError:
            continue  # refused: tests/plan/test_generated_surfaces.py holds its message
        estimated.append((drawn.label, complete_search(plan, catalog)))
    assert len(estimated) >= 6
    return estimated


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_step_shows_each_figure_known_or_unknown_never_nan(window_plans, lang, qapp) -> None:
    text = display_text(lang)
    for label, plan in window_plans:
        for phase in plan.phases:
            f = phase.figures
            for step in STEPS:
                for key in figure_keys_for_step(step, f):
                    value, unit = figure_display(f, key, text, currency=phase.currency)
                    assert not NOT_A_NUMBER.search(f"{value} {unit}"), (label, phase.name, step.key, key, value, unit)
                    number = f.value_at(key)
                    if isinstance(number, float) and math.isnan(number) and not f.over(key):  # inf: 'never'…
                        assert UNKNOWN[lang] in f"{value} {unit}", (label, phase.name, key, value, unit)
            gpus, _unit = figure_display(f, "plan.gpus", text)
            assert gpus.replace(",", "") == str(phase.config.gpus), (label, phase.name, gpus)


def test_the_status_bar_reads_the_configuration_and_the_ledger(window_plans, qapp) -> None:
    for label, plan in window_plans:
        for phase in plan.phases:
            shown = summary_text(phase, display_text("en"))
            c = phase.config
            assert shown.startswith(f"{c.gpus:,} GPU") or shown.startswith(f"{c.gpus:,} of "), (label, shown)
            assert f"cost of this phase: {phase.ledger.phase_total:,.0f} {phase.currency}" in shown, (label, shown)
            assert (f"in {c.servers:,} ×" in shown) == c.owns_hardware, (label, shown)
            assert ("awaiting" in shown) == bool(phase.ledger.unpriced), (label, shown)
            for lang in ("en", "zh"):
                words = summary_text(phase, display_text(lang))
                assert not NOT_A_NUMBER.search(words), (label, lang, words)
