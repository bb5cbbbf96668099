"""Build the PyInstaller bundle and drive the frozen executable offscreen.

``packaging/build.sh`` reuses dist/gpudesk/ when its ``.build-stamp`` matches the current inputs,
so only the first run after a change pays for the build (about 30 s on 2 cores).
"""

from __future__ import annotations

import fcntl
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

# One worker builds and drives the bundle: the module fixture writes dist/gpudesk/ in the checkout, so two
# pytest-xdist workers must never build it at once (make test runs with --dist loadgroup). The scheduler hands out
# groups before single tests, so the build starts early and overlaps the other worker's tests; tests/xdist_groups.py
# fails the run if the group is lost (pytest 9.2 dropped it silently and the second worker sat out the build).
pytestmark = [pytest.mark.slow(reason="builds the PyInstaller bundle (PyInstaller analysis and copying about 200 MB) "
                                        "unless dist/gpudesk/ is current"),
              pytest.mark.xdist_group("frozen-bundle")]

BUILD_TIMEOUT_S = 600
RUN_TIMEOUT_S = 120
SIZE_LIMIT_BYTES = 180 * 1024 * 1024  # issue 24: <= 180 MB (MiB, as the earlier 250 MB limit)
DOC_TOLERANCE_MIB = 1.0  # a documented part may differ by this much (or 5 %) before the table must be regenerated
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def bundle(repo_root: Path) -> Path:
    env = dict(os.environ, GPUDESK_PYTHON=sys.executable)
    # Processes that build here go one after the other: the first builds, the next finds the stamp current and
    # reuses the bundle. (Two builds at once into dist/ corrupted it on a fresh checkout when the xdist_group mark
    # was lost; a second `make test` in the same checkout, or a plain run beside one, still needs the lock.)
    (repo_root / "dist").mkdir(exist_ok=True)
    with open(repo_root / "dist" / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = run_build(["bash", str(repo_root / "packaging" / "build.sh")], repo_root, env)
    assert done.returncode == 0, f"packaging/build.sh failed:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    folder = repo_root / "dist" / "gpudesk"
    assert (folder / "gpudesk").is_file() and os.access(folder / "gpudesk", os.X_OK)
    return folder


def run_build(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """``command`` in a session of its own; past :data:`BUILD_TIMEOUT_S` the whole session is killed, PyInstaller
    included (``subprocess.run``'s timeout killed bash alone: at load 9 the PyInstaller it had started went on
    building into dist/ for minutes after the test had given up, beside the rest of the run)."""
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as build:
        try:
            out, err = build.communicate(timeout=BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(build.pid, signal.SIGKILL)
            build.communicate()
            raise
    return subprocess.CompletedProcess(command, build.returncode, out, err)


@pytest.fixture(scope="module")
def bundled_samples(bundle: Path) -> list[Path]:
    samples = sorted((bundle / "_internal" / "resources" / "samples").glob("*.gpudesk"))
    assert samples, "no sample plans in the bundle: resources/samples/*.gpudesk must exist before building"
    return samples


@pytest.fixture(scope="module")
def small_sample(bundled_samples: list[Path]) -> Path:
    """The bundled sample the window and the report smoke checks open: the manufacturer's (the shortest
    proposal: its report 1.5 CPU-s against the bank sample's 2.6 on the development machine); every sample is read
    by the frozen estimate."""
    return next(p for p in bundled_samples if p.stem == "manufacturer-vision-private")


def run_frozen(bundle: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GPUDESK_HOME=str(tmp_path / "home"))
    env.pop("PYTHONPATH", None)  # the bundle must not lean on the source tree
    return subprocess.run(
        [str(bundle / "gpudesk"), *args],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False,
    )


def archived_modules(executable: Path) -> set[str]:
    """Python modules inside the executable's PYZ archive (PyInstaller's archive viewer)."""
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "-r", "-b", str(executable)],
        capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=True,
    )
    return {line.strip() for line in done.stdout.splitlines() if line.strip()}


def test_frozen_version(bundle: Path, repo_root: Path, tmp_path: Path) -> None:
    namespace: dict[str, str] = {}
    exec((repo_root / "gpudesk" / "_version.py").read_text(encoding="utf-8"), namespace)
    done = run_frozen(bundle, tmp_path, "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"gpudesk {namespace['__version__']}"


def test_frozen_app_opens_a_sample_and_saves_a_screenshot(bundle: Path, small_sample: Path, tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    done = run_frozen(bundle, tmp_path, str(small_sample), "--lang", "zh", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr[-4000:]
    data = shot.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width >= 400 and height >= 300, (width, height)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_frozen_report_writes_a_proposal_pdf(bundle: Path, small_sample: Path, tmp_path: Path, lang: str) -> None:
    pdf = tmp_path / f"proposal-{lang}.pdf"
    done = run_frozen(bundle, tmp_path, "report", str(small_sample), "-o", str(pdf), "--lang", lang)
    assert done.returncode == 0, done.stderr[-4000:]
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    assert pages >= 1


def test_frozen_estimate_reads_every_sample(bundle: Path, bundled_samples: list[Path], tmp_path: Path) -> None:
    for sample in bundled_samples:
        done = run_frozen(bundle, tmp_path, "estimate", str(sample), "--json")
        assert done.returncode == 0, f"{sample.name}: {done.stderr[-2000:]}"
        assert done.stdout.lstrip().startswith("{"), sample.name


def test_bundle_size_within_limit(bundle: Path) -> None:
    total = sum(p.lstat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    assert total <= SIZE_LIMIT_BYTES, f"bundle is {total / 2**20:.0f} MiB, limit {SIZE_LIMIT_BYTES / 2**20:.0f} MiB"
    # issue 24 states the limit as 180 MB: hold the decimal reading too (the bundle had reached 180.8 MB unnoticed)
    assert total <= 180 * 10**6, f"bundle is {total / 1e6:.1f} MB (10^6 bytes), over the 180 MB of issue 24"
    assert not (bundle / "_internal" / "numpy" / "random").exists(), "numpy.random is left out (packaging/gpudesk.spec)"


def test_bundle_is_trimmed(bundle: Path, bundle_trim: ModuleType) -> None:
    internal = bundle / "_internal"
    left = {p.name for p in internal.rglob("*.so*")}
    for name in ("libQt6Network.so.6", "libQt6EglFSDeviceIntegration.so.6", "libQt6EglFsKmsSupport.so.6",
                 "libssl.so.3", "libcrypto.so.3", "libcups.so.2", "libgnutls.so.30", "libdbus-1.so.3"):
        assert name not in left, f"{name} should not be bundled (packaging/gpudesk.spec, trim_binaries)"
    dynload = {p.name.split(".")[0] for p in internal.glob("python3*/lib-dynload/*.so")}
    assert not dynload & {"_ssl", "_hashlib", "readline"}, sorted(dynload & {"_ssl", "_hashlib", "readline"})
    assert next(internal.glob("libpython3*.so*"), None) is not None
    with_debug = [p.relative_to(internal).as_posix() for p in internal.rglob("*.so*")
                  if p.is_file() and not p.is_symlink() and bundle_trim.has_debug_info(p)]
    assert not with_debug, f"debug sections left (packaging/bundle_trim.py strip_debug_copies): {with_debug}"
    assert not [p for p in bundle.rglob("*") if p.is_symlink() and not p.exists()], "dangling links in the bundle"


def test_packaging_doc_size_table_matches_the_bundle(bundle: Path, bundle_sizes: ModuleType, repo_root: Path) -> None:
    """docs/packaging.md's table is `packaging/bundle_sizes.py --write` output for a bundle like this one."""
    documented = bundle_sizes.parse(bundle_sizes.generated_block(
        (repo_root / "docs" / "packaging.md").read_text(encoding="utf-8")))
    measured = {part.name: part.size / 2**20 for part in bundle_sizes.measure(bundle)}
    regenerate = "regenerate it: packaging/build.sh && python packaging/bundle_sizes.py --write"
    assert set(documented.parts) == set(measured), f"docs/packaging.md lists other parts than the bundle; {regenerate}"
    for name, mib in measured.items():
        assert abs(documented.parts[name] - mib) <= max(DOC_TOLERANCE_MIB, 0.05 * mib), \
            f"{name}: documented {documented.parts[name]} MiB, bundle {mib:.1f} MiB; {regenerate}"
    total = sum(measured.values())
    assert abs(documented.total_bytes / 2**20 - total) <= max(DOC_TOLERANCE_MIB, 0.02 * total), regenerate


def test_bundle_leaves_out_unused_qt(bundle: Path, repo_root: Path) -> None:
    internal = bundle / "_internal"
    qt = internal / "PySide6"
    for module in ("QtWebEngineCore", "QtQml", "QtQuick", "QtNetwork", "QtSql", "QtTest", "QtDesigner", "QtDBus"):
        assert not list(qt.glob(f"{module}.*")), f"PySide6.{module} should be excluded"
    for module in ("QtCore", "QtGui", "QtWidgets", "QtOpenGL", "QtOpenGLWidgets", "QtPrintSupport", "QtSvg"):
        assert list(qt.glob(f"{module}.*")), f"PySide6.{module} is needed"
    plugins = qt / "Qt" / "plugins"
    assert (plugins / "platforms" / "libqxcb.so").is_file() and (plugins / "platforms" / "libqoffscreen.so").is_file()
    assert not (plugins / "platforms" / "libqvnc.so").exists()
    assert not (plugins / "sqldrivers").exists() and not (plugins / "qmltooling").exists()
    translations = {p.name for p in (qt / "Qt" / "translations").glob("*.qm")}
    assert "qtbase_zh_CN.qm" in translations
    assert all(name.endswith(("_zh_CN.qm", "_en.qm")) for name in translations), sorted(translations)
    archived = archived_modules(bundle / "gpudesk")
    assert "gpudesk.ui.app" in archived and "pyqtgraph" in archived
    # every module of the package (the spec lists them from gpudesk's folders: imports reached only by name too)
    modules = {".".join(p.relative_to(repo_root).with_suffix("").parts).removesuffix(".__init__")
               for p in (repo_root / "gpudesk").rglob("*.py")}
    assert not modules - archived, sorted(modules - archived)[:10]
    for name in ("tkinter", "matplotlib", "scipy", "pytest", "_pytest", "hypothesis", "PyQt5", "IPython"):
        leaked = sorted(m for m in archived if m == name or m.startswith(name + "."))
        assert not leaked and not (internal / name).exists(), f"{name} should be excluded: {leaked[:5]}"
    assert (internal / "catalog.db").is_file()
    assert (internal / "resources" / "fonts" / "wqy-microhei.ttc").is_file()
    assert (bundle / "install-desktop-entry.sh").is_file()


def test_bundle_carries_what_the_help_menu_and_the_chinese_explain_panel_read(bundle: Path) -> None:
    internal = bundle / "_internal"
    for guide in ("user-guide.md", "user-guide.zh.md"):
        assert (internal / "docs" / guide).is_file(), f"Help -> User guide needs docs/{guide} in the bundle"
    for table in ("formulas_zh.toml", "formulas_en.toml", "sources_zh.toml", "figures_zh.toml", "report_zh.toml",
                  "checks_zh.toml", "gpudesk_zh_CN.qm"):
        assert (internal / "resources" / "i18n" / table).is_file(), table
