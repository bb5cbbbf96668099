"""Crash safety: a saving process SIGKILLed at many points always leaves the old or the new file, whole.

The worker (kill_save_worker.py) forks a child per trial that saves two
plans alternately onto the target; the test kills it after a random
delay spread over about three save durations, then checks the target is
byte-for-byte one complete version and parses to that plan, and that the
``.bak`` is a complete version too. Leftover temporary files show where a
kill landed mid-write.

The plans are small (two phases of two workloads, 13 KB): a save is then
mostly the atomic write itself (temporary file, fsync, rename), so about
half the kills land mid-write, where a 150 KB plan spent most of each save
serialising and only 8% of 200 kills landed there (16 of 200, at 25 CPU s
against 5).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from project_samples import build_complex_project

from gpudesk.project.atomic_file import TEMP_SUFFIX, backup_path_of
from gpudesk.project.io import dumps_project, load_project, save_project
from gpudesk.project.schema import project_to_dict

REPO = Path(__file__).resolve().parents[2]
KILL_TRIALS = 100

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="kill trials need fork and SIGKILL (POSIX)")


def _worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    return env


def test_save_killed_at_100_points_leaves_a_complete_old_or_new_file(tmp_path):
    """100 kills, each after a random wait of up to three save durations (about 20 ms each): a few seconds."""
    plan_a = build_complex_project(phases=2, workloads=2, measurements=2)
    plan_b = build_complex_project(phases=2, workloads=2, measurements=2)
    plan_b.meta.name = "version B"
    plan_b.phases[1].workloads[1].seq_len = 32768
    bytes_a, bytes_b = dumps_project(plan_a), dumps_project(plan_b)
    assert bytes_a != bytes_b
    dict_a, dict_b = json.loads(bytes_a), json.loads(bytes_b)

    target = tmp_path / "plan.gpudesk"
    started = time.perf_counter()
    save_project(plan_a, target)
    save_s = max(time.perf_counter() - started, 0.002)
    plans = tmp_path / "plans.json"
    plans.write_text(json.dumps({"a": project_to_dict(plan_a), "b": project_to_dict(plan_b)}), encoding="utf-8")

    worker = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("kill_save_worker.py")), str(target), str(plans)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO, env=_worker_env(),
    )
    rng = random.Random(20250601)
    outcomes = {"old": 0, "new": 0}
    mid_write = 0
    try:
        assert worker.stdout.readline().strip() == "ready"
        for trial in range(KILL_TRIALS):
            target.write_bytes(bytes_a)  # the "old" version for this trial
            worker.stdin.write("go\n")
            worker.stdin.flush()
            child = int(worker.stdout.readline())
            time.sleep(rng.uniform(0, 3 * save_s))
            os.kill(child, signal.SIGKILL)
            status = int(worker.stdout.readline().split()[1])
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"trial {trial}: child exited"

            raw = target.read_bytes()
            assert raw in (bytes_a, bytes_b), f"trial {trial}: target is neither complete version ({len(raw)} bytes)"
            assert json.loads(raw) == (dict_a if raw == bytes_a else dict_b)
            outcomes["old" if raw == bytes_a else "new"] += 1
            backup = backup_path_of(target)
            if backup.exists():
                assert backup.read_bytes() in (bytes_a, bytes_b), f"trial {trial}: backup is partial"
            if trial % 20 == 0:
                assert load_project(target).project.meta.name in (plan_a.meta.name, "version B")
            leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(TEMP_SUFFIX)]
            mid_write += bool(leftovers)
            for temp in leftovers:
                temp.unlink()
    finally:
        worker.stdin.close()
        worker.kill()
        worker.wait(timeout=10)
        worker.stdout.close()
    print(f"kill trials: {KILL_TRIALS}, old intact: {outcomes['old']}, new intact: {outcomes['new']}, "
          f"killed mid-write: {mid_write}, save duration {save_s * 1000:.1f} ms")
    assert outcomes["old"] > 0 and outcomes["new"] > 0, outcomes
    assert mid_write > 0, "no kill landed while a temporary file was being written"
