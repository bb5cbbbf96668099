"""One-line failures for the headless commands (exit status 2, no traceback)."""

from __future__ import annotations

from typing import TextIO


def fail(err: TextIO, reason: str) -> int:
    line = " ".join(str(reason).split())
    print(f"gpudesk: {line}", file=err)
    return 2
