"""PySide6 6.12.0 leaks references to None; the guard keeps the process alive."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gpudesk.plotting.refcount_guard import needs_guard

LOOP = """
import sys{guard}
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
w, c = QWidget(), QColor()
before = sys.getrefcount(None)
for _ in range(20000):
    w.resize(100, 100)
    c.setRgb(1, 2, 3)
print("leaked", before - sys.getrefcount(None))
"""


@pytest.mark.skipif(not needs_guard(), reason="Python >= 3.12 has immortal None (PEP 683); nothing to guard")
def test_without_guard_the_leak_is_real_and_with_it_the_process_survives():
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    bare = subprocess.run([sys.executable, "-c", LOOP.format(guard="")], capture_output=True, text=True, env=env)
    assert bare.returncode != 0 and "dealloc" in bare.stderr, "PySide6 no longer leaks: the guard may be removed"
    guarded = subprocess.run(
        [sys.executable, "-c", LOOP.format(guard="\nimport gpudesk.ui")], capture_output=True, text=True, env=env
    )
    assert guarded.returncode == 0, guarded.stderr[-2000:]
    leaked = int(guarded.stdout.split("leaked", 1)[1].split()[0])
    assert leaked > 30000, guarded.stdout  # ~40,000 lost references, and the process still exited cleanly


@pytest.mark.skipif(not needs_guard(), reason="Python >= 3.12 has immortal None (PEP 683); nothing to guard")
@pytest.mark.parametrize("face", ["gpudesk.plotting", "gpudesk.pdf", "gpudesk.ui"])
def test_every_face_that_reaches_qt_applies_the_guard(face):
    """The CLI draws PDFs through gpudesk.pdf without importing gpudesk.ui: that path must be guarded too."""
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", LOOP.format(guard=f"\nimport {face}")], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
