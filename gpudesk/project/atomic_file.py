"""Atomic, verified file replacement for plan files (the implementation is ``gpudesk/atomic_files.py``)."""

from __future__ import annotations

from gpudesk.atomic_files import (
    TEMP_SUFFIX,
    VerificationError,
    atomic_write_bytes,
    backup_path_of,
    clean_stale_staging,
    fsync_directory,
    real_target,
    staged_output,
    verify_bytes,
)

__all__ = ["TEMP_SUFFIX", "VerificationError", "atomic_write_bytes", "backup_path_of", "clean_stale_staging",
           "fsync_directory", "real_target", "staged_output", "verify_bytes"]
