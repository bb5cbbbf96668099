"""One-line failures for the headless commands (exit status 2, no traceback)."""

from __future__ import annotations

import sys


def fail(reason: str) -> int:
    line = " ".join(str(reason).split())
    print(f"gpudesk: {line}", file=sys.stderr)
    return 2
