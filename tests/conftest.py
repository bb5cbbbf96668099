"""Suite-wide fixtures: no test ever touches the user's real data or settings."""

from __future__ import annotations

import atexit
import gc
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
import search_memo
import shipped_reads
from time_budget import (  # noqa: F401
    check_slow_marks,
    pytest_runtest_logreport,
    pytest_runtest_logstart,
    pytest_runtest_makereport,
    pytest_sessionfinish,
    pytest_terminal_summary,
)
from xdist_groups import ModuleFixtureGroups, check_xdist_groups_hold

# Offscreen Qt gets real screen sizes (the plugin's default is one 800 × 800 screen): a 1366 × 768 laptop, the
# primary screen (the plugin makes the first name in sort order primary), and a 1920 × 1080 desktop beside it;
# then two scaled screens: a 1920 × 1080 laptop at 150% (1280 × 720 logical pixels, device pixel ratio 1.5) and a
# 4K monitor at 200% (1920 × 1080 logical, ratio 2). The plugin takes sizes in logical pixels.
# tests/ui/test_window_fits.py opens windows on each. Qt reads the layout from a file named in the platform.
SCREENS = (
    {"name": "1-laptop", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96,
     "dpr": 1},
    {"name": "2-desktop", "x": 1366, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96,
     "logicalBaseDpi": 96, "dpr": 1},
    {"name": "3-laptop-150", "x": 3286, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96,
     "dpr": 1.5},
    {"name": "4-4k-200", "x": 4566, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "logicalBaseDpi": 96,
     "dpr": 2},
)
if os.environ.setdefault("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    _folder = tempfile.mkdtemp(prefix="gpudesk-screens-")
    atexit.register(shutil.rmtree, _folder, True)
    _config = Path(_folder) / "screens.json"
    _config.write_text(json.dumps({"screens": SCREENS}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_config}"

# Session-scoped fixtures (a shared Catalog, say) are set up before the per-test home below exists, so the whole
# run gets a home of its own first: a catalog opened by a session fixture reads and writes this one, never the
# user's real user_catalog.db (a test that edited the shared catalog once poisoned the real one).
_SESSION_HOME = tempfile.mkdtemp(prefix="gpudesk-test-home-")
os.environ["GPUDESK_HOME"] = _SESSION_HOME
atexit.register(shutil.rmtree, _SESSION_HOME, True)


@pytest.fixture(scope="session")
def _user_homes(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("gpudesk-homes", numbered=False)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(_user_homes, monkeypatch):
    # A folder of its own below the run's base folder, made with mkdtemp: tmp_path_factory.mktemp numbers its
    # folders by listing the whole base folder each time, and a home per test made that listing (and every
    # tmp_path's) grow with each test: 1.65 CPU-s per worker for 1,000 tests (2-core machine, 2026-12-03).
    home = Path(tempfile.mkdtemp(prefix="home-", dir=_user_homes))
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def _allocator_mode_restored():
    """An in-process ``gpudesk estimate``/``report``/``compare`` (tests/cli/test_cli_guards.py) makes the test process
    keep freed memory (``process_heap.keep_freed_memory``), and searches from then on copy no figures into blocks:
    a part of the search memo's key (tests/search_memo.py), so every search the worker had recorded before missed
    for the rest of the run. The mode is put back after each test (glibc's setting stays: it changes no value)."""
    from gpudesk import process_heap

    kept = process_heap._kept
    yield
    process_heap._kept = kept


# Python's cyclic collector took 10% of a test process's CPU: 3.5 of 35 CPU-s on three estimate-heavy modules
# (comparison, China-market plans, search energy ledger; -n 0, timed by gc.callbacks, stop 18), 2.1 s of it in 19
# full collections over every object the process holds (Qt, numpy, catalogs, modules). Collecting after the
# modules are imported, leaving those objects out of later collections (freeze) and collecting less often: 0.8 s.
# Test processes only; the product keeps Python's defaults.
GC_THRESHOLDS = (20_000, 20, 20)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()  # the modules and objects collection made are never garbage: full collections skip them
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(ModuleFixtureGroups(), "gpudesk-module-fixture-groups")
    shipped_reads.install()  # the shipped catalog.db read once per process, whoever opens a Catalog


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):  # type: ignore[no-untyped-def]
    """A test of a module marked ``shared_searches`` reads and fills the process's search memo (tests/search_memo.py)
    from its setup (module fixtures that open a window included) to its teardown."""
    if item.get_closest_marker("shared_searches") is None:
        yield
        return
    with search_memo.shared():
        yield


@pytest.hookimpl(trylast=True)  # after pytest-xdist's worker hook, which suffixes a grouped test's id with its group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    check_slow_marks(items)
    check_xdist_groups_hold(config, items)


@pytest.fixture(scope="session")
def searched_sample():
    """``searched_sample(stem)`` -> (PlanEstimate, Project): a sample plan estimated once per test process on the
    shipped catalog, configuration search and ledger pricing included (what the CLI, the report and the comparison
    read). Shared by every test that asks: read it, never edit it (deep-copy the Project, or estimate a plan of
    your own, to edit one). ``searched_sample.catalog`` is the catalog it was estimated on (a report built from it
    reads the same rows)."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.results.pipeline import estimate_plan

    catalog = Catalog.open(user_db=None)
    estimated: dict[str, tuple[object, object]] = {}

    def get(stem: str) -> tuple[object, object]:
        if stem not in estimated:
            project = load_project(samples_dir() / f"{stem}.gpudesk").project
            with search_memo.recording():  # fresh searches, kept for the modules that share them
                estimated[stem] = (estimate_plan(project, catalog, search=True), project)
        return estimated[stem]

    get.catalog = catalog  # type: ignore[attr-defined]
    yield get
    catalog.close()
