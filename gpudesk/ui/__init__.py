"""The Qt user interface: the only package that imports PySide6 and pyqtgraph.

Importing it first applies :mod:`gpudesk.ui.refcount_guard`, which keeps
PySide6 6.12's reference-count leak on ``None``/``True``/``False`` from
aborting the process on Python 3.11.
"""

from gpudesk.ui.refcount_guard import guard_singletons

guard_singletons()
