"""Work around PySide6 6.12.0 releasing references it never took.

On Python 3.11, every PySide6 6.12.0 call that returns ``None``
(``QWidget.resize``, ``QPainter.setPen``, …) or a bool decrements the
reference count of that singleton once too often; after a few thousand
calls CPython aborts with "Fatal Python error: none_dealloc". Python 3.12
made these singletons immortal (PEP 683), so it is unaffected. Here we
give the three singletons a reference count so large that the leak can
never reach zero — the same effect PEP 683 has — on CPython < 3.12 only.
``tests/ui/test_refcount_guard.py`` reproduces the abort without the guard.
"""

from __future__ import annotations

import ctypes
import platform
import sys

_PADDING = 1 << 40  # ~10^12 leaked references before any risk
_applied = False


def needs_guard() -> bool:
    return platform.python_implementation() == "CPython" and sys.version_info < (3, 12)


def guard_singletons() -> bool:
    """Pad the refcounts of None, True and False once; returns whether it was applied."""
    global _applied
    if _applied or not needs_guard():
        return _applied
    for singleton in (None, True, False):
        # ob_refcnt is the first field of every CPython object header.
        ctypes.c_ssize_t.from_address(id(singleton)).value += _PADDING
    _applied = True
    return True
