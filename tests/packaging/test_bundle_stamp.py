"""The build fingerprint that lets packaging/build.sh reuse an unchanged bundle."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType


def make_tree(root: Path) -> Path:
    (root / "packaging").mkdir(parents=True)
    for name in ("gpudesk.spec", "build.sh", "bundle_stamp.py", "install-desktop-entry.sh"):
        (root / "packaging" / name).write_text(f"# {name}\n", encoding="utf-8")
    (root / "gpudesk" / "ui").mkdir(parents=True)
    (root / "gpudesk" / "ui" / "app.py").write_text("print('app')\n", encoding="utf-8")
    (root / "resources" / "samples").mkdir(parents=True)
    (root / "resources" / "samples" / "a.gpudesk").write_text("{}", encoding="utf-8")
    return root


def test_fingerprint_is_stable_and_ignores_byte_code(bundle_stamp: ModuleType, tmp_path: Path) -> None:
    root = make_tree(tmp_path / "tree")
    first = bundle_stamp.bundle_fingerprint(root)
    cache = root / "gpudesk" / "ui" / "__pycache__"
    cache.mkdir()
    (cache / "app.cpython-311.pyc").write_bytes(b"\x00\x01")
    assert bundle_stamp.bundle_fingerprint(root) == first
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    shutil.rmtree(copy / "gpudesk" / "ui" / "__pycache__")
    assert bundle_stamp.bundle_fingerprint(copy) == first


def test_fingerprint_changes_with_every_input(bundle_stamp: ModuleType, tmp_path: Path) -> None:
    root = make_tree(tmp_path / "tree")
    seen = {bundle_stamp.bundle_fingerprint(root)}
    edits = [
        lambda: (root / "gpudesk" / "ui" / "app.py").write_text("print('changed')\n", encoding="utf-8"),
        lambda: (root / "resources" / "samples" / "b.gpudesk").write_text("{}", encoding="utf-8"),
        lambda: (root / "packaging" / "gpudesk.spec").write_text("# changed\n", encoding="utf-8"),
        lambda: (root / "resources" / "samples" / "a.gpudesk").rename(root / "resources" / "samples" / "c.gpudesk"),
    ]
    for edit in edits:
        edit()
        stamp = bundle_stamp.bundle_fingerprint(root)
        assert stamp not in seen
        seen.add(stamp)


def test_fingerprint_covers_the_installed_toolchain(bundle_stamp: ModuleType) -> None:
    names = {line.split("==")[0] for line in bundle_stamp.installed_distributions()}
    assert {"pyside6-essentials", "pyqtgraph", "numpy"} <= names
