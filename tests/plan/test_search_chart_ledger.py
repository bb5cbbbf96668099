"""One configuration, one cost: every point the trade-off chart draws, and every point the why, the levers and the
proposal name, costs what the cost ledger of the plan pinning it says (never the search's ranking estimate); and
that price is cached under a key that holds every cost input (an edit of one re-prices, a rename re-prices nothing).
"""

from __future__ import annotations

import copy
import math

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.candidates import Reason
from gpudesk.core.reason_values import Joined, Money
from gpudesk.paths import shipped_catalog_path
from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_plan, phase_ledger
from gpudesk.results.plan_rows import ledger_cost
from gpudesk.results.search_charts import index_of, shown
from gpudesk.results.search_checks import ledger_y
from gpudesk.results.search_pricing import assign, pinned_project, point_price, price_cache, shown_points


def bank_brief_us() -> Project:
    """The bank brief owned in the US market (the most accelerators the catalog prices), one phase."""
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="llm_inference", model_id="qwen2.5-72b", users=2000, peak_requests_per_s=40.0,
                                requests_per_day=0.0, latency_percentile="p95", ttft_ms=1500.0, ttft_p50_ms=0.0)]
    phase.delivery.mode = "private"
    phase.costs.horizon_years = 3
    return project


@pytest.fixture(scope="module")
def plan(catalog):
    project = bank_brief_us()
    return project, estimate_plan(project, catalog, search=True).phases[0]


def _ledger(project: Project, catalog: Catalog, point) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    config, ledger = phase_ledger(pinned_project(project, 0, catalog, point), 0, catalog)
    return config.gpus, ledger_cost(ledger, project.phases[0].costs.horizon_years)


def test_every_chart_point_costs_the_ledger_of_the_plan_pinning_it(plan, catalog) -> None:
    project, phase = plan
    spec = phase.charts["pareto"]
    to_y = ledger_y(phase.search, phase)
    drawn = 0
    for series in spec.series:
        for key, y in zip(series.keys, series.y):
            point = phase.search.find(index_of(key))
            gpus, cost = _ledger(project, catalog, point)
            assert math.isfinite(cost) and y == pytest.approx(to_y(cost), rel=1e-9), (series.name, point)
            drawn += 1
    rec = phase.search.recommended
    marker = next(m for m in spec.markers if m.color_role == "chosen")
    assert marker.y == pytest.approx(to_y(_ledger(project, catalog, rec)[1]), rel=1e-9)
    assert drawn >= 10
    main, quality = shown(phase.search)
    assert "of the {:,} configurations".format(phase.search.feasible) in spec.notes
    assert drawn <= len(main) + len(quality)


def test_the_why_the_levers_and_the_proposal_read_the_same_ledger(plan, catalog) -> None:
    project, phase = plan
    points = {p.index: p for p in shown_points(phase.search)}
    assert phase.search.recommended.index in points
    for index, point in points.items():
        gpus, nodes, cost = phase.point_costs[index]
        want_gpus, want = _ledger(project, catalog, point)
        assert gpus == want_gpus and (cost == pytest.approx(want) if math.isfinite(want) else math.isnan(cost))
    priced = [c for _g, _n, c in phase.point_costs.values() if math.isfinite(c)]
    quoted = _money(phase.search.why) + [m for lever in phase.search.levers for m in _money(lever.reason)]
    assert quoted  # the why and the levers quote costs, each a ledger's (worded again once the points are priced)
    for amount in quoted:
        assert any(amount == pytest.approx(c, rel=1e-9) for c in priced), amount


def _money(value: object) -> list[float]:
    """Every amount of money a reason quotes."""
    if isinstance(value, Money):
        return [value.amount] if math.isfinite(value.amount) else []
    inner = value.numbers.values() if isinstance(value, Reason) else value.items if isinstance(value, Joined) else ()
    return [m for v in inner for m in _money(v)]


def test_the_cost_axis_is_logarithmic_when_the_costs_span_a_decade(plan) -> None:
    spec = plan[1].charts["pareto"]
    ys = [y for s in spec.series for y in s.y]
    assert spec.log_y == (max(ys) >= 10 * min(ys)) and all(y > 0 for y in ys)
    # the note names every logarithmic axis (the time axis is one too: a reader takes an unnamed one as linear)
    from gpudesk.results.search_charts import NOTE_LOG, NOTE_LOG_BOTH, NOTE_LOG_X
    named = {NOTE_LOG_BOTH: (True, True), NOTE_LOG: (False, True), NOTE_LOG_X: (True, False)}
    said = [named[n] for n in spec.notes.splitlines() if n in named]
    assert said == ([(spec.log_x, spec.log_y)] if spec.log_x or spec.log_y else [])


COST_INPUTS = [  # (field, new value): each changes what the bank brief's recommendation costs or leaves unpriced
    ("costs.horizon_years", 4), ("costs.staff_fte", 2.0), ("costs.staff_cost_per_year", 200_000.0),
    ("costs.software_per_gpu_year", 1_000.0), ("costs.maintenance_pct_per_year", 10.0),
    ("costs.colo_per_rack_month", 2_000.0), ("costs.fitout_per_kw", 500.0), ("costs.gpu_price_override", 50_000.0),
    ("costs.vat_goods_pct", 13.0), ("costs.vat_services_pct", 6.0), ("costs.installation_per_server", 5_000.0),
    ("costs.services_once", 100_000.0), ("costs.currency", "CNY"), ("facility.electricity_per_kwh", 0.2),
    ("facility.pue", 1.6), ("facility.cooling", "liquid"), ("delivery.mode", "cloud_on_demand"),
    ("delivery.utilisation.hours_per_day", 10.0), ("storage.dataset_tb", 100.0), ("hardware.gpus_per_node", 4),
    ("workloads[0].peak_requests_per_s", 80.0),
]


@pytest.fixture(scope="module")
def fresh_catalog(tmp_path_factory):
    catalog = Catalog.open(shipped_catalog_path(), tmp_path_factory.mktemp("prices") / "user.db")
    yield catalog
    catalog.close()


def test_the_price_key_holds_every_cost_input(plan, fresh_catalog) -> None:
    project, phase = plan
    catalog = fresh_catalog
    rec = phase.search.recommended

    def estimate(p, i):  # type: ignore[no-untyped-def]
        return phase_ledger(p, i, catalog)

    base = point_price(rec, project, 0, catalog, estimate)
    assert base is not None and math.isfinite(base.cost)
    for path, value in COST_INPUTS:
        edited = copy.deepcopy(project)
        assign(edited, f"phases[0].{path}", value)
        misses = price_cache(catalog).misses
        got = point_price(rec, edited, 0, catalog, estimate)
        assert price_cache(catalog).misses == misses + 1, path  # priced again, not served from the cache
        # each edit changes what the price says: its total, or (colocation here: the recommended B200 server's
        # 14.3 kW passes the rack limit, so its racks are unknown and the line awaits a figure, 3d6ac1c3) its
        # unpriced lines
        assert got is not None and (got.cost != pytest.approx(base.cost) or got.reasons != base.reasons), path
        assert got.cost == pytest.approx(_ledger(edited, catalog, rec)[1]), path
    for path in ("name", "notes", "workloads[0].name"):  # no price reads these: nothing is priced again
        edited = copy.deepcopy(project)
        assign(edited, f"phases[0].{path}", "renamed")
        misses = price_cache(catalog).misses
        assert point_price(rec, edited, 0, catalog, estimate) == base and price_cache(catalog).misses == misses


def test_each_configuration_has_its_own_key_and_a_catalog_edit_reprices(plan, fresh_catalog) -> None:
    project, phase = plan
    catalog = fresh_catalog

    def estimate(p, i):  # type: ignore[no-untyped-def]
        return phase_ledger(p, i, catalog)

    points = list({p.index: p for p in shown_points(phase.search)}.values())[:8]
    for p in points:
        point_price(p, project, 0, catalog, estimate)
    cache = price_cache(catalog)
    hits = cache.hits
    priced = [point_price(p, project, 0, catalog, estimate) for p in points]
    assert cache.hits == hits + len(points)  # the same configurations again: all from the cache
    for p, got in zip(points, priced):  # accelerator, count, precision, layout: no two share a price by accident
        assert got is not None and (got.gpus, got.cost) == pytest.approx(_ledger(project, catalog, p)) \
            or math.isnan(got.cost)
    rec = phase.search.recommended
    before = point_price(rec, project, 0, catalog, estimate)
    server = phase_ledger(pinned_project(project, 0, catalog, rec), 0, catalog)[0].server_id
    catalog.edit_row("servers", server, {"price_usd": 2 * catalog.server(server).price_usd})
    after = point_price(rec, project, 0, catalog, estimate)
    assert after is not None and before is not None and after.cost > before.cost
