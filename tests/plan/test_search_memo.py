"""The test process's search memo (tests/search_memo.py) serves what a fresh search gives, never a shared object.

The modules marked ``shared_searches`` read searched phases from the memo instead of searching them again. Each was
checked before it opted in: it tests no pending, deferred or sliced search state (the pending-search, deferred
layout, chart, figure and cost tests, the edit-staleness window test and the phase cache's fresh-against-cached
comparisons stay out), and patches nothing a search reads (its monkeypatches are file dialogs, the print dialog,
message boxes and the report's estimate). All of them were run with ``GPUDESK_SEARCH_MEMO=verify``, which runs the
fresh search and pricing beside every hit and fails on any difference in their pickled bytes.

Here, for every sample: ``searched_sample`` is a fresh estimate (the memo records it, never reads it); the same plan
estimated again, on another catalog object, through ``estimate_plan(..., search=True)`` and through the window's
slices (``search_steps_for`` and ``pricing_steps_for`` in turn, as the controller runs them), must take every
phase from the memo and equal the fresh estimate in every figure, row, price, check and chart.
"""

from __future__ import annotations

import json

import pytest
import search_memo

from gpudesk.catalog.store import Catalog
from gpudesk.core.stepwise import run_through
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results import pipeline
from gpudesk.results.pipeline import attach_search, estimate_plan
from gpudesk.results.plan_json import plan_to_json

SAMPLES = sorted(p.stem for p in samples_dir().glob("*.gpudesk"))
pytestmark = pytest.mark.skipif(search_memo.MODE == "off", reason="GPUDESK_SEARCH_MEMO=off: the memo is not in use")


def _fresh(stem: str, catalog, searched_sample):  # type: ignore[no-untyped-def]
    """The sample estimated fresh: the session's ``searched_sample`` while the memo holds its searches under this
    process's keys; else estimated again now, recorded. (An in-process CLI run makes the process keep freed memory,
    ``process_heap``, a part of the key: searches from then on are keyed apart from the ones made before.)"""
    plan = searched_sample(stem)[0]
    if all(search_memo.key(p, searched_sample.catalog) in search_memo._store for p in plan.phases):
        return plan
    with search_memo.recording():
        return estimate_plan(load_project(samples_dir() / f"{stem}.gpudesk").project, catalog, search=True)


def _json(plan) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(plan_to_json(plan), sort_keys=True, default=str)


def _same_search(plan, fresh) -> None:  # type: ignore[no-untyped-def]
    """The search's own parts (what it dropped and why, its levers, every point) and the prices of its rows equal, in
    objects of the plan's own."""
    for a, b in zip(plan.phases, fresh.phases, strict=True):
        assert search_memo.comparable(a.found, a.priced) == search_memo.comparable(b.found, b.priced)
        assert a.found is not b.found and a.priced is not b.priced


@pytest.mark.shared_searches
@pytest.mark.parametrize("stem", SAMPLES)
def test_a_shared_search_equals_the_fresh_one(stem, catalog, searched_sample) -> None:
    """Every figure, check, ledger line, row, searched point, price and chart (``gpudesk estimate --json``)."""
    fresh = _fresh(stem, catalog, searched_sample)
    assert catalog is not searched_sample.catalog  # the key is the catalog's rows, not the object
    before = dict(search_memo.stats)
    plan = estimate_plan(load_project(samples_dir() / f"{stem}.gpudesk").project, catalog, search=True)
    assert search_memo.stats["hits"] - before["hits"] == len(plan.phases) and \
        search_memo.stats["misses"] == before["misses"], "a phase of the sample was searched again"
    assert _json(plan) == _json(fresh)
    _same_search(plan, fresh)


@pytest.mark.shared_searches
def test_the_windows_slices_take_the_shared_search(catalog, searched_sample) -> None:
    """The window's way (ui/controller.py): the estimate without the search, then each phase's search and the
    pricing of its rows in turn; a shared search runs no slice. Bank: three phases, the second and third carrying
    the first's hardware."""
    fresh = _fresh("bank-llm-assistant", catalog, searched_sample)
    before = dict(search_memo.stats)
    plan = estimate_plan(load_project(samples_dir() / "bank-llm-assistant.gpudesk").project, catalog)
    for phase in plan.phases:
        found = run_through(pipeline.search_steps_for(phase, catalog, chunk=2),
                            lambda step: pytest.fail(f"a shared search ran a slice: {step}"))
        attach_search(phase, catalog, found, priced=run_through(pipeline.pricing_steps_for(phase, catalog, found)))
    assert search_memo.stats["hits"] - before["hits"] == len(plan.phases) == 3
    assert _json(plan) == _json(fresh)
    _same_search(plan, fresh)


@pytest.mark.shared_searches
def test_a_hit_is_a_copy_and_the_key_holds_what_the_search_reads(catalog, searched_sample) -> None:
    stem = "manufacturer-vision-private"
    searched_sample(stem)
    project = load_project(samples_dir() / f"{stem}.gpudesk").project
    first = estimate_plan(project, catalog, search=True).phases[0]
    first.found.dropped.clear()  # a test editing what it was served changes no later test's search
    first.priced.clear()
    second = estimate_plan(project, catalog, search=True).phases[0]
    assert second.found.dropped and second.priced
    pending = estimate_plan(project, catalog).phases
    edited = load_project(samples_dir() / f"{stem}.gpudesk").project
    edited.phases[0].workloads[0].seq_len += 1
    keys = {search_memo.key(p, catalog) for p in pending} | {search_memo.key(estimate_plan(edited, catalog).phases[0],
                                                                                    catalog)}
    assert len(keys) == len(pending) + 1 and None not in keys  # each phase its own key, an edit another
    revision = catalog.revision
    try:  # an edited catalog (or one with user rows) is never memoised
        catalog.revision = revision + 1
        assert search_memo.key(pending[0], catalog) is None
    finally:
        catalog.revision = revision
    other = Catalog.open(user_db=None)
    assert search_memo.catalog_key(other) == search_memo.catalog_key(catalog)
    other._tables["accelerators"] = dict(other._tables["accelerators"])
    other._tables["accelerators"].pop(next(iter(other._tables["accelerators"])))
    search_memo._catalogs.pop(other, None)
    assert search_memo.catalog_key(other) != search_memo.catalog_key(catalog)
    other.close()
    assert search_memo.comparable(second.found, second.priced) != search_memo.comparable(first.found, first.priced)


def test_outside_a_marked_module_the_memo_only_calls_through(catalog, searched_sample) -> None:
    searched_sample("manufacturer-vision-private")
    before = dict(search_memo.stats)
    plan = estimate_plan(load_project(samples_dir() / "manufacturer-vision-private.gpudesk").project, catalog)
    found = pipeline.run_search(plan.phases[1], catalog)
    assert found is not None and search_memo.stats == before
