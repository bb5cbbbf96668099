"""A pricing pass builds the hardware arrays and efficiencies its configurations share once (core/pass_memo.py):
a memoised function runs on every call outside a pass and once per distinct input inside one, and a configuration
priced with the pass's memo is priced exactly as without it. Reads the session's searched bank sample
(tests/conftest.searched_sample) and prices six of its points twice (about 0.1 s)."""

from __future__ import annotations

import numpy as np

from gpudesk.catalog.store import Catalog
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.pass_memo import PassMemo, memoised
from gpudesk.results.pipeline import phase_ledger
from gpudesk.results.search_pricing import PriceCache, _price, context_key, shown_points


def test_memoised_runs_once_per_input_only_inside_a_pass() -> None:
    calls: list[tuple[object, ...]] = []

    @memoised
    def built(row: object, size: int) -> list[object]:
        calls.append((row, size))
        return [row, size]

    row, other = object(), object()
    assert built(row, 8) is not built(row, 8)  # no pass: every call runs
    assert len(calls) == 2
    memo = PassMemo()
    with memo.active():
        first = built(row, 8)
        assert built(row, 8) is first
        assert built(row, 4) is not first and built(other, 8) is not first
    assert (memo.hits, memo.misses) == (1, 3)
    assert built(row, 8) is not first  # the pass is over
    with memo.active():
        assert built(row, 8) is first  # the same pass again (the window prices between events)


def test_a_memo_kept_across_edits_holds_at_most_its_size() -> None:
    """The window's phase cache keeps a memo from edit to edit (results/phase_cache.PhaseCache.memo): past its size it
    starts empty, letting go of the values and the inputs it kept alive, and computes again what it let go."""
    calls: list[object] = []

    @memoised
    def built(row: object) -> list[object]:
        calls.append(row)
        return [row]

    rows = [object() for _ in range(3)]
    memo = PassMemo(size=2)
    with memo.active():
        first = [built(r) for r in rows[:2]]
        assert [built(r) for r in rows[:2]] == first and len(calls) == 2
        built(rows[2])  # the third value: the memo starts again
        assert len(memo._store) == 1 and len(memo._alive) == 1
        assert built(rows[0]) is not first[0] and built(rows[0]) == first[0] and len(calls) == 4


def test_hardware_rows_are_shared_by_index_value_and_shape() -> None:
    catalog = Catalog.open(user_db=None)
    try:
        hw = HardwareArrays.from_accelerators([catalog.accelerators()[0]])
    finally:
        catalog.close()
    with PassMemo().active():
        rows = hw.take(np.zeros(6, dtype=int))
        assert hw.take(np.zeros(6, dtype=int)) is rows  # another array of the same indices
        assert hw.take(np.zeros((2, 3), dtype=int)) is not rows  # the same bytes in another shape
        assert hw.take(np.zeros((2, 3), dtype=int)).hbm_bw.shape == (2, 3)
    assert hw.take(np.zeros(6, dtype=int)) is not rows


def test_a_point_priced_with_the_memo_is_priced_as_without(searched_sample) -> None:
    plan, _project = searched_sample("bank-llm-assistant")
    catalog = Catalog.open(user_db=None)
    try:
        memo, compared = PassMemo(), 0
        for phase in plan.phases:
            ctx = phase.context
            if ctx.project is None or phase.found is None:
                continue
            context = context_key(ctx.project, ctx.index, ctx.carried)

            def estimate(project, i, carried=ctx.carried):  # type: ignore[no-untyped-def]
                return phase_ledger(project, i, catalog, carried)

            for point in list({p.index: p for p in shown_points(phase.found)}.values())[:2]:
                plain = _price(point, context, ctx.project, ctx.index, catalog, estimate, PriceCache())
                shared = _price(point, context, ctx.project, ctx.index, catalog, estimate, PriceCache(), memo)
                assert repr(shared) == repr(plain), (phase.index, point.index)
                compared += 1
        assert compared >= 4 and memo.misses > 0
    finally:
        catalog.close()


def test_a_model_is_memoised_on_its_inputs_values() -> None:
    """Infrastructure models (storage, host, fabric, power, TCO, running costs, delivery) are memoised on their inputs'
    values within the window's memo (core/pass_memo.memoised_on_inputs): equal values hit (every NaN alike, arrays by
    bytes, tuples element by element, a frozen catalog row by identity), a changed value runs, an input it cannot
    compare by value runs every time, and a hit hands out a new figure set (a caller adding to it changes no other)."""
    from dataclasses import dataclass

    from gpudesk.core.explain import FigureSet
    from gpudesk.core.pass_memo import memoised_on_inputs

    @dataclass(frozen=True)
    class Row:
        name: str

    @dataclass
    class Inputs:
        row: Row
        price: float
        months: tuple[int, ...]
        nodes: np.ndarray
        extra: dict[str, float] | None = None

    calls: list[Inputs] = []

    @memoised_on_inputs
    def model(inp: Inputs) -> FigureSet:
        calls.append(inp)
        fs = FigureSet()
        fs.input("m.price", inp.price, "USD", "price")
        return fs

    row = Row("a")
    memo = PassMemo()
    with memo.active():
        first = model(Inputs(row, float("nan"), (1, 2), np.arange(3.0)))
        again = model(Inputs(row, float("nan"), (1, 2), np.arange(3.0)))  # equal values, new objects
        assert len(calls) == 1 and again is not first and again.keys() == first.keys()
        again.input("m.more", 1.0, "", "more")
        assert "m.more" not in model(Inputs(row, float("nan"), (1, 2), np.arange(3.0)))
        model(Inputs(Row("a"), float("nan"), (1, 2), np.arange(3.0)))  # another row: by identity
        model(Inputs(row, 1.0, (1, 2), np.arange(3.0)))
        model(Inputs(row, float("nan"), (1, 3), np.arange(3.0)))
        model(Inputs(row, float("nan"), (1, 2), np.arange(4.0)))
        assert len(calls) == 5
        model(Inputs(row, 1.0, (1, 2), np.arange(3.0), {"x": 1.0}))
        model(Inputs(row, 1.0, (1, 2), np.arange(3.0), {"x": 1.0}))  # a dict: not compared, runs
        assert len(calls) == 7
    model(Inputs(row, 1.0, (1, 2), np.arange(3.0)))  # no memo active: runs
    assert len(calls) == 8


def test_the_windows_pricing_passes_share_the_catalogs_memo(searched_sample) -> None:
    """``pricing_steps`` without a memo of its own (the window's idle pricing) prices under the catalog's
    (results/search_pricing.pricing_memo, dropped with its derived indexes): after an edit of a cost, the next pass
    re-prices each configuration (a new price key) on the replica the pass before made (core/inference._kept_replica
    served, not run), and each price equals the one a fresh memo makes of the edited plan."""
    import copy
    from types import SimpleNamespace

    from gpudesk.core.plan_resolve import PlanInputError
    from gpudesk.core.stepwise import run_through
    from gpudesk.results.search_pricing import pricing_memo, pricing_steps

    plan, _project = searched_sample("bank-llm-assistant")
    catalog = Catalog.open(user_db=None)
    try:
        shared = pricing_memo(catalog)
        assert pricing_memo(catalog) is shared
        phase = plan.phases[1]  # serving
        ctx = phase.context
        edited = copy.deepcopy(ctx.project)
        edited.phases[ctx.index].facility.electricity_per_kwh *= 1.1

        def estimate(project, i, carried=ctx.carried):  # type: ignore[no-untyped-def]
            return phase_ledger(project, i, catalog, carried)

        points = list({p.index: p for p in shown_points(phase.found)}.values())[:1]
        for point in points:  # the pass before the edit
            _price(point, context_key(ctx.project, ctx.index, ctx.carried), ctx.project, ctx.index, catalog,
                   estimate, PriceCache(), shared)
        kept = shared.counted("gpudesk.core.inference._kept_replica")
        for point in points:
            context = context_key(edited, ctx.index, ctx.carried)
            again = _price(point, context, edited, ctx.index, catalog, estimate, PriceCache(), shared)
            fresh = _price(point, context, edited, ctx.index, catalog, estimate, PriceCache(), PassMemo())
            assert repr(again) == repr(fresh), point.index
        assert shared.counted("gpudesk.core.inference._kept_replica") == kept + len(points)
        active: list[object] = []

        def watched(project, i):  # type: ignore[no-untyped-def]
            from gpudesk.core import pass_memo

            active.append(pass_memo._ACTIVE)
            raise PlanInputError("not estimated here")

        search = SimpleNamespace(named_points=lambda: points, alternatives=[], front=[], quality_front=[],
                                 find=lambda i: points[0], rank_by_ledger=lambda costs: None, per_accelerator=[],
                                 explain_priced=lambda *_: None)
        run_through(pricing_steps([], search, edited, ctx.index, catalog, watched))
        assert active == [shared]  # a pass without a memo of its own: the catalog's
        catalog.forget_derived()
        assert pricing_memo(catalog) is not shared
    finally:
        catalog.close()
