"""The allocator setting the search processes make (gpudesk/process_heap.py): made by the commands that search,
not by the others, and it does what it is for: a batch's arrays freed and made again take back the same memory
instead of faulting fresh pages in (what cost 30-55 % of the flat chain's CPU time, issue 24)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gpudesk.cli import main as cli_main

# A batch of forty 1 MB arrays made, freed and made again; prints the page faults of the second round
_ROUND = r"""
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from gpudesk.process_heap import freed_memory_kept, keep_freed_memory
    assert not freed_memory_kept() and keep_freed_memory() and freed_memory_kept()
def batch():
    arrays = [np.ones(131072) for _ in range(40)]
    return sum(float(a[0]) for a in arrays)
batch()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
batch()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> int:
    env = {"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"}  # no MALLOC_* variable of the caller's
    out = subprocess.run([sys.executable, "-c", _ROUND, mode], capture_output=True, text=True, check=True, env=env)
    return int(out.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt: Linux only")
def test_freed_memory_is_taken_back_without_page_faults() -> None:
    kept, default = _faults("keep"), _faults("default")
    assert default > 40 * 200  # glibc's defaults give the 40 MB back to the system: ~256 faults per array
    assert kept < 200


def test_an_explicit_allocator_setting_of_the_user_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpudesk import process_heap

    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "131072")
    assert process_heap.keep_freed_memory() is False


@pytest.mark.parametrize(("args", "made"), [(["estimate"], True), (["report"], True), (["compare"], True),
                                            (["catalog", "--no-such-option"], False)])
def test_only_the_commands_that_search_make_it(monkeypatch: pytest.MonkeyPatch, args: list[str], made: bool) -> None:
    from gpudesk import process_heap

    calls: list[bool] = []
    monkeypatch.setattr(process_heap, "keep_freed_memory", lambda: calls.append(True) or True)
    assert cli_main.main(args) == 2  # a usage error (no plan given): the setting comes first
    assert bool(calls) is made
