"""The shipped catalog read from its file once per test process (issue 24's 5-minute suite).

``Catalog.open`` reads every table of the shipped ``catalog.db`` into frozen records (``store._read_shipped``):
about 28 ms of CPU each time, and the tests open a catalog of their own in many places (a fixture per module, a
catalog per test of the browser, the CLI run in-process). A ``Catalog`` never changes what it read (it copies the
tables before laying the user's rows over them, and its records are frozen), so the tests' catalogs share one read
of each file: keyed on the file's path, size and modification time (a catalog rebuilt in place is read again), a
missing or unreadable file read as before (its error is never kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

_reads: dict[tuple[str, int, int], Any] = {}
stats = {"reads": 0, "shared": 0}


def install() -> None:
    """Wrap ``gpudesk.catalog.store._read_shipped`` (once per process)."""
    from gpudesk.catalog import store

    original = store._read_shipped
    if getattr(original, "shared_reads", False):
        return

    def read(path: Path) -> Any:
        try:
            stat = Path(path).stat()
        except OSError:
            return original(path)  # its own error, as before
        key = (str(Path(path).resolve()), stat.st_size, stat.st_mtime_ns)
        kept = _reads.get(key)
        if kept is not None:
            stats["shared"] += 1
            return kept
        kept = original(path)
        stats["reads"] += 1
        _reads[key] = kept
        return kept

    read.shared_reads = True  # type: ignore[attr-defined]
    store._read_shipped = read
