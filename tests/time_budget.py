"""The suite's time budget: no test over 15 s without a written reason (issue 22), measured in CPU seconds.

A test that needs longer says why with ``@pytest.mark.slow(reason="...")``; a ``slow`` mark without a reason is a
collection error. Every test's CPU time (its own process plus the processes it started and waited for) is
measured where it runs (in the pytest-xdist worker) and sent to the controller with the test's report; the
terminal summary lists any test over the budget that gives no reason. CPU seconds, not wall seconds, because the
suite often shares a loaded machine where a wall clock counts other people's work (a test that mostly waits
is slow in wall time only and says so in its reason). ``GPUDESK_TEST_BUDGET=strict`` turns
the list into a failure, for a run on a quiet machine.
"""

from __future__ import annotations

import os
import resource

import pytest

BUDGET_S = 15.0
_CPU_KEY = "cpu_s"
_started: dict[str, float] = {}
_over: list[tuple[float, str]] = []


def _cpu_now() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def check_slow_marks(items: list[pytest.Item]) -> None:
    """Every ``slow`` mark carries its reason."""
    bare = [item.nodeid for item in items
            for mark in item.iter_markers("slow") if not str(mark.kwargs.get("reason", "")).strip()]
    if bare:
        raise pytest.UsageError("@pytest.mark.slow needs reason='why this test may take over "
                                f"{BUDGET_S:.0f} s': " + ", ".join(sorted(set(bare))))


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    _started[nodeid] = _cpu_now()  # before setup: a fixture's cost counts to the first test that needs it


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    outcome = yield
    if call.when == "teardown" and item.nodeid in _started:
        spent = _cpu_now() - _started.pop(item.nodeid)
        outcome.get_result().user_properties.append((_CPU_KEY, round(spent, 2)))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Runs in the controller (and in a plain run): keep the tests over budget that give no reason."""
    if report.when != "teardown":
        return
    spent = dict(report.user_properties).get(_CPU_KEY)
    if spent is not None and spent > BUDGET_S and "slow" not in report.keywords:
        _over.append((spent, report.nodeid))


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if not _over or hasattr(config, "workerinput"):
        return
    terminalreporter.section(f"tests over {BUDGET_S:.0f} CPU seconds without @pytest.mark.slow(reason=...)")
    for spent, nodeid in sorted(_over, reverse=True):
        terminalreporter.write_line(f"{spent:7.1f} s  {nodeid}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _over and os.environ.get("GPUDESK_TEST_BUDGET") == "strict" and not hasattr(session.config, "workerinput"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
