"""Blocks of rows that hold a flat batch's figures (``FigureSet.keep_in_blocks`` in core/explain.py)."""

from __future__ import annotations

import numpy as np


class Rows:
    """Rows of one large block for the figures of a flat batch.

    Each figure of a list of 122,880 configurations is a 1 MB array; the allocator takes such arrays from the
    system and the kernel hands their memory over page by page, 256 page faults each, on every call (the step-time
    model's ~50 figures: a third to a half of its CPU time on the development machine). A block of ``BLOCK_ROWS``
    rows is one allocation numpy asks the kernel to back with huge pages (2 MB each: one fault per two rows),
    reserved whole and paid for only as rows are written; a figure copied into a row frees its own array, whose
    memory then serves the next one. A block stays within glibc's largest dynamic mmap threshold (32 MB): freed, it
    raises the threshold to its size, and the next batch's arrays come from the heap glibc then keeps (64 rows of
    122,880, above it, took 20,000 page faults a batch against 10,400 for 32 rows: 184 against 123-132 ms)."""

    BLOCK_ROWS = 64
    BLOCK_BYTES = 32 * 1024 * 1024 - 65536  # DEFAULT_MMAP_THRESHOLD_MAX on 64-bit, less the chunk's overhead

    def __init__(self, length: int) -> None:
        self.shape = (length,)
        self.rows = max(1, min(self.BLOCK_ROWS, self.BLOCK_BYTES // (8 * max(length, 1))))
        self._free: list[np.ndarray] = []

    def keep(self, value: np.ndarray) -> np.ndarray:
        if not self._free:
            self._free.extend(np.empty((self.rows, *self.shape))[::-1])
        row = self._free.pop()
        np.copyto(row, value)
        return row
