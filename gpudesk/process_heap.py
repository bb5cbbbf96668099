"""Keep freed memory in the processes that run the configuration search, so the next batch reuses it.

The vectorised chain (memory estimate, step time, scaling) holds dozens of arrays of its batch's length at once, about
1 MB each for a batch of 122,880 configurations. glibc's allocator gives such blocks back to the system when they are
freed (``free`` trims the heap's top above 128 KB and unmaps blocks it mapped), and the kernel hands the same memory
over again page by page on the next batch: 2-4 us of system time per 4 KB page, 30-55 % of the chain's CPU time
(benchmarks/README.md, issue 24 part 8). :func:`keep_freed_memory` tells glibc, through ``mallopt(3)``, to serve
blocks up to 32 MB from its heap and to keep up to 128 MB of freed memory at the heap's top: the next batch takes the
same pages back without a fault. Only the allocator's bookkeeping changes; no value computed changes.

Called at the start of the headless commands that run the search (``gpudesk estimate``, ``report``, ``compare``);
their forked search workers (``results.search_workers``) inherit it. Not in the desktop app: its resident memory is
held under 250 MB, and a window keeps running for hours; and its searches call the chain with at most ~1,500
configurations at a time (arrays of 12 KB, which glibc's defaults already serve from the heap), where the setting was
measured to save nothing (benchmarks/README.md, issue 24 part 11). Does nothing off Linux/glibc (another libc has no
``mallopt`` with these parameters) or where the user set any ``MALLOC_*_`` variable: an explicit setting wins.
"""

from __future__ import annotations

import ctypes
import os
import sys

# mallopt(3) parameter numbers, from glibc's <malloc.h> (stable since glibc 2.0)
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3

MMAP_THRESHOLD = 32 * 1024 * 1024  # glibc's own largest dynamic threshold on 64-bit (DEFAULT_MMAP_THRESHOLD_MAX)
# What the heap keeps at its top when memory is freed: measured on bench_core's flat chain (122,880 configurations),
# 64 MB left 18,282 page faults a batch (the chain's peak of freed memory is above it), 128 MB left 268 (of a block
# numpy maps on its own above the mmap threshold).
TRIM_THRESHOLD = 128 * 1024 * 1024

_kept = False  # set once keep_freed_memory succeeded in this process (inherited by its forks)

_ENV_SETTINGS = ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_ARENA_MAX")


def keep_freed_memory() -> bool:
    """Ask glibc to keep freed memory for reuse (see the module's text); True when it was set."""
    if not sys.platform.startswith("linux") or any(name in os.environ for name in _ENV_SETTINGS):
        return False
    try:
        if not (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc"):
            return False
    except (ValueError, OSError, AttributeError):  # not glibc: no such name
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # mallopt returns 1 on success; setting either ends glibc's dynamic choice of both, so both are set
    global _kept
    _kept = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    return _kept


def freed_memory_kept() -> bool:
    """Whether this process keeps freed memory (:func:`keep_freed_memory` succeeded here or in the process it
    was forked from): a batch's new arrays then take back pages the last one freed, without page faults, and the
    core no longer copies a flat batch's figures into blocks to avoid them (``explain.Rows``)."""
    return _kept
