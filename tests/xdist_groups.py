"""How ``make test`` (pytest-xdist, ``--dist loadgroup``) keeps tests together on one worker.

* A test module whose tests share a module-scoped fixture (a searched plan, the validation corpus, a fuzz runner)
  is one group (the modules reading a helper that keeps estimates per process, :data:`SHARED_HELPERS`, one group
  together), so the fixture is built once per run instead of once per worker: on sixteen such modules the
  CPU time fell from 39.9 to 29.9 s (2-core machine, 2026-12-02). A module that names its own ``xdist_group``
  (the frozen bundle) keeps it. The scheduler hands out the groups first, largest first, then single tests in
  collection order, each worker holding up to three.
* The longest single tests (:data:`LONG_SINGLES`) are collected first, so they go out right after the groups and the
  run ends on short tests: in collection order the window audit's cases (4-13 CPU-s each) came last, and a worker
  left holding two or three of them kept the run going while the other had finished.
* :func:`check_xdist_groups_hold` fails the run when the groups are lost (see there).
"""

from __future__ import annotations

import pytest

LONG_SINGLES = (
    "tests/ui/test_window_fits.py::",  # 22 cases, 4-13 CPU-s each (2-core machine, load 8, 2026-12-02)
    "tests/fuzz/test_fuzz_short.py::",  # 9.8
    "tests/ui/test_every_dialog.py::",  # 7.7 for the longest
    "tests/ui/test_window_churn.py::",  # 6.5
)
"""Node-id prefixes of the single tests that take longest, collected first (see the module's note)."""

SHARED_HELPERS = ("report_samples",)
"""Helper modules that keep estimates for the life of a test process (``report_samples``: the training and roadmap
plans, each estimated and searched once per process): the test modules that read one are a group of that name, so
those estimates are made on one worker, not on each (about 4 CPU-s on the five report modules)."""


class ModuleFixtureGroups:
    """A pytest plugin: marks the tests of each module that has a module-scoped fixture with that module's group,
    and collects the longest single tests first."""

    @pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker hook turns the marks into test-id suffixes
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if not getattr(config.option, "loadgroup", False):
            return
        for item in items:
            if item.get_closest_marker("xdist_group") is not None:
                continue
            helper = shared_helper(item)
            if helper:
                item.add_marker(pytest.mark.xdist_group(helper))
                continue
            info = getattr(item, "_fixtureinfo", None)
            definitions = info.name2fixturedefs.values() if info is not None else ()
            if any(d.scope == "module" for defs in definitions for d in defs):
                item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
        items.sort(key=lambda item: not item.nodeid.startswith(LONG_SINGLES))  # stable: the rest keep their order


def shared_helper(item: pytest.Item) -> str:
    """The :data:`SHARED_HELPERS` module the test's module reads from ("" for none)."""
    module = getattr(item, "module", None)
    names = {getattr(value, "__module__", None) for value in vars(module).values()} if module is not None else set()
    return next((helper for helper in SHARED_HELPERS if helper in names), "")


def check_xdist_groups_hold(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (make test) every ``xdist_group`` test must reach the scheduler as one unit.

    pytest-xdist tells its scheduler a test's group by appending ``@group`` to the test id in the worker; pytest 9.2
    made that edit a silent no-op (pytest-dev/pytest-xdist#1386), and the frozen-bundle tests then ran on both
    workers, the second waiting a whole PyInstaller build on the first. Fail the run instead of losing groups."""
    if not getattr(config.option, "loadgroup", False):
        return
    lost = [item.nodeid for item in items
            if item.get_closest_marker("xdist_group") is not None and "@" not in item.nodeid.rpartition("]")[2]]
    if lost:
        raise pytest.UsageError(
            f"--dist loadgroup lost the xdist_group of {len(lost)} tests (first: {lost[0]}); pytest "
            f"{pytest.__version__} with this pytest-xdist does not keep groups: see the pytest pin in pyproject.toml")
