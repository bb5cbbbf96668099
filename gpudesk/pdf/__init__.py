"""The PDF face: proposals and comparisons painted with Qt (QPdfWriter) for the CLI and the window.

Applies the PySide6 6.12 reference-count guard before any Qt call (the CLI reaches Qt only through here).
"""

from gpudesk.plotting.refcount_guard import guard_singletons

guard_singletons()
