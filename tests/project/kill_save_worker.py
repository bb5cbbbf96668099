"""Helper process for the kill trials (run by test_project_kill.py, not collected by pytest).

It reads two plans, prints ``ready``, then for every ``go`` line on stdin
forks a child that saves the plans alternately (B, A, B, …) onto the
target as fast as it can, prints the child's pid, waits for the test to
SIGKILL it and prints ``dead <wait status>``. Forking from this warm
process makes hundreds of kills affordable; each child is a real process
killed by a real SIGKILL.
"""

from __future__ import annotations

import json
import os
import sys

from gpudesk.project.io import save_project
from gpudesk.project.schema import project_from_dict


def main() -> None:
    target, plans_path = sys.argv[1], sys.argv[2]
    with open(plans_path, encoding="utf-8") as handle:
        plans = json.load(handle)
    first, second = project_from_dict(plans["a"]), project_from_dict(plans["b"])
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() != "go":
            break
        pid = os.fork()
        if pid == 0:
            turn = 0
            while True:
                save_project(second if turn % 2 == 0 else first, target)
                turn += 1
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"dead {status}", flush=True)


if __name__ == "__main__":
    main()
