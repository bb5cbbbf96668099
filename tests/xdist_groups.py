"""How ``make test`` (pytest-xdist, ``--dist loadgroup``) keeps tests together on one worker.

* A test module whose tests share a module-scoped fixture (a searched plan, the validation corpus, a fuzz runner)
  is one group, so the fixture is built once per run instead of once per worker: on sixteen such modules the
  CPU time fell from 39.9 to 29.9 s (2-core machine, 2026-12-02). A module that names its own ``xdist_group``
  (the frozen bundle) keeps it. The scheduler hands out the groups first, largest first, then single tests.
* :func:`check_xdist_groups_hold` fails the run when the groups are lost (see there).
"""

from __future__ import annotations

import pytest


class ModuleFixtureGroups:
    """A pytest plugin: marks the tests of each module that has a module-scoped fixture with that module's group."""

    @pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker hook turns the marks into test-id suffixes
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if not getattr(config.option, "loadgroup", False):
            return
        for item in items:
            if item.get_closest_marker("xdist_group") is not None:
                continue
            info = getattr(item, "_fixtureinfo", None)
            definitions = info.name2fixturedefs.values() if info is not None else ()
            if any(d.scope == "module" for defs in definitions for d in defs):
                item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


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
