"""Which figures each step shows: step 7 totals the plan's own horizon, not fixed 3- and 5-year columns."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import step

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


@pytest.mark.parametrize("stem", ["startup-inspection", "bank-llm-assistant"])
def test_step_7_shows_the_plans_horizon_read_off_the_ledger(stem) -> None:
    plan = estimate_plan(load_project(next(p for p in SAMPLES if p.stem == stem)).project, Catalog.open())
    for phase in plan.phases:
        keys = figure_keys_for_step(step("tco"), phase.figures)
        years = int(phase.figures.number("tco.horizon_years"))
        assert "tco.total_horizon" in keys and "tco.horizon_years" in keys, keys
        assert "tco.total_3y" not in keys and "tco.total_5y" not in keys, keys
        assert keys.index("tco.horizon_years") < keys.index("tco.total_horizon")
        assert phase.figures.number("tco.total_horizon") == pytest.approx(phase.ledger.total_over_years(years))


def _as_specified(record, figures, keys: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """The step's headline figures first, then its groups' keys in the order of its prefixes, less hidden ones."""
    headline = [k for k in record.headlines if k in figures and k not in record.hidden]
    groups = [[k for k in keys if k.startswith(p) and k not in headline and k not in record.hidden]
              for p in record.figure_prefixes]
    seen: set[str] = set()
    return headline + [k for group in groups for k in group if not (k in seen or seen.add(k))]


def test_each_steps_keys_follow_the_figures_asked_about() -> None:
    """The group order is kept per step and key list: asking again with other keys (fewer, reordered), or with
    the first keys again, gives each list's own order, never the one kept for another."""
    from gpudesk.wizard.steps import STEPS

    plan = estimate_plan(load_project(next(p for p in SAMPLES if p.stem == "bank-llm-assistant")).project,
                         Catalog.open(), layout=False)
    figures = plan.phases[0].figures
    computed = figures.keys(include_inputs=False)
    for keys in (computed, computed[::-1], computed[::2], computed):
        for record in STEPS:
            assert figure_keys_for_step(record, figures, keys) == _as_specified(record, figures, keys), record.key
            assert figure_keys_for_step(record, figures, keys) == _as_specified(record, figures, keys)  # kept
