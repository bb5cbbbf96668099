"""Fingerprint of everything that goes into the PyInstaller bundle.

``packaging/build.sh`` writes this fingerprint to ``dist/gpudesk/.build-stamp`` after a
successful build and skips the (minutes-long) PyInstaller run when the fingerprint of the
current tree equals the stamp. The fingerprint covers:

* the packaging inputs (spec, build script, this file, desktop-entry installer),
* every file of the ``gpudesk`` package and of ``resources/`` (catalog sources included, so a
  changed catalog rebuilds ``catalog.db`` and the bundle), and the user guide the Help menu shows,
* the interpreter version and the name/version of every installed distribution
  (PySide6, pyqtgraph, numpy, PyInstaller ...).

Run ``python packaging/bundle_stamp.py`` to print it.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING_FILES = ("gpudesk.spec", "bundle_trim.py", "build.sh", "bundle_stamp.py", "install-desktop-entry.sh")
BUNDLED_DOCS = ("docs/user-guide.md", "docs/user-guide.zh.md")  # copied into the bundle by gpudesk.spec
TREES = ("gpudesk", "resources")
SKIPPED_PARTS = {"__pycache__"}
SKIPPED_SUFFIXES = {".pyc", ".pyo"}


def tree_files(root: Path, trees: Iterable[str] = TREES) -> list[Path]:
    """Files under each of ``trees`` (relative to ``root``), sorted, caches left out."""
    files: list[Path] = []
    for name in trees:
        base = root / name
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if not path.is_file() or path.suffix in SKIPPED_SUFFIXES:
                continue
            if SKIPPED_PARTS.intersection(path.relative_to(root).parts):
                continue
            files.append(path)
    return sorted(files)


def installed_distributions() -> list[str]:
    """``name==version`` of every distribution visible to this interpreter (PEP 503 names), sorted."""
    found = {
        f"{re.sub(r'[-_.]+', '-', dist.metadata['Name'] or '').lower()}=={dist.version}"
        for dist in metadata.distributions()
    }
    return sorted(found)


def bundle_fingerprint(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    digest.update(f"python {sys.version}\n".encode())
    for line in installed_distributions():
        digest.update(f"dist {line}\n".encode())
    inputs = ([root / "packaging" / name for name in PACKAGING_FILES] + [root / doc for doc in BUNDLED_DOCS]
              + tree_files(root))
    for path in inputs:
        digest.update(f"file {path.relative_to(root).as_posix()}\n".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest() if path.is_file() else b"<missing>")
    return digest.hexdigest()


def main() -> int:
    print(bundle_fingerprint())
    return 0


if __name__ == "__main__":
    sys.exit(main())
