"""The Qt user interface (window, pages, dialogs). Qt is imported only here and in the drawing faces
:mod:`gpudesk.plotting` and :mod:`gpudesk.pdf`; each applies :mod:`gpudesk.plotting.refcount_guard` first,
which keeps PySide6 6.12's reference-count leak on ``None``/``True``/``False`` from aborting the process
on Python 3.11."""

from gpudesk.plotting.refcount_guard import guard_singletons

guard_singletons()
