"""packaging/bundle_sizes.py: the size table in docs/packaging.md is this script's output, read back exactly.

Whether the table's figures match the bundle is checked where the bundle is built once
(tests/packaging/test_frozen_app.py::test_packaging_doc_size_table_matches_the_bundle).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest


def make_bundle(root: Path, files: dict[str, int]) -> Path:
    for relative, size in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            handle.truncate(size)
    return root


@pytest.mark.parametrize(("relative", "part"), [
    ("_internal/PySide6/Qt/lib/libicudata.so.73", "Qt: ICU (Unicode data, needed by QtCore)"),
    ("_internal/PySide6/Qt/lib/libQt6Gui.so.6", "Qt libraries"),
    ("_internal/PySide6/Qt/plugins/platforms/libqxcb.so", "Qt plugins"),
    ("_internal/PySide6/QtGui.abi3.so", "PySide6 + shiboken6 bindings"),
    ("_internal/numpy.libs/libscipy_openblas64_.so", "numpy: OpenBLAS + Fortran runtime"),
    ("_internal/numpy/_core/_multiarray_umath.so", "numpy"),
    ("_internal/python3.11/lib-dynload/_decimal.so", "Python extension modules (lib-dynload)"),
    ("_internal/libX11.so.6", "system libraries from the build machine"),
    ("_internal/resources/fonts/wqy-microhei.ttc", "CJK font (WenQuanYi Micro Hei)"),
    ("_internal/resources/samples/a.gpudesk", "resources: icons, translations, catalog sources, samples"),
    ("gpudesk", "executable + Python archive (gpudesk, pyqtgraph, numpy, stdlib modules)"),
    ("_internal/somewhere/new.bin", "other"),
])
def test_each_file_falls_in_its_part(bundle_sizes: ModuleType, relative: str, part: str) -> None:
    assert bundle_sizes.part_of(relative) == part


def test_table_is_generated_from_the_files_and_reads_back(bundle_sizes: ModuleType, tmp_path: Path) -> None:
    bundle = make_bundle(tmp_path / "gpudesk", {
        "gpudesk": 3 * 2**20, "_internal/libpython3.11.so.1.0": 6 * 2**20,
        "_internal/PySide6/Qt/lib/libicudata.so.73": 30 * 2**20, "_internal/PySide6/Qt/lib/libQt6Core.so.6": 2**20,
        "_internal/odd.dat": 1000,
    })
    (bundle / "_internal" / "libQt6Core.so.6").symlink_to("PySide6/Qt/lib/libQt6Core.so.6")  # counts nothing
    parts = bundle_sizes.measure(bundle)
    assert [(p.name, p.files) for p in parts][-1] == ("other", 1)
    block = bundle_sizes.render(parts)
    documented = bundle_sizes.parse(block)
    assert documented.total_bytes == 40 * 2**20 + 1000 and documented.files == 5
    assert documented.parts == {"Qt: ICU (Unicode data, needed by QtCore)": 30.0, "libpython": 6.0,
                                "executable + Python archive (gpudesk, pyqtgraph, numpy, stdlib modules)": 3.0,
                                "Qt libraries": 1.0, "other": 0.0}
    lines = block.splitlines()
    assert lines[5].startswith("| Qt: ICU") and lines[-2].startswith("| **total** | 5 | **40.0** |")


def test_a_hand_edited_block_is_rejected(bundle_sizes: ModuleType, tmp_path: Path) -> None:
    block = bundle_sizes.render(bundle_sizes.measure(make_bundle(tmp_path / "b", {"gpudesk": 2**20})))
    for edited in (block.replace("| 1.0 |", "| 1 |", 1), block.replace("MiB | share", "MB | share"),
                   block.replace(bundle_sizes.END, "")):
        with pytest.raises(ValueError):
            bundle_sizes.parse(bundle_sizes.generated_block(edited))


def test_packaging_doc_holds_a_generated_table(bundle_sizes: ModuleType, repo_root: Path) -> None:
    text = (repo_root / "docs" / "packaging.md").read_text(encoding="utf-8")
    documented = bundle_sizes.parse(bundle_sizes.generated_block(text))
    assert documented.total_bytes > 0 and documented.parts
    assert set(documented.parts) <= {name for name, _patterns in bundle_sizes.PARTS} | {bundle_sizes.OTHER}


def test_write_replaces_only_the_generated_block(bundle_sizes: ModuleType, tmp_path: Path) -> None:
    doc = tmp_path / "packaging.md"
    old = bundle_sizes.render(bundle_sizes.measure(make_bundle(tmp_path / "old", {"gpudesk": 2**20})))
    new = bundle_sizes.render(bundle_sizes.measure(make_bundle(tmp_path / "new", {"gpudesk": 5 * 2**20})))
    doc.write_text(f"# Packaging\n\nbefore\n\n{old}\n\nafter\n", encoding="utf-8")
    bundle_sizes.write(doc, new)
    assert doc.read_text(encoding="utf-8") == f"# Packaging\n\nbefore\n\n{new}\n\nafter\n"
