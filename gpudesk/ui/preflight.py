"""Check that Qt can start here; name any missing system library and its package.

Run by ``make run`` and ``make test`` before Qt is imported, so a fresh
machine gets "install libegl1" rather than a cryptic plugin error.
Imports nothing from Qt itself: it inspects the shared libraries with ``ldd``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

# Shared library -> Debian package that provides it.
DEBIAN_PACKAGES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
    "libgssapi_krb5.so.2": "libgssapi-krb5-2",
}


def _pyside_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def missing_libraries(offscreen: bool) -> list[str]:
    base = _pyside_dir()
    if base is None or not shutil.which("ldd"):
        return []
    candidates = [base / "Qt" / "lib" / "libQt6Gui.so.6", base / "Qt" / "lib" / "libQt6Widgets.so.6"]
    plugin = "libqoffscreen.so" if offscreen else "libqxcb.so"
    candidates.append(base / "Qt" / "plugins" / "platforms" / plugin)
    if not offscreen:
        candidates.append(base / "Qt" / "lib" / "libQt6XcbQpa.so.6")
    missing: set[str] = set()
    for lib in candidates:
        if not lib.exists():
            continue
        out = subprocess.run(["ldd", str(lib)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "not found" in line:
                missing.add(line.split("=>")[0].strip())
    return sorted(missing)


def report(offscreen: bool) -> list[str]:
    problems = []
    if _pyside_dir() is None:
        problems.append("PySide6 is not installed in this environment: run `make venv`.")
        return problems
    missing = missing_libraries(offscreen)
    if missing:
        packages = sorted({DEBIAN_PACKAGES.get(lib, "?") for lib in missing})
        known = [p for p in packages if p != "?"]
        problems.append(
            "Qt needs system libraries that are missing: " + ", ".join(missing)
            + (f". Install them with: sudo apt-get install {' '.join(known)}" if known else "")
        )
    on_screen = not offscreen and not os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
    if on_screen and sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        problems.append(
            "No display found (DISPLAY and WAYLAND_DISPLAY are unset). Run on a desktop, under "
            "`xvfb-run make run`, or with QT_QPA_PLATFORM=offscreen for a headless check."
        )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--offscreen", action="store_true", help="check the offscreen platform only")
    args = parser.parse_args(argv)
    offscreen = args.offscreen or os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen")
    problems = report(offscreen)
    for problem in problems:
        print(f"gpudesk preflight: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
